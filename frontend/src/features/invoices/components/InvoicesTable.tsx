import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Fragment, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { CardFacts, CardFrame, CardHead, CardTitle } from '../../../components/CardParts';
import { useCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { InvoiceListItem, InvoiceOrderBy, InvoiceOrderField } from '../api/invoices';
import { invoiceDetailPath } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { InvoiceDay, InvoiceDueDate } from './InvoiceDates';
import { InvoiceStatusChip } from './InvoiceStatusChip';

type T = Translate<MessageKey<typeof invoicesMessages>>;

/** The ticked invoices (over every page) and the amounts typed to pay on them. */
export interface InvoiceSelection {
  isSelected(invoice: InvoiceListItem): boolean;
  /** Whether the invoice can be paid by this user (not paid, not refused to them). */
  payable(invoice: InvoiceListItem): boolean;
  amount(invoice: InvoiceListItem): string;
  /** The amount's problem, translated, once it should be shown; null when none. */
  amountError(invoice: InvoiceListItem): string | null;
  onToggle(invoice: InvoiceListItem): void;
  /** Ticks every invoice of the page shown, or unticks them when all are. */
  onTogglePage(): void;
  onAmountChange(invoice: InvoiceListItem, amount: string): void;
  onAmountBlur(invoice: InvoiceListItem): void;
}

export interface InvoicesTableProps {
  invoices: readonly InvoiceListItem[];
  selection: InvoiceSelection;
  orderBy: InvoiceOrderBy;
  onOrderByChange(orderBy: InvoiceOrderBy): void;
  /** The row's menu (its own button). */
  menu(invoice: InvoiceListItem): ReactNode;
  /** Whether the invoice number opens the invoice's page. */
  canOpenDetail: boolean;
  /** The order's page, when the user may open it. */
  orderPath(invoice: InvoiceListItem): string | null;
  /** The table's accessible name. */
  label: string;
  /** A page is loading: the rows shown stay, marked busy. */
  busy: boolean;
}

type Column = { id: string; label: MessageKey<typeof invoicesMessages>; sortKey?: InvoiceOrderField; firstDirection?: 'asc' | 'desc'; align?: 'right' };

const COLUMNS: readonly Column[] = [
  { id: 'invoiceNumber', label: 'invoices.col.invoiceNumber', sortKey: 'invoiceNumber', firstDirection: 'desc' },
  { id: 'order', label: 'invoices.col.order', sortKey: 'orderNumber', firstDirection: 'desc' },
  { id: 'invoiceDate', label: 'invoices.col.invoiceDate', sortKey: 'invoiceDate', firstDirection: 'desc' },
  { id: 'dueDate', label: 'invoices.col.dueDate', sortKey: 'dueDate' },
  { id: 'status', label: 'invoices.col.status', sortKey: 'status' },
  { id: 'total', label: 'invoices.col.total', sortKey: 'originalBalance', firstDirection: 'desc', align: 'right' },
  { id: 'open', label: 'invoices.col.openBalance', sortKey: 'openBalance', firstDirection: 'desc', align: 'right' },
  { id: 'amount', label: 'invoices.col.amountToPay' },
];

const Frame = styled(Paper)({ overflowX: 'auto' });

// The gaps between columns are narrower than MUI's 16 px, so that the ten columns fit 1280 px in every language.
const CompactTable = styled(Table)(({ theme }) => ({
  '& td + td, & td + th, & th + td, & th + th': { paddingLeft: theme.spacing(1) },
  '& td:not(:last-child), & th:not(:last-child)': { paddingRight: theme.spacing(1) },
}));

const HeadCell = styled(TableCell)(({ theme }) => ({
  fontWeight: 600,
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.background.default,
  lineHeight: 1.3,
}));

const CardList = styled('ul')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const CardTitleRow = styled('div')({ display: 'flex', alignItems: 'center', minWidth: 0, marginLeft: -9 });

const CardFoot = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
}));

function sortOf(orderBy: InvoiceOrderBy): { field: InvoiceOrderField; direction: 'asc' | 'desc' } {
  return { field: orderBy.replace(/^-/, '') as InvoiceOrderField, direction: orderBy.startsWith('-') ? 'desc' : 'asc' };
}

