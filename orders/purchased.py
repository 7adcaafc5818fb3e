"""Purchased products (issue 19 quick order, buy again; shell §2 /purchased-products): the products a buyer — or,
with get_orders above level 1, their company — has ordered, one row per product, variant and options, with today's
product, stock and price. Reads (ARCHITECTURE §4 selectors) of orders that the catalog prices."""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import (
    BigIntegerField,
    Count,
    F,
    IntegerField,
    JSONField,
    Max,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Cast, Lower, Replace, Upper

from accounts.selectors import actor_of
from orders.models import Order, OrderLine, OrderStatus, PurchasedProduct, PurchasedProductName
from orders.purchased_summary import buyer_owner, company_owner
from orders.selectors import (
    GET_ORDERS,
    MAX_SEARCH_LENGTH,
    ORDER_BY_REQUIRED_MESSAGE,
    order_scope_level,
    orders_visible_to,
)
from portal.actor import PortalActor
from pricing import calculation
from pricing.bulk_upload.permissions import quick_order_check
from pricing.errors import PricingErrorCode
from pricing.models import Product, ProductVariant
from pricing.options import stock_problem, tracked_stock

# orderBy → the fields it sorts by; ties by the most recent line.
PURCHASED_ORDERINGS: dict[str, tuple[str, ...]] = {
    "productName": ("product_name_sort",),
    "sku": ("sku",),
    "lastOrderedAt": ("last_ordered_at",),
    "quantity": ("quantity_ordered",),
    "orderCount": ("order_count",),
}
_SKU_SEPARATORS = r"[\s-]+"


@dataclass(frozen=True)
class PurchasedFilters:
    search: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    order_by: str = ""


def purchased_orders(actor: PortalActor) -> QuerySet[Order]:
    """The orders whose products the caller buys again: with get_orders at level 2, every order of the company they
    work in and of the units below it they reach (orders.selectors.orders_visible_to); otherwise the orders they
    placed there themselves (a junior buyer, who holds no order code, too: shell §2 lists them for quick order); a B2C
    customer's own. Not cancelled ones."""
    if order_scope_level(actor_of(actor), GET_ORDERS) >= 1:
        orders = orders_visible_to(actor=actor_of(actor), code=GET_ORDERS)
    else:
        orders = Order.objects.filter(placed_by=actor.user, company=actor.b2b_company)
    return orders.exclude(status=OrderStatus.CANCELLED)


def _ordering(order_by: str) -> list[str]:
    if not order_by:
        raise ValidationError({"orderBy": [ValidationError(ORDER_BY_REQUIRED_MESSAGE, code="required")]})
    fields = PURCHASED_ORDERINGS.get(order_by.removeprefix("-"))
    if fields is None:
        message = f"Sort by one of: {', '.join(PURCHASED_ORDERINGS)} (prefix - to reverse)."
        raise ValidationError({"orderBy": [ValidationError(message, code="invalid_choice")]})
    prefix = "-" if order_by.startswith("-") else ""
    return [f"{prefix}{name}" for name in fields] + ["-latest_line_id"]


def purchased_owner(actor: PortalActor) -> str:
    """Whose summary the caller reads (orders.purchased_summary): with get_orders at level 2 their company's (a caller
    whose reach spans the units below it reads the lines instead: `_spans_units`), otherwise their own in the company
    they work in (or outside any) — the same orders as purchased_orders."""
    inner = actor_of(actor)
    if order_scope_level(inner, GET_ORDERS) >= 2 and inner.b2b_company is not None:
        return company_owner(inner.b2b_company.pk)
    user = inner.user
    if user is None:  # quick_order_check refuses a guest before
        raise PermissionDenied
    company = inner.b2b_company
    return buyer_owner(user.pk, company.pk if company is not None else None)


def _spans_units(actor: PortalActor) -> bool:
    """The caller buys again what several units ordered (issue 40: a parent's admin, or a member granted the units
    below, at get_orders level 2). The summaries are per company, so theirs is grouped from the lines of the orders
    they reach (orders.selectors.orders_visible_to), as with a date range."""
    inner = actor_of(actor)
    return inner.spans_units and order_scope_level(inner, GET_ORDERS) >= 2


def _search_terms(search: str, *, compact_field: str) -> tuple[Q, dict]:
    """The search over a name and a SKU (a SKU with or without hyphens): the filter and the annotation it needs."""
    found = Q(name__icontains=search) | Q(sku__icontains=search)
    compact = re.sub(_SKU_SEPARATORS, "", search).upper()
    if not compact:
        return found, {}
    return found | Q(**{f"{compact_field}__contains": compact}), {
        compact_field: Replace(Upper("sku"), Value("-"), Value(""))
    }


def _from_lines(*, actor: PortalActor, search: str, filters: PurchasedFilters) -> QuerySet:
    """With a date range the orders' days decide which lines count: grouped from the lines, as before the summary."""
    lines = OrderLine.objects.filter(order__in=purchased_orders(actor).values("pk"))
    if search:
        found, annotations = _search_terms(search, compact_field="compact_sku")
        lines = lines.annotate(**annotations).filter(found)
    if filters.date_from:
        lines = lines.filter(order__created_at__date__gte=filters.date_from)
    if filters.date_to:
        lines = lines.filter(order__created_at__date__lte=filters.date_to)
    return lines.values("product_id", "variant_id", "sku", "raw_options", "options").annotate(
        product_name=Max("name"),
        product_name_sort=Lower(Max("name")),
        last_ordered_at=Max("order__created_at"),
        quantity_ordered=Sum("quantity"),
        order_count=Count("order_id", distinct=True),
        latest_line_id=Max("pk"),
    )


def _from_summary(*, owner: str) -> QuerySet:
    """Every row of the owner's summary, each already a group: the page is read through an index of the sort."""
    return PurchasedProduct.objects.filter(owner=owner).values(
        "product_id", "variant_id", "sku", "raw_options", "options", "last_ordered_at", "quantity_ordered",
        "order_count", "latest_line_id", product_name=F("name"), product_name_sort=Lower("name"),
    )  # fmt: skip


def _from_summary_names(*, owner: str, search: str) -> QuerySet:
    """A search: the summary's rows per name whose name or SKU matches, added up per group — the figures of the
    matching lines only, as the search over the lines gave them (a SKU is its group's, so a SKU match takes every
    name of the group; a name match only that name's lines)."""
    found = Q(name__icontains=search) | Q(sku__icontains=search)
    compact = re.sub(_SKU_SEPARATORS, "", search).upper()
    if compact:
        found |= Q(compact_sku__contains=compact)  # stored as REPLACE(UPPER(sku), '-', '')
    names = PurchasedProductName.objects.filter(owner=owner).filter(found)
    group = PurchasedProduct.objects.filter(pk=OuterRef("purchased_id"))

    def of_group(field: str, output_field) -> Subquery:
        # Read for the rows of the page only (PostgreSQL computes them after the sort and the limit), not joined to
        # every matching row before grouping.
        return Subquery(group.values(field)[:1], output_field=output_field)

    return (
        names.values("purchased_id", "sku")
        .annotate(
            product_name=Max("name"),
            product_name_sort=Lower(Max("name")),
            last_ordered_at=Max("last_ordered_at"),
            quantity_ordered=Cast(Sum("quantity_ordered"), BigIntegerField()),
            order_count=Cast(Sum("order_count"), BigIntegerField()),
            latest_line_id=Max("latest_line_id"),
        )
        .annotate(
            product_id=of_group("product_id", IntegerField()),
            variant_id=of_group("variant_id", IntegerField()),
            raw_options=of_group("raw_options", JSONField()),
            options=of_group("options", JSONField()),
        )
    )


def purchased_product_list(*, actor: PortalActor, filters: PurchasedFilters) -> QuerySet:
    """The products the caller (or their company) ordered, one row per product, variant and options: the name, the
    last time it was ordered, the quantity ordered in all and in how many orders; search (name or SKU, a SKU with or
    without hyphens) and a date range of the orders. Dicts, sorted by `orderBy` (required); the caller pages it.
    PermissionDenied for a caller without quick order (pricing.bulk_upload.permissions.quick_order_check).

    Read from the summary (orders.purchased_summary, issue 38) — the rows per name when searching — and from the
    lines when a date range is given or the caller's company-wide reach spans several units (issue 40)."""
    quick_order_check(actor)
    ordering = _ordering(filters.order_by)
    search = (filters.search or "").strip()[:MAX_SEARCH_LENGTH]
    if filters.date_from or filters.date_to or _spans_units(actor):
        rows = _from_lines(actor=actor, search=search, filters=filters)
    elif search:
        rows = _from_summary_names(owner=purchased_owner(actor), search=search)
    else:
        rows = _from_summary(owner=purchased_owner(actor))
    return rows.order_by(*ordering)


@dataclass
class PurchasedProductRow:
    """One purchased product as the quick order page shows it, with what it costs and whether it can be bought today."""

    group: dict
    product: Product | None
    variant: ProductVariant | None
    price: calculation.PriceResult | None
    purchasable: bool
    available_stock: int | None
    price_on_request: bool = False


def option_pairs(raw_options) -> tuple[tuple[int, object], ...]:
    pairs = []
    for pair in raw_options if isinstance(raw_options, list) else []:
        if isinstance(pair, list | tuple) and len(pair) == 2:
            pairs.append((pair[0], pair[1]))
    return tuple(pairs)


def _prices(
    rows: list[PurchasedProductRow], *, actor: PortalActor, currency_code: str | None
) -> dict[int, calculation.PriceResult]:
    """Today's unit price of each row for the caller's customer group (pricing.calculation), in a fixed number of
    queries: the rows the engine refuses (an option no longer offered, a variant gone) are left out and the rest
    priced again, once."""
    pricing = calculation.store_pricing(currency_code=currency_code)
    if calculation.prices_hidden_for(actor):
        return {}
    wanted = [
        (index, row, row.product)
        for index, row in enumerate(rows)
        if row.product is not None
        and not row.price_on_request
        and (row.variant is not None or not row.group["variant_id"])
    ]
    group_id = calculation.customer_group_for(actor)
    for _attempt in range(2):
        items = [
            calculation.PriceRequestItem(
                product_id=product.pk,
                variant_id=row.variant.pk if row.variant is not None else None,
                quantity=1,
                options=option_pairs(row.group["raw_options"]),
            )
            for _, row, product in wanted
        ]
        if not items:
            return {}
        try:
            results = calculation.price_items(
                items=items, customer_group_id=group_id, currency_code=currency_code, pricing=pricing
            )
        except ValidationError as exc:
            refused = {int(name.split(".")[1]) for name in getattr(exc, "error_dict", {}) if name.startswith("items.")}
            if not refused:
                raise
            wanted = [entry for position, entry in enumerate(wanted) if position not in refused]
            continue
        return {index: result for (index, _, _), result in zip(wanted, results, strict=True)}
    return {}


def purchased_products_page(
    *, actor: PortalActor, groups: list[dict], currency_code: str | None
) -> list[PurchasedProductRow]:
    """A page of purchased_product_list with today's products, stock and prices: four queries and the price engine's,
    however long the page."""
    product_ids = {group["product_id"] for group in groups if group["product_id"]}
    variant_ids = {group["variant_id"] for group in groups if group["variant_id"]}
    products = {product.pk: product for product in Product.objects.filter(pk__in=product_ids, is_visible=True)}
    variants = {
        variant.pk: variant
        for variant in ProductVariant.objects.filter(pk__in=variant_ids, product_id__in=list(products))
    }
    rows = []
    for group in groups:
        product = products.get(group["product_id"])
        variant = variants.get(group["variant_id"]) if group["variant_id"] else None
        purchasable = product is not None and (variant is not None or not group["variant_id"])
        if product is not None and purchasable:
            problem = stock_problem(product, variant, 0)
            purchasable = problem is None or problem.code != PricingErrorCode.NOT_AVAILABLE
        rows.append(
            PurchasedProductRow(
                group=group,
                product=product,
                variant=variant,
                price=None,
                purchasable=purchasable,
                available_stock=tracked_stock(product, variant) if product is not None else None,
                price_on_request=bool(product is not None and product.price_on_request),
            )
        )
    for index, result in _prices(rows, actor=actor, currency_code=currency_code).items():
        rows[index].price = result
    return rows
