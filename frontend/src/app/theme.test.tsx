import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import { ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { render, screen } from '@testing-library/react';

import { BLACK, contrastRatio, CONTRAST_THRESHOLD, overlay, WHITE } from '../lib/color';
import { createPortalTheme, PRIMARY_COLOR } from './theme';

const theme = createPortalTheme({ popupContainer: null });
const PALETTE = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
// The light surfaces a palette colour is written on: paper, the page, grey panels, and its own selected/hover tint.
const surfacesOf = (main: string) => [WHITE, '#f4f6f8', '#fafafa', overlay(main, 0.12, WHITE), overlay(main, 0.12, '#f4f6f8')];

/** A colour as getComputedStyle gives it (`rgb(r, g, b)`). */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('the portal theme’s colours (business §9: text black or white by contrast, threshold 4.5; issue 15)', () => {
  it('keeps #3385D6 as the primary fill, with black text on it', () => {
    expect(theme.palette.primary.main).toBe(PRIMARY_COLOR);
    expect(theme.palette.primary.contrastText).toBe(BLACK);
    expect(theme.palette.warning.contrastText).toBe(BLACK); // #ed6c02
    expect(theme.palette.error.contrastText).toBe(WHITE); // #d32f2f: 4.98:1
    expect(theme.palette.contrastThreshold).toBe(CONTRAST_THRESHOLD);
    expect(theme.palette.getContrastText('#1976d2')).toBe('#fff');
  });

  it.each(PALETTE)('gives %s a text shade and a dark readable at 4.5:1 on the portal’s light surfaces', (key) => {
    const color = theme.palette[key];
    for (const surface of surfacesOf(color.main)) {
      expect(contrastRatio(color.textOnLight, surface)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
      expect(contrastRatio(color.dark, surface)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
    }
    expect(contrastRatio(color.contrastText, color.main)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
  });

  it('writes the palette colours as text in their readable shade, and fills with the colour itself', () => {
    render(
      <ThemeProvider theme={theme}>
        <Button variant="contained">Submit</Button>
        <Button variant="text">Text</Button>
        <Button variant="outlined">Outlined</Button>
        <Link href="#/quotes">A link</Link>
        <Typography color="warning">Expires tomorrow</Typography>
        <Chip variant="outlined" color="primary" label="Open" />
        <List>
          <ListItemButton component="a" href="#/quotes" aria-current="page">
            Quotes
          </ListItemButton>
        </List>
      </ThemeProvider>,
    );
    // jsdom resolves no var() (and lower-cases the name in it): MUI's buttons colour through these custom
    // properties, read here as the browser would.
    const buttonProperties = ['--variant-containedBg', '--variant-containedColor', '--variant-textColor', '--variant-outlinedColor'];
    const style = (element: HTMLElement) => {
      const computed = getComputedStyle(element);
      const resolve = (value: string) => {
        const used = /^var\((--[\w-]+)\)$/i.exec(value.trim())?.[1]?.toLowerCase();
        const name = buttonProperties.find((property) => property.toLowerCase() === used);
        const raw = name ? computed.getPropertyValue(name).trim() : value;
        return raw.startsWith('#') ? rgb(raw) : raw;
      };
      return { color: resolve(computed.color), backgroundColor: resolve(computed.backgroundColor) };
    };
    const primaryText = rgb(theme.palette.primary.textOnLight);

    const contained = style(screen.getByRole('button', { name: 'Submit' }));
    expect([contained.backgroundColor, contained.color]).toEqual([rgb(PRIMARY_COLOR), rgb(BLACK)]);
    expect(style(screen.getByRole('button', { name: 'Text' })).color).toBe(primaryText);
    expect(style(screen.getByRole('button', { name: 'Outlined' })).color).toBe(primaryText);
    expect(style(screen.getByRole('link', { name: 'A link' })).color).toBe(primaryText);
    expect(style(screen.getByText('Expires tomorrow')).color).toBe(rgb(theme.palette.warning.textOnLight));
    expect(style(screen.getByText('Open').parentElement!).color).toBe(primaryText);
    // The current page's menu entry (3.22:1 before issue 15).
    expect(style(screen.getByRole('link', { name: 'Quotes' })).color).toBe(primaryText);
  });
});
