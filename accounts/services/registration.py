"""Registration (issue 5): personal and business accounts, the B2C→B2B conversion and resubmission of a rejected
company, the newsletter, and the registration forms' fields."""

from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import date, timedelta
from functools import partial
from typing import Any

from django.contrib.auth import password_validation
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.countries import country_find, state_find
from accounts.errors import AccountErrorCode, AccountFieldCode
from accounts.models import (
    AccountFormField,
    AuditAction,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    FieldType,
    FormGroup,
    FormType,
    MediaFile,
    NewsletterSubscriber,
    User,
)
from accounts.selectors import (
    AUTO_APPROVAL_CONFIG_KEY,
    CONFIG_FALLBACK,
    REGISTRATION_CONFIG_KEY,
    Actor,
    account_form_fields,
    membership_of,
    registration_allowed,
    storefront_configs,
)
from accounts.services.audit import audit_record
from accounts.services.companies import _email_on_commit
from accounts.services.media import COMPANY_ATTACHMENT, TOO_MANY_FILES_MESSAGE, UPLOAD_TTL_SECONDS
from accounts.uploads import MAX_FILES
from accounts.validators import PHONE_PATTERN
from portal import ratelimit
from portal.errors import SESSION_EXPIRED_CODE, SESSION_EXPIRED_MESSAGE, Refused, field_errors
from portal.selectors import channel_get, store_current

REGISTRATION_WINDOW = 3600
REGISTRATION_LIMIT_PER_IP = 20  # registration attempts (either kind) per IP address per hour
NEWSLETTER_LIMIT_PER_IP = 20
MAX_EXTRA_FIELDS = 50
# shell §5 e-mail: a standard local part, '@', a domain, a dot, then a top-level domain of letters.
EMAIL_PATTERN = (
    r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z]+$"
)
DIGITS = r"^\d+$"
EMAIL_IN_USE_MESSAGE = "An account with this email address already exists. Sign in, or reset your password."
# Built-in fields that are always required and visible, whatever staff set.
ESSENTIAL_FIELDS = {"firstName", "lastName", "email", "password", "companyName", "companyEmail"}


@dataclass(frozen=True)
class ContactData:
    """The person who registers (`customerCreate`, or `companyCreate`'s `customer` for a guest)."""

    first_name: str
    last_name: str
    email: str
    password: str
    phone: str = ""
    accepts_marketing: bool = False
    user_extra_fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CompanyApplication:
    """shell §7 companyCreate fields."""

    company_name: str
    company_email: str
    company_phone: str = ""
    country: str = ""
    address_line1: str = ""
    address_line2: str = ""
    city: str = ""
    state: str = ""
    zip_code: str = ""
    extra_fields: tuple[tuple[str, str], ...] = ()
    address_extra_fields: tuple[tuple[str, str], ...] = ()
    user_extra_fields: tuple[tuple[str, str], ...] = ()
    file_ids: tuple[str, ...] = ()
    channel_id: int = 1
    customer_id: int | None = None
    store_hash: str | None = None


@dataclass(frozen=True)
class CompanyCreated:
    company: Company
    user: User
    auto_approved: bool
    resubmitted: bool


def email_is_valid(email: str) -> bool:
    if len(email) > 254 or not re.match(EMAIL_PATTERN, email):
        return False
    try:
        validate_email(email)
    except ValidationError:
        return False
    return True


