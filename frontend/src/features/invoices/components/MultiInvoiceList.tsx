import Button from '@mui/material/Button';
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
import { Fragment, useState, type MouseEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { CardFacts, CardFrame, CardHead, CardTitle } from '../../../components/CardParts';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { InvoiceRow } from '../api/invoiceRows';
import { epochDay, shownStatus } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { MULTI_INVOICE_SORT_KEYS, type MultiInvoiceOrderBy, type MultiInvoiceSortKey } from '../multiInvoiceSort';
import { InvoiceActionsMenu, type InvoiceMenuAction } from './InvoiceActionsMenu';
import { InvoiceDay, InvoiceDueDate } from './InvoiceDates';
import { InvoicePdfPanel } from './InvoicePdfPanel';
import { InvoiceStatusChip } from './InvoiceStatusChip';
import { TrackingNumberList } from './TrackingNumberList';

type T = Translate<MessageKey<typeof invoicesMessages>>;

/** What the list can do with a row; the page decides (rights, fresh links). */
export interface MultiInvoiceRowActions {
  /** The invoice number's link was followed (the PDF in a new window): the page may renew a stale link first. */
  onPdfLinkClick(row: InvoiceRow, event: MouseEvent<HTMLAnchorElement>): void;
  /** The PDF link to follow now; null when the row's PDF may not be opened (no PDF, no right). */
  pdfUrl(row: InvoiceRow): string | null;
  /** The order's page; null without order permission or web order id. */
  orderPath(row: InvoiceRow): string | null;
  menu(row: InvoiceRow): InvoiceMenuAction[];
  /** The embedded PDF could not be fetched: its link is renewed. */
  onPdfReload(): void;
}

export interface MultiInvoiceListProps {
  rows: readonly InvoiceRow[];
  orderBy: MultiInvoiceOrderBy;
  onOrderByChange(orderBy: MultiInvoiceOrderBy): void;
  actions: MultiInvoiceRowActions;
  /** The table's accessible name (the page's title). */
  label: string;
}

const COLUMN_LABEL = {
  invoiceNumber: 'invoices.col.invoiceNumber',
  order: 'invoices.col.order',
  invoiceDate: 'invoices.col.invoiceDate',
  dueDate: 'invoices.col.dueDate',
  total: 'invoices.col.total',
} as const satisfies Record<MultiInvoiceSortKey, MessageKey<typeof invoicesMessages>>;

/** The first click on a header: numbers, dates and amounts read best newest / largest first. */
const FIRST_DIRECTION: Record<MultiInvoiceSortKey, 'asc' | 'desc'> = {
  invoiceNumber: 'desc',
  order: 'desc',
  invoiceDate: 'desc',
  dueDate: 'asc',
  total: 'desc',
};

function sortOf(orderBy: MultiInvoiceOrderBy): { key: MultiInvoiceSortKey; direction: 'asc' | 'desc' } {
  return { key: orderBy.replace(/^-/, '') as MultiInvoiceSortKey, direction: orderBy.startsWith('-') ? 'desc' : 'asc' };
}

const orderByOf = (key: MultiInvoiceSortKey, direction: 'asc' | 'desc'): MultiInvoiceOrderBy => (direction === 'desc' ? `-${key}` : key);

const Frame = styled(Paper)({ overflow: 'hidden' });

const HeadCell = styled(TableCell)(({ theme }) => ({
  fontWeight: 600,
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.background.default,
  lineHeight: 1.3,
}));

const DetailsCell = styled(TableCell)(({ theme }) => ({ backgroundColor: theme.palette.background.default, padding: theme.spacing(2, 3) }));

const Details = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(2),
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'minmax(200px, 1fr) minmax(0, 3fr)' },
}));

const DetailsBlock = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1), minWidth: 0 }));

const CardList = styled('ul')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const CardFoot = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
  borderTop: `1px solid ${theme.palette.divider}`,
  paddingTop: theme.spacing(1),
}));

const rowDetailsId = (row: InvoiceRow) => `multi-invoice-${row.id}-details`;

function InvoiceNumberCell({ row, actions, t }: { row: InvoiceRow; actions: MultiInvoiceRowActions; t: T }) {
  const url = actions.pdfUrl(row);
  if (!url) return <>{row.invoiceNumber}</>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" onClick={(event) => actions.onPdfLinkClick(row, event)} variant="subtitle2">
      {row.invoiceNumber} <VisuallyHidden>{t('invoices.pdfNewWindow')}</VisuallyHidden>
    </Link>
  );
}

