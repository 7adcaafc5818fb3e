import Chip from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { approvalsMessages } from '../messages';

/** A rule or budget of a unit above the caller's: it applies to them, but only that unit's managers change it. */
export function InheritedChip({ companyName }: { companyName: string }) {
  const t = useMessages(approvalsMessages);
  return <Chip size="small" variant="outlined" label={t('approvals.inherited', { company: companyName })} title={t('approvals.inheritedHint')} />;
}
