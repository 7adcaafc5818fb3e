import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { focusElement } from '../../../app/focus/pageFocus';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPagination } from '../../../components/dataTable/ListPagination';
import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListFilters, type FilterSelect } from '../../../components/listPage/ListFilters';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { toast } from '../../../components/toast/toastStore';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission, permissionLevel } from '../../../lib/permissions';
import { SHOPPING_LIST_STATUSES, isShoppingListStatus, makerName, type ShoppingListCard as Card } from '../api/shoppingListFields';
import { useShoppingListMakers } from '../api/shoppingListMakers';
import { MAX_SHOPPING_LIST_SEARCH_LENGTH, useShoppingLists } from '../api/shoppingLists';
import { ShoppingListCard } from '../components/ShoppingListCard';
import { ShoppingListDialog, type ShoppingListDialogTarget } from '../components/ShoppingListDialog';
import { ShoppingListsSort } from '../components/ShoppingListsSort';
import { shoppingListsMessages } from '../messages';
import { useShoppingListErrorText } from '../shoppingListErrors';
import { shoppingListPath } from '../shoppingListPaths';
import { SHOPPING_LIST_STATUS_LABEL } from '../shoppingListTexts';
import {
  NO_SHOPPING_LIST_FILTERS,
  SHOPPING_LIST_PAGE_SIZES,
  hasShoppingListFilters,
  parseShoppingListsParams,
  shoppingListsSearchParams,
  sameShoppingListFilters,
  shoppingListsVariables,
  type ShoppingListsFilters,
} from '../shoppingListsParams';
import { listCompanyOf, useShoppingListKind } from '../useShoppingListKind';
import { useShoppingListWrites, type ShoppingListDetails } from '../useShoppingListWrites';

const Results = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const Toolbar = styled('div')({ display: 'flex', justifyContent: 'flex-end' });

// The bar's place is kept while nothing loads, so that the cards do not jump when a request starts.
const ProgressSlot = styled('div')({ height: 4 });

const Grid = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  // Three cards side by side at the desktop width, one on a phone.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))',
  gap: theme.spacing(2),
}));

const StatePanel = styled(Paper)(({ theme }) => ({ padding: theme.spacing(6, 3) }));

