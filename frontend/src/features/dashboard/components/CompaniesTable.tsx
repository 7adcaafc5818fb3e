import Button from '@mui/material/Button';

import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/dataTable/DataTable';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyOrderBy, CompanyOrderField, SuperAdminCompany } from '../api/superAdminCompanies';
import { dashboardMessages } from '../messages';

export const PAGE_SIZES = [10, 20, 30] as const;
const APPROVED = 1;

const STATUS_KEYS = {
  0: 'dashboard.status.0',
  1: 'dashboard.status.1',
  2: 'dashboard.status.2',
  3: 'dashboard.status.3',
} as const;

export interface CompaniesTableProps {
  companies: readonly SuperAdminCompany[];
  totalCount: number;
  page: number;
  pageSize: number;
  orderBy: CompanyOrderBy;
  onPageChange(page: number): void;
  onPageSizeChange(size: number): void;
  onOrderByChange(orderBy: CompanyOrderBy): void;
  onMasquerade(company: SuperAdminCompany): void;
  onEndMasquerade(company: SuperAdminCompany): void;
  /** The company whose action is running. */
  busyCompanyId: number | null;
}

function sortOf(orderBy: CompanyOrderBy): DataTableSort<CompanyOrderField> {
  return { key: orderBy.replace(/^-/, '') as CompanyOrderField, direction: orderBy.startsWith('-') ? 'desc' : 'asc' };
}

/** The dashboard's companies: sortable by name and e-mail, paged by 10, 20 or 30, with the masquerade action; cards
 * on the mobile layout, so that the status and the action stay on screen at 375 px (issue 13). */
export function CompaniesTable(props: CompaniesTableProps) {
  const t = useMessages(dashboardMessages);
  const { busyCompanyId } = props;

  const action = (company: SuperAdminCompany) =>
    company.isAgenting ? (
      <Button
        size="small"
        variant="outlined"
        color="warning"
        aria-label={t('dashboard.endMasqueradeAs', { company: company.companyName })}
        loading={busyCompanyId === company.id}
        disabled={busyCompanyId !== null}
        onClick={() => props.onEndMasquerade(company)}
      >
        {t('dashboard.endMasquerade')}
      </Button>
    ) : (
      company.status === APPROVED && (
        <Button
          size="small"
          variant="contained"
          aria-label={t('dashboard.masqueradeAs', { company: company.companyName })}
          loading={busyCompanyId === company.id}
          disabled={busyCompanyId !== null}
          onClick={() => props.onMasquerade(company)}
        >
          {t('dashboard.masquerade')}
        </Button>
      )
    );

  const columns: DataTableColumn<SuperAdminCompany, CompanyOrderField>[] = [
    { id: 'name', header: t('dashboard.col.name'), cell: (company) => company.companyName, sortKey: 'companyName', card: 'title', rowHeader: true },
    { id: 'email', header: t('dashboard.col.email'), cell: (company) => company.companyEmail, sortKey: 'companyEmail' },
    {
      id: 'status',
      header: t('dashboard.col.status'),
      cell: (company) => {
        const statusKey = STATUS_KEYS[company.status as keyof typeof STATUS_KEYS];
        return statusKey ? t(statusKey) : company.status;
      },
    },
    { id: 'action', header: t('dashboard.col.action'), cell: action, align: 'right' },
  ];

  return (
    <DataTable
      label={t('dashboard.title')}
      columns={columns}
      rows={props.companies}
      getRowKey={(company) => company.id}
      totalCount={props.totalCount}
      page={props.page}
      pageSize={props.pageSize}
      pageSizes={PAGE_SIZES}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
      sort={sortOf(props.orderBy)}
      onSortChange={(sort) => props.onOrderByChange(sort.direction === 'desc' ? `-${sort.key}` : sort.key)}
    />
  );
}
