"""An order as its buyer submitted it, before it is placed (issue 41): what `storefront.services.order_place` is given,
kept on a purchase request while it waits for approval and placed as it was when the last approver approves."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from decimal import Decimal

from orders.services import OrderLineData


@dataclass
class OrderDraft:
    email: str
    currency_code: str
    exchange_rate: Decimal
    lines: list[OrderLineData]
    shipping_total: Decimal
    payment_method: str
    po_number: str
    billing_address: dict
    shipping_address: dict
    customer_message: str = ""
    cost_centre: str = ""
    quote_id: int | None = None
    source: str = ""
    extra: dict = field(default_factory=dict)

    @property
    def subtotal(self) -> Decimal:
        return sum((line.unit_price * line.quantity for line in self.lines), Decimal(0))

    @property
    def tax_total(self) -> Decimal:
        return sum((line.unit_tax * line.quantity for line in self.lines), Decimal(0))

    @property
    def grand_total(self) -> Decimal:
        return (self.subtotal + self.tax_total + self.shipping_total).quantize(Decimal("0.01"))

    def to_json(self) -> dict:
        data = asdict(self)
        data["exchange_rate"] = str(self.exchange_rate)
        data["shipping_total"] = str(self.shipping_total)
        for line in data["lines"]:
            line["unit_price"] = str(line["unit_price"])
            line["unit_tax"] = str(line["unit_tax"])
        return data

    @classmethod
    def from_json(cls, data: dict) -> OrderDraft:
        values = dict(data)
        values["exchange_rate"] = Decimal(values["exchange_rate"])
        values["shipping_total"] = Decimal(values["shipping_total"])
        values["lines"] = [
            OrderLineData(**{**line, "unit_price": Decimal(line["unit_price"]), "unit_tax": Decimal(line["unit_tax"])})
            for line in values["lines"]
        ]
        return cls(**values)
