import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { InvoiceDetail } from '../api/invoice';
import { ADMIN, grant, invoiceDetail, receipt } from '../test/invoiceFixtures';

const detailResult = (value: InvoiceDetail): GraphQLResult => ({ data: { invoice: value } });
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const CART = { data: { invoiceCreateBcCart: { checkoutUrl: 'https://shop.helix.test/checkout/invoices/c-9', cartId: 'c-9' } } };
const LOGIN = { data: { checkoutLogin: { result: { redirectUrl: 'https://shop.helix.test/checkout/login/t1' } } } };

async function openDetail(value: InvoiceDetail | GraphQLResult = invoiceDetail(), handlers: Record<string, GraphQLResult> = {}, who = ADMIN) {
  setB2BToken('tok');
  const server = mockGraphQL(
    { CustomerInfo: customerResult(who), Invoice: 'data' in value || 'errors' in value ? (value as GraphQLResult) : detailResult(value as InvoiceDetail), ...handlers },
    { rest: { 'GET /api/v2/invoices/11/pdf': { body: '%PDF-1.7 invoice 11' } } },
  );
  const view = renderPortal('/invoiceDetail/11');
  return { server, view, user: userEvent.setup({ delay: null }) };
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:invoice-pdf');
  URL.revokeObjectURL = vi.fn();
});

