"""Reads of the orders app: orders scoped to what the caller may see (issue 17), their lines, shipments and lots
loaded in a fixed number of queries, what the buyer reads from them (postal address lines, tracking links,
payment state), and the order lines as the apps to the right take them again (Reorder, Add to quote)."""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models
from django.db.models import CharField, Exists, F, IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Cast, Coalesce, Replace, Upper
from django.db.models.lookups import IContains, Lookup

from accounts.countries import postal_address_from
from accounts.models import Company
from accounts.permissions import Code
from accounts.selectors import Actor
from orders.models import Order, OrderLine, OrderStatus, OrderTally, PaymentMethod, Shipment, ShipmentLine
from orders.services import SEARCH_SEPARATOR
from portal.errors import NotFound, field_error
from pricing.models import Product
from pricing.selectors import product_catalog_prefetches
from tracking.engine import TrackingMatch, recognize

GET_ORDERS = Code.GET_ORDERS.value
GET_ORDER_DETAIL = Code.GET_ORDER_DETAIL.value
ORDER_NOT_FOUND_MESSAGE = "Order not found."
ORDER_BY_REQUIRED_MESSAGE = "Invalid query: orderBy property is required"  # shell §5, as every sorted list
MAX_SEARCH_LENGTH = 100
_MAX_NUMBER_DIGITS = 12

# --- addresses -----------------------------------------------------------------------------------------------------

# The checkout form's address fields → the parts of a postal address (the order admin, the API and the PDF).
ORDER_ADDRESS_KEYS: dict[str, str | tuple[str, str]] = {
    "name": ("first_name", "last_name"), "company": "company", "street": "address_line1", "street2": "address_line2",
    "city": "city", "state": "state", "postcode": "zip_code", "country": "country_code",
}  # fmt: skip


def order_address_lines(address: dict | None) -> list[str]:
    """An order address as its country's post writes it, a line each (not the stored JSON); the phone is apart."""
    return postal_address_from(address if isinstance(address, dict) else {}, keys=ORDER_ADDRESS_KEYS)


# --- who sees what -------------------------------------------------------------------------------------------------


class OrderScope(models.TextChoices):
    MINE = "MINE", "The orders the caller placed"
    COMPANY = "COMPANY", "Every order of the company the caller works in"


def order_scope_level(actor: Actor, code: str) -> int:
    """0: no access; 1: the orders the actor placed (in the company they work in now, or outside any company);
    2: every order of the company they work in. shell §2 lets role 4 (a super admin who is not masquerading) reach
    /orders and /orderDetail: they hold no company permission, so they read only their own orders placed outside
    any company — never a company's."""
    if actor.user is None:
        return 0
    if actor.is_super_admin and not actor.is_masquerading:
        return 1 if code in (GET_ORDERS, GET_ORDER_DETAIL) else 0
    level = actor.level(code)
    if level >= 2 and actor.b2b_company is None:
        return 1
    return min(level, 2)


def orders_visible_to(*, actor: Actor, code: str) -> QuerySet[Order]:
    """The orders the actor may reach with a permission code (shell §6): at level 2 the company's (while working in
    a company) — with the units below it when the actor's company-wide permissions reach those (issue 40:
    `Actor.unit_ids`) — at level 1 those they placed in the company they work in now (a B2C customer: their own,
    with no company). The one place that scopes orders."""
    level = order_scope_level(actor, code)
    if level == 0:
        return Order.objects.none()
    company = actor.b2b_company
    if level >= 2:
        # Every order of the unit they act for, and of the units below it when their permissions reach those.
        return Order.objects.filter(actor.company_scope("company"))
    return Order.objects.filter(placed_by=actor.user, company=company)


def parse_order_number(ref: str | int) -> int | None:
    """The portal's order id is the order number (100042); anything else is no order."""
    text = str(ref).strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > _MAX_NUMBER_DIGITS:
        return None
    return int(text)


def order_access_check(actor: Actor, code: str = GET_ORDER_DETAIL) -> None:
    """A caller without the code at all: PermissionDenied when signed in, NotFound for a guest (as quotes)."""
    if order_scope_level(actor, code) == 0:
        if actor.user is None:
            raise NotFound(ORDER_NOT_FOUND_MESSAGE)
        raise PermissionDenied


