from __future__ import annotations

from typing import Annotated, Any

import strawberry

from portal.errors import InputError, PortalError, field_error
from portal.graphql.selection import selected_field_names
from portal.selectors import DEFAULT_CHANNEL_ID, channel_get
from pricing import calculation, search_cache, selectors
from pricing.errors import PRICES_HIDDEN_MESSAGE, PricingErrorCode
from pricing.graphql.search import absolute_urls, search_answer, search_results
from pricing.graphql.types import (
    BulkPricingTier,
    NextTierHint,
    PricedProduct,
    PriceItemInput,
    PriceOptionSelection,
    ProductPrice,
    ProductPurchasable,
    ProductSearchResult,
    VariantSkuResult,
)
from pricing.translations import option_texts, search_answer_translated

# Input and output bounds (ARCHITECTURE §5).
MAX_PRICE_ITEMS = 500
MAX_ITEM_OPTIONS = 50
MAX_SEARCH_RESULTS = 100
MAX_PRODUCT_IDS = 500
MAX_VARIANT_SKUS = 100

CALLERS_GROUP_NOTE = (
    "Prices are always the caller's own: the customer group of the caller's company (the masqueraded company "
    "while masquerading), else the caller's own group, else the default prices; a customerGroupId or companyId "
    "other than the caller's own is ignored and never reveals another group's prices."
)


def _bounded(name: str, values: list | None, limit: int) -> None:
    if values is not None and len(values) > limit:
        message = f"Send at most {limit} {name} at a time."
        raise InputError(message, fields=field_error(name, f"Send at most {limit}.", code="too_many_items"))


