import { alpha, createTheme, type Theme } from '@mui/material/styles';

import { BLACK, CONTRAST_THRESHOLD, darkenedBy, hoverFillOf, overlay, textColorOn, textShadeOf, WHITE } from '../lib/color';

// shell §9: primary #3385D6; breakpoints sm 600, md 960, lg 1280, xl 1920 (xs stays 0 so that xs styles apply
// to the narrowest phones; the portal's own mobile switch is the 750 px of shell §2).
export const PRIMARY_COLOR = '#3385D6';

const PAPER = WHITE;
const PAGE_BACKGROUND = '#f4f6f8';
const PANEL_BACKGROUND = '#fafafa'; // grey[50]: side panels such as the login page's 'New Customer?'
// The strongest tint of its own colour MUI puts under a coloured text: selected (8 %) and hovered (+4 %) items.
const STRONGEST_TINT = 0.12;

declare module '@mui/material/styles' {
  interface PaletteColor {
    /**
     * The colour as text on the portal's light surfaces: itself where it reaches 4.5:1 there, else the lightest
     * darker shade of it that does (lib/color textShadeOf). `main` stays the fill, under `contrastText`.
     */
    textOnLight: string;
  }
  interface SimplePaletteColorOptions {
    textOnLight?: string;
  }
}

/**
 * A palette colour whose texts follow business §9 (black or white by contrast, threshold 4.5): `contrastText` on
 * the fill by the rule; `textOnLight` for the colour as text; `dark` (MUI's hover fill, and a text colour in
 * pages' `sx`) readable as text too.
 */
function readablePaletteColor(main: string) {
  const surfaces = [PAPER, PAGE_BACKGROUND, PANEL_BACKGROUND, overlay(main, STRONGEST_TINT, PAPER), overlay(main, STRONGEST_TINT, PAGE_BACKGROUND)];
  return {
    main,
    contrastText: textColorOn(main),
    textOnLight: textShadeOf(main, surfaces),
    dark: textShadeOf(darkenedBy(main, 0.3), surfaces), // 0.3: MUI's own step from main to dark
  };
}

// MUI's default colours (light mode), made readable the same way as the store's primary.
const PALETTE_MAINS = {
  primary: PRIMARY_COLOR,
  secondary: '#9c27b0',
  error: '#d32f2f',
  warning: '#ed6c02',
  info: '#0288d1',
  success: '#2e7d32',
} as const;

type PaletteKey = keyof typeof PALETTE_MAINS;

function paletteKeyOf(color: unknown): PaletteKey | null {
  return typeof color === 'string' && color in PALETTE_MAINS ? (color as PaletteKey) : null;
}

/** A palette colour, when `color` (a component's color prop) names one. */
function paletteColorOf(theme: Theme, color: unknown) {
  const key = paletteKeyOf(color);
  return key === null ? null : theme.palette[key];
}

/**
 * Where MUI fills with `dark` on hover under `contrastText`: under black text `dark` (kept readable as text)
 * would be too dark to read black on, so the hover fill moves away from the text instead (lib/color hoverFillOf).
 */
function readableHoverFill(theme: Theme, color: unknown): string | null {
  const paletteColor = paletteColorOf(theme, color);
  return paletteColor && paletteColor.contrastText === BLACK ? hoverFillOf(paletteColor.main) : null;
}

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
      // business §9: MUI's getContrastText (filled alerts, …) picks white only where white reaches 4.5:1.
      contrastThreshold: CONTRAST_THRESHOLD,
      primary: readablePaletteColor(PALETTE_MAINS.primary),
      secondary: readablePaletteColor(PALETTE_MAINS.secondary),
      error: readablePaletteColor(PALETTE_MAINS.error),
      warning: readablePaletteColor(PALETTE_MAINS.warning),
      info: readablePaletteColor(PALETTE_MAINS.info),
      success: readablePaletteColor(PALETTE_MAINS.success),
      background: { default: PAGE_BACKGROUND, paper: PAPER },
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
      // A palette colour as text (text and outlined buttons) is its readable shade; the fill stays `main`.
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            const hoverFill = readableHoverFill(theme, ownerState.color);
            return {
              minHeight: 40,
              ...(paletteColor && { '--variant-textColor': paletteColor.textOnLight, '--variant-outlinedColor': paletteColor.textOnLight }),
              ...(hoverFill && { '&:hover': { '--variant-containedBg': hoverFill } }),
            };
          },
        },
      },
      MuiLink: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            return paletteColor ? { color: paletteColor.textOnLight, '--Link-underlineColor': alpha(paletteColor.textOnLight, 0.4) } : {};
          },
        },
      },
      MuiTypography: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            return paletteColor ? { color: paletteColor.textOnLight } : {};
          },
        },
      },
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            const hoverFill = readableHoverFill(theme, ownerState.color);
            return {
              ...(paletteColor && ownerState.variant === 'outlined' && { color: paletteColor.textOnLight }),
              ...(hoverFill &&
                ownerState.variant !== 'outlined' && {
                  '&.MuiChip-clickable:hover, &.MuiChip-clickable.Mui-focusVisible, &.MuiChip-deletable.Mui-focusVisible': { backgroundColor: hoverFill },
                }),
            };
          },
        },
      },
      MuiIconButton: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            return paletteColor ? { color: paletteColor.textOnLight } : {};
          },
        },
      },
      // Focused input labels (InputLabel is a FormLabel).
      MuiFormLabel: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            return paletteColor ? { '&.Mui-focused': { color: paletteColor.textOnLight } } : {};
          },
        },
      },
      MuiTab: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.textColor);
            return paletteColor ? { '&.Mui-selected': { color: paletteColor.textOnLight } } : {};
          },
        },
      },
      MuiPaginationItem: {
        styleOverrides: {
          root: ({ ownerState, theme }) => {
            const paletteColor = paletteColorOf(theme, ownerState.color);
            const hoverFill = readableHoverFill(theme, ownerState.color);
            if (!paletteColor) return {};
            return ownerState.variant === 'outlined'
              ? {
                  // MUI's selected and focused tint reaches 24 %: kept within the tints the text shade is made for.
                  '&.Mui-selected, &.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
                    color: paletteColor.textOnLight,
                    backgroundColor: alpha(paletteColor.main, STRONGEST_TINT),
                  },
                }
              : { ...(hoverFill && { '&.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': { backgroundColor: hoverFill } }) };
          },
        },
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
      // The portal menu's entries are router links; the current page's is marked aria-current="page": the primary
      // colour's tint under its readable shade (the text shade is made for tints up to STRONGEST_TINT).
      MuiListItemButton: {
        styleOverrides: {
          root: ({ theme }) => ({
            borderRadius: theme.shape.borderRadius,
            '&[aria-current="page"]': {
              backgroundColor: alpha(theme.palette.primary.main, theme.palette.action.selectedOpacity),
              color: theme.palette.primary.textOnLight,
              fontWeight: 600,
            },
            '&[aria-current="page"]:hover': {
              backgroundColor: alpha(theme.palette.primary.main, STRONGEST_TINT),
            },
          }),
        },
      },
    },
  });
}
