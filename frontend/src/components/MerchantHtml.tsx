import { styled } from '@mui/material/styles';
import { useLayoutEffect, useRef } from 'react';

import { sanitizeHtml } from '../lib/sanitizeHtml';

const Region = styled('div')(({ theme }) => ({
  overflowWrap: 'anywhere',
  '& img': { maxWidth: '100%', height: 'auto' },
  // The store's primary as link text: its readable shade (the theme's textOnLight, business §9).
  '& a': { color: theme.palette.primary.textOnLight },
  '& > :first-of-type': { marginTop: 0 },
  '& > :last-child': { marginBottom: 0 },
}));

/** The store's own HTML, sanitised (lib/sanitizeHtml), in a region named `label`. */
export function MerchantHtml({ html, label }: { html: string; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element) element.replaceChildren(sanitizeHtml(html, element.ownerDocument));
  }, [html]);
  return <Region ref={ref} role="region" aria-label={label} />;
}