def order_for(actor: Actor, number: str | int, code: str = GET_ORDER_DETAIL) -> Order:
    """The order of that number the actor reaches with `code` (get_order_detail for the page, its PDF and files).

    Raises PermissionDenied (PERMISSION_DENIED) when a signed-in caller lacks the code altogether, and NotFound
    ("Order not found.", NOT_FOUND) for everything else the caller may not see — another company's order, a
    colleague's at level 1, a missing number, a malformed id, or any order for a guest — the same answer each time,
    so nothing leaks. Both reach GraphQL and REST callers with those codes."""
    order_access_check(actor, code)
    number_value = parse_order_number(number)
    order = None
    if number_value is not None:
        order = orders_visible_to(actor=actor, code=code).filter(number=number_value).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND_MESSAGE)
    return order


def order_detail(*, actor: Actor, number: str | int) -> Order:
    """`order(id)`: the order with its placer, lines (with their products), shipments and their lines (with lots),
    in a fixed number of queries whatever their numbers."""
    order_access_check(actor, GET_ORDER_DETAIL)
    number_value = parse_order_number(number)
    if number_value is None:
        raise NotFound(ORDER_NOT_FOUND_MESSAGE)
    shipment_lines = ShipmentLine.objects.select_related("lot").order_by("pk")
    order = (
        orders_visible_to(actor=actor, code=GET_ORDER_DETAIL)
        .select_related("placed_by")
        .prefetch_related(
            Prefetch("lines", queryset=OrderLine.objects.select_related("product", "variant").order_by("pk")),
            Prefetch(
                "shipments",
                queryset=Shipment.objects.order_by("shipped_at", "pk").prefetch_related(
                    Prefetch("lines", queryset=shipment_lines)
                ),
            ),
        )
        .filter(number=number_value)
        .first()
    )
    if order is None:
        raise NotFound(ORDER_NOT_FOUND_MESSAGE)
    return order


# --- the lists -----------------------------------------------------------------------------------------------------

# orderBy → the fields it sorts by (ties broken by -pk).
ORDER_ORDERINGS: dict[str, tuple[str, ...]] = {
    "number": ("number",),
    "poNumber": ("po_number",),
    "grandTotal": ("grand_total",),
    "status": ("status",),
    "placedBy": ("placed_by__first_name", "placed_by__last_name", "placed_by__email"),
    "createdAt": ("created_at",),
}


@dataclass(frozen=True)
class OrderFilters:
    search: str = ""
    status: str | None = None
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    created_by: int | None = None  # the "placed by" filter of the company's orders
    order_by: str = ""
    company_id: int | None = None  # issue 40: one unit's orders, of the units the actor reaches


def _ordering(order_by: str) -> list[str]:
    descending = order_by.startswith("-")
    fields = ORDER_ORDERINGS.get(order_by.removeprefix("-"))
    if fields is None:
        raise field_error(
            "orderBy", f"Sort by one of: {', '.join(ORDER_ORDERINGS)} (prefix - to reverse).", code="invalid_choice"
        )
    prefix = "-" if descending else ""
    return [f"{prefix}{name}" for name in fields] + ["-pk"]


_SKU_SEPARATORS = r"[\s-]+"


class UpperCasedContains(IContains):
    """`icontains` over a column the database upper-cased when it wrote it (Order.search_text): on PostgreSQL
    `column LIKE UPPER(search)`, not `UPPER(column) LIKE UPPER(search)` — no UPPER of every row read, the same answer;
    elsewhere (SQLite's LIKE ignores ASCII case) as icontains."""

    def process_lhs(self, compiler, connection, lhs=None):
        if connection.vendor != "postgresql":
            return super().process_lhs(compiler, connection, lhs)
        return Lookup.process_lhs(self, compiler, connection, lhs)


