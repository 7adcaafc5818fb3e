import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useCallback, useId } from 'react';
import { Link as RouterLink } from 'react-router';

import { routeOpens } from '../../../app/access';
import { useAccessState } from '../../../app/useAccess';
import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission } from '../../../lib/permissions';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { REQUEST_VIEWS, usePurchaseRequests, type RequestView } from '../api/purchaseRequests';
import { REQUEST_VIEW_LABEL } from '../approvalTexts';
import { RequestsFilters } from '../components/RequestsFilters';
import { RequestsTable } from '../components/RequestsTable';
import { approvalsMessages } from '../messages';
import { NO_REQUEST_FILTERS, hasRequestFilters, parseRequestsListParams, requestsListSearchParams, requestsVariables } from '../requestsListParams';

const ManageLinks = styled('nav')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) }));

/** Whether the caller may open a page (the managers' rules and budgets). */
function useOpens(path: (typeof ROUTE_PATHS)[keyof typeof ROUTE_PATHS]): boolean {
  const access = useAccessState();
  return access.status === 'ready' && routeOpens(path, access.context);
}

/**
 * `/approvals` (issue 41): the requests awaiting the caller's approval, the caller's own requests and — with
 * get_orders level 2 — every request of the units they reach, in tabs; filtered by status (and unit), sorted by date
 * or total and paged on the server. Managers reach the approval rules and budgets from here.
 */
export function ApprovalsPage() {
  const t = useMessages(approvalsMessages);
  const errorText = useErrorText();
  const me = useCustomerInfo().data;
  const companyViewOpen = me ? hasPermission(me.permissions, 'get_orders', 2) : false;
  const parse = useCallback((params: URLSearchParams) => parseRequestsListParams(params, companyViewOpen), [companyViewOpen]);
  const { state, update } = useUrlListState(parse, requestsListSearchParams);
  const companyFilter = useCompanyFilter({ company: state.view === 'company' });
  const spannedUnit = useSpannedUnitName();
  const list = usePurchaseRequests(requestsVariables(state, companyFilter.companyIdOf(state.company)));
  const settled = useLastPageClamp(list, state, update);
  const rulesOpen = useOpens(ROUTE_PATHS.approvalRules);
  const budgetsOpen = useOpens(ROUTE_PATHS.budgets);
  const tabsId = useId();

  const views: readonly RequestView[] = REQUEST_VIEWS.filter((view) => view !== 'company' || companyViewOpen);
  const filtered = hasRequestFilters(state);
  const noneAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const clearFilters = () => update({ ...NO_REQUEST_FILTERS, page: 1 });
  const tabLabel = t(REQUEST_VIEW_LABEL[state.view]);

  const errorState = listErrorState(list, { title: t('approvals.loadError'), detail: errorText(list.error), retryLabel: t('approvals.retry') });
  const emptyState = filtered ? (
    <DataTableMessage
      title={t('approvals.noMatch.title')}
      actions={
        <Button variant="outlined" onClick={clearFilters}>
          {t('approvals.clearFilters')}
        </Button>
      }
    >
      {t('approvals.noMatch.body')}
    </DataTableMessage>
  ) : (
    <DataTableMessage title={t(`approvals.empty.${state.view}.title`)}>{t(`approvals.empty.${state.view}.body`)}</DataTableMessage>
  );

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {t('approvals.title')}
          </Typography>
          <Typography color="text.secondary">{t('approvals.intro')}</Typography>
        </div>
        {(rulesOpen || budgetsOpen) && (
          <ManageLinks aria-label={t('approvals.manage.label')}>
            {rulesOpen && (
              <Button component={RouterLink} to={ROUTE_PATHS.approvalRules} variant="outlined">
                {t('approvals.manage.rules')}
              </Button>
            )}
            {budgetsOpen && (
              <Button component={RouterLink} to={ROUTE_PATHS.budgets} variant="outlined">
                {t('approvals.manage.budgets')}
              </Button>
            )}
          </ManageLinks>
        )}
      </ListPageHeader>
      <Tabs
        value={state.view}
        onChange={(_event, view: RequestView) => update({ view, ...NO_REQUEST_FILTERS, page: 1 })}
        aria-label={t('approvals.tabs.label')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {views.map((view) => (
          <Tab key={view} value={view} label={t(REQUEST_VIEW_LABEL[view])} id={`${tabsId}-${view}`} aria-controls={`${tabsId}-panel`} />
        ))}
      </Tabs>
      <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${state.view}`} style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
        {state.view === 'company' && spannedUnit && (
          <Typography color="text.secondary">{t('approvals.companyIntro', { company: spannedUnit })}</Typography>
        )}
        {state.view !== 'inbox' && !noneAtAll && (
          <RequestsFilters
            filters={state}
            companyFilter={state.view === 'company' ? companyFilter : null}
            onChange={(filters) => update({ ...filters, page: 1 })}
            onClear={clearFilters}
          />
        )}
        <RequestsTable
          view={state.view}
          label={tabLabel}
          requests={list.data?.requests}
          totalCount={list.data?.totalCount ?? 0}
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
      </div>
      <ResultCountStatus>{settled && !list.isFetching ? t('approvals.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
    </ListPage>
  );
}
