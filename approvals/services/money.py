"""Amounts between the store's currencies, for budgets and rules kept in a currency of their own (issue 41)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from portal.models import Currency

CENT = Decimal("0.01")


class Rates:
    """The exchange rates of the store's currencies, read once: units of each per unit of the default currency."""

    def __init__(self) -> None:
        self._rates: dict[str, Decimal] | None = None

    def rate(self, code: str) -> Decimal:
        if self._rates is None:
            self._rates = {
                c.code: c.exchange_rate or Decimal(1) for c in Currency.objects.only("code", "exchange_rate")
            }
        return self._rates.get(code.upper(), Decimal(1))

    def convert(self, amount: Decimal, from_code: str, to_code: str, *, rate_from: Decimal | None = None) -> Decimal:
        """`amount` in `from_code` as `to_code`; `rate_from` is the order's own rate (held with its prices)."""
        if from_code.upper() == to_code.upper():
            return amount.quantize(CENT, ROUND_HALF_UP)
        base = amount / (rate_from or self.rate(from_code))
        return (base * self.rate(to_code)).quantize(CENT, ROUND_HALF_UP)
