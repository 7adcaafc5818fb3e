import AlertTitle from '@mui/material/AlertTitle';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { LoadErrorAlert } from '../LoadErrorAlert';
import { VisuallyHidden } from '../VisuallyHidden';

// The pieces every list page (quotes, users, the address book, the audit log) is built from.

/** A list page: wide enough for a table of many columns, its parts one under another. */
export const ListPage = styled('div')(({ theme }) => ({
  maxWidth: 1280,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

/** The page's heading and intro on the left, its main action on the right (below them on a narrow screen). */
export const ListPageHeader = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
}));


/** The number of results, announced (not shown) once a list has loaded. */
export function ResultCountStatus({ children }: { children: ReactNode }) {
  return <VisuallyHidden role="status">{children}</VisuallyHidden>;
}

/** A list query as far as its error state needs it. */
interface ListQuery {
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch(): unknown;
}

/** The list's error state (a failed load, not while it loads again), or undefined. */
export function listErrorState(list: ListQuery, { title, detail, retryLabel }: { title: ReactNode; detail: ReactNode; retryLabel: ReactNode }) {
  return list.isError && !list.isFetching ? (
    <LoadErrorAlert
      message={
        <>
          <AlertTitle>{title}</AlertTitle>
          {detail}
        </>
      }
      retryLabel={retryLabel}
      onRetry={() => void list.refetch()}
    />
  ) : undefined;
}
