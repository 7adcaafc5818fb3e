import Typography from '@mui/material/Typography';

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

export interface AuditLogProps {
  /** One-based. */
  page: number;
  pageSize: number;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
}

/** The company's audit log (`companyAuditEvents`), newest first, paged on the server: its admin's view. */
export function AuditLog({ page, pageSize, onPageChange, onPageSizeChange }: AuditLogProps) {
  const t = useMessages(usersMessages);
  const language = useLanguage();
  const errorText = useErrorText();
  const events = useCompanyAuditEvents({ first: pageSize, offset: (page - 1) * pageSize }, true);

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
    <DataTable
      label={t('users.audit.tableLabel')}
      columns={columns}
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
  );
}
