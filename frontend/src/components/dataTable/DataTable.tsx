import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import { type Theme, styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { ListPagination } from './ListPagination';
import { dataTableMessages } from './messages';

export type SortDirection = 'asc' | 'desc';

export interface DataTableSort<SortKey extends string = string> {
  key: SortKey;
  direction: SortDirection;
}

export interface DataTableColumn<Row, SortKey extends string = string> {
  /** Unique among the table's columns. */
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  /** The server's sort key; the header becomes a sort button. */
  sortKey?: SortKey;
  /** The direction of the first click on the header: dates and amounts read best newest / largest first. */
  firstSortDirection?: SortDirection;
  align?: 'left' | 'right';
  /** Keep the cell on one line (numbers, dates, amounts). */
  noWrap?: boolean;
  /** The cell names its row (a `<th scope="row">`), e.g. the document number. */
  rowHeader?: boolean;
  /**
   * On the mobile card layout: `title` cells head the card without a label, `field` cells (the default) are
   * label: value pairs, `hidden` ones are left out.
   */
  card?: 'title' | 'field' | 'hidden';
}

export const DATA_TABLE_PAGE_SIZES = [10, 20, 50] as const;

export interface DataTableProps<Row, SortKey extends string = string> {
  /** The table's accessible name. */
  label: string;
  columns: readonly DataTableColumn<Row, SortKey>[];
  /** The current page's rows; undefined until the first page has loaded. */
  rows: readonly Row[] | undefined;
  getRowKey(row: Row): string | number;
  totalCount: number;
  /** More rows than `totalCount` match (ListPagination). */
  totalCountCapped?: boolean;
  /** Zero-based. */
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  onPageChange(page: number): void;
  onPageSizeChange(pageSize: number): void;
  sort?: DataTableSort<SortKey> | null;
  onSortChange?(sort: DataTableSort<SortKey>): void;
  /** A request is running: the first load shows placeholder rows, later ones keep the rows shown under a bar. */
  loading?: boolean;
  /** The progress bar's accessible name; "Loading…" by default. */
  loadingLabel?: string;
  /** Shown instead of the rows when set: a failed load with its retry action. */
  errorState?: ReactNode;
  /** Shown instead of the table when there are no rows. */
  emptyState?: ReactNode;
}

const Frame = styled(Paper)({ overflow: 'hidden' });

const CardFrame = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

// The bar's place is kept while nothing loads, so that rows do not jump when a request starts.
const ProgressSlot = styled('div')({ height: 4 });

const StateSlot = styled('div')(({ theme }) => ({ padding: theme.spacing(6, 3) }));

// Long headers (German "Zuletzt aktualisiert", "Ausgestellt am") wrap between words and the gaps between columns
// are narrower than MUI's 16 px, so that eight columns fit the desktop content width at 1280 px in every language
// rather than scrolling sideways (issue 15). Where there is room the auto table layout keeps headers on one line.
// The outer edges keep MUI's 16 px, in line with the card around the table.
const cellSpacing = (theme: Theme) => ({
  'td + &, th + &': { paddingLeft: theme.spacing(1.5) },
  '&:not(:last-child)': { paddingRight: theme.spacing(1.5) },
});

const HeaderCell = styled(TableCell)(({ theme }) => ({
  ...cellSpacing(theme),
  fontWeight: 600,
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.background.default,
}));

const BodyCell = styled(TableCell, { shouldForwardProp: (prop) => prop !== 'noWrap' })<{ noWrap?: boolean }>(({ theme, noWrap }) => ({
  ...cellSpacing(theme),
  whiteSpace: noWrap ? 'nowrap' : undefined,
}));

const BodyRow = styled(TableRow)({ '&:last-child td, &:last-child th': { borderBottom: 0 } });

const Pagination = styled(ListPagination)(({ theme }) => ({
  borderTop: `1px solid ${theme.palette.divider}`,
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: theme.spacing(0.5) },
}));

const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
}));

const Card = styled(Paper)(({ theme }) => ({ padding: theme.spacing(2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const CardTitle = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
  fontWeight: 600,
}));

const CardFields = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(0.75),
  '& > div': { display: 'contents' },
  '& dt': { color: theme.palette.text.secondary, ...theme.typography.body2 },
  '& dd': { margin: 0, overflowWrap: 'anywhere', ...theme.typography.body2 },
}));

const SKELETON_ROWS = 5;
const SKELETON_CARDS = 3;

function nextSort<Row, SortKey extends string>(
  column: DataTableColumn<Row, SortKey> & { sortKey: SortKey },
  current: DataTableSort<SortKey> | null | undefined,
): DataTableSort<SortKey> {
  if (current?.key === column.sortKey) return { key: column.sortKey, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key: column.sortKey, direction: column.firstSortDirection ?? 'asc' };
}

function isSortable<Row, SortKey extends string>(
  column: DataTableColumn<Row, SortKey>,
): column is DataTableColumn<Row, SortKey> & { sortKey: SortKey } {
  return column.sortKey !== undefined;
}

/**
 * A server-paged list: sortable headers, paging, loading / empty / error states; on the mobile layout the rows
 * become cards of label: value pairs. The caller owns the data and the state (page, size, sort).
 */
