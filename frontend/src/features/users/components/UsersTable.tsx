import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useCompanyColumn, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { type DataTableColumn } from '../../../components/dataTable/DataTable';
import { ListDataTable, type ListTablePaging } from '../../../components/dataTable/ListDataTable';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyUser, UserOrderField } from '../api/companyUsers';
import { usersMessages } from '../messages';
import { useRoleLabel } from '../roleLabel';
import { UserRowActions, type UserAction } from './UserRowActions';

const NONE = '—';

const NameCell = styled('span')(({ theme }) => ({
  display: 'inline-flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(0.75),
}));

export interface UsersTableProps extends ListTablePaging<UserOrderField> {
  users: readonly CompanyUser[] | undefined;
  ownUserId: number | null;
  /** The actions the caller may take on a user (none: no actions column). */
  actionsFor(user: CompanyUser): readonly UserAction[];
  onAction(action: UserAction, user: CompanyUser): void;
  /** Whether any row can have actions: the column is left out for a reader. */
  showActions: boolean;
}

/** The company's users over the shared data table; name, e-mail, role and date added sort on the server. */
export function UsersTable({ users, ownUserId, actionsFor, onAction, showActions, ...paging }: UsersTableProps) {
  const t = useMessages(usersMessages);
  const language = useLanguage();
  const roleLabel = useRoleLabel();
  // Issue 40: the unit each user belongs to, when the list spans the units below the caller's.
  const companyColumn = useCompanyColumn<CompanyUser>((user) => user.companyName);

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
          {user.id === ownUserId && <Chip size="small" variant="outlined" label={t('users.you')} />}
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
  if (showActions) {
    columns.push({
      id: 'actions',
      header: t('users.col.actions'),
      align: 'right',
      card: 'title',
      cell: (user) => <UserRowActions user={user} actions={actionsFor(user)} onAction={onAction} />,
    });
  }

  return (
    <ListDataTable
      {...paging}
      label={t('users.tableLabel')}
      columns={withCompanyColumn(columns, companyColumn)}
      rows={users}
      getRowKey={(user) => user.id}
      loadingLabel={t('users.loading')}
    />
  );
}