class _FormCheck:
    """Checks input against a registration form's fields (`accountFormFields`): required and visible flags, the
    shell §5 rules, and the custom extra fields' types. Collects every field's errors before raising."""

    USER_GROUPS = (FormGroup.CONTACT, FormGroup.ADDITIONAL)

    def __init__(self, form_type: FormType) -> None:
        self.fields = {f.field_name: f for f in account_form_fields(form_type=form_type)}
        self.errors: dict[str, list[ValidationError]] = {}

    def error(self, key: str, message: str, code: str) -> None:
        self.errors.setdefault(key, []).append(ValidationError(message, code=code))

    def raise_if_any(self) -> None:
        if self.errors:
            raise field_errors(self.errors)

    def builtin(self, name: str, value: str, *, max_length: int = 200) -> str:
        value = (value or "").strip()
        field = self.fields.get(name)
        required = name in ESSENTIAL_FIELDS or (field is not None and field.is_required and field.visible)
        label = field.label if field is not None else name
        if required and not value:
            self.error(name, f"{label} is required.", AccountFieldCode.REQUIRED)
        elif len(value) > max_length:
            self.error(name, f"{label} may have at most {max_length} characters.", AccountFieldCode.MAX_LENGTH)
        return value

    def email(self, name: str, value: str) -> str:
        value = self.builtin(name, value, max_length=254).lower()
        if value and not email_is_valid(value):
            self.error(name, "Enter a valid email address.", AccountFieldCode.INVALID_EMAIL)
        return value

    def phone(self, name: str, value: str) -> str:
        value = self.builtin(name, value, max_length=40)
        if value and not re.match(PHONE_PATTERN, value):
            self.error(name, "Enter a valid phone number.", AccountFieldCode.INVALID_PHONE)
        return value

    def password(self, name: str, value: str, user: User) -> str:
        if not value:
            self.error(name, "Password is required.", AccountFieldCode.REQUIRED)
            return value
        if len(value) > 4096:
            self.error(name, "The password is too long.", AccountFieldCode.MAX_LENGTH)
            return value
        try:
            password_validation.validate_password(value, user)
        except ValidationError as exc:
            # The validators' own codes (password_too_short, password_rule, …) go out with their messages.
            self.errors.setdefault(name, []).extend(exc.error_list)
        return value

    def extras(self, key: str, groups: tuple[int, ...], items: tuple[tuple[str, str], ...]) -> dict[str, str]:
        """The custom fields of `groups` from `items` (fieldName, fieldValue): unknown names are refused, required
        ones must be given, and each value must suit its type."""
        custom = {name: f for name, f in self.fields.items() if f.custom and f.group in groups}
        given: dict[str, str] = {}
        for name, value in items[:MAX_EXTRA_FIELDS]:
            if name not in custom or not custom[name].visible:
                self.error(f"{key}.{name}", "Unknown field.", AccountFieldCode.UNKNOWN_FIELD)
            else:
                given[name] = (value or "").strip()
        if len(items) > MAX_EXTRA_FIELDS:
            self.error(key, f"Send at most {MAX_EXTRA_FIELDS} fields.", AccountFieldCode.TOO_MANY_FIELDS)
        answers: dict[str, str] = {}
        for name, field in custom.items():
            if not field.visible:
                continue
            value = given.get(name, "")
            if not value:
                if field.is_required:
                    self.error(f"{key}.{name}", f"{field.label} is required.", AccountFieldCode.REQUIRED)
                continue
            error = extra_field_value_error(field, value)
            if error is not None:
                self.errors.setdefault(f"{key}.{name}", []).append(error)
            else:
                answers[name] = value
        return answers


def _dropdown_values(configs: dict) -> list[str]:
    values = []
    for option in configs.get("options") or []:
        values.append(str(option.get("value", option.get("label", ""))) if isinstance(option, dict) else str(option))
    return values


def extra_field_value_error(field: AccountFormField, value: str) -> ValidationError | None:
    """Why a custom field's value is not acceptable (shell §5 number: digits only), with its code; or None."""
    configs = field.value_configs or {}
    kind = field.field_type
    if kind in (FieldType.TEXT, FieldType.MULTILINE):
        limit = int(configs.get("maxLength") or (2000 if kind == FieldType.MULTILINE else 255))
        if len(value) > limit:
            return ValidationError(
                f"{field.label} may have at most {limit} characters.", code=AccountFieldCode.MAX_LENGTH
            )
    elif kind == FieldType.NUMBER:
        if not re.match(DIGITS, value) or len(value) > 18:
            return ValidationError(f"{field.label} must contain digits only.", code=AccountFieldCode.DIGITS_ONLY)
        low, high = configs.get("min"), configs.get("max")
        if (low not in (None, "") and int(value) < int(low)) or (high not in (None, "") and int(value) > int(high)):
            return ValidationError(
                f"{field.label} must be between {low if low not in (None, '') else 0} and {high or '…'}.",
                code=AccountFieldCode.OUT_OF_RANGE,
            )
    elif kind == FieldType.DROPDOWN:
        if value not in _dropdown_values(configs):
            return ValidationError(
                f"Choose one of the options for {field.label}.", code=AccountFieldCode.INVALID_CHOICE
            )
    elif kind == FieldType.CHECKBOX:
        if len(value) > 255:
            return ValidationError(f"{field.label} may have at most 255 characters.", code=AccountFieldCode.MAX_LENGTH)
    elif kind == FieldType.DATE:
        invalid_date = ValidationError(
            f"Enter a valid date (YYYY-MM-DD) for {field.label}.", code=AccountFieldCode.INVALID_DATE
        )
        try:
            date.fromisoformat(value)
        except ValueError:
            return invalid_date
        if len(value) != 10:
            return invalid_date
    return None