export function DataTable<Row, SortKey extends string = string>(props: DataTableProps<Row, SortKey>) {
  const t = useMessages(dataTableMessages);
  const mobile = useMobileLayout();
  const { label, columns, rows, getRowKey, sort, onSortChange, loading = false, errorState, emptyState } = props;
  const pageSizes = props.pageSizes ?? DATA_TABLE_PAGE_SIZES;

  const shownRows = rows ?? [];
  const hasRows = shownRows.length > 0;
  const body: 'error' | 'rows' | 'placeholder' | 'empty' =
    errorState ? 'error' : hasRows ? 'rows' : loading ? 'placeholder' : 'empty';
  const busy = loading && body !== 'error';

  const progress = (
    <ProgressSlot>{busy && <LinearProgress aria-label={props.loadingLabel ?? t('dataTable.loading')} />}</ProgressSlot>
  );

  const pagination = body === 'rows' && (
    <Pagination
      totalCount={props.totalCount}
      totalCountCapped={props.totalCountCapped}
      page={props.page}
      pageSize={props.pageSize}
      pageSizes={pageSizes}
      onPageChange={props.onPageChange}
      onPageSizeChange={props.onPageSizeChange}
    />
  );

  if (mobile) {
    const sortChoices = (onSortChange ? columns.filter(isSortable) : []).flatMap((column) =>
      (['asc', 'desc'] as const).map((direction) => ({
        value: `${direction}:${column.sortKey}`,
        sort: { key: column.sortKey, direction },
        label: t(direction === 'asc' ? 'dataTable.sortAscending' : 'dataTable.sortDescending', { column: column.header }),
      })),
    );
    const titleColumns = columns.filter((column) => column.card === 'title');
    const fieldColumns = columns.filter((column) => (column.card ?? 'field') === 'field');
    return (
      <CardFrame>
        {sortChoices.length > 0 && body === 'rows' && (
          <TextField
            select
            size="small"
            label={t('dataTable.sortBy')}
            value={sort ? `${sort.direction}:${sort.key}` : ''}
            // A native select: the phone's own picker.
            slotProps={{ select: { native: true } }}
            onChange={(event) => {
              const choice = sortChoices.find((option) => option.value === event.target.value);
              if (choice) onSortChange?.(choice.sort);
            }}
          >
            {sort === null || sort === undefined ? <option value="" disabled /> : null}
            {sortChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </TextField>
        )}
        {progress}
        {body === 'error' && <StateSlot>{errorState}</StateSlot>}
        {body === 'empty' && <StateSlot>{emptyState}</StateSlot>}
        {body === 'placeholder' && (
          <CardList aria-hidden>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={index}>
                <Card variant="outlined">
                  <Skeleton variant="text" width="40%" />
                  <Skeleton variant="text" />
                  <Skeleton variant="text" width="70%" />
                </Card>
              </li>
            ))}
          </CardList>
        )}
        {body === 'rows' && (
          <CardList aria-label={label} aria-busy={busy}>
            {shownRows.map((row) => (
              <li key={getRowKey(row)}>
                <Card variant="outlined">
                  {titleColumns.length > 0 && (
                    <CardTitle>
                      {titleColumns.map((column) => (
                        <span key={column.id}>{column.cell(row)}</span>
                      ))}
                    </CardTitle>
                  )}
                  <CardFields>
                    {fieldColumns.map((column) => (
                      <div key={column.id}>
                        <dt>{column.header}</dt>
                        <dd>{column.cell(row)}</dd>
                      </div>
                    ))}
                  </CardFields>
                </Card>
              </li>
            ))}
          </CardList>
        )}
        {pagination}
      </CardFrame>
    );
  }

  return (
    <Frame variant="outlined">
      {progress}
      {body === 'error' && <StateSlot>{errorState}</StateSlot>}
      {body === 'empty' && <StateSlot>{emptyState}</StateSlot>}
      {(body === 'rows' || body === 'placeholder') && (
        <TableContainer>
          <Table aria-label={label} aria-busy={busy}>
            <TableHead>
              <TableRow>
                {columns.map((column) => {
                  const active = column.sortKey !== undefined && sort?.key === column.sortKey;
                  return (
                    <HeaderCell key={column.id} align={column.align} sortDirection={active && sort ? sort.direction : false}>
                      {isSortable(column) && onSortChange ? (
                        <TableSortLabel
                          active={active}
                          direction={active && sort ? sort.direction : (column.firstSortDirection ?? 'asc')}
                          onClick={() => onSortChange(nextSort(column, sort))}
                        >
                          {column.header}
                        </TableSortLabel>
                      ) : (
                        column.header
                      )}
                    </HeaderCell>
                  );
                })}
              </TableRow>
            </TableHead>
            <TableBody>
              {body === 'placeholder'
                ? Array.from({ length: Math.min(props.pageSize, SKELETON_ROWS) }, (_, index) => (
                    <BodyRow key={index} aria-hidden>
                      {columns.map((column) => (
                        <BodyCell key={column.id}>
                          <Skeleton variant="text" />
                        </BodyCell>
                      ))}
                    </BodyRow>
                  ))
                : shownRows.map((row) => (
                    <BodyRow key={getRowKey(row)} hover>
                      {columns.map((column) => (
                        <BodyCell
                          key={column.id}
                          align={column.align}
                          noWrap={column.noWrap}
                          {...(column.rowHeader ? { component: 'th', scope: 'row' } : {})}
                        >
                          {column.cell(row)}
                        </BodyCell>
                      ))}
                    </BodyRow>
                  ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {pagination}
    </Frame>
  );
}
