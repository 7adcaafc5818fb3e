import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useMoveCompany, useSuperAdminCompanies, type SuperAdminCompany } from '../api/superAdminCompanies';
import { dashboardMessages } from '../messages';
import { useTreeFieldTexts } from '../treeErrors';

/** Typing settles for this long before the companies are searched. */
export const PARENT_SEARCH_DELAY_MS = 250;
/** The server's longest search. */
const MAX_SEARCH = 100;
const PARENT_CHOICES = 30;

/** Where the company goes: below another company, or to the top of a tree of its own. */
type Place = { kind: 'top' } | { kind: 'below'; company: SuperAdminCompany };

const Form = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

export interface MoveCompanyDialogProps {
  /** The company to move; the dialog is open while there is one. */
  company: SuperAdminCompany | null;
  superAdminId: number;
  onClose(): void;
}

/**
 * "Move" (issue 40): place a company below another, or at the top, with every unit below it and all their history.
 * The dialog says what the move does before the super admin confirms it; the server refuses a company placed below
 * itself or one of its own units, and a tree grown too deep, and the dialog shows why.
 */
export function MoveCompanyDialog({ company, superAdminId, onClose }: MoveCompanyDialogProps) {
  const titleId = useId();
  const mobile = useMobileLayout();
  const [shown, setShown] = useState<{ company: SuperAdminCompany; opening: number } | null>(null);
  if (company !== null && shown?.company !== company) setShown({ company, opening: (shown?.opening ?? 0) + 1 });
  return (
    <Dialog
      open={company !== null}
      onClose={(_event, reason) => reason !== 'backdropClick' && onClose()}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={mobile}
    >
      {shown && <MoveForm key={shown.opening} company={shown.company} superAdminId={superAdminId} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

interface MoveFormProps {
  company: SuperAdminCompany;
  superAdminId: number;
  titleId: string;
  onClose(): void;
}

function MoveForm({ company, superAdminId, titleId, onClose }: MoveFormProps) {
  const t = useMessages(dashboardMessages);
  const fieldTexts = useTreeFieldTexts();
  const errorText = useErrorText();
  const move = useMoveCompany();
  const [place, setPlace] = useState<Place | null>(null);
  const [input, setInput] = useState('');
  // What was typed, searched for; choosing a company writes its name in the field, which is no search.
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim().slice(0, MAX_SEARCH)), PARENT_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const found = useSuperAdminCompanies({ superAdminId, first: PARENT_CHOICES, offset: 0, q, orderBy: 'tree' });
  const top: Place = { kind: 'top' };
  const options: Place[] = [
    ...(company.parentId !== null ? [top] : []),
    ...(found.data?.companies ?? [])
      // Its own place and the company itself are no moves; the server refuses the units below it.
      .filter((candidate) => candidate.id !== company.id && candidate.id !== company.parentId)
      .map((candidate): Place => ({ kind: 'below', company: candidate })),
  ];
  const label = (option: Place) => (option.kind === 'top' ? t('dashboard.move.topLevel') : option.company.companyName);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    if (place === null) {
      setPlaceError(t('dashboard.move.placeRequired'));
      return;
    }
    setPlaceError(null);
    try {
      await move.mutateAsync({ companyId: company.id, parentId: place.kind === 'top' ? null : place.company.id });
      toast.success(t('dashboard.move.done', { company: company.companyName }));
      onClose();
    } catch (error) {
      const texts = fieldTexts(error);
      if (texts.parent) setPlaceError(texts.parent);
      else setFormError(errorText(error));
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle id={titleId}>{t('dashboard.move.title', { company: company.companyName })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {company.parentId !== null
            ? t('dashboard.move.now', { parent: company.parentName })
            : t('dashboard.move.nowTop')}
        </DialogContentText>
        {formError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Autocomplete
          options={options}
          value={place}
          onChange={(_event, next) => {
            setPlace(next);
            setPlaceError(null);
          }}
          inputValue={input}
          onInputChange={(_event, next, reason) => {
            setInput(next);
            if (reason === 'input' || reason === 'clear') setTyped(next);
          }}
          filterOptions={(all) => all}
          getOptionLabel={label}
          getOptionKey={(option) => (option.kind === 'top' ? 'top' : option.company.id)}
          isOptionEqualToValue={(option, value) =>
            option.kind === value.kind && (option.kind === 'top' || (value.kind === 'below' && option.company.id === value.company.id))
          }
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <span>
                {label(option)}
                {option.kind === 'below' && option.company.parentName && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t('dashboard.partOfCompany', { parent: option.company.parentName })}
                  </Typography>
                )}
              </span>
            </li>
          )}
          loading={found.isFetching}
          loadingText={t('dashboard.move.searching')}
          noOptionsText={found.isError ? t('dashboard.loadError') : t('dashboard.empty')}
          disabled={move.isPending}
          renderInput={(params) => (
            <TextField
              {...params}
              autoFocus
              required
              label={t('dashboard.move.place')}
              error={placeError !== null}
              helperText={placeError ?? ' '}
              slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_SEARCH } }}
            />
          )}
        />
        {place !== null && (
          <Alert severity="warning" sx={{ mt: 1 }} role="status">
            {place.kind === 'top'
              ? t('dashboard.move.confirmTop', { company: company.companyName })
              : t('dashboard.move.confirm', { company: company.companyName, parent: place.company.companyName })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={move.isPending}>
          {t('dashboard.confirm.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="warning" loading={move.isPending}>
          {t('dashboard.move.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
