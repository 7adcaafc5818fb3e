import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

import { DialogForm, FormDialog } from '../../../components/FormDialog';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { approvalsMessages } from '../messages';

/** The decisions taken in a dialog: Approve (an optional comment), Reject and Override (a reason each). */
export type Decision = 'approve' | 'reject' | 'override';

/** The longest reason or comment the dialog takes. */
export const MAX_REASON_LENGTH = 2000;

export interface DecisionDialogProps {
  /** The dialog is open while there is a decision to take. */
  decision: Decision | null;
  requestId: number;
  onClose(): void;
  /**
   * Takes the decision with the text given. Resolves to the server's refusal of the text (a field error of `reason`),
   * shown under it; to null otherwise — done, or refused for another reason, which the page tells — and the dialog
   * closes.
   */
  onDecide(decision: Decision, reason: string): Promise<unknown>;
}

/** Approve with an optional comment, or Reject / Override with a reason: one text and one button, at most two clicks. */
export function DecisionDialog({ decision, requestId, onClose, onDecide }: DecisionDialogProps) {
  return (
    <FormDialog target={decision} onClose={onClose}>
      {(shown, titleId) => <DecisionForm decision={shown} requestId={requestId} titleId={titleId} onClose={onClose} onDecide={onDecide} />}
    </FormDialog>
  );
}

interface DecisionFormProps {
  decision: Decision;
  requestId: number;
  titleId: string;
  onClose(): void;
  onDecide: DecisionDialogProps['onDecide'];
}

function DecisionForm({ decision, requestId, titleId, onClose, onDecide }: DecisionFormProps) {
  const t = useMessages(approvalsMessages);
  const fieldTexts = useFieldErrorTexts();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const required = decision !== 'approve';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const reason = text.trim();
    if (required && reason === '') {
      setError(t('approvals.decision.reasonRequired'));
      return;
    }
    setError(null);
    setSaving(true);
    const refusal = await onDecide(decision, reason);
    setSaving(false);
    const own = refusal ? fieldTexts(refusal).reason : undefined;
    if (own) setError(own);
    else onClose();
  };

  const texts = {
    approve: { title: 'approvals.decision.approve.title', body: 'approvals.decision.approve.body', label: 'approvals.decision.approve.label', submit: 'approvals.decision.approve.submit' },
    reject: { title: 'approvals.decision.reject.title', body: 'approvals.decision.reject.body', label: 'approvals.decision.reject.label', submit: 'approvals.decision.reject.submit' },
    override: { title: 'approvals.decision.override.title', body: 'approvals.decision.override.body', label: 'approvals.decision.override.label', submit: 'approvals.decision.override.submit' },
  } as const;
  const own = texts[decision];

  return (
    <DialogForm onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{t(own.title, { id: requestId })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t(own.body)}</DialogContentText>
        {decision === 'override' && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {t('approvals.decision.override.audit')}
          </Alert>
        )}
        <TextField
          label={t(own.label)}
          value={text}
          required={required}
          autoFocus
          multiline
          minRows={3}
          fullWidth
          disabled={saving}
          error={Boolean(error)}
          helperText={error ?? t('approvals.decision.limit', { count: MAX_REASON_LENGTH })}
          onChange={(event) => {
            setText(event.target.value);
            if (error) setError(null);
          }}
          slotProps={{ htmlInput: { maxLength: MAX_REASON_LENGTH } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('approvals.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={decision === 'approve' ? 'success' : decision === 'reject' ? 'error' : 'warning'} loading={saving}>
          {t(own.submit)}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
