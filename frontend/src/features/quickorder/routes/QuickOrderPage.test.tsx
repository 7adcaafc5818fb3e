import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { optionValue, productOption } from '../../../components/productOptions/productOptionFixtures';
import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { useFilterClock } from '../../../test/filterClock';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { SearchProduct } from '../../../lib/productSearch';
import type { PurchasedProduct } from '../api/purchasedProducts';

// issue 19, /purchased-products: the purchased products (buy again) with their selection and its actions.

const product = (overrides: Partial<PurchasedProduct> = {}): PurchasedProduct => ({
  id: 'p-ethanol',
  productId: 1,
  variantId: 2,
  sku: 'HS-1001-500ML',
  productName: 'Ethanol, absolute',
  options: [],
  optionList: [],
  // Midday UTC: the same calendar day in every test time zone.
  lastOrderedAt: '2026-03-02T12:00:00+00:00',
  quantityOrdered: 6,
  orderCount: 2,
  price: { taxExclusive: '103.36' },
  currencyCode: 'USD',
  priceOnRequest: false,
  purchasable: true,
  availableStock: 60,
  imageUrl: null,
  productUrl: 'https://shop.helix.test/products/ethanol/',
  ...overrides,
});

const CERTIFIED = product({
  id: 'p-ethanol-coa',
  sku: 'HS-1001-1L',
  variantId: 3,
  options: [{ name: 'Printed certificate of analysis', value: 'Yes' }],
  optionList: [{ optionId: 9, optionValue: '31' }],
  quantityOrdered: 4,
  orderCount: 1,
  price: { taxExclusive: '189.42' },
  availableStock: 25,
});
const GONE = product({ id: 'p-gone', productId: null, variantId: null, sku: 'HS-0001', productName: 'A discontinued buffer', price: null, purchasable: false, availableStock: null, productUrl: null });
const NO_STOCK = product({ id: 'p-dmso', productId: 6, variantId: 23, sku: 'HS-1006-1L', productName: 'Dimethyl sulfoxide', availableStock: 0, price: { taxExclusive: '180.00' } });
const ON_REQUEST = product({ id: 'p-peptide', productId: 59, variantId: 184, sku: 'HS-1150', productName: 'Custom peptide synthesis', price: null, priceOnRequest: true, purchasable: false, availableStock: null });

/** Ethanol as the catalog search gives it: its pack size makes the variant, the certificate is a modifier (a checkbox). */
const ETHANOL: SearchProduct = {
  id: 1, name: 'Ethanol, absolute', sku: 'HS-1001', casNumber: '64-17-5', availability: 'available', priceOnRequest: false, imageUrl: null, productUrl: null,
  variants: [
    { variantId: 2, sku: 'HS-1001-500ML', purchasingDisabled: false, imageUrl: null, calculatedPrice: '103.36', optionValues: [{ id: 11, optionId: 3, label: '500 mL' }] },
    { variantId: 3, sku: 'HS-1001-1L', purchasingDisabled: false, imageUrl: null, calculatedPrice: '174.42', optionValues: [{ id: 12, optionId: 3, label: '1 L' }] },
  ],
  allOptions: [
    productOption(3, 'rectangles', 'Pack size', { required: true, isVariantOption: true, optionValues: [optionValue(11, '500 mL'), optionValue(12, '1 L')] }),
    productOption(9, 'checkbox', 'Printed certificate of analysis', { optionValues: [optionValue(31, 'Yes')] }),
  ],
};

const page = (products: PurchasedProduct[], totalCount = products.length): GraphQLResult => ({
  data: { purchasedProducts: { totalCount, edges: products.map((node) => ({ node })) } },
});

const CART_PAGE = { 'GET /cart.php': { body: '<html><body><div class="cart-actions" data-cart-id="cart-7"></div></body></html>' } };

type Handlers = Parameters<typeof mockGraphQL>[0];

