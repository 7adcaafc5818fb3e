import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

const Root = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: theme.spacing(1),
  maxWidth: 520,
  margin: '0 auto',
}));

const Actions = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: theme.spacing(1.5),
  marginTop: theme.spacing(1),
}));

/** What a data table shows instead of rows: a title, a line of explanation and the actions that help. */
export function DataTableMessage({ title, children, actions }: { title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <Root>
      <Typography variant="h2">{title}</Typography>
      {children && <Typography color="text.secondary">{children}</Typography>}
      {actions && <Actions>{actions}</Actions>}
    </Root>
  );
}
