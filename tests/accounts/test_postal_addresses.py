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


def test_a_stored_address_is_read_through_its_own_key_names():
    from accounts.countries import postal_address_from

    order = {"first_name": "Sam", "last_name": "Senior", "address_line1": "1 Science Park", "city": "Boston",
             "state": "MA", "zip_code": "02110", "country_code": "US", "company": ""}  # fmt: skip
    keys = {"name": ("first_name", "last_name"), "company": "company", "street": "address_line1", "city": "city",
            "state": "state", "postcode": "zip_code", "country": "country_code"}  # fmt: skip

    expected = ["Sam Senior", "1 Science Park", "Boston, MA 02110", "United States"]
    assert postal_address_from(order, keys=keys) == expected
