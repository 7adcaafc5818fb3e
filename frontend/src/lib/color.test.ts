import {
  BLACK,
  contrastRatio,
  CONTRAST_THRESHOLD,
  darkenedBy,
  hexColorOr,
  hoverFillOf,
  isHexColor,
  overlay,
  relativeLuminance,
  textColorOn,
  textShadeOf,
  WHITE,
} from './color';

describe('text colours by contrast (business §9: black or white, threshold 4.5; WCAG 2.1)', () => {
  it('measures relative luminance and contrast as WCAG 2.1 does', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(contrastRatio(BLACK, WHITE)).toBe(21);
    expect(contrastRatio(WHITE, BLACK)).toBe(21);
    // The figures of issue 15: the shell's primary, the masquerade bar and MUI's primary, each under white text.
    expect(contrastRatio(WHITE, '#3385D6')).toBeCloseTo(3.84, 2);
    expect(contrastRatio(WHITE, '#ED6C02')).toBeCloseTo(3.11, 2);
    expect(contrastRatio(WHITE, '#1976d2')).toBeCloseTo(4.6, 2);
    // The demo storefront's footer links (#3385d6 on #f0f3f6: 3.449, which axe-core shows cut to 3.44).
    expect(contrastRatio('#3385d6', '#f0f3f6')).toBeCloseTo(3.45, 2);
  });

  it('chooses black on #3385D6 and on #ED6C02, and white on #1976d2 (issue 15, done-when 3)', () => {
    expect(textColorOn('#3385D6')).toBe(BLACK);
    expect(textColorOn('#ED6C02')).toBe(BLACK);
    expect(textColorOn('#1976d2')).toBe(WHITE);
  });

  it('chooses white exactly where white reaches 4.5:1', () => {
    expect(textColorOn('#767676')).toBe(WHITE); // 4.54:1, the lightest grey that passes
    expect(textColorOn('#777777')).toBe(BLACK); // 4.48:1
    expect(textColorOn('#E00F36')).toBe(WHITE); // the floating quote button's default
    expect(textColorOn('#000')).toBe(WHITE);
    expect(textColorOn('#fff')).toBe(BLACK);
  });

  it('reads #rgb and #rrggbb, and nothing else', () => {
    expect(relativeLuminance('#36c')).toBe(relativeLuminance('#3366cc'));
    expect(relativeLuminance(' #3366CC ')).toBe(relativeLuminance('#3366cc'));
    expect(['#3385D6', '#abc'].map(isHexColor)).toEqual([true, true]);
    expect(['3385D6', '#3385D6CC', '#abcd', 'red', 'rgb(0,0,0)', '', null, 42].map(isHexColor)).toEqual(Array(8).fill(false));
    expect(hexColorOr('#ABC', '#E00F36')).toBe('#aabbcc');
    expect(hexColorOr('red;background:url(x)', '#E00F36')).toBe('#E00F36');
  });

  it('treats an unreadable colour as white, the safe answer on a light page: black text, black as its shade', () => {
    expect(textColorOn('not a colour')).toBe(BLACK);
    expect(textShadeOf('rgb(51, 133, 214)')).toBe(BLACK);
  });

  it('derives a darker shade of a colour that fails as text on white, reaching 4.5:1', () => {
    const shade = textShadeOf('#3385D6');
    expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
    expect(relativeLuminance(shade)).toBeLessThan(relativeLuminance('#3385D6'));
    // The lightest such shade: one step lighter fails.
    expect(contrastRatio(overlay(WHITE, 0.02, shade), WHITE)).toBeLessThan(CONTRAST_THRESHOLD);
    // The hue stays: the channels keep their proportions (51:133:214).
    const [r, g, b] = [1, 3, 5].map((start) => parseInt(shade.slice(start, start + 2), 16));
    expect(g! / b!).toBeCloseTo(133 / 214, 1);
    expect(r! / b!).toBeCloseTo(51 / 214, 1);

    expect(contrastRatio(textShadeOf('#ED6C02'), WHITE)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
    // The same shades as the server's twin (tests/portal/test_colors.py).
    expect([textShadeOf('#3385D6'), textShadeOf('#ED6C02'), textShadeOf('#3385d6', [WHITE, '#f0f3f6'])]).toEqual(['#2f79c3', '#c15802', '#2b71b6']);
  });

  it('reaches 4.5:1 on every surface given: the portal’s light greys and a selected row’s tint', () => {
    const surfaces = [WHITE, '#f4f6f8', overlay('#3385D6', 0.12, WHITE)];
    const shade = textShadeOf('#3385D6', surfaces);
    for (const surface of surfaces) expect(contrastRatio(shade, surface)).toBeGreaterThanOrEqual(CONTRAST_THRESHOLD);
    expect(contrastRatio(textShadeOf('#3385D6'), '#f4f6f8')).toBeLessThan(contrastRatio(shade, '#f4f6f8'));
  });

  it('keeps a colour that already passes as it is', () => {
    expect(textShadeOf('#1976d2')).toBe('#1976d2');
    expect(textShadeOf('#D32F2F', [WHITE, '#f4f6f8'])).toBe('#d32f2f');
  });

  it('composes a tint over a surface as the eye sees it', () => {
    expect(overlay('#000000', 0.5, '#ffffff')).toBe('#808080');
    expect(overlay('#3385D6', 0, '#f4f6f8')).toBe('#f4f6f8');
    expect(overlay('#3385D6', 1, '#f4f6f8')).toBe('#3385d6');
  });

  it('darkens as MUI’s darken() does, and hovers away from the text so contrast only grows', () => {
    expect(darkenedBy('#3385D6', 0.3)).toBe('#245d96');
    for (const color of ['#3385D6', '#ED6C02', '#1976d2', '#E00F36', '#767676', '#777777']) {
      const text = textColorOn(color);
      expect(textColorOn(hoverFillOf(color))).toBe(text);
      expect(contrastRatio(text, hoverFillOf(color))).toBeGreaterThan(contrastRatio(text, color));
    }
  });
});
