"""The draft's writes (business §3–§5): lines, contact details, addresses, note and files, and claiming a guest's
draft on sign-in."""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from accounts.validators import PHONE_PATTERN
from portal.errors import field_errors
from portal.selectors import store_current
from pricing.line_items import merged_lines
from pricing.options import QUANTITY_MAX, validate_quote_line_quantity
from quotes import files
from quotes.errors import (
    ADDED_MESSAGE,
    NO_CART_PRODUCTS_MESSAGE,
    NO_PRODUCTS_MESSAGE,
    QUANTITY_MESSAGE,
    QuoteErrorCode,
    QuoteRefused,
    field_error,
)
from quotes.models import QuoteAttachment, QuoteDraft, QuoteDraftLine
from quotes.permissions import Source, product_quotable, quote_switches
from quotes.selectors import draft_contact_defaults, draft_key_hash, guest_draft_by_key, options_key, quote_draft_for
from quotes.services.enablement import NOT_QUOTABLE_MESSAGE, quote_building_check
from quotes.services.lines import DraftLineRequest, ResolvedLine, _check_prices, resolve_draft_lines

MAX_DRAFT_LINES = 200
MAX_LINES_PER_CALL = 100
EMAIL_PATTERN = r"^[^@\s]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]+$"


def _default_currency_code() -> str:
    return store_current().default_currency


def _draft_create(*, actor: Actor, channel_id: int) -> tuple[QuoteDraft, str | None]:
    """A new draft: the signed-in user's, prefilled with their contact details, or a guest's with a new key."""
    currency = _default_currency_code()
    if actor.user is not None:
        draft = QuoteDraft.objects.create(
            user=actor.user,
            masquerade_company=actor.masquerade_company,
            channel_id=channel_id,
            currency_code=currency,
            **draft_contact_defaults(actor=actor),
        )
        return draft, None
    raw_key = secrets.token_urlsafe(32)
    draft = QuoteDraft.objects.create(key_hash=draft_key_hash(raw_key), channel_id=channel_id, currency_code=currency)
    return draft, raw_key


def _draft_for_write(*, actor: Actor, draft_key: str | None, channel_id: int = 1) -> tuple[QuoteDraft, str | None]:
    """The caller's draft locked for the write, created when there is none; and the key to give back to a guest."""
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    if draft is not None:
        return draft, (draft_key if actor.user is None else None)
    return _draft_create(actor=actor, channel_id=channel_id)


def _touch(draft: QuoteDraft) -> None:
    QuoteDraft.objects.filter(pk=draft.pk).update(updated_at=timezone.now())


@dataclass
class DraftResult:
    draft: QuoteDraft | None
    draft_key: str | None
    message: str = ""


