"""Reads of the shopping lists app: lists scoped to what the caller may reach, a list's items, and their live prices
and totals for the caller's customer group (business §3, §4, §9)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cached_property
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Count, IntegerField, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce, Lower

from accounts.models import Company
from accounts.selectors import Actor
from portal.errors import NotFound
from portal.models import Channel
from pricing import calculation
from pricing.line_items import line_selections
from pricing.models import OptionValue, ProductOption
from pricing.options import OptionSelection, StockProblem, stock_problem
from pricing.translations import option_texts
from shoppinglists.errors import NOT_FOUND_MESSAGE
from shoppinglists.models import ShoppingList, ShoppingListItem, ShoppingListStatus
from shoppinglists.permissions import (
    GET_SHOPPING_LIST_DETAIL,
    GET_SHOPPING_LISTS,
    LIVE_STATUSES,
    lists_enabled_check,
    scope_level,
)

ZERO = Decimal(0)
HOTLIST = "hotlist"
ORDER_BY_REQUIRED_MESSAGE = "Invalid query: orderBy property is required"
DEFAULT_ITEMS_ORDER = "-updatedAt"  # business §9
MAX_SEARCH_LENGTH = 100

# --- lists -------------------------------------------------------------------------------------------------------


def is_hotlist_name(name: str) -> bool:
    """business §4: the name's letters alone, case-insensitive, contain "hotlist" ("Hot-List 2", "HOT LIST")."""
    return HOTLIST in "".join(ch for ch in name if ch.isalpha()).casefold()


def lists_visible_to(*, actor: Actor, code: str) -> QuerySet[ShoppingList]:
    """The lists the actor reaches with a permission code (shell §6): at level 2 every live list of the unit it works
    in and, for a parent company's admin or a member granted the units below, of every unit below it (issue 40:
    `Actor.unit_ids`, read once per request however deep the tree, and not at all for a unit without units below it);
    at level 1 those it made in the unit it works in; an individual customer's own. The one place that scopes
    lists (`permissions._reaches` decides the same of one list in memory)."""
    level = scope_level(actor, code)
    if level == 0:
        return ShoppingList.objects.none()
    lists = ShoppingList.objects.filter(status__in=LIVE_STATUSES)
    company = actor.b2b_company
    if company is None:
        return lists.filter(company__isnull=True, customer=actor.user)
    if level >= 2:
        return lists.filter(actor.company_scope("company"))
    return lists.filter(company=company, created_by=actor.user)


def list_get(*, actor: Actor, list_id: int, code: str) -> ShoppingList:
    """A list the actor reaches with `code`; NotFound otherwise (another company's list, or a sibling unit's, does
    not exist for it)."""
    lists = lists_visible_to(actor=actor, code=code)
    found = (
        lists.select_related("created_by__membership", "reviewed_by__membership", "company", "customer")
        .filter(pk=list_id)
        .first()
    )
    if found is None:
        raise NotFound(NOT_FOUND_MESSAGE)
    return found


LIST_ORDERINGS = {
    "name": Lower("name"),
    "createdAt": "created_at",
    "updatedAt": "updated_at",
    "status": "status",
}


@dataclass(frozen=True)
class ShoppingListFilters:
    search: str = ""
    created_by: int | None = None
    email: str = ""
    statuses: tuple[int, ...] = ()
    order_by: str = ""
    company_id: int | None = None  # one of the units the actor reaches (the list's company filter, issue 40)


def _ordering(order_by: str, orderings: dict[str, Any]) -> list:
    descending = order_by.startswith("-")
    key = order_by.removeprefix("-")
    if key not in orderings:
        message = f"Sort by one of: {', '.join(orderings)} (prefix - to reverse)."
        raise ValidationError({"orderBy": [ValidationError(message, code="invalid_choice")]})
    expression = orderings[key]
    if isinstance(expression, str):
        first = f"-{expression}" if descending else expression
    else:
        first = expression.desc() if descending else expression.asc()
    return [first, "-pk" if descending else "pk"]


