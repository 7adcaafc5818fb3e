"""Writes of the catalog app."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F

from portal.startup_cache import catalog_data_changed
from pricing.errors import PricingErrorCode
from pricing.models import InventoryTracking, Product, ProductVariant
from pricing.options import OUT_OF_STOCK_MESSAGE
from pricing.selectors import product_search_text_build


def product_search_text_refresh(product: Product) -> str:
    """Recompute and store the product's normalised search text (catalog numbers, CAS number, synonyms, name,
    brand, description words). Call it after changing any of those or a variant's SKU (admin and the demo seed
    do). Returns the new text."""
    variants = ProductVariant.objects.filter(product=product).order_by("sort_order", "pk")
    variant_skus = variants.values_list("sku", flat=True)
    text = product_search_text_build(product=product, variant_skus=list(variant_skus))
    Product.objects.filter(pk=product.pk).update(search_text=text)
    catalog_data_changed()  # the update sends no signal (pricing/search_cache.py)
    product.search_text = text
    return text


@transaction.atomic
def product_search_text_refresh_all(*, products: Iterable[Product] | None = None) -> int:
    """Refresh the search text of many products (every product when `products` is None). Returns the count."""
    chosen = list(Product.objects.all() if products is None else products)
    variants = ProductVariant.objects.order_by("sort_order", "pk")
    if products is not None:
        variants = variants.filter(product_id__in=[product.pk for product in chosen])
    skus: dict[int, list[str]] = {}
    for product_id, sku in variants.values_list("product_id", "sku"):
        skus.setdefault(product_id, []).append(sku)
    for product in chosen:
        product.search_text = product_search_text_build(product=product, variant_skus=skus.get(product.pk, []))
    Product.objects.bulk_update(chosen, ["search_text"], batch_size=500)
    catalog_data_changed()  # bulk_update sends no signal (pricing/search_cache.py)
    return len(chosen)


@transaction.atomic
def stock_consume(*, lines: Iterable[tuple[int, int | None, int]]) -> None:
    """Take ordered quantities out of tracked stock: `lines` are (product id, variant id or None, quantity).
    Products tracked per product lose stock on the product, those tracked per variant on the variant; untracked
    products are left alone. Raises ValidationError (code out_of_stock / insufficient_stock) and changes nothing
    when a line asks for more than is in stock (business §4 stock check); rows are locked while checked."""
    wanted_products: dict[int, int] = {}
    wanted_variants: dict[int, int] = {}
    lines = list(lines)
    products = {
        p.pk: p for p in Product.objects.select_for_update().filter(pk__in={product_id for product_id, _, _ in lines})
    }
    for product_id, variant_id, quantity in lines:
        product = products.get(product_id)
        if product is None or quantity <= 0:
            continue
        if product.inventory_tracking == InventoryTracking.PRODUCT:
            wanted_products[product_id] = wanted_products.get(product_id, 0) + quantity
        elif product.inventory_tracking == InventoryTracking.VARIANT and variant_id is not None:
            wanted_variants[variant_id] = wanted_variants.get(variant_id, 0) + quantity
    variants = {v.pk: v for v in ProductVariant.objects.select_for_update().filter(pk__in=wanted_variants)}
    for product_id, quantity in wanted_products.items():
        _refuse_short_stock(products[product_id].inventory_level, quantity)
    for variant_id, quantity in wanted_variants.items():
        if variant_id in variants:
            _refuse_short_stock(variants[variant_id].inventory_level, quantity)
    for product_id, quantity in wanted_products.items():
        Product.objects.filter(pk=product_id).update(inventory_level=F("inventory_level") - quantity)
    for variant_id, quantity in wanted_variants.items():
        ProductVariant.objects.filter(pk=variant_id).update(inventory_level=F("inventory_level") - quantity)
    if wanted_products or wanted_variants:
        catalog_data_changed()  # the updates send no signal; search answers show stock (pricing/search_cache.py)


def stock_restore(*, lines: Iterable[tuple[int | None, int | None, int]]) -> None:
    """Put quantities back into tracked stock (a cancelled order): `lines` as for stock_consume; a line whose product
    is gone (None) or not tracked is left alone, a variant line only while the product is tracked per variant."""
    kept = [
        (product, variant, quantity) for product, variant, quantity in lines if product is not None and quantity > 0
    ]
    tracking = dict(Product.objects.filter(pk__in={line[0] for line in kept}).values_list("pk", "inventory_tracking"))
    for product_id, variant_id, quantity in kept:
        if tracking.get(product_id) == InventoryTracking.PRODUCT:
            Product.objects.filter(pk=product_id).update(inventory_level=F("inventory_level") + quantity)
        elif tracking.get(product_id) == InventoryTracking.VARIANT and variant_id is not None:
            ProductVariant.objects.filter(pk=variant_id, product_id=product_id).update(
                inventory_level=F("inventory_level") + quantity
            )
    if kept:
        catalog_data_changed()  # the updates send no signal; search answers show stock (pricing/search_cache.py)


def _refuse_short_stock(in_stock: int, quantity: int) -> None:
    if quantity > in_stock:
        if in_stock <= 0:
            raise ValidationError(OUT_OF_STOCK_MESSAGE, code=PricingErrorCode.OUT_OF_STOCK)
        raise ValidationError(f"Only {in_stock:,} in stock.", code=PricingErrorCode.INSUFFICIENT_STOCK)
