import { styled } from '@mui/material/styles';

/** A centred line holding a link under a form ("Forgot your password?", "Back to sign in"). */
export const LinkRow = styled('p')(({ theme }) => ({ margin: 0, textAlign: 'center', ...theme.typography.body2 }));
