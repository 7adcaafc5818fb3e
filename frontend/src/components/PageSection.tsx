import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

// Building blocks of a detail page's sections (an order, a quote, a shopping list).

// An outlined panel as a <section> element (Paper's `component` prop is lost through styled()).
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

const SectionHead = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1, 2),
}));

export interface PageSectionProps {
  title: string;
  /** Beside the heading: the section's own actions or summary. */
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A page section: an outlined panel labelled by its h2, with its own actions or summary beside the heading. */
export function PageSection({ title, aside, children, testId }: PageSectionProps) {
  const headingId = useId();
  return (
    <SectionPaper aria-labelledby={headingId} data-testid={testId}>
      <SectionHead>
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        {aside}
      </SectionHead>
      {children}
    </SectionPaper>
  );
}

/** Label/value pairs as a description list that wraps into columns. */
export const FactList = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  // Wide enough for an 18-character tracking number on one line; two columns on a phone.
  gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))',
  [theme.breakpoints.down('sm')]: { gridTemplateColumns: 'repeat(auto-fill, minmax(135px, 1fr))' },
  gap: theme.spacing(2, 3),
  '& > div': { minWidth: 0 },
  '& dt': { ...theme.typography.caption, color: theme.palette.text.secondary, textTransform: 'uppercase', letterSpacing: '0.04em' },
  '& dd': { ...theme.typography.body1, margin: 0, overflowWrap: 'anywhere' },
}));

export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
