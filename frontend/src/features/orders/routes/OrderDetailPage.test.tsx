import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { OrderDetail, OrderLine } from '../api/order';
import type { OrderLinesTransfer } from '../api/orderTransfer';

const ethanol = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  id: '501', productId: 42, variantId: 77, sku: 'HS-ETH-500', name: 'Ethanol absolute 99.8%', options: [{ name: 'Pack size', value: '500 mL' }],
  quantity: 10, unitPrice: '20.00', unitTax: '1.60', lineTotal: '200.00', lineTax: '16.00', shippedQuantity: 10, unshippedQuantity: 0,
  productUrl: 'https://shop.helix.test/products/ethanol-absolute-998/', imageUrl: 'https://cdn.helix.test/ethanol.png',
  safetyDataSheetUrl: 'https://api.helix.test/api/v2/orders/lines/501/safety-data-sheet?token=s1',
  ...overrides,
});

const salt = (overrides: Partial<OrderLine> = {}): OrderLine => ({
  id: '502', productId: 43, variantId: 80, sku: 'HS-1055-500G', name: 'Sodium chloride', options: [],
  quantity: 4, unitPrice: '30.00', unitTax: '2.40', lineTotal: '120.00', lineTax: '9.60', shippedQuantity: 1, unshippedQuantity: 3,
  productUrl: null, imageUrl: null, safetyDataSheetUrl: null,
  ...overrides,
});

const orderDetail = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  id: '100042', number: 100042, poNumber: 'PO-7731', status: 'partially_shipped', statusLabel: 'Partially shipped',
  placedBy: { id: 7, name: 'Sam Senior', email: 'senior@acme.test' },
  createdAt: '2026-03-02T12:00:00+00:00', updatedAt: '2026-03-05T12:00:00+00:00', currencyCode: 'USD',
  customerMessage: 'Please ship on dry ice.',
  paymentMethod: 'purchase_order', paymentMethodLabel: 'Purchase order (pay on account)',
  paymentState: 'on_account', paymentStateLabel: 'On account',
  billingAddress: { lines: ['Acme Labs', 'Accounts payable', '1 Lab Way', 'Boston, MA 02115', 'United States'], phone: '+1 617 555 0100', email: 'ap@acme.test' },
  shippingAddress: { lines: ['Sam Senior', 'Acme Labs', '7 Cold Spring Road', 'Boston, MA 02115', 'United States'], phone: null, email: null },
  subtotal: '320.00', shippingTotal: '15.00', taxTotal: '25.60', grandTotal: '360.60', itemCount: 14, lineCount: 2,
  lines: [ethanol(), salt()],
  shipments: [
    {
      id: '31', carrier: 'UPS', trackingNumber: '1Z999AA10123456784', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      courierName: 'UPS', shippedAt: '2026-03-03T15:00:00+00:00', comment: 'Dry ice added.',
      lines: [
        { id: '61', orderLineId: '501', sku: 'HS-ETH-500', name: 'Ethanol absolute 99.8%', quantity: 10, lotNumber: 'L2301', lotExpiresOn: '2027-03-01',
          certificateUrl: 'https://api.helix.test/api/v2/orders/shipment-lines/61/certificate?token=c1' },
        { id: '62', orderLineId: '502', sku: 'HS-1055-500G', name: 'Sodium chloride', quantity: 1, lotNumber: 'NA-77', lotExpiresOn: null, certificateUrl: null },
      ],
    },
  ],
  canReorder: true, canAddToQuote: true,
  ...overrides,
});

const orderResult = (value: OrderDetail): GraphQLResult => ({ data: { order: value } });
const transfer = (overrides: Partial<OrderLinesTransfer> = {}): OrderLinesTransfer => ({
  cartEntityId: 'cart-1',
  added: [{ orderLineId: '501', sku: 'HS-ETH-500', name: 'Ethanol absolute 99.8%', quantity: 10, code: null, reason: null }],
  notAdded: [{ orderLineId: '502', sku: 'HS-1055-500G', name: 'Sodium chloride', quantity: 4, code: 'OUT_OF_STOCK', reason: 'Only 3 left' }],
  ...overrides,
});
const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const region = (name: string) => screen.getByRole('region', { name });

type Handlers = Parameters<typeof mockGraphQL>[0];

async function openOrder(value: OrderDetail | GraphQLResult = orderDetail(), handlers: Handlers = {}, who = customer(), path = '/orderDetail/100042') {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(who), Order: 'data' in value || 'errors' in value ? (value as GraphQLResult) : orderResult(value as OrderDetail), ...handlers });
  const view = renderPortal(path);
  return { server, view, user: userEvent.setup({ delay: null }) };
}

