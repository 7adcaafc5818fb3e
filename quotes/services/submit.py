"""Submission: the draft becomes an open quote with a number, priced at once with `quote_auto_quoting` on."""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass, field

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.selectors import Actor
from portal.errors import field_errors
from pricing import calculation
from pricing.line_items import selections_of, variant_selections
from pricing.options import describe_selections
from quotes import amounts
from quotes.errors import PRICE_ERROR_MESSAGE, QuoteErrorCode, QuoteRefused, field_error
from quotes.models import Quote, QuoteDraft, QuoteDraftLine, QuoteLine, QuoteRevision
from quotes.permissions import QuoteSwitches, product_quotable, quote_switches
from quotes.selectors import quote_draft_for, quote_number, today
from quotes.services.drafts import _email_error
from quotes.services.enablement import (
    GUEST_SUBMISSIONS_PER_HOUR,
    NOT_QUOTABLE_MESSAGE,
    _guest_rate_limit,
    quote_building_check,
)
from quotes.services.revisions import _revision_create, quote_totals_refresh

QUOTE_VALIDITY_DAYS = 30  # issue 6: not in the spec; staff change the expiry per quote


def _auto_price(quote: Quote) -> QuoteRevision:
    """`quote_auto_quoting`: quoted = the live price at submission; revision 1, updated by the supplier. Never for
    a quote with a price on request (`quote_from_draft`): only the supplier prices that."""
    before = quote.revisions.get(number=quote.revision).snapshot
    quote.lines.update(quoted_price=F("original_price"))
    quote.revision += 1
    quote.save(update_fields=["revision", "updated_at"])
    revision = _revision_create(quote, by_supplier=True, automatic=True, before=before)
    QuoteRevision.objects.filter(pk=revision.pk).update(buyer_notified_at=timezone.now())  # in the submit e-mail
    quote_totals_refresh(quote)
    return revision


@dataclass
class SubmitResult:
    quote: Quote
    access_key: str | None
    title: str
    message: str
    auto_quoted: bool = False
    extra: dict = field(default_factory=dict)


def _contact_errors(draft: QuoteDraft) -> dict[str, list[ValidationError]]:
    errors: dict[str, list[ValidationError]] = {}
    if not draft.contact_name.strip():
        errors["contactInfo.name"] = [ValidationError("Enter your name.", code="required")]
    if not draft.contact_email.strip():
        errors["contactInfo.email"] = [ValidationError("Enter your email address.", code="required")]
    elif _email_error(draft.contact_email):
        errors["contactInfo.email"] = [ValidationError("Enter a valid email address.", code="invalid_email")]
    return errors


@transaction.atomic
def quote_submit(
    *, actor: Actor, draft_key: str | None, channel_id: int = 1, notify: bool = True, client_ip: str | None = None
) -> SubmitResult:
    """Turn the caller's draft into an open quote with a number (Q-100001 …): lines keep the caller's live prices
    as the original prices; the draft is cleared; staff and the buyer are e-mailed and the CRM event is sent once
    the transaction commits. With `quote_auto_quoting` on, the quote is priced at once (revision 1)."""
    switches = quote_switches(channel_id=channel_id)
    quote_building_check(actor=actor, switches=switches)
    _guest_rate_limit(actor, client_ip, "quote-guest-submit", GUEST_SUBMISSIONS_PER_HOUR)
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    return quote_from_draft(actor=actor, draft=draft, switches=switches, channel_id=channel_id, notify=notify)


@transaction.atomic
def quote_from_draft(
    *, actor: Actor, draft: QuoteDraft | None, switches: QuoteSwitches, channel_id: int = 1, notify: bool = True
) -> SubmitResult:
    """The quote of a draft, for the actor (the caller has checked that the actor may submit this draft)."""
    from quotes import tasks

    lines = _draft_lines_for_submit(draft)
    if draft is None or not lines:  # no draft: no lines
        raise field_error("lines", QuoteErrorCode.DRAFT_EMPTY.label, QuoteErrorCode.DRAFT_EMPTY)
    errors = _contact_errors(draft)
    if errors:
        raise field_errors(errors)
    for line in lines:
        if not product_quotable(line.product, line.variant, line.quantity, switches):
            raise QuoteRefused(NOT_QUOTABLE_MESSAGE, code=QuoteErrorCode.NOT_QUOTABLE)
    try:
        prices = calculation.price_items(
            items=[
                calculation.PriceRequestItem(
                    product_id=line.product_id, variant_id=line.variant_id, quantity=line.quantity,
                    options=[tuple(pair) for pair in line.options],
                )
                for line in lines
            ],
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=draft.currency_code,
        )  # fmt: skip
    except ValidationError as exc:
        raise field_error("lines", PRICE_ERROR_MESSAGE, QuoteErrorCode.PRICE_ERROR) from exc

    quote = Quote.objects.create(
        channel_id=channel_id,
        user=actor.user,
        company=actor.b2b_company,
        access_salt=secrets.token_hex(16) if actor.user is None else "",
        title=draft.quote_title,
        contact_name=draft.contact_name.strip(),
        contact_email=draft.contact_email.strip(),
        company_name=draft.company_name,
        phone_number=draft.phone_number,
        shipping_address=draft.shipping_address,
        billing_address=draft.billing_address,
        note=draft.note,
        cart_id=draft.cart_id,
        currency_code=prices[0].currency_code,
        expires_on=today() + datetime.timedelta(days=QUOTE_VALIDITY_DAYS),
    )
    quote.number = quote_number(quote.pk)
    quote.save(update_fields=["number"])
    QuoteLine.objects.bulk_create(
        QuoteLine(
            quote=quote,
            product_id=line.product_id,
            variant_id=line.variant_id,
            sku=line.variant.sku,
            name=line.product.name,
            image=line.variant.image or line.product.image,
            options=line.options,
            option_labels=[
                {"name": selection.display_name, "value": selection.value}
                for selection in variant_selections(line.variant)
                + describe_selections(options=line.product.options.all(), selections=selections_of(line.options))
            ],
            quantity=line.quantity,
            # A price on request keeps the catalog price for staff; the buyer never sees it (issue 13).
            original_price=amounts.cents(price.calculated_price.tax_exclusive),
            price_on_request=price.price_on_request,
            tax_rate=price.tax_rate,
        )
        for line, price in zip(lines, prices, strict=True)
    )
    draft.attachments.update(draft=None, quote=quote)
    _revision_create(quote, by_supplier=False)
    # Issue 13: auto-quoting would quote a price on request at the hidden catalog price; such a quote waits for
    # the supplier as a whole (a quote partly priced could not be ordered anyway).
    auto = switches.on("quote_auto_quoting") and not any(price.price_on_request for price in prices)
    if auto:
        _auto_price(quote)
    else:
        quote_totals_refresh(quote)
    draft.delete()
    if notify:
        transaction.on_commit(lambda: tasks.quote_submitted_notify.delay(quote.pk))
        transaction.on_commit(lambda: tasks.quote_event_send.delay(quote.pk, "create"))
    response = switches.extra.get("quote_submission_response", {})
    enabled = switches.on("quote_submission_response")
    from quotes.selectors import quote_access_key

    return SubmitResult(
        quote=quote,
        access_key=quote_access_key(quote) or None,
        title=str(response.get("title", "")) if enabled else "",
        message=str(response.get("message", "")) if enabled else "",
        auto_quoted=auto,
    )


def _draft_lines_for_submit(draft: QuoteDraft | None) -> list[QuoteDraftLine]:
    if draft is None:
        return []
    from quotes.selectors import draft_lines

    return draft_lines(draft)