def account_form_field_config_errors(*, field_type: str, value_configs: Any) -> list[str]:
    """What is wrong with a custom field's settings (Django admin's form calls this)."""
    if not isinstance(value_configs, dict):
        return ['Settings must be a JSON object, e.g. {"maxLength": 255}.']
    errors = []
    if field_type == FieldType.DROPDOWN:
        values = _dropdown_values(value_configs)
        if not values or any(not v for v in values):
            errors.append('A dropdown needs options: {"options": [{"label": "Academic", "value": "academic"}]}.')
        elif len(set(values)) != len(values):
            errors.append("Dropdown option values must be unique.")
    for key in ("maxLength", "min", "max"):
        value = value_configs.get(key)
        if value not in (None, "") and not (isinstance(value, int) or (isinstance(value, str) and value.isdigit())):
            errors.append(f"{key} must be a whole number.")
    return errors


def _registration_rate_limited(scope: str, client_ip: str, limit: int) -> None:
    if ratelimit.record(scope, client_ip, window_seconds=REGISTRATION_WINDOW) > limit:
        raise Refused(AccountErrorCode.TOO_MANY_REQUESTS.label, code=AccountErrorCode.TOO_MANY_REQUESTS)


def _registration_switch(*, kind: str, channel_id: int) -> None:
    entry = storefront_configs(REGISTRATION_CONFIG_KEY, channel_id=channel_id)[REGISTRATION_CONFIG_KEY]
    if not registration_allowed(kind=kind, entry=entry):
        raise Refused(AccountErrorCode.REGISTRATION_DISABLED.label, code=AccountErrorCode.REGISTRATION_DISABLED)


def _contact_checked(check: _FormCheck, contact: ContactData, *, key_prefix: str = "") -> dict[str, str]:
    """The contact and password groups of a registration form; the e-mail must not be in use (registration must
    say so; that is all it reveals)."""
    values = {
        "firstName": check.builtin(f"{key_prefix}firstName", contact.first_name, max_length=150),
        "lastName": check.builtin(f"{key_prefix}lastName", contact.last_name, max_length=150),
        "email": check.email(f"{key_prefix}email", contact.email),
        "phoneNumber": check.phone(f"{key_prefix}phoneNumber", contact.phone),
    }
    probe = User(email=values["email"], first_name=values["firstName"], last_name=values["lastName"])
    check.password(f"{key_prefix}password", contact.password, probe)
    email_ok = values["email"] and f"{key_prefix}email" not in check.errors
    if email_ok and User.objects.filter(email__iexact=values["email"]).exists():
        check.error(f"{key_prefix}email", EMAIL_IN_USE_MESSAGE, AccountFieldCode.EMAIL_IN_USE)
    return values


def _user_create(values: dict[str, str], contact: ContactData, extra: dict[str, str], key_prefix: str = "") -> User:
    try:
        with transaction.atomic():
            return User.objects.create_user(
                email=values["email"],
                password=contact.password,
                first_name=values["firstName"],
                last_name=values["lastName"],
                phone=values["phoneNumber"],
                extra_fields=extra,
            )
    except IntegrityError as exc:  # the same e-mail registered a moment ago
        raise ValidationError(
            {f"{key_prefix}email": [ValidationError(EMAIL_IN_USE_MESSAGE, code=AccountFieldCode.EMAIL_IN_USE)]}
        ) from exc


