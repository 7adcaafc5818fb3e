import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/dataTable/DataTable';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyOrderBy, CompanyOrderField, SuperAdminCompany } from '../api/superAdminCompanies';
import { dashboardMessages } from '../messages';
import { CompanyTreeActions, type CompanyTreeAction } from './CompanyTreeActions';

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
  /** Add a unit below the company, or move it (issue 40). */
  onTreeAction(action: CompanyTreeAction, company: SuperAdminCompany): void;
  /** The company whose action is running. */
  busyCompanyId: number | null;
}

/** Indentation steps shown at most: a deeper unit is no further right (its "Part of" says where it is). */
const MAX_INDENT = 6;

function sortOf(orderBy: CompanyOrderBy): DataTableSort<CompanyOrderField> {
  return { key: orderBy.replace(/^-/, '') as CompanyOrderField, direction: orderBy.startsWith('-') ? 'desc' : 'asc' };
}

/** The dashboard's companies: sortable by name and e-mail, paged by 10, 20 or 30, with the masquerade action; cards
 * on the mobile layout, so that the status and the action stay on screen at 375 px (issue 13). Issue 40: "Part of"
 * names the unit above each company, and sorting by it shows the trees, each unit indented below the one above it;
 * each row's menu adds a unit below the company or moves it. */
export function CompaniesTable(props: CompaniesTableProps) {
  const t = useMessages(dashboardMessages);
  const { busyCompanyId } = props;

  const tree = props.orderBy === 'tree' || props.orderBy === '-tree';

  const masquerade = (company: SuperAdminCompany) =>
    company.isAgenting ? (
      <Button
        size="small"
        variant="outlined"
        color="warning"
        sx={{ whiteSpace: 'nowrap' }}
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
          sx={{ whiteSpace: 'nowrap' }}
          aria-label={t('dashboard.masqueradeAs', { company: company.companyName })}
          loading={busyCompanyId === company.id}
          disabled={busyCompanyId !== null}
          onClick={() => props.onMasquerade(company)}
        >
          {t('dashboard.masquerade')}
        </Button>
      )
    );

  const action = (company: SuperAdminCompany) => (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {masquerade(company)}
      <CompanyTreeActions company={company} disabled={busyCompanyId !== null} onAction={props.onTreeAction} />
    </Box>
  );

  const name = (company: SuperAdminCompany) =>
    tree && company.depth > 0 ? (
      <Box component="span" sx={{ display: 'block', pl: Math.min(company.depth, MAX_INDENT) * 2 }}>
        {company.companyName}
      </Box>
    ) : (
      company.companyName
    );

  const columns: DataTableColumn<SuperAdminCompany, CompanyOrderField>[] = [
    { id: 'name', header: t('dashboard.col.name'), cell: name, sortKey: 'companyName', card: 'title', rowHeader: true },
    {
      id: 'parent',
      header: t('dashboard.col.parent'),
      cell: (company) => (company.parentId !== null ? company.parentName : t('dashboard.topLevel')),
      sortKey: 'tree',
    },
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
