import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, type ReactNode } from 'react';

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

/** A part of a list's page: an outlined panel labelled by its h2, with its own summary beside the heading. */
export function PageSection({ title, aside, children, testId }: { title: string; aside?: ReactNode; children: ReactNode; testId?: string }) {
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
