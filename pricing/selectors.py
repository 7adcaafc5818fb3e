"""Reads of the catalog: chemistry-aware product search, product detail, SKU lookups, purchasability, the stock
check and the quote-button rule (business §3, §4, §7)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import (
    Case,
    DecimalField,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, Upper

from pricing.models import (
    MONEY,
    Category,
    InventoryTracking,
    OptionValue,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.options import (  # noqa: F401 (the stock check belongs to the catalog's reads too)
    StockProblem,
    quote_button_visible,
    stock_check,
    stock_problem,
    tracked_stock,
)

# Bounds of a search (ARCHITECTURE §5: inputs are bounded).
MAX_QUERY_LENGTH = 200
MAX_QUERY_WORDS = 10

_WORD = r"[^\W_]+"

# --- normalisation of searchable text ----------------------------------------------------------------------------


def search_normalise(text: str) -> str:
    """Lower case, accents dropped (NFKD), for comparing search text: "Éthanol" → "ethanol"."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def search_words(text: str) -> list[str]:
    """The words of a text, split at anything that is not a letter or digit: "HS-1042-500" → hs, 1042, 500."""
    return re.findall(_WORD, search_normalise(text))


def search_compact(text: str) -> str:
    """A code without its separators: "HS-1042-500", "hs 1042 500" → "hs1042500"; "64-17-5" → "64175"."""
    return "".join(search_words(text))


def product_search_text_build(*, product: Product, variant_skus: Iterable[str] = ()) -> str:
    """The normalised search text of a product: space-separated tokens, with a space at each end so that a
    token can be matched from its start (" 6417" finds "64175").

    Tokens: catalog numbers (product and variant SKUs) and the CAS number written without separators, and
    their parts; the words of the name, brand and synonyms, each hyphenated or comma-joined chemical name also
    without separators ("N,N-Dimethylformamide" → "nndimethylformamide"); the words of the description."""
    tokens: list[str] = []
    for code in [product.sku, *variant_skus, product.cas_number]:
        if code:
            tokens.append(search_compact(code))
            tokens.extend(search_words(code))
    names = [product.name, product.brand, *product.synonyms.splitlines()]
    for text in names:
        for chunk in text.split():
            words = search_words(chunk)
            if len(words) > 1:
                tokens.append("".join(words))
            tokens.extend(words)
    tokens.extend(search_words(product.description))
    unique = list(dict.fromkeys(token for token in tokens if token))
    return f" {' '.join(unique)} " if unique else ""


# --- search ------------------------------------------------------------------------------------------------------


def _variant_prefetch() -> Prefetch:
    values = OptionValue.objects.select_related("option").order_by("option__sort_order", "option_id", "sort_order")
    return Prefetch(
        "variants",
        queryset=ProductVariant.objects.order_by("sort_order", "pk").prefetch_related(
            Prefetch("option_values", queryset=values)
        ),
    )


def _option_prefetch() -> Prefetch:
    return Prefetch(
        "options",
        queryset=ProductOption.objects.order_by("sort_order", "pk").prefetch_related(
            Prefetch("values", queryset=OptionValue.objects.order_by("sort_order", "pk"))
        ),
    )


def product_catalog_prefetches() -> list[Prefetch]:
    """What a product page or search result shows: variants with their option values, options with values."""
    return [_variant_prefetch(), _option_prefetch()]


def department_list() -> QuerySet[Category]:
    """The top-level categories, in the staff's order: the storefront's departments."""
    return Category.objects.filter(parent__isnull=True).order_by("sort_order", "name")


def category_ids_with_descendants(*, category: str) -> list[int]:
    """The category named by slug (or id) and every category below it."""
    rows = list(Category.objects.values_list("pk", "parent_id", "slug"))
    root = next((pk for pk, _, slug in rows if slug == category or str(pk) == category), None)
    if root is None:
        return []
    children: dict[int | None, list[int]] = {}
    for pk, parent_id, _ in rows:
        children.setdefault(parent_id, []).append(pk)
    found, stack = [], [root]
    while stack:
        current = stack.pop()
        if current in found:
            continue
        found.append(current)
        stack.extend(children.get(current, []))
    return found


