import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useId, useState, type FormEvent, type ReactNode } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { shoppingListsMessages } from '../messages';
import { useShoppingListErrorText, useShoppingListFieldErrors } from '../shoppingListErrors';

const DialogForm = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

export interface TextEntryRequest {
  title: string;
  body?: ReactNode;
  label: string;
  initial: string;
  maxLength: number;
  /** Empty text is refused with this message; undefined: empty is allowed (it clears the text). */
  requiredMessage?: string;
  submitLabel: string;
  /** The server's field whose refusal is shown under the text (`reason`, `productNote`). */
  field: string;
  destructive?: boolean;
  /** Saves; throws the server's refusal, which the dialog shows. */
  onSave(text: string): Promise<void>;
}

/** One text to give: the reason a list is rejected, a product's note. Open while there is a request. */
export function TextEntryDialog({ request, onClose }: { request: TextEntryRequest | null; onClose(): void }) {
  const titleId = useId();
  const [shown, setShown] = useState<{ request: TextEntryRequest; opening: number } | null>(null);
  if (request !== null && shown?.request !== request) setShown({ request, opening: (shown?.opening ?? 0) + 1 });
  return (
    // business §2: no closing on a click outside (the text typed would be lost); Escape and Cancel close it.
    <Dialog
      open={request !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {shown && <TextForm key={shown.opening} request={shown.request} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function TextForm({ request, titleId, onClose }: { request: TextEntryRequest; titleId: string; onClose(): void }) {
  const t = useMessages(shoppingListsMessages);
  const fieldErrors = useShoppingListFieldErrors();
  const refusalText = useShoppingListErrorText();
  const [text, setText] = useState(request.initial);
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (value === '' && request.requiredMessage) {
      setError(request.requiredMessage);
      return;
    }
    setError(null);
    setFormError(null);
    setSaving(true);
    try {
      await request.onSave(value);
      onClose();
    } catch (refusal) {
      const fields = fieldErrors(refusal);
      const own = fields[request.field];
      if (own) setError(own);
      else setFormError(refusalText(refusal));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{request.title}</DialogTitle>
      <DialogContent>
        {request.body && <DialogContentText sx={{ mb: 2 }}>{request.body}</DialogContentText>}
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <TextField
          label={request.label}
          value={text}
          required={Boolean(request.requiredMessage)}
          autoFocus
          multiline
          minRows={3}
          fullWidth
          disabled={saving}
          error={Boolean(error)}
          helperText={error ?? t('shoppingLists.textDialog.limit', { count: request.maxLength })}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: request.maxLength } }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('shoppingLists.textDialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" color={request.destructive ? 'error' : 'primary'} loading={saving}>
          {request.submitLabel}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
