"""What a revision fixes and what changed between two (ARCHITECTURE §8 quote lifecycle), and the stored totals."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from quotes import amounts
from quotes.models import Quote, QuoteLine, QuoteRevision


def _money_text(amount: Decimal | None) -> str | None:
    return None if amount is None else str(amounts.cents(Decimal(amount)))


def quote_snapshot(quote: Quote, lines: Sequence[QuoteLine]) -> dict:
    """What a revision fixes: quantities and quoted prices per line, discount, shipping, expiry (as text)."""
    return {
        "lines": {
            str(line.pk): {
                "sku": line.sku,
                "name": line.name,
                "quantity": line.quantity,
                "quotedPrice": _money_text(line.quoted_price),
            }
            for line in lines
        },
        "discountPercent": _money_text(quote.discount_percent),
        "shipping": _money_text(quote.shipping_total),
        "expiresOn": quote.expires_on.isoformat(),
    }


def revision_changes(before: dict, after: dict) -> list[dict]:
    """What changed between two snapshots: quantities and prices per line, discount, shipping, expiry."""
    changes = []
    for line_id, now in after["lines"].items():
        then = before["lines"].get(line_id, {})
        for name, kind in (("quantity", "quantity"), ("quotedPrice", "price")):
            if then.get(name) != now.get(name):
                changes.append(
                    {"field": kind, "lineId": int(line_id), "sku": now["sku"], "productName": now["name"],
                     "before": None if then.get(name) is None else str(then.get(name)),
                     "after": None if now.get(name) is None else str(now.get(name))}
                )  # fmt: skip
    for name, kind in (("discountPercent", "discount"), ("shipping", "shipping"), ("expiresOn", "expiry")):
        if before.get(name) != after.get(name):
            changes.append(
                {"field": kind, "lineId": None, "sku": None, "productName": None,
                 "before": before.get(name), "after": after.get(name)}
            )  # fmt: skip
    return changes


def quote_totals_refresh(quote: Quote) -> None:
    """Keep the stored totals (the list shows and sorts by them) in step with the lines."""
    summary = amounts.quote_summary(quote, list(quote.lines.all()))
    quote.original_subtotal = summary.original_subtotal
    quote.quoted_subtotal = summary.quoted_subtotal
    quote.tax_total = summary.tax
    quote.grand_total = summary.grand_total
    quote.save(update_fields=["original_subtotal", "quoted_subtotal", "tax_total", "grand_total", "updated_at"])


def _revision_create(
    quote: Quote,
    *,
    by_supplier: bool,
    automatic: bool = False,
    created_by=None,
    before: dict | None = None,
    message: str = "",
) -> QuoteRevision:
    lines = list(quote.lines.order_by("pk"))
    after = quote_snapshot(quote, lines)
    changes = revision_changes(before, after) if before is not None else []
    return QuoteRevision.objects.create(
        quote=quote,
        number=quote.revision,
        by_supplier=by_supplier,
        automatic=automatic,
        created_by=created_by,
        snapshot=after,
        changes=changes,
        message=message,
    )
