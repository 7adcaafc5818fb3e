"""productsSearch's answer (issue 21).

A page of results is read as rows (`selectors.product_search_page`, three queries), priced for quantity 1 by the
engine in one call (two queries), and kept as data: dicts keyed by the GraphQL field names of pricing/graphql/types.py's
search result types, which a guest's answer is cached as (pricing/search_cache.py) and the option texts are
translated on (pricing/translations.py). Image URLs are built as paths first and made absolute for the request last,
with the product pages' URLs (`absolute_urls`), one `build_absolute_uri` per distinct path. `search_results` then
builds the instances of the types the resolver returns: a key missing from the data fails there, loudly.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import strawberry

from portal.actor import PortalActor
from pricing import calculation, selectors
from pricing.graphql.types import (
    BcCalculatedPrice,
    ProductOptionConfig,
    ProductOptionType,
    ProductOptionValue,
    ProductSearchResult,
    ProductSearchVariant,
    VariantOptionValue,
    absolute_url,
    product_path,
)
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


# --- the instances the resolver returns -------------------------------------------------------------------------


def search_results(products: list[dict]) -> list[ProductSearchResult]:
    """The ProductSearchResults of an answer's data (`search_answer`, translated, with its absolute URLs)."""
    options_made: dict[int, ProductOptionType] = {}

    def option(data: dict) -> ProductOptionType:
        # A product's options, modifiers and allOptions hold the same option data: one instance for each.
        made = options_made.get(id(data))
        if made is None:
            made = options_made[id(data)] = _option_type(data)
        return made

    return [
        ProductSearchResult(
            name=product["name"],
            sku=product["sku"],
            slug=product["slug"],
            brand=product["brand"],
            cas_number=product["casNumber"],
            availability=product["availability"],
            inventory_tracking=product["inventoryTracking"],
            inventory_level=product["inventoryLevel"],
            purchasing_disabled=product["purchasingDisabled"],
            id=product["id"],
            base_price=product["basePrice"],
            price_on_request=product["priceOnRequest"],
            image_url=product["imageUrl"],
            product_url=product["productUrl"],
            variants=[_search_variant(variant) for variant in product["variants"]],
            options=[option(data) for data in product["options"]],
            modifiers=[option(data) for data in product["modifiers"]],
            all_options=[option(data) for data in product["allOptions"]],
        )
        for product in products
    ]


def _search_variant(variant: dict) -> ProductSearchVariant:
    both = variant["bcCalculatedPrice"]
    return ProductSearchVariant(
        sku=variant["sku"],
        inventory_level=variant["inventoryLevel"],
        purchasing_disabled=variant["purchasingDisabled"],
        variant_id=variant["variantId"],
        product_id=variant["productId"],
        image_url=variant["imageUrl"],
        calculated_price=variant["calculatedPrice"],
        bc_calculated_price=(
            BcCalculatedPrice(tax_inclusive=both["taxInclusive"], tax_exclusive=both["taxExclusive"])
            if both is not None
            else None
        ),
        option_values=[
            VariantOptionValue(
                id=value["id"],
                label=value["label"],
                option_id=value["optionId"],
                option_display_name=value["optionDisplayName"],
            )
            for value in variant["optionValues"]
        ],
    )


def _option_type(option: dict) -> ProductOptionType:
    config = option["config"]
    return ProductOptionType(
        type=option["type"],
        display_name=option["displayName"],
        required=option["required"],
        is_variant_option=option["isVariantOption"],
        sort_order=option["sortOrder"],
        id=option["id"],
        config=ProductOptionConfig(
            text_min_length=config["textMinLength"],
            text_max_length=config["textMaxLength"],
            text_max_lines=config["textMaxLines"],
            number_limited=config["numberLimited"],
            number_limit_mode=config["numberLimitMode"],
            number_lowest_value=config["numberLowestValue"],
            number_highest_value=config["numberHighestValue"],
            number_integers_only=config["numberIntegersOnly"],
            default_value=config["defaultValue"],
            checkbox_label=config["checkboxLabel"],
            checked_by_default=config["checkedByDefault"],
            file_max_size=config["fileMaxSize"],
            file_types=config["fileTypes"],
        ),
        option_values=[
            ProductOptionValue(
                label=value["label"],
                sort_order=value["sortOrder"],
                is_default=value["isDefault"],
                value_data=value["valueData"],
                id=value["id"],
            )
            for value in option["optionValues"]
        ],
    )
