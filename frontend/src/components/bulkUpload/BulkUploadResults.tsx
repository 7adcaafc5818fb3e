import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useState, type MouseEvent, type ReactNode } from 'react';

import { ListPagination } from '../dataTable/ListPagination';
import { useLanguage, useMessages, type Translate } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { BULK_PAGE_SIZES, LINK_REFRESH_AFTER_MS, displayedRow } from './bulkUploadRules';
import { startDownload } from '../../lib/download';
import { bulkUploadMessages } from './messages';
import type { BulkUploadErrorRow, BulkUploadResult, BulkUploadValidProduct } from './types';

type Texts = Translate<MessageKey<typeof bulkUploadMessages>>;

type TabKind = 'errors' | 'valid';

const FileLine = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(0.5, 0.5, 0.5, 1.5),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
}));

const HeaderCell = styled(TableCell)(({ theme }) => ({ fontWeight: 600, color: theme.palette.text.secondary }));

const Pager = styled(ListPagination)(({ theme }) => ({
  borderTop: `1px solid ${theme.palette.divider}`,
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: theme.spacing(0.5) },
}));

// The server's row codes (docs/api.md "The rules"); the overlay never reads the English `error` for them.
const ROW_ERROR_KEYS = {
  sku_required: 'bulkUpload.rowError.sku_required',
  unknown_sku: 'bulkUpload.rowError.unknown_sku',
  sku_too_long: 'bulkUpload.rowError.sku_too_long',
  ambiguous_sku: 'bulkUpload.rowError.ambiguous_sku',
  invalid_quantity: 'bulkUpload.rowError.invalid_quantity',
  not_available: 'bulkUpload.rowError.not_available',
  required_options_missing: 'bulkUpload.rowError.required_options_missing',
  total_quantity_exceeded: 'bulkUpload.rowError.total_quantity_exceeded',
  too_many_products: 'bulkUpload.rowError.too_many_products',
  out_of_stock: 'bulkUpload.rowError.out_of_stock',
  insufficient_stock: 'bulkUpload.rowError.insufficient_stock',
} as const satisfies Record<string, MessageKey<typeof bulkUploadMessages>>;

/** The server's own text of `not_available`: anything else there is the product's own message, shown as written. */
const NOT_AVAILABLE_DEFAULT = 'This product is not available for purchase.';

export function rowErrorText(t: Texts, row: Pick<BulkUploadErrorRow, 'errorCode' | 'error'>): string {
  if (row.errorCode === 'not_available' && row.error && row.error !== NOT_AVAILABLE_DEFAULT) return row.error;
  const key = ROW_ERROR_KEYS[row.errorCode as keyof typeof ROW_ERROR_KEYS];
  return key ? t(key) : row.error;
}

function validNote(t: Texts, product: BulkUploadValidProduct): string | null {
  if (product.stockErrorCode === 'out_of_stock') return t('bulkUpload.stock.out');
  if (product.stockErrorCode === 'insufficient_stock') {
    return product.availableStock !== null ? t('bulkUpload.stock.only', { count: product.availableStock }) : t('bulkUpload.rowError.insufficient_stock');
  }
  if (product.needsOptions) return t('bulkUpload.needsOptions');
  return null;
}

/** issue 36: the rows of one product are merged into one line, and the buyer is told. */
function mergedNote(t: Texts, product: BulkUploadValidProduct): string | null {
  return product.rowCount > 1 ? t('bulkUpload.mergedRows', { count: product.rowCount }) : null;
}

interface Column<Row> {
  id: string;
  header: string;
  cell(row: Row): ReactNode;
  align?: 'right';
}

interface PagedTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey(row: Row, index: number): string;
}

