"""The built-in checkout's card payments (ARCHITECTURE §8 "Payments").

The store's card method is a test card that takes no real payment and says so. It sits behind the two steps a real
gateway has, so that one could take its place: `card_problems` checks what the buyer typed (before anything is
tried), and `card_charge` takes the payment — raising `PaymentDeclined` when the card is refused — and returns the
payment's reference and how it is shown ("Test card •••• 4242"). Declined test numbers are refused as a real
processor would refuse a card, so that the failure path can be tried too.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

# The test card's numbers that are declined (any other valid number is accepted).
DECLINED_TEST_CARDS = frozenset({"4000000000000002", "4000000000009995"})
DECLINED_MESSAGE = "Your card was declined. Use another card or another payment method."
TEST_CARD_LABEL = "Test card"


class PaymentDeclined(Exception):
    """The card was refused: nothing was charged."""

    def __init__(self, message: str = DECLINED_MESSAGE):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Card:
    number: str  # digits only
    expiry: str  # MM/YY
    cvc: str

    @property
    def last4(self) -> str:
        return self.number[-4:]


@dataclass(frozen=True)
class Charge:
    """A payment taken: its reference (unique, on the receipt) and how the payment method is shown."""

    reference: str
    payment_type: str


def card_digits(number: str) -> str:
    return "".join((number or "").split())


def _luhn_ok(number: str) -> bool:
    digits = [int(c) for c in number][::-1]
    total = sum(d if i % 2 == 0 else (d * 2 - 9 if d * 2 > 9 else d * 2) for i, d in enumerate(digits))
    return total % 10 == 0


def card_problems(*, number: str, expiry: str, cvc: str, today: date | None = None) -> dict[str, str]:
    """What is wrong with the card as typed, by field (`card_number`, `card_expiry`, `card_cvc`); empty when it may
    be tried."""
    today = today or date.today()
    problems = {}
    digits = card_digits(number)
    if not (digits.isdigit() and 13 <= len(digits) <= 19 and _luhn_ok(digits)):
        problems["card_number"] = "Enter a valid card number."
    try:
        month, year = (int(part) for part in (expiry or "").split("/"))
        valid_expiry = 1 <= month <= 12 and (2000 + year, month) >= (today.year, today.month)
    except ValueError:
        valid_expiry = False
    if not valid_expiry:
        problems["card_expiry"] = "Enter a future expiry date as MM/YY."
    if not (cvc or "").isdigit() or len(cvc or "") not in (3, 4):
        problems["card_cvc"] = "Enter the 3 or 4 digits on the back of the card."
    return problems


def card_declined(card: Card) -> bool:
    return card.number in DECLINED_TEST_CARDS


def card_charge(*, card: Card, amount: Decimal, currency_code: str) -> Charge:
    """Take `amount` from the card. The test card moves no money: a declined test number raises PaymentDeclined,
    any other returns a new reference. Call it inside the transaction that records what it paid, after everything
    that could refuse the payment was checked, so that a refusal charges nothing."""
    if amount <= 0:
        raise ValueError("A charge needs an amount above 0.")
    if card_declined(card):
        raise PaymentDeclined()
    return Charge(reference=f"TC-{secrets.token_hex(6).upper()}", payment_type=f"{TEST_CARD_LABEL} •••• {card.last4}")