def _search_filter_by_columns(search: str) -> Q:
    """The search over each column (orders annotated with number_text): for a search holding the separator of
    Order.search_text, which no part of it may hold."""
    lines = OrderLine.objects.filter(order=OuterRef("pk"))
    in_lines = Q(name__icontains=search) | Q(sku__icontains=search)
    compact = re.sub(_SKU_SEPARATORS, "", search).upper()
    if compact:
        lines = lines.annotate(compact_sku=Replace(Upper("sku"), Value("-"), Value("")))
        in_lines |= Q(compact_sku__contains=compact)
    found = Q(po_number__icontains=search) | Q(Exists(lines.filter(in_lines)))
    if search.isascii() and search.isdigit():
        found |= Q(number_text__contains=search)
    return found


def _searched(orders: QuerySet[Order], search: str) -> QuerySet[Order]:
    """The order number, the PO number, a line's product name or SKU (a SKU with or without its hyphens), any case.
    Read from Order.search_text (those parts apart) and search_skus (the SKUs upper-cased without hyphens), which
    trigram indexes serve on PostgreSQL (migration 0007); each part matched on its own, as the columns were: the
    number part holds digits only, so only a search of digits finds it."""
    if SEARCH_SEPARATOR in search:
        annotated = orders.annotate(number_text=Cast("number", output_field=CharField()))
        return annotated.filter(_search_filter_by_columns(search))
    found = Q(UpperCasedContains(F("search_text"), search))
    compact = re.sub(_SKU_SEPARATORS, "", search).upper()
    if compact:
        found |= Q(search_skus__contains=compact)
    return orders.filter(found)


def _line_totals(field: str, aggregate) -> Coalesce:
    totals = (
        OrderLine.objects.filter(order=OuterRef("pk"))
        .order_by()
        .values("order")
        .annotate(total=aggregate(field))
        .values("total")
    )
    return Coalesce(Subquery(totals, output_field=IntegerField()), 0)


# What an order list's rows do not show (OrderHeader), left unread: the search texts and the addresses are most of an
# order row's bytes.
ORDER_LIST_DEFERRED = ("search_text", "search_skus", "billing_address", "shipping_address", "customer_message")


@dataclass(frozen=True)
class OrderOwners:
    """Whose orders a list holds: those of some companies (None: orders of no company — a B2C customer's, a super
    admin's own; empty: none), and of them those one user placed (None: anyone's)."""

    company_ids: tuple[int, ...] | None
    placer_id: int | None

    def company_filter(self, field: str) -> Q:
        """The filter on an orders' company field (its name) that keeps these owners' companies."""
        if self.company_ids is None:
            return Q(**{f"{field}__isnull": True})
        if len(self.company_ids) == 1:
            return Q(**{field: self.company_ids[0]})
        return Q(**{f"{field}__in": self.company_ids})


def order_owners(*, actor: Actor, filters: OrderFilters, scope: str) -> OrderOwners:
    """The owners of the orders a list of `scope` shows the actor — the one place the lists' scope is decided (the
    list and its total read it). PermissionDenied when the scope is not the caller's; the company filter
    (`filters.company_id`) narrows it to one unit the actor reaches, and is refused on companyId for any other
    (issue 40: `Actor.units_chosen`)."""
    level = order_scope_level(actor, GET_ORDERS)
    company = actor.b2b_company
    if scope == OrderScope.COMPANY:
        if level < 2 or company is None:
            raise PermissionDenied
        return OrderOwners(company_ids=actor.units_chosen(filters.company_id), placer_id=filters.created_by)
    if scope == OrderScope.MINE:
        if level < 1 or actor.user is None:
            raise PermissionDenied
        if company is None:
            if filters.company_id is not None:
                actor.units_chosen(filters.company_id)  # no unit is in reach: refused on companyId
            return OrderOwners(company_ids=None, placer_id=actor.user.pk)
        # The orders they placed in the unit they act for: a unit below it that the filter names holds none of them.
        chosen = actor.units_chosen(filters.company_id) if filters.company_id is not None else (company.pk,)
        return OrderOwners(company_ids=(company.pk,) if company.pk in chosen else (), placer_id=actor.user.pk)
    raise field_error("scope", "Choose MINE or COMPANY.", code="invalid_choice")


