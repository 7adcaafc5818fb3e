"""Money in a store currency's own format (portal/money.py)."""

from dataclasses import dataclass
from decimal import Decimal

import pytest

from portal.models import Currency
from portal.money import format_money, format_number


@dataclass
class Fmt:
    token: str = "$"
    token_location: str = "left"
    decimal_token: str = "."
    thousands_token: str = ","
    decimal_places: int = 2


USD = Fmt()
EUR = Fmt(token="€", token_location="right", decimal_token=",", thousands_token=".")


@pytest.mark.parametrize(
    ("amount", "text"),
    [("1234.5", "$1,234.50"), ("0", "$0.00"), ("999.995", "$1,000.00"), ("1234567.891", "$1,234,567.89"),
     ("-1234.5", "-$1,234.50"), ("-0.001", "$0.00"), ("0.005", "$0.01"), ("12", "$12.00")],
)  # fmt: skip
def test_usd_the_shell_default(amount, text):
    assert format_money(Decimal(amount), USD) == text


@pytest.mark.parametrize(("amount", "text"), [("1234.5", "1.234,50 €"), ("-1234.5", "-1.234,50 €"), ("0.92", "0,92 €")])
def test_eur_puts_the_token_on_the_right_after_a_space(amount, text):
    assert format_money(Decimal(amount), EUR) == text


def test_a_token_ending_in_a_letter_is_set_apart_on_the_left():
    assert format_money(Decimal("1234.5"), Fmt(token="CHF", thousands_token="'")) == "CHF 1'234.50"


def test_no_decimal_places_and_no_thousands_separator():
    assert format_money(Decimal("1234.5"), Fmt(token="¥", decimal_places=0)) == "¥1,235"
    assert format_money(Decimal("1234.5"), Fmt(thousands_token="")) == "$1234.50"
    assert format_money(Decimal("5"), Fmt(token="")) == "5.00"
    assert format_number(Decimal("-1234.5"), EUR) == "1.234,50"


@pytest.mark.django_db
def test_the_demo_stores_currencies_format_as_the_spec_says():
    from portal.demo import seed_store

    seed_store()

    assert format_money(Decimal("1234.5"), Currency.objects.get(code="USD")) == "$1,234.50"
    assert format_money(Decimal("1234.5"), Currency.objects.get(code="EUR")) == "1.234,50 €"
