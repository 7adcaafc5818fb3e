import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import { enterText } from '../../../test/userInput';
import type { SelectionFacts } from '../api/shoppingList';
import type { ShoppingListHeader, ShoppingListItem } from '../api/shoppingListFields';

const header = (overrides: Partial<ShoppingListHeader> = {}): ShoppingListHeader => ({
  id: 12,
  name: 'Organic chemistry practical',
  description: 'Solvents for the second-year practical.',
  status: 40,
  statusLabel: 'Ready for approval',
  reason: null,
  approvedFlag: false,
  isOwner: false,
  companyId: 3,
  itemCount: 2,
  createdAt: '2026-03-01T12:00:00+00:00',
  updatedAt: '2026-03-02T12:00:00+00:00',
  reviewedAt: null,
  reviewedBy: null,
  customerInfo: { userId: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test', role: 2 },
  currencyCode: 'USD',
  showInclusive: false,
  pricesHidden: false,
  isShowGrandTotal: true,
  subtotal: '500.40',
  totalTax: '40.03',
  grandTotal: '540.43',
  totalDiscount: '0.00',
  canEdit: true,
  canAddItems: true,
  canEditItems: true,
  canDeleteItems: true,
  canDelete: true,
  canDuplicate: true,
  canSubmit: false,
  canApprove: true,
  canAddToCart: true,
  ...overrides,
});

const ethanol = (overrides: Partial<ShoppingListItem> = {}): ShoppingListItem => ({
  id: 55,
  productId: 3,
  variantId: 11,
  quantity: 12,
  productName: 'Ethanol, absolute',
  baseSku: 'HS-1001',
  variantSku: 'HS-1001-500ML',
  optionList: '[{"optionId": 40, "optionValue": "97"}]',
  options: [
    { optionId: 7, optionName: 'Pack size', value: '500 mL' },
    { optionId: 40, optionName: 'Printed certificate of analysis', value: 'Yes' },
  ],
  productNote: 'Bench 4',
  productUrl: 'https://shop.helix.test/products/ethanol/',
  primaryImage: null,
  basePrice: '30.00',
  calculatedValue: '30.00',
  lineTotal: '360.00',
  lineTotalWithTax: '388.80',
  priceWhenAdded: '25.00',
  nextTier: { additionalQuantity: 8, minimum: 20, price: { taxExclusive: '27.60', taxInclusive: '29.81' } },
  priceError: null,
  priceOnRequest: false,
  purchasable: true,
  stockCode: null,
  stockMessage: null,
  updatedAt: '2026-03-02T12:00:00+00:00',
  ...overrides,
});

const acetonitrile = (overrides: Partial<ShoppingListItem> = {}): ShoppingListItem =>
  ethanol({
    id: 56, productId: 4, variantId: 20, quantity: 4, productName: 'Acetonitrile', baseSku: 'HS-1003', variantSku: 'HS-1003-1L',
    optionList: '[]', options: [], productNote: '', productUrl: null, basePrice: '35.10', calculatedValue: '35.10', lineTotal: '140.40',
    lineTotalWithTax: '151.63', priceWhenAdded: '35.10', nextTier: null, purchasable: false, stockCode: 'insufficient_stock',
    stockMessage: 'Only 3 in stock.',
    ...overrides,
  });

const fact = (item: ShoppingListItem): SelectionFacts => ({
  id: item.id, productId: item.productId, variantId: item.variantId, variantSku: item.variantSku, productName: item.productName,
  optionList: item.optionList, quantity: item.quantity, purchasable: item.purchasable, lineTotal: item.lineTotal, lineTotalWithTax: item.lineTotalWithTax,
});

/** A third product, on another page than the one shown: "select all" reaches it through the selection facts. */
const OTHER_PAGE = fact(ethanol({ id: 57, productName: 'Methanol', variantSku: 'HS-1002-1L', quantity: 2, lineTotal: '59.00', lineTotalWithTax: '63.72', optionList: '[]' }));

const listResult = (list: ShoppingListHeader, items: ShoppingListItem[], totalCount = items.length, field = 'shoppingList'): GraphQLResult => ({
  data: { [field]: { ...list, products: { totalCount, edges: items.map((node) => ({ node })) } } },
});
const factsResult = (facts: SelectionFacts[], field = 'shoppingList'): GraphQLResult => ({
  data: { [field]: { id: 12, products: { totalCount: facts.length, edges: facts.map((node) => ({ node })) } } },
});
const payload = (field: string, status = 40): GraphQLResult => ({ data: { [field]: { shoppingList: { id: 12, status } } } });

const SENIOR = customer();
const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { id: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' } });

type Handlers = Parameters<typeof mockGraphQL>[0];

async function openList(handlers: Handlers = {}, who = SENIOR, path = '/shoppingList/12') {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    ShoppingList: listResult(header(), [ethanol(), acetonitrile()]),
    ShoppingListSelection: factsResult([fact(ethanol()), fact(acetonitrile()), OTHER_PAGE]),
    JuniorPlaceOrder: { data: { storeConfigSwitchStatus: { key: 'junior_place_order', isEnabled: false } } },
    ...handlers,
  });
  const view = renderPortal(path);
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const table = () => screen.getByRole('table', { name: 'Products' });
const row = (id: number) => within(table()).getByTestId(`shopping-list-item-${id}`);

describe('a shopping list’s page (issue 18)', () => {
  it('shows the list’s header and its products: picture, SKU, options, note, price now against when added, tier hint, total', async () => {
    const { server } = await openList();
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic chemistry practical' })).toBeInTheDocument();
    expect(server.callsTo('ShoppingList')[0]!.variables).toEqual({ id: 12, first: 100, offset: 0, orderBy: '-updatedAt' });

    expect(screen.getByText('Ready for approval')).toBeInTheDocument();
    expect(screen.getByTestId('shopping-list-created-by')).toHaveTextContent('Jules Junior');
    expect(screen.getByTestId('shopping-list-total')).toHaveTextContent('$500.40');
    expect(screen.getByText('This list is waiting for your approval: check its products, then approve or reject it.')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'List actions' })).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Approve', 'Reject', 'Edit name and description',
    ]);

    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      '', 'Details', 'Product', 'SKU', 'Unit price', 'Quantity', 'Total', 'Actions',
    ]);
    const first = row(55);
    expect(within(first).getByRole('link', { name: 'Ethanol, absolute' })).toHaveAttribute('href', 'https://shop.helix.test/products/ethanol/');
    expect(first).toHaveTextContent('Pack size: 500 mL');
    expect(first).toHaveTextContent('Printed certificate of analysis: Yes');
    expect(within(first).getByTestId('shopping-list-item-note-55')).toHaveTextContent('Note: Bench 4');
    expect(within(first).getByTestId('shopping-list-item-price-55')).toHaveTextContent('$30.00');
    expect(within(first).getByTestId('shopping-list-item-price-change-55')).toHaveTextContent('Up 20% since added ($25.00)');
    expect(within(first).getByTestId('shopping-list-item-tier-55')).toHaveTextContent('Add 8 more for $27.60 each');
    expect(within(first).getByRole('spinbutton', { name: 'Quantity of Ethanol, absolute' })).toHaveValue(12);
    expect(first).toHaveTextContent('$360.00');

    // The stock check (business §4): a product that cannot go into the cart says why and cannot be ticked.
    const second = row(56);
    expect(within(second).getByTestId('shopping-list-item-stock-56')).toHaveTextContent('Only 3 in stock.');
    expect(within(second).getByRole('checkbox', { name: 'Select Acetonitrile (HS-1003-1L)' })).toBeDisabled();
    expect(within(second).queryByTestId('shopping-list-item-price-change-56')).not.toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(within(second).getByRole('button', { name: 'Actions for Acetonitrile' }));
    // Without options to choose, no "Change options".
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Add note', 'Remove']);
  });

  it('expands a row into its details and collapses it again', async () => {
    const { user } = await openList();
    const toggle = await screen.findByRole('button', { name: 'Show details of Ethanol, absolute' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    const details = screen.getByTestId('shopping-list-item-details-55');
    expect(details).toHaveTextContent('Catalog numberHS-1001');
    expect(details).toHaveTextContent('Unit price when added (excl. tax)$25.00');
    expect(details).toHaveTextContent('Unit price today (excl. tax)$30.00');
    await user.click(screen.getByRole('button', { name: 'Hide details of Ethanol, absolute' }));
    expect(screen.queryByTestId('shopping-list-item-details-55')).not.toBeInTheDocument();
  });

  it('sorts by a column header, the direction toggling, then back to the newest change first', async () => {
    const { server, user, view } = await openList();
    await screen.findByTestId('shopping-list-item-55');
    const sortBy = (name: string) => user.click(within(table()).getByRole('button', { name }));
    await sortBy('Product');
    await waitFor(() => expect(server.callsTo('ShoppingList').at(-1)!.variables).toEqual({ id: 12, first: 100, offset: 0, orderBy: 'productName' }));
    expect(view.location()).toBe('/shoppingList/12?sort=productName');
    await sortBy('Product');
    await waitFor(() => expect(server.callsTo('ShoppingList').at(-1)!.variables.orderBy).toBe('-productName'));
    await sortBy('Product');
    await waitFor(() => expect(view.location()).toBe('/shoppingList/12'));
    await sortBy('Quantity');
    await waitFor(() => expect(server.callsTo('ShoppingList').at(-1)!.variables.orderBy).toBe('-quantity'));
  });

  it('selects all selectable products on every page, with the selection’s subtotal, and adds them to the cart with a report', async () => {
    const transfer = {
      data: {
        shoppingListAddToCart: {
          cartEntityId: 'cart-1',
          added: [{ itemId: 55, sku: 'HS-1001-500ML', name: 'Ethanol, absolute', quantity: 12, code: null, reason: null }],
          notAdded: [{ itemId: 57, sku: 'HS-1002-1L', name: 'Methanol', quantity: 2, code: 'OUT_OF_STOCK', reason: 'Only 1 in stock.' }],
        },
      },
    };
    const { server, user } = await openList({ ShoppingListAddToCart: transfer });
    await screen.findByTestId('shopping-list-item-55');
    const footer = screen.getByTestId('shopping-list-footer');
    expect(within(footer).getByRole('button', { name: 'Add selected to cart' })).toBeDisabled();

    // "Select all" waits for what it reaches: every product of the list (the selection facts).
    const selectAll = within(table()).getByRole('checkbox', { name: 'Select all products on every page' });
    await waitFor(() => expect(selectAll).toBeEnabled());
    await user.click(selectAll);
    // The product on the other page counts; the one failing the stock check does not.
    expect(within(footer).getByRole('status')).toHaveTextContent('2 products selected');
    expect(within(footer).getByTestId('shopping-list-selection-subtotal')).toHaveTextContent('Subtotal: $419.00 (excl. tax)');
    expect(within(table()).getByRole('checkbox', { name: 'Select all products on every page' })).toBeChecked();

    await user.click(within(footer).getByRole('button', { name: 'Add selected to cart' }));
    const report = await screen.findByRole('dialog', { name: '1 product added to your cart' });
    expect(server.callsTo('ShoppingListAddToCart')[0]!.variables).toEqual({ id: 12, itemIds: [55, 57] });
    expect(within(report).getByTestId('transfer-added')).toHaveTextContent('12 × Ethanol, absolute (HS-1001-500ML)');
    expect(within(report).getByTestId('transfer-not-added')).toHaveTextContent('2 × Methanol (HS-1002-1L)Not enough in stock. (Only 1 in stock.)');
    expect(within(report).getByRole('link', { name: 'Go to cart' })).toHaveAttribute('href', '/cart.php');

    await user.click(within(report).getByRole('button', { name: 'Close' }));
    // Unticking one product leaves "select all" part-ticked.
    await user.click(within(table()).getByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' }));
    expect(within(footer).getByRole('status')).toHaveTextContent('1 product selected');
    expect(within(table()).getByRole('checkbox', { name: 'Select all products on every page' })).toHaveAttribute('data-indeterminate', 'true');
  });

  it('adds the selection to the quote draft with each product’s options', async () => {
    const added = { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { id: 3 } } } };
    const { server, user } = await openList({ ShoppingListAddToQuote: added });
    await screen.findByTestId('shopping-list-item-55');
    await user.click(within(row(55)).getByRole('checkbox', { name: 'Select Ethanol, absolute (HS-1001-500ML)' }));
    await user.click(screen.getByRole('button', { name: 'Add selected to quote' }));
    const report = await screen.findByRole('dialog', { name: '1 product added to your quote' });
    expect(server.callsTo('ShoppingListAddToQuote')[0]!.variables).toEqual({
      channelId: 1,
      lines: [{ productId: 3, variantId: 11, quantity: 12, options: [{ optionId: 40, value: '97' }] }],
    });
    expect(within(report).getByRole('link', { name: 'Go to quote' })).toHaveAttribute('href', '/quoteDraft');
  });

  it('an approver rejects a list with a reason, which is required', async () => {
    const { server, user } = await openList({ ShoppingListReject: payload('shoppingListReject', 50) });
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Organic chemistry practical' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject list' }));
    expect(within(dialog).getByText('Say why the list is rejected.')).toBeInTheDocument();
    expect(server.callsTo('ShoppingListReject')).toHaveLength(0);
    await enterText(user, within(dialog).getByLabelText(/Reason/), 'Use the 1 L packs.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject list' }));
    await waitFor(() => expect(server.callsTo('ShoppingListReject')[0]!.variables).toEqual({ id: 12, reason: 'Use the 1 L packs.' }));
    await waitFor(() => expect(toastTexts()).toContain('success: “Organic chemistry practical” was rejected.'));
  });

  it('an approver approves a list', async () => {
    const { server, user } = await openList({ ShoppingListApprove: payload('shoppingListApprove', 0) });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(server.callsTo('ShoppingListApprove')[0]!.variables).toEqual({ id: 12 }));
    await waitFor(() => expect(toastTexts()).toContain('success: “Organic chemistry practical” was approved.'));
  });

  it('shows a junior buyer the rejection’s reason, lets them submit again, and says why the cart is out of reach', async () => {
    const rejected = header({ status: 50, statusLabel: 'Rejected', reason: 'Use the 1 L packs.', isOwner: true, canApprove: false, canSubmit: true, canAddToCart: false });
    const { server, user } = await openList(
      { ShoppingList: listResult(rejected, [ethanol()]), ShoppingListSubmitForApproval: payload('shoppingListSubmitForApproval') },
      JUNIOR,
    );
    const rejection = await screen.findByTestId('shopping-list-rejection');
    expect(rejection).toHaveTextContent('This list was rejected');
    expect(rejection).toHaveTextContent('Use the 1 L packs.');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    // No purchase rights and junior_place_order off: no cart button, and the footer says who orders.
    expect(screen.queryByRole('button', { name: 'Add selected to cart' })).not.toBeInTheDocument();
    expect(await screen.findByText('Ordering is up to a senior buyer: submit the list for approval and ask them to order it.')).toBeInTheDocument();
    expect(screen.getByText('Adding or changing products returns the list to draft: submit it for approval again afterwards.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Submit for approval' }));
    await waitFor(() => expect(server.callsTo('ShoppingListSubmitForApproval')[0]!.variables).toEqual({ id: 12 }));
    await waitFor(() => expect(toastTexts()).toContain('success: “Organic chemistry practical” was submitted for approval.'));
  });

  // Issue 36 item 9: an approved list is no dead end — it says who approved it, when, and what happens next.
  const approved = (overrides: Partial<ShoppingListHeader> = {}) =>
    header({
      status: 0, statusLabel: 'Approved', approvedFlag: true, isOwner: true, canApprove: false, canSubmit: false,
      reviewedAt: '2026-03-03T10:00:00+00:00', reviewedBy: { firstName: 'Sam', lastName: 'Senior', email: 'senior@acme.test' },
      ...overrides,
    });

  it('tells a junior buyer who approved their list and to ask them to order it, or quote it, when they may not order', async () => {
    await openList({ ShoppingList: listResult(approved({ canAddToCart: false }), [ethanol()]) }, JUNIOR);

    const banner = await screen.findByTestId('shopping-list-approval');
    expect(banner).toHaveTextContent(/^Approved by Sam Senior on .*2026/);
    expect(banner).toHaveTextContent(
      'What happens next: ordering is up to a buyer who may place orders. Ask Sam Senior to order it, or select its products and choose “Add selected to quote” to ask us for a quote.',
    );
    expect(await screen.findByText('This list is approved: ask Sam Senior to order it.')).toBeInTheDocument();
    expect(screen.queryByText(/submit the list for approval/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add selected to quote' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add selected to cart' })).not.toBeInTheDocument();
  });

  it('tells whoever may order an approved list to add it to the cart', async () => {
    await openList(
      {
        ShoppingList: listResult(approved({ canAddToCart: true }), [ethanol()]),
        JuniorPlaceOrder: { data: { storeConfigSwitchStatus: { key: 'junior_place_order', isEnabled: true } } },
      },
      JUNIOR,
    );

    const banner = await screen.findByTestId('shopping-list-approval');
    expect(banner).toHaveTextContent('What happens next: select its products and choose “Add selected to cart” to order them.');
    expect(await screen.findByRole('button', { name: 'Add selected to cart' })).toBeInTheDocument();
  });

  it('changes a quantity, a note and the options of a product, and removes one after confirming', async () => {
    const updated: GraphQLResult = { data: { shoppingListsItemsUpdate: { shoppingList: { id: 12, status: 40 } } } };
    const product = {
      id: 3, name: 'Ethanol, absolute', sku: 'HS-1001', casNumber: '64-17-5', availability: 'available', priceOnRequest: false, imageUrl: null,
      productUrl: null,
      variants: [{ variantId: 11, sku: 'HS-1001-500ML', purchasingDisabled: false, imageUrl: null, calculatedPrice: '30.00', optionValues: [{ id: 31, optionId: 7, label: '500 mL' }] }],
      allOptions: [
        {
          id: 7, type: 'dropdown', displayName: 'Pack size', required: true, isVariantOption: true, sortOrder: 0,
          config: { textMinLength: null, textMaxLength: null, textMaxLines: null, numberLimited: false, numberLimitMode: '', numberLowestValue: null, numberHighestValue: null, numberIntegersOnly: false, defaultValue: '', checkboxLabel: '', checkedByDefault: false, fileMaxSize: null, fileTypes: [] },
          optionValues: [{ id: 31, label: '500 mL', sortOrder: 0, isDefault: true, valueData: {} }],
        },
        {
          id: 40, type: 'dropdown', displayName: 'Certificate', required: false, isVariantOption: false, sortOrder: 1,
          config: { textMinLength: null, textMaxLength: null, textMaxLines: null, numberLimited: false, numberLimitMode: '', numberLowestValue: null, numberHighestValue: null, numberIntegersOnly: false, defaultValue: '', checkboxLabel: '', checkedByDefault: false, fileMaxSize: null, fileTypes: [] },
          optionValues: [{ id: 97, label: 'Printed', sortOrder: 0, isDefault: false, valueData: {} }, { id: 98, label: 'None', sortOrder: 1, isDefault: false, valueData: {} }],
        },
      ],
    };
    // The server's list after each change: the quantity changed stays changed.
    let quantityNow = 12;
    const { server, user } = await openList({
      ShoppingList: () => listResult(header(), [ethanol({ quantity: quantityNow }), acetonitrile()]),
      ShoppingListsItemsUpdate: (variables) => {
        const { quantity } = variables.itemData as { quantity?: number };
        if (quantity) quantityNow = quantity;
        return updated;
      },
      ShoppingListsItemsDelete: { data: { shoppingListsItemsDelete: { shoppingList: { id: 12, status: 40 } } } },
      ProductSearch: { data: { productsSearch: [product] } },
    });
    await screen.findByTestId('shopping-list-item-55');

    const quantity = within(row(55)).getByRole('spinbutton', { name: 'Quantity of Ethanol, absolute' });
    await user.clear(quantity);
    await user.type(quantity, '20{Enter}');
    await waitFor(() => expect(server.callsTo('ShoppingListsItemsUpdate')[0]!.variables).toEqual({ shoppingListId: 12, itemId: 55, itemData: { quantity: 20 } }));

    const actionsOf = (name: string) => within(table()).getByRole('button', { name: `Actions for ${name}` });
    await waitFor(() => expect(actionsOf('Ethanol, absolute')).toBeEnabled());
    await user.click(actionsOf('Ethanol, absolute'));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit note' }));
    const note = await screen.findByRole('dialog', { name: 'Note on Ethanol, absolute' });
    expect(within(note).getByLabelText('Note')).toHaveValue('Bench 4');
    await user.clear(within(note).getByLabelText('Note'));
    await enterText(user, within(note).getByLabelText('Note'), 'Cold room');
    await user.click(within(note).getByRole('button', { name: 'Save note' }));
    await waitFor(() =>
      expect(server.callsTo('ShoppingListsItemsUpdate').at(-1)!.variables).toEqual({ shoppingListId: 12, itemId: 55, itemData: { productNote: 'Cold room' } }),
    );

    await waitFor(() => expect(actionsOf('Ethanol, absolute')).toBeEnabled());
    await user.click(actionsOf('Ethanol, absolute'));
    await user.click(await screen.findByRole('menuitem', { name: 'Change options' }));
    const options = await screen.findByRole('dialog', { name: 'Options of Ethanol, absolute' });
    await user.click(await within(options).findByRole('combobox', { name: 'Certificate' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'None' }));
    await user.click(within(options).getByRole('button', { name: 'Save options' }));
    await waitFor(() =>
      expect(server.callsTo('ShoppingListsItemsUpdate').at(-1)!.variables).toEqual({
        shoppingListId: 12,
        itemId: 55,
        itemData: { variantId: 11, options: [{ optionId: 7, optionValue: '31' }, { optionId: 40, optionValue: '98' }] },
      }),
    );

    await waitFor(() => expect(actionsOf('Acetonitrile')).toBeEnabled());
    await user.click(actionsOf('Acetonitrile'));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this product?' });
    expect(confirm).toHaveTextContent('Acetonitrile (HS-1003-1L) will be removed from the list.');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(server.callsTo('ShoppingListsItemsDelete')[0]!.variables).toEqual({ shoppingListId: 12, itemIds: [56] }));
    await waitFor(() => expect(toastTexts()).toContain('success: Acetonitrile was removed from the list.'));
  });

  it('adds products by SKU from the add-to-list panel and shows the server’s texts for a row it refuses', async () => {
    const refused = {
      errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { 'items.1.sku': ['Unknown SKU.'] }, fieldCodes: { 'items.1.sku': ['unknown_sku'] } } }],
    };
    const { server, user } = await openList({ ShoppingListsItemsCreate: refused });
    const panel = await screen.findByTestId('shopping-list-add-panel');
    await enterText(user, within(panel).getByLabelText('SKU, row 1'), 'HS-1001-1L');
    await enterText(user, within(panel).getByLabelText('SKU, row 2'), 'NOPE');
    await user.click(within(panel).getByRole('button', { name: 'Add to list' }));
    await waitFor(() =>
      expect(server.callsTo('ShoppingListsItemsCreate')[0]!.variables).toEqual({
        shoppingListId: 12,
        items: [{ sku: 'HS-1001-1L', quantity: 1 }, { sku: 'NOPE', quantity: 1 }],
      }),
    );
    expect(await within(panel).findByText('No product has this SKU.')).toBeInTheDocument();
    expect(toastTexts()).toContain('error: Some rows could not be added: check them and try again.');
  });

  it('says a list that cannot be reached is not found', async () => {
    await openList({ ShoppingList: { errors: [{ message: 'Shopping list not found.', extensions: { code: 'NOT_FOUND' } }] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping list not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to shopping lists' })).toHaveAttribute('href', '/shoppingLists');
  });

  it('an individual customer’s list: customerShoppingList, no status or approval, selection for the cart', async () => {
    const b2c = customer({ role: 99, permissions: [...DEMO_PERMISSIONS.individual], companyInfo: null });
    const own = header({ name: 'Home lab', status: 0, statusLabel: 'Approved', companyId: null, canApprove: false, canSubmit: false, customerInfo: null });
    const { server } = await openList(
      { CustomerShoppingList: listResult(own, [ethanol()], 1, 'customerShoppingList'), CustomerShoppingListSelection: factsResult([fact(ethanol())], 'customerShoppingList') },
      b2c,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Home lab' })).toBeInTheDocument();
    expect(server.callsTo('ShoppingList')).toHaveLength(0);
    expect(screen.queryByText('Approved')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'List actions' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit for approval' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add selected to cart' })).toBeInTheDocument();
  });

  it('shows the products as cards on a phone, with their own sort and select-all', async () => {
    mobileViewport();
    const { user } = await openList();
    const cardList = await screen.findByRole('list', { name: 'Products' });
    expect(within(cardList).getAllByRole('listitem')).toHaveLength(2);
    const selectAll = screen.getByRole('checkbox', { name: 'Select all products on every page' });
    await waitFor(() => expect(selectAll).toBeEnabled());
    await user.click(selectAll);
    expect(within(screen.getByTestId('shopping-list-footer')).getByRole('status')).toHaveTextContent('2 products selected');
    expect(screen.getByRole('combobox', { name: 'Sort products by' })).toHaveValue('-updatedAt');
    vi.unstubAllGlobals();
  });
});
