import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';

import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useCreateUnit, type SuperAdminCompany } from '../api/superAdminCompanies';
import { dashboardMessages } from '../messages';
import { useTreeFieldTexts } from '../treeErrors';

/** The server's bound on a company's name (accounts.Company.name). */
export const UNIT_NAME_MAX_LENGTH = 200;

const Form = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

export interface AddUnitDialogProps {
  /** The company the unit is added below; the dialog is open while there is one. */
  parent: SuperAdminCompany | null;
  onClose(): void;
}

/** "Add unit" (issue 40): a department or a lab below a company, which inherits from it until set otherwise. */
export function AddUnitDialog({ parent, onClose }: AddUnitDialogProps) {
  const titleId = useId();
  const mobile = useMobileLayout();
  // The form stays drawn while the dialog fades out, and a new one starts empty on every opening.
  const [shown, setShown] = useState<{ parent: SuperAdminCompany; opening: number } | null>(null);
  if (parent !== null && shown?.parent !== parent) setShown({ parent, opening: (shown?.opening ?? 0) + 1 });
  return (
    <Dialog
      open={parent !== null}
      // A click outside does not lose what was typed; Escape and Cancel close.
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={mobile}
    >
      {shown && <AddUnitForm key={shown.opening} parent={shown.parent} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function AddUnitForm({ parent, titleId, onClose }: { parent: SuperAdminCompany; titleId: string; onClose(): void }) {
  const t = useMessages(dashboardMessages);
  const fieldTexts = useTreeFieldTexts();
  const errorText = useErrorText();
  const create = useCreateUnit();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('dashboard.addUnit.nameRequired'));
      return;
    }
    setNameError(null);
    try {
      const unit = await create.mutateAsync({ parentId: parent.id, companyName: trimmed });
      toast.success(t('dashboard.addUnit.done', { unit: unit.companyName, company: parent.companyName }));
      onClose();
    } catch (error) {
      const texts = fieldTexts(error);
      if (texts.companyName) setNameError(texts.companyName);
      else setFormError(texts.parent ?? errorText(error));
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle id={titleId}>{t('dashboard.addUnit.title', { company: parent.companyName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('dashboard.addUnit.text', { company: parent.companyName })}</DialogContentText>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <TextField
          autoFocus
          fullWidth
          required
          label={t('dashboard.addUnit.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={nameError !== null}
          helperText={nameError ?? ' '}
          disabled={create.isPending}
          slotProps={{ htmlInput: { maxLength: UNIT_NAME_MAX_LENGTH } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('dashboard.confirm.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={create.isPending}>
          {t('dashboard.addUnit.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
