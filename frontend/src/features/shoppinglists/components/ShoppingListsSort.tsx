import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { shoppingListsMessages } from '../messages';
import { SHOPPING_LIST_SORTS, type ShoppingListSort } from '../shoppingListsParams';

const SORT_LABEL = {
  '-updatedAt': 'shoppingLists.sort.lastActivity',
  name: 'shoppingLists.sort.name',
  '-createdAt': 'shoppingLists.sort.newest',
  status: 'shoppingLists.sort.status',
} as const satisfies Record<ShoppingListSort, string>;

// Not the theme's full width: the order sits at the list's right edge.
const SortField = styled(TextField)({ width: 260, maxWidth: '100%' });

/** The order of the list cards (sorted on the server); an individual customer's lists have no statuses to sort by. */
export function ShoppingListsSort({ orderBy, statuses, onChange }: { orderBy: ShoppingListSort; statuses: boolean; onChange(orderBy: ShoppingListSort): void }) {
  const t = useMessages(shoppingListsMessages);
  const sorts = SHOPPING_LIST_SORTS.filter((sort) => statuses || sort !== 'status');
  return (
    <SortField
      select
      fullWidth={false}
      size="small"
      label={t('shoppingLists.sortBy')}
      value={orderBy}
      onChange={(event) => {
        const value = SHOPPING_LIST_SORTS.find((sort) => sort === event.target.value);
        if (value && value !== orderBy) onChange(value);
      }}
    >
      {sorts.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {t(SORT_LABEL[sort])}
        </MenuItem>
      ))}
    </SortField>
  );
}
