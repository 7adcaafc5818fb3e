"""The draft: resolving what is added (business §4, §5): SKU or product and variant, options, quantity, prices.
Nothing is written here. The resolver is pricing.line_items' (shopping lists use the same one); the draft brings its
field names (`lines.<n>.…`), its quantity rule and its codes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import ValidationError

from accounts.selectors import Actor
from pricing import calculation
from pricing.line_items import MAX_OPTIONS_PER_LINE, LineRequest, ResolvedLine, resolve_lines
from pricing.models import Product, ProductVariant
from pricing.options import validate_quote_line_quantity
from quotes.errors import PRICE_ERROR_MESSAGE, QUANTITY_MESSAGE, QuoteErrorCode, field_error

__all__ = ["MAX_OPTIONS_PER_LINE", "DraftLineRequest", "ResolvedLine", "resolve_draft_lines"]

# One product to add (business §3 draft line as added): the shared request of pricing.line_items.
DraftLineRequest = LineRequest


def _quantity(value: Any, field_name: str) -> int:
    try:
        return validate_quote_line_quantity(value)
    except ValidationError:
        raise field_error(field_name, QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None


def resolve_draft_lines(requests: Sequence[DraftLineRequest]) -> list[ResolvedLine]:
    """Check every requested line (SKU, product, variant, quantity, options; business §5) and resolve it; raise
    ValidationError keyed `lines.<index>.<field>` for the first failing line. Nothing is written."""
    return resolve_lines(requests, prefix="lines", quantity=_quantity, no_sku_code=QuoteErrorCode.NO_SKU)


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