describe('/invoiceDetail/:id (issue 20)', () => {
  it('shows the invoice: dates, order, PO, cost centre, lines, amounts, tracking links and the embedded PDF', async () => {
    const { server } = await openDetail();
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    expect(server.callsTo('Invoice')[0]!.variables).toEqual({ id: '11' });
    expect(screen.getByRole('link', { name: '100042' })).toHaveAttribute('href', '/orderDetail/100042');
    expect(screen.getByText('GR-2231')).toBeInTheDocument();
    expect(screen.getByText('PO-7731')).toBeInTheDocument();

    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'Ethanol absolute 99.8%HS-ETH-50010$20.00$16.00$200.00',
      'Sodium chlorideHS-1055-500G30$30.00$78.50$900.00',
    ]);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('invoice-amount-due')).toHaveTextContent('$1,234.50');

    const tracking = screen.getByRole('list', { name: 'Tracking numbers of invoice INV-100011' });
    expect(within(tracking).getByRole('link', { name: '1Z999AA10123456784 (opens in a new tab)' })).toHaveAttribute('target', '_blank');
    expect(within(tracking).getByText('9400111899223100012345').closest('a')).toBeNull();

    const frame = await screen.findByTitle('Invoice INV-100011 (PDF)');
    expect(frame).toHaveAttribute('src', 'blob:invoice-pdf');
    expect(server.restCallsTo('GET', '/api/v2/invoices/11/pdf')).toHaveLength(1);
    expect(screen.getByText('No payments yet.')).toBeInTheDocument();
  });

  it('opens the PDF in a new window and downloads it as invoice-{number}.pdf, asking invoicePdf for a fresh link', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const fresh = 'https://api.helix.test/api/v2/invoices/11/pdf?token=fresh';
    const { server, user } = await openDetail(invoiceDetail(), { InvoicePdf: { data: { invoicePdf: { url: fresh, fileName: 'invoice-INV-100011.pdf' } } } });
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    await user.click(screen.getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(tab.location.href).toBe(fresh));
    await user.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(clicked).toEqual([{ href: `${fresh}&download=1`, download: 'invoice-INV-100011.pdf' }]));
    expect(server.callsTo('InvoicePdf').map((call) => call.variables)).toEqual([
      { invoiceId: 11, isPayNow: false },
      { invoiceId: 11, isPayNow: false },
    ]);
  });

  it('says "pdf url resolution error" when the invoice has no PDF after all', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ opener: {}, location: { href: '' }, close: vi.fn() } as unknown as Window);
    const { user } = await openDetail(invoiceDetail(), {
      InvoicePdf: { errors: [{ message: 'pdf url resolution error', extensions: { code: 'PDF_URL_RESOLUTION_ERROR' } }] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    await user.click(screen.getByRole('button', { name: 'View PDF' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: pdf url resolution error']));
  });

  it('pays part of the open balance, never more, with two decimals', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    const { server, user } = await openDetail(invoiceDetail(), { InvoiceCreateBcCart: CART, InvoiceCheckoutLogin: LOGIN });
    const section = await screen.findByRole('region', { name: 'Pay this invoice' });
    const amount = within(section).getByRole('textbox', { name: 'Amount to pay' });
    expect(amount).toHaveValue('1234.50');
    expect(within(section).getByRole('button', { name: 'Pay $1,234.50' })).toBeInTheDocument();

    await user.clear(amount);
    await user.type(amount, '1300');
    await user.click(within(section).getByRole('button', { name: 'Pay' }));
    expect(within(section).getByText('The most you can pay is $1,234.50, the open balance.')).toBeInTheDocument();
    expect(amount).toHaveFocus();
    await user.clear(amount);
    await user.type(amount, '0');
    expect(within(section).getByText('Enter an amount above 0.')).toBeInTheDocument();
    expect(server.callsTo('InvoiceCreateBcCart')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(within(section).getByRole('button', { name: 'Pay $200.00' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout/login/t1'));
    expect(server.callsTo('InvoiceCreateBcCart')[0]!.variables).toEqual({ lineItems: [{ invoiceId: '11', amount: '200.00' }], currency: 'USD' });
  });

  it('lists the payments with their receipts, and offers no payment for a paid invoice', async () => {
    const paid = invoiceDetail({
      status: 2, notAllowedPay: true, openBalance: { code: 'USD', value: '0.00' },
      payments: [{ id: '71', receiptId: '31', amount: { code: 'USD', value: '1234.50' }, paymentStatus: 2, paymentType: 'Test card •••• 4242', referenceNumber: 'PAY-2026-0031', payerName: 'Alice Admin', createdAt: '2026-10-02T09:00:00+00:00' }],
    });
    const { user } = await openDetail(paid, { Receipt: { data: { receipt: receipt() } } });
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    expect(screen.queryByRole('region', { name: 'Pay this invoice' })).not.toBeInTheDocument();
    const payments = screen.getByRole('table', { name: 'Payments' });
    expect(within(payments).getByRole('rowheader', { name: 'PAY-2026-0031' })).toBeInTheDocument();
    await user.click(within(payments).getByRole('button', { name: 'View receipt PAY-2026-0031' }));
    expect(await screen.findByRole('dialog', { name: 'Receipt PAY-2026-0031' })).toBeInTheDocument();
  });

  it('hides the PDF, the order link, paying and the payments from whom the codes refuse them', async () => {
    const viewer = customer({ role: 1, permissions: grant(['get_invoices', 'get_invoice_detail']) });
    await openDetail(invoiceDetail({ payments: null, pdfUrl: null, canViewOrder: false }), {}, viewer);
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    expect(screen.queryByRole('button', { name: 'View PDF' })).not.toBeInTheDocument();
    expect(screen.queryByTitle('Invoice INV-100011 (PDF)')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '100042' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Pay this invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Payments' })).not.toBeInTheDocument();
  });

  it('says when the invoice is not found (another company’s looks the same)', async () => {
    await openDetail({ errors: [{ message: 'Invoice not found.', extensions: { code: 'NOT_FOUND' } }] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(toastTexts()).toEqual([]);
  });

  it('stacks on the mobile layout', async () => {
    mobileViewport();
    await openDetail();
    await screen.findByRole('heading', { level: 1, name: 'Invoice INV-100011' });
    expect(await screen.findByTitle('Invoice INV-100011 (PDF)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Amount to pay' })).toHaveValue('1234.50');
  });
});
