import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

export interface LoadErrorAlertProps {
  /** What could not be loaded; the caller's text, already translated. */
  message: ReactNode;
  retryLabel: ReactNode;
  onRetry(): void;
}

/** Data that failed to load, with a button to load it again. */
export function LoadErrorAlert({ message, retryLabel, onRetry }: LoadErrorAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => onRetry()}>
          {retryLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
