"""Writes of the orders app."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import connection, models, transaction
from django.db.models import Sum, Value
from django.db.models.functions import Replace, Upper

from accounts.models import Company, User
from accounts.services import audit_record, company_credit_release
from orders.models import Lot, Order, OrderLine, OrderStatus, Shipment, ShipmentLine
from orders.purchased_summary import purchased_products_add, purchased_products_refresh
from portal.errors import field_error, field_errors
from pricing.services import stock_restore

FIRST_ORDER_NUMBER = 100_000
# Between the parts of Order.search_text: a character no search holds (orders.selectors._searched), so that a
# match never runs from one part into the next — the search matches a part, as it did over each column.
SEARCH_SEPARATOR = "\x1f"


def order_search_texts(*, number: int, po_number: str, lines: Iterable[tuple[str, str]]) -> tuple[Upper, Replace]:
    """Order.search_text and search_skus, as expressions to save: the number, the PO number and each line's name and
    SKU (lines: (name, sku) pairs), upper-cased by the database (the search compared UPPER(column) with UPPER(search));
    then the SKUs alone, upper-cased and without hyphens (the search without hyphens compared REPLACE(UPPER(sku), '-',
    '')), each part apart."""
    pairs = list(lines)
    parts = [str(number), po_number, *(part for name, sku in pairs for part in (name, sku))]
    skus = SEARCH_SEPARATOR.join(sku for _, sku in pairs)
    return Upper(Value(SEARCH_SEPARATOR.join(parts))), Replace(Upper(Value(skus)), Value("-"), Value(""))


def order_search_text_backfill(
    *, order_model: type[models.Model] = Order, line_model: type[models.Model] = OrderLine, batch_size: int = 2000
) -> int:
    """Fill search_text and search_skus of every order from its lines (the migration that added them, seed_scale's
    bulk load, a test's factory-made orders): on PostgreSQL one UPDATE (string_agg, in the lines' order), elsewhere
    in batches. Returns how many orders."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                """UPDATE orders_order o SET search_text = UPPER(o.number::text || %(sep)s || o.po_number
                         || COALESCE(%(sep)s || l.parts, '')),
                       search_skus = COALESCE(REPLACE(UPPER(l.skus), '-', ''), '')
                    FROM orders_order o2 LEFT JOIN (
                        SELECT order_id, string_agg(name || %(sep)s || sku, %(sep)s ORDER BY id) AS parts,
                               string_agg(sku, %(sep)s ORDER BY id) AS skus
                          FROM orders_orderline GROUP BY order_id
                    ) l ON l.order_id = o2.id
                   WHERE o2.id = o.id""",
                {"sep": SEARCH_SEPARATOR},
            )
            return cursor.rowcount
    done = 0
    last = 0
    while True:
        orders = list(
            order_model.objects.filter(pk__gt=last).order_by("pk").only("pk", "number", "po_number")[:batch_size]  # type: ignore[attr-defined]
        )
        if not orders:
            return done
        lines: dict[int, list[tuple[str, str]]] = {}
        for order_id, name, sku in (
            line_model.objects.filter(order_id__in=[o.pk for o in orders])  # type: ignore[attr-defined]
            .order_by("pk")
            .values_list("order_id", "name", "sku")
        ):
            lines.setdefault(order_id, []).append((name, sku))
        for order in orders:
            order.search_text, order.search_skus = order_search_texts(
                number=order.number, po_number=order.po_number, lines=lines.get(order.pk, [])
            )
        order_model.objects.bulk_update(orders, ["search_text", "search_skus"])  # type: ignore[attr-defined]
        done += len(orders)
        last = orders[-1].pk


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
    credit_charged: Decimal = Decimal(0),
    po_number: str = "",
    billing_address: dict,
    shipping_address: dict,
    customer_message: str = "",
    cost_centre: str = "",
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
        credit_charged=credit_charged,
        cost_centre=cost_centre,
        po_number=po_number,
        billing_address=billing_address,
        shipping_address=shipping_address,
        customer_message=customer_message,
    )
    # The id is unique, so the number is too, without a lock on the table.
    order.number = FIRST_ORDER_NUMBER + order.pk
    order.search_text, order.search_skus = order_search_texts(
        number=order.number, po_number=po_number, lines=[(row.name, row.sku) for row in line_rows]
    )
    order.save(update_fields=["number", "search_text", "search_skus"])
    for row in line_rows:
        row.order = order
    OrderLine.objects.bulk_create(line_rows)
    purchased_products_add(order=order, lines=line_rows)  # the one door of the summary (issue 38)
    return order


# --- shipments and status (issue 17) ------------------------------------------------------------------------------

# Staff's actions on an order, in the company's audit log.
ORDER_COMPLETED_ACTION = "order_completed"
ORDER_CANCELLED_ACTION = "order_cancelled"
# Statuses a shipment moves the order out of, or back to when its shipments are gone; completed and cancelled are
# staff's decisions and never change by themselves.
_SHIPPING_STATUSES = (OrderStatus.AWAITING_PAYMENT, OrderStatus.AWAITING_FULFILLMENT, OrderStatus.PARTIALLY_SHIPPED,
                      OrderStatus.SHIPPED)  # fmt: skip


@dataclass(frozen=True)
class ShipmentLineData:
    order_line_id: int
    quantity: int
    lot_id: int | None = None


def _shipped_elsewhere(order: Order, shipment_id: int | None) -> dict[int, int]:
    rows = ShipmentLine.objects.filter(order_line__order=order)
    if shipment_id is not None:
        rows = rows.exclude(shipment_id=shipment_id)
    return dict(
        rows.order_by().values("order_line_id").annotate(total=Sum("quantity")).values_list("order_line_id", "total")
    )


def shipment_lines_check(*, order: Order, shipment_id: int | None, lines: Sequence[ShipmentLineData]) -> None:
    """Whether `lines` may be what the shipment (None: a new one) holds: each is a line of the order, shipped in a
    quantity of 1 or more; a line is never shipped above its ordered quantity across every shipment of the order;
    a lot is of the line's product; nothing ships on a cancelled order. Raises ValidationError keyed by the
    position of the offending line ("0", "1", …; "__all__" for the order). Locks the order until the transaction
    ends, so two staff recording shipments at once cannot both ship the last units."""
    order = Order.objects.select_for_update().get(pk=order.pk)
    if order.status == OrderStatus.CANCELLED and lines:
        raise ValidationError(
            {"__all__": [ValidationError(f"Order #{order.number} is cancelled: nothing ships on it.",
                                         code="order_cancelled")]}
        )  # fmt: skip
    order_lines = {line.pk: line for line in order.lines.all()}
    lots = {lot.pk: lot for lot in Lot.objects.filter(pk__in={line.lot_id for line in lines if line.lot_id})}
    shipped = _shipped_elsewhere(order, shipment_id)
    wanted: dict[int, int] = {}
    for line in lines:
        wanted[line.order_line_id] = wanted.get(line.order_line_id, 0) + line.quantity
    errors: dict[str, list[ValidationError]] = {}
    for index, line in enumerate(lines):
        problems = []
        order_line = order_lines.get(line.order_line_id)
        if order_line is None:
            problems.append(ValidationError(f"Choose a line of order #{order.number}.", code="not_a_line"))
        else:
            if line.quantity < 1:
                problems.append(ValidationError("Ship 1 or more.", code="quantity"))
            elsewhere = shipped.get(order_line.pk, 0)
            if elsewhere + wanted[order_line.pk] > order_line.quantity:
                left = max(order_line.quantity - elsewhere, 0)
                problems.append(
                    ValidationError(
                        f"{order_line.sku}: {order_line.quantity} ordered, {elsewhere} shipped in other shipments — "
                        f"at most {left} more can ship.",
                        code="over_shipped",
                    )
                )
            lot = lots.get(line.lot_id) if line.lot_id else None
            if line.lot_id and (lot is None or lot.product_id != order_line.product_id):
                lot_name = lot.number if lot else str(line.lot_id)
                problems.append(
                    ValidationError(
                        f"Lot {lot_name} is not a lot of the product of {order_line.sku}.", code="lot_product"
                    )
                )
        if problems:
            errors[str(index)] = problems
    if errors:
        raise field_errors(errors)


# Apps to the right of orders that follow shipments (issue 39: a procurement system's ship notice) contribute a
# listener from their AppConfig.ready(): orders may not import them (ARCHITECTURE §3).
_shipment_listeners: list[Callable[[Shipment], None]] = []


def shipment_listener_register(listener: Callable[[Shipment], None]) -> None:
    if listener not in _shipment_listeners:
        _shipment_listeners.append(listener)


def shipment_recorded(*, shipment: Shipment) -> None:
    """Staff recorded a shipment with its lines (in the same transaction): each listener is told once."""
    for listener in _shipment_listeners:
        listener(shipment)


@transaction.atomic
def shipment_create(
    *,
    order: Order,
    carrier: str = "",
    tracking_number: str = "",
    shipped_at: datetime.datetime,
    comment: str = "",
    lines: Sequence[ShipmentLineData],
) -> Shipment:
    """Record a parcel sent for the order with the lines (and lots) in it, then refresh the order's status."""
    if not lines:
        raise field_error("lines", "A shipment holds at least one line.", code="required")
    shipment_lines_check(order=order, shipment_id=None, lines=lines)
    shipment = Shipment.objects.create(
        order=order, carrier=carrier, tracking_number=tracking_number, shipped_at=shipped_at, comment=comment
    )
    ShipmentLine.objects.bulk_create(
        ShipmentLine(shipment=shipment, order_line_id=line.order_line_id, quantity=line.quantity, lot_id=line.lot_id)
        for line in lines
    )
    order_status_refresh(order=order)
    shipment_recorded(shipment=shipment)
    return shipment