@transaction.atomic
def customer_create(*, contact: ContactData, channel_id: int = 1, client_ip: str = "unknown") -> User:
    """`customerCreate`: a Personal (B2C) account (shell §3 registration form, form type 2)."""
    channel_get(channel_id=channel_id)
    _registration_rate_limited("register-ip", client_ip, REGISTRATION_LIMIT_PER_IP)
    _registration_switch(kind="b2c", channel_id=channel_id)
    check = _FormCheck(FormType.PERSONAL)
    values = _contact_checked(check, contact)
    extra = check.extras("userExtraFields", _FormCheck.USER_GROUPS, contact.user_extra_fields)
    check.raise_if_any()
    user = _user_create(values, contact, extra)
    if contact.accepts_marketing:
        newsletter_subscribe(
            email=user.email, first_name=user.first_name, last_name=user.last_name, user=user,
            channel_id=channel_id, source="registration",
        )  # fmt: skip
    return user


def newsletter_subscribe(
    *, email: str, first_name: str = "", last_name: str = "", user: User | None = None, channel_id: int = 1,
    source: str = "newsletter",
) -> NewsletterSubscriber:  # fmt: skip
    """Store a newsletter subscription; subscribing again changes nothing."""
    email = email.strip().lower()
    if not email_is_valid(email):
        raise ValidationError(
            {"email": [ValidationError("Enter a valid email address.", code=AccountFieldCode.INVALID_EMAIL)]}
        )
    existing = NewsletterSubscriber.objects.filter(email__iexact=email).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            return NewsletterSubscriber.objects.create(
                email=email, first_name=first_name.strip()[:150], last_name=last_name.strip()[:150], user=user,
                channel_id=channel_id, source=source,
            )  # fmt: skip
    except IntegrityError:
        return NewsletterSubscriber.objects.get(email__iexact=email)


def customer_subscribers_create(
    *, email: str, first_name: str = "", last_name: str = "", channel_id: int = 1, client_ip: str = "unknown"
) -> NewsletterSubscriber:
    """`customerSubscribersCreate`: the newsletter sign-up (guests too)."""
    channel_get(channel_id=channel_id)
    _registration_rate_limited("newsletter-ip", client_ip, NEWSLETTER_LIMIT_PER_IP)
    user = User.objects.filter(email__iexact=email.strip()).first()
    return newsletter_subscribe(
        email=email, first_name=first_name, last_name=last_name, user=user, channel_id=channel_id
    )


def _address_checked(check: _FormCheck, application: CompanyApplication) -> dict[str, str]:
    values = {
        "country": check.builtin("country", application.country, max_length=100),
        "addressLine1": check.builtin("addressLine1", application.address_line1),
        "addressLine2": check.builtin("addressLine2", application.address_line2),
        "city": check.builtin("city", application.city, max_length=100),
        "zipCode": check.builtin("zipCode", application.zip_code, max_length=20),
    }
    state = (application.state or "").strip()
    country = country_find(values["country"]) if values["country"] else None
    if values["country"] and country is None:
        check.error("country", "Choose a country from the list.", AccountFieldCode.INVALID_CHOICE)
    values["country"] = country.country_code if country else ""
    if country is not None and country.states:
        # A country with a state list needs one of its states (when the form shows the state field).
        found = state_find(country, state) if state else None
        state_field = check.fields.get("state")
        if found is None and (state or state_field is None or state_field.visible):
            check.error("state", "Choose a state or province from the list.", AccountFieldCode.INVALID_CHOICE)
        state = found.state_code if found else ""
    elif len(state) > 100:
        check.error("state", "State may have at most 100 characters.", AccountFieldCode.MAX_LENGTH)
    values["state"] = state
    return values


