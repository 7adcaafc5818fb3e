"""Writes of the quotes app: the draft (business §3–§5), submission, the supplier's revisions, messages,
attachments, checkout hand-over and expiry (ARCHITECTURE §8 quote lifecycle)."""

from __future__ import annotations

import datetime
import re
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.services import PHONE_PATTERN
from portal import ratelimit
from portal.selectors import store_current
from pricing import calculation
from pricing.models import OptionType, Product, ProductVariant
from pricing.options import (
    QUANTITY_MAX,
    REQUIRED_OPTIONS_MESSAGE,
    checkbox_ticked,
    describe_selections,
    option_errors,
    stock_problem,
    validate_quote_line_quantity,
)
from pricing.selectors import product_catalog_prefetches, variants_by_skus
from quotes import amounts, files
from quotes.errors import (
    ADDED_MESSAGE,
    NO_CART_PRODUCTS_MESSAGE,
    NO_PRODUCTS_MESSAGE,
    NO_SKU_MESSAGE,
    PRICE_ERROR_MESSAGE,
    QUANTITY_MESSAGE,
    QuoteErrorCode,
    QuoteRefused,
)
from quotes.models import (
    Quote,
    QuoteAttachment,
    QuoteDraft,
    QuoteDraftLine,
    QuoteLine,
    QuoteMessage,
    QuoteRevision,
    QuoteStatus,
)
from quotes.permissions import (
    CHECKOUT_WITH_QUOTE,
    QuoteSwitches,
    Source,
    product_quotable,
    quote_enablement,
    quote_switches,
    source_allowed,
)
from quotes.selectors import (
    draft_contact_defaults,
    draft_key_hash,
    effective_status,
    guest_draft_by_key,
    options_key,
    quote_draft_for,
    quote_number,
    quotes_visible_to,
    selections_of,
    today,
    variant_selections,
)

MAX_DRAFT_LINES = 200
MAX_LINES_PER_CALL = 100
MAX_OPTIONS_PER_LINE = 50
QUOTE_VALIDITY_DAYS = 30  # issue 6: not in the spec; staff change the expiry per quote
MAX_MESSAGE_LENGTH = 2000
# Guests are limited per IP address: a submission e-mails the address it names, a file takes storage.
GUEST_SUBMISSIONS_PER_HOUR = 10
GUEST_UPLOADS_PER_HOUR = 30
GUEST_DRAFT_LIFETIME_DAYS = 30  # a guest draft untouched this long is deleted by the periodic task
NOT_QUOTABLE_MESSAGE = "This product can not be added to a quote."
NO_LONGER_AVAILABLE_MESSAGE = "This product is no longer available."
EMAIL_PATTERN = re.compile(r"^[^@\s]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]+$")


def _error(field_name: str, message: str, code: str) -> ValidationError:
    return ValidationError({field_name: [ValidationError(message, code=code)]})


def _guest_rate_limit(actor: Any, client_ip: str | None, scope: str, limit: int) -> None:
    if actor.user is not None or client_ip is None:
        return
    if ratelimit.record(scope, client_ip, window_seconds=3600) > limit:
        raise QuoteRefused(QuoteErrorCode.TOO_MANY_REQUESTS.label, code=QuoteErrorCode.TOO_MANY_REQUESTS)


# --- enablement ----------------------------------------------------------------------------------------------


def quote_building_check(*, actor: Any, switches: QuoteSwitches, source: str = Source.QUOTE_DRAFT) -> None:
    """Refuse (QuoteRefused with QUOTES_DISABLED or PERMISSION_DENIED) unless the actor may build a quote here."""
    enablement = quote_enablement(actor, switches)
    if not enablement.enabled:
        if enablement.code == "PERMISSION_DENIED":
            raise QuoteRefused("You do not have permission to request quotes.", code="PERMISSION_DENIED")
        raise QuoteRefused(QuoteErrorCode.QUOTES_DISABLED.label, code=QuoteErrorCode.QUOTES_DISABLED)
    if not source_allowed(source, switches):
        raise QuoteRefused(QuoteErrorCode.QUOTES_DISABLED.label, code=QuoteErrorCode.QUOTES_DISABLED)


# --- the draft: resolving what is added ----------------------------------------------------------------------


@dataclass(frozen=True)
class DraftLineRequest:
    """One product to add (business §3 draft line as added): by SKU, or by product and variant, with options as
    (option id, value) pairs; a variant option's value may stand for the variant."""

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