@transaction.atomic
def order_status_refresh(*, order: Order) -> Order:
    """After its shipments changed: every line fully shipped → shipped; some shipped → partially shipped; nothing
    shipped any more → awaiting fulfillment (from a shipping status). Completed and cancelled orders keep theirs."""
    order = Order.objects.select_for_update().get(pk=order.pk)
    if order.status not in _SHIPPING_STATUSES:
        return order
    ordered = dict(order.lines.values_list("pk", "quantity"))
    shipped = _shipped_elsewhere(order, None)
    status: str
    if ordered and all(shipped.get(pk, 0) >= quantity for pk, quantity in ordered.items()):
        status = OrderStatus.SHIPPED
    elif any(shipped.values()):
        status = OrderStatus.PARTIALLY_SHIPPED
    elif order.status in (OrderStatus.PARTIALLY_SHIPPED, OrderStatus.SHIPPED):
        status = OrderStatus.AWAITING_FULFILLMENT
    else:
        status = order.status
    if status != order.status:
        order.status = status
        order.save(update_fields=["status", "updated_at"])
    return order


def _staff_change(order: Order, *, status: str, action: str, by: User | None) -> Order:
    previous = order.status
    order.status = status
    order.save(update_fields=["status", "updated_at"])
    if order.company_id is not None:
        audit_record(
            action=action,
            summary=f"Order #{order.number}: {OrderStatus(previous).label} → {OrderStatus(status).label}"
            + (f" by {by.email}" if by else ""),
            user=by,
            company=order.company,
            target=order,
            changes={"status": [previous, status]},
        )
    return order