const SkeletonCard = styled(Paper)(({ theme }) => ({ padding: theme.spacing(2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const Pagination = styled(ListPagination)(({ theme }) => ({
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: theme.spacing(0.5), paddingLeft: 0 },
}));

const SKELETON_CARDS = 3;

/**
 * `/shoppingLists` (shell §2, issue 18): the company's shopping lists as the caller's level reaches them (a
 * company user, a super admin masquerading as the company) or an individual customer's own — searched, filtered by
 * status and maker, sorted and paged on the server; made, edited, copied and deleted in place where the server says
 * the caller may.
 */
export function ShoppingListsPage() {
  const t = useMessages(shoppingListsMessages);
  const errorText = useShoppingListErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const { kind, customer, juniorBuyer } = useShoppingListKind();
  const company = kind === 'company';
  const listCompany = listCompanyOf(customer);
  const permissions = customer?.permissions ?? [];
  const canCreate = hasPermission(permissions, 'create_shopping_list');
  // Level 1 reaches the caller's own lists only: a "created by" filter would have one choice.
  const seesColleagues = company && permissionLevel(permissions, 'get_shopping_lists') >= 2;

  const { state, update } = useUrlListState(parseShoppingListsParams, shoppingListsSearchParams);
  // Issue 40: a company's lists that span the units below the one acted for: each with its unit, filtered by one.
  const companyFilter = useCompanyFilter({ company });
  const chosenCompany = companyFilter.companyIdOf(state.company);
  const spannedUnit = useSpannedUnitName();
  const list = useShoppingLists(kind, shoppingListsVariables(state, kind, chosenCompany));
  // Who made the lists of the unit chosen, else of every unit the lists span.
  const makers = useShoppingListMakers(seesColleagues ? (chosenCompany ?? listCompany?.id ?? null) : null);
  const writes = useShoppingListWrites(kind);
  const [dialog, setDialog] = useState<ShoppingListDialogTarget | null>(null);
  const [deleting, setDeleting] = useState<{ open: boolean; list: Card | null }>({ open: false, list: null });
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listsHref = `${location.pathname}${location.search}`;

  const settled = useLastPageClamp(list, state, update);
  const filtered = hasShoppingListFilters(state);
  const noListsAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const disabled = list.error instanceof GraphQLRequestError && list.error.code === 'SHOPPING_LISTS_DISABLED';
  const clearFilters = () => update({ ...NO_SHOPPING_LIST_FILTERS, page: 1 });
  const filterSelects: FilterSelect<ShoppingListsFilters>[] = [];
  if (company) {
    filterSelects.push({
      name: 'status',
      label: t('shoppingLists.filter.status'),
      allLabel: t('shoppingLists.filter.allStatuses'),
      value: state.status === null ? '' : String(state.status),
      choices: SHOPPING_LIST_STATUSES.map((status) => ({ value: String(status), label: t(SHOPPING_LIST_STATUS_LABEL[status]) })),
      choose: (value) => {
        const status = value === '' ? null : Number(value);
        return { status: isShoppingListStatus(status) ? status : null };
      },
    });
  }
  if (seesColleagues) {
    // A maker in the URL who is not among the choices (yet) is shown as "anyone" rather than as a bare id.
    const choices = makers.data ?? [];
    filterSelects.push({
      name: 'createdBy',
      label: t('shoppingLists.filter.createdBy'),
      allLabel: t('shoppingLists.filter.anyone'),
      value: state.createdBy !== null && choices.some((maker) => maker.id === state.createdBy) ? String(state.createdBy) : '',
      choices: choices.map((maker) => ({ value: String(maker.id), label: makerName(maker) })),
      choose: (value) => ({ createdBy: value ? Number(value) : null }),
    });
  }
  const unitSelect = companyFilter.select<ShoppingListsFilters>(state.company, (chosen) => ({ company: chosen, createdBy: null }));
  if (unitSelect) filterSelects.push(unitSelect);

  const createButton = (variant: 'contained' | 'outlined') =>
    canCreate && !disabled && (
      <Button variant={variant} onClick={() => setDialog({ mode: 'create' })}>
        {t('shoppingLists.create')}
      </Button>
    );

  const save = async (target: ShoppingListDialogTarget, details: ShoppingListDetails) => {
    if (target.mode === 'create') {
      const made = await writes.create(details);
      setDialog(null);
      toast.success(t('shoppingLists.toast.created', { name: made.name }));
      // A new list is empty: its page is where products are added.
      navigate(shoppingListPath(made.id), { state: { shoppingLists: listsHref } });
    } else if (target.mode === 'edit') {
      await writes.update(target.list.id, details);
      setDialog(null);
      toast.success(t('shoppingLists.toast.saved', { name: details.name }));
    } else {
      const copy = await writes.duplicate(target.list.id, details);
      setDialog(null);
      toast.success(t('shoppingLists.toast.duplicated', { name: copy.name }));
    }
  };

  const confirmDelete = () => {
    const target = deleting.list;
    setDeleting((current) => ({ ...current, open: false }));
    if (!target) return;
    setBusy(true);
    writes
      .remove(target.id)
      .then(() => {
        toast.success(t('shoppingLists.toast.deleted', { name: target.name }));
        // The card and its buttons are gone: the reader goes on from the top of the page.
        if (headingRef.current) focusElement(headingRef.current, { preventScroll: true });
      })
      .catch((error: unknown) => toast.error(errorText(error)))
      .finally(() => setBusy(false));
  };

  const body = (() => {
    if (disabled) return <Alert severity="info">{t('shoppingLists.error.disabled')}</Alert>;
    const errorState = listErrorState(list, { title: t('shoppingLists.loadError'), detail: errorText(list.error), retryLabel: t('shoppingLists.retry') });
    if (errorState) return errorState;
    if (!list.data) {
      return (
        <Grid aria-hidden>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <li key={index}>
              <SkeletonCard variant="outlined">
                <Skeleton variant="text" width="50%" />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="70%" />
              </SkeletonCard>
            </li>
          ))}
        </Grid>
      );
    }
    if (list.data.lists.length === 0) {
      return (
        <StatePanel variant="outlined">
          {filtered ? (
            <DataTableMessage
              title={t('shoppingLists.noMatch.title')}
              actions={
                <Button variant="outlined" onClick={clearFilters}>
                  {t('shoppingLists.clearFilters')}
                </Button>
              }
            >
              {t('shoppingLists.noMatch.body')}
            </DataTableMessage>
          ) : (
            <DataTableMessage title={t('shoppingLists.empty.title')} actions={createButton('contained')}>
              {canCreate ? t('shoppingLists.empty.body') : t('shoppingLists.empty.bodyReadOnly')}
            </DataTableMessage>
          )}
        </StatePanel>
      );
    }
    return (
      <Grid aria-label={t('shoppingLists.listLabel')} aria-busy={list.isFetching}>
        {list.data.lists.map((item) => (
          <li key={item.id}>
            <ShoppingListCard
              list={item}
              company={company}
              listsHref={listsHref}
              busy={busy}
              onEdit={() => setDialog({ mode: 'edit', list: item })}
              onDuplicate={() => setDialog({ mode: 'duplicate', list: item })}
              onDelete={() => setDeleting({ open: true, list: item })}
            />
          </li>
        ))}
      </Grid>
    );
  })();

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom ref={headingRef}>
            {t('shoppingLists.title')}
          </Typography>
          <Typography color="text.secondary">
            {!company || !listCompany
              ? t('shoppingLists.intro.own')
              : spannedUnit
                ? t('shoppingLists.intro.companyUnits', { company: spannedUnit })
                : t('shoppingLists.intro.company', { company: listCompany.companyName })}
          </Typography>
        </div>
        {!noListsAtAll && createButton('outlined')}
      </ListPageHeader>
      {!noListsAtAll && !disabled && (
        // Search (name or description), status (a company's lists; an individual customer's are all approved) and
        // who made the list (not for an individual customer or a level-1 caller).
        <ListFilters<ShoppingListsFilters>
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={clearFilters}
          texts={{
            label: t('shoppingLists.filters.label'),
            search: t('shoppingLists.search'),
            searchPlaceholder: t('shoppingLists.searchPlaceholder'),
            clear: t('shoppingLists.clearFilters'),
          }}
          searchMaxLength={MAX_SHOPPING_LIST_SEARCH_LENGTH}
          searchFlex="2 1 220px"
          selectFlex="1 1 180px"
          selects={filterSelects}
          same={sameShoppingListFilters}
          none={NO_SHOPPING_LIST_FILTERS}
          hasFilters={hasShoppingListFilters}
        />
      )}
      <Results>
        {!noListsAtAll && !disabled && (
          <Toolbar>
            <ShoppingListsSort orderBy={state.orderBy} statuses={company} onChange={(orderBy) => update({ orderBy, page: 1 })} />
          </Toolbar>
        )}
        <ProgressSlot>{list.isFetching && !list.isError && <LinearProgress aria-label={t('shoppingLists.loading')} />}</ProgressSlot>
        {body}
        {list.data && list.data.lists.length > 0 && (
          <Pagination
            totalCount={list.data.totalCount}
            page={state.page - 1}
            pageSize={state.pageSize}
            pageSizes={SHOPPING_LIST_PAGE_SIZES}
            onPageChange={(page) => update({ page: page + 1 })}
            onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            rowsPerPageLabel={t('shoppingLists.perPage')}
          />
        )}
      </Results>
      <ResultCountStatus>{settled && !list.isFetching ? t('shoppingLists.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      <ShoppingListDialog
        target={dialog}
        // A junior buyer's new list, or copy, is a draft until it is approved (ARCHITECTURE §8).
        note={juniorBuyer && dialog?.mode !== 'edit' ? t('shoppingLists.dialog.approvalNote') : null}
        onClose={() => setDialog(null)}
        onSave={save}
      />
      <ConfirmDialog
        open={deleting.open}
        title={t('shoppingLists.delete.title')}
        body={deleting.list ? t('shoppingLists.delete.body', { name: deleting.list.name, count: deleting.list.itemCount }) : ''}
        confirmLabel={t('shoppingLists.delete.confirm')}
        cancelLabel={t('shoppingLists.delete.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={() => setDeleting((current) => ({ ...current, open: false }))}
      />
    </ListPage>
  );
}