def _normalised_options(product: Product, selections: dict[int, Any]) -> list[list]:
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


def _load_products(requests: Sequence[DraftLineRequest]) -> tuple[dict[int, Product], dict[str, ProductVariant]]:
    """Visible products named by id or SKU, with variants and options, in a fixed number of queries."""
    skus = [r.sku.strip() for r in requests if r.sku and r.sku.strip()]
    by_sku = {variant.sku.upper(): variant for variant in variants_by_skus(skus=skus)} if skus else {}
    missing = [sku for sku in skus if sku.upper() not in by_sku]
    product_ids = {r.product_id for r in requests if r.product_id is not None}
    product_ids |= {variant.product_id for variant in by_sku.values()}
    products_by_sku: dict[str, Product] = {}
    query = Product.objects.filter(is_visible=True).prefetch_related(*product_catalog_prefetches())
    products = {}
    if product_ids:
        products = {product.pk: product for product in query.filter(pk__in=product_ids)}
    if missing:
        # A product's own SKU stands for its only variant (quick add by catalog number).
        for product in query.filter(sku__in=missing):
            products[product.pk] = product
            products_by_sku[product.sku.upper()] = product
    for sku, product in products_by_sku.items():
        variants = list(product.variants.all())
        if len(variants) == 1:
            by_sku[sku] = variants[0]
    return products, by_sku


