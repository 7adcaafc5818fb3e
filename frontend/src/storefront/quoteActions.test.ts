import { waitFor } from '@testing-library/react';

import { mockGraphQL } from '../test/graphqlMock';
import { TEST_CONFIG } from '../test/renderPortal';
import { addProductToQuote, readProductForm } from './quoteActions';

// Issue 15: a keyboard user who pressed "Add to Quote" goes on from that button, not from the top of the page.

const ADDED = { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: 'k-1' } } } };

/** A product page with its "Add to Quote" button, pressed: disabled while the draft is written, as quoteButtons does. */
function pressedAddToQuote() {
  document.body.innerHTML = `
    <form><input type="hidden" name="product_id" value="42"><input name="qty" value="1">
      <div class="add-to-cart-buttons"><button type="button" data-helix-quote-button="product">Add to Quote</button></div>
    </form>
    <a href="/cart">Cart</a>`;
  const button = document.querySelector<HTMLButtonElement>('[data-helix-quote-button]')!;
  button.focus();
  // Chromium drops focus to the body when the focused button is disabled (jsdom does not: blurred by hand).
  button.blur();
  button.disabled = true;
  return { form: document.querySelector('form')!, button };
}

afterEach(() => window.localStorage.clear());

describe('focus after "Add to Quote" (issue 15)', () => {
  it('comes back to the button when it is enabled again, with the toast shown', async () => {
    mockGraphQL({ QuoteDraftAddLines: ADDED });
    const { form, button } = pressedAddToQuote();
    expect(await addProductToQuote(TEST_CONFIG, form)).toBe(true);
    expect(document.getElementById('helix-quote-toast')).toHaveTextContent('Product was added to your quote.');

    button.disabled = false;
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('comes back after a refusal too', async () => {
    mockGraphQL({ QuoteDraftAddLines: { data: null, errors: [{ message: 'x', extensions: { code: 'NO_SKU' } }] } });
    const { form, button } = pressedAddToQuote();
    expect(await addProductToQuote(TEST_CONFIG, form)).toBe(false);

    button.disabled = false;
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('stays where the shopper moved it meanwhile', async () => {
    mockGraphQL({ QuoteDraftAddLines: ADDED });
    const { form, button } = pressedAddToQuote();
    const adding = addProductToQuote(TEST_CONFIG, form);
    const cart = document.querySelector('a')!;
    cart.focus();
    await adding;

    button.disabled = false;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(cart).toHaveFocus();
  });
});

describe('the quantity read from the product form (business §5)', () => {
  const formWith = (qty: string) => {
    document.body.innerHTML = `<form><input type="hidden" name="product_id" value="42">${qty}</form>`;
    return document.querySelector('form')!;
  };

  it('clamps to the max of the page’s quantity field, the server’s limit rendered into it; empty or 0 is 1', () => {
    expect(readProductForm(formWith('<input name="qty" type="number" min="1" max="500" value="900">'))?.quantity).toBe(500);
    expect(readProductForm(formWith('<input name="qty" type="number" min="1" max="500" value="12">'))?.quantity).toBe(12);
    expect(readProductForm(formWith('<input name="qty" value="">'))?.quantity).toBe(1);
    expect(readProductForm(formWith('<input name="qty" value="0">'))?.quantity).toBe(1);
  });

  it('leaves the bound to the server when the field has none', () => {
    expect(readProductForm(formWith('<input name="qty" value="2000000">'))?.quantity).toBe(2_000_000);
  });
});
