// Where keyboard focus goes in the portal when the page under it changes (issue 15, STYLE.md "Every page: a heading
// that receives focus on arrival"). Plain DOM: the pages render their own <h1>; the shell finds and focuses it.

const PAGE_HEADING = 'h1';

/**
 * Focuses an element that is not a control (a heading, the page's main region) without adding it to the tab order:
 * tabindex -1 (the shadow root's styles draw no outline for it, see isolatedRoot).
 */
export function focusElement(element: HTMLElement, options?: FocusOptions): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus(options);
}

/** The page's main heading in the portal's content, or null while the page (a lazily loaded chunk) has not rendered. */
export function pageHeading(content: ParentNode): HTMLElement | null {
  return content.querySelector<HTMLElement>(PAGE_HEADING);
}

/**
 * Calls `found` with the content's page heading as soon as there is one: at once, or when the page renders it
 * (its chunk or its data arrive later). Returns a function that stops waiting.
 */
export function whenPageHeadingAppears(content: HTMLElement, found: (heading: HTMLElement) => void): () => void {
  const heading = pageHeading(content);
  if (heading) {
    found(heading);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const rendered = pageHeading(content);
    if (!rendered) return;
    observer.disconnect();
    found(rendered);
  });
  observer.observe(content, { childList: true, subtree: true });
  return () => observer.disconnect();
}

/**
 * Whether the user already has focus on something of the page in `content` (a field they clicked into before the
 * shell got to focusing the heading): that focus is theirs and stays. Focus on the body, on nothing, or outside the
 * content (the menu link that led here) does not count.
 */
export function userFocusedInside(content: HTMLElement): boolean {
  const root = content.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  return active instanceof HTMLElement && active !== content && content.contains(active) && active.tagName !== 'H1';
}

function isDisabled(element: Element): boolean {
  return element.matches(':disabled');
}

/**
 * Keeps keyboard focus from falling to the storefront's <body> when the portal takes away the element that had it:
 * a button that a page disables while it works gets focus back when it is enabled again; an element that is removed
 * (a page replaced by the next, a form by its result, a dialog's button by the dialog closing on it) hands focus to
 * `fallback()` (the page heading). A click elsewhere is the user's choice of where focus is, and is left alone.
 * Returns a function that stops watching.
 */
export function keepFocusInPortal(root: ShadowRoot, fallback: () => HTMLElement | null): () => void {
  const doc = root.host.ownerDocument;
  // The element in the portal that last had focus, while the user has not pointed elsewhere since; and that element
  // again while it is disabled (focus comes back to it, and only to it, when it is enabled).
  let last: HTMLElement | null = null;
  let disabledWhileFocused: HTMLElement | null = null;

  const focusLost = () => root.activeElement === null && (doc.activeElement === null || doc.activeElement === doc.body);

  const check = () => {
    if (!last) return;
    if (last.isConnected && isDisabled(last)) {
      disabledWhileFocused = last;
      return;
    }
    const lost = focusLost();
    if (lost && !last.isConnected) {
      last = null;
      const target = fallback();
      // Where the reader is on the page stays in view; the next Tab goes on from the heading.
      if (target) focusElement(target, { preventScroll: true });
    } else if (lost && disabledWhileFocused === last) {
      last.focus();
    }
    // Focus that left a live, enabled element went where the user sent it (a Tab out of the page, to the browser).
    disabledWhileFocused = null;
  };
  const onFocusIn = (event: Event) => {
    if (event.target instanceof HTMLElement) last = event.target;
  };
  const onPointerDown = () => {
    last = null;
  };
  // Focus leaves a removed or disabled element (a `focusout` to nowhere in Chromium) after the change that caused it.
  const onFocusOut = (event: Event) => {
    if ((event as FocusEvent).relatedTarget === null) queueMicrotask(check);
  };

  root.addEventListener('focusin', onFocusIn);
  root.addEventListener('focusout', onFocusOut);
  root.addEventListener('pointerdown', onPointerDown, true);
  const observer = new MutationObserver(check);
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    observer.disconnect();
    root.removeEventListener('focusin', onFocusIn);
    root.removeEventListener('focusout', onFocusOut);
    root.removeEventListener('pointerdown', onPointerDown, true);
  };
}
