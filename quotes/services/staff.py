"""The supplier's side: staff answer a quote with prices, discount, shipping, expiry, a message and files."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from types import EllipsisType

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from pricing.options import QUANTITY_MAX
from quotes import amounts
from quotes.errors import QUANTITY_MESSAGE, QuoteErrorCode, field_error
from quotes.models import Quote, QuoteLine, QuoteMessage, QuoteRevision, QuoteStatus
from quotes.selectors import today
from quotes.services.messages import MAX_MESSAGE_LENGTH, quote_attachment_add
from quotes.services.revisions import _revision_create, quote_snapshot, quote_totals_refresh, revision_changes


@dataclass(frozen=True)
class LineChange:
    quantity: int
    quoted_price: Decimal | None


@transaction.atomic
def quote_send_back(
    *,
    quote_id: int,
    staff_user,
    lines: dict[int, LineChange] | None = None,
    discount_percent: Decimal | None = None,
    shipping_total: Decimal | None | EllipsisType = ...,
    expires_on: datetime.date | None = None,
    message: str = "",
    uploads: Sequence[UploadedFile] = (),
    notify: bool = True,
) -> QuoteRevision | None:
    """Staff answer a quote: quoted prices and quantities per line, an overall discount (percent), shipping and
    the expiry date, a message and files. Any change of the amounts or the expiry is a new revision (lines left
    unpriced are quoted at the buyer's original price, except a price on request, which stays unpriced), sent
    back to the buyer by e-mail with the message; a message alone is e-mailed as a reply. Moving the expiry of an
    expired quote into the future reopens it. Returns the new revision, if any."""
    from quotes import tasks

    quote = Quote.objects.select_for_update().get(pk=quote_id)
    if quote.status == QuoteStatus.ORDERED:
        raise field_error("__all__", QuoteErrorCode.QUOTE_NOT_OPEN.label, QuoteErrorCode.QUOTE_NOT_OPEN)
    current = list(quote.lines.order_by("pk"))
    before = quote_snapshot(quote, current)
    for line in current:
        change = (lines or {}).get(line.pk)
        if change is not None:
            if not 1 <= change.quantity <= QUANTITY_MAX:
                raise field_error(f"lines.{line.pk}.quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE)
            if change.quoted_price is not None and change.quoted_price < 0:
                raise field_error(f"lines.{line.pk}.quotedPrice", "Enter a price of 0 or more.", "invalid")
            line.quantity = change.quantity
            line.quoted_price = None if change.quoted_price is None else amounts.cents(change.quoted_price)
    if discount_percent is not None:
        if not Decimal(0) <= discount_percent <= Decimal(100):
            raise field_error("discountPercent", "Enter a discount from 0 to 100 percent.", "invalid")
        quote.discount_percent = discount_percent
    if shipping_total is not ...:
        if shipping_total is not None and shipping_total < 0:
            raise field_error("shippingTotal", "Enter an amount of 0 or more.", "invalid")
        quote.shipping_total = shipping_total
    if expires_on is not None:
        quote.expires_on = expires_on
    changed = revision_changes(before, quote_snapshot(quote, current))
    text = (message or "").strip()
    if len(text) > MAX_MESSAGE_LENGTH:
        raise field_error("message", f"Enter at most {MAX_MESSAGE_LENGTH} characters.", "max_length")
    revision = None
    if changed:
        for line in current:
            # A price on request left unpriced stays unpriced (issue 13): the buyer never gets the hidden catalog
            # price, and the quote cannot be ordered until staff price it.
            if line.quoted_price is None and not line.price_on_request:
                line.quoted_price = line.original_price
        QuoteLine.objects.bulk_update(current, ["quantity", "quoted_price"])
        if quote.status == QuoteStatus.EXPIRED and quote.expires_on >= today():
            quote.status = QuoteStatus.OPEN
            quote.expiry_reminder_sent_at = None
        quote.revision += 1
        if quote.sales_rep_id is None and staff_user is not None:
            quote.sales_rep = staff_user
        quote.save()
        revision = _revision_create(quote, by_supplier=True, created_by=staff_user, before=before, message=text)
        quote_totals_refresh(quote)
    if text:
        name = (staff_user.get_full_name() or "Helix Scientific sales") if staff_user is not None else "Sales"
        reply = QuoteMessage.objects.create(
            quote=quote, from_staff=True, author=staff_user, author_name=name[:150], body=text,
            # The revision e-mail carries the message: no second e-mail.
            notified_at=timezone.now() if revision is not None else None,
        )  # fmt: skip
        if revision is None and notify:
            transaction.on_commit(lambda: tasks.quote_message_notify.delay(reply.pk))
    for upload in uploads:
        quote_attachment_add(quote=quote, upload=upload, uploaded_by=staff_user, from_staff=True)
    if revision is not None and notify:
        transaction.on_commit(lambda: tasks.quote_revision_notify.delay(revision.pk))
        transaction.on_commit(lambda: tasks.quote_event_send.delay(quote.pk, "update"))
    return revision
