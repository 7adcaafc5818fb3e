"""What the quote e-mails, the PDF and the CRM event show of a quote (reads only)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from portal.models import Channel, Currency
from portal.money import format_money
from quotes import amounts
from quotes.models import Quote
from quotes.selectors import effective_status, quote_access_key

# Issue 13: what a price the catalog hides reads as, wherever its amount would be.
PRICE_ON_REQUEST = "Price on request"

CHANGE_LABELS = {
    "quantity": "Quantity",
    "price": "Unit price",
    "discount": "Overall discount (%)",
    "shipping": "Shipping",
    "expiry": "Expiry date",
}


def quote_for_mail(quote_id: int) -> Quote:
    return Quote.objects.select_related("sales_rep", "company").prefetch_related("lines").get(pk=quote_id)


def site_url(channel_id: int) -> str:
    channel = Channel.objects.filter(channel_id=channel_id).first()
    urls = channel.urls if channel and isinstance(channel.urls, list) else []
    return str(urls[0]).rstrip("/") if urls else ""


def detail_link(quote: Quote) -> str:
    """The overlay's quote page (shell §2 /quoteDetail/{id}); a guest's link carries the access key."""
    link = f"{site_url(quote.channel_id)}/#/quoteDetail/{quote.pk}"
    key = quote_access_key(quote)
    return f"{link}?accessKey={key}" if key else link


def currency_of(code: str) -> Currency | None:
    return Currency.objects.filter(code=code).order_by("-is_default").first()


@dataclass(frozen=True)
class Money:
    currency: Currency | None
    code: str

    def __call__(self, amount: Decimal | None) -> str:
        if amount is None:
            return "—"
        return format_money(amount, self.currency) if self.currency else f"{amount:.2f} {self.code}"


def context(quote: Quote) -> dict:
    """The template context of a quote: its lines with amounts, the summary, formatted, and the buyer's link."""
    money = Money(currency_of(quote.currency_code), quote.currency_code)
    lines = list(quote.lines.all())
    rows = []
    for line in lines:
        line_amounts = amounts.quote_line_amounts(quote, line)
        total = line_amounts.total if line_amounts.total is not None else line_amounts.original_total
        # A price on request not yet quoted has no amount at all (its original is hidden from the buyer).
        awaiting_price = line_amounts.price_on_request and line_amounts.quoted_unit is None
        rows.append(
            {
                "line": line,
                "options": ", ".join(f"{o['name']}: {o['value']}" for o in line.option_labels),
                "original": PRICE_ON_REQUEST if awaiting_price else money(line_amounts.original_unit),
                "quoted": money(line_amounts.unit_price),
                "total": PRICE_ON_REQUEST if awaiting_price else money(total),
                "price_on_request": awaiting_price,
            }
        )
    summary = amounts.quote_summary(quote, lines)
    return {
        "quote": quote,
        "status": effective_status(quote),
        "rows": rows,
        "summary": {
            "original_subtotal": (
                PRICE_ON_REQUEST if summary.original_subtotal is None else money(summary.original_subtotal)
            ),
            "discount": money(summary.discount),
            "quoted_subtotal": money(summary.quoted_subtotal),
            "shipping": "Calculated at checkout" if summary.shipping is None else money(summary.shipping),
            "tax": money(summary.tax),
            "grand_total": money(summary.grand_total),
        },
        "priced": quote.is_priced,
        "link": detail_link(quote),
    }


def describe_changes(changes: list[dict]) -> list[str]:
    described = []
    for change in changes:
        field = str(change.get("field", ""))
        label = CHANGE_LABELS.get(field, field)
        where = f"{change['sku']} {label.lower()}" if change.get("sku") else label
        described.append(f"{where}: {change.get('before') or '—'} → {change.get('after') or '—'}")
    return described


def event_data(quote: Quote) -> dict:
    """business §7 quote event `data`."""
    return {
        "quoteId": quote.pk,
        "quoteNumber": quote.number,
        "status": effective_status(quote),
        "revision": quote.revision,
        "channelId": quote.channel_id,
        "companyId": quote.company_id,
        "userId": quote.user_id,
        "email": quote.contact_email,
        "title": quote.title,
        "currencyCode": quote.currency_code,
        "originalSubtotal": None if quote.original_subtotal is None else str(quote.original_subtotal),
        "grandTotal": None if quote.grand_total is None else str(quote.grand_total),
        "expiresOn": quote.expires_on.isoformat(),
        "orderNumber": quote.order.number if quote.order is not None else None,  # no query without one
        "createdAt": quote.created_at.isoformat(),
        "updatedAt": quote.updated_at.isoformat(),
    }
