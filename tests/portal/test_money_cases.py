"""The store currency format (shell §3) against the cases the overlay's lib/money.ts is held to as well
(tests/fixtures/money_cases.json): one amount never prints two ways."""

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from portal.money import format_money

CASES_FILE = Path(__file__).resolve().parent.parent / "fixtures" / "money_cases.json"
CASES = json.loads(CASES_FILE.read_text(encoding="utf-8"))


def currency_format(fields: dict) -> SimpleNamespace:
    """A case's currency (the API's camelCase fields) as portal.money's CurrencyFormat."""
    return SimpleNamespace(
        token=fields["token"],
        token_location=fields["tokenLocation"],
        decimal_token=fields["decimalToken"],
        thousands_token=fields["thousandsToken"],
        decimal_places=fields["decimalPlaces"],
    )


@pytest.mark.parametrize("case", CASES["cases"], ids=[case["name"] for case in CASES["cases"]])
def test_format_money_gives_the_shared_case(case):
    currency = currency_format(CASES["currencies"][case["currency"]])

    assert format_money(case["amount"], currency) == case["expected"]


def test_the_shared_cases_cover_what_issue_14_asks_for():
    cases = CASES["cases"]
    formats = [CASES["currencies"][case["currency"]] for case in cases]

    assert {"1.234,50 €", "$1,234.50"} <= {case["expected"] for case in cases}  # a EUR store amount, USD
    assert any(f["tokenLocation"] == "right" for f in formats)
    assert any(f["decimalPlaces"] == 0 for f in formats)
    assert any(case["amount"].startswith("-") for case in cases)
    assert {"1.005", "2.675"} <= {case["amount"] for case in cases}  # half-up where a float rounds down
