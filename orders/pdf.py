"""The order as a PDF (issue 17, the order page's Print): the store's name and logo, the order's header, addresses,
lines with their options and prices as bought, the totals and payment, and the shipments with their carriers,
tracking numbers and the lots shipped. Rendered by WeasyPrint through portal.pdf, like the quote's."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Prefetch

from orders import selectors
from orders.models import Order, OrderLine, OrderStatus, PaymentMethod, Shipment, ShipmentLine
from portal.models import Currency, Store
from portal.money import format_money
from portal.pdf import logo_data_uri, template_to_pdf

TEMPLATE = "orders/order_pdf.html"


@dataclass(frozen=True)
class _Money:
    """Amounts in the order's currency, in that currency's format (the code after the amount when it is unknown)."""

    currency: Currency | None
    code: str

    def __call__(self, amount: Decimal) -> str:
        return format_money(amount, self.currency) if self.currency else f"{amount:.2f} {self.code}"


def _order_loaded(order_id: int) -> Order:
    """The order with everything the document shows, in a fixed number of queries."""
    return (
        Order.objects.select_related("placed_by", "company")
        .prefetch_related(
            Prefetch("lines", queryset=OrderLine.objects.order_by("pk")),
            Prefetch(
                "shipments",
                queryset=Shipment.objects.order_by("shipped_at", "pk").prefetch_related(
                    Prefetch("lines", queryset=ShipmentLine.objects.select_related("lot").order_by("pk"))
                ),
            ),
        )
        .get(pk=order_id)
    )


def _address(address: dict | None) -> list[str]:
    address = address if isinstance(address, dict) else {}
    lines = selectors.order_address_lines(address)
    if address.get("phone"):
        lines.append(str(address["phone"]))
    return lines


def _options(line: OrderLine) -> str:
    return ", ".join(
        f"{option.get('name', '')}: {option.get('value', '')}"
        for option in line.options or []
        if isinstance(option, dict)
    )


def order_pdf_context(order: Order) -> dict:
    """What the template shows of the order (loaded by `_order_loaded`)."""
    money = _Money(
        Currency.objects.filter(code=order.currency_code).order_by("-is_default").first(), order.currency_code
    )
    lines = list(order.lines.all())
    shipments = list(order.shipments.all())
    shipped = selectors.shipped_quantities(shipments)
    by_id = {line.pk: line for line in lines}
    rows = [
        {
            "line": line,
            "options": _options(line),
            "unit_price": money(line.unit_price),
            "total": money(line.line_total),
            "shipped": shipped.get(line.pk, 0),
            "unshipped": max(line.quantity - shipped.get(line.pk, 0), 0),
        }
        for line in lines
    ]
    parcels = []
    for shipment in shipments:
        tracking = selectors.shipment_tracking(shipment.tracking_number)
        parcels.append(
            {
                "shipment": shipment,
                "courier": (tracking.courier_name if tracking else "") or shipment.carrier,
                "tracking_url": tracking.tracking_url if tracking else "",
                "lines": [
                    {
                        "sku": by_id[row.order_line_id].sku if row.order_line_id in by_id else "",
                        "name": by_id[row.order_line_id].name if row.order_line_id in by_id else "",
                        "quantity": row.quantity,
                        "lot": row.lot,
                    }
                    for row in shipment.lines.all()
                ],
            }
        )
    state = selectors.payment_state(order)
    placed_by = order.placed_by
    return {
        "order": order,
        "status": OrderStatus(order.status).label,
        "placed_by": (placed_by.get_full_name() or placed_by.email) if placed_by else "",
        "payment_method": PaymentMethod(order.payment_method).label if order.payment_method else "",
        "payment_state": selectors.PaymentState(state).label,
        "bill_to": _address(order.billing_address),
        "ship_to": _address(order.shipping_address),
        "rows": rows,
        "item_count": sum(line.quantity for line in lines),
        "totals": {
            "subtotal": money(order.subtotal),
            "shipping": money(order.shipping_total),
            "tax": money(order.tax_total),
            "grand_total": money(order.grand_total),
        },
        "shipments": parcels,
        "unshipped": any(row["unshipped"] for row in rows) and order.status != OrderStatus.CANCELLED,
    }


def order_pdf_render(*, order_id: int) -> bytes:
    """The order as a PDF. The caller has checked that the order is the requester's to see."""
    store = Store.objects.order_by("pk").first()
    context = order_pdf_context(_order_loaded(order_id))
    return template_to_pdf(TEMPLATE, {**context, "store": store, "logo": logo_data_uri(store)})


def order_pdf_file_name(order: Order) -> str:
    return f"order-{order.number}.pdf"