function OrderCell({ row, actions }: { row: InvoiceRow; actions: MultiInvoiceRowActions }) {
  const path = actions.orderPath(row);
  if (!row.webOrderId) return <>—</>;
  return path ? (
    <Link component={RouterLink} to={path}>
      {row.webOrderId}
    </Link>
  ) : (
    <>{row.webOrderId}</>
  );
}

/** The expanded row: tracking numbers (each to the carrier in a new tab), the amount due and the embedded PDF. */
function RowDetails({ row, actions, t, money, compact }: { row: InvoiceRow; actions: MultiInvoiceRowActions; t: T; money: (row: InvoiceRow, amount: string) => string; compact: boolean }) {
  const url = actions.pdfUrl(row);
  return (
    <Details>
      <DetailsBlock>
        <Typography variant="subtitle2" component="h3">
          {t('invoices.tracking.title')}
        </Typography>
        <TrackingNumberList trackingNumbers={row.trackingNumbers} label={t('invoices.tracking.listLabel', { number: row.invoiceNumber })} />
        {/* The card shows the status and the amount due already. */}
        {!compact && (
          <CardFacts>
            <div>
              <dt>{t('invoices.col.status')}</dt>
              <dd>
                <InvoiceStatusChip status={shownStatus(row.status, epochDay(row.dueDate))} />
              </dd>
            </div>
            <div>
              <dt>{t('invoices.col.amountDue')}</dt>
              <dd>{money(row, row.openBalance)}</dd>
            </div>
          </CardFacts>
        )}
      </DetailsBlock>
      <DetailsBlock>
        <Typography variant="subtitle2" component="h3">
          {t('invoices.pdf.title')}
        </Typography>
        {url ? (
          <InvoicePdfPanel url={url} label={t('invoices.pdf.frameLabel', { number: row.invoiceNumber })} onReload={actions.onPdfReload} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('invoices.pdf.none')}
          </Typography>
        )}
      </DetailsBlock>
    </Details>
  );
}

function ExpandButton({ row, expanded, onToggle, t, children }: { row: InvoiceRow; expanded: boolean; onToggle(): void; t: T; children?: ReactNode }) {
  return (
    <Button
      size="small"
      onClick={onToggle}
      aria-expanded={expanded}
      aria-controls={expanded ? rowDetailsId(row) : undefined}
      aria-label={children ? undefined : t(expanded ? 'invoices.hideDetailsOf' : 'invoices.showDetailsOf', { number: row.invoiceNumber })}
      sx={children ? undefined : { minWidth: 0, px: 1 }}
    >
      <span aria-hidden>{expanded ? '▾' : '▸'}</span>
      {children && <>&nbsp;{children}</>}
    </Button>
  );
}

/**
 * business §2 multi-invoice screen: every invoice, without paging, in a table whose five columns sort (on the client);
 * each row expands to its tracking numbers and its PDF, and has a menu. Cards on the mobile layout (shell §2, 750 px):
 * order, invoice date, due date (red when overdue), invoice total and amount due.
 */
