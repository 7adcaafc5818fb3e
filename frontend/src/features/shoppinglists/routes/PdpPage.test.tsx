import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { SearchProduct } from '../../../lib/productSearch';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, storefrontConfigsResult, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { SHOPPING_LIST_TOAST_ID } from '../../../storefront/shoppingListToast';
import type { ShoppingListCard } from '../api/shoppingListFields';

const CONFIG = {
  textMinLength: null, textMaxLength: null, textMaxLines: null, numberLimited: false, numberLimitMode: '', numberLowestValue: null,
  numberHighestValue: null, numberIntegersOnly: false, defaultValue: '', checkboxLabel: '', checkedByDefault: false, fileMaxSize: null, fileTypes: [] as string[],
};

const ETHANOL: SearchProduct = {
  id: 3, name: 'Ethanol, absolute', sku: 'HS-1001', casNumber: '64-17-5', availability: 'available', priceOnRequest: false, imageUrl: null, productUrl: null,
  variants: [
    { variantId: 10, sku: 'HS-1001-100ML', purchasingDisabled: false, imageUrl: null, calculatedPrice: '32.30', optionValues: [{ id: 30, optionId: 7, label: '100 mL' }] },
    { variantId: 11, sku: 'HS-1001-500ML', purchasingDisabled: false, imageUrl: null, calculatedPrice: '60.00', optionValues: [{ id: 31, optionId: 7, label: '500 mL' }] },
  ],
  allOptions: [
    {
      id: 7, type: 'dropdown', displayName: 'Pack size', required: true, isVariantOption: true, sortOrder: 0, config: CONFIG,
      optionValues: [
        { id: 30, label: '100 mL', sortOrder: 0, isDefault: true, valueData: {} },
        { id: 31, label: '500 mL', sortOrder: 1, isDefault: false, valueData: {} },
      ],
    },
    { id: 40, type: 'text', displayName: 'Lot reference', required: true, isVariantOption: false, sortOrder: 1, config: CONFIG, optionValues: [] },
  ],
};

const list = (overrides: Partial<ShoppingListCard>): ShoppingListCard => ({
  id: 12, name: 'Weekly consumables', description: '', status: 0, statusLabel: 'Approved', reason: null, isOwner: true, itemCount: 3,
  createdAt: '2026-03-01T12:00:00+00:00', updatedAt: '2026-03-02T12:00:00+00:00', customerInfo: null,
  canEdit: true, canAddItems: true, canDelete: true, canDuplicate: true, companyId: 3, companyName: 'Acme Labs',
  ...overrides,
});

const listsResult = (lists: ShoppingListCard[]): GraphQLResult => ({ data: { shoppingLists: { totalCount: lists.length, edges: lists.map((node) => ({ node })) } } });
const ENABLED: GraphQLResult = { data: { shoppingListsEnabled: { enabled: true, reason: null, onProductPage: true } } };
const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { id: 9, firstName: 'Jules', lastName: 'Junior' } });

const PATH = '/pdp?productId=3&quantity=2&option=7:31';

type Handlers = Parameters<typeof mockGraphQL>[0];

function openSignedIn(handlers: Handlers = {}, path = PATH) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(JUNIOR),
    ShoppingListsEnabled: ENABLED,
    ProductSearch: { data: { productsSearch: [ETHANOL] } },
    ShoppingLists: listsResult([list({ id: 14, name: 'Extra solvents', status: 50, statusLabel: 'Rejected' }), list({ id: 15, name: 'Locked', canAddItems: false })]),
    ...handlers,
  });
  const view = renderPortal(path);
  return { server, view, user: userEvent.setup({ delay: null }) };
}