@strawberry.type
class Query:
    @strawberry.field(
        description="Visible products matching a search (business §7 productsSearch): catalog numbers with or "
        "without hyphens and spaces, CAS numbers with or without hyphens, synonyms, name and description words. "
        "Products whose variants are all zero-priced are left out. Prices are null while the caller's company is "
        f"pending approval and the store hides prices from pending accounts. {CALLERS_GROUP_NOTE} Guest-allowed."
    )
    def products_search(
        self,
        info: strawberry.Info,
        search: Annotated[str | None, strawberry.argument(description="At most 200 characters.")] = None,
        product_ids: Annotated[list[int] | None, strawberry.argument(description="At most 500 ids.")] = None,
        currency_code: Annotated[
            str | None, strawberry.argument(description="The store's default currency when empty.")
        ] = None,
        company_id: Annotated[int | None, strawberry.argument(description="Ignored: see the field.")] = None,
        customer_group_id: Annotated[int | None, strawberry.argument(description="Ignored: see the field.")] = None,
        category_filter: Annotated[
            str | None, strawberry.argument(description="A category slug or id; its subcategories are included.")
        ] = None,
        first: Annotated[int, strawberry.argument(description="Page size, at most 100.")] = 50,
        offset: int = 0,
    ) -> list[ProductSearchResult]:
        if search is not None and len(search) > selectors.MAX_QUERY_LENGTH:
            message = f"Enter at most {selectors.MAX_QUERY_LENGTH} characters."
            raise InputError(fields=field_error("search", message, code="max_length"))
        _bounded("productIds", product_ids, MAX_PRODUCT_IDS)
        if first < 0 or offset < 0:
            raise InputError(
                fields=field_error("first" if first < 0 else "offset", "Enter 0 or more.", code="out_of_range")
            )
        if first > MAX_SEARCH_RESULTS:
            # Refused, not silently cut: a client asking for 500 must learn it gets at most 100 (issue 12).
            message = f"Ask for at most {MAX_SEARCH_RESULTS} products at a time."
            raise InputError(message, fields=field_error("first", message, code="out_of_range"))
        actor = info.context.actor
        arguments: dict[str, Any] = {
            "query": search or "",
            "category_slug": category_filter or None,
            "product_ids": product_ids,
            "limit": first,
            "offset": offset,
        }

        customer_group_id = calculation.customer_group_for(actor)

        def answer() -> list[dict]:
            page = selectors.product_search_page(customer_group_id=customer_group_id, **arguments)
            return search_answer(page, actor=actor, currency_code=currency_code)

        # The same for every caller of the group with the same hidden prices: cached (pricing/search_cache.py).
        products = search_cache.cached_search(
            **arguments,
            currency_code=currency_code,
            customer_group_id=customer_group_id,
            prices_hidden=calculation.prices_hidden_for(actor),
            build=answer,
        )
        # The option texts in the caller's language (issue 36 item 13), on the caller's own copy of the answer.
        products = search_answer_translated(products, option_texts())
        return search_results(absolute_urls(info, products))

    @strawberry.field(
        description="Variants of visible products by SKU (case-insensitive), in the order asked; unknown SKUs "
        f"are left out. At most {MAX_VARIANT_SKUS} SKUs. {CALLERS_GROUP_NOTE} Guest-allowed."
    )
    def variant_sku(
        self,
        info: strawberry.Info,
        variant_skus: list[str],
        currency_code: Annotated[
            str | None, strawberry.argument(description="The store's default currency when empty.")
        ] = None,
    ) -> list[VariantSkuResult]:
        _bounded("variantSkus", variant_skus, MAX_VARIANT_SKUS)
        actor = info.context.actor
        pricing = calculation.store_pricing(currency_code=currency_code)
        variants = selectors.variants_by_skus(skus=[sku[:64] for sku in variant_skus])
        priced = [variant for variant in variants if not variant.product.price_on_request]
        prices: dict[int, calculation.PriceResult] = {}
        if priced and not calculation.prices_hidden_for(actor):
            results = calculation.price_items(
                items=[calculation.PriceRequestItem(product_id=v.product_id, variant_id=v.pk) for v in priced],
                customer_group_id=calculation.customer_group_for(actor),
                currency_code=currency_code,
                pricing=pricing,
            )
            prices = {variant.pk: result for variant, result in zip(priced, results, strict=True)}
        texts = option_texts()
        return [VariantSkuResult.of(info, variant, prices.get(variant.pk), texts) for variant in variants]

    @strawberry.field(
        description="Whether a visible product, or its variant with `sku`, can be bought (business §7). Guest-allowed."
    )
    def product_purchasable(self, product_id: int, sku: str | None = None) -> ProductPurchasable:
        state = selectors.product_purchasable(product_id=product_id, sku=(sku or "")[:64] or None)
        return ProductPurchasable(
            availability=state.availability,
            inventory_level=state.inventory_level,
            inventory_tracking=state.inventory_tracking,
            purchasing_disabled=state.purchasing_disabled,
        )

    @strawberry.field(
        description="Unit prices of up to 500 items (business §3, §7 priceProducts): customer group price, "
        "option adjustments, quantity breaks, tax and currency, with the next cheaper quantity break. Fails "
        f"with PRICES_HIDDEN while the caller's company is pending approval and the store hides prices from "
        f"pending accounts. An item whose price is on request has priceOnRequest and no amounts. "
        f"{CALLERS_GROUP_NOTE} Guest-allowed."
    )
    def price_products(
        self,
        info: strawberry.Info,
        currency_code: str,
        items: list[PriceItemInput],
        channel_id: int = DEFAULT_CHANNEL_ID,
        customer_group_id: Annotated[int | None, strawberry.argument(description="Ignored: see the field.")] = None,
    ) -> list[PricedProduct]:
        _bounded("items", items, MAX_PRICE_ITEMS)
        request_items = []
        for index, item in enumerate(items):
            options = item.options
            if len(options) > MAX_ITEM_OPTIONS:
                message = f"Send at most {MAX_ITEM_OPTIONS} options."
                raise InputError(fields=field_error(f"items.{index}.options", message, code="too_many_items"))
            request_items.append(_request_item(item, options))
        actor = info.context.actor
        channel = channel_get(channel_id=channel_id)
        if calculation.prices_hidden_for(actor, channel_id=channel.channel_id):
            raise PortalError(PRICES_HIDDEN_MESSAGE, code=PricingErrorCode.PRICES_HIDDEN)
        results = calculation.price_items(
            items=request_items,
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=currency_code,
        )
        # One PricedProduct instance per item, its ProductPrices and BulkPricingTiers shared (`_PricedProducts`); the
        # parts that cost an object per item are made only when the operation selects them.
        selected = selected_field_names(info)
        build = _PricedProducts(with_options="options" in selected, with_line_total="lineTotal" in selected)
        return [build.priced(result, item) for result, item in zip(results, items, strict=True)]


