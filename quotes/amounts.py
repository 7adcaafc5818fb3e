"""A quote's amounts, computed the one way the summary, the PDF, the list totals and the checkout all use.

Per line: the supplier's unit price less the overall discount (percent), rounded half-up to the cent, is the unit
price the order gets; its tax is that unit price times the line's tax rate, rounded the same way; line totals
are unit amounts times the quantity (so that unit × quantity always adds up on the order). The summary
(issue 6): original subtotal (the buyer's live prices at submission), discount (original minus quoted),
quoted subtotal, shipping (null: calculated at checkout), tax and grand total.

A line whose price was on request (issue 13) has no original price the buyer may see: its original is the
supplier's quoted price once there is one (so no discount is claimed against a price never shown), and unknown
(null, and so is the original subtotal) until then.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")
ZERO = Decimal(0)
HUNDRED = Decimal(100)


def cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True)
class LineAmounts:
    quantity: int
    original_unit: Decimal | None  # as the buyer may see it: null for a price on request not yet quoted
    quoted_unit: Decimal | None  # the supplier's price before the overall discount
    unit_price: Decimal | None  # after the overall discount: what the order gets
    unit_tax: Decimal | None
    price_on_request: bool = False

    @property
    def original_total(self) -> Decimal | None:
        return None if self.original_unit is None else self.original_unit * self.quantity

    @property
    def total(self) -> Decimal | None:
        return None if self.unit_price is None else self.unit_price * self.quantity

    @property
    def tax_total(self) -> Decimal | None:
        return None if self.unit_tax is None else self.unit_tax * self.quantity


def line_amounts(
    *,
    quantity: int,
    original_price: Decimal,
    quoted_price: Decimal | None,
    tax_rate: Decimal,
    discount_percent: Decimal,
    price_on_request: bool = False,
) -> LineAmounts:
    original = quoted_price if price_on_request else original_price
    if quoted_price is None:
        return LineAmounts(quantity, original, None, None, None, price_on_request)
    unit = cents(quoted_price * (HUNDRED - discount_percent) / HUNDRED)
    return LineAmounts(quantity, original, quoted_price, unit, cents(unit * tax_rate / HUNDRED), price_on_request)


@dataclass(frozen=True)
class QuoteSummary:
    original_subtotal: Decimal | None
    discount: Decimal | None
    quoted_subtotal: Decimal | None
    shipping: Decimal | None
    tax: Decimal | None
    grand_total: Decimal | None


def summarise(lines: Iterable[LineAmounts], *, shipping: Decimal | None) -> QuoteSummary:
    lines = list(lines)
    originals = [line.original_total for line in lines]
    known_originals = [total for total in originals if total is not None]
    original = sum(known_originals, ZERO) if len(known_originals) == len(originals) else None
    if not lines or any(line.unit_price is None for line in lines):
        return QuoteSummary(original, None, None, shipping, None, None)
    # Every line is quoted: line_amounts gave each its total and tax, and its original.
    quoted = sum((line.total or ZERO for line in lines), ZERO)
    tax = sum((line.tax_total or ZERO for line in lines), ZERO)
    assert original is not None
    return QuoteSummary(
        original_subtotal=original,
        discount=original - quoted,  # every line is quoted, so every original is known
        quoted_subtotal=quoted,
        shipping=shipping,
        tax=tax,
        grand_total=quoted + tax + (shipping or ZERO),
    )


def quote_line_amounts(quote, line) -> LineAmounts:
    """The amounts of a QuoteLine of a Quote (models)."""
    return line_amounts(
        quantity=line.quantity,
        original_price=line.original_price,
        quoted_price=line.quoted_price,
        tax_rate=line.tax_rate,
        discount_percent=quote.discount_percent,
        price_on_request=line.price_on_request,
    )


def quote_summary(quote, lines) -> QuoteSummary:
    return summarise((quote_line_amounts(quote, line) for line in lines), shipping=quote.shipping_total)
