"""Checkout with a quote (business §4): whether it can be ordered, and the order that closes it."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from portal.errors import field_errors
from pricing.options import stock_problem
from quotes.errors import QuoteErrorCode, QuoteRefused, field_error
from quotes.models import Quote, QuoteStatus
from quotes.permissions import CHECKOUT_WITH_QUOTE
from quotes.selectors import effective_status, options_key, quotes_visible_to

NO_LONGER_AVAILABLE_MESSAGE = "This product is no longer available."


def quote_checkout_check(*, quote: Quote) -> None:
    """A quote can be checked out when it is open, not expired, priced by the supplier, and every line passes the
    stock check (business §4). Raises ValidationError with QUOTE_NOT_OPEN, QUOTE_EXPIRED, QUOTE_NOT_PRICED or
    QUOTE_STOCK_PROBLEM (fields `lines.<line id>`)."""
    status = effective_status(quote)
    if status == QuoteStatus.EXPIRED:
        raise field_error("__all__", QuoteErrorCode.QUOTE_EXPIRED.label, QuoteErrorCode.QUOTE_EXPIRED)
    if status != QuoteStatus.OPEN:
        raise field_error("__all__", QuoteErrorCode.QUOTE_NOT_OPEN.label, QuoteErrorCode.QUOTE_NOT_OPEN)
    lines = list(quote.lines.select_related("product", "variant").order_by("pk"))
    if not quote.is_priced or any(line.quoted_price is None for line in lines):
        raise field_error("__all__", QuoteErrorCode.QUOTE_NOT_PRICED.label, QuoteErrorCode.QUOTE_NOT_PRICED)
    problems: dict[str, list[ValidationError]] = {}
    for line in lines:
        if line.product is None or line.variant is None or not line.product.is_visible:
            problem: str | None = NO_LONGER_AVAILABLE_MESSAGE
        else:
            problem = stock_problem(line.product, line.variant, line.quantity, quoted=True)
        if problem:
            problems[f"lines.{line.pk}"] = [ValidationError(str(problem), code=QuoteErrorCode.QUOTE_STOCK_PROBLEM)]
    if problems:
        first = next(iter(problems.values()))[0]
        raise field_errors(
            {"__all__": [ValidationError(f"{QuoteErrorCode.QUOTE_STOCK_PROBLEM.label} {first.message}",
                                         code=QuoteErrorCode.QUOTE_STOCK_PROBLEM)], **problems}
        )  # fmt: skip


def quote_for_checkout(*, actor: Actor, quote_id: int, for_update: bool = False) -> Quote:
    """The quote the actor may check out (checkout_with_quote at its level), checked. Quote.DoesNotExist when the
    actor may not reach it; ValidationError when it cannot be ordered (see `quote_checkout_check`)."""
    quotes = quotes_visible_to(actor=actor, code=CHECKOUT_WITH_QUOTE)
    if for_update:
        quotes = quotes.select_for_update()
    quote = quotes.get(pk=quote_id)
    quote_checkout_check(quote=quote)
    return quote


def _quote_for_order(*, actor: Actor, quote_id: int) -> Quote:
    try:
        return quote_for_checkout(actor=actor, quote_id=quote_id, for_update=True)
    except Quote.DoesNotExist:
        raise QuoteRefused("You may not order from this quote.", code="PERMISSION_DENIED") from None


@transaction.atomic
def quote_order_check(*, actor: Actor, quote_id: int, cart_lines: Sequence[tuple[int | None, Sequence, int]]) -> Quote:
    """Before an order is placed from a quote's cart: the quote is still open, unexpired and priced, the caller
    may check it out, and the cart holds exactly the quote's lines and quantities."""
    quote = _quote_for_order(actor=actor, quote_id=quote_id)
    wanted = sorted((line.variant_id, options_key(line.options), line.quantity) for line in quote.lines.all())
    have = sorted((variant_id, options_key(options), quantity) for variant_id, options, quantity in cart_lines)
    if wanted != have:
        raise field_error(
            "__all__",
            f"Your cart no longer matches quote {quote.number}. Start the checkout from the quote again.",
            QuoteErrorCode.CART_MISMATCH,
        )
    return quote


@transaction.atomic
def quote_mark_ordered(*, actor: Actor, quote_id: int, order) -> Quote:
    """The quote became this order (called by the storefront's checkout in the same transaction)."""
    from quotes import tasks

    quote = _quote_for_order(actor=actor, quote_id=quote_id)
    quote.status = QuoteStatus.ORDERED
    quote.order = order
    quote.ordered_at = timezone.now()
    quote.save(update_fields=["status", "order", "ordered_at", "updated_at"])
    transaction.on_commit(lambda: tasks.quote_event_send.delay(quote.pk, "order"))
    return quote