def priced_products(queryset: QuerySet[Product], *, customer_group_id: int | None) -> QuerySet[Product]:
    """Drop products whose variants are all zero-priced for the group (business §7): a variant's price is the
    group's price-list record, else its own price, else the product's base price."""
    # The product's base price is the outer row's (a variant's product is the product): no join to the products
    # again, and a check that PostgreSQL runs for each product it is asked about, with the variants' index, instead
    # of pricing every variant of the catalog into a hash first (issue 38).
    base_price = OuterRef("base_price")
    if customer_group_id is not None:
        record = PriceListRecord.objects.filter(
            variant=OuterRef("pk"), price_list__customer_group_id=customer_group_id
        ).values("price")[:1]
        effective = Coalesce(Subquery(record), "price", base_price, output_field=DecimalField(**MONEY))
    else:
        effective = Coalesce("price", base_price, output_field=DecimalField(**MONEY))
    variants = ProductVariant.objects.annotate(effective_price=effective)
    priced_variant = variants.filter(product=OuterRef("pk"), effective_price__gt=0)
    any_variant = ProductVariant.objects.filter(product=OuterRef("pk"))
    return queryset.filter(Exists(priced_variant) | (~Exists(any_variant) & Q(base_price__gt=0)))


def _search_scope(*, category_slug: str | None, product_ids: Sequence[int] | None) -> QuerySet[Product]:
    """The visible products a search looks among: of `product_ids`, of the category and its subcategories."""
    products = Product.objects.filter(is_visible=True)
    if product_ids is not None:
        products = products.filter(pk__in=list(product_ids))
    if category_slug:
        in_category = Product.categories.through.objects.filter(
            product_id=OuterRef("pk"), category_id__in=category_ids_with_descendants(category=category_slug)
        )
        products = products.filter(Exists(in_category))
    return products


def _search_ranks(query: str) -> list[Q]:
    """What a product must match to be found by `query` and how well, best first: every product found meets one
    condition of the list exactly, and its rank is that condition's position (each ordered by name and id).

    Ranks: 0, a whole code, CAS number or word is the query without its separators (" hs1042 "); 1, one of them
    starts so (" hs1042…"); 2, otherwise every query word starts a word of the product and its name starts with the
    query as typed; 3, every query word starts a word of the product. An empty query finds every product, by name.
    The search text and the words are lower case (`search_normalise`): a case-sensitive LIKE, which PostgreSQL's
    trigram index serves without upper-casing every text it checks (SQLite's LIKE ignores ASCII case anyway)."""
    words = search_words((query or "")[:MAX_QUERY_LENGTH])[:MAX_QUERY_WORDS]
    if not words:
        return [Q()]
    compact = "".join(words)
    whole = Q(search_text__contains=f" {compact} ")
    start = Q(search_text__contains=f" {compact}")
    if len(words) == 1:  # every word starts a word = the compact form starts one: ranks 2 and 3 are empty
        return [whole, start & ~whole]
    every_word = Q()
    for word in words:
        every_word &= Q(search_text__contains=f" {word}")
    name_start = Q(name__istartswith=query.strip()[:MAX_QUERY_LENGTH])
    return [whole, start & ~whole, every_word & name_start & ~start, every_word & ~start & ~name_start]


def _search_rank(query: str) -> Case | Value:
    """The rank of `_search_ranks` as one SQL expression (`product_search`'s order)."""
    ranks = _search_ranks(query)
    if len(ranks) == 1:
        return Value(0)
    return Case(
        *(When(condition, then=Value(rank)) for rank, condition in enumerate(ranks)), output_field=IntegerField()
    )


