import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { Fragment, useId, useState } from 'react';

import { QuantityInput } from '../../../components/productSearch/QuantityInput';
import { useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { ShoppingListItemOrderBy } from '../api/shoppingList';
import type { ShoppingListItem } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';
import { DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY, nextItemOrder } from '../shoppingListItemsParams';
import { ItemDetails, ItemPrice, ItemProduct, ItemStock, ItemTotal, type PriceDisplay } from './ShoppingListItemParts';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

type T = Translate<MessageKey<typeof shoppingListsMessages>>;

/** The selection of business §2's table: select-all ticks every selectable product on every page. */
export interface ItemSelection {
  /** Whether the products can be ticked at all (there is something to do with them). */
  enabled: boolean;
  selected: ReadonlySet<number>;
  /** business §2: a row is selectable only when its quantity is above 0 and it is not disabled (the stock check). */
  selectable(item: ShoppingListItem): boolean;
  /** Over every page: none, some or all of the selectable products are ticked; null while that is not known. */
  all: 'none' | 'some' | 'all' | null;
  onToggle(item: ShoppingListItem): void;
  onToggleAll(): void;
}

export interface ItemActions {
  canEdit: boolean;
  canDelete: boolean;
  busy: boolean;
  onQuantity(item: ShoppingListItem, quantity: number): void;
  onEditOptions(item: ShoppingListItem): void;
  onEditNote(item: ShoppingListItem): void;
  onDelete(item: ShoppingListItem): void;
}

export interface ShoppingListItemsTableProps {
  items: readonly ShoppingListItem[];
  display: PriceDisplay;
  selection: ItemSelection;
  actions: ItemActions;
  orderBy: ShoppingListItemOrderBy;
  onOrderByChange(orderBy: ShoppingListItemOrderBy): void;
  /** The table's accessible name. */
  label: string;
  busyLoading: boolean;
}

const Frame = styled(Paper)({ overflowX: 'auto' });

// The gaps between columns are narrower than MUI's 16 px (as the data table's, components/dataTable), so that the
// eight columns fit the desktop content width at 1280 px in every language; the outer edges keep 16 px.
const CompactTable = styled(Table)(({ theme }) => ({
  '& td + td, & td + th, & th + td, & th + th': { paddingLeft: theme.spacing(1) },
  '& td:not(:last-child), & th:not(:last-child)': { paddingRight: theme.spacing(1) },
}));

const HeadCell = styled(TableCell)(({ theme }) => ({
  fontWeight: 600,
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.background.default,
  whiteSpace: 'nowrap',
}));


const DetailsCell = styled(TableCell)(({ theme }) => ({ backgroundColor: theme.palette.background.default }));

const CardList = styled('ul')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const Card = styled(Paper)(({ theme }) => ({ padding: theme.spacing(1.5, 2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const CardFacts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(0.75),
  alignItems: 'center',
  '& dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, textAlign: 'right', justifySelf: 'end' },
}));

const CardActions = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) }));

const SORTABLE = { productName: 'shoppingLists.items.product', sku: 'shoppingLists.items.skuColumn', quantity: 'shoppingLists.items.quantity' } as const;
type SortField = keyof typeof SORTABLE;

function sortOf(orderBy: ShoppingListItemOrderBy): { field: string; direction: 'asc' | 'desc' } {
  return { field: orderBy.replace(/^-/, ''), direction: orderBy.startsWith('-') ? 'desc' : 'asc' };
}

function RowCheckbox({ item, selection, t }: { item: ShoppingListItem; selection: ItemSelection; t: T }) {
  const selectable = selection.selectable(item);
  return (
    <Checkbox
      checked={selectable && selection.selected.has(item.id)}
      disabled={!selectable}
      onChange={() => selection.onToggle(item)}
      slotProps={{ input: { 'aria-label': t('shoppingLists.items.select', { name: item.productName, sku: item.variantSku }) } }}
    />
  );
}

function SelectAll({ selection, t, withLabel }: { selection: ItemSelection; t: T; withLabel: boolean }) {
  const box = (
    <Checkbox
      checked={selection.all === 'all'}
      indeterminate={selection.all === 'some'}
      disabled={selection.all === null}
      onChange={selection.onToggleAll}
      slotProps={withLabel ? undefined : { input: { 'aria-label': t('shoppingLists.items.selectAll') } }}
    />
  );
  return withLabel ? <FormControlLabel control={box} label={t('shoppingLists.items.selectAll')} /> : box;
}

function ItemQuantity({ item, actions, t }: { item: ShoppingListItem; actions: ItemActions; t: T }) {
  return (
    <>
      {actions.canEdit ? (
        <QuantityInput
          label={t('shoppingLists.items.quantityOf', { name: item.productName })}
          value={item.quantity}
          disabled={actions.busy}
          onCommit={(quantity) => actions.onQuantity(item, quantity)}
        />
      ) : (
        item.quantity
      )}
      <ItemStock item={item} />
    </>
  );
}

