import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState } from 'react';

import { focusElement } from '../../../app/focus/pageFocus';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { DATA_TABLE_PAGE_SIZES } from '../../../components/dataTable/DataTable';
import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROLE, effectiveRole, hasPermission, permissionLevel } from '../../../lib/permissions';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useCompanyRoles } from '../api/companyRoles';
import { useCompanyUsers, type CompanyUser } from '../api/companyUsers';
import { useUserDelete } from '../api/userDelete';
import { useUserInvitationResend } from '../api/userInvitationResend';
import { AuditLog } from '../components/AuditLog';
import { UserDialog, type UserDialogTarget } from '../components/UserDialog';
import type { UserAction } from '../components/UserRowActions';
import { UsersListFilters } from '../components/UsersListFilters';
import { UsersTable } from '../components/UsersTable';
import { usersMessages } from '../messages';
import { useUserErrorText } from '../userErrors';
import {
  NO_USER_FILTERS,
  hasUserFilters,
  parseUsersListParams,
  usersListSearchParams,
  usersVariables,
  type UsersTab,
} from '../usersListParams';

const Panel = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
  '&:focus': { outline: 'none' },
}));

const fullName = (user: Pick<CompanyUser, 'firstName' | 'lastName' | 'email'>) => `${user.firstName} ${user.lastName}`.trim() || user.email;

/**
 * `/user-management` (shell §2, issue 16): the company's users — searched, filtered by role, sorted and paged on the
 * server — added, edited and removed as the caller's permission codes allow; the company admin also reads the
 * company's audit log. The list's state lives in the route's query, so a reload or back / forward keeps it.
 */
