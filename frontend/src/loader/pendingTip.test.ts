import { B2B_TOKEN_STORAGE_KEY, PENDING_TIP_STORAGE_KEY } from '../lib/storage';
import { PENDING_TIP_ID, showPendingTip, tipPageFor } from './pendingTip';

const text = (tip: string) => `tip:${tip}`;

describe('pending-account tip on the storefront (shell §4, §8)', () => {
  it('knows the cart and checkout pages', () => {
    expect(tipPageFor('/cart.php')).toBe('cart');
    expect(tipPageFor('/checkout')).toBe('checkout');
    expect(tipPageFor('/checkout/order-confirmation/100001/')).toBeNull();
    expect(tipPageFor('/products/ethanol/')).toBeNull();
  });

  it('shows nothing without a signed-in pending user', () => {
    expect(showPendingTip(document, '/cart.php', text)).toBeNull();
    sessionStorage.setItem(PENDING_TIP_STORAGE_KEY, 'order');
    expect(showPendingTip(document, '/cart.php', text)).toBeNull();
  });

  it('warns once per session on the cart page and errs once on the checkout page', () => {
    sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    sessionStorage.setItem(PENDING_TIP_STORAGE_KEY, 'order');
    const cart = showPendingTip(document, '/cart.php', text);
    expect(cart).toHaveTextContent('tip:order');
    expect(cart).toHaveAttribute('role', 'status');
    expect(document.getElementById(PENDING_TIP_ID)).toBe(cart);
    expect(showPendingTip(document, '/cart.php', text)).toBeNull();

    sessionStorage.setItem(PENDING_TIP_STORAGE_KEY, 'pricing');
    const checkout = showPendingTip(document, '/checkout', text);
    expect(checkout).toHaveTextContent('tip:pricing');
    expect(checkout).toHaveAttribute('role', 'alert');
    expect(showPendingTip(document, '/checkout', text)).toBeNull();
  });

  it('writes black on the warning’s orange and white on the error’s red (business §9: threshold 4.5)', () => {
    sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    sessionStorage.setItem(PENDING_TIP_STORAGE_KEY, 'order');
    const cart = showPendingTip(document, '/cart.php', text)!;
    expect([cart.style.backgroundColor, cart.style.color]).toEqual(['rgb(237, 108, 2)', 'rgb(0, 0, 0)']);
    const checkout = showPendingTip(document, '/checkout', text)!;
    expect([checkout.style.backgroundColor, checkout.style.color]).toEqual(['rgb(211, 47, 47)', 'rgb(255, 255, 255)']);
  });
});