@transaction.atomic
def quote_draft_add_lines(
    *,
    actor: Actor,
    draft_key: str | None,
    lines: Sequence[DraftLineRequest],
    source: str = Source.QUOTE_DRAFT,
    cart_id: str | None = None,
    channel_id: int = 1,
) -> DraftResult:
    """Add products to the caller's draft (from the product page, the cart's "Add All to Quote", or the draft's own
    search and quick add). Everything is checked before anything is written: enablement (shell §4), SKU, options,
    quantity and the merge rule (business §4, §5), non-purchasable products, prices. Returns the business §8
    success text."""
    switches = quote_switches(channel_id=channel_id)
    quote_building_check(actor=actor, switches=switches, source=source)
    if not lines:
        if source == Source.CART_PAGE:
            raise field_error("lines", NO_CART_PRODUCTS_MESSAGE, QuoteErrorCode.NO_CART_PRODUCTS)
        raise field_error("lines", NO_PRODUCTS_MESSAGE, QuoteErrorCode.NO_PRODUCTS)
    if len(lines) > MAX_LINES_PER_CALL:
        raise field_error("lines", f"Add at most {MAX_LINES_PER_CALL} products at a time.", "too_many")
    resolved = merged_lines(resolve_draft_lines(lines))  # business §4 merge rule within one call

    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    existing = {}
    if draft is not None:
        existing = {(line.variant_id, options_key(line.options)): line for line in draft.lines.all()}
    new_count = sum(1 for line in resolved if line.key not in existing)
    if len(existing) + new_count > MAX_DRAFT_LINES:
        raise field_error("lines", QuoteErrorCode.TOO_MANY_LINES.label, QuoteErrorCode.TOO_MANY_LINES)
    for line in resolved:
        if line.key in existing:
            line.quantity += existing[line.key].quantity
        try:
            validate_quote_line_quantity(line.quantity)  # business §5: the line's total
        except ValidationError:
            raise field_error("lines", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
        if not product_quotable(line.product, line.variant, line.quantity, switches):
            raise QuoteRefused(NOT_QUOTABLE_MESSAGE, code=QuoteErrorCode.NOT_QUOTABLE)
    _check_prices([(line.product, line.variant, line.quantity, line.options) for line in resolved], actor=actor)

    if draft is None:
        draft, raw_key = _draft_create(actor=actor, channel_id=channel_id)
    else:
        raw_key = draft_key if actor.user is None else None
    for line in resolved:
        current = existing.get(line.key)
        if current is not None:
            current.quantity = line.quantity
            current.save(update_fields=["quantity"])
        else:
            QuoteDraftLine.objects.create(
                draft=draft, product=line.product, variant=line.variant, quantity=line.quantity, options=line.options
            )
    if source == Source.CART_PAGE and cart_id:
        draft.cart_id = cart_id[:64]  # business §4: cart-to-quote remembers the cart id
        draft.save(update_fields=["cart_id", "updated_at"])
    else:
        _touch(draft)
    return DraftResult(draft, raw_key, ADDED_MESSAGE)


def _draft_line(draft: QuoteDraft | None, line_id: int) -> QuoteDraftLine:
    if draft is None:
        raise QuoteDraftLine.DoesNotExist
    return draft.lines.select_related("product", "variant").get(pk=line_id)


@transaction.atomic
def quote_draft_update_line(
    *,
    actor: Actor,
    draft_key: str | None,
    line_id: int,
    quantity: int | None = None,
    options: Sequence[tuple[int, Any]] | None = None,
    variant_id: int | None = None,
) -> DraftResult:
    """Change a line's quantity, options or variant. A line that becomes equal to another is merged into it."""
    switches = quote_switches(channel_id=1)
    quote_building_check(actor=actor, switches=switches)
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    line = _draft_line(draft, line_id)
    assert draft is not None  # _draft_line refused a missing draft
    new_quantity = line.quantity if quantity is None else quantity
    if options is None and variant_id is None:
        try:
            validate_quote_line_quantity(new_quantity)
        except ValidationError:
            raise field_error("quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
        resolved = ResolvedLine(line.product, line.variant, new_quantity, line.options)
    else:
        request = DraftLineRequest(
            quantity=new_quantity,
            product_id=line.product_id,
            variant_id=variant_id if variant_id is not None else line.variant_id,
            options=list(options) if options is not None else [tuple(pair) for pair in line.options],
        )
        try:
            (resolved,) = resolve_draft_lines([request])
        except ValidationError as exc:
            raise field_errors({key.removeprefix("lines.0."): value for key, value in exc.error_dict.items()}) from exc
    twin = next(
        (
            other
            for other in draft.lines.exclude(pk=line.pk)
            if (other.variant_id, options_key(other.options)) == resolved.key
        ),
        None,
    )
    total = resolved.quantity + (twin.quantity if twin else 0)
    try:
        validate_quote_line_quantity(total)
    except ValidationError:
        raise field_error("quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
    if not product_quotable(resolved.product, resolved.variant, total, switches):
        raise QuoteRefused(NOT_QUOTABLE_MESSAGE, code=QuoteErrorCode.NOT_QUOTABLE)
    _check_prices([(resolved.product, resolved.variant, total, resolved.options)], actor=actor)
    if twin is not None:
        twin.quantity = total
        twin.save(update_fields=["quantity"])
        line.delete()
    else:
        line.variant, line.quantity, line.options = resolved.variant, resolved.quantity, resolved.options
        line.save(update_fields=["variant", "quantity", "options"])
    _touch(draft)
    return DraftResult(draft, draft_key if actor.user is None else None)


@transaction.atomic
def quote_draft_remove_line(*, actor: Actor, draft_key: str | None, line_id: int) -> DraftResult:
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    _draft_line(draft, line_id).delete()
    assert draft is not None  # _draft_line refused a missing draft
    _touch(draft)
    return DraftResult(draft, draft_key if actor.user is None else None)


@transaction.atomic
def quote_draft_clear(*, actor: Actor, draft_key: str | None) -> DraftResult:
    """Empty the draft (lines, details and files); the guest keeps the key."""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    if draft is None:
        return DraftResult(None, None)
    attachments_delete(draft.attachments.all())
    draft.lines.all().delete()
    draft.cart_id = ""
    draft.note = ""
    draft.quote_title = ""
    draft.shipping_address, draft.billing_address = {}, {}
    draft.save()
    return DraftResult(draft, draft_key if actor.user is None else None)


ADDRESS_FIELDS = (
    "address", "addressId", "apartment", "companyName", "city", "country", "firstName", "label", "lastName",
    "phoneNumber", "state", "zipCode",
)  # fmt: skip
CONTACT_LIMITS = {"name": 150, "email": 254, "companyName": 200, "phoneNumber": 40, "quoteTitle": 200}
MAX_NOTE_LENGTH = 5000


def _add_error(errors: dict[str, list[ValidationError]], key: str, message: str, code: str) -> None:
    errors.setdefault(key, []).append(ValidationError(message, code=code))


def _clean_address(prefix: str, address: dict[str, Any], errors: dict[str, list[ValidationError]]) -> dict[str, Any]:
    cleaned: dict[str, Any] = {}
    for name in ADDRESS_FIELDS:
        value = address.get(name)
        if name == "addressId":
            cleaned[name] = value if isinstance(value, int) and not isinstance(value, bool) else None
            continue
        text = str(value or "").strip()
        if len(text) > 200:
            _add_error(errors, f"{prefix}.{name}", "Enter at most 200 characters.", "max_length")
        cleaned[name] = text[:200]
    phone = cleaned["phoneNumber"]
    if phone and not re.match(PHONE_PATTERN, phone):
        _add_error(errors, f"{prefix}.phoneNumber", "Enter a valid phone number.", "invalid_phone")
    return cleaned


def _email_error(email: str) -> str | None:
    try:
        validate_email(email)
    except ValidationError:
        return "Enter a valid email address."
    return None if re.match(EMAIL_PATTERN, email) else "Enter a valid email address."


@transaction.atomic
def quote_draft_update(
    *,
    actor: Actor,
    draft_key: str | None,
    contact: dict[str, str | None] | None = None,
    shipping_address: dict[str, Any] | None = None,
    billing_address: dict[str, Any] | None = None,
    note: str | None = None,
) -> DraftResult:
    """Contact info (name, email, companyName, phoneNumber, quoteTitle), shipping and billing addresses and the
    note (business §3). A field left out (None) is unchanged; an address given replaces the stored one."""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    errors: dict[str, list[ValidationError]] = {}
    cleaned_contact: dict[str, str] = {}
    for name, value in (contact or {}).items():
        if value is None or name not in CONTACT_LIMITS:
            continue
        text = value.strip()
        if len(text) > CONTACT_LIMITS[name]:
            _add_error(errors, f"contactInfo.{name}", f"Enter at most {CONTACT_LIMITS[name]} characters.", "max_length")
        elif name == "email" and text and _email_error(text):
            _add_error(errors, "contactInfo.email", "Enter a valid email address.", "invalid_email")
        elif name == "phoneNumber" and text and not re.match(PHONE_PATTERN, text):
            _add_error(errors, "contactInfo.phoneNumber", "Enter a valid phone number.", "invalid_phone")
        cleaned_contact[name] = text
    shipping = _clean_address("shippingAddress", shipping_address, errors) if shipping_address is not None else None
    billing = _clean_address("billingAddress", billing_address, errors) if billing_address is not None else None
    if note is not None and len(note) > MAX_NOTE_LENGTH:
        _add_error(errors, "note", f"Enter at most {MAX_NOTE_LENGTH} characters.", "max_length")
    if errors:
        raise field_errors(errors)
    draft, raw_key = _draft_for_write(actor=actor, draft_key=draft_key)
    fields = {
        "name": "contact_name", "email": "contact_email", "companyName": "company_name",
        "phoneNumber": "phone_number", "quoteTitle": "quote_title",
    }  # fmt: skip
    for name, value in cleaned_contact.items():
        setattr(draft, fields[name], value)
    if shipping is not None:
        draft.shipping_address = shipping
    if billing is not None:
        draft.billing_address = billing
    if note is not None:
        draft.note = note.strip()
    draft.save()
    return DraftResult(draft, raw_key)


@transaction.atomic
def quote_draft_attachment_add(
    *, actor: Actor, draft_key: str | None, upload: UploadedFile
) -> tuple[QuoteAttachment, str | None]:
    """A file dropped on the draft (business §5 drop zone: 3 files, 3,000,000 bytes, accepted types by content).
    Creates the draft when there is none; returns the file and a guest's draft key. (The guests' hourly limit is the
    upload edge's throttle, quotes.views.)"""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    checked = files.check_upload(upload)
    draft, raw_key = _draft_for_write(actor=actor, draft_key=draft_key)
    files.check_file_count(draft.attachments.count())
    attachment = QuoteAttachment.objects.create(
        draft=draft,
        uploaded_by=actor.user,
        file=upload,
        file_name=checked.name,
        size=checked.size,
        content_type=checked.content_type,
    )
    return attachment, raw_key


@transaction.atomic
def quote_draft_attachment_remove(*, actor: Actor, draft_key: str | None, attachment_id: int) -> DraftResult:
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    if draft is None:
        raise QuoteAttachment.DoesNotExist
    attachments_delete([draft.attachments.get(pk=attachment_id)])
    _touch(draft)
    return DraftResult(draft, draft_key if actor.user is None else None)


def attachments_delete(attachments: Iterable[QuoteAttachment]) -> None:
    """Delete attachments and, once the transaction commits, their files."""
    attachments = list(attachments)
    names = [(attachment.file.storage, attachment.file.name) for attachment in attachments]
    QuoteAttachment.objects.filter(pk__in=[a.pk for a in attachments]).delete()

    def remove_files() -> None:
        for storage, name in names:
            if name:
                storage.delete(name)

    transaction.on_commit(remove_files)


@transaction.atomic
def quote_draft_claim(*, actor: Actor, draft_key: str) -> DraftResult:
    """Move a guest draft into the signed-in user's draft when they sign in: lines by the merge rule (a merged
    quantity is clamped to 1,000,000, business §5), empty details and the cart id taken over, files moved while
    there is room. The guest draft is deleted. Refused when the user may not build quotes."""
    if actor.user is None:
        raise QuoteRefused("Sign in first.", code="PERMISSION_DENIED")
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    guest = guest_draft_by_key(draft_key=draft_key, for_update=True)
    own, _ = _draft_for_write(actor=actor, draft_key=None)
    if guest is None:
        return DraftResult(own, None)
    existing = {(line.variant_id, options_key(line.options)): line for line in own.lines.all()}
    for line in guest.lines.order_by("pk"):
        key = (line.variant_id, options_key(line.options))
        if key in existing:
            target = existing[key]
            target.quantity = min(target.quantity + line.quantity, QUANTITY_MAX)
            target.save(update_fields=["quantity"])
        elif len(existing) < MAX_DRAFT_LINES:
            line.draft = own
            line.save(update_fields=["draft"])
            existing[key] = line
    for name in ("contact_name", "contact_email", "company_name", "phone_number", "quote_title", "note", "cart_id"):
        if not getattr(own, name) and getattr(guest, name):
            setattr(own, name, getattr(guest, name))
    for name in ("shipping_address", "billing_address"):
        if not any(getattr(own, name).values()) and getattr(guest, name):
            setattr(own, name, getattr(guest, name))
    own.save()
    room = max(files.MAX_FILES - own.attachments.count(), 0)
    moving = list(guest.attachments.order_by("pk"))
    QuoteAttachment.objects.filter(pk__in=[a.pk for a in moving[:room]]).update(draft=own)
    attachments_delete(moving[room:])
    guest.delete()
    return DraftResult(own, None)
