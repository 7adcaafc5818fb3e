import { waitFor } from '@testing-library/react';

import { TEST_CONFIG } from '../test/renderPortal';
import { mockGraphQL } from '../test/graphqlMock';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../lib/quoteDraftKey';
import { B2B_TOKEN_STORAGE_KEY } from '../lib/storage';
import { addCartToQuote, addProductToQuote, readProductForm } from './quoteActions';
import { installQuoteButtons } from './quoteButtons';

const state = (overrides: Record<string, unknown> = {}, lines = 0) => ({
  data: {
    quoteEnabled: { enabled: true, onProductPage: true, onCartPage: true, floatingButton: true, productQuotable: true, ...overrides },
    storefrontConfigs: [{ key: 'quote_on_product_page', value: '1', extraFields: { color: '#3385D6' } }],
    quoteDraft: { products: Array.from({ length: lines }, (_, id) => ({ id })) },
  },
});

function productPage() {
  document.body.innerHTML = `
    <form class="product-form">
      <input type="hidden" name="product_id" value="42">
      <select name="attribute[7]"><option value="31" selected>500 mL</option></select>
      <input type="checkbox" name="attribute[9]" value="1" checked>
      <select name="attribute[11][month]"><option value="3" selected>March</option></select>
      <select name="attribute[11][day]"><option value="9" selected>9</option></select>
      <select name="attribute[11][year]"><option value="2027" selected>2027</option></select>
      <input name="attribute[12]" value="">
      <input name="qty" value="3">
      <div class="add-to-cart-buttons"><button type="submit">Add to Cart</button></div>
    </form>`;
  return document.querySelector('form')!;
}

describe('storefront quote buttons (issue 6)', () => {
  afterEach(() => window.localStorage.clear());

  it('reads the product form: options, date parts and quantity', () => {
    expect(readProductForm(productPage())).toEqual({
      productId: 42,
      quantity: 3,
      options: [{ optionId: 7, value: '31' }, { optionId: 9, value: '1' }, { optionId: 11, value: '2027-03-09' }],
    });
  });

  it('puts "Add to Quote" into .add-to-cart-buttons with the defaults of business §9, and loads the actions on click', async () => {
    productPage();
    const server = mockGraphQL({ StorefrontQuoteState: state() });
    const addProduct = vi.fn().mockResolvedValue(true);
    installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG, loadActions: async () => ({ addProductToQuote: addProduct, addCartToQuote: vi.fn() }) as never });

    const button = await waitFor(() => {
      const found = document.querySelector<HTMLButtonElement>('.add-to-cart-buttons [data-helix-quote-button="product"]');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(button.textContent).toBe('Add to Quote');
    expect(button.className).toBe('button');
    expect(button.style.marginTop).toBe('0.5rem');
    expect(server.callsTo('StorefrontQuoteState')[0]!.variables).toEqual({ channelId: 1, productId: 42, draftKey: null });
    expect(document.getElementById('helix-quote-floating-button')).toBeNull();

    button.click();
    await waitFor(() => expect(addProduct).toHaveBeenCalledWith(TEST_CONFIG, document.querySelector('form')));
    const floating = await waitFor(() => document.getElementById('helix-quote-floating-button')!);
    expect(floating.textContent).toBe('Finish quote');
    expect(floating.style.background).toContain('rgb(224, 15, 54)');
    floating.click();
    expect(window.location.hash).toBe('#/quoteDraft');
  });

  it('draws nothing when quotes are off for this user', async () => {
    productPage();
    const server = mockGraphQL({ StorefrontQuoteState: state({ enabled: false, onProductPage: false, floatingButton: false }, 2) });
    installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG });
    await waitFor(() => expect(server.callsTo('StorefrontQuoteState')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.querySelector('[data-helix-quote-button]')).toBeNull();
  });

  it('adds the product as a guest, keeps the draft key and shows the server’s message', async () => {
    const form = productPage();
    const server = mockGraphQL({
      QuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: 'k-9' } } } },
    });
    expect(await addProductToQuote(TEST_CONFIG, form)).toBe(true);
    expect(server.callsTo('QuoteDraftAddLines')[0]!.variables).toMatchObject({ draftKey: null, source: 'PRODUCT_PAGE', cartId: null, channelId: 1 });
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('k-9');
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Product was added to your quote.');
  });

  it('a session that has ended (40101) adds as a guest to the kept guest draft, leaving the token to the portal', async () => {
    const form = productPage();
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'stale-token');
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'guest-key-1');
    const expired = { errors: [{ message: 'Your session has expired. Please sign in again.', extensions: { code: 40101 } }] };
    const server = mockGraphQL({
      QuoteDraftClaim: expired,
      QuoteDraftAddLines: (_variables, call) =>
        call.headers.Authorization ? expired : { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: 'guest-key-1' } } } },
    });
    expect(await addProductToQuote(TEST_CONFIG, form)).toBe(true);

    expect(server.callsTo('QuoteDraftClaim')[0]!.headers.Authorization).toBe('Bearer stale-token');
    const adds = server.callsTo('QuoteDraftAddLines');
    expect(adds.map((call) => call.headers.Authorization)).toEqual(['Bearer stale-token', undefined]);
    expect(adds[1]!.variables).toMatchObject({ draftKey: 'guest-key-1' });
    // The refused claim kept the guest's key; the portal's start-up turns the token into "session expired".
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('guest-key-1');
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('stale-token');
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Product was added to your quote.');
  });

  it('asks for the quote state again as a guest when the token is refused', async () => {
    productPage();
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'stale-token');
    const server = mockGraphQL({
      StorefrontQuoteState: (_variables, call) =>
        call.headers.Authorization ? { errors: [{ message: 'Your session has expired.', extensions: { code: 40101 } }] } : state(),
    });
    installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG });
    await waitFor(() => expect(document.querySelector('[data-helix-quote-button="product"]')).not.toBeNull());
    expect(server.callsTo('StorefrontQuoteState').map((call) => call.headers.Authorization)).toEqual(['Bearer stale-token', undefined]);
  });

  it('shows the spec toast for an empty cart and for cart lines without SKU', async () => {
    mockGraphQL({ StorefrontCart: { data: { cart: { lineItems: { physicalItems: [] } } } } });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-1')).toBe(false);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('No products in Cart.');

    mockGraphQL({ StorefrontCart: { data: { cart: { lineItems: { physicalItems: [{ sku: '', quantity: 1 }] } } } } });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-1')).toBe(false);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Can not add products without SKU.');
  });

  it('adds the whole cart by SKU with its cart id, and maps refusals to the spec texts', async () => {
    const server = mockGraphQL({
      StorefrontCart: { data: { cart: { lineItems: { physicalItems: [{ sku: 'HS-1', quantity: 2 }, { sku: 'HS-2', quantity: 1 }] } } } },
      QuoteDraftAddLines: { errors: [{ message: 'x', extensions: { code: 'QUOTE_QUANTITY_OUT_OF_RANGE' } }] },
    });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(false);
    expect(server.callsTo('QuoteDraftAddLines')[0]!.variables).toMatchObject({
      source: 'CART_PAGE', cartId: 'cart-7', lines: [{ sku: 'HS-1', quantity: 2 }, { sku: 'HS-2', quantity: 1 }],
    });
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('The quantity of each product in Quote is 1-1000000.');
  });
});
