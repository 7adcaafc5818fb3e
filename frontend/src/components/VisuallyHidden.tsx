import { styled } from '@mui/material/styles';

/** Text for screen readers only (what a sighted reader gets from layout, colour or strike-through). */
export const VisuallyHidden = styled('span')({
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
