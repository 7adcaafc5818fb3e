"""What is added to a list, resolved and checked exactly as the quote draft checks its lines (business §4, §5), by the
one resolver both use (pricing.line_items): by SKU, or by product and variant (or the variant options' values); the
modifier options validated by pricing.options. The list brings its own field names (`items.<n>.…`), its quantity
rule (1..1,000,000) and codes, and the product note. Nothing is written here."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError

from pricing.line_items import MAX_OPTIONS_PER_LINE, LineRequest, ResolvedLine, merged_lines, resolve_lines
from pricing.options import validate_quantity
from shoppinglists.errors import QUANTITY_MESSAGE, ShoppingListErrorCode, field_error
from shoppinglists.models import MAX_NOTE_LENGTH

MAX_OPTIONS_PER_ITEM = MAX_OPTIONS_PER_LINE


@dataclass(frozen=True)
class ItemRequest(LineRequest):
    """One product to add, as the quote draft takes it, with the buyer's note on it."""

    note: str = ""


@dataclass
class ResolvedItem(ResolvedLine):
    note: str = ""


def _quantity(value: Any, field_name: str) -> int:
    try:
        return validate_quantity(value)
    except ValidationError:
        raise field_error(field_name, QUANTITY_MESSAGE, ShoppingListErrorCode.QUANTITY_OUT_OF_RANGE) from None


def check_note(note: str | None, field_name: str) -> str:
    text = (note or "").strip()
    if len(text) > MAX_NOTE_LENGTH:
        raise field_error(field_name, f"Enter at most {MAX_NOTE_LENGTH} characters.", "max_length")
    return text


def resolve_items(requests: Sequence[ItemRequest], *, prefix: str = "items") -> list[ResolvedItem]:
    """Check every requested item (its note first, then SKU, product, variant, quantity and options; business §5)
    and resolve it; raise ValidationError keyed `<prefix>.<index>.<field>` for the first failing item."""
    notes = [check_note(request.note, f"{prefix}.{index}.productNote") for index, request in enumerate(requests)]
    lines = resolve_lines(requests, prefix=prefix, quantity=_quantity, no_sku_code=ShoppingListErrorCode.NO_SKU.value)
    return [
        ResolvedItem(line.product, line.variant, line.quantity, line.options, note)
        for line, note in zip(lines, notes, strict=True)
    ]


def merged(resolved: Sequence[ResolvedItem]) -> list[ResolvedItem]:
    """business §4 merge rule within one call: the same variant and the same options add up; the last note given
    stands."""
    notes = {item.key: item.note for item in resolved if item.note}
    return [dataclasses.replace(item, note=notes.get(item.key, item.note)) for item in merged_lines(resolved)]
