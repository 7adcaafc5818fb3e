import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';

/**
 * The actions on the rows a list has selected, kept in view at the bottom of the portal's scrolling content while
 * the rows scroll under it. On a phone it stays low: its buttons share rows instead of taking one each.
 */
export const SelectionBar = styled(Paper)(({ theme }) => ({
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
  padding: theme.spacing(1.5, 2),
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1.5, 2),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(1, 1.5), gap: theme.spacing(1), '& > button': { flex: '1 1 auto' } },
})) as typeof Paper;

/** What is selected, beside the bar's buttons (it takes the room they leave). */
export const SelectionSummary = styled('div')({ flex: '1 1 240px', minWidth: 0 });