export function MultiInvoiceList({ rows, orderBy, onOrderByChange, actions, label }: MultiInvoiceListProps) {
  const t = useMessages(invoicesMessages);
  const mobile = useMobileLayout();
  const formatMoney = useFormatMoney();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const sort = sortOf(orderBy);
  const money = (row: InvoiceRow, amount: string) => (amount === '' ? '—' : formatMoney(amount, row.currencyCode || 'USD'));
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const menuOf = (row: InvoiceRow) => (
    <InvoiceActionsMenu
      label={t('invoices.actionsFor', { number: row.invoiceNumber })}
      buttonText={t('invoices.actions')}
      actions={actions.menu(row)}
    />
  );

  if (mobile) {
    return (
      <>
        <TextField
          select
          size="small"
          label={t('invoices.sortBy')}
          value={orderBy}
          slotProps={{ select: { native: true } }}
          onChange={(event) => onOrderByChange(event.target.value as MultiInvoiceOrderBy)}
        >
          {MULTI_INVOICE_SORT_KEYS.flatMap((key) =>
            (['asc', 'desc'] as const).map((direction) => (
              <option key={`${key}:${direction}`} value={orderByOf(key, direction)}>
                {t(direction === 'asc' ? 'invoices.sortAscending' : 'invoices.sortDescending', { column: t(COLUMN_LABEL[key]) })}
              </option>
            )),
          )}
        </TextField>
        <CardList aria-label={label}>
          {rows.map((row) => {
            const open = expanded.has(row.id);
            return (
              <li key={row.id} data-testid={`invoice-card-${row.id}`}>
                <CardFrame variant="outlined">
                  <CardHead>
                    <CardTitle variant="subtitle1" component="h2">
                      <InvoiceNumberCell row={row} actions={actions} t={t} />
                    </CardTitle>
                    <InvoiceStatusChip status={shownStatus(row.status, epochDay(row.dueDate))} />
                  </CardHead>
                  <CardFacts>
                    <div>
                      <dt>{t('invoices.col.order')}</dt>
                      <dd>
                        <OrderCell row={row} actions={actions} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('invoices.col.invoiceDate')}</dt>
                      <dd>
                        <InvoiceDay day={epochDay(row.invoiceDate)} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('invoices.col.dueDate')}</dt>
                      <dd>
                        <InvoiceDueDate day={epochDay(row.dueDate)} status={row.status} />
                      </dd>
                    </div>
                    <div>
                      <dt>{t('invoices.col.total')}</dt>
                      <dd>{money(row, row.total)}</dd>
                    </div>
                    <div>
                      <dt>{t('invoices.col.amountDue')}</dt>
                      <dd>{money(row, row.openBalance)}</dd>
                    </div>
                  </CardFacts>
                  {open && (
                    <div id={rowDetailsId(row)}>
                      <RowDetails row={row} actions={actions} t={t} money={money} compact />
                    </div>
                  )}
                  <CardFoot>
                    <ExpandButton row={row} expanded={open} onToggle={() => toggle(row.id)} t={t}>
                      {t(open ? 'invoices.hideDetails' : 'invoices.showDetails')} <VisuallyHidden>{row.invoiceNumber}</VisuallyHidden>
                    </ExpandButton>
                    {menuOf(row)}
                  </CardFoot>
                </CardFrame>
              </li>
            );
          })}
        </CardList>
      </>
    );
  }

  return (
    <Frame variant="outlined">
      <TableContainer>
        <Table aria-label={label}>
          <TableHead>
            <TableRow>
              <HeadCell padding="checkbox">
                <VisuallyHidden>{t('invoices.col.details')}</VisuallyHidden>
              </HeadCell>
              {MULTI_INVOICE_SORT_KEYS.map((key) => {
                const active = sort.key === key;
                return (
                  <HeadCell key={key} align={key === 'total' ? 'right' : undefined} sortDirection={active ? sort.direction : false}>
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : FIRST_DIRECTION[key]}
                      onClick={() => onOrderByChange(orderByOf(key, active ? (sort.direction === 'asc' ? 'desc' : 'asc') : FIRST_DIRECTION[key]))}
                    >
                      {t(COLUMN_LABEL[key])}
                    </TableSortLabel>
                  </HeadCell>
                );
              })}
              <HeadCell align="right">
                <VisuallyHidden>{t('invoices.col.actions')}</VisuallyHidden>
              </HeadCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => {
              const open = expanded.has(row.id);
              return (
                <Fragment key={row.id}>
                  <TableRow hover data-testid={`invoice-row-${row.id}`} sx={open ? { '& > td, & > th': { borderBottom: 0 } } : undefined}>
                    <TableCell padding="checkbox">
                      <ExpandButton row={row} expanded={open} onToggle={() => toggle(row.id)} t={t} />
                    </TableCell>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                      <InvoiceNumberCell row={row} actions={actions} t={t} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <OrderCell row={row} actions={actions} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <InvoiceDay day={epochDay(row.invoiceDate)} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <InvoiceDueDate day={epochDay(row.dueDate)} status={row.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {money(row, row.total)}
                    </TableCell>
                    <TableCell align="right">{menuOf(row)}</TableCell>
                  </TableRow>
                  {open && (
                    <TableRow>
                      <DetailsCell colSpan={MULTI_INVOICE_SORT_KEYS.length + 2} id={rowDetailsId(row)}>
                        <RowDetails row={row} actions={actions} t={t} money={money} compact={false} />
                      </DetailsCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Frame>
  );
}
