import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

import { DialogForm, FormDialog } from '../../../components/FormDialog';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { shoppingListsMessages } from '../messages';
import { useShoppingListErrorText, useShoppingListFieldErrors } from '../shoppingListErrors';
import type { ShoppingListDetails } from '../useShoppingListWrites';

/** docs/api.md "Changing lists": a name of 1–200 characters, a description of at most 1,000. */
export const NAME_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 1000;

/** What the dialog does: make a new list, change one, or copy one under a new name. */
export type ShoppingListDialogTarget =
  | { mode: 'create' }
  | { mode: 'edit'; list: { id: number; name: string; description: string } }
  | { mode: 'duplicate'; list: { id: number; name: string; description: string } };

export interface ShoppingListDialogProps {
  /** The dialog is open while there is a target. */
  target: ShoppingListDialogTarget | null;
  /** A hint under the fields (e.g. that a junior buyer's list needs approval). */
  note?: string | null;
  onClose(): void;
  /** Saves; throws the server's refusal, which the dialog shows. */
  onSave(target: ShoppingListDialogTarget, details: ShoppingListDetails): Promise<void>;
}

/** The name and description of a new list, of a list being edited or of the copy of one. */
export function ShoppingListDialog({ target, note, onClose, onSave }: ShoppingListDialogProps) {
  return (
    <FormDialog target={target} onClose={onClose}>
      {(shown, titleId) => <DetailsForm target={shown} note={note ?? null} titleId={titleId} onClose={onClose} onSave={onSave} />}
    </FormDialog>
  );
}

interface DetailsFormProps {
  target: ShoppingListDialogTarget;
  note: string | null;
  titleId: string;
  onClose(): void;
  onSave: ShoppingListDialogProps['onSave'];
}

function DetailsForm({ target, note, titleId, onClose, onSave }: DetailsFormProps) {
  const t = useMessages(shoppingListsMessages);
  const fieldErrors = useShoppingListFieldErrors();
  const refusalText = useShoppingListErrorText();
  const [name, setName] = useState(() =>
    target.mode === 'create' ? '' : target.mode === 'edit' ? target.list.name : t('shoppingLists.dialog.copyName', { name: target.list.name }),
  );
  const [description, setDescription] = useState(target.mode === 'create' ? '' : target.list.description);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const title =
    target.mode === 'create'
      ? t('shoppingLists.dialog.createTitle')
      : target.mode === 'edit'
        ? t('shoppingLists.dialog.editTitle', { name: target.list.name })
        : t('shoppingLists.dialog.duplicateTitle', { name: target.list.name });
  const submitLabel =
    target.mode === 'create' ? t('shoppingLists.dialog.create') : target.mode === 'edit' ? t('shoppingLists.dialog.save') : t('shoppingLists.dialog.duplicate');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const details = { name: name.trim(), description: description.trim() };
    if (details.name === '') {
      setErrors({ name: t('shoppingLists.dialog.nameRequired') });
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    try {
      await onSave(target, details);
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setFormError(refusalText(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <DialogForm onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {formError && <Alert severity="error">{formError}</Alert>}
          <TextField
            label={t('shoppingLists.dialog.name')}
            value={name}
            required
            autoFocus
            disabled={saving}
            error={Boolean(errors.name)}
            helperText={errors.name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          <TextField
            label={t('shoppingLists.dialog.description')}
            value={description}
            multiline
            minRows={3}
            disabled={saving}
            error={Boolean(errors.description)}
            helperText={errors.description ?? t('shoppingLists.dialog.descriptionHint')}
            onChange={(event) => setDescription(event.target.value)}
            slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX_LENGTH } }}
          />
          {note && <Alert severity="info">{note}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('shoppingLists.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