describe('Add to Shopping List from the product page (/pdp, issue 18)', () => {
  it('asks a guest to sign in or register', async () => {
    mockGraphQL({});
    renderPortal(PATH);
    const message = await screen.findByTestId('shopping-list-guest-message');
    expect(message).toHaveTextContent('Sign in or create an account to keep shopping lists of the products you order.');
    expect(within(message).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(message).getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('offers a guest no Register button when the store does not let visitors register', async () => {
    mockGraphQL({ StorefrontConfigs: storefrontConfigsResult({ account_login_registration: { value: '0', extraFields: {} } }) });
    renderPortal(PATH);
    const message = await screen.findByTestId('shopping-list-guest-message');
    expect(within(message).getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(within(message).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('checks the product page’s options first: a required option left empty is said before anything is added', async () => {
    const { server } = openSignedIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Add to shopping list' })).toBeInTheDocument();
    expect(await screen.findByText('Please fill out product options first.')).toBeInTheDocument();
    expect(server.callsTo('ProductSearch')[0]!.variables).toEqual({ productIds: [3], first: 1 });
    // The page's choices are there: the 500 mL pack, quantity 2.
    expect(screen.getByTestId('pdp-variant-sku')).toHaveTextContent('SKU: HS-1001-500ML');
    expect(screen.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(2);
    // Only the lists the caller may add to are offered, and a new one.
    const chooser = screen.getByRole('radiogroup', { name: 'Add it to' });
    expect(within(chooser).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['Extra solvents3 productsRejected', 'A new list']);
    // Issue 36 item 14: a rejected list is never preselected: a new list is.
    expect(within(chooser).getByRole('radio', { name: 'A new list' })).toBeChecked();
    expect(screen.getByText('Adding or changing products returns the list to draft: submit it for approval again afterwards.')).toBeInTheDocument();
  });

  it('adds the product with its options to a new list, then closes with the toast that links to the list', async () => {
    const { server, user, view } = openSignedIn(
      {
        ShoppingListsCreate: { data: { shoppingListsCreate: { shoppingList: { id: 31, name: 'Practical 3', status: 30 } } } },
        ShoppingListsItemsCreate: {
          data: { shoppingListsItemsCreate: { message: 'Products were added to your shopping list', shoppingList: { id: 31, name: 'Practical 3', status: 30 } } },
        },
      },
      '/pdp?productId=3&quantity=2&option=7:31&option=40:L-77',
    );
    const add = await screen.findByRole('button', { name: 'Add to list' });
    expect(screen.queryByText('Please fill out product options first.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'A new list' }));
    await user.click(add);
    expect(await screen.findByText('Give the list a name.')).toBeInTheDocument();
    await enterText(user, screen.getByLabelText(/List name/), 'Practical 3');
    await user.click(add);

    await waitFor(() => expect(view.requestClose).toHaveBeenCalled());
    expect(server.callsTo('ShoppingListsCreate')[0]!.variables).toEqual({ shoppingListData: { name: 'Practical 3', description: '' }, channelId: 1 });
    expect(server.callsTo('ShoppingListsItemsCreate')[0]!.variables).toEqual({
      shoppingListId: 31,
      items: [{ productId: 3, variantId: 11, quantity: 2, options: [{ optionId: 7, optionValue: '31' }, { optionId: 40, optionValue: 'L-77' }] }],
    });
    const toast = document.getElementById(SHOPPING_LIST_TOAST_ID)!;
    expect(toast).toHaveTextContent('Products were added to your shopping list');
    expect(within(toast).getByRole('link', { name: 'View Practical 3' })).toHaveAttribute('href', '#/shoppingList/31');
  });

  it('shows the server’s option message on its field, and adds to a chosen list without making a new one', async () => {
    const refused = {
      errors: [
        {
          message: 'Invalid',
          extensions: { code: 'VALIDATION_ERROR', fields: { 'items.0.options.40': ['The max length of Lot reference is 4.'] }, fieldCodes: { 'items.0.options.40': ['invalid_option'] } },
        },
      ],
    };
    const { server, user, view } = openSignedIn({ ShoppingListsItemsCreate: refused }, '/pdp?productId=3&quantity=1&option=7:31&option=40:TOO-LONG');
    await user.click(await screen.findByRole('radio', { name: /Extra solvents/ }));
    await user.click(screen.getByRole('button', { name: 'Add to list' }));
    // Translated by its code (the server's message is its English text).
    expect(await screen.findByText('Check the value of this option.')).toBeInTheDocument();
    expect(server.callsTo('ShoppingListsItemsCreate')[0]!.variables.shoppingListId).toBe(14);
    expect(server.callsTo('ShoppingListsCreate')).toHaveLength(0);
    expect(view.requestClose).not.toHaveBeenCalled();
  });

  it('starts on the junior’s last used draft, never on a rejected, submitted or approved list, nor someone else’s', async () => {
    openSignedIn({
      ShoppingLists: listsResult([
        list({ id: 14, name: 'Extra solvents', status: 50, statusLabel: 'Rejected' }),
        list({ id: 16, name: 'Approved solvents', status: 0, statusLabel: 'Approved' }),
        list({ id: 18, name: 'Awaiting', status: 40, statusLabel: 'Ready for approval' }),
        list({ id: 19, name: 'Someone else’s draft', status: 30, statusLabel: 'Draft', isOwner: false }),
        list({ id: 17, name: 'Practical 4', status: 30, statusLabel: 'Draft' }),
      ]),
    });
    const chooser = await screen.findByRole('radiogroup', { name: 'Add it to' });
    expect(within(chooser).getByRole('radio', { name: /Practical 4/ })).toBeChecked();
  });

  it('starts a senior buyer on their own last used list, not on a junior’s', async () => {
    openSignedIn({
      CustomerInfo: customerResult(customer()),
      ShoppingLists: listsResult([
        list({ id: 19, name: 'Jules’ draft', status: 30, statusLabel: 'Draft', isOwner: false }),
        list({ id: 20, name: 'Jules’ approved list', status: 0, statusLabel: 'Approved', isOwner: false }),
        list({ id: 21, name: 'Weekly', status: 0, statusLabel: 'Approved' }),
      ]),
    });
    const chooser = await screen.findByRole('radiogroup', { name: 'Add it to' });
    expect(within(chooser).getByRole('radio', { name: /Weekly/ })).toBeChecked();
  });

  it('without a product says what happened and offers the catalog, not “Back to the product”', async () => {
    openSignedIn({}, '/pdp');
    const panel = await screen.findByTestId('shopping-list-no-product');
    expect(panel).toHaveTextContent('No product was chosen, so there is nothing to add yet.');
    expect(within(panel).getByRole('link', { name: 'Go to the catalog' })).toHaveAttribute('href', '/');
    expect(within(panel).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the product' })).not.toBeInTheDocument();
  });

  it('a guest without a product is not offered “Back to the product” either', async () => {
    mockGraphQL({});
    renderPortal('/pdp');
    expect(await screen.findByTestId('shopping-list-no-product')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back to the product' })).not.toBeInTheDocument();
  });

  it('says so when shopping lists are off for the caller', async () => {
    openSignedIn({ ShoppingListsEnabled: { data: { shoppingListsEnabled: { enabled: false, reason: 'SHOPPING_LISTS_DISABLED', onProductPage: false } } } });
    expect(await screen.findByText('Shopping lists are not available for this account.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the product' })).toBeInTheDocument();
  });
});