def _matching_products(
    *, query: str, category_slug: str | None, product_ids: Sequence[int] | None, customer_group_id: int | None
) -> QuerySet[Product]:
    """The visible, priced products matching a query, best matches first (`product_search` without its page)."""
    products = priced_products(
        _search_scope(category_slug=category_slug, product_ids=product_ids), customer_group_id=customer_group_id
    )
    ranks = _search_ranks(query)
    found = Q()
    for condition in ranks:
        found |= condition
    return products.filter(found).annotate(search_rank=_search_rank(query)).order_by("search_rank", "name", "pk")


def product_search(
    *,
    query: str = "",
    category_slug: str | None = None,
    product_ids: Sequence[int] | None = None,
    customer_group_id: int | None = None,
    limit: int = 50,
    offset: int = 0,
) -> QuerySet[Product]:
    """Visible, priced products matching a query (business §7 productsSearch), best matches first, with their
    variants and options prefetched.

    Chemistry-aware: a catalog number matches whatever its hyphens, spaces or case ("HS-1042-500" =
    "hs1042500", and "HS-1042" finds every pack size), a CAS registry number with or without hyphens
    ("64-17-5" = "64175"), synonyms, and words of the name, brand and description (each query word must start
    a word of the product). Works on SQLite and PostgreSQL alike (icontains on `Product.search_text`)."""
    products = _matching_products(
        query=query, category_slug=category_slug, product_ids=product_ids, customer_group_id=customer_group_id
    )
    offset = max(offset, 0)
    return products.prefetch_related(*product_catalog_prefetches())[offset : offset + max(limit, 0)]


# The columns of a page of search results (`product_search_page`), as the search answer shows them.
SEARCH_PRODUCT_COLUMNS = (
    "pk", "name", "sku", "slug", "brand", "cas_number", "availability", "inventory_tracking", "inventory_level",
    "purchasing_disabled", "base_price", "image",
)  # fmt: skip
SEARCH_VARIANT_COLUMNS = ("pk", "product_id", "sku", "image", "inventory_level", "purchasing_disabled")
SEARCH_VARIANT_VALUE_COLUMNS = ("pk", "label", "option_id", "option_display_name")
SEARCH_OPTION_COLUMNS = (
    "pk", "product_id", "type", "display_name", "required", "is_variant_option", "sort_order", "text_min_length",
    "text_max_length", "text_max_lines", "number_limited", "number_lowest_value", "number_highest_value",
    "number_integers_only", "default_value", "checkbox_label", "checked_by_default", "file_max_size", "file_types",
)  # fmt: skip
SEARCH_OPTION_VALUE_COLUMNS = ("pk", "label", "sort_order", "is_default", "value_data")


@dataclass(frozen=True)
class SearchPage:
    """A page of search results as plain rows (dicts keyed by the SEARCH_*_COLUMNS), in the order shown."""

    products: list[dict]
    # By product id: its variants (sort order, id), each with its "option_values" (by their option's sort order and
    # id, then their own sort order).
    variants: dict[int, list[dict]]
    # By product id: its options (sort order, id), each with its "values" (sort order, id).
    options: dict[int, list[dict]]


# A rank of the search with more products than this is walked in name order rather than read whole and sorted.
SEARCH_SORT_CAP = 2000


def _rank_is_dense(matching: QuerySet[Product]) -> bool:
    """Whether `matching` holds SEARCH_SORT_CAP products or more: counted up to the cap (a LIMIT in a subquery), so
    that a rank of half the catalog is not counted whole."""
    return matching.order_by()[:SEARCH_SORT_CAP].count() >= SEARCH_SORT_CAP