def resolve_draft_lines(requests: Sequence[DraftLineRequest]) -> list[ResolvedLine]:
    """Check every requested line (SKU, product, variant, quantity, options; business §5) and resolve it; raise
    ValidationError keyed `lines.<index>.<field>` for the first failing line. Nothing is written."""
    products, by_sku = _load_products(requests)
    resolved = []
    for index, request in enumerate(requests):
        prefix = f"lines.{index}"
        sku = (request.sku or "").strip()
        if not sku and request.product_id is None:
            raise _error(f"{prefix}.sku", NO_SKU_MESSAGE, QuoteErrorCode.NO_SKU)
        if len(request.options) > MAX_OPTIONS_PER_LINE:
            raise _error(f"{prefix}.options", f"Send at most {MAX_OPTIONS_PER_LINE} options.", "invalid")
        try:
            quantity = validate_quote_line_quantity(request.quantity)
        except ValidationError:
            raise _error(f"{prefix}.quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
        selections = {int(option_id): value for option_id, value in request.options}
        variant = None
        if sku:
            found = by_sku.get(sku.upper())
            product = products.get(found.product_id) if found else None
            if found is None or product is None:
                raise _error(f"{prefix}.sku", f"No product has the SKU {sku[:64]}.", "unknown_sku")
            if request.product_id is not None and request.product_id != product.pk:
                raise _error(f"{prefix}.sku", f"The SKU {sku[:64]} is not of product {request.product_id}.", "invalid")
            variant = next(v for v in product.variants.all() if v.pk == found.pk)
        else:
            product = products.get(request.product_id)
            if product is None:
                raise _error(f"{prefix}.productId", "Product not found.", "unknown_product")
            if request.variant_id is not None:
                variant = next((v for v in product.variants.all() if v.pk == request.variant_id), None)
                if variant is None:
                    raise _error(f"{prefix}.variantId", "This variant is not of the product.", "unknown_variant")
            else:
                variant = _variant_from_selections(product, selections)
                if variant is None:
                    raise _error(f"{prefix}.options", REQUIRED_OPTIONS_MESSAGE, "required_options_missing")
        if not (variant.sku or "").strip():
            raise _error(f"{prefix}.sku", NO_SKU_MESSAGE, QuoteErrorCode.NO_SKU)
        # business §5: validate the options before adding (the variant carries the variant options' values).
        modifiers = [option for option in product.options.all() if not option.is_variant_option]
        variant_option_ids = {option.pk for option in product.options.all() if option.is_variant_option}
        modifier_selections = {k: v for k, v in selections.items() if k not in variant_option_ids}
        errors = option_errors(options=modifiers, selections=modifier_selections)
        if errors:
            raise ValidationError(
                {
                    f"{prefix}.{'options' if key == '__all__' else f'options.{key}'}": [
                        ValidationError(message, code="invalid_option") for message in messages
                    ]
                    for key, messages in errors.items()
                }
            )
        resolved.append(ResolvedLine(product, variant, quantity, _normalised_options(product, modifier_selections)))
    return resolved


def _merged(resolved: Iterable[ResolvedLine]) -> list[ResolvedLine]:
    """business §4 merge rule within one call: the same SKU and the same options add up."""
    merged: dict[tuple, ResolvedLine] = {}
    for line in resolved:
        if line.key in merged:
            merged[line.key].quantity += line.quantity
        else:
            merged[line.key] = ResolvedLine(line.product, line.variant, line.quantity, line.options)
    return list(merged.values())


def _check_prices(lines: Sequence[tuple[Product, ProductVariant, int, list]], *, actor: Any) -> None:
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
        raise _error("lines", PRICE_ERROR_MESSAGE, QuoteErrorCode.PRICE_ERROR) from exc


# --- the draft: writes -------------------------------------------------------------------------------------------


def _default_currency_code() -> str:
    return store_current().default_currency


def _draft_create(*, actor: Any, channel_id: int) -> tuple[QuoteDraft, str | None]:
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


def _draft_for_write(*, actor: Any, draft_key: str | None, channel_id: int = 1) -> tuple[QuoteDraft, str | None]:
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
    actor: Any,
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
            raise _error("lines", NO_CART_PRODUCTS_MESSAGE, QuoteErrorCode.NO_CART_PRODUCTS)
        raise _error("lines", NO_PRODUCTS_MESSAGE, QuoteErrorCode.NO_PRODUCTS)
    if len(lines) > MAX_LINES_PER_CALL:
        raise _error("lines", f"Add at most {MAX_LINES_PER_CALL} products at a time.", "too_many")
    resolved = _merged(resolve_draft_lines(lines))

    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    existing = {}
    if draft is not None:
        existing = {(line.variant_id, options_key(line.options)): line for line in draft.lines.all()}
    new_count = sum(1 for line in resolved if line.key not in existing)
    if len(existing) + new_count > MAX_DRAFT_LINES:
        raise _error("lines", QuoteErrorCode.TOO_MANY_LINES.label, QuoteErrorCode.TOO_MANY_LINES)
    for line in resolved:
        if line.key in existing:
            line.quantity += existing[line.key].quantity
        try:
            validate_quote_line_quantity(line.quantity)  # business §5: the line's total
        except ValidationError:
            raise _error("lines", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
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
    actor: Any,
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
    new_quantity = line.quantity if quantity is None else quantity
    if options is None and variant_id is None:
        try:
            validate_quote_line_quantity(new_quantity)
        except ValidationError:
            raise _error("quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
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
            raise ValidationError(
                {key.removeprefix("lines.0."): value for key, value in exc.error_dict.items()}
            ) from exc
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
        raise _error("quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE) from None
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
def quote_draft_remove_line(*, actor: Any, draft_key: str | None, line_id: int) -> DraftResult:
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    draft = quote_draft_for(actor=actor, draft_key=draft_key, for_update=True)
    _draft_line(draft, line_id).delete()
    _touch(draft)
    return DraftResult(draft, draft_key if actor.user is None else None)


@transaction.atomic
def quote_draft_clear(*, actor: Any, draft_key: str | None) -> DraftResult:
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


def _clean_address(prefix: str, address: dict[str, Any], errors: dict[str, list[str]]) -> dict[str, Any]:
    cleaned: dict[str, Any] = {}
    for name in ADDRESS_FIELDS:
        value = address.get(name)
        if name == "addressId":
            cleaned[name] = value if isinstance(value, int) and not isinstance(value, bool) else None
            continue
        text = str(value or "").strip()
        if len(text) > 200:
            errors.setdefault(f"{prefix}.{name}", []).append("Enter at most 200 characters.")
        cleaned[name] = text[:200]
    phone = cleaned["phoneNumber"]
    if phone and not re.match(PHONE_PATTERN, phone):
        errors.setdefault(f"{prefix}.phoneNumber", []).append("Enter a valid phone number.")
    return cleaned


def _email_error(email: str) -> str | None:
    try:
        validate_email(email)
    except ValidationError:
        return "Enter a valid email address."
    return None if EMAIL_PATTERN.match(email) else "Enter a valid email address."


@transaction.atomic
def quote_draft_update(
    *,
    actor: Any,
    draft_key: str | None,
    contact: dict[str, str | None] | None = None,
    shipping_address: dict[str, Any] | None = None,
    billing_address: dict[str, Any] | None = None,
    note: str | None = None,
) -> DraftResult:
    """Contact info (name, email, companyName, phoneNumber, quoteTitle), shipping and billing addresses and the
    note (business §3). A field left out (None) is unchanged; an address given replaces the stored one."""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    errors: dict[str, list[str]] = {}
    cleaned_contact: dict[str, str] = {}
    for name, value in (contact or {}).items():
        if value is None or name not in CONTACT_LIMITS:
            continue
        text = value.strip()
        if len(text) > CONTACT_LIMITS[name]:
            errors.setdefault(f"contactInfo.{name}", []).append(f"Enter at most {CONTACT_LIMITS[name]} characters.")
        elif name == "email" and text and _email_error(text):
            errors.setdefault("contactInfo.email", []).append("Enter a valid email address.")
        elif name == "phoneNumber" and text and not re.match(PHONE_PATTERN, text):
            errors.setdefault("contactInfo.phoneNumber", []).append("Enter a valid phone number.")
        cleaned_contact[name] = text
    shipping = _clean_address("shippingAddress", shipping_address, errors) if shipping_address is not None else None
    billing = _clean_address("billingAddress", billing_address, errors) if billing_address is not None else None
    if note is not None and len(note) > MAX_NOTE_LENGTH:
        errors["note"] = [f"Enter at most {MAX_NOTE_LENGTH} characters."]
    if errors:
        raise ValidationError(errors)
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
    *, actor: Any, draft_key: str | None, upload: UploadedFile, client_ip: str | None = None
) -> tuple[QuoteAttachment, str | None]:
    """A file dropped on the draft (business §5 drop zone: 3 files, 3,000,000 bytes, accepted types by content).
    Creates the draft when there is none; returns the file and a guest's draft key."""
    quote_building_check(actor=actor, switches=quote_switches(channel_id=1))
    _guest_rate_limit(actor, client_ip, "quote-guest-upload", GUEST_UPLOADS_PER_HOUR)
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
def quote_draft_attachment_remove(*, actor: Any, draft_key: str | None, attachment_id: int) -> DraftResult:
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
def quote_draft_claim(*, actor: Any, draft_key: str) -> DraftResult:
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


# --- submission --------------------------------------------------------------------------------------------------


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


def _contact_errors(draft: QuoteDraft) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    if not draft.contact_name.strip():
        errors["contactInfo.name"] = ["Enter your name."]
    if not draft.contact_email.strip():
        errors["contactInfo.email"] = ["Enter your email address."]
    elif _email_error(draft.contact_email):
        errors["contactInfo.email"] = ["Enter a valid email address."]
    return errors


@transaction.atomic
def quote_submit(
    *, actor: Any, draft_key: str | None, channel_id: int = 1, notify: bool = True, client_ip: str | None = None
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
    *, actor: Any, draft: QuoteDraft | None, switches: QuoteSwitches, channel_id: int = 1, notify: bool = True
) -> SubmitResult:
    """The quote of a draft, for the actor (the caller has checked that the actor may submit this draft)."""
    from quotes import tasks

    lines = _draft_lines_for_submit(draft)
    if not lines:
        raise _error("lines", QuoteErrorCode.DRAFT_EMPTY.label, QuoteErrorCode.DRAFT_EMPTY)
    errors = _contact_errors(draft)
    if errors:
        raise ValidationError(errors)
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
        raise _error("lines", PRICE_ERROR_MESSAGE, QuoteErrorCode.PRICE_ERROR) from exc

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


# --- after submission: messages and files ------------------------------------------------------------------------


def _author_name(actor: Any, quote: Quote) -> str:
    if actor is not None and actor.user is not None:
        return (actor.user.get_full_name() or actor.user.email)[:150]
    return quote.contact_name[:150] or "Guest"


@transaction.atomic
def quote_message_create(*, quote: Quote, actor: Any, body: str, notify: bool = True) -> QuoteMessage:
    """The buyer writes to the supplier (update_quote_message, or a guest with the access key); staff are
    e-mailed once it commits."""
    from quotes import tasks

    text = (body or "").strip()
    if not text:
        raise _error("message", "Enter a message.", "required")
    if len(text) > MAX_MESSAGE_LENGTH:
        raise _error("message", f"Enter at most {MAX_MESSAGE_LENGTH} characters.", "max_length")
    message = QuoteMessage.objects.create(
        quote=quote, from_staff=False, author=actor.user if actor else None, author_name=_author_name(actor, quote),
        body=text,
    )  # fmt: skip
    Quote.objects.filter(pk=quote.pk).update(updated_at=timezone.now())
    if notify:
        transaction.on_commit(lambda: tasks.quote_message_notify.delay(message.pk))
    return message


@transaction.atomic
def quote_attachment_add(*, quote: Quote, upload: UploadedFile, uploaded_by=None, from_staff: bool) -> QuoteAttachment:
    """A file on a submitted quote, of the buyer (at most 3 in all, business §5) or of the staff."""
    checked = files.check_upload(upload)
    Quote.objects.select_for_update().filter(pk=quote.pk).first()
    existing = quote.attachments.filter(from_staff=from_staff).count()
    files.check_file_count(existing, limit=files.MAX_STAFF_FILES if from_staff else files.MAX_FILES)
    return QuoteAttachment.objects.create(
        quote=quote,
        from_staff=from_staff,
        uploaded_by=uploaded_by,
        file=upload,
        file_name=checked.name,
        size=checked.size,
        content_type=checked.content_type,
    )


# --- the supplier's side ----------------------------------------------------------------------------------------


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
    shipping_total: Decimal | None | type[Ellipsis] = ...,
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
        raise _error("__all__", QuoteErrorCode.QUOTE_NOT_OPEN.label, QuoteErrorCode.QUOTE_NOT_OPEN)
    current = list(quote.lines.order_by("pk"))
    before = quote_snapshot(quote, current)
    for line in current:
        change = (lines or {}).get(line.pk)
        if change is not None:
            if not 1 <= change.quantity <= QUANTITY_MAX:
                raise _error(f"lines.{line.pk}.quantity", QUANTITY_MESSAGE, QuoteErrorCode.QUANTITY_OUT_OF_RANGE)
            if change.quoted_price is not None and change.quoted_price < 0:
                raise _error(f"lines.{line.pk}.quotedPrice", "Enter a price of 0 or more.", "invalid")
            line.quantity = change.quantity
            line.quoted_price = None if change.quoted_price is None else amounts.cents(change.quoted_price)
    if discount_percent is not None:
        if not Decimal(0) <= discount_percent <= Decimal(100):
            raise _error("discountPercent", "Enter a discount from 0 to 100 percent.", "invalid")
        quote.discount_percent = discount_percent
    if shipping_total is not ...:
        if shipping_total is not None and shipping_total < 0:
            raise _error("shippingTotal", "Enter an amount of 0 or more.", "invalid")
        quote.shipping_total = shipping_total
    if expires_on is not None:
        quote.expires_on = expires_on
    changed = revision_changes(before, quote_snapshot(quote, current))
    text = (message or "").strip()
    if len(text) > MAX_MESSAGE_LENGTH:
        raise _error("message", f"Enter at most {MAX_MESSAGE_LENGTH} characters.", "max_length")
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


# --- checkout ----------------------------------------------------------------------------------------------


def quote_checkout_check(*, quote: Quote) -> None:
    """A quote can be checked out when it is open, not expired, priced by the supplier, and every line passes the
    stock check (business §4). Raises ValidationError with QUOTE_NOT_OPEN, QUOTE_EXPIRED, QUOTE_NOT_PRICED or
    QUOTE_STOCK_PROBLEM (fields `lines.<line id>`)."""
    status = effective_status(quote)
    if status == QuoteStatus.EXPIRED:
        raise _error("__all__", QuoteErrorCode.QUOTE_EXPIRED.label, QuoteErrorCode.QUOTE_EXPIRED)
    if status != QuoteStatus.OPEN:
        raise _error("__all__", QuoteErrorCode.QUOTE_NOT_OPEN.label, QuoteErrorCode.QUOTE_NOT_OPEN)
    lines = list(quote.lines.select_related("product", "variant").order_by("pk"))
    if not quote.is_priced or any(line.quoted_price is None for line in lines):
        raise _error("__all__", QuoteErrorCode.QUOTE_NOT_PRICED.label, QuoteErrorCode.QUOTE_NOT_PRICED)
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
        raise ValidationError(
            {"__all__": [ValidationError(f"{QuoteErrorCode.QUOTE_STOCK_PROBLEM.label} {first.message}",
                                         code=QuoteErrorCode.QUOTE_STOCK_PROBLEM)], **problems}
        )  # fmt: skip


def quote_for_checkout(*, actor: Any, quote_id: int, for_update: bool = False) -> Quote:
    """The quote the actor may check out (checkout_with_quote at its level), checked. Quote.DoesNotExist when the
    actor may not reach it; ValidationError when it cannot be ordered (see `quote_checkout_check`)."""
    quotes = quotes_visible_to(actor=actor, code=CHECKOUT_WITH_QUOTE)
    if for_update:
        quotes = quotes.select_for_update()
    quote = quotes.get(pk=quote_id)
    quote_checkout_check(quote=quote)
    return quote


def _quote_for_order(*, actor: Any, quote_id: int) -> Quote:
    try:
        return quote_for_checkout(actor=actor, quote_id=quote_id, for_update=True)
    except Quote.DoesNotExist:
        raise QuoteRefused("You may not order from this quote.", code="PERMISSION_DENIED") from None


@transaction.atomic
def quote_order_check(*, actor: Any, quote_id: int, cart_lines: Sequence[tuple[int | None, Sequence, int]]) -> Quote:
    """Before an order is placed from a quote's cart: the quote is still open, unexpired and priced, the caller
    may check it out, and the cart holds exactly the quote's lines and quantities."""
    quote = _quote_for_order(actor=actor, quote_id=quote_id)
    wanted = sorted((line.variant_id, options_key(line.options), line.quantity) for line in quote.lines.all())
    have = sorted((variant_id, options_key(options), quantity) for variant_id, options, quantity in cart_lines)
    if wanted != have:
        raise _error(
            "__all__",
            f"Your cart no longer matches quote {quote.number}. Start the checkout from the quote again.",
            QuoteErrorCode.CART_MISMATCH,
        )
    return quote


@transaction.atomic
def quote_mark_ordered(*, actor: Any, quote_id: int, order) -> Quote:
    """The quote became this order (called by the storefront's checkout in the same transaction)."""
    from quotes import tasks

    quote = _quote_for_order(actor=actor, quote_id=quote_id)
    quote.status = QuoteStatus.ORDERED
    quote.order = order
    quote.ordered_at = timezone.now()
    quote.save(update_fields=["status", "order", "ordered_at", "updated_at"])
    transaction.on_commit(lambda: tasks.quote_event_send.delay(quote.pk, "order"))
    return quote


# --- expiry ------------------------------------------------------------------------------------------------------


def quotes_expire(*, on: datetime.date | None = None) -> list[int]:
    """Store `expired` on open quotes past their expiry date (ARCHITECTURE §8). Returns their ids."""
    from quotes import tasks

    on = on or today()
    with transaction.atomic():
        ids = list(
            Quote.objects.select_for_update()
            .filter(status=QuoteStatus.OPEN, expires_on__lt=on)
            .values_list("pk", flat=True)
        )
        Quote.objects.filter(pk__in=ids).update(status=QuoteStatus.EXPIRED, updated_at=timezone.now())
        for pk in ids:
            transaction.on_commit(lambda pk=pk: tasks.quote_event_send.delay(pk, "expire"))
    return ids


def quote_drafts_purge(*, older_than_days: int = GUEST_DRAFT_LIFETIME_DAYS) -> int:
    """Delete guest drafts nobody touched for `older_than_days` days, with their files. Returns how many."""
    cutoff = timezone.now() - datetime.timedelta(days=older_than_days)
    with transaction.atomic():
        stale = list(QuoteDraft.objects.filter(user__isnull=True, updated_at__lt=cutoff).values_list("pk", flat=True))
        attachments_delete(QuoteAttachment.objects.filter(draft_id__in=stale))
        QuoteDraft.objects.filter(pk__in=stale).delete()
    return len(stale)


def quotes_due_for_reminder(*, on: datetime.date | None = None, days: int) -> list[int]:
    """Open quotes that expire within `days` days (and not before today) whose buyer has not been reminded."""
    on = on or today()
    return list(
        Quote.objects.filter(
            status=QuoteStatus.OPEN,
            expires_on__gte=on,
            expires_on__lte=on + datetime.timedelta(days=days),
            expiry_reminder_sent_at__isnull=True,
        ).values_list("pk", flat=True)
    )