_new_object = object.__new__


def _request_item(item: PriceItemInput, options: list) -> calculation.PriceRequestItem:
    """The engine's request item of an input item: what `PriceRequestItem(...)` makes, without its frozen __init__'s
    `object.__setattr__` per field (500 items: 0.7 ms → 0.2 ms), as the engine makes its results; its fields go into
    the instance's own dict (a quarter cheaper than replacing it by `object.__setattr__`). A test compares both."""
    request_item = _new_object(calculation.PriceRequestItem)
    fields = request_item.__dict__
    fields["product_id"] = item.product_id
    fields["variant_id"] = item.variant_id
    fields["quantity"] = item.quantity
    fields["options"] = (
        [(option.option_id, option.value_id if option.value_id is not None else option.value) for option in options]
        if options
        else []
    )
    return request_item


class _PricedProducts:
    """Builds the PricedProduct of each item of one request. The engine gives the items of a product the same Price
    object for the same amount, the same tiers and the same tier list, and an answer never changes them: each becomes
    one ProductPrice, BulkPricingTier or list, shared by the items (kept by the engine object's id while the results
    keep the object alive). `options` and `lineTotal` cost an object per item: made only when selected, else empty
    (never read)."""

    def __init__(self, *, with_options: bool, with_line_total: bool) -> None:
        self.with_options = with_options
        self.with_line_total = with_line_total
        self.shared: dict[int, Any] = {}

    def price(self, price: calculation.Price) -> ProductPrice:
        made = self.shared.get(id(price))
        if made is None:
            made = self.shared[id(price)] = ProductPrice.of(price)
        return made

    def tier(self, tier: calculation.BulkTier) -> BulkPricingTier:
        made = self.shared.get(id(tier))
        if made is None:
            made = self.shared[id(tier)] = BulkPricingTier.of(tier)
        return made

    def tiers(self, tiers: list[calculation.BulkTier]) -> list[BulkPricingTier]:
        made = self.shared.get(id(tiers))
        if made is None:
            made = self.shared[id(tiers)] = [self.tier(tier) for tier in tiers]
        return made

    def priced(self, result: calculation.PriceResult, item: PriceItemInput) -> PricedProduct:
        options = (
            [PriceOptionSelection(option_id=o.option_id, value_id=o.value_id, value=o.value) for o in item.options]
            if self.with_options
            else []
        )
        if result.price_on_request:  # issue 13: no amount of any kind, not even its quantity breaks
            price = base_price = line_total = applied_tier = next_tier = None
            bulk_pricing = []
        else:
            price = self.price(result.calculated_price)
            base_price = self.price(result.base_price)
            line_total = ProductPrice.of(result.line_total) if self.with_line_total else None
            bulk_pricing = self.tiers(result.bulk_pricing)
            applied_tier = self.tier(result.applied_tier) if result.applied_tier else None
            hint = result.next_tier
            next_tier = None
            if hint:
                next_tier = NextTierHint(
                    additional_quantity=hint.additional_quantity,
                    minimum=hint.minimum,
                    price=self.price(hint.unit_price),
                )
        return PricedProduct(
            product_id=result.product_id,
            variant_id=result.variant_id,
            quantity=result.quantity,
            options=options,
            currency_code=result.currency_code,
            price=price,
            base_price=base_price,
            line_total=line_total,
            bulk_pricing=bulk_pricing,
            applied_tier=applied_tier,
            next_tier=next_tier,
            tax_rate=result.tax_rate,
            show_inclusive=result.show_inclusive,
            price_on_request=result.price_on_request,
        )
