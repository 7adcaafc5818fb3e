import GlobalStyles from '@mui/material/GlobalStyles';
import type { Theme } from '@mui/material/styles';

import { APP_CONTAINER_CLASS, POPUP_CONTAINER_CLASS } from './isolatedRoot';

// "Global" here means global to the shadow root: the baseline the portal needs, since the host resets every
// inherited style of the storefront (`all: initial`). Nothing here reaches the storefront page.
const styles = (theme: Theme) => ({
  [`.${APP_CONTAINER_CLASS}, .${POPUP_CONTAINER_CLASS}`]: {
    ...theme.typography.body1,
    color: theme.palette.text.primary,
    boxSizing: 'border-box' as const,
    WebkitFontSmoothing: 'antialiased',
    MozOsxFontSmoothing: 'grayscale',
    WebkitTextSizeAdjust: '100%',
  },
  '*, *::before, *::after': { boxSizing: 'inherit' as const },
});

export function PortalStyles() {
  return <GlobalStyles styles={styles} />;
}