def _search_page_rows(
    *, scope: QuerySet[Product], ranks: list[Q], customer_group_id: int | None, wanted: int
) -> list[dict]:
    """The first `wanted` priced products found (SEARCH_PRODUCT_COLUMNS rows), best matches first: `product_search`'s
    products and order, read so that a large catalog costs what the page needs (issue 38).

    Rank by rank (`_search_ranks`), a batch of candidates in name order: a rank of fewer than SEARCH_SORT_CAP
    products (counted up to the cap first) is found whole (the search text's trigram index on PostgreSQL) and sorted,
    a larger one is walked in name order (the (name, id) index), where its products are dense enough to fill a page
    soon; a walk would be slow
    for a rank of a few hundred products named alike far down the alphabet ("Tris …"). Only then are the candidates
    priced (`priced_products`, by id: a handful of index lookups, where the whole catalog's prices were read before).
    A batch holds twice the rows still wanted and 16 more, so that unpriced candidates rarely need another; the next
    batch of a rank goes on after the last candidate's name and id. The ranks after the one that fills the page are
    never read."""
    rows: list[dict] = []
    for condition in ranks:
        matching = scope.filter(condition)
        # A dense rank is walked along the (name, id) index; a sparse one is found whole (the trigram index) and
        # sorted: NULLS FIRST, the same order for a name that is never null, is one the index does not give, so
        # PostgreSQL does not walk it for a rank whose few products lie far down the alphabet.
        if _rank_is_dense(matching):
            ordered = matching.order_by("name", "pk")
        else:
            ordered = matching.order_by(F("name").asc(nulls_first=True), "pk")
        after: tuple[str, int] | None = None
        while len(rows) < wanted:
            size = 2 * (wanted - len(rows)) + 16
            after_last = Q() if after is None else Q(name__gt=after[0]) | Q(name=after[0], pk__gt=after[1])
            found = list(ordered.filter(after_last).values_list("name", "pk")[:size])
            if found:
                ids = [pk for _, pk in found]
                priced = priced_products(
                    Product.objects.filter(pk__in=ids).order_by(), customer_group_id=customer_group_id
                )
                by_id = {row["pk"]: row for row in priced.values(*SEARCH_PRODUCT_COLUMNS)}
                rows.extend(by_id[pk] for pk in ids if pk in by_id)
            if len(found) < size:
                break
            after = found[-1]
        if len(rows) >= wanted:
            break
    return rows


def product_search_page(
    *,
    query: str = "",
    category_slug: str | None = None,
    product_ids: Sequence[int] | None = None,
    customer_group_id: int | None = None,
    limit: int = 50,
    offset: int = 0,
) -> SearchPage:
    """`product_search`'s page as plain rows, without model instances: the products (`_search_page_rows`: two
    queries for each batch of candidates, usually one batch, two when the best rank has too few), then two more when
    any are found: their variants with the variants' option values; their options with their values."""
    offset, limit = max(offset, 0), max(limit, 0)
    rows = _search_page_rows(
        scope=_search_scope(category_slug=category_slug, product_ids=product_ids),
        ranks=_search_ranks(query),
        customer_group_id=customer_group_id,
        wanted=offset + limit,
    )[offset : offset + limit]
    if not rows:
        return SearchPage(products=[], variants={}, options={})
    ids = [row["pk"] for row in rows]

    variants: dict[int, list[dict]] = {}
    variant_rows = (
        ProductVariant.objects.filter(product_id__in=ids)
        .order_by(
            "sort_order",
            "pk",
            "option_values__option__sort_order",
            "option_values__option_id",
            "option_values__sort_order",
            "option_values__pk",
        )
        .values_list(
            *SEARCH_VARIANT_COLUMNS,
            "option_values__pk",
            "option_values__label",
            "option_values__option_id",
            "option_values__option__display_name",
        )
    )
    variant_width = len(SEARCH_VARIANT_COLUMNS)
    current: dict | None = None
    for row in variant_rows:
        if current is None or current["pk"] != row[0]:
            current = dict(zip(SEARCH_VARIANT_COLUMNS, row[:variant_width], strict=True))
            current["option_values"] = []
            variants.setdefault(current["product_id"], []).append(current)
        if row[variant_width] is not None:
            current["option_values"].append(dict(zip(SEARCH_VARIANT_VALUE_COLUMNS, row[variant_width:], strict=True)))

    options: dict[int, list[dict]] = {}
    option_rows = (
        ProductOption.objects.filter(product_id__in=ids)
        .order_by("sort_order", "pk", "values__sort_order", "values__pk")
        .values_list(*SEARCH_OPTION_COLUMNS, *(f"values__{column}" for column in SEARCH_OPTION_VALUE_COLUMNS))
    )
    option_width = len(SEARCH_OPTION_COLUMNS)
    current = None
    for row in option_rows:
        if current is None or current["pk"] != row[0]:
            current = dict(zip(SEARCH_OPTION_COLUMNS, row[:option_width], strict=True))
            current["values"] = []
            options.setdefault(current["product_id"], []).append(current)
        if row[option_width] is not None:
            current["values"].append(dict(zip(SEARCH_OPTION_VALUE_COLUMNS, row[option_width:], strict=True)))
    return SearchPage(products=rows, variants=variants, options=options)


