import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL, restRefusalBody, storeInfo, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { InvoicesVariables } from '../api/invoices';
import { EXPORT_POLL_MS } from '../useInvoicesExport';
import {
  ADMIN,
  IN_EUROS,
  PAID,
  PARTLY_PAID_OVERDUE,
  grant,
  invoice,
  invoicesResult,
  receipt,
  receiptLine,
  stats,
} from '../test/invoiceFixtures';
import { useFilterClock } from '../../../test/filterClock';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);

const DEFAULTS: InvoicesVariables = { first: 10, offset: 0, search: null, status: null, dateFrom: null, dateTo: null, orderBy: '-invoiceNumber', companyId: null };
const NATIVE_STORE: GraphQLResult = { data: { storeBasicInfo: storeInfo({ storeSites: [{ ...storeInfo().storeSites[0]!, platform: 'native' }] }) } };
const CART = { data: { invoiceCreateBcCart: { checkoutUrl: 'https://shop.helix.test/checkout/invoices/c-9', cartId: 'c-9' } } };

async function openPage(handlers: Record<string, Handler> = {}, { path = '/invoice', who = ADMIN } = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    Invoices: invoicesResult([invoice(), PARTLY_PAID_OVERDUE, PAID]),
    InvoiceStats: stats(),
    ...handlers,
  });
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: 'Pay invoices' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.getByRole('table', { name: 'Invoices to pay' });
const rowOf = (number: string) => within(table()).getByRole('rowheader', { name: new RegExp(`^${number}`) }).closest('tr') as HTMLElement;
const amountOf = (number: string) => screen.getByRole('textbox', { name: `Amount to pay on invoice ${number}` });
const listCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('Invoices').map((call) => call.variables);
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);

const settle = useFilterClock();

