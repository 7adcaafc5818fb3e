import { DataTable, type DataTableProps, type DataTableSort } from './DataTable';

/** A list's sort as the server takes it: a field, descending with a leading minus. */
export type ListOrderBy<SortKey extends string> = SortKey | `-${SortKey}`;

export function orderByField<SortKey extends string>(orderBy: ListOrderBy<SortKey>): SortKey {
  return orderBy.replace(/^-/, '') as SortKey;
}

export interface ListDataTableProps<Row, SortKey extends string>
  extends Omit<DataTableProps<Row, SortKey>, 'page' | 'onPageChange' | 'sort' | 'onSortChange'> {
  /** One-based, as the list's URL counts pages. */
  page: number;
  onPageChange(page: number): void;
  orderBy: ListOrderBy<SortKey>;
  onOrderByChange(orderBy: ListOrderBy<SortKey>): void;
}

/** The data table of a list paged and sorted on the server, in the list's own terms (one-based page, `-field`). */
export function ListDataTable<Row, SortKey extends string>({ page, onPageChange, orderBy, onOrderByChange, ...table }: ListDataTableProps<Row, SortKey>) {
  const sort: DataTableSort<SortKey> = {
    key: orderByField(orderBy),
    direction: orderBy.startsWith('-') ? 'desc' : 'asc',
  };
  return (
    <DataTable
      {...table}
      page={page - 1}
      onPageChange={(next) => onPageChange(next + 1)}
      sort={sort}
      onSortChange={(next) => onOrderByChange(next.direction === 'desc' ? `-${next.key}` : next.key)}
    />
  );
}

/** What a list page hands its table besides the rows: the count, page, sort, loading and the states shown instead. */
export type ListTablePaging<SortKey extends string> = Pick<
  ListDataTableProps<unknown, SortKey>,
  'totalCount' | 'totalCountCapped' | 'page' | 'pageSize' | 'orderBy' | 'loading' | 'errorState' | 'emptyState' | 'onPageChange' | 'onPageSizeChange' | 'onOrderByChange'
>;
