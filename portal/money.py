"""Money as the buyer reads it, in a store currency's own format (shell §3 currencies, §9 default USD).

    format_money(Decimal("1234.5"), usd)  → "$1,234.50"
    format_money(Decimal("1234.5"), eur)  → "1.234,50 €"
    format_money(Decimal("-1234.5"), usd) → "-$1,234.50"

Spacing: a symbol on the left sits against the number ("$1,234.50"); a token that ends in a letter is set apart
("CHF 1,234.50"); a token on the right is always set apart ("1.234,50 €"). The minus sign leads ("-$5.00",
"-5,00 €"). Rounding is half-up to the currency's decimal places.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol, TypedDict


class DecimalDigits(TypedDict):
    """The size of a money column, spread into its field: `models.DecimalField(**MONEY)`."""

    max_digits: int
    decimal_places: int


class CurrencyFormat(Protocol):
    """What formatting needs of a currency (portal.models.Currency has it)."""

    token: str
    token_location: str
    decimal_token: str
    thousands_token: str
    decimal_places: int


def _group_thousands(digits: str, separator: str) -> str:
    if not separator or len(digits) <= 3:
        return digits
    head = len(digits) % 3 or 3
    groups = [digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)]
    return separator.join(groups)


def format_number(amount: Decimal | int | str, currency: CurrencyFormat) -> str:
    """The amount's digits with the currency's separators and decimal places, without the token or sign."""
    places = int(currency.decimal_places)
    rounded = Decimal(str(amount)).copy_abs().quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    whole, _, fraction = f"{rounded:f}".partition(".")
    text = _group_thousands(whole, currency.thousands_token)
    if places > 0:
        text += (currency.decimal_token or ".") + fraction.ljust(places, "0")
    return text


def format_money(amount: Decimal | int | str, currency: CurrencyFormat) -> str:
    """The amount in the currency's format: token left or right, its thousands and decimal tokens and places."""
    places = int(currency.decimal_places)
    value = Decimal(str(amount))
    rounded = value.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    sign = "-" if rounded < 0 else ""  # -0.001 rounds to 0.00: no minus sign on a zero
    number = format_number(value, currency)
    token = currency.token or ""
    if not token:
        return f"{sign}{number}"
    if currency.token_location == "right":
        return f"{sign}{number} {token}"
    gap = " " if token[-1].isalpha() else ""
    return f"{sign}{token}{gap}{number}"
