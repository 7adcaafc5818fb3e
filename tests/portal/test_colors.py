"""portal.colors: business §9's text-colour rule (black or white by contrast, threshold 4.5) for server-rendered
elements. The figures are those of frontend/src/lib/color.test.ts: the twins must agree."""

import pytest

from accounts.selectors import MasqueradeBar
from portal.colors import (
    BLACK,
    CONTRAST_THRESHOLD,
    WHITE,
    contrast_ratio,
    hex_color_or,
    is_hex_color,
    relative_luminance,
    text_color_on,
    text_shade_of,
)


def test_luminance_and_contrast_follow_wcag_2_1():
    assert relative_luminance("#000000") == 0
    assert relative_luminance("#ffffff") == 1
    assert contrast_ratio(BLACK, WHITE) == 21
    assert contrast_ratio(WHITE, BLACK) == 21
    # issue 15's figures: white on the shell's primary, on the masquerade bar, on MUI's primary; the footer links.
    assert contrast_ratio(WHITE, "#3385D6") == pytest.approx(3.84, abs=0.005)
    assert contrast_ratio(WHITE, "#ED6C02") == pytest.approx(3.11, abs=0.005)
    assert contrast_ratio(WHITE, "#1976d2") == pytest.approx(4.60, abs=0.005)
    assert contrast_ratio("#3385d6", "#f0f3f6") == pytest.approx(3.45, abs=0.005)


@pytest.mark.parametrize(
    ("background", "text"),
    [
        ("#3385D6", BLACK),  # issue 15, done-when 3
        ("#ED6C02", BLACK),  # issue 15, done-when 3
        ("#1976d2", WHITE),  # issue 15, done-when 3
        ("#767676", WHITE),  # 4.54:1, the lightest grey white passes on
        ("#777777", BLACK),  # 4.48:1
        ("#E00F36", WHITE),
        ("#000", WHITE),
        ("#fff", BLACK),
    ],
)
def test_text_is_white_exactly_where_white_reaches_the_threshold(background, text):
    assert text_color_on(background) == text


def test_reads_short_and_long_hex_colours_and_nothing_else():
    assert relative_luminance("#36c") == relative_luminance("#3366cc")
    assert relative_luminance(" #3366CC ") == relative_luminance("#3366cc")
    assert is_hex_color("#3385D6") and is_hex_color("#abc")
    for value in ["3385D6", "#3385D6CC", "#abcd", "red", "rgb(0,0,0)", "", None, 42]:
        assert not is_hex_color(value)
    assert hex_color_or("#ABC", "#ED6C02") == "#aabbcc"
    assert hex_color_or("red;background:url(x)", "#ED6C02") == "#ED6C02"


def test_an_unreadable_colour_counts_as_white_so_its_text_and_its_shade_are_black():
    assert text_color_on("not a colour") == BLACK
    assert text_shade_of("rgb(51, 133, 214)") == BLACK


def test_a_colour_that_fails_on_white_gets_the_lightest_darker_shade_that_reaches_the_threshold():
    # The same shades as the overlay's textShadeOf.
    assert text_shade_of("#3385D6") == "#2f79c3"
    assert text_shade_of("#ED6C02") == "#c15802"
    for color in ["#3385D6", "#ED6C02"]:
        assert contrast_ratio(text_shade_of(color), WHITE) >= CONTRAST_THRESHOLD


def test_the_shade_reaches_the_threshold_on_every_surface_given():
    surfaces = [WHITE, "#f0f3f6"]
    shade = text_shade_of("#3385d6", surfaces)
    assert shade == "#2b71b6"
    assert all(contrast_ratio(shade, surface) >= CONTRAST_THRESHOLD for surface in surfaces)


def test_a_colour_that_already_passes_stays_as_it_is():
    assert text_shade_of("#1976d2") == "#1976d2"
    assert text_shade_of("#D32F2F", [WHITE, "#f4f6f8"]) == "#d32f2f"


@pytest.mark.parametrize(("bar_color", "text"), [("#ED6C02", BLACK), ("#123456", WHITE)])
def test_the_storefront_masquerade_bar_writes_by_the_rule_on_its_colour(bar_color, text):
    # issue 15: white on the default #ED6C02 reached 3.11:1; the bar's template writes in this colour.
    bar = MasqueradeBar(company_name="Acme Labs", color=bar_color, button_text="END MASQUERADE")

    assert bar.text_color == text
