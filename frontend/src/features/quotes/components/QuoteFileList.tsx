import { styled } from '@mui/material/styles';

/** The list of a quote's files (a draft's or a submitted quote's): one row under the other, without bullets. */
export const QuoteFileList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
}));
