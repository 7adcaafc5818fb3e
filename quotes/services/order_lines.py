"""Add to quote from an order (issue 17): the lines of an earlier order into the caller's quote draft, as they were
bought (product, variant, options, quantity).

quotes owns the draft and sits right of orders (ARCHITECTURE §3), so the conversion lives here and goes through the
draft's own `quote_draft_add_lines`, which keeps its rules (quote enablement, option validation, the quantity range,
pricing). Each line goes on its own: a line the draft refuses is reported with a code, and the others are added."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError

from accounts.selectors import Actor
from orders.models import OrderLine
from orders.selectors import LineOutcome, TransferCode, line_not_added, order_line_options
from quotes.errors import QuoteErrorCode, QuoteRefused
from quotes.permissions import Source, quote_enablement, quote_switches
from quotes.services.drafts import quote_draft_add_lines
from quotes.services.enablement import quote_building_check
from quotes.services.lines import DraftLineRequest

ORDER_CHANNEL_ID = 1  # the order page builds the draft of the default channel, as the overlay does

_GONE = TransferCode.PRODUCT_UNAVAILABLE
# The draft's refusals of a line (resolve_draft_lines and quote_draft_add_lines) → the order page's codes.
_QUOTE_CODES = {
    "unknown_product": _GONE,
    "unknown_variant": _GONE,
    "unknown_sku": _GONE,
    QuoteErrorCode.NO_SKU: _GONE,
    "required_options_missing": TransferCode.OPTIONS_CHANGED,
    "invalid_option": TransferCode.OPTIONS_CHANGED,
    "invalid": TransferCode.OPTIONS_CHANGED,
    QuoteErrorCode.QUANTITY_OUT_OF_RANGE: TransferCode.QUANTITY_LIMIT,
    QuoteErrorCode.TOO_MANY_LINES: TransferCode.QUANTITY_LIMIT,
    "too_many": TransferCode.QUANTITY_LIMIT,
    QuoteErrorCode.PRICE_ERROR: TransferCode.NOT_QUOTABLE,
}


def order_lines_quotable_by(actor: Actor) -> bool:
    """The actor may add an order's lines to their quote draft: the quote enablement of shell §4
    (OrderDetail.canAddToQuote)."""
    return quote_enablement(actor, quote_switches(channel_id=ORDER_CHANNEL_ID)).enabled


def _quote_refusal(line: OrderLine, exc: ValidationError) -> LineOutcome:
    codes = [error.code for errors in getattr(exc, "error_dict", {}).values() for error in errors]
    codes += [error.code for error in getattr(exc, "error_list", [])]
    code = next((_QUOTE_CODES[c] for c in codes if c in _QUOTE_CODES), TransferCode.NOT_QUOTABLE)
    return line_not_added(line, code, exc.messages[0] if exc.messages else None)


def order_lines_to_quote_draft(*, actor: Actor, lines: Sequence[OrderLine]) -> list[LineOutcome]:
    """Add to quote: each line into the caller's quote draft as it was bought (product, variant, options, quantity),
    through the draft's own checks. The caller must be allowed to build a quote (QuoteRefused otherwise)."""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=ORDER_CHANNEL_ID), source=Source.QUOTE_DRAFT)
    outcomes = []
    for line in lines:
        if line.product_id is None or line.variant_id is None:
            outcomes.append(line_not_added(line, _GONE))
            continue
        options = order_line_options(line)
        if options is None:
            outcomes.append(line_not_added(line, TransferCode.OPTIONS_CHANGED))
            continue
        request = DraftLineRequest(
            quantity=line.quantity, product_id=line.product_id, variant_id=line.variant_id, options=options
        )
        try:
            quote_draft_add_lines(actor=actor, draft_key=None, lines=[request], source=Source.QUOTE_DRAFT)
        except QuoteRefused as exc:
            if exc.code != QuoteErrorCode.NOT_QUOTABLE:
                raise
            outcomes.append(line_not_added(line, TransferCode.NOT_QUOTABLE, exc.message))
        except ValidationError as exc:
            outcomes.append(_quote_refusal(line, exc))
        else:
            outcomes.append(LineOutcome(line=line))
    return outcomes
