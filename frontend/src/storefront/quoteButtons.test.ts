import { waitFor } from '@testing-library/react';

import { TEST_CONFIG } from '../test/renderPortal';
import { mockGraphQL } from '../test/graphqlMock';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../lib/quoteDraftKey';
import { B2B_TOKEN_STORAGE_KEY } from '../lib/storage';
import { addCartToQuote, addProductToQuote, readProductForm } from './quoteActions';
import { installQuoteButtons } from './quoteButtons';
import { storefrontToken } from './quoteState';
import type { StorefrontTexts } from './texts';

type Configs = { key: string; value: string; extraFields: Record<string, unknown> }[];

const state = (
  overrides: Record<string, unknown> = {},
  lines = 0,
  configs: Configs = [{ key: 'quote_on_product_page', value: '1', extraFields: { color: '#3385D6' } }],
) => ({
  data: {
    quoteEnabled: { enabled: true, onProductPage: true, onCartPage: true, floatingButton: true, productQuotable: true, ...overrides },
    storefrontConfigs: configs,
    quoteDraft: { products: Array.from({ length: lines }, (_, id) => ({ id })) },
  },
});

/** A product page that is also a cart page, so that one drawing shows all three quote buttons. */
function productAndCartPage() {
  productPage();
  document.body.insertAdjacentHTML('beforeend', '<div class="cart-actions" data-cart-id="cart-7"></div>');
}

const buttonTexts = () =>
  ['product', 'cart', 'floating'].map((kind) => document.querySelector(`[data-helix-quote-button="${kind}"]`)?.textContent ?? null);

