/** Stops the storefront page from scrolling under the open portal; the returned function restores it. */
export function lockBodyScroll(doc: Document = document): () => void {
  const { body } = doc;
  const previous = body.style.getPropertyValue('overflow');
  const previousPriority = body.style.getPropertyPriority('overflow');
  body.style.setProperty('overflow', 'hidden', 'important');
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (previous) body.style.setProperty('overflow', previous, previousPriority);
    else body.style.removeProperty('overflow');
  };
}
