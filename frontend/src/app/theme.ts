import { createTheme, type Theme } from '@mui/material/styles';

// shell §9: primary #3385D6; breakpoints sm 600, md 960, lg 1280, xl 1920 (xs stays 0 so that xs styles apply
// to the narrowest phones; the portal's own mobile switch is the 750 px of shell §2).
export const PRIMARY_COLOR = '#3385D6';

export interface PortalThemeOptions {
  /** Element inside the shadow root where popovers, menus, dialogs and tooltips are portalled. */
  popupContainer: HTMLElement | null;
  /** The storefront's root font size: rem units inside the shadow root are relative to it. */
  htmlFontSize?: number;
}

export function createPortalTheme({ popupContainer, htmlFontSize = 16 }: PortalThemeOptions): Theme {
  const container = popupContainer ?? undefined;
  // rem inside the shadow root is relative to the storefront's <html>; sizes are given in px and converted
  // with the storefront's root font size, like MUI does for its own variants.
  const rem = (px: number) => `${px / htmlFontSize}rem`;
  return createTheme({
    palette: {
      primary: { main: PRIMARY_COLOR, contrastText: '#ffffff' },
      background: { default: '#f4f6f8', paper: '#ffffff' },
      text: { primary: '#1f2933', secondary: '#52606d' },
    },
    breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
    shape: { borderRadius: 6 },
    typography: {
      htmlFontSize,
      fontFamily: 'Roboto, "Helvetica Neue", Helvetica, Arial, system-ui, sans-serif',
      h1: { fontSize: rem(28), fontWeight: 600, lineHeight: 1.3 },
      h2: { fontSize: rem(20), fontWeight: 600, lineHeight: 1.4 },
      h3: { fontSize: rem(16), fontWeight: 600, lineHeight: 1.5 },
      button: { fontWeight: 600, letterSpacing: '0.04em' },
    },
    components: {
      // Everything MUI portals must stay inside the shadow root, or it would lose its styles.
      MuiPopover: { defaultProps: { container } },
      MuiPopper: { defaultProps: { container } },
      MuiModal: { defaultProps: { container } },
      MuiAppBar: {
        defaultProps: { position: 'static', elevation: 0, color: 'inherit' },
        styleOverrides: {
          root: ({ theme }) => ({
            backgroundColor: theme.palette.background.paper,
            borderBottom: `1px solid ${theme.palette.divider}`,
          }),
        },
      },
      MuiToolbar: { styleOverrides: { root: ({ theme }) => ({ gap: theme.spacing(1.5) }) } },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { minHeight: 40 } },
      },
      MuiTextField: { defaultProps: { fullWidth: true, variant: 'outlined' } },
      MuiPaper: {
        defaultProps: { elevation: 0 },
        styleOverrides: { outlined: ({ theme }) => ({ borderColor: theme.palette.divider }) },
      },
      MuiAlert: { styleOverrides: { root: { alignItems: 'center' } } },
      // Papers are flat by default (above); a suggestion list floats over the page and needs its shadow back.
      MuiAutocomplete: {
        styleOverrides: {
          paper: ({ theme }) => ({ boxShadow: theme.shadows[8], border: `1px solid ${theme.palette.divider}`, marginTop: theme.spacing(0.5) }),
        },
      },
      // The portal menu's entries are router links; the current page's is marked aria-current="page".
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&[aria-current="page"]': {
              backgroundColor: theme.palette.action.selected,
              color: theme.palette.primary.main,
              fontWeight: 600,
            },
          }),
        },
      },
    },
  });
}
