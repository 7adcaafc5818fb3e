import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { useMobileLayout } from '../../../lib/useMobileLayout';

const Card = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  maxWidth: 480,
  margin: '0 auto',
  padding: theme.spacing(mobile ? 2.5 : 4),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

/** The narrow card of the password pages: a title, an introduction, then the form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const mobile = useMobileLayout();
  return (
    <Card variant="outlined" mobile={mobile}>
      <Typography variant="h1">{title}</Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {children}
    </Card>
  );
}