def order_list(*, actor: Actor, filters: OrderFilters, scope: str = OrderScope.MINE) -> QuerySet[Order]:
    """`orders`: MINE — the orders the caller placed in the company they work in (get_orders, level 1 or more; B2C:
    their own); COMPANY — every order of that company, and of the units below it when the caller's company-wide
    permissions reach those (get_orders level 2 and a company); `filters.company_id`: one of those units. Filtered,
    sorted, with each order's item and line counts; the caller pages it. PermissionDenied when the scope is not the
    caller's."""
    owners = order_owners(actor=actor, filters=filters, scope=scope)
    orders = Order.objects.filter(owners.company_filter("company_id"))
    if owners.placer_id is not None:
        orders = orders.filter(placed_by_id=owners.placer_id)
    if not filters.order_by:
        raise field_error("orderBy", ORDER_BY_REQUIRED_MESSAGE, code="required")
    ordering = _ordering(filters.order_by)
    if filters.status:
        if filters.status not in OrderStatus.values:
            raise field_error("status", f"Choose one of: {', '.join(OrderStatus.values)}.", code="invalid_choice")
        orders = orders.filter(status=filters.status)
    if filters.date_from:
        orders = orders.filter(created_at__date__gte=filters.date_from)
    if filters.date_to:
        orders = orders.filter(created_at__date__lte=filters.date_to)
    search = (filters.search or "").strip()[:MAX_SEARCH_LENGTH]
    if search:
        orders = _searched(orders, search)
    return (
        orders.select_related("placed_by")
        .defer(*ORDER_LIST_DEFERRED)
        .annotate(item_count=_line_totals("quantity", Sum), line_count=_line_totals("pk", models.Count))
        .order_by(*ordering)
    )


SEARCH_COUNT_CAP = 1_000  # issue 38: a search counts this far, not over the company's whole history


def order_count(
    orders: QuerySet[Order], *, actor: Actor, filters: OrderFilters, scope: str = OrderScope.MINE
) -> tuple[int, bool]:
    """The total of an order_list (the same actor, filters and scope) and whether it is capped. By scope, placer and
    status alone it is the orders' tally (OrderTally: a few rows, however many orders the company has); with a date
    it is counted (an index of the company's orders); a search counts up to SEARCH_COUNT_CAP matches —
    (SEARCH_COUNT_CAP, True) when more match."""
    counted = orders.order_by().values("pk")
    if (filters.search or "").strip():
        total = counted[: SEARCH_COUNT_CAP + 1].count()
        return min(total, SEARCH_COUNT_CAP), total > SEARCH_COUNT_CAP
    if filters.date_from or filters.date_to:
        return counted.count(), False
    owners = order_owners(actor=actor, filters=filters, scope=scope)
    if owners.company_ids is None:
        tally = OrderTally.objects.filter(company_key=0)  # the orders of no company
    else:
        tally = OrderTally.objects.filter(owners.company_filter("company_key"))
    if owners.placer_id is not None:
        tally = tally.filter(placer_key=owners.placer_id)
    if filters.status:
        tally = tally.filter(status=filters.status)
    return tally.aggregate(total=Sum("count"))["total"] or 0, False


def order_placer_ids(company: Company) -> QuerySet:
    """The ids of the users who placed the company's orders (`createdByUser(module: "orders")`, the "placed by"
    filter). Contributed to accounts from OrdersConfig.ready()."""
    return Order.objects.filter(company=company, placed_by__isnull=False).values("placed_by_id")


# --- what the buyer reads of an order ------------------------------------------------------------------------------


class PaymentState(models.TextChoices):
    PAID = "paid", "Paid"
    ON_ACCOUNT = "on_account", "On account"
    CANCELLED = "cancelled", "Cancelled"


def payment_state(order: Order) -> str:
    """Paid by the test card at checkout; a purchase order is on the company's account (until invoiced); nothing is
    owed on a cancelled order."""
    if order.status == OrderStatus.CANCELLED:
        return PaymentState.CANCELLED
    if order.payment_method == PaymentMethod.TEST_CARD:
        return PaymentState.PAID
    return PaymentState.ON_ACCOUNT


def shipped_quantities(shipments: Iterable[Shipment]) -> dict[int, int]:
    """Order line id → quantity shipped so far, from shipments loaded with their lines (no query)."""
    shipped: dict[int, int] = {}
    for shipment in shipments:
        for line in shipment.lines.all():
            shipped[line.order_line_id] = shipped.get(line.order_line_id, 0) + line.quantity
    return shipped