async function openPage(handlers: Handlers = {}, who = customer(), rest: Record<string, { body: string }> = CART_PAGE) {
  setB2BToken('tok');
  const server = mockGraphQL(
    {
      CustomerInfo: customerResult(who),
      PurchasedProducts: page([product(), CERTIFIED, GONE, NO_STOCK, ON_REQUEST]),
      QuickOrderAddCartLineItems: { data: { addCartLineItems: { entityId: 'cart-7' } } },
      ProductSearch: { data: { productsSearch: [ETHANOL] } },
      ...handlers,
    },
    { rest },
  );
  const view = renderPortal('/purchased-products');
  await screen.findByRole('heading', { level: 1, name: 'Quick order' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const table = () => screen.getByRole('table', { name: 'Purchased products' });
const rowOf = (name: string) => within(table()).getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const selectionBar = () => screen.getByRole('group', { name: 'Selected products' });
// The filter bar's typing delay passes on a fake clock: typed text is applied at once, however fast the machine.
const settle = useFilterClock();

describe('purchased products (issue 19 buy again)', () => {
  it('lists what was bought — product, SKU and options, last order, quantity, today’s price — newest first', async () => {
    const { server } = await openPage();
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });

    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Select', 'Product', 'Last ordered', 'Today’s price', 'Quantity']);
    expect(server.callsTo('PurchasedProducts')[0]!.variables).toEqual({ first: 10, offset: 0, search: null, dateFrom: null, dateTo: null, orderBy: '-lastOrderedAt' });
    expect(screen.getByRole('columnheader', { name: 'Last ordered' })).toHaveAttribute('aria-sort', 'descending');
    expect(rowOf('Ethanol, absolute SKU HS-1001-1L')).toHaveTextContent('SKU HS-1001-1L · Printed certificate of analysis: Yes');
    expect(within(rowOf('Ethanol, absolute SKU HS-1001-1L')).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent)).toEqual(['', 'Mar 2, 20264 in 1 order', '$189.42']);
    expect(within(rowOf('Ethanol, absolute SKU HS-1001-1L')).getByRole('spinbutton', { name: 'Quantity of Ethanol, absolute' })).toHaveValue(1);
    expect(within(rowOf('Ethanol, absolute SKU HS-1001-500ML')).getAllByRole('cell')[1]).toHaveTextContent('Mar 2, 20266 in 2 orders');
    expect(within(rowOf('Ethanol, absolute SKU HS-1001-500ML')).getByRole('link', { name: 'Ethanol, absolute' })).toHaveAttribute('href', 'https://shop.helix.test/products/ethanol/');

    // A product no longer sold is listed for the record: no price, nothing to tick; others say why they cannot be bought.
    expect(rowOf('A discontinued buffer')).toHaveTextContent('No longer in the catalog');
    expect(within(rowOf('A discontinued buffer')).getByRole('checkbox', { name: 'Select A discontinued buffer (HS-0001)' })).toBeDisabled();
    expect(within(rowOf('A discontinued buffer')).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(rowOf('Dimethyl sulfoxide')).toHaveTextContent('Out of stock');
    expect(rowOf('Custom peptide synthesis')).toHaveTextContent('Price on request');
    expect(rowOf('Custom peptide synthesis')).toHaveTextContent('Can’t be bought online at the moment');
    expect(screen.getByText('5 products').closest('[role="status"]')).not.toBeNull();
    // A senior buyer reads the company's orders (get_orders level 2).
    expect(screen.getByText('Everything your company has ordered, with today’s price.')).toBeInTheDocument();
  });

  it('searches, filters by the days ordered and sorts on the server, keeping the state in the URL', async () => {
    const { server, view, user } = await openPage();
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'ethanol');
    await settle();
    await waitFor(() => expect(server.callsTo('PurchasedProducts').at(-1)!.variables).toMatchObject({ search: 'ethanol', offset: 0 }));
    await user.type(screen.getByLabelText('Ordered from'), '2026-01-01');
    await settle();
    await waitFor(() => expect(server.callsTo('PurchasedProducts').at(-1)!.variables).toMatchObject({ search: 'ethanol', dateFrom: '2026-01-01', dateTo: null }));
    await user.click(screen.getByRole('button', { name: 'Product' }));
    await waitFor(() => expect(server.callsTo('PurchasedProducts').at(-1)!.variables).toMatchObject({ orderBy: 'productName' }));
    expect(view.location()).toBe('/purchased-products?search=ethanol&from=2026-01-01&sort=productName');
  });

  it('says when the list cannot be loaded, with a retry, and when nothing was bought yet', async () => {
    let fail = true;
    const { user } = await openPage({
      PurchasedProducts: () =>
        fail ? { errors: [{ message: 'boom', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } : page([]),
    });
    expect(await screen.findByText('We couldn’t load your purchased products.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Nothing ordered yet' })).toBeInTheDocument();
    // Without any purchase there is nothing to filter or select.
    expect(screen.queryByRole('search', { name: 'Filter purchased products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Selected products' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters, and clears them', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(), PurchasedProducts: (variables) => page(variables.search ? [] : [product()]) });
    const view = renderPortal('/purchased-products?search=zzz');
    const user = userEvent.setup({ delay: null });
    const message = (await screen.findByRole('heading', { name: 'No purchased products match' })).parentElement!;
    await user.click(within(message).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('rowheader', { name: /^Ethanol, absolute/ })).toBeInTheDocument();
    expect(view.location()).toBe('/purchased-products');
    expect(server.callsTo('PurchasedProducts').at(-1)!.variables).toMatchObject({ search: null });
  });

  it('keeps the rows ticked on other pages (business §2 select across pages)', async () => {
    const { server, user } = await openPage({
      PurchasedProducts: (variables) => (variables.offset === 0 ? page([product()], 11) : page([CERTIFIED], 11)),
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' }));
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-1L)' }));
    expect(within(selectionBar()).getByText('2 products selected')).toBeInTheDocument();
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to cart' }));
    await screen.findByRole('dialog', { name: '2 products added to your cart' });
    const sent = server.callsTo('QuickOrderAddCartLineItems')[0]!.variables as { addCartLineItemsInput: { data: { lineItems: { variantEntityId: number }[] } } };
    expect(sent.addCartLineItemsInput.data.lineItems.map((item) => item.variantEntityId)).toEqual([2, 3]);
  });

  it('ticks rows with a quantity each and adds them to the cart in one call, reporting what went in', async () => {
    const { server, user } = await openPage();
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });
    const cartButton = within(selectionBar()).getByRole('button', { name: 'Add selected to cart' });
    expect(cartButton).toBeDisabled();

    // A quantity typed for a row ticks it.
    const quantity = within(rowOf('Ethanol, absolute SKU HS-1001-500ML')).getByRole('spinbutton', { name: 'Quantity of Ethanol, absolute' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    expect(within(rowOf('Ethanol, absolute SKU HS-1001-500ML')).getByRole('checkbox')).toBeChecked();
    await user.click(within(rowOf('Ethanol, absolute SKU HS-1001-1L')).getByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-1L)' }));
    await user.click(within(rowOf('Dimethyl sulfoxide')).getByRole('checkbox'));
    expect(within(selectionBar()).getByText('3 products selected')).toBeInTheDocument();

    await user.click(cartButton);
    const report = await screen.findByRole('dialog', { name: '2 products added to your cart' });
    // The cart's own id (from the storefront's cart page) and the modifier by its value id; none of the product list.
    expect(server.restCallsTo('GET', '/cart.php')).toHaveLength(1);
    expect(server.callsTo('ProductSearch')[0]!.variables).toEqual({ productIds: [1], first: 1 });
    expect(server.callsTo('QuickOrderAddCartLineItems').map((call) => call.variables)).toEqual([
      {
        addCartLineItemsInput: {
          cartEntityId: 'cart-7',
          data: {
            lineItems: [
              { productEntityId: 1, variantEntityId: 2, quantity: 3, selectedOptions: [] },
              { productEntityId: 1, variantEntityId: 3, quantity: 1, selectedOptions: [{ optionEntityId: 9, optionValueEntityId: 31 }] },
            ],
          },
        },
      },
    ]);
    expect(within(within(report).getByTestId('transfer-added')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '3 × Ethanol, absolute (HS-1001-500ML)',
      '1 × Ethanol, absolute (HS-1001-1L)',
    ]);
    // The out-of-stock one was not sent: the report says why, and it stays ticked.
    expect(within(report).getByTestId('transfer-not-added')).toHaveTextContent('1 × Dimethyl sulfoxide (HS-1006-1L)Not enough in stock.');
    expect(within(report).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart.php');
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    expect(within(selectionBar()).getByText('1 product selected')).toBeInTheDocument();
  });

  it('tells which products the cart refused when it refuses the batch, adding the others one by one', async () => {
    const { server, user } = await openPage({
      PurchasedProducts: page([product(), CERTIFIED]),
      QuickOrderAddCartLineItems: (variables) => {
        const items = (variables.addCartLineItemsInput as { data: { lineItems: { variantEntityId: number }[] } }).data.lineItems;
        return items.some((item) => item.variantEntityId === 3)
          ? { errors: [{ message: 'Only 2 in stock.', extensions: { code: 'VALIDATION_ERROR', fields: { quantity: ['Only 2 in stock.'] } } }] }
          : { data: { addCartLineItems: { entityId: 'cart-7' } } };
      },
      ProductSearch: { data: { productsSearch: [] } },
    });
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to cart' }));

    const report = await screen.findByRole('dialog', { name: '1 product added to your cart' });
    expect(server.callsTo('QuickOrderAddCartLineItems')).toHaveLength(3); // both, then each on its own
    expect(within(report).getByTestId('transfer-not-added')).toHaveTextContent('1 × Ethanol, absolute (HS-1001-1L)Not enough in stock. (Only 2 in stock.)');
  });

  it('makes a new cart when the storefront has none', async () => {
    const { server, user } = await openPage(
      { PurchasedProducts: page([product()]), QuickOrderCreateCart: { data: { createCart: { entityId: 'cart-new' } } } },
      customer(),
      { 'GET /cart.php': { body: '<html><body><p>Your cart is empty.</p></body></html>' } },
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to cart' }));
    await screen.findByRole('dialog', { name: '1 product added to your cart' });
    expect(server.callsTo('QuickOrderAddCartLineItems')).toHaveLength(0);
    expect(server.callsTo('QuickOrderCreateCart')[0]!.variables).toEqual({
      createCartInput: { lineItems: [{ productEntityId: 1, variantEntityId: 2, quantity: 1, selectedOptions: [] }] },
    });
  });

  it('adds the selection to the quote draft with its options', async () => {
    const { server, user } = await openPage({ QuickOrderAddToQuote: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { id: 9 } } } } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-1L)' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to quote' }));

    const report = await screen.findByRole('dialog', { name: '1 product added to your quote' });
    expect(server.callsTo('QuickOrderAddToQuote')[0]!.variables).toEqual({
      channelId: 1,
      lines: [{ productId: 1, variantId: 3, quantity: 1, options: [{ optionId: 9, value: '31' }] }],
    });
    expect(within(report).getByRole('link', { name: 'Go to quote' })).toHaveAttribute('href', '/quoteDraft');
  });

  it('translates the quote draft’s refusal', async () => {
    const { user } = await openPage({ QuickOrderAddToQuote: { errors: [{ message: 'Price error', extensions: { code: 'PRICE_ERROR' } }] } });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-1L)' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to quote' }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('Price error'));
  });

  it('adds the selection to a new shopping list and links to it', async () => {
    const { server, user } = await openPage({
      QuickOrderShoppingLists: {
        data: { shoppingLists: { edges: [{ node: { id: 4, name: 'Weekly reagents', status: 0, statusLabel: 'Approved', isOwner: true, itemCount: 3, canAddItems: true } }] } },
      },
      QuickOrderListCreate: { data: { shoppingListsCreate: { shoppingList: { id: 12, name: 'Buffers' } } } },
      QuickOrderListItemsCreate: { data: { shoppingListsItemsCreate: { message: 'ok', shoppingList: { id: 12, name: 'Buffers' } } } },
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-1L)' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to shopping list' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to shopping list' });
    expect(within(dialog).getByRole('radio', { name: /Weekly reagents/ })).toBeChecked();
    await user.click(within(dialog).getByRole('radio', { name: 'A new list' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));
    expect(within(dialog).getByText('Give the list a name.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /List name/ }), 'Buffers');
    await user.click(within(dialog).getByRole('button', { name: 'Add to list' }));

    expect(await within(dialog).findByText('Products were added to your shopping list')).toBeInTheDocument();
    expect(server.callsTo('QuickOrderListCreate')[0]!.variables).toEqual({ shoppingListData: { name: 'Buffers', description: '' }, channelId: 1 });
    expect(server.callsTo('QuickOrderListItemsCreate')[0]!.variables).toEqual({
      shoppingListId: 12,
      items: [{ productId: 1, variantId: 3, quantity: 1, options: [{ optionId: 9, optionValue: '31' }] }],
    });
    expect(within(dialog).getByRole('link', { name: 'View list' })).toHaveAttribute('href', '/shoppingList/12');
  });

  it('starts a junior buyer’s list choice on their last used draft, never on a rejected or approved list', async () => {
    const junior = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior' } });
    const node = (id: number, name: string, status: number, statusLabel: string) => ({ node: { id, name, status, statusLabel, isOwner: true, itemCount: 1, canAddItems: true } });
    const { user } = await openPage(
      {
        QuickOrderShoppingLists: {
          data: { shoppingLists: { edges: [node(4, 'Rejected reagents', 50, 'Rejected'), node(5, 'Approved reagents', 0, 'Approved'), node(6, 'Buffers draft', 30, 'Draft')] } },
        },
      },
      junior,
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' }));
    await user.click(within(selectionBar()).getByRole('button', { name: 'Add selected to shopping list' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add to shopping list' });
    expect(await within(dialog).findByRole('radio', { name: /Buffers draft/ })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: /Rejected reagents/ })).not.toBeChecked();
  });

  it('shows a junior buyer their own purchases, with the actions of their rights', async () => {
    const junior = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior' } });
    await openPage({}, junior);
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });
    // Their own orders only; the cart is the server's to refuse (junior_place_order), quotes and lists are theirs.
    expect(screen.getByText('Everything you have ordered, with today’s price.')).toBeInTheDocument();
    expect(within(selectionBar()).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Add selected to cart',
      'Add selected to quote',
      'Add selected to shopping list',
    ]);
  });

  it('hides the cart from a pending company whose ordering is blocked', async () => {
    const pending = { ...customer(), accountStatus: { orderCreationBlocked: true, pricesHidden: false, convertLinkVisible: false, b2bRegistrationEnabled: true, b2cRegistrationEnabled: true } };
    await openPage({}, pending);
    await screen.findByRole('rowheader', { name: /^Ethanol, absolute SKU HS-1001-500ML/ });
    expect(within(selectionBar()).queryByRole('button', { name: 'Add selected to cart' })).not.toBeInTheDocument();
    expect(screen.getByText('Your account is pending approval. Ordering will be enabled after account approval')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('shows cards on the mobile layout, the checkbox beside the product', async () => {
    mobileViewport();
    await openPage();
    const cards = await screen.findByRole('list', { name: 'Purchased products' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' })).toBeInTheDocument();
    expect(within(first).getByText('Today’s price')).toBeInTheDocument();
    expect(within(first).getByRole('spinbutton', { name: 'Quantity of Ethanol, absolute' })).toBeInTheDocument();
  });
});
