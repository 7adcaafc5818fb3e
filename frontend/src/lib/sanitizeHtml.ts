// Merchant HTML (the sign-in page's `login_page_html`) is shown inside the portal. Only a small whitelist of
// formatting tags and attributes survives; scripts, styles, frames, forms, event handlers and javascript:/data:
// URLs never do. The result is built node by node into a fragment of the target document — it is never turned
// back into a string and parsed again.

/** Tags kept (with their sanitised children). */
const ALLOWED_TAGS = new Set([
  'a', 'b', 'blockquote', 'br', 'code', 'div', 'em', 'h2', 'h3', 'h4', 'hr', 'i', 'img', 'li', 'ol', 'p', 'pre',
  's', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'ul',
]);

/** Tags dropped together with everything inside them. Any other tag is unwrapped: its children are kept. */
const DROPPED_WITH_CONTENT = new Set([
  'applet', 'audio', 'base', 'button', 'canvas', 'embed', 'form', 'frame', 'frameset', 'head', 'iframe', 'input',
  'link', 'math', 'meta', 'noembed', 'noframes', 'noscript', 'object', 'option', 'script', 'select', 'style', 'svg',
  'template', 'textarea', 'title', 'video',
]);

/** Attributes kept, per tag ('*' for every allowed tag). */
const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  '*': ['title'],
  a: ['href', 'target'],
  img: ['src', 'alt', 'width', 'height'],
};

const URL_ATTRIBUTES = new Set(['href', 'src']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_PROTOCOLS = new Set(['http:', 'https:']);

/**
 * Whether a URL may stay: absolute http(s) (and mailto/tel for links), or relative. Browsers ignore control
 * characters and whitespace inside a scheme ("java\nscript:"), so they are removed before the scheme is read.
 */
export function isSafeUrl(value: string, kind: 'link' | 'image'): boolean {
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (compact === '') return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return true; // relative, or protocol-relative (the page's own http/https)
  const protocol = `${scheme[1]!.toLowerCase()}:`;
  return (kind === 'image' ? IMAGE_PROTOCOLS : LINK_PROTOCOLS).has(protocol);
}

function copyAttributes(source: Element, target: HTMLElement, tag: string): void {
  const allowed = [...(ALLOWED_ATTRIBUTES['*'] ?? []), ...(ALLOWED_ATTRIBUTES[tag] ?? [])];
  for (const name of allowed) {
    const value = source.getAttribute(name);
    if (value === null) continue;
    if (URL_ATTRIBUTES.has(name) && !isSafeUrl(value, tag === 'img' ? 'image' : 'link')) continue;
    if ((name === 'width' || name === 'height') && !/^\d{1,4}$/.test(value.trim())) continue;
    if (name === 'target') {
      if (value !== '_blank') continue;
      // A new tab must not get a handle on the portal's window.
      target.setAttribute('rel', 'noopener noreferrer');
    }
    target.setAttribute(name, value);
  }
}

function sanitizeChildren(source: Node, target: Node, doc: Document): void {
  source.childNodes.forEach((child) => {
    if (child.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(child.textContent ?? ''));
      return;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) return; // comments, processing instructions, …
    const element = child as Element;
    const tag = element.localName.toLowerCase();
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml' || DROPPED_WITH_CONTENT.has(tag)) return;
    if (!ALLOWED_TAGS.has(tag)) {
      sanitizeChildren(element, target, doc);
      return;
    }
    const copy = doc.createElement(tag);
    copyAttributes(element, copy, tag);
    if (tag === 'img' && !copy.hasAttribute('src')) return;
    sanitizeChildren(element, copy, doc);
    target.appendChild(copy);
  });
}

/** The merchant's HTML as a fragment of `doc` holding only whitelisted tags and attributes. */
export function sanitizeHtml(html: string, doc: Document = document): DocumentFragment {
  // DOMParser documents are inert: nothing in them runs or loads.
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const fragment = doc.createDocumentFragment();
  sanitizeChildren(parsed.body, fragment, doc);
  return fragment;
}

/** The sanitised markup as text (tests, debugging). */
export function sanitizeHtmlToString(html: string, doc: Document = document): string {
  const container = doc.createElement('div');
  container.appendChild(sanitizeHtml(html, doc));
  return container.innerHTML;
}
