import { B2B_TOKEN_STORAGE_KEY, readSessionValue } from '../lib/storage';

/** The attribute a storefront puts on `<html>` to say whether its page was rendered for a signed-in customer. */
export const PAGE_SIGNED_IN_ATTRIBUTE = 'data-b2b-signed-in';

/**
 * When the portal closes after a sign-in or a sign-out, the storefront page behind it still shows the state it was
 * rendered in ("Sign in" in its header, guest prices): reload it so that it shows the customer as they are now
 * (issue 13). A storefront that does not say how its page was rendered is left alone.
 */
export function reloadWhenSignInChanged(doc: Document, win: Pick<Window, 'location'>): boolean {
  const rendered = pageRenderedFor(doc);
  if (rendered === 'unknown') return false;
  const signedIn = readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null;
  if ((rendered === 'customer') === signedIn) return false;
  win.location.reload();
  return true;
}

/** Whom the storefront rendered the page for, when it says so (the built-in storefront does). */
export function pageRenderedFor(doc: Document): 'guest' | 'customer' | 'unknown' {
  const rendered = doc.documentElement.getAttribute(PAGE_SIGNED_IN_ATTRIBUTE);
  return rendered === '1' ? 'customer' : rendered === '0' ? 'guest' : 'unknown';
}
