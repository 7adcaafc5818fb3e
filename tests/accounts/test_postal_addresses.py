"""Addresses as the post of their country writes them (issue 13: the quote PDF printed "02110 Boston, MA")."""

import pytest

from accounts.countries import postal_address_lines


@pytest.mark.parametrize(
    ("country", "state", "city", "postcode", "expected"),
    [
        ("US", "MA", "Boston", "02110", ["Boston, MA 02110", "United States"]),
        ("United States", "Massachusetts", "Boston", "02110", ["Boston, MA 02110", "United States"]),
        ("CA", "ON", "Toronto", "M5V 2T6", ["Toronto, ON M5V 2T6", "Canada"]),
        ("DE", "Berlin", "Berlin", "10115", ["10115 Berlin", "Germany"]),
        ("FR", "", "Paris", "75001", ["75001 Paris", "France"]),
        ("GB", "", "London", "SW1A 1AA", ["London", "SW1A 1AA", "United Kingdom"]),
    ],
)
def test_the_last_lines_follow_the_countrys_convention(country, state, city, postcode, expected):
    lines = postal_address_lines(name="Sam Senior", street="1 Science Park", city=city, state=state,
                                 postcode=postcode, country=country)  # fmt: skip
    assert lines == ["Sam Senior", "1 Science Park", *expected]


def test_empty_parts_are_left_out():
    assert postal_address_lines(city="Boston", country="") == ["Boston"]
