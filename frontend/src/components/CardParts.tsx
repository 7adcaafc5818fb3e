import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

// The parts of a card in a grid of cards (an address, a shopping list): a frame as tall as its row, a head with
// the title and its badges, facts as label / value pairs, and the actions at the foot.

export const CardFrame = styled(Paper)(({ theme }) => ({
  height: '100%',
  padding: theme.spacing(2),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
})) as typeof Paper;

export const CardHead = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  columnGap: theme.spacing(1),
  rowGap: theme.spacing(0.5),
}));

export const CardTitle = styled(Typography)({ overflowWrap: 'anywhere' }) as typeof Typography;

/** Label / value pairs in two columns (a <dl> whose pairs are wrapped in <div>s). */
export const CardFacts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: theme.spacing(1.5),
  rowGap: theme.spacing(0.25),
  ...theme.typography.body2,
  '& > div': { display: 'contents' },
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, overflowWrap: 'anywhere' },
}));

export const CardActions = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  borderTop: `1px solid ${theme.palette.divider}`,
  paddingTop: theme.spacing(1.5),
  marginTop: 'auto',
}));

/** Away from the other actions: the one that cannot be undone. */
export const CardDeleteButton = styled(Button)({ marginLeft: 'auto' });