/** business §2: a list paged 10, 20 or 50 at a time, 'Products per page:', 'No product' when empty. */
function PagedTable<Row>({ label, columns, rows, rowKey }: PagedTableProps<Row>) {
  const t = useMessages(bulkUploadMessages);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState<number>(BULK_PAGE_SIZES[0]);
  const lastPage = Math.max(0, Math.ceil(rows.length / pageSize) - 1);
  const shownPage = Math.min(page, lastPage);
  const shown = rows.slice(shownPage * pageSize, shownPage * pageSize + pageSize);
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
        {t('bulkUpload.noProduct')}
      </Typography>
    );
  }
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={label}>
          <TableHead>
            <TableRow>
              {columns.map((column) => (
                <HeaderCell key={column.id} align={column.align}>
                  {column.header}
                </HeaderCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row, index) => (
              <TableRow key={rowKey(row, shownPage * pageSize + index)}>
                {columns.map((column) => (
                  <TableCell key={column.id} align={column.align} sx={{ overflowWrap: 'anywhere' }}>
                    {column.cell(row)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Pager
        totalCount={rows.length}
        page={shownPage}
        pageSize={pageSize}
        pageSizes={BULK_PAGE_SIZES}
        onPageChange={setPage}
        onPageSizeChange={(size) => {
          setPageSize(size);
          setPage(0);
        }}
        rowsPerPageLabel={t('bulkUpload.perPage')}
      />
    </Paper>
  );
}

export interface BulkUploadResultsProps {
  /** The id of the file name, which receives focus when the results arrive. */
  fileId: string;
  fileName: string;
  result: BulkUploadResult;
  /** When the result (and its signed links) was fetched, ms since the epoch. */
  fetchedAt: number;
  onRemove(): void;
  /** Asks for the upload again: its result with fresh signed links, or null. */
  refreshLinks(): Promise<BulkUploadResult | null>;
}

/** business §2 step three: the file with its Remove menu, then the Errors / Valid tabs (a tab only with rows). */
export function BulkUploadResults({ fileId, fileName, result, fetchedAt, onRemove, refreshLinks }: BulkUploadResultsProps) {
  const t = useMessages(bulkUploadMessages);
  const language = useLanguage();
  const mobile = useMobileLayout();
  const numbers = new Intl.NumberFormat(language);
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const hasErrors = result.errorProduct.length > 0;
  const hasValid = result.validProduct.length > 0;
  // business §2: the Errors tab comes first, and is selected first when there are errors.
  const [chosen, setChosen] = useState<TabKind>(hasErrors ? 'errors' : 'valid');
  const tab: TabKind = chosen === 'errors' && !hasErrors ? 'valid' : chosen === 'valid' && !hasValid ? 'errors' : chosen;
  const tabId = (kind: TabKind) => `${fileId}-tab-${kind}`;
  const panelId = (kind: TabKind) => `${fileId}-panel-${kind}`;

  const errorColumns: Column<BulkUploadErrorRow>[] = [
    { id: 'sku', header: t('bulkUpload.column.sku'), cell: (row) => row.sku },
    { id: 'qty', header: t('bulkUpload.column.qty'), cell: (row) => row.qty },
    { id: 'row', header: t('bulkUpload.column.row'), cell: (row) => numbers.format(displayedRow(row.row)), align: 'right' },
    { id: 'error', header: t('bulkUpload.column.error'), cell: (row) => rowErrorText(t, row) },
  ];
  const validColumns: Column<BulkUploadValidProduct>[] = [
    {
      id: 'sku',
      header: t('bulkUpload.column.sku'),
      cell: (product) => {
        const note = validNote(t, product);
        const merged = mergedNote(t, product);
        return (
          <>
            <span>{product.sku}</span>
            {note && (
              <Typography variant="caption" color={product.stockErrorCode ? 'error' : 'text.secondary'} component="span" sx={{ display: 'block' }}>
                {note}
              </Typography>
            )}
            {merged && (
              <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block' }}>
                {merged}
              </Typography>
            )}
          </>
        );
      },
    },
    { id: 'qty', header: t('bulkUpload.column.qty'), cell: (product) => numbers.format(product.qty), align: 'right' },
  ];

  const onErrorFile = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A link older than its life is fetched again first; a fresh one the browser simply follows.
    if (Date.now() - fetchedAt < LINK_REFRESH_AFTER_MS) return;
    event.preventDefault();
    const fresh = await refreshLinks();
    if (fresh?.errorFileDownloadUrl) startDownload(fresh.errorFileDownloadUrl);
  };

  return (
    <>
      <FileLine>
        <Typography id={fileId} tabIndex={-1} sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', outline: 'none' }} data-testid="bulk-upload-file-name">
          {fileName}
        </Typography>
        <IconButton
          aria-label={t('bulkUpload.fileMenu', { name: fileName })}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          aria-controls={menuAnchor ? `${fileId}-menu` : undefined}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
        >
          <span aria-hidden style={{ fontSize: 20, lineHeight: 1 }}>
            ⋮
          </span>
        </IconButton>
        <Menu id={`${fileId}-menu`} anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem
            onClick={() => {
              setMenuAnchor(null);
              onRemove();
            }}
          >
            {t('bulkUpload.remove')}
          </MenuItem>
        </Menu>
      </FileLine>
      <Typography variant="body2" role="status" data-testid="bulk-upload-summary">
        {t('bulkUpload.summary', { rows: result.rowCount, validRows: result.validRowCount, products: result.validCount, errorRows: result.errorRowCount })}
      </Typography>
      {!hasErrors && !hasValid ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('bulkUpload.noProduct')}
        </Typography>
      ) : (
        <div>
          <Tabs
            value={tab}
            onChange={(_, next: TabKind) => setChosen(next)}
            aria-label={t('bulkUpload.tabs')}
            variant={mobile ? 'fullWidth' : 'standard'}
            sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
          >
            {hasErrors && (
              <Tab value="errors" id={tabId('errors')} aria-controls={panelId('errors')} label={t('bulkUpload.tab.errors', { count: numbers.format(result.errorCount) })} />
            )}
            {hasValid && (
              <Tab value="valid" id={tabId('valid')} aria-controls={panelId('valid')} label={t('bulkUpload.tab.valid', { count: numbers.format(result.validProduct.length) })} />
            )}
          </Tabs>
          {tab === 'errors' && (
            <div role="tabpanel" id={panelId('errors')} aria-labelledby={tabId('errors')}>
              {(result.errorFileDownloadUrl || result.errorCount > result.errorProduct.length) && (
                <Typography variant="body2" component="div" sx={{ mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2 }}>
                  {result.errorFileDownloadUrl && (
                    <Link href={result.errorFileDownloadUrl} download onClick={(event) => void onErrorFile(event)}>
                      {t('bulkUpload.errorFile')}
                    </Link>
                  )}
                  {result.errorCount > result.errorProduct.length && (
                    <span>
                      {t('bulkUpload.errorsTruncated', { shown: numbers.format(result.errorProduct.length), count: numbers.format(result.errorCount) })}
                    </span>
                  )}
                </Typography>
              )}
              <PagedTable label={t('bulkUpload.table.errors')} columns={errorColumns} rows={result.errorProduct} rowKey={(row, index) => `${row.row}-${index}`} />
            </div>
          )}
          {tab === 'valid' && (
            <div role="tabpanel" id={panelId('valid')} aria-labelledby={tabId('valid')}>
              <PagedTable label={t('bulkUpload.table.valid')} columns={validColumns} rows={result.validProduct} rowKey={(product) => `${product.productId}-${product.variantId ?? ''}-${product.row}`} />
            </div>
          )}
        </div>
      )}
    </>
  );
}
