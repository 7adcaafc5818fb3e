import { waitFor } from '@testing-library/react';

import { setB2BToken } from '../lib/session';
import { mockGraphQL } from '../test/graphqlMock';
import { TEST_CONFIG } from '../test/renderPortal';
import { installQuoteButtons } from './quoteButtons';
import { openAddToShoppingList } from './shoppingListActions';
import { installShoppingListButton, readShoppingListButtonState } from './shoppingListButton';
import { parsePdpParams, pdpHash } from './shoppingListPdp';
import { SHOPPING_LIST_TOAST_ID, showShoppingListToast } from './shoppingListToast';

type Configs = { key: string; value: string; extraFields: Record<string, unknown> }[];

const ENTRY = (extraFields: Record<string, unknown> = {}, value = '1'): Configs => [
  { key: 'shopping_list_on_product_page', value, extraFields: { color: '#3385D6', buttonText: 'Add to Shopping List', enableForGuest: '0', ...extraFields } },
];
const signedInState = (onProductPage: boolean, configs: Configs = ENTRY()) => ({
  data: { shoppingListsEnabled: { onProductPage }, storefrontConfigs: configs },
});
const guestState = (configs: Configs, shoppingLists = true) => ({ data: { storefrontConfig: { shoppingLists }, storefrontConfigs: configs } });

function productPage() {
  document.body.innerHTML = `
    <form class="product-form">
      <input type="hidden" name="product_id" value="42">
      <select name="attribute[7]"><option value="31" selected>500 mL</option></select>
      <input name="attribute[40]" value="Bench 4: cold">
      <input name="qty" value="3">
      <div class="add-to-cart-buttons"><button type="submit">Add to Cart</button></div>
    </form>`;
  return document.querySelector('form')!;
}

const button = () => document.querySelector<HTMLButtonElement>('[data-helix-shopping-list-button]');

