import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { getB2BToken, setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { ADMIN, invoiceDetail } from '../test/invoiceFixtures';

const CART = { data: { invoiceCreateBcCart: { checkoutUrl: 'https://shop.helix.test/checkout/invoices/c-9', cartId: 'c-9' } } };
const LOGIN = { data: { checkoutLogin: { result: { redirectUrl: 'https://shop.helix.test/checkout/login/t1' } } } };
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);

describe('/payment/:id (shell §2 public route, issue 20)', () => {
  it('lets a company buyer pay the invoice at once (the detail’s pay flow)', async () => {
    const assign = vi.spyOn(checkoutNavigation, 'assign').mockImplementation(() => undefined);
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(ADMIN), Invoice: { data: { invoice: invoiceDetail() } }, InvoiceCreateBcCart: CART, InvoiceCheckoutLogin: LOGIN });
    renderPortal('/payment/11');
    await screen.findByRole('heading', { level: 1, name: 'Pay an invoice' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Invoice INV-100011' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the whole invoice' })).toHaveAttribute('href', '/invoiceDetail/11');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Pay $1,234.50' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://shop.helix.test/checkout/login/t1'));
    expect(server.callsTo('InvoiceCreateBcCart')[0]!.variables).toEqual({ lineItems: [{ invoiceId: '11', amount: '1234.50' }], currency: 'USD' });
  });

  it('says to sign in first without a session, and goes to /login with flag 7', async () => {
    const server = mockGraphQL({});
    const view = renderPortal('/payment/11');
    await waitFor(() => expect(view.location()).toBe('/login?loginFlag=7'));
    expect(toastTexts()).toEqual(['info: Sign in first to pay this invoice.']);
    expect(await screen.findByText('Please sign in with a company account to view invoices.')).toBeInTheDocument();
    expect(server.callsTo('Invoice')).toHaveLength(0);
  });

  it('asks an individual customer (role 99) to sign in with a company account, signing them out first', async () => {
    setB2BToken('tok');
    const individual = customer({ role: 99, permissions: [...DEMO_PERMISSIONS.individual], companyInfo: null });
    const server = mockGraphQL({ CustomerInfo: customerResult(individual), Logout: { data: { logout: { result: { message: 'ok' } } } } });
    // Opened from within the portal (start-up on an invoice link signs such a user out by itself).
    const view = renderPortal('/accountSettings');
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => expect(view.location()).toBe('/accountSettings'));
    await view.router.navigate('/payment/11');
    expect(await screen.findByText(/Invoices are paid from a company account/)).toBeInTheDocument();
    expect(server.callsTo('Invoice')).toHaveLength(0);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in with a company account' }));
    await waitFor(() => expect(view.location()).toBe('/login?loginFlag=7'));
    expect(getB2BToken()).toBeNull();
  });

  it('tells a buyer without the Pay invoice code that they cannot pay', async () => {
    setB2BToken('tok');
    const viewer = customer({ role: 1, permissions: [{ code: 'get_invoices', permissionLevel: 2 }] });
    const server = mockGraphQL({ CustomerInfo: customerResult(viewer) });
    renderPortal('/payment/11');
    expect(await screen.findByText('You can’t pay invoices. Ask your company admin for the Pay invoice permission.')).toBeInTheDocument();
    expect(server.callsTo('Invoice')).toHaveLength(0);
  });

  it('says when nothing is due', async () => {
    setB2BToken('tok');
    mockGraphQL({
      CustomerInfo: customerResult(ADMIN),
      Invoice: { data: { invoice: invoiceDetail({ status: 2, notAllowedPay: true, openBalance: { code: 'USD', value: '0.00' } }) } },
    });
    renderPortal('/payment/11');
    expect(await screen.findByText('Nothing is due on this invoice.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });
});
