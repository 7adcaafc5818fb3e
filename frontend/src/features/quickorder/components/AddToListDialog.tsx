import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, generatePath } from 'react-router';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useErrorText } from '../../../lib/errorText';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { effectiveRole, ROLE } from '../../../lib/permissions';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { preselectedList, type ListChoice } from '../../../lib/shoppingListChoice';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { QUICK_ORDER_CUSTOMER_SHOPPING_LISTS, QUICK_ORDER_SHOPPING_LISTS, type ChooserList } from '../api/shoppingLists';
import {
  QUICK_ORDER_CUSTOMER_LIST_CREATE,
  QUICK_ORDER_CUSTOMER_LIST_ITEMS_CREATE,
  QUICK_ORDER_LIST_CREATE,
  QUICK_ORDER_LIST_ITEMS_CREATE,
  type ShoppingListItemInput,
} from '../api/shoppingListWrites';
import { quickOrderMessages } from '../messages';

/** A list's name: 1 to 200 characters (docs/api.md "Lists"). */
const NAME_MAX_LENGTH = 200;


export interface AddToListDialogProps {
  /** The products to add; the dialog is open while there are some. */
  items: readonly ShoppingListItemInput[] | null;
  kind: 'company' | 'customer';
  onClose(): void;
  /** The products are in the list (the caller clears its selection). */
  onAdded(): void;
}

/**
 * business §2 add-to-shopping-list dialog for the purchased products: one of the caller's lists, or a new one by its
 * name; then "Products were added to your shopping list" with a link to the list (business §8).
 */
export function AddToListDialog({ items, kind, onClose, onAdded }: AddToListDialogProps) {
  const titleId = useId();
  return (
    // business §2: a dialog does not close on a click outside it; Escape and Cancel close it.
    <Dialog
      open={items !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {items && <ListForm items={items} kind={kind} titleId={titleId} onClose={onClose} onAdded={onAdded} />}
    </Dialog>
  );
}

function ListForm({ items, kind, titleId, onClose, onAdded }: Omit<AddToListDialogProps, 'items'> & { items: readonly ShoppingListItemInput[]; titleId: string }) {
  const t = useMessages(quickOrderMessages);
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const { channelId } = usePortalConfig();
  const labelId = useId();
  const company = kind === 'company';
  const lists = useQuery({
    queryKey: [USER_QUERY_SCOPE, 'quickOrderLists', kind] as const,
    queryFn: async ({ signal }): Promise<ChooserList[]> => {
      const options = { signal, suppressErrorToast: true };
      const page = company
        ? (await client.request(QUICK_ORDER_SHOPPING_LISTS, {}, options)).shoppingLists
        : (await client.request(QUICK_ORDER_CUSTOMER_SHOPPING_LISTS, {}, options)).customerShoppingLists;
      return page.edges.map((edge) => edge.node).filter((list) => list.canAddItems);
    },
  });
  const [picked, setPicked] = useState<ListChoice | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // A list made by a try whose adding then failed: the next try adds to it instead of making another.
  const [madeListId, setMadeListId] = useState<number | null>(null);
  const [done, setDone] = useState<{ id: number } | null>(null);

  const choosable = lists.data ?? [];
  // Issue 36 item 14: the caller's last used list that adding leaves as it is, never a rejected or submitted one.
  const customer = useCustomerInfo().data;
  const needsApproval = company && customer !== undefined && effectiveRole(customer) === ROLE.juniorBuyer;
  const choice: ListChoice = picked ?? preselectedList(choosable, { needsApproval });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameMissing = choice === 'new' && madeListId === null && name.trim() === '';
    setNameError(nameMissing ? t('quickOrder.list.nameRequired') : null);
    if (nameMissing) return;
    setSaving(true);
    setFailure(null);
    const quiet = { suppressErrorToast: true };
    try {
      let listId = choice === 'new' ? madeListId : choice;
      if (listId === null) {
        const shoppingListData = { name: name.trim(), description: '' };
        const made = company
          ? (await client.request(QUICK_ORDER_LIST_CREATE, { shoppingListData, channelId }, quiet)).shoppingListsCreate.shoppingList
          : (await client.request(QUICK_ORDER_CUSTOMER_LIST_CREATE, { shoppingListData, channelId }, quiet)).customerShoppingListsCreate.shoppingList;
        listId = made.id;
        setMadeListId(made.id);
      }
      const result = company
        ? (await client.request(QUICK_ORDER_LIST_ITEMS_CREATE, { shoppingListId: listId, items: [...items] }, quiet)).shoppingListsItemsCreate
        : (await client.request(QUICK_ORDER_CUSTOMER_LIST_ITEMS_CREATE, { shoppingListId: listId, items: [...items] }, quiet)).customerShoppingListsItemsCreate;
      setDone({ id: result.shoppingList.id });
      onAdded();
      // The lists' pages show the new products when they are opened next.
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_SCOPE, 'shoppingLists'] });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_SCOPE, 'quickOrderLists'] });
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    return (
      <>
        <DialogTitle id={titleId}>{t('quickOrder.list.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" role="status">
            {t('quickOrder.list.added')}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('quickOrder.list.close')}</Button>
          <Button variant="contained" component={RouterLink} to={generatePath(ROUTE_PATHS.shoppingList, { id: String(done.id) })} onClick={onClose}>
            {t('quickOrder.list.view')}
          </Button>
        </DialogActions>
      </>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogTitle id={titleId}>{t('quickOrder.list.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('quickOrder.list.intro', { count: items.length })}
        </Typography>
        {lists.isPending && <CircularProgress aria-label={t('quickOrder.list.loading')} sx={{ display: 'block', mx: 'auto', my: 2 }} />}
        {lists.isError && <LoadErrorAlert message={t('quickOrder.list.loadError')} retryLabel={t('quickOrder.retry')} onRetry={() => void lists.refetch()} />}
        {lists.isSuccess && (
          <FormControl component="fieldset" disabled={saving} fullWidth>
            <FormLabel component="legend" id={labelId} sx={{ mb: 1 }}>
              {t('quickOrder.list.chooseList')}
            </FormLabel>
            <RadioGroup aria-labelledby={labelId} value={String(choice)} onChange={(event) => setPicked(event.target.value === 'new' ? 'new' : Number(event.target.value))}>
              {choosable.map((list) => (
                <FormControlLabel
                  key={list.id}
                  value={String(list.id)}
                  control={<Radio />}
                  label={
                    <span>
                      {list.name}{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {company ? t('quickOrder.list.itemsAndStatus', { count: list.itemCount, status: list.statusLabel }) : t('quickOrder.list.itemCount', { count: list.itemCount })}
                      </Typography>
                    </span>
                  }
                />
              ))}
              <FormControlLabel value="new" control={<Radio />} label={t('quickOrder.list.newList')} />
            </RadioGroup>
            {choice === 'new' && (
              <TextField
                label={t('quickOrder.list.name')}
                value={name}
                required
                error={Boolean(nameError)}
                helperText={nameError ?? undefined}
                onChange={(event) => setName(event.target.value)}
                slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
                sx={{ mt: 1.5, maxWidth: 420 }}
              />
            )}
            {choosable.length === 0 && <FormHelperText>{t('quickOrder.list.noLists')}</FormHelperText>}
          </FormControl>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('quickOrder.list.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!lists.isSuccess || saving} loading={saving}>
          {t('quickOrder.list.add')}
        </Button>
      </DialogActions>
    </form>
  );
}