describe('/invoice (issue 20)', () => {
  it('shows the open and overdue totals and the invoices, newest number first, 10 a page, with orderBy sent', async () => {
    const { server } = await openPage();
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    expect(screen.getByTestId('invoice-stats-open')).toHaveTextContent('$1,264.50');
    expect(screen.getByTestId('invoice-stats-overdue')).toHaveTextContent('$30.00');
    expect(screen.getByText('1 overdue invoice')).toBeInTheDocument();
    expect(server.callsTo('InvoiceStats')[0]!.variables).toEqual({ decimalPlaces: 2 });

    expect(listCalls(server)).toEqual([DEFAULTS]);
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '', 'Invoice number', 'Order', 'Invoice date', 'Due date', 'Status', 'Invoice total', 'Open balance', 'Amount to pay', 'Actions',
    ]);
    expect(within(rowOf('INV-100009')).getAllByRole('cell').map((cell) => cell.textContent).slice(1, 8)).toEqual([
      '100007', 'Aug 1, 2026', 'Sep 1, 2026Overdue', 'Overdue', '$80.00', '$30.00', '',
    ]);
    // The PO number goes under the invoice number.
    expect(within(rowOf('INV-100011')).getByRole('rowheader')).toHaveTextContent('INV-100011PO PO-7731');
    expect(screen.getByRole('link', { name: 'INV-100011' })).toHaveAttribute('href', '/invoiceDetail/11');
    expect(screen.getByRole('link', { name: '100042' })).toHaveAttribute('href', '/orderDetail/100042');
    expect(screen.getByRole('columnheader', { name: 'Invoice number' })).toHaveAttribute('aria-sort', 'descending');
    // business §9: page sizes 10, 20, 30.
    await userEvent.setup({ delay: null }).click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '30']);
  });

  it('sorts, pages, searches and filters on the server, keeping it all in the URL', async () => {
    const { server, view, user } = await openPage({ Invoices: invoicesResult([invoice(), PARTLY_PAID_OVERDUE], 25) });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });

    await user.click(screen.getByRole('button', { name: 'Due date' }));
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...DEFAULTS, orderBy: 'dueDate' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...DEFAULTS, orderBy: 'dueDate', offset: 10 }));
    expect(view.location()).toBe('/invoice?sort=dueDate&page=2');

    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'GR-2231');
    await settle();
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...DEFAULTS, orderBy: 'dueDate', search: 'GR-2231' }));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...DEFAULTS, orderBy: 'dueDate', search: 'GR-2231', status: 3 }));

    fireEvent.change(screen.getByLabelText('Invoice date from'), { target: { value: '2026-01-01' } });
    await settle();
    await waitFor(() => expect(listCalls(server).at(-1)).toMatchObject({ dateFrom: '2026-01-01', dateTo: null }));
    expect(view.location()).toBe('/invoice?search=GR-2231&status=3&from=2026-01-01&sort=dueDate');
  });

  it('ticks invoices with their open balance to pay, refuses an amount above it or with 3 decimals, inline', async () => {
    const { server, user } = await openPage();
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100011' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100009' }));
    expect(amountOf('INV-100011')).toHaveValue('1234.50');
    expect(amountOf('INV-100009')).toHaveValue('30.00');
    expect(screen.getByText('2 invoices selected')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-selection-total')).toHaveTextContent('To pay: $1,264.50');

    await user.clear(amountOf('INV-100009'));
    await user.type(amountOf('INV-100009'), '30.01');
    await user.tab();
    expect(screen.getByText('The most you can pay is $30.00, the open balance.')).toBeInTheDocument();
    expect(amountOf('INV-100009')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(amountOf('INV-100011'));
    await user.type(amountOf('INV-100011'), '10.005');
    await user.tab();
    expect(screen.getByText('Use at most 2 decimals.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Check the amounts to pay.');
    expect(server.callsTo('InvoiceCreateBcCart')).toHaveLength(0);
    expect(amountOf('INV-100011')).toHaveFocus();

    // A paid invoice can be ticked (for the export) but has nothing to pay.
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100010' }));
    expect(screen.queryByRole('textbox', { name: 'Amount to pay on invoice INV-100010' })).not.toBeInTheDocument();
    expect(screen.getByText('1 selected invoice is paid or can’t be paid by you and is left out.')).toBeInTheDocument();
  });

  it('refuses to pay invoices of different currencies together, asking nothing of the server', async () => {
    const { server, user } = await openPage({ Invoices: invoicesResult([invoice(), IN_EUROS]) });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select the invoices on this page' }));
    expect(screen.getByTestId('invoice-selection-total')).toHaveTextContent('To pay: $1,234.50 + €500.00');
    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Invoices in different currencies (USD, EUR) can’t be paid together. Pay the invoices of each currency separately.',
    );
    expect(server.callsTo('InvoiceCreateBcCart')).toHaveLength(0);
    // Unticking the euro invoice lifts the refusal.
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-ERP-77' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('pays two invoices, one partly: a cart for the amounts, then straight to the checkout on the native platform', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { server, user } = await openPage({ StoreBasicInfo: NATIVE_STORE, InvoiceCreateBcCart: CART });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100011' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100009' }));
    await user.clear(amountOf('INV-100011'));
    await user.type(amountOf('INV-100011'), '100,5');
    await user.click(screen.getByRole('button', { name: 'Pay selected' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout/invoices/c-9'));
    expect(server.callsTo('InvoiceCreateBcCart').map((call) => call.variables)).toEqual([
      { lineItems: [{ invoiceId: '11', amount: '100.50' }, { invoiceId: '12', amount: '30.00' }], currency: 'USD' },
    ]);
    expect(server.callsTo('InvoiceCheckoutLogin')).toHaveLength(0);
    // business §4 step 5: the invoicePay flag.
    expect(window.sessionStorage.getItem('invoicePay')).toBe('1');
  });

  it('logs in to the checkout with the cart on another platform', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { server, user } = await openPage({
      InvoiceCreateBcCart: CART,
      InvoiceCheckoutLogin: { data: { checkoutLogin: { result: { redirectUrl: 'https://shop.helix.test/checkout/login/one-time' } } } },
    });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(within(rowOf('INV-100011')).getByRole('button', { name: 'Actions for invoice INV-100011' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pay the open balance' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout/login/one-time'));
    expect(server.callsTo('InvoiceCheckoutLogin')[0]!.variables).toEqual({ cartData: { cartId: 'c-9' } });
    expect(server.callsTo('InvoiceCreateBcCart')[0]!.variables).toEqual({ lineItems: [{ invoiceId: '11', amount: '1234.50' }], currency: 'USD' });
    expect(window.sessionStorage.getItem('invoicePay')).toBe('1');
  });

  it('falls back to the plain checkout url when the checkout login fails (business §4 step 4)', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openPage({
      InvoiceCreateBcCart: CART,
      InvoiceCheckoutLogin: { errors: [{ message: 'Cart not found.', extensions: { code: 'NOT_FOUND' } }] },
    });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(within(rowOf('INV-100011')).getByRole('button', { name: 'Actions for invoice INV-100011' }));
    await user.click(screen.getByRole('menuitem', { name: 'Pay the open balance' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout/invoices/c-9'));
    expect(logged).toHaveBeenCalled();
    // No toast: the fallback is silent (business §8).
    expect(toastTexts()).toEqual([]);
  });

  it('shows the server’s refusal on the line it names, leaves nothing, and loads the list again', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { server, user } = await openPage({
      InvoiceCreateBcCart: {
        errors: [{
          message: "The amount is more than the invoice's open balance.",
          extensions: { code: 'INVOICE_AMOUNT_ABOVE_BALANCE', fields: { 'lineItems.1.amount': ["The amount is more than the invoice's open balance."] } },
        }],
      },
    });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100011' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100009' }));
    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: The amount is more than the invoice’s open balance.']));
    expect(within(rowOf('INV-100009')).getByText('The amount is more than the invoice’s open balance.')).toBeInTheDocument();
    expect(within(rowOf('INV-100011')).queryByText(/open balance/)).not.toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem('invoicePay')).toBeNull();
    await waitFor(() => expect(server.callsTo('Invoices')).toHaveLength(2));
  });

  it('deletes the cart of an invoice checkout this tab left (the invoicePay flag), once', async () => {
    window.sessionStorage.setItem('invoicePay', '1');
    window.sessionStorage.setItem('sf-invoicePayCartId', 'c-7');
    const { server } = await openPage({ DeleteCart: { data: { deleteCart: { deletedCartEntityId: 'c-7' } } } });
    await waitFor(() => expect(server.callsTo('DeleteCart').map((call) => call.variables)).toEqual([{ deleteCartInput: { cartEntityId: 'c-7' } }]));
    expect(window.sessionStorage.getItem('invoicePay')).toBeNull();
  });

  it('exports all, the filtered or the selected invoices as CSV in the buyer’s language, and downloads the file', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const exported = { url: 'https://api.helix.test/api/v2/invoices/exports/k1.csv?token=e1', fileName: 'invoices-2026-11-26.csv', ready: true, rowCount: 3 };
    const { server, user } = await openPage({ InvoicesExport: { data: { invoicesExport: exported } } }, { path: '/invoice?status=3' });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });

    const exportVia = async (item: RegExp) => {
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await user.click(screen.getByRole('menuitem', { name: item }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
    };
    await exportVia(/^All invoices/);
    await exportVia(/^Filtered invoices/);
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100010' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-100009' }));
    await exportVia(/^Selected invoices \(2\)/);

    expect(server.callsTo('InvoicesExport').map((call) => call.variables)).toEqual([
      { filterData: { orderBy: '-invoiceNumber' }, lang: 'en' },
      { filterData: { search: null, status: 3, dateFrom: null, dateTo: null, orderBy: '-invoiceNumber', companyId: null }, lang: 'en' },
      { filterData: { idIn: ['13', '12'], orderBy: '-invoiceNumber' }, lang: 'en' },
    ]);
    expect(clicked).toEqual(Array(3).fill({ href: exported.url, download: 'invoices-2026-11-26.csv' }));
  });

  it('waits for an export a worker is still writing, then downloads it', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    let asked = 0;
    const url = 'https://api.helix.test/api/v2/invoices/exports/k2.csv?token=e2';
    setB2BToken('tok');
    mockGraphQL(
      {
        CustomerInfo: customerResult(ADMIN),
        Invoices: invoicesResult([invoice()]),
        InvoiceStats: stats(),
        InvoicesExport: { data: { invoicesExport: { url, fileName: 'invoices.csv', ready: false, rowCount: 0 } } },
      },
      {
        rest: {
          'GET /api/v2/invoices/exports/k2.csv': () =>
            ++asked < 2 ? { status: 409, body: restRefusalBody(409, 'INVOICE_EXPORT_NOT_READY', 'The export is still being written.') } : { body: 'Invoice number\n' },
        },
      },
    );
    renderPortal('/invoice');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('menuitem', { name: 'All invoices' }));
    await waitFor(() => expect(toastTexts()).toContain('info: Your export is being prepared; it downloads when it is ready.'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    });
    expect(clicked).toEqual([]);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    });
    await waitFor(() => expect(clicked).toEqual([url]));
    expect(asked).toBe(2);
  });

  it('says the export was interrupted when the worker writing it stopped (issue 36)', async () => {
    const url = 'https://api.helix.test/api/v2/invoices/exports/k3.csv?token=e3';
    setB2BToken('tok');
    mockGraphQL(
      {
        CustomerInfo: customerResult(ADMIN),
        Invoices: invoicesResult([invoice()]),
        InvoiceStats: stats(),
        InvoicesExport: { data: { invoicesExport: { url, fileName: 'invoices.csv', ready: false, rowCount: 0 } } },
      },
      { rest: { 'GET /api/v2/invoices/exports/k3.csv': () => ({ status: 410, body: restRefusalBody(410, 'INVOICE_EXPORT_INTERRUPTED', 'server text') }) } },
    );
    renderPortal('/invoice');
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('menuitem', { name: 'All invoices' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(EXPORT_POLL_MS);
    });
    await waitFor(() => expect(toastTexts()).toContain('error: The export was interrupted — export again.'));
  });

  it('says the export is empty when nothing matches', async () => {
    const { user } = await openPage({
      InvoicesExport: { errors: [{ message: 'No invoices match: there is nothing to export.', extensions: { code: 'INVOICE_EXPORT_EMPTY' } }] },
    });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('menuitem', { name: 'All invoices' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: No invoices match: there is nothing to export.']));
  });

  it('shows the payment history (first 50) and a receipt with the invoices it paid', async () => {
    const { server, view, user } = await openPage({
      AllReceiptLines: { data: { allReceiptLines: { totalCount: 2, edges: [{ node: receiptLine() }, { node: receiptLine({ id: '72', invoiceId: '15', invoiceNumber: 'INV-100005', amount: { code: 'USD', value: '100.00' }, paymentStatus: 2 }) }] } } },
      Receipt: { data: { receipt: receipt() } },
    });
    await user.click(screen.getByRole('tab', { name: 'Payment history' }));
    expect(view.location()).toBe('/invoice?tab=payments');
    const history = await screen.findByRole('table', { name: 'Payment history' });
    expect(await within(history).findAllByRole('rowheader', { name: 'PAY-2026-0031' })).toHaveLength(2);
    expect(server.callsTo('AllReceiptLines')[0]!.variables).toEqual({ first: 50, offset: 0, invoiceId: null });
    expect(within(history).getAllByRole('row')[1]!.textContent).toContain('Test card •••• 4242');

    await user.click(within(history).getAllByRole('button', { name: 'View receipt PAY-2026-0031' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Receipt PAY-2026-0031' });
    expect(within(dialog).getByTestId('receipt-total')).toHaveTextContent('$150.00');
    const lines = within(dialog).getByRole('table', { name: 'Invoices paid' });
    expect(within(lines).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual(['INV-100009Partially paid$50.00', 'INV-100005Paid$100.00']);
    expect(server.callsTo('Receipt')[0]!.variables).toEqual({ id: '31' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Receipt PAY-2026-0031' })).not.toBeInTheDocument());
  });

  it('hides paying and the history from a buyer without those codes', async () => {
    const viewer = customer({ role: 1, permissions: grant(['get_invoices', 'get_invoice_detail', 'export_invoices']) });
    await openPage({}, { who: viewer });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    expect(screen.queryByRole('button', { name: 'Pay selected' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Payment history' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('checkbox', { name: 'Select invoice INV-100011' }));
    expect(screen.queryByRole('textbox', { name: /Amount to pay/ })).not.toBeInTheDocument();
  });

  it('says when no invoice matches the filters, and offers to clear them', async () => {
    const { server, user, view } = await openPage({ Invoices: (variables) => invoicesResult(variables.search ? [] : [invoice()]) }, { path: '/invoice?search=nothing' });
    expect(await screen.findByRole('heading', { name: 'No invoices match' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    expect(view.location()).toBe('/invoice');
    expect(listCalls(server).at(-1)).toEqual(DEFAULTS);
  });

  it('shows a failed load with a retry', async () => {
    let calls = 0;
    const { user } = await openPage({
      Invoices: () => (++calls === 1 ? { errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } : invoicesResult([invoice()])),
    });
    expect(await screen.findByText('We couldn’t load the invoices.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /^INV-100011/ })).toBeInTheDocument();
  });

  it('shows cards with a checkbox and the amount field on the mobile layout', async () => {
    mobileViewport();
    const { user } = await openPage();
    const card = await screen.findByTestId('invoice-card-12');
    expect(within(card).getByRole('heading', { level: 2 })).toHaveTextContent('INV-100009');
    await user.click(within(card).getByRole('checkbox', { name: 'Select invoice INV-100009' }));
    expect(within(card).getByRole('textbox', { name: 'Amount to pay on invoice INV-100009' })).toHaveValue('30.00');
    const facts = [...card.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(facts).toEqual(['Order: 100007', 'Invoice date: Aug 1, 2026', 'Due date: Sep 1, 2026Overdue', 'Invoice total: $80.00', 'Amount due: $30.00']);
  });
});

describe('/invoice across units (issue 40)', () => {
  const UNIVERSITY_ADMIN = northfieldUser(1, { permissions: ADMIN.permissions });

  it('names the unit billed after the invoice number, filters by a unit, and exports the filtered unit’s invoices', async () => {
    const exported = { url: 'https://api.helix.test/api/v2/invoices/exports/k2.csv?token=e2', fileName: 'invoices.csv', ready: true, rowCount: 1 };
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { server, view, user } = await openPage(
      {
        CompanyUnits: companyUnitsResult(1),
        Invoices: invoicesResult([invoice({ companyId: 12, companyName: 'Organic Synthesis Lab' }), { ...PAID, companyId: 1, companyName: 'Northfield University' }]),
        InvoicesExport: { data: { invoicesExport: exported } },
      },
      { who: UNIVERSITY_ADMIN },
    );
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '', 'Invoice number', 'Company', 'Order', 'Invoice date', 'Due date', 'Status', 'Invoice total', 'Open balance', 'Amount to pay', 'Actions',
    ]);
    expect(within(rowOf('INV-100011')).getAllByRole('cell')[1]).toHaveTextContent('Organic Synthesis Lab');
    expect(within(rowOf('INV-100010')).getAllByRole('cell')[1]).toHaveTextContent('Northfield University');
    expect(
      screen.getByText(
        'The invoices of Northfield University and its units. Tick the invoices to pay and the amount for each, then pay them together at checkout. Export them as CSV for your accounts.',
      ),
    ).toBeInTheDocument();
    expect(listCalls(server)).toEqual([{ ...DEFAULTS, companyId: null }]);

    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Chemistry' }));
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
    expect(listCalls(server)[1]).toEqual({ ...DEFAULTS, companyId: 5 });
    expect(view.location()).toBe('/invoice?company=5');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(screen.getByRole('menuitem', { name: /^Filtered invoices/ }));
    await waitFor(() => expect(server.callsTo('InvoicesExport')).toHaveLength(1));
    expect(server.callsTo('InvoicesExport')[0]!.variables).toEqual({
      filterData: { search: null, status: null, dateFrom: null, dateTo: null, orderBy: '-invoiceNumber', companyId: 5 },
      lang: 'en',
    });
  });

  it('has no company column or filter for a company without units below the one acted for', async () => {
    const { server } = await openPage({}, { who: northfieldUser(13, { permissions: ADMIN.permissions }) });
    await screen.findByRole('rowheader', { name: /^INV-100011/ });
    expect(screen.getByText(/^Tick the invoices to pay/)).toBeInTheDocument();
    expect(within(table()).queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Company/ })).not.toBeInTheDocument();
    expect(listCalls(server)).toEqual([DEFAULTS]);
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });
});