/** The buyer's PO number under the invoice number (the table keeps one column fewer). */
function PoNumber({ invoice, t }: { invoice: InvoiceListItem; t: T }) {
  if (!invoice.purchaseOrderNumber) return null;
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {t('invoices.poShort', { po: invoice.purchaseOrderNumber })}
    </Typography>
  );
}

function PendingNote({ invoice, t }: { invoice: InvoiceListItem; t: T }) {
  if (invoice.pendingPaymentCount <= 0) return null;
  return (
    <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
      {t('invoices.pendingPayment')}
    </Typography>
  );
}

function AmountField({ invoice, selection, t, fullWidth = false }: { invoice: InvoiceListItem; selection: InvoiceSelection; t: T; fullWidth?: boolean }) {
  const error = selection.amountError(invoice);
  return (
    <TextField
      size="small"
      value={selection.amount(invoice)}
      onChange={(event) => selection.onAmountChange(invoice, event.target.value)}
      onBlur={() => selection.onAmountBlur(invoice)}
      error={error !== null}
      helperText={error ?? undefined}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { width: 170 }}
      slotProps={{
        htmlInput: {
          inputMode: 'decimal',
          'aria-label': t('invoices.amountToPayOn', { number: invoice.invoiceNumber }),
          'data-invoice-amount': invoice.id,
          maxLength: 16,
        },
        input: { endAdornment: <InputAdornment position="end">{invoice.openBalance.code}</InputAdornment> },
      }}
    />
  );
}

function NumberLink({ invoice, canOpenDetail }: { invoice: InvoiceListItem; canOpenDetail: boolean }) {
  return canOpenDetail ? (
    <Link component={RouterLink} to={invoiceDetailPath(invoice.id)} variant="subtitle2">
      {invoice.invoiceNumber}
    </Link>
  ) : (
    <>{invoice.invoiceNumber}</>
  );
}

function OrderLink({ invoice, path }: { invoice: InvoiceListItem; path: string | null }) {
  if (!invoice.orderNumber) return <>—</>;
  return path ? (
    <Link component={RouterLink} to={path}>
      {invoice.orderNumber}
    </Link>
  ) : (
    <>{invoice.orderNumber}</>
  );
}

/**
 * The /invoice list (issue 20): selectable rows (over every page) with an editable amount to pay on each ticked one
 * that can be paid, sortable columns (on the server), the status with a payment in progress, and a menu per row.
 * Cards on the mobile layout (shell §2, 750 px).
 */