describe('Add to Shopping List on the product page (issue 18)', () => {
  afterEach(() => {
    window.location.hash = '';
  });

  it('shows a signed-in shopper the button where the server says so, with the entry’s placement and colours', async () => {
    productPage();
    setB2BToken('tok');
    const server = mockGraphQL({ StorefrontShoppingListState: signedInState(true) });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG }).ready;

    const drawn = button()!;
    expect(drawn.parentElement?.className).toBe('add-to-cart-buttons');
    expect(drawn.textContent).toBe('Add to Shopping List');
    expect(drawn.className).toBe('button');
    expect(drawn.style.marginTop).toBe('0.5rem'); // business §9
    expect([drawn.style.backgroundColor, drawn.style.color]).toEqual(['rgb(51, 133, 214)', 'rgb(0, 0, 0)']); // black by contrast
    expect(server.callsTo('StorefrontShoppingListState')[0]!.variables).toEqual({ channelId: 1 });
  });

  it('draws nothing for a shopper the server says has no lists, nor off a product page', async () => {
    productPage();
    setB2BToken('tok');
    mockGraphQL({ StorefrontShoppingListState: signedInState(false) });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG }).ready;
    expect(button()).toBeNull();

    document.body.innerHTML = '<main>Home</main>';
    const server = mockGraphQL({ StorefrontShoppingListState: signedInState(true) });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG }).ready;
    expect(button()).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('shows a guest the button only with the entry’s enableForGuest and the store’s feature (shell §4)', async () => {
    mockGraphQL({ StorefrontShoppingListGuestState: guestState(ENTRY({ enableForGuest: '1' })) });
    expect(await readShoppingListButtonState(TEST_CONFIG)).toMatchObject({ shown: true });
    mockGraphQL({ StorefrontShoppingListGuestState: guestState(ENTRY()) });
    expect(await readShoppingListButtonState(TEST_CONFIG)).toMatchObject({ shown: false });
    mockGraphQL({ StorefrontShoppingListGuestState: guestState(ENTRY({ enableForGuest: '1' }), false) });
    expect(await readShoppingListButtonState(TEST_CONFIG)).toMatchObject({ shown: false });
    mockGraphQL({ StorefrontShoppingListGuestState: guestState(ENTRY({ enableForGuest: '1' }, '0')) });
    expect(await readShoppingListButtonState(TEST_CONFIG)).toMatchObject({ shown: false });
  });

  it('uses the merchant’s own text and placement', async () => {
    productPage();
    document.body.insertAdjacentHTML('beforeend', '<div class="wishlist-slot"></div>');
    setB2BToken('tok');
    mockGraphQL({
      StorefrontShoppingListState: signedInState(true, ENTRY({ buttonText: 'Save for the lab', locationSelector: '.wishlist-slot', classSelector: 'btn .btn-list' })),
    });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG }).ready;
    const drawn = button()!;
    expect(drawn.parentElement?.className).toBe('wishlist-slot');
    expect(drawn.textContent).toBe('Save for the lab');
    expect(drawn.className).toBe('btn  btn-list');
  });

  it('stands after "Add to Quote", whichever is drawn first', async () => {
    productPage();
    setB2BToken('tok');
    mockGraphQL({
      StorefrontShoppingListState: signedInState(true),
      StorefrontQuoteState: {
        data: {
          quoteEnabled: { enabled: true, onProductPage: true, onCartPage: false, floatingButton: false, productQuotable: true },
          storefrontConfigs: [{ key: 'quote_on_product_page', value: '1', extraFields: {} }],
          quoteDraft: { products: [] },
        },
      },
    });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG }).ready;
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    const order = () => [...document.querySelectorAll('.add-to-cart-buttons button')].map((node) => node.textContent);
    await waitFor(() => expect(order()).toEqual(['Add to Cart', 'Add to Quote', 'Add to Shopping List']));
  });

  it('opens the portal’s /pdp page with the product, quantity and options of the form', async () => {
    const form = productPage();
    const open = vi.fn();
    setB2BToken('tok');
    mockGraphQL({ StorefrontShoppingListState: signedInState(true) });
    await installShoppingListButton({ doc: document, win: window, config: TEST_CONFIG, loadActions: async () => ({ openAddToShoppingList: open }) }).ready;
    button()!.click();
    await waitFor(() => expect(open).toHaveBeenCalledWith(window, form));

    openAddToShoppingList(window, form);
    expect(window.location.hash).toBe('#/pdp?productId=42&quantity=3&option=7%3A31&option=40%3ABench+4%3A+cold');
  });
});

describe('the /pdp query (issue 18)', () => {
  it('carries the product, quantity and options there and back, values with colons included', () => {
    const product = { productId: 42, quantity: 3, options: [{ optionId: 7, value: '31' }, { optionId: 40, value: 'Bench 4: cold' }] };
    const hash = pdpHash(product);
    expect(parsePdpParams(new URLSearchParams(hash.split('?')[1]), 1_000_000)).toEqual(product);
  });

  it('has no product without a product id, and keeps quantities within business §5', () => {
    expect(parsePdpParams(new URLSearchParams('quantity=2'), 1_000_000)).toBeNull();
    expect(parsePdpParams(new URLSearchParams('productId=3&quantity=0'), 1_000_000)?.quantity).toBe(1);
    expect(parsePdpParams(new URLSearchParams('productId=3&quantity=5000000'), 1_000_000)?.quantity).toBe(1_000_000);
    expect(parsePdpParams(new URLSearchParams('productId=3&quantity=501'), 500)?.quantity).toBe(500); // the server's limit
    expect(parsePdpParams(new URLSearchParams('productId=3&option=x:1&option=9:ok'), 1_000_000)?.options).toEqual([{ optionId: 9, value: 'ok' }]);
  });
});

describe('the toast after adding (business §8)', () => {
  it('says the products were added and links to the list; following the link removes it', () => {
    const toast = showShoppingListToast({ message: 'Products were added to your shopping list', linkText: 'View Practical 3', href: '#/shoppingList/31' });
    expect(toast.getAttribute('role')).toBe('status');
    const link = toast.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('#/shoppingList/31');
    link.click();
    expect(document.getElementById(SHOPPING_LIST_TOAST_ID)).toBeNull();
  });
});
