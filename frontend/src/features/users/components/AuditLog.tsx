import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { CompanyFilterSelect } from '../../../components/companyUnits/CompanyFilterSelect';
import { useCompanyColumn, withCompanyColumn, type CompanyFilter } from '../../../components/companyUnits/useCompanyFilter';
import { DataTable, type DataTableColumn } from '../../../components/dataTable/DataTable';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { listErrorState } from '../../../components/listPage/ListPageLayout';
import { formatDateTime } from '../../../lib/dates';
import { useErrorText } from '../../../lib/errorText';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useCompanyAuditEvents, type CompanyAuditEvent } from '../api/companyAuditEvents';
import { usersMessages } from '../messages';

// The audit log's actions (accounts.models.AuditAction and the other apps' own: orders' order_placed) as short
// translated labels; the server's summary (names, e-mail addresses, numbers) follows each as it is.
const ACTION_LABEL: Readonly<Record<string, MessageKey<typeof usersMessages>>> = {
  company_user_added: 'users.audit.action.userAdded',
  company_user_updated: 'users.audit.action.userUpdated',
  company_user_removed: 'users.audit.action.userRemoved',
  company_user_invited: 'users.audit.action.userInvited',
  membership_role_changed: 'users.audit.action.roleChanged',
  company_applied: 'users.audit.action.companyApplied',
  company_resubmitted: 'users.audit.action.companyResubmitted',
  company_approved: 'users.audit.action.companyApproved',
  company_rejected: 'users.audit.action.companyRejected',
  company_status_changed: 'users.audit.action.companyStatusChanged',
  masquerade_began: 'users.audit.action.masqueradeBegan',
  masquerade_ended: 'users.audit.action.masqueradeEnded',
  masquerade_action: 'users.audit.action.masqueradeAction',
  order_placed: 'users.audit.action.orderPlaced',
};

const Filters = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2) }));

export interface AuditLogProps {
  /** One-based. */
  page: number;
  pageSize: number;
  /** Issue 40: the unit whose events are shown (null: every unit the log spans), and the filter that chooses it. */
  company: number | null;
  companyFilter: CompanyFilter;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  onCompanyChange(company: number | null): void;
}

/**
 * The company's audit log (`companyAuditEvents`), newest first, paged on the server: its admin's view. Across units
 * (issue 40) each event names its unit, and the log is filtered by one.
 */
export function AuditLog({ page, pageSize, company, companyFilter, onPageChange, onPageSizeChange, onCompanyChange }: AuditLogProps) {
  const t = useMessages(usersMessages);
  const language = useLanguage();
  const errorText = useErrorText();
  const events = useCompanyAuditEvents({ first: pageSize, offset: (page - 1) * pageSize, companyId: companyFilter.companyIdOf(company) }, true);
  const companyColumn = useCompanyColumn<CompanyAuditEvent>((event) => event.companyName);

  const columns: DataTableColumn<CompanyAuditEvent>[] = [
    {
      id: 'when',
      header: t('users.audit.col.when'),
      noWrap: true,
      card: 'title',
      cell: (event) => <time dateTime={event.createdAt}>{formatDateTime(event.createdAt, language)}</time>,
    },
    {
      id: 'what',
      header: t('users.audit.col.what'),
      cell: (event) => {
        const key = ACTION_LABEL[event.action];
        return (
          <>
            <Typography component="span" variant="body2" sx={{ fontWeight: 600, display: 'block' }}>
              {key ? t(key) : t('users.audit.action.other')}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {event.summary}
            </Typography>
          </>
        );
      },
    },
    {
      id: 'who',
      header: t('users.audit.col.who'),
      cell: (event) => (
        <>
          <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            {event.actorEmail || t('users.audit.byStore')}
          </Typography>
          {event.byMasquerade && (
            <Typography component="span" variant="caption" color="text.secondary">
              {t('users.audit.byMasquerade')}
            </Typography>
          )}
        </>
      ),
    },
  ];

  const errorState = listErrorState(events, { title: t('users.audit.loadError'), detail: errorText(events.error), retryLabel: t('users.retry') });

  return (
    <>
      {companyFilter.shown && (
        <Filters role="search" aria-label={t('users.audit.filtersLabel')}>
          <CompanyFilterSelect filter={companyFilter} value={company} onChange={onCompanyChange} flex="0 1 320px" />
        </Filters>
      )}
      <DataTable
        label={t('users.audit.tableLabel')}
        columns={withCompanyColumn(columns, companyColumn)}
        rows={events.data?.edges}
        getRowKey={(event) => event.id}
        totalCount={events.data?.totalCount ?? 0}
        page={page - 1}
        pageSize={pageSize}
        onPageChange={(next) => onPageChange(next + 1)}
        onPageSizeChange={onPageSizeChange}
        loading={events.isFetching}
        loadingLabel={t('users.audit.loading')}
        errorState={errorState}
        emptyState={<DataTableMessage title={t('users.audit.empty.title')}>{t('users.audit.empty.body')}</DataTableMessage>}
      />
    </>
  );
}
