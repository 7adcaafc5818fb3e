import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

// Building blocks shared by the quote detail page's sections.

// An outlined paper as a <section> element (Paper's `component` prop is lost through styled()).
const SectionPaper = styled('section')(({ theme }) => ({
  backgroundColor: theme.palette.background.paper,
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  minWidth: 0,
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

/** A page section: an outlined panel labelled by its h2. */
export function QuoteDetailSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <SectionPaper aria-labelledby={headingId}>
      <Typography variant="h2" id={headingId}>
        {title}
      </Typography>
      {children}
    </SectionPaper>
  );
}

/** Text for screen readers only (what a sighted reader gets from strike-through or layout). */
export const VisuallyHidden = styled('span')({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/** Label/value pairs as a description list that wraps into columns. */
export const FactList = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: theme.spacing(2, 3),
  '& > div': { minWidth: 0 },
  '& dt': { ...theme.typography.caption, color: theme.palette.text.secondary, textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& dd': { ...theme.typography.body1, margin: 0, overflowWrap: 'anywhere' },
}));

/**
 * Opens a download link in this window: the server answers with `Content-Disposition: attachment`, so the
 * browser saves the file and the page stays. The anchor is added to the document for the browsers that only
 * follow attached anchors.
 */
export function startDownload(url: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.rel = 'noopener';
  if (fileName) anchor.download = fileName;
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
  }
}

/** Appends `download=1` to a signed PDF link (docs/api.md "Quotes": `&download=1` downloads it). */
export function downloadVariant(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}