def shipment_tracking(tracking_number: str) -> TrackingMatch | None:
    """The tracking engine's reading of a shipment's number (business §3 tracking result): the first format it is
    valid in, or None when no carrier's format recognises it."""
    if not tracking_number:
        return None
    matches = recognize(tracking_number)
    return matches[0] if matches else None


# --- the lines taken again (issue 17: Reorder, Add to quote) ---------------------------------------------------------
# The orders domain sits left of storefront and quotes (ARCHITECTURE §3): storefront puts the lines into the cart
# (storefront.reorder) and quotes into the draft (quotes.services.order_lines). What both need is here.

MAX_LINE_IDS = 200  # an order holds at most as many lines as a cart (storefront.services.MAX_CART_LINES)
UNKNOWN_LINE_MESSAGE = "Choose lines of this order."


class TransferCode(models.TextChoices):
    """Why a line of an order was not put into the cart or the quote draft. The overlay translates by code."""

    PRODUCT_UNAVAILABLE = "PRODUCT_UNAVAILABLE", "This product is no longer available."
    PURCHASE_DISABLED = "PURCHASE_DISABLED", "This product is not available for purchase."
    OUT_OF_STOCK = "OUT_OF_STOCK", "This product is out of stock."
    OPTIONS_CHANGED = "OPTIONS_CHANGED", "The options chosen for this product are no longer offered."
    NOT_QUOTABLE = "NOT_QUOTABLE", "This product can not be added to a quote."
    QUANTITY_LIMIT = "QUANTITY_LIMIT", "The quantity is above what can be added."


class BoughtLine(Protocol):
    """A line as it was bought: an order's (OrderLine), or, issue 41, a purchase request's as its buyer submitted it
    (orders.services.OrderLineData), which Reorder's rules put into the cart again the same way."""

    @property
    def product_id(self) -> int | None: ...

    @property
    def variant_id(self) -> int | None: ...

    @property
    def sku(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def quantity(self) -> int: ...

    @property
    def raw_options(self) -> Any: ...


LineT = TypeVar("LineT", bound=BoughtLine)


@dataclass(frozen=True)
class LineOutcome(Generic[LineT]):
    """What became of one line: added (no code), or not added with its code and the English reason."""

    line: LineT
    code: str | None = None
    reason: str | None = None


def line_not_added(line: LineT, code: TransferCode, reason: str | None = None) -> LineOutcome[LineT]:
    return LineOutcome(line=line, code=code.value, reason=reason or code.label)


def order_lines_chosen(order: Order, line_ids: Sequence[str] | None) -> list[OrderLine]:
    """The order's lines the caller ticked (all of them when none is named), in the order's order. A named id that is
    not a line of this order is refused (ValidationError on lineIds): nothing is added then."""
    lines = list(order.lines.order_by("pk"))
    if not line_ids:
        return lines
    if len(line_ids) > MAX_LINE_IDS:
        raise ValidationError({"lineIds": [ValidationError(f"Choose at most {MAX_LINE_IDS} lines.", code="too_many")]})
    by_id = {str(line.pk): line for line in lines}
    if any(str(line_id).strip() not in by_id for line_id in line_ids):
        raise ValidationError({"lineIds": [ValidationError(UNKNOWN_LINE_MESSAGE, code="unknown_line")]})
    wanted = {str(line_id).strip() for line_id in line_ids}
    return [line for line in lines if str(line.pk) in wanted]


def order_line_products(lines: Sequence[BoughtLine]) -> dict[int, Product]:
    """The visible products of the lines, with their variants and options, in a fixed number of queries."""
    ids = {line.product_id for line in lines if line.product_id is not None}
    if not ids:
        return {}
    products = Product.objects.filter(pk__in=ids, is_visible=True).prefetch_related(*product_catalog_prefetches())
    return {product.pk: product for product in products}


def order_line_options(line: BoughtLine) -> list[tuple[int, object]] | None:
    """The line's options as the cart held them ([[option id, value], …]); None when the record is unreadable."""
    pairs = []
    for pair in line.raw_options or []:
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            return None
        try:
            pairs.append((int(pair[0]), pair[1]))
        except (TypeError, ValueError):
            return None
    return pairs
