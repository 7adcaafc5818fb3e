"""Colours for text, by contrast (WCAG 2.1 §1.4.3 and business §9: text on a colour is black or white, threshold
4.5), for the elements the server renders. The overlay's twin is frontend/src/lib/color.ts: keep the two alike."""

from __future__ import annotations

import re
from collections.abc import Iterable

CONTRAST_THRESHOLD = 4.5  # business §9

BLACK = "#000000"
WHITE = "#ffffff"

_HEX_COLOR = r"^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$"

Rgb = tuple[int, int, int]


def _parse_hex_color(value: object) -> Rgb | None:
    """The channels of `#rgb` or `#rrggbb`, or None for anything else (a name, rgb(), an alpha channel, junk)."""
    match = re.match(_HEX_COLOR, value.strip()) if isinstance(value, str) else None
    if match is None:
        return None
    digits = match.group(1)
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    number = int(digits, 16)
    return (number >> 16) & 255, (number >> 8) & 255, number & 255


def _to_hex(rgb: Rgb) -> str:
    return "#" + "".join(f"{channel:02x}" for channel in rgb)


def is_hex_color(value: object) -> bool:
    """True for the colours this module reads: `#rgb` and `#rrggbb`."""
    return _parse_hex_color(value) is not None


def hex_color_or(value: object, fallback: str) -> str:
    """A configured colour as `#rrggbb`, or `fallback` when it is not one this module can read."""
    rgb = _parse_hex_color(value)
    return _to_hex(rgb) if rgb is not None else fallback


def _rgb_or_white(color: str) -> Rgb:
    # An unreadable colour counts as white, the page's usual background: text on it is black (and text_shade_of
    # gives black for it) — the safe answer on the light surfaces these functions serve.
    return _parse_hex_color(color) or (255, 255, 255)


def _linear_channel(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4


def _luminance_of(rgb: Rgb) -> float:
    r, g, b = (_linear_channel(channel) for channel in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def relative_luminance(color: str) -> float:
    """WCAG 2.1 relative luminance, 0 (black) to 1 (white)."""
    return _luminance_of(_rgb_or_white(color))


def _ratio_of(a: float, b: float) -> float:
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def contrast_ratio(foreground: str, background: str) -> float:
    """WCAG 2.1 contrast ratio between two colours, 1 to 21."""
    return _ratio_of(relative_luminance(foreground), relative_luminance(background))


def text_color_on(background: str) -> str:
    """business §9: white text when white reaches 4.5:1 on the background, black otherwise."""
    return WHITE if contrast_ratio(WHITE, background) >= CONTRAST_THRESHOLD else BLACK


def _scaled(rgb: Rgb, factor: float) -> Rgb:
    # Half up, as JavaScript's Math.round (Python's round() goes to even): both twins give the same shade.
    r, g, b = (int(channel * factor + 0.5) for channel in rgb)
    return r, g, b


def text_shade_of(color: str, backgrounds: Iterable[str] = (WHITE,)) -> str:
    """The colour itself when it reaches 4.5:1 as text on every one of `backgrounds` (light surfaces: white by
    default), else the lightest darker shade of it that does, keeping its hue (channels scaled towards black)."""
    rgb = _parse_hex_color(color)
    if rgb is None:
        return BLACK
    surfaces = [relative_luminance(background) for background in backgrounds]

    def passes(candidate: Rgb) -> bool:
        luminance = _luminance_of(candidate)
        return all(_ratio_of(luminance, surface) >= CONTRAST_THRESHOLD for surface in surfaces)

    if passes(rgb):
        return _to_hex(rgb)
    passing, failing = 0.0, 1.0  # black passes on any light surface; the colour itself fails
    while failing - passing > 1 / 1024:
        middle = (passing + failing) / 2
        if passes(_scaled(rgb, middle)):
            passing = middle
        else:
            failing = middle
    return _to_hex(_scaled(rgb, passing))
