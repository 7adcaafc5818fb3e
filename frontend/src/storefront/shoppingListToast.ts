// The toast "Products were added to your shopping list" with its link to the list (business §8), shown on the
// storefront page once the portal's /pdp page has added the product and closed: the shopper is back where they
// were, and the link opens the list. React-free; the texts come translated from the portal.

export const SHOPPING_LIST_TOAST_ID = 'helix-shopping-list-toast';
/** How long the toast stays; the time starts again while the shopper points at it or has focus in it (WCAG 2.2.1). */
const TOAST_MS = 10_000;

export interface ShoppingListToast {
  message: string;
  linkText: string;
  /** The list's portal route, e.g. `#/shoppingList/12`. */
  href: string;
}

/** Shows the toast below the storefront's header; a newer one replaces it, and it goes by itself after a while. */
export function showShoppingListToast({ message, linkText, href }: ShoppingListToast, doc: Document = document): HTMLElement {
  doc.getElementById(SHOPPING_LIST_TOAST_ID)?.remove();
  const toast = doc.createElement('div');
  toast.id = SHOPPING_LIST_TOAST_ID;
  toast.setAttribute('role', 'status');
  // Below the storefront's header while it is in view, so that the toast never covers its search box.
  const header = doc.querySelector('header');
  const top = Math.max(16, Math.round((header?.getBoundingClientRect().bottom ?? 0) + 12));
  toast.style.cssText = [
    'position: fixed', `top: ${top}px`, 'left: 50%', 'transform: translateX(-50%)', 'z-index: 2147483001', 'max-width: 90vw',
    // White on this green: 5.1:1 (business §9's threshold is 4.5).
    'background: #2e7d32', 'color: #fff', 'padding: 12px 20px', 'border-radius: 4px', 'display: flex', 'flex-wrap: wrap',
    'gap: 4px 16px', 'align-items: baseline', 'font: 500 15px/1.4 system-ui, sans-serif', 'box-shadow: 0 3px 10px rgba(0,0,0,.3)',
  ].join('; ');
  const text = doc.createElement('span');
  text.textContent = message;
  const link = doc.createElement('a');
  link.href = href;
  link.textContent = linkText;
  link.style.cssText = 'color: #fff; font-weight: 700; text-decoration: underline;';
  // Following the link opens the list: the toast has done its work.
  link.addEventListener('click', () => toast.remove());
  toast.append(text, link);
  doc.body.appendChild(toast);
  const view = doc.defaultView ?? window;
  let timer = view.setTimeout(() => toast.remove(), TOAST_MS);
  const hold = () => view.clearTimeout(timer);
  const release = () => {
    view.clearTimeout(timer);
    timer = view.setTimeout(() => toast.remove(), TOAST_MS);
  };
  toast.addEventListener('pointerenter', hold);
  toast.addEventListener('focusin', hold);
  toast.addEventListener('pointerleave', release);
  toast.addEventListener('focusout', release);
  return toast;
}
