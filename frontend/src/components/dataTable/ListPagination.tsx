import TablePagination from '@mui/material/TablePagination';

import { useLanguage, useMessages } from '../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { dataTableMessages } from './messages';

export interface ListPaginationProps {
  totalCount: number;
  /** More rows than `totalCount` match (a search counted only so far): the label says "of more than …". */
  totalCountCapped?: boolean;
  /** Zero-based. */
  page: number;
  pageSize: number;
  pageSizes: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  /** The page size's label; "Rows per page" by default. */
  rowsPerPageLabel?: string;
  className?: string;
}

/** The pager under a list paged on the server: translated labels and numbers, first / last buttons but on a phone. */
export function ListPagination({ totalCount, totalCountCapped = false, page, pageSize, pageSizes, onPageChange, onPageSizeChange, rowsPerPageLabel, className }: ListPaginationProps) {
  const t = useMessages(dataTableMessages);
  const language = useLanguage();
  const mobile = useMobileLayout();
  const numbers = new Intl.NumberFormat(language);
  return (
    <TablePagination
      className={className}
      component="div"
      count={totalCount}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...pageSizes]}
      onPageChange={(_, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onPageSizeChange(Number(event.target.value))}
      labelRowsPerPage={rowsPerPageLabel ?? t('dataTable.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t(totalCountCapped ? 'dataTable.displayedRowsCapped' : 'dataTable.displayedRows', {
          from: numbers.format(from),
          to: numbers.format(to),
          count: numbers.format(count),
        })
      }
      getItemAriaLabel={(type) => t(`dataTable.${type}Page`)}
      showFirstButton={!mobile}
      showLastButton={!mobile}
    />
  );
}
