import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { ListChoice } from '../../../lib/shoppingListChoice';
import type { ShoppingListCard } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';
import { NAME_MAX_LENGTH } from './ShoppingListDialog';
import { ShoppingListStatusChip } from './ShoppingListStatusChip';

/** The list chosen: one of the caller's (its id) or a new one. */
export type { ListChoice };

const Choice = styled('span')(({ theme }) => ({ display: 'inline-flex', alignItems: 'center', flexWrap: 'wrap', gap: theme.spacing(0.5, 1) }));

export interface ListChooserProps {
  lists: readonly ShoppingListCard[];
  company: boolean;
  choice: ListChoice;
  newName: string;
  newNameError: string | null;
  disabled: boolean;
  onChoose(choice: ListChoice): void;
  onNewName(name: string): void;
}

/** business §2 add-to-shopping-list dialog: pick one of the caller's lists, or make a new one by its name. */
export function ListChooser({ lists, company, choice, newName, newNameError, disabled, onChoose, onNewName }: ListChooserProps) {
  const t = useMessages(shoppingListsMessages);
  const labelId = useId();
  return (
    <FormControl component="fieldset" disabled={disabled} fullWidth>
      <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
        {t('shoppingLists.pdp.chooseList')}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={String(choice)}
        onChange={(event) => onChoose(event.target.value === 'new' ? 'new' : Number(event.target.value))}
      >
        {lists.map((list) => (
          <FormControlLabel
            key={list.id}
            value={String(list.id)}
            control={<Radio />}
            sx={{ my: 0.5 }}
            label={
              <Choice>
                <span>{list.name}</span>
                <Typography component="span" variant="body2" color="text.secondary">
                  {t('shoppingLists.card.productCount', { count: list.itemCount })}
                </Typography>
                {company && <ShoppingListStatusChip status={list.status} label={list.statusLabel} />}
              </Choice>
            }
          />
        ))}
        <FormControlLabel value="new" control={<Radio />} label={t('shoppingLists.pdp.newList')} />
      </RadioGroup>
      {choice === 'new' && (
        <TextField
          label={t('shoppingLists.dialog.name')}
          value={newName}
          required
          error={Boolean(newNameError)}
          helperText={newNameError ?? undefined}
          onChange={(event) => onNewName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          sx={{ mt: 1.5, maxWidth: 420 }}
        />
      )}
      {lists.length === 0 && <FormHelperText>{t('shoppingLists.pdp.noListsYet')}</FormHelperText>}
    </FormControl>
  );
}
