"""The address book (issue 16): a company's addresses, shared by its users, and an individual (B2C) customer's own.

Permission codes (shell §6 "Address view" / "Address actions"): create_address, update_address, delete_address at
level 2 reach the whole company's book, at level 1 the addresses the user added (`addresses_visible_to`). The
default shipping and billing addresses are the company's choice for every buyer: changing them needs the code at
level 2 in a company. Changes to one book run one at a time (`lock_for_transaction`), so that two parallel
"set as default" calls leave exactly one default and the book's cap holds.

In a company tree (issue 40) a unit's book shares the addresses of the units above it read-only (a department's
ship-to, its labs' too): they are changed in their own unit, and refused here with the reason. A caller whose
permissions reach the units below the one they act for changes those units' addresses in their own books."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import models, transaction
from django.utils import timezone

from accounts.countries import country_find, state_find
from accounts.errors import AccountFieldCode, AddressErrorCode, AddressFieldCode
from accounts.models import Address, FormGroup, FormType
from accounts.permissions import Code
from accounts.selectors import (
    Actor,
    AddressBook,
    address_book_of,
    address_inherited_from,
    addresses_changeable_by,
)
from accounts.services.registration import _FormCheck
from accounts.validators import PHONE_PATTERN
from portal.errors import NotFound, Refused
from portal.locks import lock_for_transaction

# An address book is for the places a lab ships to and is billed at; a thousand is far beyond any real one and
# keeps the picker's search and every list bounded.
MAX_ADDRESSES_PER_BOOK = 1000
ADDRESS_NOT_FOUND_MESSAGE = "Address not found."
DEFAULTS_REFUSED_MESSAGE = "Only users who manage all of the company's addresses may change its default addresses."
INHERITED_REFUSED_MESSAGE = "This address is {unit}'s, shared with the units below it: it can only be changed there."

# API field name → (label, longest value, required).
_TEXT_FIELDS: dict[str, tuple[str, int, bool]] = {
    "label": ("Label", 100, False),
    "firstName": ("First name", 150, True),
    "lastName": ("Last name", 150, True),
    "companyName": ("Company", 200, False),
    "addressLine1": ("Address line 1", 200, True),
    "addressLine2": ("Address line 2", 200, False),
    "city": ("City", 100, True),
    "zipCode": ("ZIP / postal code", 20, True),
    "phoneNumber": ("Phone number", 40, False),
}
# API field name → model field name.
ADDRESS_MODEL_FIELDS = {
    "label": "label",
    "firstName": "first_name",
    "lastName": "last_name",
    "companyName": "company_name",
    "country": "country_code",
    "state": "state",
    "addressLine1": "address_line1",
    "addressLine2": "address_line2",
    "city": "city",
    "zipCode": "zip_code",
    "phoneNumber": "phone",
    "isShipping": "is_shipping",
    "isBilling": "is_billing",
    "isDefaultShipping": "is_default_shipping",
    "isDefaultBilling": "is_default_billing",
    "extraFields": "extra_fields",
}


class AddressKind(models.TextChoices):
    SHIPPING = "shipping", "Shipping"
    BILLING = "billing", "Billing"


@dataclass(frozen=True)
class AddressData:
    """An address as the add / edit dialog sends it. `is_default_shipping` / `is_default_billing`: None leaves the
    flag as it is (False for a new address)."""

    first_name: str = ""
    last_name: str = ""
    country: str = ""
    address_line1: str = ""
    city: str = ""
    zip_code: str = ""
    label: str = ""
    company_name: str = ""
    state: str = ""
    address_line2: str = ""
    phone: str = ""
    is_shipping: bool = True
    is_billing: bool = True
    is_default_shipping: bool | None = None
    is_default_billing: bool | None = None
    extra_fields: tuple[tuple[str, str], ...] = ()


def address_form_type(book: AddressBook) -> FormType:
    """Whose registration form's custom address fields (`accountFormFields`, group 4) an address answers: a
    company's the business form's, an individual's the personal form's."""
    return FormType.BUSINESS if book.company is not None else FormType.PERSONAL


def _text(check: _FormCheck, name: str, value: str) -> str:
    label, limit, required = _TEXT_FIELDS[name]
    value = (value or "").strip()
    if "\x00" in value:  # PostgreSQL cannot store it; the API refuses it earlier, other callers here
        check.error(name, f"{label} contains a character that is not allowed.", AccountFieldCode.INVALID)
    elif required and not value:
        check.error(name, f"{label} is required.", AccountFieldCode.REQUIRED)
    elif len(value) > limit:
        check.error(name, f"{label} may have at most {limit} characters.", AccountFieldCode.MAX_LENGTH)
    return value


def _place(check: _FormCheck, country_value: str, state_value: str) -> tuple[str, str]:
    """The country's code and the state: a country from the store's list (`countries`, by code or name); where it
    has states, one of them (stored as its code), else free text."""
    country_value, state_value = (country_value or "").strip(), (state_value or "").strip()
    country = country_find(country_value) if country_value and len(country_value) <= 100 else None
    if not country_value:
        check.error("country", "Country is required.", AccountFieldCode.REQUIRED)
    elif country is None:
        check.error("country", "Choose a country from the list.", AccountFieldCode.INVALID_CHOICE)
    if country is not None and country.states:
        found = state_find(country, state_value) if state_value and len(state_value) <= 100 else None
        if found is None:
            code = AccountFieldCode.INVALID_CHOICE if state_value else AccountFieldCode.REQUIRED
            check.error("state", "Choose a state or province from the list.", code)
        return country.country_code, found.state_code if found else ""
    if "\x00" in state_value:
        check.error("state", "State contains a character that is not allowed.", AccountFieldCode.INVALID)
    elif len(state_value) > 100:
        check.error("state", "State may have at most 100 characters.", AccountFieldCode.MAX_LENGTH)
    return (country.country_code if country else ""), state_value


def address_values_check(data: AddressData, *, form_type: FormType) -> dict[str, Any]:
    """The model's field values of an address, checked: required fields, lengths, the country and state from the
    store's lists, the shell §5 phone rule, shipping and/or billing, and the store's custom address fields. Every
    field's errors at once (ValidationError keyed by the API's field names). The default flags are not set here."""
    check = _FormCheck(form_type)
    texts = {name: _text(check, name, getattr(data, ADDRESS_MODEL_FIELDS[name])) for name in _TEXT_FIELDS}
    if texts["phoneNumber"] and "phoneNumber" not in check.errors and not re.match(PHONE_PATTERN, texts["phoneNumber"]):
        check.error("phoneNumber", "Enter a valid phone number.", AccountFieldCode.INVALID_PHONE)
    country_code, state = _place(check, data.country, data.state)
    if not data.is_shipping and not data.is_billing:
        check.error("isShipping", AddressFieldCode.ADDRESS_KIND.label, AddressFieldCode.ADDRESS_KIND)
    for kind in AddressKind.values:
        if getattr(data, f"is_default_{kind}") and not getattr(data, f"is_{kind}"):
            field = f"isDefault{kind.capitalize()}"
            check.error(field, f"A default {kind} address must be a {kind} address.", AddressFieldCode.DEFAULT_KIND)
    extra = check.extras("extraFields", (FormGroup.ADDRESS,), data.extra_fields)
    check.raise_if_any()
    values = {ADDRESS_MODEL_FIELDS[name]: value for name, value in texts.items()}
    return {
        **values,
        "country_code": country_code,
        "state": state,
        "is_shipping": data.is_shipping,
        "is_billing": data.is_billing,
        "extra_fields": extra,
    }


def _require(actor: Actor, code: str) -> AddressBook:
    """The actor's address book, when they hold `code`; PermissionDenied otherwise (a super admin who is not
    masquerading has no address book)."""
    book = address_book_of(actor)
    if book is None or not actor.can(code):
        raise PermissionDenied()
    return book


def _may_change_defaults(actor: Actor, book: AddressBook, code: str) -> bool:
    return book.company is None or actor.level(code) >= 2


def _address_locked(actor: Actor, address_id: int, code: str) -> tuple[AddressBook, Address]:
    """The address the actor may change with `code` and the book it belongs to (the book of a unit below the one they
    act for, when it is that unit's), locked for the rest of the transaction after the book's lock. An address the
    actor's book inherits from a unit above is refused with the reason; any other is NotFound."""
    changeable = addresses_changeable_by(actor=actor, code=code)
    owner = changeable.select_related("company").filter(pk=address_id).first()
    if owner is None:
        unit = address_inherited_from(actor=actor, address_id=address_id)
        if unit is not None:
            raise PermissionDenied(INHERITED_REFUSED_MESSAGE.format(unit=unit))
        raise NotFound(ADDRESS_NOT_FOUND_MESSAGE)
    book = AddressBook(company=owner.company) if owner.company is not None else AddressBook(customer=actor.user)
    lock_for_transaction(book.lock_key)
    address = changeable.select_for_update().filter(pk=address_id).first()
    if address is None:  # deleted while the lock was awaited
        raise NotFound(ADDRESS_NOT_FOUND_MESSAGE)
    address.company = owner.company  # the same row's unit, read above: an address never changes books
    return book, address


def _defaults_clear(book: AddressBook, kinds: list[str], *, keep: Address | None = None) -> None:
    """Clear the book's current default of each kind (but `keep`'s), before another address takes it: the partial
    unique constraints allow one at a time."""
    for kind in kinds:
        previous = book.addresses().filter(**{f"is_default_{kind}": True})
        if keep is not None and keep.pk is not None:
            previous = previous.exclude(pk=keep.pk)
        previous.update(**{f"is_default_{kind}": False, "updated_at": timezone.now()})


def _default_flags(data: AddressData, current: Address | None, values: dict[str, Any]) -> dict[str, bool]:
    """The default flags after the change: as sent, else as they were (False for a new address); an address that
    stops being a shipping (billing) address stops being the default one."""
    flags = {}
    for kind in AddressKind.values:
        sent = getattr(data, f"is_default_{kind}")
        was = bool(current is not None and getattr(current, f"is_default_{kind}"))
        flags[f"is_default_{kind}"] = (was if sent is None else sent) and values[f"is_{kind}"]
    return flags


def _defaults_taken(current: Address | None, flags: dict[str, bool]) -> list[str]:
    return [
        kind
        for kind in AddressKind.values
        if flags[f"is_default_{kind}"] and not getattr(current, f"is_default_{kind}", False)
    ]


@transaction.atomic
def address_create(*, actor: Actor, data: AddressData) -> Address:
    """Add an address to the actor's book (create_address). Making it a default needs create_address at level 2 in
    a company. ADDRESS_BOOK_FULL past MAX_ADDRESSES_PER_BOOK."""
    book = _require(actor, Code.CREATE_ADDRESS)
    values = address_values_check(data, form_type=address_form_type(book))
    flags = _default_flags(data, None, values)
    if any(flags.values()) and not _may_change_defaults(actor, book, Code.CREATE_ADDRESS):
        raise PermissionDenied(DEFAULTS_REFUSED_MESSAGE)
    lock_for_transaction(book.lock_key)
    if book.addresses().count() >= MAX_ADDRESSES_PER_BOOK:
        raise Refused(AddressErrorCode.ADDRESS_BOOK_FULL.label, code=AddressErrorCode.ADDRESS_BOOK_FULL)
    _defaults_clear(book, _defaults_taken(None, flags))
    return Address.objects.create(
        company=book.company, customer=book.customer, created_by=actor.user, **values, **flags
    )


@transaction.atomic
def address_update(*, actor: Actor, address_id: int, data: AddressData) -> Address:
    """Replace an address's fields with the dialog's (update_address at its level; another book's address is
    NotFound). A change of its default flags needs update_address at level 2 in a company."""
    _require(actor, Code.UPDATE_ADDRESS)
    book, address = _address_locked(actor, address_id, Code.UPDATE_ADDRESS)
    values = address_values_check(data, form_type=address_form_type(book))
    flags = _default_flags(data, address, values)
    changed = any(flags[name] != getattr(address, name) for name in flags)
    if changed and not _may_change_defaults(actor, book, Code.UPDATE_ADDRESS):
        raise PermissionDenied(DEFAULTS_REFUSED_MESSAGE)
    _defaults_clear(book, _defaults_taken(address, flags), keep=address)
    for name, value in {**values, **flags}.items():
        setattr(address, name, value)
    address.save()
    return address


@transaction.atomic
def address_delete(*, actor: Actor, address_id: int) -> None:
    """Delete an address (delete_address at its level). Deleting a default address leaves the book without that
    default (and needs delete_address at level 2 in a company). Quotes and orders keep their own copy."""
    _require(actor, Code.DELETE_ADDRESS)
    book, address = _address_locked(actor, address_id, Code.DELETE_ADDRESS)
    is_default = address.is_default_shipping or address.is_default_billing
    if is_default and not _may_change_defaults(actor, book, Code.DELETE_ADDRESS):
        raise PermissionDenied(DEFAULTS_REFUSED_MESSAGE)
    address.delete()


@transaction.atomic
def address_set_default(*, actor: Actor, address_id: int, kind: str) -> Address:
    """Make an address the book's default shipping or billing address (update_address, level 2 in a company); the
    previous default stops being one in the same transaction. The address becomes a shipping (billing) address if
    it was not one. Setting the current default again changes nothing."""
    if kind not in AddressKind.values:
        raise ValidationError({"kind": [ValidationError("Choose shipping or billing.", code="invalid_choice")]})
    book = _require(actor, Code.UPDATE_ADDRESS)
    if not _may_change_defaults(actor, book, Code.UPDATE_ADDRESS):
        raise PermissionDenied(DEFAULTS_REFUSED_MESSAGE)
    book, address = _address_locked(actor, address_id, Code.UPDATE_ADDRESS)
    if getattr(address, f"is_default_{kind}"):
        return address
    _defaults_clear(book, [kind], keep=address)
    setattr(address, f"is_{kind}", True)
    setattr(address, f"is_default_{kind}", True)
    address.save(update_fields=[f"is_{kind}", f"is_default_{kind}", "updated_at"])
    return address