def _attachments_claimed(
    check: _FormCheck, file_ids: tuple[str, ...], *, user: User | None, required: bool
) -> list[MediaFile]:
    """The uploaded files an application names (business §5: at most 3): unattached, recent, and the caller's own
    (a guest's uploads have no user; possession of the random id is the proof)."""
    if len(file_ids) > MAX_FILES:
        check.error("fileList", TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES), AccountFieldCode.TOO_MANY_FILES)
        return []
    ids = []
    for raw in dict.fromkeys(file_ids):
        try:
            ids.append(uuid.UUID(str(raw)))
        except ValueError:
            check.error("fileList", AccountFieldCode.FILE_UNAVAILABLE.label, AccountFieldCode.FILE_UNAVAILABLE)
            return []
    files = list(
        MediaFile.objects.select_for_update().filter(
            pk__in=ids,
            company__isnull=True,
            request_type=COMPANY_ATTACHMENT,
            uploaded_by=user,
            created_at__gt=timezone.now() - timedelta(seconds=UPLOAD_TTL_SECONDS),
        )
    )
    if len(files) != len(ids):
        check.error("fileList", AccountFieldCode.FILE_UNAVAILABLE.label, AccountFieldCode.FILE_UNAVAILABLE)
    if required and not ids:
        field = check.fields.get("fileList")
        check.error("fileList", f"{field.label if field else 'Attachments'} is required.", AccountFieldCode.REQUIRED)
    return files