export function UserManagementPage() {
  const t = useMessages(usersMessages);
  const refusalText = useUserErrorText();
  const customer = useCustomerInfo();
  // Each change is a history entry: back / forward walk through the lists the admin saw.
  const { state, update } = useUrlListState(parseUsersListParams, usersListSearchParams);
  // Issue 40: the users of a company with units below it, each with its unit, filtered by one.
  const companyFilter = useCompanyFilter();
  const list = useCompanyUsers(usersVariables(state, companyFilter.companyIdOf(state.company)));
  const spannedUnit = useSpannedUnitName();
  const roles = useCompanyRoles();
  const deleteUser = useUserDelete();
  const resendInvitation = useUserInvitationResend();
  const [dialog, setDialog] = useState<UserDialogTarget | null>(null);
  // The user the delete confirmation names; kept while the dialog closes, so that its text does not vanish.
  const [deleting, setDeleting] = useState<{ user: CompanyUser; open: boolean } | null>(null);
  const [auditPage, setAuditPage] = useState({ page: 1, pageSize: DATA_TABLE_PAGE_SIZES[0] as number, company: null as number | null });
  const tabsId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  // The user just removed: once the list no longer shows them, focus goes to the list (their row's menu is gone).
  const [removedId, setRemovedId] = useState<number | null>(null);

  const me = customer.data;
  const permissions = me?.permissions ?? [];
  const role = effectiveRole(me);
  const ownUserId = me?.userInfo.id ?? null;
  // A company admin, or a super admin acting as one (api.md: they act as the company's admin would).
  const actsAsAdmin = role === ROLE.admin || role === ROLE.superAdminMasquerading;
  const mayCreate = hasPermission(permissions, 'create_user', 2);
  const updateLevel = permissionLevel(permissions, 'update_user');
  const mayDelete = hasPermission(permissions, 'delete_user', 2);
  // The company's audit log is its own admin's (not a masquerading super admin's).
  const seesAudit = role === ROLE.admin;
  const tab: UsersTab = seesAudit ? state.tab : 'users';

  const actionsFor = (user: CompanyUser): UserAction[] => {
    // Only an admin changes or removes an admin (ADMIN_ROLE_REQUIRED).
    const adminOnly = user.role === ROLE.admin && !actsAsAdmin;
    const own = user.id === ownUserId;
    const actions: UserAction[] = [];
    if ((updateLevel >= 2 && !adminOnly) || (updateLevel === 1 && own)) actions.push('edit');
    if (mayCreate && user.invitationPending) actions.push('resend');
    if (mayDelete && !own && !adminOnly) actions.push('delete');
    return actions;
  };

  // A page past the end (fewer users than when the link was made): show the last page instead.
  const settled = useLastPageClamp(list, state, update);

  useEffect(() => {
    if (removedId === null || list.isFetching || !list.data) return;
    if (!list.data.users.some((user) => user.id === removedId)) {
      setRemovedId(null);
      if (listRef.current) focusElement(listRef.current);
    }
  }, [removedId, list.isFetching, list.data]);

  const onAction = (action: UserAction, user: CompanyUser) => {
    if (action === 'edit') setDialog({ mode: 'edit', user });
    else if (action === 'delete') setDeleting({ user, open: true });
    else
      resendInvitation.mutate(user.id, {
        onSuccess: () => toast.success(t('users.toast.resent', { email: user.email })),
        onError: (error) => toast.error(refusalText(error)),
      });
  };

  const closeDelete = () => setDeleting((current) => current && { ...current, open: false });

  const confirmDelete = () => {
    const user = deleting?.user;
    closeDelete();
    if (!user || deleteUser.isPending) return;
    deleteUser.mutate(user.id, {
      onSuccess: () => {
        toast.success(t('users.toast.deleted', { name: fullName(user) }));
        setRemovedId(user.id);
      },
      onError: (error) => toast.error(refusalText(error)),
    });
  };

  const filtered = hasUserFilters(state);
  const addButton = (variant: 'contained' | 'outlined') =>
    mayCreate && (
      <Button variant={variant} onClick={() => setDialog({ mode: 'create' })}>
        {t('users.add')}
      </Button>
    );

  const errorState = listErrorState(list, { title: t('users.loadError'), detail: refusalText(list.error), retryLabel: t('users.retry') });

  const emptyState = filtered ? (
    <DataTableMessage
      title={t('users.noMatch.title')}
      actions={
        <Button variant="outlined" onClick={() => update({ ...NO_USER_FILTERS, page: 1 })}>
          {t('users.clearFilters')}
        </Button>
      }
    >
      {t('users.noMatch.body')}
    </DataTableMessage>
  ) : (
    <DataTableMessage title={t('users.empty.title')} actions={addButton('contained')}>
      {mayCreate ? t('users.empty.body') : t('users.empty.bodyReadOnly')}
    </DataTableMessage>
  );

  const usersPanel = (
    <Panel
      ref={listRef}
      role={seesAudit ? 'tabpanel' : 'region'}
      id={`${tabsId}-users-panel`}
      aria-labelledby={seesAudit ? `${tabsId}-users-tab` : undefined}
      aria-label={seesAudit ? undefined : t('users.tableLabel')}
    >
      <UsersListFilters
        filters={state}
        roles={roles.data ?? []}
        companyFilter={companyFilter}
        onChange={(filters) => update({ ...filters, page: 1 })}
        onClear={() => update({ ...NO_USER_FILTERS, page: 1 })}
      />
      <UsersTable
        users={list.data?.users}
        totalCount={list.data?.totalCount ?? 0}
        page={state.page}
        pageSize={state.pageSize}
        orderBy={state.orderBy}
        loading={list.isFetching}
        ownUserId={ownUserId}
        showActions={updateLevel > 0 || mayCreate || mayDelete}
        actionsFor={actionsFor}
        onAction={onAction}
        errorState={errorState}
        emptyState={emptyState}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
      />
      <ResultCountStatus>{settled && !list.isFetching ? t('users.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
    </Panel>
  );

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {t('users.title')}
          </Typography>
          <Typography color="text.secondary">
            {spannedUnit
              ? t('users.introUnits', { company: spannedUnit })
              : me?.companyInfo
                ? t('users.intro', { company: me.companyInfo.companyName })
                : t('users.introNoCompany')}
          </Typography>
        </div>
        {tab === 'users' && addButton('outlined')}
      </ListPageHeader>
      {seesAudit && (
        <Tabs
          value={tab}
          onChange={(_event, next: UsersTab) => update({ tab: next })}
          aria-label={t('users.tabs.label')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="users" label={t('users.tabs.users')} id={`${tabsId}-users-tab`} aria-controls={`${tabsId}-users-panel`} />
          <Tab value="activity" label={t('users.tabs.activity')} id={`${tabsId}-activity-tab`} aria-controls={`${tabsId}-activity-panel`} />
        </Tabs>
      )}
      {tab === 'users' ? (
        usersPanel
      ) : (
        <Panel role="tabpanel" id={`${tabsId}-activity-panel`} aria-labelledby={`${tabsId}-activity-tab`}>
          <Typography color="text.secondary">{t('users.audit.intro')}</Typography>
          <AuditLog
            page={auditPage.page}
            pageSize={auditPage.pageSize}
            company={auditPage.company}
            companyFilter={companyFilter}
            onPageChange={(page) => setAuditPage((current) => ({ ...current, page }))}
            onPageSizeChange={(pageSize) => setAuditPage((current) => ({ ...current, page: 1, pageSize }))}
            onCompanyChange={(company) => setAuditPage((current) => ({ ...current, page: 1, company }))}
          />
        </Panel>
      )}
      <UserDialog
        target={dialog}
        roles={roles.data ?? []}
        ownUserId={ownUserId}
        units={companyFilter.spansUnits && me?.companyInfo ? { actingName: me.companyInfo.companyName, choices: companyFilter.choices } : null}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={deleting?.open ?? false}
        title={deleting ? t('users.delete.title', { name: fullName(deleting.user) }) : ''}
        body={
          deleting
            ? t('users.delete.body', {
                name: fullName(deleting.user),
                email: deleting.user.email,
                // Issue 40: the unit they belong to, which may be one below the unit acted for.
                company: deleting.user.companyName ?? me?.companyInfo?.companyName ?? '',
              })
            : ''
        }
        confirmLabel={t('users.delete.confirm')}
        cancelLabel={t('users.delete.cancel')}
        destructive
        onConfirm={confirmDelete}
        onCancel={closeDelete}
      />
    </ListPage>
  );
}
