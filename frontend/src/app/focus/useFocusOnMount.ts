import { useLayoutEffect, useRef } from 'react';

import { focusElement } from './pageFocus';

/**
 * Focus on the element when it appears: for what replaces the control the user just used (a submitted form's
 * result), so that focus does not fall to the page behind and a screen reader reads what happened. Before paint and
 * before the shell's focus keeper (pageFocus keepFocusInPortal) would send focus to the page heading.
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    if (ref.current) focusElement(ref.current);
  }, []);
  return ref;
}
