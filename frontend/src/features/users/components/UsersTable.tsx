import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/dataTable/DataTable';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyUser, UserOrderBy, UserOrderField } from '../api/companyUsers';
import { usersMessages } from '../messages';
import { useRoleLabel } from '../roleLabel';
import { orderByField } from '../usersListParams';
import { UserRowActions, type UserAction } from './UserRowActions';

const NONE = '—';

const NameCell = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(0.75),
}));

export interface UsersTableProps {
  users: readonly CompanyUser[] | undefined;
  totalCount: number;
  /** One-based. */
  page: number;
  pageSize: number;
  orderBy: UserOrderBy;
  loading: boolean;
  ownUserId: number | null;
  /** The actions the caller may take on a user (none: no actions column). */
  actionsFor(user: CompanyUser): readonly UserAction[];
  onAction(action: UserAction, user: CompanyUser): void;
  errorState?: ReactNode;
  emptyState?: ReactNode;
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  onOrderByChange(orderBy: UserOrderBy): void;
  /** Whether any row can have actions: the column is left out for a reader. */
  showActions: boolean;
}

/** The company's users over the shared data table; name, e-mail, role and date added sort on the server. */
export function UsersTable(props: UsersTableProps) {
  const t = useMessages(usersMessages);
  const language = useLanguage();
  const roleLabel = useRoleLabel();

  const columns: DataTableColumn<CompanyUser, UserOrderField>[] = [
    {
      id: 'name',
      header: t('users.col.name'),
      sortKey: 'lastName',
      rowHeader: true,
      card: 'title',
      cell: (user) => (
        <NameCell>
          <span>{`${user.firstName} ${user.lastName}`.trim() || NONE}</span>
          {user.id === props.ownUserId && <Chip size="small" variant="outlined" label={t('users.you')} />}
          {user.invitationPending && <Chip size="small" color="warning" variant="outlined" label={t('users.invitationPending')} />}
        </NameCell>
      ),
    },
    {
      id: 'email',
      header: t('users.col.email'),
      sortKey: 'email',
      cell: (user) => (
        <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Typography>
      ),
    },
    { id: 'role', header: t('users.col.role'), sortKey: 'role', cell: (user) => roleLabel({ role: user.role, name: user.companyRoleName }) },
    { id: 'phone', header: t('users.col.phone'), noWrap: true, cell: (user) => user.phoneNumber || NONE },
    {
      id: 'createdAt',
      header: t('users.col.added'),
      sortKey: 'createdAt',
      firstSortDirection: 'desc',
      noWrap: true,
      cell: (user) => (
        <time dateTime={user.createdAt} title={formatDateTime(user.createdAt, language)}>
          {formatDate(user.createdAt, language)}
        </time>
      ),
    },
  ];
  if (props.showActions) {
    columns.push({
      id: 'actions',
      header: t('users.col.actions'),
      align: 'right',
      card: 'title',
      cell: (user) => <UserRowActions user={user} actions={props.actionsFor(user)} onAction={props.onAction} />,
    });
  }

  const sort: DataTableSort<UserOrderField> = {
    key: orderByField(props.orderBy),
    direction: props.orderBy.startsWith('-') ? 'desc' : 'asc',
  };

  return (
    <DataTable
      label={t('users.tableLabel')}
      columns={columns}
      rows={props.users}
      getRowKey={(user) => user.id}
      totalCount={props.totalCount}
      page={props.page - 1}
      pageSize={props.pageSize}
      onPageChange={(page) => props.onPageChange(page + 1)}
      onPageSizeChange={props.onPageSizeChange}
      sort={sort}
      onSortChange={(next) => props.onOrderByChange(next.direction === 'desc' ? `-${next.key}` : next.key)}
      loading={props.loading}
      loadingLabel={t('users.loading')}
      errorState={props.errorState}
      emptyState={props.emptyState}
    />
  );
}