function ItemButtons({ item, actions, t }: { item: ShoppingListItem; actions: ItemActions; t: T }) {
  return (
    <>
      {actions.canEdit && item.options.length > 0 && (
        <Button size="small" disabled={actions.busy} onClick={() => actions.onEditOptions(item)} aria-label={t('shoppingLists.items.optionsNamed', { name: item.productName })}>
          {t('shoppingLists.items.options')}
        </Button>
      )}
      {actions.canEdit && (
        <Button
          size="small"
          disabled={actions.busy}
          onClick={() => actions.onEditNote(item)}
          aria-label={t(item.productNote ? 'shoppingLists.items.editNoteNamed' : 'shoppingLists.items.addNoteNamed', { name: item.productName })}
        >
          {item.productNote ? t('shoppingLists.items.editNote') : t('shoppingLists.items.addNote')}
        </Button>
      )}
      {actions.canDelete && (
        <Button size="small" color="error" disabled={actions.busy} onClick={() => actions.onDelete(item)} aria-label={t('shoppingLists.items.removeNamed', { name: item.productName })}>
          {t('shoppingLists.items.remove')}
        </Button>
      )}
    </>
  );
}

/** A row's actions on the wide table: one button that opens them as a menu, so that the table fits the page. */
function ItemMenu({ item, actions, t }: { item: ShoppingListItem; actions: ItemActions; t: T }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choose = (action: (item: ShoppingListItem) => void) => {
    setAnchor(null);
    action(item);
  };
  return (
    <>
      <Button
        size="small"
        disabled={actions.busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        aria-label={t('shoppingLists.items.actionsFor', { name: item.productName })}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('shoppingLists.items.actions')}
        <span aria-hidden> ▾</span>
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {actions.canEdit && item.options.length > 0 && <MenuItem onClick={() => choose(actions.onEditOptions)}>{t('shoppingLists.items.options')}</MenuItem>}
        {actions.canEdit && (
          <MenuItem onClick={() => choose(actions.onEditNote)}>{item.productNote ? t('shoppingLists.items.editNote') : t('shoppingLists.items.addNote')}</MenuItem>
        )}
        {actions.canDelete && (
          <MenuItem onClick={() => choose(actions.onDelete)} sx={{ color: 'error.main' }}>
            {t('shoppingLists.items.remove')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

function ExpandButton({ item, expanded, controls, onToggle, t }: { item: ShoppingListItem; expanded: boolean; controls: string; onToggle(): void; t: T }) {
  return (
    <Button
      size="small"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={expanded ? controls : undefined}
      aria-label={t(expanded ? 'shoppingLists.items.hideDetails' : 'shoppingLists.items.showDetails', { name: item.productName })}
      sx={{ minWidth: 0, px: 1 }}
    >
      <span aria-hidden>{expanded ? '▾' : '▸'}</span>
    </Button>
  );
}

/**
 * business §2's selectable table of a list's products: checkboxes (a row only when it can go into the cart), select
 * all over every page, sorting by the column headers (the third click returns to the newest change first),
 * expandable rows; each product with its picture, SKU, options and note, its price now against the price when it
 * was added, its quantity (editable) and line total. Cards on the mobile layout (shell §2, 750 px).
 */
export function ShoppingListItemsTable({ items, display, selection, actions, orderBy, onOrderByChange, label, busyLoading }: ShoppingListItemsTableProps) {
  const t = useMessages(shoppingListsMessages);
  const mobile = useMobileLayout();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const sort = sortOf(orderBy);
  const toggleExpanded = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const detailsId = (item: ShoppingListItem) => `shopping-list-item-${item.id}-details`;
  const anyActions = actions.canEdit || actions.canDelete;

  if (mobile) {
    const sortChoices: { value: ShoppingListItemOrderBy; label: string }[] = [
      { value: DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY, label: t('shoppingLists.items.sort.updated') },
      { value: 'productName', label: t('shoppingLists.items.sort.name') },
      { value: 'sku', label: t('shoppingLists.items.sort.sku') },
      { value: '-quantity', label: t('shoppingLists.items.sort.quantity') },
    ];
    return (
      <>
        <TextField
          select
          size="small"
          label={t('shoppingLists.items.sortBy')}
          value={sortChoices.some((choice) => choice.value === orderBy) ? orderBy : ''}
          slotProps={{ select: { native: true } }}
          onChange={(event) => {
            const choice = sortChoices.find((option) => option.value === event.target.value);
            if (choice) onOrderByChange(choice.value);
          }}
        >
          {!sortChoices.some((choice) => choice.value === orderBy) && <option value="" disabled />}
          {sortChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </TextField>
        {selection.enabled && <SelectAll selection={selection} t={t} withLabel />}
        <CardList aria-label={label} aria-busy={busyLoading}>
          {items.map((item) => {
            const open = expanded.has(item.id);
            return (
              <li key={item.id}>
                <Card variant="outlined" data-testid={`shopping-list-item-${item.id}`}>
                  <div style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
                    {selection.enabled && <RowCheckbox item={item} selection={selection} t={t} />}
                    <ItemProduct item={item} />
                  </div>
                  <CardFacts>
                    <dt>{t('shoppingLists.items.price')}</dt>
                    <dd>
                      <ItemPrice item={item} display={display} />
                    </dd>
                    <dt>{t('shoppingLists.items.quantity')}</dt>
                    <dd>
                      <ItemQuantity item={item} actions={actions} t={t} />
                    </dd>
                    <dt>{t('shoppingLists.items.total')}</dt>
                    <dd>
                      <strong>
                        <ItemTotal item={item} display={display} />
                      </strong>
                    </dd>
                  </CardFacts>
                  <CardActions>
                    <ItemButtons item={item} actions={actions} t={t} />
                    <Button
                      size="small"
                      onClick={() => toggleExpanded(item.id)}
                      aria-expanded={open}
                      aria-controls={open ? detailsId(item) : undefined}
                    >
                      {open ? t('shoppingLists.items.lessDetails') : t('shoppingLists.items.moreDetails')}
                    </Button>
                  </CardActions>
                  {open && (
                    <div id={detailsId(item)}>
                      <ItemDetails item={item} display={display} />
                    </div>
                  )}
                </Card>
              </li>
            );
          })}
        </CardList>
      </>
    );
  }

  const sortHeader = (field: SortField, align?: 'right') => {
    const active = sort.field === field;
    return (
      <HeadCell align={align} sortDirection={active ? sort.direction : false}>
        <TableSortLabel active={active} direction={active ? sort.direction : field === 'quantity' ? 'desc' : 'asc'} onClick={() => onOrderByChange(nextItemOrder(orderBy, field))}>
          {t(SORTABLE[field])}
        </TableSortLabel>
      </HeadCell>
    );
  };
  const columns = 6 + (selection.enabled ? 1 : 0) + (anyActions ? 1 : 0);

  return (
    <Frame variant="outlined">
      <CompactTable size="small" aria-label={label} aria-busy={busyLoading}>
        <TableHead>
          <TableRow>
            {selection.enabled && (
              <HeadCell padding="checkbox">
                <SelectAll selection={selection} t={t} withLabel={false} />
              </HeadCell>
            )}
            <HeadCell padding="checkbox">
              <VisuallyHidden>{t('shoppingLists.items.detailsColumn')}</VisuallyHidden>
            </HeadCell>
            {sortHeader('productName')}
            {sortHeader('sku')}
            <HeadCell align="right">{t('shoppingLists.items.price')}</HeadCell>
            {sortHeader('quantity', 'right')}
            <HeadCell align="right">{t('shoppingLists.items.total')}</HeadCell>
            {anyActions && <HeadCell>{t('shoppingLists.items.actionsColumn')}</HeadCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => {
            const open = expanded.has(item.id);
            return (
              <Fragment key={item.id}>
                <TableRow data-testid={`shopping-list-item-${item.id}`} selected={selection.selected.has(item.id)}>
                  {selection.enabled && (
                    <TableCell padding="checkbox">
                      <RowCheckbox item={item} selection={selection} t={t} />
                    </TableCell>
                  )}
                  <TableCell padding="checkbox">
                    <ExpandButton item={item} expanded={open} controls={detailsId(item)} onToggle={() => toggleExpanded(item.id)} t={t} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 200 }}>
                    <ItemProduct item={item} showSku={false} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.variantSku}</TableCell>
                  <TableCell align="right" sx={{ minWidth: 120 }}>
                    <ItemPrice item={item} display={display} />
                  </TableCell>
                  <TableCell align="right">
                    <ItemQuantity item={item} actions={actions} t={t} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    <ItemTotal item={item} display={display} />
                  </TableCell>
                  {anyActions && (
                    <TableCell>
                      <ItemMenu item={item} actions={actions} t={t} />
                    </TableCell>
                  )}
                </TableRow>
                {open && (
                  <TableRow>
                    <DetailsCell colSpan={columns} id={detailsId(item)}>
                      <ItemDetails item={item} display={display} />
                    </DetailsCell>
                  </TableRow>
                )}
              </Fragment>
            );
          })}
        </TableBody>
      </CompactTable>
    </Frame>
  );
}
