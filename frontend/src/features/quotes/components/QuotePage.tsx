import { styled } from '@mui/material/styles';

/** The column every quote page is laid out in: centred, with the sections spaced evenly. */
export const QuotePage = styled('div')(({ theme }) => ({
  maxWidth: 1080,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));
