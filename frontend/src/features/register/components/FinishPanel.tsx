import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

const Card = styled(Paper)(({ theme }) => ({
  maxWidth: 560,
  margin: '0 auto',
  padding: theme.spacing(4),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

export interface FinishPanelProps {
  title: string;
  lines: readonly string[];
  action?: { label: string; onClick(): void; loading?: boolean };
  error?: ReactNode;
}

/** The end of a registration or application: what happens next (shell §8 texts) and the way on. */
export function FinishPanel({ title, lines, action, error }: FinishPanelProps) {
  return (
    <Card variant="outlined" role="status">
      <Typography variant="h1">{title}</Typography>
      {lines.map((line) => (
        <Typography key={line}>{line}</Typography>
      ))}
      {error && <Alert severity="warning">{error}</Alert>}
      {action && (
        <div>
          <Button variant="contained" onClick={action.onClick} loading={action.loading} disabled={action.loading}>
            {action.label}
          </Button>
        </div>
      )}
    </Card>
  );
}
