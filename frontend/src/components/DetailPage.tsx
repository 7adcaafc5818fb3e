import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink, type To } from 'react-router';

import { LoadErrorAlert } from './LoadErrorAlert';

// The frame of a detail page (an invoice, a purchase request): a centred column, the way back to its list, the
// header panel (title, status, facts), the spinner while it loads, and what it says when it cannot be shown. Its
// sections are PageSection's.

/** A detail page: its parts one under another, at most 1080 px wide. */
export const DetailPage = styled('div')(({ theme }) => ({
  maxWidth: 1080,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

/** The page's head: its title and status, what to do, its facts (an outlined Paper: `variant="outlined"`). */
export const DetailHeaderPanel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

/** The way back to the page's list: "← Back to …". */
export function DetailBackLink({ to, children }: { to: To; children: ReactNode }) {
  return (
    <div>
      <Link component={RouterLink} to={to} variant="body2">
        <span aria-hidden>← </span>
        {children}
      </Link>
    </div>
  );
}

/** The page while it loads: a spinner named by `label`. */
export function DetailPageLoading({ label }: { label: string }) {
  return (
    <DetailPage>
      <Centered>
        <CircularProgress aria-label={label} />
      </Centered>
    </DetailPage>
  );
}

export interface DetailPageUnavailableProps {
  /** The way back (DetailBackLink). */
  back: ReactNode;
  /** The thing is not there, or not the caller's: "not found"; false: it could not be loaded (with a retry). */
  notFound: boolean;
  /** The heading of a page that could not load. */
  heading: string;
  notFoundTitle: string;
  notFoundBody: string;
  notFoundHint: string;
  loadError: string;
  retryLabel: string;
  onRetry(): void;
}

/** The page when there is nothing to show: "not found" with a hint, or a failed load with its retry. */
export function DetailPageUnavailable({ back, notFound, heading, notFoundTitle, notFoundBody, notFoundHint, loadError, retryLabel, onRetry }: DetailPageUnavailableProps) {
  return (
    <DetailPage>
      {back}
      <Typography variant="h1">{notFound ? notFoundTitle : heading}</Typography>
      {notFound ? (
        <Alert severity="warning">
          <AlertTitle>{notFoundBody}</AlertTitle>
          {notFoundHint}
        </Alert>
      ) : (
        <LoadErrorAlert message={loadError} retryLabel={retryLabel} onRetry={onRetry} />
      )}
    </DetailPage>
  );
}