describe('order detail page (issue 17)', () => {
  it('opens to a junior buyer the order they placed (shell §2, issue 36), with no link to an orders list they lack', async () => {
    const junior = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' } });
    const { server, view } = await openOrder(orderDetail(), {}, junior);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 100042' })).toBeInTheDocument();
    expect(view.location()).toBe('/orderDetail/100042');
    expect(server.callsTo('Order')[0]!.variables).toEqual({ id: '100042' });
    expect(screen.queryByRole('link', { name: 'Back to my orders' })).not.toBeInTheDocument();
  });

  it('tells a junior buyer a colleague’s order is not found, with no way to a list they lack', async () => {
    const junior = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior] });
    await openOrder({ data: null, errors: [{ message: 'Order not found.', extensions: { code: 'NOT_FOUND' } }] }, {}, junior);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to my orders' })).not.toBeInTheDocument();
  });

  it('shows the order: header, payment, addresses, lines with what shipped, summary', async () => {
    const { server } = await openOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 100042' })).toBeInTheDocument();
    expect(server.callsTo('Order')[0]!.variables).toEqual({ id: '100042' });

    expect(screen.getByText('Partially shipped')).toBeInTheDocument();
    expect(screen.getByText('14 items in 2 lines')).toBeInTheDocument();
    expect(screen.getByTestId('order-po-number')).toHaveTextContent('PO-7731');
    expect(screen.getByTestId('order-placed-by')).toHaveTextContent('Sam Seniorsenior@acme.test');
    expect(screen.getByTestId('order-payment-method')).toHaveTextContent('Purchase order (pay on account)');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('On account (to be invoiced)');
    expect(screen.getByRole('link', { name: 'Back to my orders' })).toHaveAttribute('href', '/orders');

    const addresses = region('Addresses');
    expect(within(addresses).getByTestId('order-shipping-address')).toHaveTextContent('Sam SeniorAcme Labs7 Cold Spring RoadBoston, MA 02115United States');
    expect(within(addresses).getByRole('link', { name: 'ap@acme.test' })).toHaveAttribute('href', 'mailto:ap@acme.test');
    expect(within(addresses).getByTestId('order-customer-message')).toHaveTextContent('Please ship on dry ice.');

    const lines = screen.getByRole('table', { name: 'Products' });
    expect(within(lines).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '', 'Product', 'Quantity', 'Shipped', 'Unit price', 'Total',
    ]);
    const saltRow = within(lines).getByTestId('order-line-502');
    expect(within(saltRow).getAllByRole('cell').slice(2).map((cell) => cell.textContent)).toEqual(['4', '1 of 43 to ship', '$30.00', '$120.00']);
    // The product links to its storefront page, with its options; a product that is gone has no link.
    expect(within(lines).getByRole('link', { name: 'Ethanol absolute 99.8%' })).toHaveAttribute('href', 'https://shop.helix.test/products/ethanol-absolute-998/');
    expect(within(lines).getByText('Pack size: 500 mL')).toBeInTheDocument();
    expect(within(saltRow).queryByRole('link')).not.toBeInTheDocument();
    expect(within(lines).getByRole('link', { name: 'Safety data sheet for Ethanol absolute 99.8% (PDF)' })).toHaveAttribute(
      'href', 'https://api.helix.test/api/v2/orders/lines/501/safety-data-sheet?token=s1',
    );

    expect(screen.getByTestId('order-summary-subtotal')).toHaveTextContent('$320.00');
    expect(screen.getByTestId('order-summary-shipping')).toHaveTextContent('$15.00');
    expect(screen.getByTestId('order-summary-tax')).toHaveTextContent('$25.60');
    expect(screen.getByTestId('order-summary-grand-total')).toHaveTextContent('$360.60');
  });

  it('shows each shipment with its tracking link in a new tab, the lots and their certificates, and what is not shipped yet', async () => {
    await openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    const shipments = region('Shipments');
    const shipment = within(shipments).getByRole('article', { name: 'Shipment 1 of 1 · Mar 3, 2026' });
    const tracking = within(shipment).getByRole('link', { name: '1Z999AA10123456784 (opens in a new tab)' });
    expect(tracking).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(tracking).toHaveAttribute('target', '_blank');
    expect(tracking).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(shipment).getByText('UPS')).toBeInTheDocument();
    expect(within(shipment).getByText('Dry ice added.')).toBeInTheDocument();

    const shipped = within(shipment).getByRole('list', { name: 'Products in shipment 1' });
    const ethanolLot = within(shipped).getByTestId('shipment-line-61');
    expect(ethanolLot).toHaveTextContent('10 × Ethanol absolute 99.8%');
    expect(ethanolLot).toHaveTextContent('Lot L2301');
    expect(ethanolLot).toHaveTextContent('Retest or expiry date: Mar 1, 2027');
    expect(within(ethanolLot).getByRole('link', { name: 'Certificate of analysis for lot L2301 of Ethanol absolute 99.8% (PDF)' })).toHaveAttribute(
      'href', 'https://api.helix.test/api/v2/orders/shipment-lines/61/certificate?token=c1',
    );
    expect(within(shipped).getByTestId('shipment-line-62')).toHaveTextContent('No certificate yet');

    const remaining = region('Not shipped yet');
    expect(within(remaining).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['3 × Sodium chloride SKU HS-1055-500G, 4 ordered']);
  });

  it('says when nothing has shipped, and a tracking number no format recognises is shown without a link', async () => {
    const shipment = orderDetail().shipments[0]!;
    await openOrder(orderDetail({ shipments: [{ ...shipment, trackingUrl: null, courierName: null, carrier: 'Local courier', trackingNumber: 'X-1' }] }));
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    expect(within(region('Shipments')).getByTestId('shipment-tracking-31')).toHaveTextContent('X-1');
    expect(within(region('Shipments')).queryByRole('link', { name: /X-1/ })).not.toBeInTheDocument();
    expect(within(region('Shipments')).getByText('Local courier')).toBeInTheDocument();
  });

  it('reorders every line when none is ticked, and reports what was added and why the rest was not', async () => {
    const { server, user } = await openOrder(orderDetail(), { OrderReorder: { data: { orderReorder: transfer() } } });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    expect(screen.getByTestId('order-selection-hint')).toHaveTextContent('with none ticked, every product is used');
    await user.click(screen.getByRole('button', { name: 'Reorder' }));

    const dialog = await screen.findByRole('dialog', { name: '1 product added to your cart' });
    expect(server.callsTo('OrderReorder')[0]!.variables).toEqual({ id: '100042', lineIds: null });
    expect(within(within(dialog).getByTestId('transfer-added')).getByRole('listitem')).toHaveTextContent('10 × Ethanol absolute 99.8% (HS-ETH-500)');
    expect(within(within(dialog).getByTestId('transfer-not-added')).getByRole('listitem')).toHaveTextContent(
      '4 × Sodium chloride (HS-1055-500G)Not enough in stock. (Only 3 left)',
    );
    expect(within(dialog).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart.php');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '1 product added to your cart' })).not.toBeInTheDocument());
  });

  it('reorders only the ticked lines', async () => {
    const added = transfer({ notAdded: [], added: [transfer().added[0]!] });
    const { server, user } = await openOrder(orderDetail(), { OrderReorder: { data: { orderReorder: added } } });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('checkbox', { name: 'Select Sodium chloride (HS-1055-500G)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ethanol absolute 99.8% (HS-ETH-500)' }));
    expect(screen.getByRole('checkbox', { name: 'Select all products' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Select Ethanol absolute 99.8% (HS-ETH-500)' }));
    expect(screen.getByTestId('order-selection-hint')).toHaveTextContent('1 product ticked');
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    await screen.findByRole('dialog', { name: '1 product added to your cart' });
    expect(server.callsTo('OrderReorder')[0]!.variables).toEqual({ id: '100042', lineIds: ['502'] });
  });

  it('translates the reason by code in another language, without the server’s English details', async () => {
    const { user } = await openOrder(orderDetail(), {
      OrderReorder: { data: { orderReorder: transfer({ added: [], notAdded: [{ ...transfer().notAdded[0]!, code: 'PURCHASE_DISABLED', reason: 'Disabled for purchase.' }] }) } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nothing could be added to your cart' });
    expect(within(dialog).getByTestId('transfer-not-added')).toHaveTextContent('This product can’t be bought online at the moment. (Disabled for purchase.)');
    // Nothing went in: no way to the cart.
    expect(within(dialog).queryByRole('link', { name: 'Go to cart' })).not.toBeInTheDocument();
  });

  it('adds the lines to the quote draft and leads there', async () => {
    const { server, view, user } = await openOrder(orderDetail(), {
      OrderAddToQuote: { data: { orderAddToQuote: transfer({ cartEntityId: null, notAdded: [{ ...transfer().notAdded[0]!, code: 'NOT_QUOTABLE', reason: null }] }) } },
      QuoteDraft: { errors: [{ message: 'stop here', extensions: { code: 'INTERNAL_ERROR' } }] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('button', { name: 'Add to quote' }));
    const dialog = await screen.findByRole('dialog', { name: '1 product added to your quote' });
    expect(server.callsTo('OrderAddToQuote')[0]!.variables).toEqual({ id: '100042', lineIds: null });
    expect(within(dialog).getByTestId('transfer-not-added')).toHaveTextContent('This product can’t be added to a quote.');
    await user.click(within(dialog).getByRole('link', { name: 'Go to quote' }));
    await waitFor(() => expect(view.location()).toBe('/quoteDraft'));
  });

  it('shows a refused action as a toast', async () => {
    const { user } = await openOrder(orderDetail(), {
      OrderReorder: { errors: [{ message: 'You may not buy.', extensions: { code: 'PERMISSION_DENIED' } }] },
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(toastTexts()).toEqual(['error: You don’t have permission to do this.']));
    expect(screen.queryByRole('dialog', { name: /added to your cart/ })).not.toBeInTheDocument();
  });

  it('hides the actions the caller may not take, and then the line checkboxes', async () => {
    await openOrder(orderDetail({ canReorder: false, canAddToQuote: false }));
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    const actions = screen.getByRole('group', { name: 'Order actions' });
    expect(within(actions).getAllByRole('button').map((button) => button.textContent)).toEqual(['Print']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-selection-hint')).not.toBeInTheDocument();
  });

  it('prints: opens a tab at once and sends it to the signed PDF link', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const { server, user } = await openOrder(orderDetail(), {
      OrderPdf: { data: { orderPdf: { url: 'https://api.helix.test/api/v2/orders/100042/pdf?token=p1', fileName: 'order-100042.pdf' } } },
    });
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(tab.location.href).toBe('https://api.helix.test/api/v2/orders/100042/pdf?token=p1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(server.callsTo('OrderPdf')[0]!.variables).toEqual({ id: '100042' });
    open.mockRestore();
  });

  it('says "Order not found" for another company’s order or a missing number, with a way back to My orders', async () => {
    const { user, view } = await openOrder({ errors: [{ message: 'Order not found.', extensions: { code: 'NOT_FOUND' } }] }, {}, customer(), '/orderDetail/999999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText('This order doesn’t exist, or it isn’t one you can see.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Back to my orders' }));
    await waitFor(() => expect(view.location()).toBe('/orders'));
  });

  it('shows a failed load with a retry', async () => {
    let attempts = 0;
    const { user } = await openOrder(orderDetail(), {
      Order: () => {
        attempts += 1;
        return attempts === 1 ? { errors: [{ message: 'Busy.', extensions: { code: 'INTERNAL_ERROR' } }] } : orderResult(orderDetail());
      },
    });
    expect(await screen.findByText('We couldn’t load this order.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 100042' })).toBeInTheDocument();
  });

  it('leads back to Lab orders, as they were, when opened from there', async () => {
    setB2BToken('tok');
    const admin = customer({ role: 0, permissions: [...DEMO_PERMISSIONS.admin] });
    mockGraphQL({
      CustomerInfo: customerResult(admin),
      Orders: { data: { orders: { totalCount: 1, edges: [{ node: { ...orderDetail(), lines: undefined } }] } } },
      OrderPlacedBy: { data: { createdByUser: [] } },
      Order: orderResult(orderDetail()),
    });
    const view = renderPortal('/company-orders?status=partially_shipped');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: '100042' }));
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    await user.click(screen.getByRole('link', { name: 'Back to lab orders' }));
    await waitFor(() => expect(view.location()).toBe('/company-orders?status=partially_shipped'));
    await act(() => Promise.resolve());
  });

  it('shows the lines as cards, with checkboxes, on the mobile layout', async () => {
    mobileViewport();
    await openOrder();
    await screen.findByRole('heading', { level: 1, name: 'Order 100042' });
    const cards = screen.getByRole('list', { name: 'Products' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    const saltCard = within(cards).getByTestId('order-line-502');
    expect(within(saltCard).getByRole('checkbox', { name: 'Select Sodium chloride (HS-1055-500G)' })).toBeInTheDocument();
    expect(within(saltCard).getAllByRole('term').map((term) => term.textContent)).toEqual(['Quantity', 'Shipped', 'Unit price', 'Total']);
    expect(screen.getByRole('checkbox', { name: 'Select all products' })).toBeInTheDocument();
  });
});
