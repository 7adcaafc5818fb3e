import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListFilters, type FilterSelect } from '../../../components/listPage/ListFilters';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { placerName, useOrderPlacers } from '../api/orderPlacedBy';
import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUSES, isOrderStatus, useOrders, type OrderScope } from '../api/orders';
import { ordersMessages } from '../messages';
import { ORDER_STATUS_LABEL } from '../orderTexts';
import {
  NO_ORDER_FILTERS,
  ORDERS_LIST_PARSERS,
  hasOrderFilters,
  ordersListSearchParams,
  ordersVariables,
  sameOrderFilters,
  type OrdersListFilters,
} from '../ordersListParams';
import { OrdersTable } from './OrdersTable';

/**
 * An order list — My orders (MINE) or Lab orders (COMPANY) — searched, filtered, sorted and paged on the server.
 * The state lives in the route's query, so a reload or back / forward shows the same list.
 */
export function OrdersList({ scope }: { scope: OrderScope }) {
  const t = useMessages(ordersMessages);
  const errorText = useErrorText();
  const customer = useCustomerInfo();
  // Each change is a history entry: back / forward walk through the lists the buyer saw.
  const { state, update } = useUrlListState(ORDERS_LIST_PARSERS[scope], ordersListSearchParams);
  // Issue 40: Lab orders of a company with units below it show each order's unit and filter by one.
  const companyFilter = useCompanyFilter({ company: scope === 'COMPANY' });
  const chosenCompany = companyFilter.companyIdOf(state.company);
  const spannedUnit = useSpannedUnitName();
  const list = useOrders(ordersVariables(state, scope, chosenCompany));
  const me = customer.data;
  // The company the caller works in (a masquerading super admin: the one they act as).
  const company = me?.companyInfo ?? (me?.masquerade ? { id: me.masquerade.id, companyName: me.masquerade.companyName } : null);
  // Who placed the orders of the unit chosen, else of every unit the list spans.
  const placers = useOrderPlacers(scope === 'COMPANY' ? (chosenCompany ?? company?.id ?? null) : null);

  // A page past the end (fewer orders than when the link was made): show the last page instead.
  const settled = useLastPageClamp(list, state, update);

  const filtered = hasOrderFilters(state);
  const noOrdersAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const title = scope === 'COMPANY' ? t('orders.title.company') : t('orders.title.mine');
  const clearFilters = () => update({ ...NO_ORDER_FILTERS, page: 1 });

  // Status and, on Lab orders, who placed it. A person in the URL who is not among the choices (yet) is shown as
  // "anyone" rather than as a bare id.
  const selects: FilterSelect<OrdersListFilters>[] = [
    {
      name: 'status',
      label: t('orders.filter.status'),
      allLabel: t('orders.filter.allStatuses'),
      value: state.status ?? '',
      choices: ORDER_STATUSES.map((status) => ({ value: status, label: t(ORDER_STATUS_LABEL[status]) })),
      choose: (value) => ({ status: isOrderStatus(value) ? value : null }),
    },
  ];
  if (scope === 'COMPANY') {
    const choices = placers.data ?? [];
    selects.push({
      name: 'placedBy',
      label: t('orders.filter.placedBy'),
      allLabel: t('orders.filter.anyone'),
      value: state.placedBy !== null && choices.some((placer) => placer.id === state.placedBy) ? String(state.placedBy) : '',
      choices: choices.map((placer) => ({ value: String(placer.id), label: placerName(placer) })),
      choose: (value) => ({ placedBy: value ? Number(value) : null }),
    });
    const unitSelect = companyFilter.select<OrdersListFilters>(state.company, (chosen) => ({ company: chosen, placedBy: null }));
    if (unitSelect) selects.push(unitSelect);
  }

  const errorState = listErrorState(list, { title: t('orders.loadError'), detail: errorText(list.error), retryLabel: t('orders.retry') });

  const emptyState = filtered ? (
    <DataTableMessage
      title={t('orders.noMatch.title')}
      actions={
        <Button variant="outlined" onClick={clearFilters}>
          {t('orders.clearFilters')}
        </Button>
      }
    >
      {t('orders.noMatch.body')}
    </DataTableMessage>
  ) : scope === 'COMPANY' ? (
    <DataTableMessage title={t('orders.empty.company.title')}>{t('orders.empty.company.body')}</DataTableMessage>
  ) : (
    <DataTableMessage title={t('orders.empty.mine.title')}>{t('orders.empty.mine.body')}</DataTableMessage>
  );

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">
            {scope !== 'COMPANY' || !company
              ? t('orders.intro.mine')
              : spannedUnit
                ? t('orders.intro.companyUnits', { company: spannedUnit })
                : t('orders.intro.company', { company: company.companyName })}
          </Typography>
        </div>
      </ListPageHeader>
      {!noOrdersAtAll && (
        <ListFilters<OrdersListFilters>
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={clearFilters}
          texts={{ label: t('orders.filters.label'), search: t('orders.search'), searchPlaceholder: t('orders.searchPlaceholder'), clear: t('orders.clearFilters') }}
          searchMaxLength={MAX_ORDER_SEARCH_LENGTH}
          // Bases small enough for the five fields of Lab orders and the clear button to share one row at 1280 px.
          searchFlex="2 1 160px"
          selectFlex="1 1 140px"
          selects={selects}
          dateRange={{ fromLabel: t('orders.filter.dateFrom'), toLabel: t('orders.filter.dateTo'), invalidText: t('orders.filter.dateRangeInvalid') }}
          same={sameOrderFilters}
          none={NO_ORDER_FILTERS}
          hasFilters={hasOrderFilters}
        />
      )}
      <OrdersTable
        scope={scope}
        label={title}
        orders={list.data?.orders}
        totalCount={list.data?.totalCount ?? 0}
        totalCountCapped={list.data?.totalCountCapped ?? false}
        page={state.page}
        pageSize={state.pageSize}
        orderBy={state.orderBy}
        loading={list.isFetching}
        errorState={errorState}
        emptyState={emptyState}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
      />
      <ResultCountStatus>
        {settled && !list.isFetching
          ? t(list.data?.totalCountCapped ? 'orders.resultCountCapped' : 'orders.resultCount', { count: list.data?.totalCount ?? 0 })
          : ''}
      </ResultCountStatus>
    </ListPage>
  );
}
