"""A productsSearch page, cached (issue 21: the overlay's product search box is the start-up mix's largest request;
issue 38: a signed-in buyer's search too, a third of the 20-client mix on a large catalog).

The answer to the same arguments depends on the caller only through the customer group whose prices they see and
whether prices are hidden from them (pricing.calculation customer_group_for, prices_hidden_for; search_answer of
pricing/graphql/search.py), so it is the same for every caller with the same two: a guest (no group, never hidden),
every buyer of the companies of one customer group. It is kept in Django's cache (Redis in production) as plain data
(pricing/graphql/search.py `search_answer`, without the request's absolute URLs) under the catalog generation of
portal/startup_cache.py, and under its store-wide generation, since the prices use the currency and the tax zone.

Invalidation: every row the answer is read from replaces the catalog generation when it changes — the signals of the
models below (products, variants and their option values, options and values, categories and product categories,
tiers, price lists and records), and `catalog_data_changed()` after each write that sends none (pricing/services.py:
stock taken and put back, search text; pricing/demo.py). Currencies, tax zones and the store are the store-wide
generation's (`SOURCE_MODELS`). A change shows on the next request. The key is the arguments alone, not the channel
or the language: the products, their prices and names are the same on every channel, and the URLs that depend on the
request (its host, the page's path) are made for each request (`absolute_urls`). Entries also expire after
SEARCH_TIMEOUT: a bound on what a write outside the application (a database console, a data migration) leaves
stale, and on how long the answers to rare searches stay in the cache. The caller's group and hidden prices are read
for each request: a company moved to another group, or approved, gets the other group's answer on its next search.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence

from django.db.models.signals import m2m_changed, post_delete, post_save

from portal.startup_cache import catalog_cached, catalog_data_changed
from pricing.models import (
    BulkPricingTier,
    Category,
    OptionValue,
    OptionValueTranslation,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductOptionTranslation,
    ProductVariant,
)

SEARCH_TIMEOUT = 300

# Every model a search answer reads (pricing/selectors.py product_search_page, the engine's catalog rows).
CATALOG_MODELS = (
    Product,
    ProductVariant,
    ProductOption,
    OptionValue,
    # The option texts in other languages (pricing/translations.py keeps them under the same generation).
    ProductOptionTranslation,
    OptionValueTranslation,
    Category,
    BulkPricingTier,
    PriceList,
    PriceListRecord,
    Product.categories.through,
    ProductVariant.option_values.through,
)
MANY_TO_MANY = (Product.categories.through, ProductVariant.option_values.through)


def connect_signals() -> None:
    for model in CATALOG_MODELS:
        uid = f"pricing.search_cache.{model.__name__}"
        post_save.connect(catalog_data_changed, sender=model, dispatch_uid=f"{uid}.save")
        post_delete.connect(catalog_data_changed, sender=model, dispatch_uid=f"{uid}.delete")
    for through in MANY_TO_MANY:
        m2m_changed.connect(
            catalog_data_changed, sender=through, dispatch_uid=f"pricing.search_cache.{through.__name__}"
        )


def cached_search(
    *,
    query: str,
    category_slug: str | None,
    product_ids: Sequence[int] | None,
    currency_code: str | None,
    limit: int,
    offset: int,
    customer_group_id: int | None,
    prices_hidden: bool,
    build: Callable[[], list[dict]],
) -> list[dict]:
    """The answer to these search arguments for a caller of this customer group (None: a guest's prices) and hidden
    prices: from the cache when it holds one of the current generations, else `build()`, kept. The arguments are the
    key, hashed (a search is up to 200 characters, ids up to 500).

    The products and their variants are dicts of the caller's own: the cached answer is shared by every request of
    this process (portal/startup_cache.py), and `absolute_urls` completes these dicts in place with the request's
    URLs. What is below them (prices, options) is read only."""
    arguments = [
        query, category_slug, None if product_ids is None else list(product_ids), currency_code, limit, offset,
        customer_group_id, prices_hidden,
    ]  # fmt: skip
    digest = hashlib.sha256(json.dumps(arguments).encode()).hexdigest()
    products = catalog_cached(f"search:{digest}", build, timeout=SEARCH_TIMEOUT)
    return [{**product, "variants": [{**variant} for variant in product["variants"]]} for product in products]
