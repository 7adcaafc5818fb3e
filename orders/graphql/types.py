"""GraphQL types of orders (issue 17). Plain strawberry types over rows the selectors load with their relations in a
fixed number of queries: the list node has no nested list, and the detail's lines, shipments and lots are
prefetched, so no field can be asked for N+1 data."""

from __future__ import annotations

import datetime
from decimal import Decimal
from enum import Enum

import strawberry

from accounts.selectors import Actor
from orders import selectors
from orders.downloads import DOWNLOAD_MAX_AGE, signed_download_url
from orders.models import Order, OrderStatus, PaymentMethod, Shipment
from orders.models import OrderLine as OrderLineRow
from orders.models import ShipmentLine as ShipmentLineRow
from orders.permissions import ADD_TO_QUOTE, REORDER, order_action_allowed
from pricing.graphql.types import absolute_url, product_url
from tracking.engine import TrackingMatch


@strawberry.enum(description="Whose orders `orders` lists.")
class OrderScope(Enum):
    MINE = strawberry.enum_value(
        "MINE", description="The orders the caller placed (in the company they work in; a B2C customer: their own)."
    )
    COMPANY = strawberry.enum_value(
        "COMPANY",
        description="Every order of the caller's company (get_orders above level 1): Lab orders — with those of the "
        "units below it for an admin or a member granted them (issue 40).",
    )


@strawberry.type(description="A person who placed an order.")
class OrderPerson:
    id: int = strawberry.field(description="The user's id (the createdBy filter takes it).")
    name: str = strawberry.field(description="Their full name, or their e-mail when they have none.")
    email: str = strawberry.field(description="Their e-mail address.")


def _person(user) -> OrderPerson | None:
    if user is None:
        return None
    return OrderPerson(id=user.pk, name=user.get_full_name() or user.email, email=user.email)


@strawberry.type(description="An order's header: what the order lists show.")
class OrderHeader:
    order: strawberry.Private[Order]

    @strawberry.field(description="The order number as a string: the portal's order id (/orderDetail/{id}).")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.order.number))

    @strawberry.field(description="The order number customers see (100001 and on).")
    def number(self) -> int:
        return self.order.number

    @strawberry.field(description="The buyer's purchase order number ('' when none was given).")
    def po_number(self) -> str:
        return self.order.po_number

    @strawberry.field(
        description="awaiting_payment, awaiting_fulfillment, partially_shipped, shipped, completed or cancelled. The "
        "overlay translates it by value."
    )
    def status(self) -> str:
        return self.order.status

    @strawberry.field(description='The status in English, e.g. "Partially shipped".')
    def status_label(self) -> str:
        return OrderStatus(self.order.status).label

    @strawberry.field(
        description="The company (unit) whose order it is (issue 40: the list's company column and filter); null for "
        "an order of no company (a B2C customer's)."
    )
    def company_id(self) -> int | None:
        return self.order.company_id

    @strawberry.field(description="The name of the company (unit) whose order it is; null for an order of no company.")
    def company_name(self, info: strawberry.Info) -> str | None:
        # The units the caller reaches, read once per request (none for a company without units below it): the orders
        # the caller reads are theirs (orders.selectors.orders_visible_to).
        company_id = self.order.company_id
        return info.context.actor.unit_names.get(company_id) if company_id is not None else None

    @strawberry.field(description="Who placed it; null when that user no longer exists.")
    def placed_by(self) -> OrderPerson | None:
        return _person(self.order.placed_by)

    @strawberry.field(description="When it was placed.")
    def created_at(self) -> datetime.datetime:
        return self.order.created_at

    @strawberry.field(description="The currency it was placed in (ISO 4217); its amounts are in it.")
    def currency_code(self) -> str:
        return self.order.currency_code

    @strawberry.field(description="Subtotal + shipping + tax.")
    def grand_total(self) -> Decimal:
        return self.order.grand_total

    @strawberry.field(description="The number of items: the sum of the lines' quantities.")
    def item_count(self) -> int:
        counted = getattr(self.order, "item_count", None)
        return counted if counted is not None else sum(line.quantity for line in self.order.lines.all())

    @strawberry.field(description="The number of lines.")
    def line_count(self) -> int:
        counted = getattr(self.order, "line_count", None)
        return counted if counted is not None else len(self.order.lines.all())


