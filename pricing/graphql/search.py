"""productsSearch's answer as plain data (issue 21; portal.graphql.plain).

A page of results is read as rows (`selectors.product_search_page`, three queries), priced for quantity 1 by the
engine in one call (two queries), and built as the dicts of pricing/graphql/types.py's search result types, keyed by
GraphQL field name: the executor completes them from the selection instead of calling a resolver per field. The
answer is the one the per-field resolvers gave (tests/pricing/test_search_plain.py compares them).

Image URLs are built as paths first and made absolute for the request last, with the product pages' URLs
(`absolute_urls`), one `build_absolute_uri` per distinct path: a guest's answer is cached without them
(pricing/search_cache.py).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import strawberry

from portal.actor import PortalActor
from pricing import calculation, selectors
from pricing.graphql.types import absolute_url, product_path
from pricing.models import is_price_on_request
from pricing.options import format_limit


def search_answer(page: selectors.SearchPage, *, actor: PortalActor, currency_code: str | None) -> list[dict]:
    """The page's ProductSearchResult dicts with the caller's prices (null when hidden for the caller, or when the
    product's price is on request); image URLs still as paths and no page URL: `absolute_urls` adds them for the
    request. Nothing in it depends on the request but the caller's prices (a guest's answer is cached as it is)."""
    pricing = calculation.store_pricing(currency_code=currency_code)
    prices: dict[int, calculation.PriceResult] = {}
    base_prices: dict[int, Decimal] = {}
    if not calculation.prices_hidden_for(actor):
        priced = [row for row in page.products if not is_price_on_request(row["availability"])]
        variants = [variant for row in priced for variant in page.variants.get(row["pk"], ())]
        results = calculation.price_items(
            items=[
                calculation.PriceRequestItem(product_id=variant["product_id"], variant_id=variant["pk"], quantity=1)
                for variant in variants
            ],
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=currency_code,
            pricing=pricing,
        )
        prices = {variant["pk"]: result for variant, result in zip(variants, results, strict=True)}
        base_prices = {row["pk"]: pricing.convert(row["base_price"]) for row in priced}
    return [_product(row, page, prices, base_prices) for row in page.products]


def _product(
    row: dict, page: selectors.SearchPage, prices: dict[int, calculation.PriceResult], base_prices: dict[int, Decimal]
) -> dict:
    options = [_option(option) for option in page.options.get(row["pk"], ())]
    product_image = row["image"]
    return {
        "name": row["name"],
        "sku": row["sku"],
        "slug": row["slug"],
        "brand": row["brand"],
        "casNumber": row["cas_number"],
        "availability": row["availability"],
        "inventoryTracking": row["inventory_tracking"],
        "inventoryLevel": row["inventory_level"],
        "purchasingDisabled": row["purchasing_disabled"],
        "id": row["pk"],
        "basePrice": base_prices.get(row["pk"]),
        "priceOnRequest": is_price_on_request(row["availability"]),
        "imageUrl": product_image,  # and productUrl: see absolute_urls
        "variants": [_variant(variant, product_image, prices) for variant in page.variants.get(row["pk"], ())],
        "options": [option for option in options if option["isVariantOption"]],
        "modifiers": [option for option in options if not option["isVariantOption"]],
        "allOptions": options,
    }


def _variant(variant: dict, product_image: str, prices: dict[int, calculation.PriceResult]) -> dict:
    price = prices.get(variant["pk"])
    calculated = price.calculated_price if price is not None else None
    return {
        "sku": variant["sku"],
        "inventoryLevel": variant["inventory_level"],
        "purchasingDisabled": variant["purchasing_disabled"],
        "variantId": variant["pk"],
        "productId": variant["product_id"],
        "imageUrl": variant["image"] or product_image,
        "calculatedPrice": calculated.tax_exclusive if calculated is not None else None,
        "bcCalculatedPrice": (
            {"taxInclusive": calculated.tax_inclusive, "taxExclusive": calculated.tax_exclusive}
            if calculated is not None
            else None
        ),
        "optionValues": [
            {
                "id": value["pk"],
                "label": value["label"],
                "optionId": value["option_id"],
                "optionDisplayName": value["option_display_name"],
            }
            for value in variant["option_values"]
        ],
    }


def _limit(value: Decimal | None) -> Decimal | None:
    """10.0000 → 10, 2.5000 → 2.5: limits as the validation messages write them (business §5)."""
    return Decimal(format_limit(value)) if value is not None else None


def _option(option: dict) -> dict:
    return {
        "type": option["type"],
        "displayName": option["display_name"],
        "required": option["required"],
        "isVariantOption": option["is_variant_option"],
        "sortOrder": option["sort_order"],
        "id": option["pk"],
        "config": {
            "textMinLength": option["text_min_length"],
            "textMaxLength": option["text_max_length"],
            "textMaxLines": option["text_max_lines"],
            "numberLimited": bool(option["number_limited"]),
            "numberLimitMode": option["number_limited"],
            "numberLowestValue": _limit(option["number_lowest_value"]),
            "numberHighestValue": _limit(option["number_highest_value"]),
            "numberIntegersOnly": option["number_integers_only"],
            "defaultValue": option["default_value"],
            "checkboxLabel": option["checkbox_label"],
            "checkedByDefault": option["checked_by_default"],
            "fileMaxSize": option["file_max_size"],
            "fileTypes": [ext.strip() for ext in option["file_types"].split(",") if ext.strip()],
        },
        "optionValues": [
            {
                "label": value["label"],
                "sortOrder": value["sort_order"],
                "isDefault": value["is_default"],
                "valueData": value["value_data"],
                "id": value["pk"],
            }
            for value in option["values"]
        ],
    }


def absolute_urls(info: strawberry.Info, products: list[dict]) -> list[dict]:
    """Makes the answer's image paths absolute URLs for this request and adds the product pages' (in place), as
    `absolute_url` and `product_url` do, once per distinct path."""
    urls: dict[str, Any] = {}

    def url(path: str) -> str | None:
        found = urls.get(path, urls)
        if found is urls:
            found = urls[path] = absolute_url(info, path)
        return found

    for product in products:
        product["imageUrl"] = url(product["imageUrl"])
        product["productUrl"] = url(product_path(product["slug"]))
        for variant in product["variants"]:
            variant["imageUrl"] = url(variant["imageUrl"])
    return products
