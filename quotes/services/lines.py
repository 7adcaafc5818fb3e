"""The draft: resolving what is added (business §4, §5): SKU or product and variant, options, quantity, prices.
Nothing is written here."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError

from accounts.selectors import Actor
from pricing import calculation
from pricing.models import OptionType, Product, ProductVariant
from pricing.options import REQUIRED_OPTIONS_MESSAGE, checkbox_ticked, option_errors, validate_quote_line_quantity
from pricing.selectors import product_catalog_prefetches, variants_by_skus
from quotes.errors import NO_SKU_MESSAGE, PRICE_ERROR_MESSAGE, QUANTITY_MESSAGE, QuoteErrorCode, field_error
from quotes.selectors import options_key

MAX_OPTIONS_PER_LINE = 50


@dataclass(frozen=True)
class DraftLineRequest:
    """One product to add (business §3 draft line as added): by SKU, or by product and variant, with options as
    (option id, value) pairs; a variant option's value may stand for the variant."""

    quantity: Any
    sku: str | None = None
    product_id: int | None = None
    variant_id: int | None = None
    options: Sequence[tuple[int, Any]] = ()


@dataclass
class ResolvedLine:
    product: Product
    variant: ProductVariant
    quantity: int
    options: list[list]  # normalised [[option id, value], …]

    @property
    def key(self) -> tuple:
        return (self.variant.pk, options_key(self.options))


def _normalised_options(product: Product, selections: dict[int, Any]) -> list[list]:
    """The modifier selections as stored: empty values and unticked checkboxes left out, sorted by option id."""
    by_id = {option.pk: option for option in product.options.all()}
    kept = []
    for option_id, value in selections.items():
        option = by_id.get(option_id)
        if option is None or option.is_variant_option:
            continue
        if option.type == OptionType.CHECKBOX:
            if not checkbox_ticked(option, value):
                continue
        elif value is None or str(value).strip() == "":
            continue
        kept.append([option_id, str(value).strip() if isinstance(value, str) else value])
    return sorted(kept, key=lambda pair: pair[0])


def _variant_from_selections(product: Product, selections: dict[int, Any]) -> ProductVariant | None:
    variants = list(product.variants.all())
    variant_options = [option for option in product.options.all() if option.is_variant_option]
    if not variant_options:
        return variants[0] if len(variants) == 1 else None
    wanted = set()
    for option in variant_options:
        value = selections.get(option.pk)
        if value is None or not str(value).strip().isdigit():
            return None
        wanted.add(int(str(value).strip()))
    return next((v for v in variants if {value.pk for value in v.option_values.all()} == wanted), None)


def _load_products(requests: Sequence[DraftLineRequest]) -> tuple[dict[int, Product], dict[str, ProductVariant]]:
    """Visible products named by id or SKU, with variants and options, in a fixed number of queries."""
    skus = [r.sku.strip() for r in requests if r.sku and r.sku.strip()]
    by_sku = {variant.sku.upper(): variant for variant in variants_by_skus(skus=skus)} if skus else {}
    missing = [sku for sku in skus if sku.upper() not in by_sku]
    product_ids = {r.product_id for r in requests if r.product_id is not None}
    product_ids |= {variant.product_id for variant in by_sku.values()}
    products_by_sku: dict[str, Product] = {}
    query = Product.objects.filter(is_visible=True).prefetch_related(*product_catalog_prefetches())
    products = {}
    if product_ids:
        products = {product.pk: product for product in query.filter(pk__in=product_ids)}
    if missing:
        # A product's own SKU stands for its only variant (quick add by catalog number).
        for product in query.filter(sku__in=missing):
            products[product.pk] = product
            products_by_sku[product.sku.upper()] = product
    for sku, product in products_by_sku.items():
        variants = list(product.variants.all())
        if len(variants) == 1:
            by_sku[sku] = variants[0]
    return products, by_sku


