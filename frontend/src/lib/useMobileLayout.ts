import useMediaQuery from '@mui/material/useMediaQuery';

// shell §2: the layout switches to mobile at a body width of 750 px or less.
export const MOBILE_LAYOUT_MAX_WIDTH = 750;

export function useMobileLayout(): boolean {
  return useMediaQuery(`(max-width:${MOBILE_LAYOUT_MAX_WIDTH}px)`, { noSsr: true });
}
