// While the portal is open it is a modal dialog (PortalLayout: role="dialog", aria-modal): the storefront page
// behind it must be out of reach — no tab stops, no clicks, nothing for a screen reader to read (issue 15).
// `inert` does all three; aria-hidden says the last one again for assistive technology that predates `inert`.

interface Previous {
  inert: boolean;
  ariaHidden: string | null;
}

/** The elements beside `keep` and beside each of its ancestors, up to the body: everything on the page but it. */
function pageAround(keep: Element, body: HTMLElement): Element[] {
  const around: Element[] = [];
  for (let node: Element = keep; node !== body && node.parentElement; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) if (sibling !== node) around.push(sibling);
  }
  return around;
}

/**
 * Makes the storefront page inert while the portal (`portalHost`) is open, also what the storefront adds to the
 * body meanwhile; the returned function gives the page back exactly as it was (an element that was inert or hidden
 * before stays so).
 */
export function makeStorefrontInert(doc: Document, portalHost: Element): () => void {
  const previous = new Map<Element, Previous>();
  const mark = (element: Element) => {
    if (element === portalHost || previous.has(element) || element.contains(portalHost)) return;
    previous.set(element, { inert: element.hasAttribute('inert'), ariaHidden: element.getAttribute('aria-hidden') });
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  };
  pageAround(portalHost, doc.body).forEach(mark);
  const observer = new MutationObserver((records) => {
    for (const record of records) record.addedNodes.forEach((node) => node instanceof Element && mark(node));
  });
  observer.observe(doc.body, { childList: true });

  let released = false;
  return () => {
    if (released) return;
    released = true;
    observer.disconnect();
    previous.forEach((was, element) => {
      element.toggleAttribute('inert', was.inert);
      if (was.ariaHidden === null) element.removeAttribute('aria-hidden');
      else element.setAttribute('aria-hidden', was.ariaHidden);
    });
  };
}
