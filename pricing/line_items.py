"""What a buyer adds to a quote draft or a shopping list, resolved and checked (business §4, §5): by SKU (a variant's,
or a product's own SKU when it has one variant: quick add), or by product and variant (or the variant options'
values); the modifier options validated by pricing.options; the quantity by the caller's own rule. Nothing is
written here.

One implementation for both apps: quotes and shoppinglists are siblings (ARCHITECTURE §3), so the resolver they share
lives here, left of both. Each caller names its fields (`prefix`) and brings its quantity rule and its error codes,
so that its API answers keep their own field names, codes and texts."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from django.core.exceptions import ValidationError

from pricing.models import OptionType, Product, ProductVariant
from pricing.options import (
    REQUIRED_OPTIONS_MESSAGE,
    OptionSelection,
    checkbox_ticked,
    describe_selections,
    option_errors,
)
from pricing.selectors import product_catalog_prefetches, variants_by_skus
from pricing.translations import OptionTexts

MAX_OPTIONS_PER_LINE = 50
NO_SKU_MESSAGE = "Can not add products without SKU."  # business §8
OPTION_GONE_MESSAGE = "An option of this product no longer exists."


@dataclass(frozen=True)
class LineRequest:
    """One product to add (business §3 "as added": productId, variantId, quantity, optionList), or a SKU; options as
    (option id, value) pairs — a variant option's value may stand for the variant."""

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


Line = TypeVar("Line", bound=ResolvedLine)
QuantityRule = Callable[[Any, str], int]  # (value, field name) → the quantity, or the caller's ValidationError


def options_key(options: Sequence) -> tuple:
    """Option selections in a comparable form (business §4 merge rule: the same selections)."""
    return tuple(sorted((int(option_id), str(value)) for option_id, value in options))


def _field_error(field_name: str, message: str, code: str) -> ValidationError:
    return ValidationError({field_name: [ValidationError(message, code=code)]})


def normalised_options(product: Product, selections: dict[int, Any]) -> list[list]:
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


def _load_products(requests: Sequence[LineRequest]) -> tuple[dict[int, Product], dict[str, ProductVariant]]:
    """Visible products named by id or SKU, with variants and options, in a fixed number of queries."""
    skus = [r.sku.strip() for r in requests if r.sku and r.sku.strip()]
    by_sku = {variant.sku.upper(): variant for variant in variants_by_skus(skus=skus)} if skus else {}
    missing = [sku for sku in skus if sku.upper() not in by_sku]
    product_ids = {r.product_id for r in requests if r.product_id is not None}
    product_ids |= {variant.product_id for variant in by_sku.values()}
    query = Product.objects.filter(is_visible=True).prefetch_related(*product_catalog_prefetches())
    products = {product.pk: product for product in query.filter(pk__in=product_ids)} if product_ids else {}
    if missing:
        # A product's own SKU stands for its only variant (quick add by catalog number).
        for product in query.filter(sku__in=missing):
            products[product.pk] = product
            variants = list(product.variants.all())
            if len(variants) == 1:
                by_sku[product.sku.upper()] = variants[0]
    return products, by_sku


def _product_and_variant(
    request: LineRequest,
    selections: dict[int, Any],
    products: dict[int, Product],
    by_sku: dict[str, ProductVariant],
    at: str,
) -> tuple[Product, ProductVariant]:
    sku = (request.sku or "").strip()
    if sku:
        found = by_sku.get(sku.upper())
        product = products.get(found.product_id) if found else None
        if found is None or product is None:
            raise _field_error(f"{at}.sku", f"No product has the SKU {sku[:64]}.", "unknown_sku")
        if request.product_id is not None and request.product_id != product.pk:
            raise _field_error(f"{at}.sku", f"The SKU {sku[:64]} is not of product {request.product_id}.", "invalid")
        return product, next(v for v in product.variants.all() if v.pk == found.pk)
    product = products.get(request.product_id) if request.product_id is not None else None
    if product is None:
        raise _field_error(f"{at}.productId", "Product not found.", "unknown_product")
    if request.variant_id is not None:
        variant = next((v for v in product.variants.all() if v.pk == request.variant_id), None)
        if variant is None:
            raise _field_error(f"{at}.variantId", "This variant is not of the product.", "unknown_variant")
        return product, variant
    variant = _variant_from_selections(product, selections)
    if variant is None:
        raise _field_error(f"{at}.options", REQUIRED_OPTIONS_MESSAGE, "required_options_missing")
    return product, variant