/** The browser asks for German (shell §5: the buyer's browser language). */
const inGerman = () => vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-DE', 'de']);

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

  it('writes black or white on the configured colours by contrast (business §9; issue 15)', async () => {
    productAndCartPage();
    const configs: Configs = [
      { key: 'quote_on_product_page', value: '1', extraFields: { color: '#3385D6' } },
      { key: 'quote_on_cart_page', value: '1', extraFields: { locationSelector: '.cart-actions', color: '#1976d2' } },
      { key: 'quote_floating_action_button', value: '1', extraFields: {} },
    ];
    mockGraphQL({ StorefrontQuoteState: state({}, 1, configs) });

    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;

    const colours = (kind: string) => {
      const button = document.querySelector<HTMLElement>(`[data-helix-quote-button="${kind}"]`)!;
      return [button.style.backgroundColor, button.style.color];
    };
    expect(colours('product')).toEqual(['rgb(51, 133, 214)', 'rgb(0, 0, 0)']); // white reached only 3.84:1
    expect(colours('cart')).toEqual(['rgb(25, 118, 210)', 'rgb(255, 255, 255)']);
    expect(colours('floating')).toEqual(['rgb(224, 15, 54)', 'rgb(255, 255, 255)']); // #E00F36, business §9
  });

  it('leaves a colour it cannot judge unused: the storefront’s own button style, or the default floating colour', async () => {
    productPage();
    const configs: Configs = [
      { key: 'quote_on_product_page', value: '1', extraFields: { color: 'red' } },
      { key: 'quote_floating_action_button', value: '1', extraFields: { color: '#E00F3680' } },
    ];
    mockGraphQL({ StorefrontQuoteState: state({}, 1, configs) });

    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;

    const product = document.querySelector<HTMLElement>('[data-helix-quote-button="product"]')!;
    expect([product.style.backgroundColor, product.style.color]).toEqual(['', '']);
    const floating = document.getElementById('helix-quote-floating-button')!;
    expect([floating.style.backgroundColor, floating.style.color]).toEqual(['rgb(224, 15, 54)', 'rgb(255, 255, 255)']);
  });

  it('stands "Add to Quote" in the row of a flex container, spaced at least 8 px from "Add to Cart" (issue 15)', async () => {
    productPage();
    const buttons = document.querySelector<HTMLElement>('.add-to-cart-buttons')!;
    // The storefront's own row: the default margin-top would only push the button 4 px below its neighbour.
    buttons.style.cssText = 'display: flex; gap: 10px';
    mockGraphQL({ StorefrontQuoteState: state() });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    let button = document.querySelector<HTMLElement>('[data-helix-quote-button="product"]')!;
    expect([button.style.marginTop, button.style.marginInlineStart]).toEqual(['0px', '']);

    // A row without a gap of its own: the button keeps 8 px from the one before it.
    productPage();
    document.querySelector<HTMLElement>('.add-to-cart-buttons')!.style.cssText = 'display: flex; gap: 3px';
    mockGraphQL({ StorefrontQuoteState: state() });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    button = document.querySelector<HTMLElement>('[data-helix-quote-button="product"]')!;
    expect([button.style.marginTop, button.style.marginInlineStart]).toEqual(['0px', '5px']);
  });

  it('keeps a merchant’s own customCss as written, in a flex row too', async () => {
    productPage();
    document.querySelector<HTMLElement>('.add-to-cart-buttons')!.style.cssText = 'display: flex';
    const configs: Configs = [{ key: 'quote_on_product_page', value: '1', extraFields: { customCss: 'margin-top: 12px;' } }];
    mockGraphQL({ StorefrontQuoteState: state({}, 0, configs) });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    const button = document.querySelector<HTMLElement>('[data-helix-quote-button="product"]')!;
    expect([button.style.marginTop, button.style.marginInlineStart]).toEqual(['12px', '']);
  });

  it('keeps room below the page for the floating button while it shows, and gives it back (issue 15)', async () => {
    productPage();
    mockGraphQL({ StorefrontQuoteState: state({}, 1) });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    const floating = document.getElementById('helix-quote-floating-button')!;
    // Its height (none in this DOM without layout) + its 24 px from the bottom + 8 px.
    expect(floating.getBoundingClientRect().height).toBe(0);
    expect(document.body.style.paddingBottom).toBe('32px');

    window.location.hash = '#/quoteDraft'; // the portal opens over the page: the button goes
    await waitFor(() => expect(document.getElementById('helix-quote-floating-button')).toBeNull());
    expect(document.body.style.paddingBottom).toBe('');
    window.location.hash = '';
  });

  it('leaves the page’s own bottom padding where it already makes room', async () => {
    productPage();
    document.body.style.paddingBottom = '80px'; // e.g. the storefront's room for its masquerade bar
    mockGraphQL({ StorefrontQuoteState: state({}, 1) });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    expect(document.getElementById('helix-quote-floating-button')).not.toBeNull();
    expect(document.body.style.paddingBottom).toBe('80px');
    document.body.style.paddingBottom = '';
  });

  it('draws nothing when quotes are off for this user', async () => {
    productPage();
    const server = mockGraphQL({ StorefrontQuoteState: state({ enabled: false, onProductPage: false, floatingButton: false }, 2) });
    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;
    expect(server.callsTo('StorefrontQuoteState')).toHaveLength(1);
    expect(document.querySelector('[data-helix-quote-button]')).toBeNull();
  });

  it('speaks the browser’s language where the merchant set no text of their own (issue 14)', async () => {
    inGerman();
    productAndCartPage();
    // The config entries carry the English defaults from the start (portal/storefront_config.py): not the merchant's.
    const defaults: Configs = [
      { key: 'quote_on_product_page', value: '1', extraFields: { buttonText: 'Add to Quote' } },
      { key: 'quote_on_cart_page', value: '1', extraFields: { locationSelector: '.cart-actions', buttonText: 'Add All to Quote' } },
      { key: 'quote_floating_action_button', value: '1', extraFields: { buttonText: 'Finish quote' } },
    ];
    mockGraphQL({ StorefrontQuoteState: state({}, 1, defaults) });

    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;

    expect(buttonTexts()).toEqual(['Zum Angebot hinzufügen', 'Alle zum Angebot hinzufügen', 'Angebot abschließen']);
  });

  it('shows the merchant’s own texts in any language', async () => {
    inGerman();
    productAndCartPage();
    const own: Configs = [
      { key: 'quote_on_product_page', value: '1', extraFields: { buttonText: 'Request a price' } },
      { key: 'quote_on_cart_page', value: '1', extraFields: { locationSelector: '.cart-actions', buttonText: 'Quote my cart' } },
      { key: 'quote_floating_action_button', value: '1', extraFields: { buttonText: '  Review quote ' } },
    ];
    mockGraphQL({ StorefrontQuoteState: state({}, 1, own) });

    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG }).ready;

    expect(buttonTexts()).toEqual(['Request a price', 'Quote my cart', 'Review quote']);
  });

  it('draws no button before the language’s texts are there, so none shows English first', async () => {
    productAndCartPage();
    const shown: string[] = [];
    const observer = new MutationObserver(() =>
      document.querySelectorAll('[data-helix-quote-button]').forEach((button) => shown.push(button.textContent ?? '')),
    );
    observer.observe(document.body, { childList: true, subtree: true });
    let deliver: (texts: StorefrontTexts) => void = () => undefined;
    const texts = new Promise<StorefrontTexts>((resolve) => (deliver = resolve));
    const german = (await import('../locales/de/storefront.json')).default;
    // The texts come only after the page has had a turn with the quote state answered.
    mockGraphQL({ StorefrontQuoteState: () => (setTimeout(() => deliver(german), 0), state({}, 1)) });

    await installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG, loadTexts: () => texts }).ready;
    observer.disconnect();

    expect(buttonTexts()).toEqual(['Zum Angebot hinzufügen', 'Alle zum Angebot hinzufügen', 'Angebot abschließen']);
    expect(shown.filter((text) => /Quote|quote/.test(text))).toEqual([]);
  });

  it('adds the product as a guest, keeps the draft key and shows the server’s message', async () => {
    const form = productPage();
    const server = mockGraphQL({
      QuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: 'k-9' } } } },
    });
    expect(await addProductToQuote(TEST_CONFIG, form)).toBe(true);
    expect(server.callsTo('QuoteDraftAddLines')[0]!.variables).toMatchObject({ draftKey: null, source: 'PRODUCT_PAGE', channelId: 1 });
    expect(server.callsTo('QuoteDraftAddLines')[0]!.headers.Authorization).toBeUndefined();
    expect(server.callsTo('StorefrontAuthorization')).toHaveLength(0); // nobody is signed in on the storefront
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
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(0); // an ended session is not taken over
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

  it('says "No products in Cart." without asking when the page names no cart', async () => {
    const server = mockGraphQL({});
    expect(await addCartToQuote(TEST_CONFIG, null)).toBe(false);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('No products in Cart.');
    expect(server.calls).toHaveLength(0);
    expect(server.restCalls).toHaveLength(0);
  });

  it('adds the whole cart by its id: the server reads its lines with their options (issue 13)', async () => {
    const server = mockGraphQL({
      QuoteDraftAddCart: { data: { quoteDraftAddCart: { message: 'Product was added to your quote.', draft: { draftKey: 'k-3' } } } },
    });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(true);
    const [call] = server.callsTo('QuoteDraftAddCart');
    expect(call!.variables).toEqual({ draftKey: null, cartId: 'cart-7', channelId: 1 });
    expect(server.callsTo('QuoteDraftAddLines')).toHaveLength(0);
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('k-3');
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Product was added to your quote.');
  });

  it.each([
    ['NO_CART_PRODUCTS', 'No products in Cart.'],
    ['NOT_FOUND', 'No products in Cart.'], // a cart that is not the caller's is no cart of theirs
    ['NO_SKU', 'Can not add products without SKU.'],
    ['QUOTE_QUANTITY_OUT_OF_RANGE', 'The quantity of each product in Quote is 1-1000000.'],
  ])('maps the refusal %s of the cart to the spec text', async (code, text) => {
    mockGraphQL({ QuoteDraftAddCart: { data: null, errors: [{ message: 'x', extensions: { code } }] } });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(false);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe(text);
  });

  it('says "added" in the shopper’s language, not in the server’s English', async () => {
    inGerman();
    mockGraphQL({ QuoteDraftAddCart: { data: { quoteDraftAddCart: { message: 'Product was added to your quote.', draft: { draftKey: 'k-3' } } } } });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(true);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Das Produkt wurde Ihrem Angebot hinzugefügt.');

    mockGraphQL({ QuoteDraftAddCart: { data: null, errors: [{ message: 'x', extensions: { code: 'NO_CART_PRODUCTS' } }] } });
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(false);
    expect(document.getElementById('helix-quote-toast')?.textContent).toBe('Keine Produkte im Warenkorb.');
  });

  it('a tab without a token takes over the customer signed in on the storefront and adds their cart as them', async () => {
    // A second tab, or the browser restarted: the storefront session (a cookie) is there, the tab's token is not.
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'guest-key-1');
    const server = mockGraphQL(
      {
        StorefrontAuthorization: { data: { authorization: { result: { token: 'b2b-token-9' } } } },
        QuoteDraftClaim: { data: { quoteDraftClaim: { message: '' } } },
        QuoteDraftAddCart: { data: { quoteDraftAddCart: { message: 'Product was added to your quote.', draft: { draftKey: null } } } },
      },
      { storefrontSignedIn: true },
    );
    expect(await addCartToQuote(TEST_CONFIG, 'cart-7')).toBe(true);

    const [jwt] = server.restCallsTo('GET', '/customer/current.jwt');
    expect(new URL(jwt!.url).searchParams.get('app_client_id')).toBe('helix-buyer-portal');
    expect(jwt!.credentials).toBe('include');
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(1);
    expect(server.callsTo('StorefrontAuthorization')[0]!.variables).toEqual({ authData: { bcToken: 'customer-jwt-1', channelId: 1 } });
    expect(server.callsTo('QuoteDraftClaim')[0]!.headers.Authorization).toBe('Bearer b2b-token-9');
    expect(server.callsTo('QuoteDraftAddCart')[0]!.headers.Authorization).toBe('Bearer b2b-token-9');
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('b2b-token-9'); // the portal in this tab starts signed in
    expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull(); // the guest draft was claimed
  });

  it('draws the buttons for the customer signed in on the storefront, asking once however many ask', async () => {
    productPage();
    const server = mockGraphQL(
      { StorefrontAuthorization: { data: { authorization: { result: { token: 'b2b-token-9' } } } }, StorefrontQuoteState: state({}, 2) },
      { storefrontSignedIn: true },
    );
    const [first, second] = await Promise.all([storefrontToken(TEST_CONFIG), storefrontToken(TEST_CONFIG)]);
    expect([first, second]).toEqual(['b2b-token-9', 'b2b-token-9']);
    installQuoteButtons({ doc: document, win: window, config: TEST_CONFIG });
    await waitFor(() => expect(document.getElementById('helix-quote-floating-button')).not.toBeNull());
    expect(server.callsTo('StorefrontQuoteState')[0]!.headers.Authorization).toBe('Bearer b2b-token-9');
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(1);
    expect(server.callsTo('StorefrontAuthorization')).toHaveLength(1);
  });

  it('leaves the take-over to the portal while it is open, and stays a guest when nobody is signed in', async () => {
    const server = mockGraphQL({}, { storefrontSignedIn: true });
    window.location.hash = '#/quoteDraft';
    expect(await storefrontToken(TEST_CONFIG)).toBeNull();
    expect(server.restCalls).toHaveLength(0);

    window.location.hash = '';
    const guest = mockGraphQL({});
    expect(await storefrontToken(TEST_CONFIG)).toBeNull();
    expect(guest.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(1);
    expect(guest.callsTo('StorefrontAuthorization')).toHaveLength(0);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
