// Colours for text, by contrast (WCAG 2.1 §1.4.3 and business §9: text on a colour is black or white, threshold 4.5).
// One implementation for the portal's theme, the loader and what the loader injects into storefront pages; the
// server-rendered elements use its twin, portal/colors.py.

/** business §9: the contrast text must reach against what it sits on (WCAG AA for normal text). */
export const CONTRAST_THRESHOLD = 4.5;

export const BLACK = '#000000';
export const WHITE = '#ffffff';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The channels of `#rgb` or `#rrggbb`, or null for anything else (a name, rgb(), an alpha channel, junk). */
function parseHexColor(value: unknown): Rgb | null {
  const match = typeof value === 'string' ? HEX_COLOR.exec(value.trim()) : null;
  if (!match) return null;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  const value24 = parseInt(digits, 16);
  return { r: (value24 >> 16) & 255, g: (value24 >> 8) & 255, b: value24 & 255 };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** True for the colours this module reads: `#rgb` and `#rrggbb`. */
export function isHexColor(value: unknown): value is string {
  return parseHexColor(value) !== null;
}

/** A configured colour as `#rrggbb`, or `fallback` when it is not one this module can read. */
export function hexColorOr(value: unknown, fallback: string): string {
  const rgb = parseHexColor(value);
  return rgb ? toHex(rgb) : fallback;
}

// An unreadable colour counts as white, the page's usual background: text on it is black (and textShadeOf gives
// black for it) — the safe answer on the light surfaces these functions serve.
function rgbOrWhite(color: string): Rgb {
  return parseHexColor(color) ?? { r: 255, g: 255, b: 255 };
}

function linearChannel(channel: number): number {
  const c = channel / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminanceOf({ r, g, b }: Rgb): number {
  return 0.2126 * linearChannel(r) + 0.7152 * linearChannel(g) + 0.0722 * linearChannel(b);
}

/** WCAG 2.1 relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  return luminanceOf(rgbOrWhite(color));
}

function ratioOf(a: number, b: number): number {
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** WCAG 2.1 contrast ratio between two colours, 1 to 21. */
export function contrastRatio(foreground: string, background: string): number {
  return ratioOf(relativeLuminance(foreground), relativeLuminance(background));
}

/** business §9: white text when white reaches 4.5:1 on the background, black otherwise. */
export function textColorOn(background: string): typeof BLACK | typeof WHITE {
  return contrastRatio(WHITE, background) >= CONTRAST_THRESHOLD ? WHITE : BLACK;
}

/** `color` at `opacity` over `base`, as the eye sees it: how MUI's tints (alpha of a colour) land on a surface. */
export function overlay(color: string, opacity: number, base: string): string {
  const top = rgbOrWhite(color);
  const bottom = rgbOrWhite(base);
  const mix = (upper: number, lower: number) => upper * opacity + lower * (1 - opacity);
  return toHex({ r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b) });
}

function scaled({ r, g, b }: Rgb, factor: number): Rgb {
  return { r: Math.round(r * factor), g: Math.round(g * factor), b: Math.round(b * factor) };
}

/** `color` darkened as MUI's darken() does: each channel times (1 − amount). */
export function darkenedBy(color: string, amount: number): string {
  return toHex(scaled(rgbOrWhite(color), 1 - amount));
}

/**
 * The fill of a hovered (or focused) element of colour `color` whose text is chosen by the rule: a shade that moves
 * away from that text — darker under white text, lighter under black — so the contrast only grows.
 */
export function hoverFillOf(color: string): string {
  return textColorOn(color) === WHITE ? darkenedBy(color, 0.15) : overlay(WHITE, 0.2, color);
}

/**
 * The colour itself when it reaches 4.5:1 as text on every one of `backgrounds` (light surfaces: white by default),
 * else the lightest darker shade of it that does. The shade keeps the hue: the channels are scaled towards black,
 * as MUI's darken() does, by the largest factor that passes (found by halving; luminance grows with the factor).
 */
export function textShadeOf(color: string, backgrounds: readonly string[] = [WHITE]): string {
  const rgb = parseHexColor(color);
  if (!rgb) return BLACK;
  const surfaces = backgrounds.map(relativeLuminance);
  const passes = (candidate: Rgb) => {
    const luminance = luminanceOf(candidate);
    return surfaces.every((surface) => ratioOf(luminance, surface) >= CONTRAST_THRESHOLD);
  };
  if (passes(rgb)) return toHex(rgb);
  let passing = 0; // black: 19:1 and more on any light surface
  let failing = 1;
  while (failing - passing > 1 / 1024) {
    const middle = (passing + failing) / 2;
    if (passes(scaled(rgb, middle))) passing = middle;
    else failing = middle;
  }
  return toHex(scaled(rgb, passing));
}
