"""Writes of the orders app."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

from accounts.models import Company, User
from orders.models import Order, OrderLine

FIRST_ORDER_NUMBER = 100_000


@dataclass(frozen=True)
class OrderLineData:
    product_id: int | None
    variant_id: int | None
    sku: str
    name: str
    quantity: int
    unit_price: Decimal
    unit_tax: Decimal
    options: list[dict] = field(default_factory=list)
    raw_options: list[list] = field(default_factory=list)  # [[option_id, value], …] as the cart held them


@transaction.atomic
def order_create(
    *,
    company: Company | None,
    placed_by: User | None,
    customer_email: str,
    currency_code: str,
    exchange_rate: Decimal,
    lines: list[OrderLineData],
    shipping_total: Decimal,
    payment_method: str,
    po_number: str = "",
    billing_address: dict,
    shipping_address: dict,
    customer_message: str = "",
) -> Order:
    """Store an order with a snapshot of its lines and totals. The caller has checked stock, prices and rights."""
    if not lines:
        raise ValueError("An order needs at least one line.")
    line_rows = [
        OrderLine(
            product_id=line.product_id,
            variant_id=line.variant_id,
            sku=line.sku,
            name=line.name,
            options=line.options,
            raw_options=line.raw_options,
            quantity=line.quantity,
            unit_price=line.unit_price,
            unit_tax=line.unit_tax,
            line_total=line.unit_price * line.quantity,
            line_tax=line.unit_tax * line.quantity,
        )
        for line in lines
    ]
    subtotal = sum((row.line_total for row in line_rows), Decimal(0))
    tax_total = sum((row.line_tax for row in line_rows), Decimal(0))
    order = Order.objects.create(
        number=0,
        company=company,
        placed_by=placed_by,
        customer_email=customer_email,
        currency_code=currency_code,
        exchange_rate=exchange_rate,
        subtotal=subtotal,
        tax_total=tax_total,
        shipping_total=shipping_total,
        grand_total=subtotal + tax_total + shipping_total,
        payment_method=payment_method,
        po_number=po_number,
        billing_address=billing_address,
        shipping_address=shipping_address,
        customer_message=customer_message,
    )
    # The id is unique, so the number is too, without a lock on the table.
    order.number = FIRST_ORDER_NUMBER + order.pk
    order.save(update_fields=["number"])
    for row in line_rows:
        row.order = order
    OrderLine.objects.bulk_create(line_rows)
    return order