@transaction.atomic
def company_create(
    *,
    actor: Actor | None,
    application: CompanyApplication,
    contact: ContactData | None = None,
    client_ip: str = "unknown",
) -> CompanyCreated:
    """`companyCreate`, three ways:

    - a guest registers a Business account in one call (`contact` given): the user and the company, the user as
      its admin (role 0);
    - a signed-in individual (B2C) customer applies with their account (the B2B conversion, shell §4): the same
      user becomes the admin of the new company, keeping their orders, addresses and lists;
    - the admin of a rejected company resubmits it: the company is updated and pending again.

    With `company_auto_approval` on (the default) a new company is approved at once; otherwise it is pending and
    staff are told. A resubmission always waits for staff (they rejected it once)."""
    channel_get(channel_id=application.channel_id)
    if application.store_hash and application.store_hash != store_current().store_hash:
        raise ValidationError({"storeHash": [ValidationError("Unknown store.", code=AccountFieldCode.UNKNOWN_STORE)]})
    user: User | None = actor.user if actor is not None else None
    company: Company | None = None
    if user is None:
        if application.customer_id is not None:
            # The overlay believed the guest signed in: their session ended (shell §8).
            raise Refused(SESSION_EXPIRED_MESSAGE, code=SESSION_EXPIRED_CODE)
        if contact is None:
            raise ValidationError(
                {
                    "customer": [
                        ValidationError(AccountFieldCode.CONTACT_REQUIRED.label, code=AccountFieldCode.CONTACT_REQUIRED)
                    ]
                }
            )
        _registration_rate_limited("register-ip", client_ip, REGISTRATION_LIMIT_PER_IP)
    else:
        if contact is not None:
            raise ValidationError(
                {"customer": [ValidationError(AccountFieldCode.SIGNED_IN.label, code=AccountFieldCode.SIGNED_IN)]}
            )
        if application.customer_id is not None and application.customer_id != user.pk:
            raise PermissionDenied()
        if user.is_super_admin:
            raise PermissionDenied("A super admin cannot apply for a company.")
        membership = membership_of(user)
        if membership is not None:
            if not (membership.role == CompanyRole.ADMIN and membership.company.status == CompanyStatus.REJECTED):
                raise Refused(AccountErrorCode.ALREADY_IN_COMPANY.label, code=AccountErrorCode.ALREADY_IN_COMPANY)
            company = Company.objects.select_for_update().get(pk=membership.company_id)
            if company.status != CompanyStatus.REJECTED:
                raise Refused(AccountErrorCode.ALREADY_IN_COMPANY.label, code=AccountErrorCode.ALREADY_IN_COMPANY)
    resubmission = company is not None
    if not resubmission:
        _registration_switch(kind="b2b", channel_id=application.channel_id)

    check = _FormCheck(FormType.BUSINESS)
    contact_values = _contact_checked(check, contact, key_prefix="customer.") if contact is not None else None
    company_values = {
        "companyName": check.builtin("companyName", application.company_name),
        "companyEmail": check.email("companyEmail", application.company_email),
        "companyPhoneNumber": check.phone("companyPhoneNumber", application.company_phone),
    }
    address_values = _address_checked(check, application)
    extra = check.extras("extraFields", (FormGroup.COMPANY,), application.extra_fields)
    address_extra = check.extras("addressExtraFields", (FormGroup.ADDRESS,), application.address_extra_fields)
    user_items = application.user_extra_fields or (contact.user_extra_fields if contact else ())
    user_extra = check.extras("userExtraFields", _FormCheck.USER_GROUPS, user_items)
    files_field = check.fields.get("fileList")
    files_required = bool(files_field and files_field.is_required and files_field.visible)
    if company is not None and company.attachments.exists():
        files_required = False  # the files of the first application still count
    files = _attachments_claimed(check, application.file_ids, user=user, required=files_required)
    check.raise_if_any()

    if user is None:
        assert contact is not None and contact_values is not None  # a guest gives the contact (refused above if not)
        user = _user_create(contact_values, contact, user_extra, key_prefix="customer.")
        if contact.accepts_marketing:
            newsletter_subscribe(
                email=user.email, first_name=user.first_name, last_name=user.last_name, user=user,
                channel_id=application.channel_id, source="registration",
            )  # fmt: skip
    elif user_extra:
        user.extra_fields = {**(user.extra_fields or {}), **user_extra}
        user.save(update_fields=["extra_fields"])

    auto_approved = not resubmission and storefront_switch_on(AUTO_APPROVAL_CONFIG_KEY, application.channel_id)
    now = timezone.now()
    fields = {
        "name": company_values["companyName"],
        "email": company_values["companyEmail"],
        "phone": company_values["companyPhoneNumber"],
        "country_code": address_values["country"],
        "address_line1": address_values["addressLine1"],
        "address_line2": address_values["addressLine2"],
        "city": address_values["city"],
        "state": address_values["state"],
        "zip_code": address_values["zipCode"],
        "extra_fields": extra,
        "address_extra_fields": address_extra,
        "status": CompanyStatus.APPROVED if auto_approved else CompanyStatus.PENDING,
        "submitted_at": now,
        "reviewed_at": now if auto_approved else None,
        "rejection_reason": "",
    }
    if company is not None:  # a resubmission
        for name, value in fields.items():
            setattr(company, name, value)
        company.save()
        if files:
            replaced = list(company.attachments.all())
            for old in replaced:
                if old.file.name:
                    transaction.on_commit(partial(old.file.storage.delete, old.file.name))
            MediaFile.objects.filter(pk__in=[old.pk for old in replaced]).delete()
    else:
        company = Company.objects.create(applied_by=user, **fields)
        CompanyMembership.objects.create(user=user, company=company, role=CompanyRole.ADMIN)
    MediaFile.objects.filter(pk__in=[f.pk for f in files]).update(company=company)

    event = audit_record(
        action=AuditAction.COMPANY_RESUBMITTED if resubmission else AuditAction.COMPANY_APPLIED,
        summary=f"{company.name} {'resubmitted its application' if resubmission else 'applied'} ({user.email})",
        user=user,
        company=company,
        target=company,
        changes={"status": company.status, "attachments": len(files)},
    )
    if auto_approved:
        approval = audit_record(
            action=AuditAction.COMPANY_APPROVED,
            summary=f"{company.name} approved automatically (company_auto_approval)",
            company=company,
            target=company,
            changes={"status": [CompanyStatus.PENDING, CompanyStatus.APPROVED], "automatic": True},
        )
        _email_on_commit(approval, "approved")
    else:
        _email_on_commit(event, "received")
        _email_on_commit(event, "staff_review")
    return CompanyCreated(company=company, user=user, auto_approved=auto_approved, resubmitted=resubmission)


def storefront_switch_on(key: str, channel_id: int = 1) -> bool:
    entry = storefront_configs(key, channel_id=channel_id)[key]
    value = entry.value if entry is not None else CONFIG_FALLBACK.get(key, "0")
    return value == "1"


@transaction.atomic
def account_form_fields_ensure_builtin() -> None:
    """Create any missing built-in registration field (migration 0005 does it first; this restores them after a
    database flush). Existing fields, and staff edits to them, are left alone."""
    from accounts.form_fields import BUILTIN_FIELDS

    existing = set(AccountFormField.objects.filter(custom=False).values_list("form_type", "field_name"))
    AccountFormField.objects.bulk_create(
        AccountFormField(custom=False, **spec)
        for spec in BUILTIN_FIELDS
        if (spec["form_type"], spec["field_name"]) not in existing
    )