@strawberry.type(description="An order of a page of orders.")
class OrderEdge:
    node: OrderHeader = strawberry.field(description="The order.")


@strawberry.type(description="A page of orders (business §3 pagination: offset, first, count).")
class OrderList:
    total_count: int = strawberry.field(
        description="How many orders match, over every page; a search counts up to "
        f"{selectors.SEARCH_COUNT_CAP:,} (totalCountCapped)."
    )
    edges: list[OrderEdge] = strawberry.field(description="This page's orders.")
    total_count_capped: bool = strawberry.field(
        default=False,
        description=f"True when a search matches more orders than totalCount ({selectors.SEARCH_COUNT_CAP:,}): the "
        f"list shows '{selectors.SEARCH_COUNT_CAP:,}+'.",
    )


@strawberry.type(description="An address of an order, as the buyer gave it at checkout.")
class OrderAddress:
    lines: list[str] = strawberry.field(
        description="The postal lines in the order the country's post writes them (name, company, street, city …)."
    )
    phone: str | None = strawberry.field(description="The phone number given with it; null when none.")
    email: str | None = strawberry.field(description="The e-mail address the order's messages go to.")

    @classmethod
    def of(cls, address: dict | None, *, email: str) -> OrderAddress:
        address = address if isinstance(address, dict) else {}
        return cls(
            lines=selectors.order_address_lines(address),
            phone=str(address.get("phone") or "") or None,
            email=str(address.get("email") or "") or email or None,
        )


@strawberry.type(description="An option chosen on a line, as it was bought.")
class OrderLineOption:
    name: str = strawberry.field(description="The option's name.")
    value: str = strawberry.field(description="The chosen value, as shown.")


def _safety_data_sheet_url(info: strawberry.Info, line: OrderLineRow) -> str | None:
    if line.product is None or not line.product.safety_data_sheet:
        return None
    return signed_download_url(info.context.request, kind="safety_data_sheet", pk=line.pk)


def _certificate_url(info: strawberry.Info, line: ShipmentLineRow) -> str | None:
    if line.lot is None or not line.lot.certificate:
        return None
    return signed_download_url(info.context.request, kind="certificate", pk=line.pk)


@strawberry.type(name="OrderLine", description="A line of an order, as it was bought (prices in the order's currency).")
class OrderLineType:
    line: strawberry.Private[OrderLineRow]
    shipped: strawberry.Private[int]

    @strawberry.field(description="The line's id (orderReorder and orderAddToQuote take it).")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.line.pk))

    @strawberry.field(description="The product bought; null when it no longer exists.")
    def product_id(self) -> int | None:
        return self.line.product_id

    @strawberry.field(description="The variant bought; null when it no longer exists.")
    def variant_id(self) -> int | None:
        return self.line.variant_id

    @strawberry.field(description="The SKU as bought.")
    def sku(self) -> str:
        return self.line.sku

    @strawberry.field(description="The product's name as bought.")
    def name(self) -> str:
        return self.line.name

    @strawberry.field(description="The options chosen, as bought.")
    def options(self) -> list[OrderLineOption]:
        return [
            OrderLineOption(name=str(option.get("name", "")), value=str(option.get("value", "")))
            for option in self.line.options or []
            if isinstance(option, dict)
        ]

    @strawberry.field(description="How many were ordered.")
    def quantity(self) -> int:
        return self.line.quantity

    @strawberry.field(description="The unit price paid, excluding tax.")
    def unit_price(self) -> Decimal:
        return self.line.unit_price

    @strawberry.field(description="Tax on one unit.")
    def unit_tax(self) -> Decimal:
        return self.line.unit_tax

    @strawberry.field(description="Quantity × unit price, excluding tax.")
    def line_total(self) -> Decimal:
        return self.line.line_total

    @strawberry.field(description="Quantity × unit tax.")
    def line_tax(self) -> Decimal:
        return self.line.line_tax

    @strawberry.field(description="How many have been shipped so far, over every shipment.")
    def shipped_quantity(self) -> int:
        return self.shipped

    @strawberry.field(description="How many are not shipped yet.")
    def unshipped_quantity(self) -> int:
        return max(self.line.quantity - self.shipped, 0)

    @strawberry.field(
        description="The product's page in the storefront; null when the product no longer exists or is hidden."
    )
    def product_url(self, info: strawberry.Info) -> str | None:
        product = self.line.product
        if product is None or not product.is_visible:
            return None
        return product_url(info, product)

    @strawberry.field(description="The variant's (else the product's) image; null when none.")
    def image_url(self, info: strawberry.Info) -> str | None:
        variant, product = self.line.variant, self.line.product
        return absolute_url(info, (variant.image if variant else "") or (product.image if product else ""))

    @strawberry.field(
        description=f"A signed link to the product's safety data sheet (PDF), valid {DOWNLOAD_MAX_AGE} seconds; null "
        "when the product has none. The file is also at GET /api/v2/orders/lines/{id}/safety-data-sheet with the "
        "bearer token."
    )
    def safety_data_sheet_url(self, info: strawberry.Info) -> str | None:
        return _safety_data_sheet_url(info, self.line)