@transaction.atomic
def order_complete(*, order: Order, by: User | None = None) -> Order:
    """Staff close an order (delivered, nothing more to do). A cancelled order cannot be completed."""
    order = Order.objects.select_for_update(of=("self",)).select_related("company").get(pk=order.pk)
    if order.status == OrderStatus.COMPLETED:
        raise ValidationError(f"Order #{order.number} is completed already.", code="already_completed")
    if order.status == OrderStatus.CANCELLED:
        raise ValidationError(f"Order #{order.number} is cancelled: it cannot be completed.", code="cancelled")
    return _staff_change(order, status=OrderStatus.COMPLETED, action=ORDER_COMPLETED_ACTION, by=by)


@transaction.atomic
def order_cancel(*, order: Order, by: User | None = None) -> Order:
    """Staff cancel an order before anything of it shipped. An order with shipments (partially shipped, shipped) or
    completed is refused: what left the warehouse is not undone by a status. The stock and the company credit the
    order took go back."""
    order = Order.objects.select_for_update(of=("self",)).select_related("company").get(pk=order.pk)
    if order.status == OrderStatus.CANCELLED:
        raise ValidationError(f"Order #{order.number} is cancelled already.", code="already_cancelled")
    if order.status == OrderStatus.COMPLETED:
        raise ValidationError(f"Order #{order.number} is completed: it cannot be cancelled.", code="completed")
    if ShipmentLine.objects.filter(order_line__order=order).exists():
        raise ValidationError(
            f"Order #{order.number} has shipments: it cannot be cancelled. Delete its shipments first if they "
            "never left.",
            code="shipped",
        )
    # What the order took is given back: its products to tracked stock, and the company credit it used.
    stock_restore(lines=order.lines.values_list("product_id", "variant_id", "quantity"))
    if order.company_id is not None and order.credit_charged > 0:
        company_credit_release(company_id=order.company_id, amount=order.credit_charged)
    order = _staff_change(order, status=OrderStatus.CANCELLED, action=ORDER_CANCELLED_ACTION, by=by)
    purchased_products_refresh(orders=[order])  # purchasedProducts leaves cancelled orders out
    return order