def shopping_list_list(*, actor: Actor, filters: ShoppingListFilters) -> QuerySet[ShoppingList]:
    """`shoppingLists`: the lists the actor reaches with get_shopping_lists, hotlists left out (business §4), matching
    the filters and sorted; the caller pages it. `orderBy` is required. `company_id` keeps one of the units the actor
    reaches (another is refused as an input error, `Actor.units_chosen`)."""
    lists_enabled_check(actor=actor)
    if not filters.order_by:
        raise ValidationError({"orderBy": [ValidationError(ORDER_BY_REQUIRED_MESSAGE, code="required")]})
    ordering = _ordering(filters.order_by, LIST_ORDERINGS)
    lists = lists_visible_to(actor=actor, code=GET_SHOPPING_LISTS).filter(is_hotlist=False)
    if filters.company_id is not None:
        lists = lists.filter(company_id__in=actor.units_chosen(filters.company_id))
    for status in filters.statuses:
        if status not in LIVE_STATUSES:
            choices = ", ".join(str(int(s)) for s in LIVE_STATUSES)
            raise ValidationError({"status": [ValidationError(f"Choose from {choices}.", code="invalid_choice")]})
    if filters.statuses:
        lists = lists.filter(status__in=filters.statuses)
    if filters.created_by is not None:
        lists = lists.filter(created_by_id=filters.created_by)
    email = filters.email.strip()
    if email:
        lists = lists.filter(created_by__email__iexact=email)
    search = filters.search.strip()[:MAX_SEARCH_LENGTH]
    if search:
        lists = lists.filter(Q(name__icontains=search) | Q(description__icontains=search))
    # The company is not read by the lists' fields (its id is the row's): not joined, its row not built (issue 38).
    return (
        lists.select_related("created_by__membership", "reviewed_by__membership")
        .annotate(item_count=_item_count())
        .order_by(*ordering)
    )