@strawberry.type(description="A line of a shipment: how many of an order line went in it, and from which lot.")
class OrderShipmentLine:
    row: strawberry.Private[ShipmentLineRow]
    order_line: strawberry.Private[OrderLineRow]

    @strawberry.field(description="The shipment line's id.")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.pk))

    @strawberry.field(description="The order line shipped (OrderLine.id).")
    def order_line_id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.order_line_id))

    @strawberry.field(description="The order line's SKU.")
    def sku(self) -> str:
        return self.order_line.sku

    @strawberry.field(description="The order line's product name.")
    def name(self) -> str:
        return self.order_line.name

    @strawberry.field(description="How many were in this shipment.")
    def quantity(self) -> int:
        return self.row.quantity

    @strawberry.field(description="The manufacturing lot (batch) shipped; null when staff recorded none.")
    def lot_number(self) -> str | None:
        return self.row.lot.number if self.row.lot else None

    @strawberry.field(description="The lot's retest or expiry date; null when unknown.")
    def lot_expires_on(self) -> datetime.date | None:
        return self.row.lot.expires_on if self.row.lot else None

    @strawberry.field(
        description=f"A signed link to the lot's certificate of analysis (PDF), valid {DOWNLOAD_MAX_AGE} seconds; null "
        "when the lot has none. The file is also at GET /api/v2/orders/shipment-lines/{id}/certificate with the "
        "bearer token."
    )
    def certificate_url(self, info: strawberry.Info) -> str | None:
        return _certificate_url(info, self.row)


@strawberry.type(description="A parcel sent for the order, as the supplier's staff recorded it.")
class OrderShipment:
    shipment: strawberry.Private[Shipment]
    tracking: strawberry.Private[TrackingMatch | None]
    order_lines: strawberry.Private[dict[int, OrderLineRow]]

    @strawberry.field(description="The shipment's id.")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.shipment.pk))

    @strawberry.field(description="The carrier as staff named it ('' when none).")
    def carrier(self) -> str:
        return self.shipment.carrier

    @strawberry.field(description="The tracking number as staff entered it ('' when none).")
    def tracking_number(self) -> str:
        return self.shipment.tracking_number

    @strawberry.field(
        description="The carrier's tracking page for the number, from the tracking engine (business §3 tracking "
        "result: the first format the number is valid in); null when no format recognises it. Open it in a new tab."
    )
    def tracking_url(self) -> str | None:
        return self.tracking.tracking_url if self.tracking else None

    @strawberry.field(
        description="The courier the tracking engine recognised, else the carrier as staff named it; null when "
        "neither is known."
    )
    def courier_name(self) -> str | None:
        if self.tracking:
            return self.tracking.courier_name
        return self.shipment.carrier or None

    @strawberry.field(description="When it left.")
    def shipped_at(self) -> datetime.datetime:
        return self.shipment.shipped_at

    @strawberry.field(description="Staff's note for the buyer ('' when none).")
    def comment(self) -> str:
        return self.shipment.comment

    @strawberry.field(description="What went in it.")
    def lines(self) -> list[OrderShipmentLine]:
        return [
            OrderShipmentLine(row=row, order_line=self.order_lines[row.order_line_id])
            for row in self.shipment.lines.all()
        ]


