import { alpha, styled } from '@mui/material/styles';

// The quote lines as stacked cards on mobile (shell §2, 750 px), shared by the draft and the quote detail.

export const LineCardList = styled('ul')(({ theme }) => ({ margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

export const LineCard = styled('li', { shouldForwardProp: (prop) => prop !== 'problem' })<{ problem?: boolean }>(({ theme, problem = false }) => ({
  listStyle: 'none',
  border: `1px solid ${problem ? theme.palette.error.main : theme.palette.divider}`,
  backgroundColor: problem ? alpha(theme.palette.error.main, 0.06) : 'transparent',
  borderRadius: theme.shape.borderRadius,
  padding: theme.spacing(1.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
}));

/** Label / value pairs of a card, the values right-aligned. */
export const LineCardFacts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: theme.spacing(0.5, 2),
  '& dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, textAlign: 'right' },
}));

/** A product's picture beside its name, options and notes. */
export const LineProduct = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(1.5), alignItems: 'flex-start', minWidth: 0 }));