def resolve_draft_lines(requests: Sequence[DraftLineRequest]) -> list[ResolvedLine]:
    """Check every requested line (SKU, product, variant, quantity, options; business §5) and resolve it; raise
    ValidationError keyed `lines.<index>.<field>` for the first failing line. Nothing is written."""
    products, by_sku = _load_products(requests)
    resolved = []
    for index, request in enumerate(requests):
        prefix = f"lines.{index}"
        sku = (request.sku or "").strip()
        if not sku and request.product_id is None:
            raise field_error(f"{prefix}.sku", NO_SKU_MESSAGE, QuoteErrorCode.NO_SKU)
        if len(request.options) > MAX_OPTIONS_PER_LINE:
            raise field_error(f"{prefix}.options", f"Send at most {MAX_OPTIONS_PER_LINE} options.", "invalid")
        try:
            quantity = validate_quote_line_quantity(request.quantity)
        except ValidationError:
            raise field_error(f"{prefix}.quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
        selections = {int(option_id): value for option_id, value in request.options}
        variant = None
        if sku:
            found = by_sku.get(sku.upper())
            product = products.get(found.product_id) if found else None
            if found is None or product is None:
                raise field_error(f"{prefix}.sku", f"No product has the SKU {sku[:64]}.", "unknown_sku")
            if request.product_id is not None and request.product_id != product.pk:
                raise field_error(
                    f"{prefix}.sku", f"The SKU {sku[:64]} is not of product {request.product_id}.", "invalid"
                )
            variant = next(v for v in product.variants.all() if v.pk == found.pk)
        else:
            product = products.get(request.product_id)
            if product is None:
                raise field_error(f"{prefix}.productId", "Product not found.", "unknown_product")
            if request.variant_id is not None:
                variant = next((v for v in product.variants.all() if v.pk == request.variant_id), None)
                if variant is None:
                    raise field_error(f"{prefix}.variantId", "This variant is not of the product.", "unknown_variant")
            else:
                variant = _variant_from_selections(product, selections)
                if variant is None:
                    raise field_error(f"{prefix}.options", REQUIRED_OPTIONS_MESSAGE, "required_options_missing")
        if not (variant.sku or "").strip():
            raise field_error(f"{prefix}.sku", NO_SKU_MESSAGE, QuoteErrorCode.NO_SKU)
        # business §5: validate the options before adding (the variant carries the variant options' values).
        modifiers = [option for option in product.options.all() if not option.is_variant_option]
        variant_option_ids = {option.pk for option in product.options.all() if option.is_variant_option}
        modifier_selections = {k: v for k, v in selections.items() if k not in variant_option_ids}
        errors = option_errors(options=modifiers, selections=modifier_selections)
        if errors:
            raise ValidationError(
                {
                    f"{prefix}.{'options' if key == '__all__' else f'options.{key}'}": [
                        ValidationError(message, code="invalid_option") for message in messages
                    ]
                    for key, messages in errors.items()
                }
            )
        resolved.append(ResolvedLine(product, variant, quantity, _normalised_options(product, modifier_selections)))
    return resolved


def _merged(resolved: Iterable[ResolvedLine]) -> list[ResolvedLine]:
    """business §4 merge rule within one call: the same SKU and the same options add up."""
    merged: dict[tuple, ResolvedLine] = {}
    for line in resolved:
        if line.key in merged:
            merged[line.key].quantity += line.quantity
        else:
            merged[line.key] = ResolvedLine(line.product, line.variant, line.quantity, line.options)
    return list(merged.values())


def _check_prices(lines: Sequence[tuple[Product, ProductVariant, int, list]], *, actor: Actor) -> None:
    """The lines must price for the caller (business §8 "Price error" otherwise)."""
    if not lines:
        return
    try:
        calculation.price_items(
            items=[
                calculation.PriceRequestItem(
                    product_id=product.pk, variant_id=variant.pk, quantity=quantity, options=[tuple(p) for p in options]
                )
                for product, variant, quantity, options in lines
            ],
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=None,
        )
    except ValidationError as exc:
        raise field_error("lines", PRICE_ERROR_MESSAGE, QuoteErrorCode.PRICE_ERROR) from exc