def product_detail(*, slug: str | None = None, product_id: int | None = None) -> Product | None:
    """A visible product by slug or id, with its variants, options, values and categories; None when there is
    no such visible product."""
    products = Product.objects.filter(is_visible=True)
    if slug is not None:
        products = products.filter(slug=slug)
    elif product_id is not None:
        products = products.filter(pk=product_id)
    else:
        return None
    return products.prefetch_related(*product_catalog_prefetches(), "categories").first()


def variants_by_skus(*, skus: Sequence[str]) -> list[ProductVariant]:
    """Variants of visible products by SKU (case-insensitive), in the order asked; unknown SKUs are left out."""
    wanted = [sku.strip().upper() for sku in skus if sku and sku.strip()]
    if not wanted:
        return []
    values = OptionValue.objects.select_related("option").order_by("option__sort_order", "option_id", "sort_order")
    found = {
        variant.sku_upper: variant
        for variant in ProductVariant.objects.annotate(sku_upper=Upper("sku"))
        .filter(sku_upper__in=set(wanted), product__is_visible=True)
        .select_related("product")
        .prefetch_related(Prefetch("option_values", queryset=values))
    }
    ordered: list[ProductVariant] = []
    seen: set[str] = set()
    for sku in wanted:
        if sku in found and sku not in seen:
            seen.add(sku)
            ordered.append(found[sku])
    return ordered


# --- purchasability and stock (business §4) -----------------------------------------------------------------------


@dataclass(frozen=True)
class Purchasability:
    """business §7 productPurchasable."""

    availability: str
    inventory_level: int
    inventory_tracking: str
    purchasing_disabled: bool


def product_purchasable(*, product_id: int, sku: str | None = None) -> Purchasability:
    """Whether a visible product (or its variant with `sku`) can be bought; raises Product.DoesNotExist or
    ProductVariant.DoesNotExist. Without a variant, a product tracked per variant reports its variants' total."""
    product = Product.objects.get(pk=product_id, is_visible=True)
    variant = None
    if sku and sku.strip() and sku.strip().upper() != product.sku.upper():
        variant = (
            ProductVariant.objects.annotate(sku_upper=Upper("sku"))
            .filter(product=product, sku_upper=sku.strip().upper())
            .get()
        )
    if product.inventory_tracking == InventoryTracking.VARIANT:
        if variant is not None:
            level = variant.inventory_level
        else:
            level = product.variants.aggregate(total=Sum("inventory_level"))["total"] or 0
    else:
        level = product.inventory_level
    return Purchasability(
        availability=product.availability,
        inventory_level=level,
        inventory_tracking=product.inventory_tracking,
        purchasing_disabled=product.purchasing_disabled or bool(variant and variant.purchasing_disabled),
    )
