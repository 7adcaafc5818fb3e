import { useEffect } from 'react';

/**
 * Whether a key press asks to close the portal: Escape that nothing inside it used. A dialog, menu, drawer or an open
 * autocomplete list closes itself on Escape and stops the event there (MUI), so only one layer closes per press;
 * Escape that ends an input method's composition is the input method's.
 */
export function isCloseRequest(event: KeyboardEvent): boolean {
  return event.key === 'Escape' && !event.defaultPrevented && !event.isComposing;
}

/**
 * Escape closes the portal as its Close button does (issue 15: a modal dialog closes on Escape), wherever focus is
 * in it — also on the body, after a click on a blank spot. Pass `enabled: false` where the portal must stay open.
 */
export function useEscapeToClose(onClose: () => void, enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isCloseRequest(event)) onClose();
    };
    // Bubbling phase, on the document: the portal's own layers have had the event first and may have stopped it.
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, enabled]);
}