@strawberry.type(description="An order with everything its page shows (/orderDetail/{id}).")
class OrderDetail(OrderHeader):
    actor: strawberry.Private[Actor]

    def _lines(self) -> list[OrderLineRow]:
        return list(self.order.lines.all())

    @strawberry.field(description="When it last changed (status, shipments).")
    def updated_at(self) -> datetime.datetime:
        return self.order.updated_at

    @strawberry.field(description="The buyer's message at checkout ('' when none).")
    def customer_message(self) -> str:
        return self.order.customer_message

    @strawberry.field(description="The e-mail address given at checkout.")
    def customer_email(self) -> str:
        return self.order.customer_email

    @strawberry.field(description="purchase_order or test_card.")
    def payment_method(self) -> str:
        return self.order.payment_method

    @strawberry.field(description="The payment method in English.")
    def payment_method_label(self) -> str:
        return PaymentMethod(self.order.payment_method).label

    @strawberry.field(
        description="paid (the test card at checkout), on_account (a purchase order, on the company's account) or "
        "cancelled (nothing owed). The overlay translates it by value."
    )
    def payment_state(self) -> str:
        return selectors.payment_state(self.order)

    @strawberry.field(description="The payment state in English.")
    def payment_state_label(self) -> str:
        return selectors.PaymentState(selectors.payment_state(self.order)).label

    @strawberry.field(description="Where the invoice goes.")
    def billing_address(self) -> OrderAddress:
        return OrderAddress.of(self.order.billing_address, email=self.order.customer_email)

    @strawberry.field(description="Where the goods go.")
    def shipping_address(self) -> OrderAddress:
        return OrderAddress.of(self.order.shipping_address, email=self.order.customer_email)

    @strawberry.field(description="The lines' totals, excluding tax.")
    def subtotal(self) -> Decimal:
        return self.order.subtotal

    @strawberry.field(description="Shipping, excluding tax.")
    def shipping_total(self) -> Decimal:
        return self.order.shipping_total

    @strawberry.field(description="The tax of the lines.")
    def tax_total(self) -> Decimal:
        return self.order.tax_total

    @strawberry.field(description="The lines as bought, with what has been shipped of each.")
    def lines(self) -> list[OrderLineType]:
        shipped = selectors.shipped_quantities(self.order.shipments.all())
        return [OrderLineType(line=line, shipped=shipped.get(line.pk, 0)) for line in self._lines()]

    @strawberry.field(description="The parcels sent, oldest first, with their tracking links and lots.")
    def shipments(self) -> list[OrderShipment]:
        order_lines = {line.pk: line for line in self._lines()}
        return [
            OrderShipment(
                shipment=shipment,
                tracking=selectors.shipment_tracking(shipment.tracking_number),
                order_lines=order_lines,
            )
            for shipment in self.order.shipments.all()
        ]

    @strawberry.field(
        description="The caller may put the lines into their cart again (orderReorder): they may buy "
        "(purchase_enable, or a junior with junior_place_order; not while their company is pending)."
    )
    def can_reorder(self) -> bool:
        # storefront answers (it owns the cart and sits right of orders, ARCHITECTURE §3): see orders.permissions.
        return order_action_allowed(REORDER, self.actor)

    @strawberry.field(
        description="The caller may add the lines to their quote draft (orderAddToQuote): the quote enablement of "
        "shell §4 (quotes on for their kind of user, create_quote)."
    )
    def can_add_to_quote(self) -> bool:
        return order_action_allowed(ADD_TO_QUOTE, self.actor)