def _item_count() -> Coalesce:
    """A list's item count as a subquery of its own row (issue 38): PostgreSQL counts the items of the page's rows
    only, after the sort and the limit, where a join and GROUP BY counted every list's items before the page was cut
    (and the total's count ran the same grouping). The items' shopping_list index answers each one."""
    items = (
        ShoppingListItem.objects.filter(shopping_list=OuterRef("pk"))
        .order_by()
        .values("shopping_list")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return Coalesce(Subquery(items, output_field=IntegerField()), 0)


def shopping_list_detail(*, actor: Actor, list_id: int) -> ShoppingList:
    """`shoppingList(id)`: a list the actor reaches with get_shopping_list_detail (hotlists too: they are only left
    out of the tables and their counts)."""
    lists_enabled_check(actor=actor)
    return list_get(actor=actor, list_id=list_id, code=GET_SHOPPING_LIST_DETAIL)


def list_item_count(shopping_list: ShoppingList) -> int:
    """The annotation of `shopping_list_list`, or one count for a list loaded otherwise."""
    count = getattr(shopping_list, "item_count", None)
    return count if count is not None else shopping_list.items.count()


def channel_names(channel_ids: Iterable[int]) -> dict[int, str]:
    """The names of the channels (one query)."""
    ids = set(channel_ids)
    if not ids:
        return {}
    return dict(Channel.objects.filter(channel_id__in=ids).values_list("channel_id", "name"))


def list_creator_ids(company: Company) -> QuerySet:
    """The ids of the users who made the company's visible lists (`createdByUser(module: "shoppinglists")`).
    Contributed to accounts from ShoppinglistsConfig.ready()."""
    return ShoppingList.objects.filter(
        company=company, status__in=LIVE_STATUSES, is_hotlist=False, created_by__isnull=False
    ).values("created_by_id")


# --- items -------------------------------------------------------------------------------------------------------


ITEM_ORDERINGS = {
    "updatedAt": "updated_at",
    "createdAt": "created_at",
    "productName": Lower("product__name"),
    "sku": Lower("variant__sku"),
    "quantity": "quantity",
}


def _item_prefetches() -> list:
    values = OptionValue.objects.order_by("sort_order", "pk")
    options = ProductOption.objects.order_by("sort_order", "pk").prefetch_related(Prefetch("values", queryset=values))
    return [
        Prefetch("product__options", queryset=options),
        Prefetch("variant__option_values", queryset=OptionValue.objects.select_related("option")),
    ]


def list_items(*, shopping_list: ShoppingList, search: str = "", order_by: str = DEFAULT_ITEMS_ORDER):
    """A list's items with what showing them needs (product, variant, options), sorted (business §9: -updatedAt by
    default); `search` matches the product name or a SKU. The caller pages it; a fixed number of queries."""
    if not order_by:
        raise ValidationError({"orderBy": [ValidationError(ORDER_BY_REQUIRED_MESSAGE, code="required")]})
    items = shopping_list.items.select_related("product", "variant").prefetch_related(*_item_prefetches())
    search = search.strip()[:MAX_SEARCH_LENGTH]
    if search:
        items = items.filter(
            Q(product__name__icontains=search) | Q(variant__sku__icontains=search) | Q(product__sku__icontains=search)
        )
    return items.order_by(*_ordering(order_by, ITEM_ORDERINGS))


def items_by_ids(*, shopping_list: ShoppingList, item_ids: Sequence[int]) -> list[ShoppingListItem]:
    """The list's items of the ids, loaded for showing or moving them (unknown ids are left out)."""
    items = shopping_list.items.filter(pk__in=list(item_ids)).select_related("product", "variant")
    return list(items.prefetch_related(*_item_prefetches()).order_by("-updated_at", "-pk"))


# --- "Add selected to cart": what became of each item (storefront.shopping_list_cart puts them in the cart) ---------


class TransferCode:
    """Why an item was not added (the same codes as an order's reorder, issue 17)."""

    PRODUCT_UNAVAILABLE = "PRODUCT_UNAVAILABLE"  # gone, hidden or not available
    PURCHASE_DISABLED = "PURCHASE_DISABLED"
    OUT_OF_STOCK = "OUT_OF_STOCK"
    OPTIONS_CHANGED = "OPTIONS_CHANGED"  # its options are no longer valid for the product
    QUANTITY_LIMIT = "QUANTITY_LIMIT"  # the cart's line would pass 1,000,000, or the cart is full


@dataclass(frozen=True)
class TransferredItem:
    item_id: int
    product_id: int
    variant_id: int
    sku: str
    name: str
    quantity: int
    code: str | None = None
    reason: str | None = None


@dataclass
class CartTransfer:
    cart_entity_id: str | None
    added: list[TransferredItem] = field(default_factory=list)
    not_added: list[TransferredItem] = field(default_factory=list)


def item_transferred(item: ShoppingListItem, code: str | None = None, reason: str | None = None) -> TransferredItem:
    """The item as the answer names it: added (no code), or not added with its code and reason."""
    return TransferredItem(
        item_id=item.pk,
        product_id=item.product_id,
        variant_id=item.variant_id,
        sku=item.variant.sku,
        name=item.product.name,
        quantity=item.quantity,
        code=code,
        reason=reason,
    )


# --- prices ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PriceRow:
    """What pricing an item needs (no model instance: the lists' totals read many items)."""

    product_id: int
    variant_id: int
    quantity: int
    options: Sequence


def _failed_indexes(exc: ValidationError) -> set[int]:
    found = set()
    for key in getattr(exc, "error_dict", {}):
        match = re.match(r"items\.(\d+)\.", key)
        if match:
            found.add(int(match.group(1)))
    return found


def price_rows(
    rows: Sequence[PriceRow], *, actor: Actor, pricing: calculation.StorePricing
) -> list[calculation.PriceResult | None]:
    """Live unit prices of the rows for the actor's customer group (shell §4: the masqueraded company's group while
    masquerading), in order; None for a row that cannot be priced any more (an option deleted since). At most two
    calls of the price engine, however many rows fail."""
    if not rows:
        return []
    group = calculation.customer_group_for(actor)

    def requests(indexes: Sequence[int]) -> list[calculation.PriceRequestItem]:
        return [
            calculation.PriceRequestItem(
                product_id=rows[i].product_id,
                variant_id=rows[i].variant_id,
                quantity=rows[i].quantity,
                options=[tuple(pair) for pair in rows[i].options],
            )
            for i in indexes
        ]

    def price(indexes: Sequence[int]) -> list[calculation.PriceResult]:
        return calculation.price_items(
            items=requests(indexes), customer_group_id=group, currency_code=None, include_hidden=True, pricing=pricing
        )

    every = list(range(len(rows)))
    try:
        return list(price(every))
    except ValidationError as exc:
        failed = _failed_indexes(exc)
    kept = [i for i in every if i not in failed]
    try:
        results = dict(zip(kept, price(kept), strict=True)) if kept else {}
    except ValidationError:
        results = {}
    return [results.get(i) for i in every]


@dataclass
class ItemView:
    """An item as the list shows it: the chosen options with their labels, the live price (None while prices are
    hidden, on request, or when it cannot be priced), and whether it passes the stock check (business §4)."""

    item: ShoppingListItem
    options: list[OptionSelection]
    price: calculation.PriceResult | None
    price_error: str | None = None
    price_on_request: bool = False
    stock: StockProblem | None = None


def item_views(
    items: Sequence[ShoppingListItem], *, actor: Actor, pricing: calculation.StorePricing, prices_hidden: bool
) -> list[ItemView]:
    prices: Sequence = [None] * len(items)
    if items and not prices_hidden:
        prices = price_rows(
            [PriceRow(i.product_id, i.variant_id, i.quantity, i.options) for i in items], actor=actor, pricing=pricing
        )
    views = []
    texts = option_texts()  # the option texts in the buyer's language (issue 36 item 13)
    for item, price in zip(items, prices, strict=True):
        described = line_selections(product=item.product, variant=item.variant, options=item.options, texts=texts)
        stock = stock_problem(item.product, item.variant, item.quantity)
        if item.product.price_on_request:  # issue 13: no amount, and not a "Price error" either
            views.append(ItemView(item, described, None, price_on_request=True, stock=stock))
            continue
        error = "Price error" if price is None and not prices_hidden else None
        views.append(ItemView(item, described, price, price_error=error, stock=stock))
    return views


@dataclass
class ListTotals:
    """A list's totals at live prices (business §3): shown only when every item has a price for the caller."""

    is_show_grand_total: bool
    subtotal: Decimal | None = None
    total_tax: Decimal | None = None
    grand_total: Decimal | None = None
    total_discount: Decimal | None = None


HIDDEN_TOTALS = ListTotals(is_show_grand_total=False)


def _totals(results: Iterable[calculation.PriceResult | None]) -> ListTotals:
    subtotal = tax = grand = discount = ZERO
    for result in results:
        if result is None or result.price_on_request:
            return HIDDEN_TOTALS
        total = result.line_total
        subtotal += total.tax_exclusive
        grand += total.tax_inclusive
        tax += total.tax_inclusive - total.tax_exclusive
        discount += (result.base_price.tax_exclusive - result.calculated_price.tax_exclusive) * result.quantity
    return ListTotals(True, subtotal=subtotal, total_tax=tax, grand_total=grand, total_discount=discount)


def list_totals(
    *, list_ids: Sequence[int], actor: Actor, pricing: calculation.StorePricing, prices_hidden: bool
) -> dict[int, ListTotals]:
    """The totals of several lists for the actor: one query for all their items and at most two price calls."""
    if prices_hidden:
        return dict.fromkeys(list_ids, HIDDEN_TOTALS)
    rows = list(
        ShoppingListItem.objects.filter(shopping_list_id__in=list(list_ids))
        .order_by("shopping_list_id", "pk")
        .values_list("shopping_list_id", "product_id", "variant_id", "quantity", "options")
    )
    results = price_rows([PriceRow(*row[1:]) for row in rows], actor=actor, pricing=pricing)
    by_list: dict[int, list] = {pk: [] for pk in list_ids}
    for row, result in zip(rows, results, strict=True):
        by_list[row[0]].append(result)
    return {pk: _totals(found) for pk, found in by_list.items()}


class ListPricing:
    """What pricing a request's lists needs, read once and only when a price is asked for: the store's currency and
    tax zone, whether prices are hidden from the caller (shell §3), and the totals, computed for every list of the
    page at the first one asked (a fixed number of queries however many lists and items)."""

    def __init__(self, *, actor: Actor, list_ids: Sequence[int], channel_id: int = 1):
        self.actor = actor
        self.list_ids = list(list_ids)
        self.channel_id = channel_id
        self._totals: dict[int, ListTotals] | None = None

    @cached_property
    def pricing(self) -> calculation.StorePricing:
        return calculation.store_pricing(currency_code=None)

    @cached_property
    def prices_hidden(self) -> bool:
        return calculation.prices_hidden_for(self.actor, channel_id=self.channel_id)

    def totals(self, list_id: int) -> ListTotals:
        if self._totals is None:
            self._totals = list_totals(
                list_ids=self.list_ids, actor=self.actor, pricing=self.pricing, prices_hidden=self.prices_hidden
            )
        return self._totals.get(list_id, HIDDEN_TOTALS)


def status_label(status: int) -> str:
    return ShoppingListStatus(status).label
