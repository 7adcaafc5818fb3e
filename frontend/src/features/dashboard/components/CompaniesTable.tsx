import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';

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

/** The dashboard's companies: sortable by name and e-mail, paged by 10, 20 or 30, with the masquerade action. */
export function CompaniesTable(props: CompaniesTableProps) {
  const t = useMessages(dashboardMessages);
  const { companies, totalCount, page, pageSize, orderBy, busyCompanyId } = props;
  const field = orderBy.replace(/^-/, '') as CompanyOrderField;
  const direction = orderBy.startsWith('-') ? 'desc' : 'asc';

  const sortHeader = (name: CompanyOrderField, label: string) => (
    <TableCell sortDirection={field === name ? direction : false}>
      <TableSortLabel
        active={field === name}
        direction={field === name ? direction : 'asc'}
        onClick={() => props.onOrderByChange(field === name && direction === 'asc' ? `-${name}` : name)}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <>
      <TableContainer>
        <Table aria-label={t('dashboard.title')}>
          <TableHead>
            <TableRow>
              {sortHeader('companyName', t('dashboard.col.name'))}
              {sortHeader('companyEmail', t('dashboard.col.email'))}
              <TableCell>{t('dashboard.col.status')}</TableCell>
              <TableCell align="right">{t('dashboard.col.action')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {companies.map((company) => {
              const statusKey = STATUS_KEYS[company.status as keyof typeof STATUS_KEYS];
              return (
                <TableRow key={company.id} selected={company.isAgenting}>
                  <TableCell>{company.companyName}</TableCell>
                  <TableCell>{company.companyEmail}</TableCell>
                  <TableCell>{statusKey ? t(statusKey) : company.status}</TableCell>
                  <TableCell align="right">
                    {company.isAgenting ? (
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
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={totalCount}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[...PAGE_SIZES]}
        onPageChange={(_, next) => props.onPageChange(next)}
        onRowsPerPageChange={(event) => props.onPageSizeChange(Number(event.target.value))}
        labelRowsPerPage={t('dashboard.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('dashboard.displayedRows', { from, to, count })}
      />
    </>
  );
}
