import { textColorOn } from '../lib/color';
import { PENDING_TIP_SHOWN_PREFIX, readSessionValue, writeSessionValue } from '../lib/storage';
import { pendingTip, type PendingTip } from '../lib/storefrontPage';

// shell §4/§8 pending-account tip on the storefront's own pages: once per session each, a warning on the cart
// page and an error on the checkout page (shell §9 paths). The loader reads what the portal stored at start-up
// and fetches nothing.

export const PENDING_TIP_ID = 'b2b-pending-tip';
const DISPLAY_MS = 5000; // shell §9 toast duration
// MUI's error and warning colours, as the portal's toasts; their text is black or white by business §9.
const ERROR_COLOR = '#d32f2f';
const WARNING_COLOR = '#ed6c02';

type TipPage = 'cart' | 'checkout';

export function tipPageFor(pathname: string): TipPage | null {
  if (pathname === '/cart.php') return 'cart';
  if (pathname === '/checkout' || (pathname.startsWith('/checkout/') && !pathname.startsWith('/checkout/order-confirmation/'))) return 'checkout';
  return null;
}

/** Shows the tip when this page is one of the two and it has not been shown there in this session. */
export function showPendingTip(doc: Document, pathname: string, text: (tip: PendingTip) => string): HTMLElement | null {
  const page = tipPageFor(pathname);
  const tip = pendingTip();
  if (!page || !tip || readSessionValue(PENDING_TIP_SHOWN_PREFIX + page) === '1') return null;
  writeSessionValue(PENDING_TIP_SHOWN_PREFIX + page, '1');
  const error = page === 'checkout';
  const background = error ? ERROR_COLOR : WARNING_COLOR;
  const element = doc.createElement('div');
  element.id = PENDING_TIP_ID;
  element.setAttribute('role', error ? 'alert' : 'status');
  element.textContent = text(tip);
  element.style.cssText =
    'position:fixed;top:16px;left:50%;transform:translateX(-50%);z-index:2147483000;max-width:min(560px,90vw);' +
    'padding:12px 16px;border-radius:4px;font:14px/1.5 system-ui,sans-serif;box-shadow:0 3px 8px rgba(0,0,0,.25);' +
    `background:${background};color:${textColorOn(background)};`;
  doc.body.append(element);
  setTimeout(() => element.remove(), DISPLAY_MS);
  return element;
}
