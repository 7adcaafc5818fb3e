import Chip from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { isRequestStatus } from '../api/purchaseRequests';
import { approvalsMessages } from '../messages';
import { REQUEST_STATUS_COLOR, REQUEST_STATUS_LABEL } from '../approvalTexts';

/** A request's status as a small coloured chip, translated by value; a status the overlay does not know is shown as sent. */
export function RequestStatusChip({ status }: { status: string }) {
  const t = useMessages(approvalsMessages);
  if (!isRequestStatus(status)) return <Chip size="small" variant="outlined" label={status} />;
  const closed = status === 'withdrawn' || status === 'expired';
  return (
    <Chip
      size="small"
      color={REQUEST_STATUS_COLOR[status]}
      variant={closed ? 'outlined' : 'filled'}
      label={t(REQUEST_STATUS_LABEL[status])}
      data-status={status}
    />
  );
}
