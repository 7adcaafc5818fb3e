import { B2B_TOKEN_STORAGE_KEY, PURCHASE_ENABLED_STORAGE_KEY } from './storage';
import { applyPurchaseRule, rememberPurchaseRule } from './storefrontPage';

const CART_PAGE = `
  <header><nav><a href="#/login">Sign in</a><a href="/cart.php" class="cart-link">Cart</a></nav></header>
  <main><a href="/cart.php">View cart</a><div class="cart-actions"><button>Checkout</button></div><a href="/cart.php?x=1">other</a></main>`;

describe('the cart rule on storefront pages (shell §6)', () => {
  it('removes the cart elements for a signed-in user without purchase_enable', () => {
    document.body.innerHTML = CART_PAGE;
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    rememberPurchaseRule(document, false);
    expect(document.querySelector('.cart-link')).toBeNull();
    expect(document.querySelector('a[href="/cart.php"]')).toBeNull();
    expect(document.querySelector('.cart-actions')).toBeNull();
    expect(document.querySelector('a[href="/cart.php?x=1"]')).not.toBeNull();
    expect(window.sessionStorage.getItem(PURCHASE_ENABLED_STORAGE_KEY)).toBe('0');
  });

  it('keeps the cart for guests, for users who may purchase and when the portal has not seen the user', () => {
    document.body.innerHTML = CART_PAGE;
    window.sessionStorage.setItem(PURCHASE_ENABLED_STORAGE_KEY, '0');
    expect(applyPurchaseRule(document)).toBe(0); // no token: a guest

    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    rememberPurchaseRule(document, true);
    expect(document.querySelectorAll('.cart-link, .cart-actions')).toHaveLength(2);

    window.sessionStorage.removeItem(PURCHASE_ENABLED_STORAGE_KEY);
    expect(applyPurchaseRule(document)).toBe(0);
  });
});
