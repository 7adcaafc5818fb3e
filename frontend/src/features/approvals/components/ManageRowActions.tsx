import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { approvalsMessages } from '../messages';

const Actions = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'nowrap', gap: theme.spacing(1) }));

/** Edit and Delete of a rule or budget the caller may change; "Read-only" for one of a unit above. */
export function ManageRowActions({ name, canEdit, onEdit, onDelete }: { name: string; canEdit: boolean; onEdit(): void; onDelete(): void }) {
  const t = useMessages(approvalsMessages);
  if (!canEdit) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('approvals.readOnly')}
      </Typography>
    );
  }
  return (
    <Actions>
      <Button size="small" variant="outlined" onClick={onEdit} aria-label={t('approvals.editLabel', { name })}>
        {t('approvals.edit')}
      </Button>
      <Button size="small" variant="outlined" color="error" onClick={onDelete} aria-label={t('approvals.deleteLabel', { name })}>
        {t('approvals.delete')}
      </Button>
    </Actions>
  );
}
