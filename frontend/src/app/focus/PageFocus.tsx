import { useEffect, useState, type RefObject } from 'react';
import { useLocation } from 'react-router';

import { VisuallyHidden } from '../../components/VisuallyHidden';
import { focusElement, keepFocusInPortal, pageHeading, userFocusedInside, whenPageHeadingAppears } from './pageFocus';

interface Announcement {
  text: string;
  /** Each arrival is a new node in the live region: a page with the same title as the last one is announced too. */
  count: number;
}

/**
 * The portal's focus on arrival (issue 15): on every route (the portal opening included) keyboard focus goes to the
 * page's heading as soon as the page renders it, and the page is announced in a polite live region. A key press or a
 * click before the page has rendered is the user's own move: their focus is then left where they put it. While the
 * portal is open, focus taken away from under the user (a removed or disabled element) is given back
 * (keepFocusInPortal).
 */
export function PageFocus({ contentRef }: { contentRef: RefObject<HTMLElement | null> }) {
  const { pathname } = useLocation();
  const [announcement, setAnnouncement] = useState<Announcement>({ text: '', count: 0 });

  useEffect(() => {
    const content = contentRef.current;
    const root = content?.getRootNode();
    if (!content || !root) return;
    // A passive effect, after the commit's own focus moves (a closing drawer returns focus to its button): the
    // heading is where the new page starts.
    const stopWaiting = whenPageHeadingAppears(content, (heading) => {
      if (!userFocusedInside(content)) focusElement(heading);
      setAnnouncement((last) => ({ text: heading.textContent ?? '', count: last.count + 1 }));
    });
    const userMoved = () => stopWaiting();
    root.addEventListener('keydown', userMoved, true);
    root.addEventListener('pointerdown', userMoved, true);
    return () => {
      stopWaiting();
      root.removeEventListener('keydown', userMoved, true);
      root.removeEventListener('pointerdown', userMoved, true);
    };
  }, [pathname, contentRef]);

  useEffect(() => {
    const content = contentRef.current;
    const root = content?.getRootNode();
    if (!content || !(root instanceof ShadowRoot)) return;
    return keepFocusInPortal(root, () => pageHeading(content) ?? content);
  }, [contentRef]);

  return (
    <VisuallyHidden as="div" aria-live="polite" aria-atomic="true" data-page-announcer="">
      {announcement.text && <span key={announcement.count}>{announcement.text}</span>}
    </VisuallyHidden>
  );
}
