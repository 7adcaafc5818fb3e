import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import type { Permission } from '../../../lib/user/customerInfo';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, restRefusalBody, type RestHandler } from '../../../test/graphqlMock';
import { northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';

// business §2 "Multi-invoice screen" over the older list (business §3 "Invoice row", GET /api/invoice).

const API = 'https://api.helix.test';
const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 1000;
const pdfUrl = (id: number) => `${API}/api/v2/invoices/${id}/pdf?token=t${id}`;

/** A row as the server writes it (invoices/views.py legacy_row). */
const row = (overrides: Record<string, unknown> = {}) => ({
  id: 11,
  InvoiceNo: 'INV-100011',
  WebOrderId: '100042',
  InvoiceDate: day('2026-10-01'),
  InvoiceDueDate: day('2099-10-31'),
  InvoiceTotal: { value: '1234.50', code: 'USD' },
  openBalance: { value: '1234.50', code: 'USD' },
  openBalanceAmount: 1234.5,
  status: 0,
  isOverdue: false,
  PDF: { url: pdfUrl(11) },
  TrackingNumbers: [
    { number: '1Z999AA10123456784', carrier: 'UPS', courierName: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' },
    { number: 'LAB-PARCEL-7', carrier: 'Courier', courierName: 'Courier', trackingUrl: null },
  ],
  currencyCode: 'USD',
  purchaseOrderNumber: 'PO-7731',
  costCentre: 'GR-2231',
  canViewOrder: true,
  ...overrides,
});

const OVERDUE = row({
  id: 12, InvoiceNo: 'INV-100009', WebOrderId: '100007', InvoiceDate: day('2026-08-01'), InvoiceDueDate: day('2026-09-01'),
  InvoiceTotal: { value: '80.00', code: 'USD' }, openBalance: { value: '30.00', code: 'USD' }, status: 1, isOverdue: true,
  PDF: { url: null }, TrackingNumbers: [],
});
const PAID_LATE = row({
  id: 13, InvoiceNo: 'INV-100010', WebOrderId: '', InvoiceDate: day('2026-07-01'), InvoiceDueDate: day('2026-07-31'),
  InvoiceTotal: { value: '99.90', code: 'USD' }, openBalance: { value: '0.00', code: 'USD' }, status: 2, canViewOrder: false, TrackingNumbers: [],
  PDF: { url: pdfUrl(13) },
});

const listAnswer = (rows: unknown[]): RestHandler => ({ body: { code: 200, message: 'SUCCESS', data: { list: rows, totalCount: rows.length, truncated: false } } });

const INVOICE_CODES = ['get_invoices', 'get_invoice_detail', 'get_invoice_pdf', 'export_invoices', 'get_invoice_payments_history', 'pay_invoice'];
const grant = (codes: readonly string[], level = 2): Permission[] => codes.map((code) => ({ code, permissionLevel: level }));
const ADMIN = customer({
  role: 0,
  permissions: [...DEMO_PERMISSIONS.admin.filter((p) => !INVOICE_CODES.includes(p.code)), ...grant(INVOICE_CODES)],
  userInfo: { id: 5, firstName: 'Alice', lastName: 'Admin', email: 'admin@acme.test' },
});
/** Sees invoices and their PDFs, but no orders. */
const NO_ORDERS = customer({
  role: 1,
  permissions: [...grant(['get_invoices', 'get_invoice_pdf']), ...grant(['get_shopping_lists'])],
});

async function openScreen({ path = '/multi-invoice', list = listAnswer([OVERDUE, row(), PAID_LATE]), who = ADMIN, pdf }: { path?: string; list?: RestHandler; who?: ReturnType<typeof customer>; pdf?: RestHandler } = {}) {
  setB2BToken('tok-1');
  const server = mockGraphQL(
    { CustomerInfo: customerResult(who) },
    { rest: { 'GET /api/invoice': list, 'GET /api/v2/invoices/11/pdf': pdf ?? { body: '%PDF-1.7 invoice 11' } } },
  );
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: 'Invoices' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.getByRole('table', { name: 'Invoices' });
const numbersInOrder = () => within(table()).getAllByRole('rowheader').map((cell) => cell.textContent?.replace(' (PDF, opens in a new window)', ''));
const rowOf = (number: string) => within(table()).getByRole('rowheader', { name: new RegExp(number) }).closest('tr') as HTMLElement;

// jsdom has no object URLs: the embedded PDF's blob gets a stand-in one.
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
});

describe('/multi-invoice (business §2)', () => {
  it('lists every invoice of GET /api/invoice with the bearer token, newest number first, in five sortable columns', async () => {
    const { server } = await openScreen();
    await screen.findByRole('rowheader', { name: /INV-100011/ });

    const calls = server.restCallsTo('GET', '/api/invoice');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers).toMatchObject({ Authorization: 'Bearer tok-1', 'Content-Type': 'application/json' });
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Details', 'Invoice number', 'Order', 'Invoice date', 'Due date', 'Invoice total', 'Actions',
    ]);
    expect(numbersInOrder()).toEqual(['INV-100011', 'INV-100010', 'INV-100009']);
    expect(screen.getByRole('columnheader', { name: 'Invoice number' })).toHaveAttribute('aria-sort', 'descending');
    expect(within(rowOf('INV-100011')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 5)).toEqual([
      '100042', 'Oct 1, 2026', 'Oct 31, 2099', '$1,234.50',
    ]);
    // No paging: every row is there, and no pagination control.
    expect(screen.queryByRole('button', { name: /next page/i })).not.toBeInTheDocument();
    expect(screen.getByText('3 invoices').closest('[role="status"]')).not.toBeNull();
  });

  it('sorts on the client by each column, toggling the direction, and keeps the sort in the URL', async () => {
    const { server, view, user } = await openScreen();
    await screen.findByRole('rowheader', { name: /INV-100011/ });

    await user.click(screen.getByRole('button', { name: 'Due date' }));
    expect(numbersInOrder()).toEqual(['INV-100010', 'INV-100009', 'INV-100011']);
    expect(screen.getByRole('columnheader', { name: 'Due date' })).toHaveAttribute('aria-sort', 'ascending');
    expect(view.location()).toBe('/multi-invoice?sort=dueDate');
    await user.click(screen.getByRole('button', { name: 'Due date' }));
    expect(numbersInOrder()).toEqual(['INV-100011', 'INV-100009', 'INV-100010']);
    expect(view.location()).toBe('/multi-invoice?sort=-dueDate');

    await user.click(screen.getByRole('button', { name: 'Invoice total' }));
    expect(numbersInOrder()).toEqual(['INV-100011', 'INV-100010', 'INV-100009']);
    await user.click(screen.getByRole('button', { name: 'Order' }));
    // The invoice without an order sorts last either way.
    expect(numbersInOrder()).toEqual(['INV-100011', 'INV-100009', 'INV-100010']);
    await user.click(screen.getByRole('button', { name: 'Order' }));
    expect(numbersInOrder()).toEqual(['INV-100009', 'INV-100011', 'INV-100010']);
    await user.click(screen.getByRole('button', { name: 'Invoice date' }));
    expect(numbersInOrder()).toEqual(['INV-100011', 'INV-100009', 'INV-100010']);
    // Sorting asks the server for nothing.
    expect(server.restCallsTo('GET', '/api/invoice')).toHaveLength(1);
  });

  it('opens the PDF from the invoice number in a new window, and the order at /orderDetail/{digits}', async () => {
    await openScreen({ list: listAnswer([row({ WebOrderId: 'SO-100042' }), OVERDUE, PAID_LATE]) });
    const link = await screen.findByRole('link', { name: 'INV-100011 (PDF, opens in a new window)' });
    expect(link).toHaveAttribute('href', pdfUrl(11));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Without a PDF the number is plain text.
    expect(within(rowOf('INV-100009')).queryAllByRole('link', { name: /INV-100009/ })).toHaveLength(0);

    expect(within(rowOf('INV-100011')).getByRole('link', { name: 'SO-100042' })).toHaveAttribute('href', '/orderDetail/100042');
    expect(within(rowOf('INV-100009')).getByRole('link', { name: '100007' })).toHaveAttribute('href', '/orderDetail/100007');
  });

  it('shows the order without a link to whom the server or the permissions refuse it', async () => {
    await openScreen({ who: NO_ORDERS, list: listAnswer([row(), PAID_LATE]) });
    await screen.findByRole('rowheader', { name: /INV-100011/ });
    expect(within(rowOf('INV-100011')).queryByRole('link', { name: '100042' })).not.toBeInTheDocument();
    expect(within(rowOf('INV-100011')).getByText('100042')).toBeInTheDocument();
    await userEvent.setup().click(within(rowOf('INV-100011')).getByRole('button', { name: 'Actions for invoice INV-100011' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View invoice', 'Download PDF']);
  });

  it('marks an overdue due date in red with the word, but not a paid invoice’s', async () => {
    await openScreen();
    await screen.findByRole('rowheader', { name: /INV-100011/ });
    const overdue = within(rowOf('INV-100009')).getByText('Sep 1, 2026').parentElement!;
    expect(overdue).toHaveAttribute('data-overdue', 'true');
    expect(overdue).toHaveTextContent('Sep 1, 2026Overdue');
    expect(within(rowOf('INV-100010')).getByText('Jul 31, 2026').parentElement).not.toHaveAttribute('data-overdue');
    expect(within(rowOf('INV-100011')).queryByText('Overdue')).not.toBeInTheDocument();
  });

  it('expands a row to its tracking links (new tab), status, amount due and the embedded, resizable PDF', async () => {
    const { server, user } = await openScreen();
    await screen.findByRole('rowheader', { name: /INV-100011/ });
    const toggle = screen.getByRole('button', { name: 'Show the details of invoice INV-100011' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide the details of invoice INV-100011' })).toHaveAttribute('aria-expanded', 'true');

    const tracking = screen.getByRole('list', { name: 'Tracking numbers of invoice INV-100011' });
    const ups = within(tracking).getByRole('link', { name: '1Z999AA10123456784 (opens in a new tab)' });
    expect(ups).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(ups).toHaveAttribute('target', '_blank');
    // A number the tracking engine does not know has no link.
    expect(within(tracking).getByText('LAB-PARCEL-7').closest('a')).toBeNull();

    const frame = await screen.findByTitle('Invoice INV-100011 (PDF)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'blob:invoice-pdf');
    // business §7: the PDF is fetched from its signed link as a blob (the API's files may not be framed).
    expect(server.restCallsTo('GET', '/api/v2/invoices/11/pdf')).toHaveLength(1);
    const panel = screen.getByTestId('invoice-pdf-panel');
    expect(panel.style.height).toBe('300px');
    expect(getComputedStyle(panel).resize).toBe('vertical');

    await user.click(screen.getByRole('button', { name: 'Hide the details of invoice INV-100011' }));
    expect(screen.queryByTitle('Invoice INV-100011 (PDF)')).not.toBeInTheDocument();
  });

  it('says so when the PDF cannot be fetched, and loads the list again for a fresh link', async () => {
    const { server, user } = await openScreen({ pdf: { status: 404, body: restRefusalBody(404, 'NOT_FOUND', 'Invoice not found.') } });
    await screen.findByRole('rowheader', { name: /INV-100011/ });
    await user.click(screen.getByRole('button', { name: 'Show the details of invoice INV-100011' }));
    expect(await screen.findByText('We couldn’t load the PDF.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(server.restCallsTo('GET', '/api/invoice')).toHaveLength(2));
  });

  it('has the row menu: view invoice (its page), view order, download invoice-{number}.pdf', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const { view, user } = await openScreen();
    await screen.findByRole('rowheader', { name: /INV-100011/ });

    await user.click(within(rowOf('INV-100011')).getByRole('button', { name: 'Actions for invoice INV-100011' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View invoice', 'View order', 'Download PDF']);
    await user.click(screen.getByRole('menuitem', { name: 'Download PDF' }));
    expect(clicked).toEqual([{ href: `${pdfUrl(11)}&download=1`, download: 'invoice-INV-100011.pdf' }]);

    // No web order: no "view order"; no PDF: no download.
    await user.click(within(rowOf('INV-100010')).getByRole('button', { name: 'Actions for invoice INV-100010' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View invoice', 'Download PDF']);
    await user.keyboard('{Escape}');
    await user.click(within(rowOf('INV-100009')).getByRole('button', { name: 'Actions for invoice INV-100009' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['View invoice', 'View order']);
    await user.click(screen.getByRole('menuitem', { name: 'View order' }));
    await waitFor(() => expect(view.location()).toBe('/orderDetail/100007'));
  });

  it('loads the list again before following a PDF link older than the link lives', async () => {
    const open = vi.fn();
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockImplementation((...args) => {
      open(...args);
      return tab as unknown as Window;
    });
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    try {
      const { server, user } = await openScreen();
      const link = await screen.findByRole('link', { name: /INV-100011/ });
      act(() => vi.setSystemTime(Date.now() + 5 * 60 * 1000));
      await user.click(link);
      await waitFor(() => expect(tab.location.href).toBe(pdfUrl(11)));
      expect(open).toHaveBeenCalledWith('', '_blank');
      expect(tab.opener).toBeNull();
      expect(server.restCallsTo('GET', '/api/invoice')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows cards on the mobile layout: order, dates (overdue in red), total and amount due, with sorting', async () => {
    mobileViewport();
    const { user } = await openScreen();
    const cards = await screen.findByRole('list', { name: 'Invoices' });
    const items = within(cards).getAllByRole('listitem').filter((item) => item.parentElement === cards);
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent?.replace(' (PDF, opens in a new window)', ''))).toEqual([
      'INV-100011', 'INV-100010', 'INV-100009',
    ]);
    const overdue = screen.getByTestId('invoice-card-12');
    const facts = [...overdue.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Order: 100007', 'Invoice date: Aug 1, 2026', 'Due date: Sep 1, 2026Overdue', 'Invoice total: $80.00', 'Amount due: $30.00']);
    expect(within(overdue).getByText('Sep 1, 2026').parentElement).toHaveAttribute('data-overdue', 'true');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Due date, ascending');
    const sorted = within(screen.getByRole('list', { name: 'Invoices' })).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent?.slice(0, 10));
    expect(sorted).toEqual(['INV-100010', 'INV-100009', 'INV-100011']);

    await user.click(within(overdue).getByRole('button', { name: /Show details/ }));
    expect(within(overdue).getByRole('heading', { name: 'Tracking numbers' })).toBeInTheDocument();
    expect(within(overdue).getByText('This invoice has no PDF yet.')).toBeInTheDocument();
  });

  it('says when there are no invoices, and offers a retry when the list fails', async () => {
    await openScreen({ list: listAnswer([]) });
    expect(await screen.findByRole('heading', { name: 'No invoices yet' })).toBeInTheDocument();
  });

  it('shows a failed load with a retry, without a toast on top', async () => {
    let calls = 0;
    const { user } = await openScreen({
      list: () => (++calls === 1 ? { status: 500, body: restRefusalBody(500, 'INTERNAL_SERVER_ERROR', 'Something broke.') } : listAnswer([row()]) as { body: unknown }),
    });
    expect(await screen.findByText('We couldn’t load the invoices.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /INV-100011/ })).toBeInTheDocument();
  });

  it('says it spans the units below the one acted for (issue 40)', async () => {
    await openScreen({ who: northfieldUser(5, { permissions: ADMIN.permissions }) });
    expect(screen.getByText('Every invoice of Chemistry and its units. Open an invoice’s PDF, follow its parcels or go to its order.')).toBeInTheDocument();
  });
});