export function InvoicesTable({ invoices, selection, orderBy, onOrderByChange, menu, canOpenDetail, orderPath, label, busy }: InvoicesTableProps) {
  const t = useMessages(invoicesMessages);
  const mobile = useMobileLayout();
  // Issue 40: the unit billed, when the list spans the units below the caller's.
  const company = useCompanyColumn<InvoiceListItem>((invoice) => invoice.companyName);
  const formatMoney = useFormatMoney();
  const money = (amount: { code: string; value: string }) => formatMoney(amount.value, amount.code);
  const sort = sortOf(orderBy);
  const ticked = invoices.filter((invoice) => selection.isSelected(invoice)).length;
  const allTicked = invoices.length > 0 && ticked === invoices.length;
  const pageBox = (
    <Checkbox
      checked={allTicked}
      indeterminate={ticked > 0 && !allTicked}
      onChange={selection.onTogglePage}
      slotProps={mobile ? undefined : { input: { 'aria-label': t('invoices.selectPage') } }}
    />
  );
  const rowBox = (invoice: InvoiceListItem) => (
    <Checkbox
      checked={selection.isSelected(invoice)}
      onChange={() => selection.onToggle(invoice)}
      slotProps={{ input: { 'aria-label': t('invoices.selectInvoice', { number: invoice.invoiceNumber }) } }}
    />
  );
  const amountCell = (invoice: InvoiceListItem) =>
    selection.isSelected(invoice) && selection.payable(invoice) ? (
      <AmountField invoice={invoice} selection={selection} t={t} fullWidth={mobile} />
    ) : null;

  if (mobile) {
    return (
      <>
        <FormControlLabel control={pageBox} label={t('invoices.selectPage')} />
        <CardList aria-label={label} aria-busy={busy}>
          {invoices.map((invoice) => (
            <li key={invoice.id} data-testid={`invoice-card-${invoice.id}`}>
              <CardFrame variant="outlined">
                <CardHead>
                  <CardTitleRow>
                    {rowBox(invoice)}
                    <CardTitle variant="subtitle1" component="h2">
                      <NumberLink invoice={invoice} canOpenDetail={canOpenDetail} />
                    </CardTitle>
                  </CardTitleRow>
                  <InvoiceStatusChip status={invoice.status} />
                </CardHead>
                <CardFacts>
                  {company && (
                    <div>
                      <dt>{company.header}</dt>
                      <dd>{company.cell(invoice)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('invoices.col.order')}</dt>
                    <dd>
                      <OrderLink invoice={invoice} path={orderPath(invoice)} />
                    </dd>
                  </div>
                  {invoice.purchaseOrderNumber && (
                    <div>
                      <dt>{t('invoices.col.poNumber')}</dt>
                      <dd>{invoice.purchaseOrderNumber}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('invoices.col.invoiceDate')}</dt>
                    <dd>
                      <InvoiceDay day={invoice.invoiceDate} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('invoices.col.dueDate')}</dt>
                    <dd>
                      <InvoiceDueDate day={invoice.dueDate} status={invoice.status === 3 ? 0 : invoice.status} />
                    </dd>
                  </div>
                  <div>
                    <dt>{t('invoices.col.total')}</dt>
                    <dd>{money(invoice.originalBalance)}</dd>
                  </div>
                  <div>
                    <dt>{t('invoices.col.amountDue')}</dt>
                    <dd>
                      {money(invoice.openBalance)}
                      <PendingNote invoice={invoice} t={t} />
                    </dd>
                  </div>
                </CardFacts>
                {amountCell(invoice)}
                <CardFoot>{menu(invoice)}</CardFoot>
              </CardFrame>
            </li>
          ))}
        </CardList>
      </>
    );
  }

  return (
    <Frame variant="outlined">
      <TableContainer>
        <CompactTable aria-label={label} aria-busy={busy} size="small">
          <TableHead>
            <TableRow>
              <HeadCell padding="checkbox">{pageBox}</HeadCell>
              {COLUMNS.map((column, index) => {
                const active = column.sortKey !== undefined && sort.field === column.sortKey;
                return (
                  <Fragment key={column.id}>
                    <HeadCell align={column.align} sortDirection={active ? sort.direction : false}>
                      {column.sortKey ? (
                        <TableSortLabel
                          active={active}
                          direction={active ? sort.direction : (column.firstDirection ?? 'asc')}
                          onClick={() => {
                            const direction = active ? (sort.direction === 'asc' ? 'desc' : 'asc') : (column.firstDirection ?? 'asc');
                            onOrderByChange(direction === 'desc' ? `-${column.sortKey!}` : column.sortKey!);
                          }}
                        >
                          {t(column.label)}
                        </TableSortLabel>
                      ) : (
                        t(column.label)
                      )}
                    </HeadCell>
                    {/* Issue 40: the unit billed, after the invoice number that names the row. */}
                    {index === 0 && company && <HeadCell>{company.header}</HeadCell>}
                  </Fragment>
                );
              })}
              <HeadCell align="right">
                <VisuallyHidden>{t('invoices.col.actions')}</VisuallyHidden>
              </HeadCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoices.map((invoice) => (
              <TableRow key={invoice.id} hover selected={selection.isSelected(invoice)} data-testid={`invoice-row-${invoice.id}`}>
                <TableCell padding="checkbox">{rowBox(invoice)}</TableCell>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  <NumberLink invoice={invoice} canOpenDetail={canOpenDetail} />
                  <PoNumber invoice={invoice} t={t} />
                </TableCell>
                {company && <TableCell>{company.cell(invoice)}</TableCell>}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <OrderLink invoice={invoice} path={orderPath(invoice)} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <InvoiceDay day={invoice.invoiceDate} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <InvoiceDueDate day={invoice.dueDate} status={invoice.status === 3 ? 0 : invoice.status} />
                </TableCell>
                <TableCell>
                  <InvoiceStatusChip status={invoice.status} />
                  <PendingNote invoice={invoice} t={t} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(invoice.originalBalance)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(invoice.openBalance)}
                </TableCell>
                <TableCell>{amountCell(invoice)}</TableCell>
                <TableCell align="right">{menu(invoice)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </CompactTable>
      </TableContainer>
    </Frame>
  );
}