def resolve_lines(
    requests: Sequence[LineRequest], *, prefix: str, quantity: QuantityRule, no_sku_code: str
) -> list[ResolvedLine]:
    """Check every requested line (SKU, product, variant, quantity, options; business §5) and resolve it, in the
    order asked; raise ValidationError keyed `<prefix>.<index>.<field>` for the first failing line. `quantity` is
    the caller's rule, given the value and the field's key; NO_SKU is raised with the caller's `no_sku_code`."""
    products, by_sku = _load_products(requests)
    resolved = []
    for index, request in enumerate(requests):
        at = f"{prefix}.{index}"
        if not (request.sku or "").strip() and request.product_id is None:
            raise _field_error(f"{at}.sku", NO_SKU_MESSAGE, no_sku_code)
        if len(request.options) > MAX_OPTIONS_PER_LINE:
            raise _field_error(f"{at}.options", f"Send at most {MAX_OPTIONS_PER_LINE} options.", "invalid")
        count = quantity(request.quantity, f"{at}.quantity")
        selections = {int(option_id): value for option_id, value in request.options}
        product, variant = _product_and_variant(request, selections, products, by_sku, at)
        if not (variant.sku or "").strip():
            raise _field_error(f"{at}.sku", NO_SKU_MESSAGE, no_sku_code)
        # business §5: the options are validated before anything is added (the variant carries the variant options).
        variant_option_ids = {option.pk for option in product.options.all() if option.is_variant_option}
        modifiers = [option for option in product.options.all() if not option.is_variant_option]
        modifier_selections = {k: v for k, v in selections.items() if k not in variant_option_ids}
        errors = option_errors(options=modifiers, selections=modifier_selections)
        if errors:
            raise ValidationError(
                {
                    f"{at}.{'options' if key == '__all__' else f'options.{key}'}": [
                        ValidationError(message, code="invalid_option") for message in messages
                    ]
                    for key, messages in errors.items()
                }
            )
        resolved.append(ResolvedLine(product, variant, count, normalised_options(product, modifier_selections)))
    return resolved


def merged_lines(lines: Iterable[Line]) -> list[Line]:
    """business §4 merge rule within one call: the same variant with the same options add up (into a copy of the
    first of them)."""
    by_key: dict[tuple, Line] = {}
    for line in lines:
        if line.key in by_key:
            by_key[line.key].quantity += line.quantity
        else:
            by_key[line.key] = dataclasses.replace(line)
    return list(by_key.values())


def stored_option_errors(product: Product, options: Sequence) -> dict[str, list[str]]:
    """The errors that options stored earlier ([[option id, value], …]) have against the product's options now (an
    option changed or removed since): option id → messages, and "__all__"."""
    modifiers = [option for option in product.options.all() if not option.is_variant_option]
    known = {option.pk for option in modifiers}
    selections = selections_of(options)
    errors = option_errors(options=modifiers, selections=selections)
    if any(option_id not in known for option_id in selections):
        errors.setdefault("__all__", []).append(OPTION_GONE_MESSAGE)
    return errors


def selections_of(options: Sequence) -> dict[int, Any]:
    """Stored options ([[option id, value], …]) as the selections pricing.options reads."""
    return {int(option_id): value for option_id, value in options}


def variant_selections(variant: ProductVariant, texts: OptionTexts | None = None) -> list[OptionSelection]:
    """The variant options' values of a line's variant, as shown beside its modifier choices (describe_selections),
    in the language of `texts` when given."""
    texts = texts or OptionTexts()
    return [
        OptionSelection(
            option_id=value.option_id,
            display_name=texts.option_name(value.option_id, value.option.display_name),
            value=texts.value_label(value.pk, value.label),
        )
        for value in variant.option_values.all()
    ]


def line_selections(
    *, product: Product, variant: ProductVariant, options: Sequence, texts: OptionTexts | None
) -> list[OptionSelection]:
    """What a saved line (a quote draft's, a shopping list's) shows of its options: its variant's values, then the
    modifiers chosen (stored as [[option id, value], …]), in the language of `texts` (issue 36 item 13)."""
    return variant_selections(variant, texts) + describe_selections(
        options=product.options.all(), selections=selections_of(options), texts=texts
    )
