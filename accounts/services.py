"""Writes of the accounts app: sign-in, B2B tokens, customer JWT exchange, password reset; registration, uploads,
company approval, masquerading and the audit log (issue 5)."""

from __future__ import annotations

import hashlib
import ipaddress
import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from typing import Any

import jwt
from django.conf import settings
from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.core.validators import validate_email
from django.db import IntegrityError, models, transaction
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from accounts.countries import country_find, state_find
from accounts.errors import AccountErrorCode, UploadErrorCode
from accounts.models import (
    AccountFormField,
    AuditAction,
    AuditEvent,
    B2BToken,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    FieldType,
    FormGroup,
    FormType,
    MasqueradeSession,
    MediaFile,
    NewsletterSubscriber,
    RoleTemplate,
    User,
)
from accounts.selectors import (
    AUTO_APPROVAL_CONFIG_KEY,
    CONFIG_FALLBACK,
    REGISTRATION_CONFIG_KEY,
    account_form_fields,
    masquerade_companies_for,
    masquerade_of_user,
    membership_of,
    registration_allowed,
    staff_only,
    storefront_configs,
    token_hash,
)
from accounts.tasks import company_email_send, password_reset_email_send
from accounts.uploads import MAX_FILE_BYTES, MAX_FILES, clean_file_name, detect, size_label
from portal import ratelimit
from portal.client_address import client_ip
from portal.errors import NotFoundError, PermissionDeniedError, PortalError, SessionExpired
from portal.locks import lock_for_transaction
from portal.selectors import channel_get, store_current

# Sign-in throttling (issue 12, docs/decisions.md): growing delays instead of lock-outs, keyed so that failures on
# one address never refuse the right password from another. Failures are counted per (account, address) and per
# address, which wait hard, and per account across addresses, which only slows the addresses that failed on it.
SIGN_IN_PER_ACCOUNT_ADDRESS = ratelimit.Backoff(free=5, base_seconds=1, max_seconds=15 * 60, window_seconds=3600)
SIGN_IN_PER_ADDRESS = ratelimit.Backoff(free=20, base_seconds=1, max_seconds=15 * 60, window_seconds=3600)
SIGN_IN_PER_ACCOUNT = ratelimit.Backoff(free=10, base_seconds=1, max_seconds=60, window_seconds=3600)
RESET_REQUEST_LIMIT = 5
CUSTOMER_JWT_TTL = 120  # seconds: the JWT only carries the storefront session over to the portal
CUSTOMER_JWT_AUDIENCE = "b2b-portal"


class LoginType:
    """shell §4 login types."""

    WAITING = 0
    FIRST_LOGIN = 1
    GENERAL_LOGIN = 2


@dataclass(frozen=True)
class IssuedToken:
    raw: str
    token: B2BToken
    login_type: int


@transaction.atomic
def b2b_token_issue(*, user: User, storefront_session: str = "") -> IssuedToken:
    """A new B2B token; `storefront_session` binds it to the storefront session it was handed over from."""
    raw = secrets.token_urlsafe(32)
    token = B2BToken.objects.create(
        user=user,
        key_hash=token_hash(raw),
        expires_at=timezone.now() + timedelta(seconds=settings.B2B_TOKEN_TTL_SECONDS),
        storefront_session=storefront_session,
    )
    login_type = LoginType.FIRST_LOGIN if user.last_login is None else LoginType.GENERAL_LOGIN
    User.objects.filter(pk=user.pk).update(last_login=timezone.now())
    return IssuedToken(raw=raw, token=token, login_type=login_type)


@transaction.atomic
def b2b_token_revoke(*, raw_token: str) -> bool:
    """Revoke one token, and end the masquerade bound to it. Returns whether a live token was revoked."""
    tokens = B2BToken.objects.filter(key_hash=token_hash(raw_token), revoked_at__isnull=True)
    _masquerades_close(
        MasqueradeSession.objects.filter(token__in=tokens, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.SIGNED_OUT,
    )
    return bool(tokens.update(revoked_at=timezone.now()))


@transaction.atomic
def b2b_tokens_revoke_all(*, user: User) -> int:
    _masquerades_close(
        MasqueradeSession.objects.filter(token__user=user, token__revoked_at__isnull=True, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.SIGNED_OUT,
    )
    return B2BToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())


# The random value in a storefront session's data that its B2B tokens are bound to (by its SHA-256). Not the session
# key: Django rotates that when the same customer signs in again, and it must never reach a script (the JWT is read
# by one). The value goes with the session: signing out, or another customer signing in, flushes it.
STOREFRONT_SESSION_BINDING = "b2b_binding"


def storefront_session_binding(*, session, create: bool) -> str:
    """The binding of a storefront session, made on first use when `create`; "" when it has none."""
    value = session.get(STOREFRONT_SESSION_BINDING)
    if not value and create:
        value = secrets.token_urlsafe(32)
        session[STOREFRONT_SESSION_BINDING] = value
    return hashlib.sha256(value.encode()).hexdigest() if value else ""


@transaction.atomic
def storefront_session_tokens_revoke(*, binding: str) -> int:
    """Signing out of a storefront session (or another customer signing in on it) revokes the B2B tokens handed over
    from it, and ends their masquerades: one sign-out ends the customer's session everywhere in that browser."""
    if not binding:
        return 0
    tokens = B2BToken.objects.filter(storefront_session=binding, revoked_at__isnull=True)
    _masquerades_close(
        MasqueradeSession.objects.filter(token__in=tokens, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.SIGNED_OUT,
    )
    return tokens.update(revoked_at=timezone.now())


@transaction.atomic
def customer_sign_out_everywhere(*, user: User) -> int:
    """Account settings' "sign out everywhere": every B2B token of the user is revoked (their masquerades end) and
    every storefront session of theirs ends at its next request (the session hash mixes in `session_epoch`)."""
    revoked = b2b_tokens_revoke_all(user=user)
    User.objects.filter(pk=user.pk).update(session_epoch=models.F("session_epoch") + 1)
    return revoked


class SignInThrottled(PortalError):
    """TOO_MANY_ATTEMPTS with the whole seconds to wait (`extensions.retryAfter`; the storefront's Retry-After)."""

    def __init__(self, retry_after: int):
        super().__init__(
            f"Too many sign-in attempts. Please try again in {_wait_text(retry_after)}.",
            code=AccountErrorCode.TOO_MANY_ATTEMPTS,
        )
        self.retry_after = retry_after
        self.extensions["retryAfter"] = retry_after


def _wait_text(seconds: int) -> str:
    if seconds < 60:
        return "1 second" if seconds == 1 else f"{seconds} seconds"
    minutes = -(-seconds // 60)
    return "1 minute" if minutes == 1 else f"{minutes} minutes"


def _sign_in_keys(email: str, ip: str) -> tuple[str, str, str]:
    """The (account, address), address and account keys. The e-mail is hashed (no addresses in the cache's keys);
    an IPv6 client is keyed by its /64, which one host or household usually holds whole."""
    account = hashlib.sha256(email.encode()).hexdigest()[:32]
    try:
        parsed = ipaddress.ip_address(ip)
    except ValueError:
        address = ip
    else:
        address = str(ipaddress.ip_network(f"{parsed}/64", strict=False)) if parsed.version == 6 else str(parsed)
    return f"{account}:{address}", address, account


def customer_authenticate(*, request, email: str, password: str) -> User:
    """Check an e-mail and password, with sign-in throttling; the storefront sign-in and the API both use it.

    Unknown e-mail and wrong password fail alike (no user enumeration): Django's ModelBackend runs the password
    hasher for unknown users too, and failures are counted whether or not the account exists. A throttled attempt
    is refused before the password is looked at (SignInThrottled, with the seconds left).
    """
    email = email.strip().lower()
    pair_key, address_key, account_key = _sign_in_keys(email, client_ip(request))
    pair = ratelimit.failures("signin-account-address", pair_key)
    wait = max(
        SIGN_IN_PER_ACCOUNT_ADDRESS.retry_after(pair),
        SIGN_IN_PER_ADDRESS.retry_after(ratelimit.failures("signin-address", address_key)),
    )
    if pair.count:
        # An account failing from many addresses slows down those addresses only, from each one's own latest
        # failure: the owner signing in from anywhere else is never held up by them.
        account = ratelimit.failures("signin-account", account_key)
        wait = max(wait, SIGN_IN_PER_ACCOUNT.retry_after(account, since=pair.last_at))
    if wait:
        raise SignInThrottled(wait)
    user = authenticate(request, username=email, password=password)
    if user is None:
        ratelimit.failure_record("signin-account-address", pair_key, backoff=SIGN_IN_PER_ACCOUNT_ADDRESS)
        ratelimit.failure_record("signin-address", address_key, backoff=SIGN_IN_PER_ADDRESS)
        ratelimit.failure_record("signin-account", account_key, backoff=SIGN_IN_PER_ACCOUNT)
        raise PortalError(AccountErrorCode.INVALID_CREDENTIALS.label, code=AccountErrorCode.INVALID_CREDENTIALS)
    if user.force_password_reset:
        raise PortalError(AccountErrorCode.PASSWORD_RESET_REQUIRED.label, code=AccountErrorCode.PASSWORD_RESET_REQUIRED)
    # Only this address's failures on the account are forgiven: the address's own count stays (a sprayer signing
    # in to an account of their own must not wipe it), and so does the account's (other addresses' guesses).
    ratelimit.failures_clear("signin-account-address", pair_key)
    _refuse_inactive_company(user)
    return user


def _refuse_inactive_company(user: User) -> None:
    """shell §4: users of an inactive or deleted company cannot sign in as B2B users. We refuse the sign-in
    altogether (docs/decisions.md, issue 5); it is checked after the password, so it reveals nothing to others.
    The supplier's staff are not customers either (issue 13): a staff account that is neither a super admin nor in a
    company signs in to Django admin, not to the storefront or the portal."""
    if staff_only(user):
        raise PortalError(AccountErrorCode.STAFF_ACCOUNT.label, code=AccountErrorCode.STAFF_ACCOUNT)
    membership = membership_of(user)
    if membership is not None and membership.company.status in (CompanyStatus.INACTIVE, CompanyStatus.DELETED):
        raise PortalError(AccountErrorCode.COMPANY_INACTIVE.label, code=AccountErrorCode.COMPANY_INACTIVE)


def customer_login(*, request, email: str, password: str) -> IssuedToken:
    """`login(loginData)`: both steps of ARCHITECTURE §8 sign-in at once, for API clients."""
    return b2b_token_issue(user=customer_authenticate(request=request, email=email, password=password))


def customer_jwt_issue(*, user: User, app_client_id: str, channel_id: int, storefront_session: str = "") -> str:
    """The short-lived JWT of a signed-in storefront customer (`GET /customer/current.jwt`). `sid` carries the
    storefront session's binding to the B2B token it is exchanged for."""
    now = timezone.now()
    claims = {
        "aud": CUSTOMER_JWT_AUDIENCE,
        "sub": str(user.pk),
        "email": user.email,
        "app_client_id": app_client_id,
        "channel_id": channel_id,
        "iat": int(now.timestamp()),
        "exp": int(now.timestamp()) + CUSTOMER_JWT_TTL,
        "jti": secrets.token_urlsafe(16),
        "sid": storefront_session,
    }
    return jwt.encode(claims, settings.SECRET_KEY, algorithm="HS256")


def customer_jwt_exchange(*, bc_token: str, channel_id: int) -> IssuedToken:
    """`authorization(authData)`: a customer JWT, used once, for a B2B token."""
    invalid = PortalError(AccountErrorCode.INVALID_CUSTOMER_TOKEN.label, code=AccountErrorCode.INVALID_CUSTOMER_TOKEN)
    try:
        claims = jwt.decode(
            bc_token,
            settings.SECRET_KEY,
            algorithms=["HS256"],
            audience=CUSTOMER_JWT_AUDIENCE,
            options={"require": ["exp", "iat", "sub", "jti", "aud"]},
        )
    except jwt.PyJWTError as exc:
        raise invalid from exc
    if claims.get("channel_id") != channel_id:
        raise invalid
    storefront_session = claims.get("sid") or ""
    if not isinstance(storefront_session, str) or len(storefront_session) > 64:
        raise invalid
    # One use only: a JWT seen in a log or a browser history cannot be exchanged again.
    if not cache.add(f"customer-jwt:{claims['jti']}", 1, timeout=CUSTOMER_JWT_TTL + 60):
        raise invalid
    user = User.objects.filter(pk=claims["sub"], is_active=True).first()
    if user is None:
        raise invalid
    _refuse_inactive_company(user)
    return b2b_token_issue(user=user, storefront_session=storefront_session)


def password_reset_request(*, request, email: str, reset_url_base: str) -> None:
    """Send a reset link if the account exists. The caller always says the same thing (no enumeration)."""
    email = email.strip().lower()
    if ratelimit.record("reset-email", email, window_seconds=3600) > RESET_REQUEST_LIMIT:
        return
    user = User.objects.filter(email__iexact=email, is_active=True).first()
    if user is None:
        return
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    token = default_token_generator.make_token(user)
    link = f"{reset_url_base}#/forgotpassword?uid={uid}&token={token}"
    transaction.on_commit(lambda: password_reset_email_send.delay(user.pk, link))


def _user_for_reset(uid: str, token: str) -> User:
    try:
        user = User.objects.get(pk=force_str(urlsafe_base64_decode(uid)), is_active=True)
    except (ValueError, TypeError, OverflowError, User.DoesNotExist) as exc:
        raise PortalError(AccountErrorCode.INVALID_RESET_LINK.label, code=AccountErrorCode.INVALID_RESET_LINK) from exc
    if not default_token_generator.check_token(user, token):
        raise PortalError(AccountErrorCode.INVALID_RESET_LINK.label, code=AccountErrorCode.INVALID_RESET_LINK)
    return user


@transaction.atomic
def password_reset_confirm(*, uid: str, token: str, new_password: str) -> User:
    user = _user_for_reset(uid, token)
    try:
        password_validation.validate_password(new_password, user)
    except ValidationError as exc:
        raise ValidationError({"password": exc.messages}) from exc
    user.set_password(new_password)
    user.force_password_reset = False
    user.save(update_fields=["password", "force_password_reset"])
    # A new password ends every session: a stolen token stops working.
    b2b_tokens_revoke_all(user=user)
    return user


@transaction.atomic
def password_change(*, user: User, current_password: str, new_password: str, keep_token: str) -> None:
    if not user.check_password(current_password):
        raise ValidationError({"currentPassword": [AccountErrorCode.WRONG_CURRENT_PASSWORD.label]})
    try:
        password_validation.validate_password(new_password, user)
    except ValidationError as exc:
        raise ValidationError({"newPassword": exc.messages}) from exc
    user.set_password(new_password)
    user.save(update_fields=["password"])
    # Other sessions end; the one that changed the password stays signed in.
    others = B2BToken.objects.filter(user=user, revoked_at__isnull=True).exclude(key_hash=token_hash(keep_token))
    _masquerades_close(
        MasqueradeSession.objects.filter(token__in=others, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.SIGNED_OUT,
    )
    others.update(revoked_at=timezone.now())


# shell §5: optional country code, a 1-5 digit area, ending in 4 digits (separators allowed).
PHONE_PATTERN = r"^\+?\d{0,3}[\s.-]?\(?\d{1,5}\)?[\s.-]?\d{1,4}[\s.-]?\d{4}$"


@transaction.atomic
def account_settings_update(
    *,
    user: User,
    first_name: str,
    last_name: str,
    phone: str,
    current_password: str | None,
    new_password: str | None,
    keep_token: str,
) -> User:
    errors: dict[str, list[str]] = {}
    if not first_name.strip():
        errors["firstName"] = ["First name is required."]
    if not last_name.strip():
        errors["lastName"] = ["Last name is required."]
    if phone.strip() and not re.match(PHONE_PATTERN, phone.strip()):
        errors["phoneNumber"] = ["Enter a valid phone number."]
    if errors:
        raise ValidationError(errors)
    user.first_name, user.last_name, user.phone = first_name.strip(), last_name.strip(), phone.strip()
    user.save(update_fields=["first_name", "last_name", "phone"])
    if new_password:
        password_change(
            user=user, current_password=current_password or "", new_password=new_password, keep_token=keep_token
        )
    return user


@transaction.atomic
def company_credit_charge(*, company_id: int, amount: Decimal) -> None:
    """Buy on account: refuse while on credit hold, or above the available credit when purchases are limited;
    otherwise lower the available credit. Row-locked, so two checkouts cannot both spend the same credit."""
    from accounts.models import Company

    company = Company.objects.select_for_update().get(pk=company_id)
    if not company.credit_enabled:
        return
    if company.credit_hold:
        raise ValidationError(
            {"paymentMethod": ["Your company's account is on credit hold. Please contact us or pay by card."]},
            code="credit_hold",
        )
    if company.limit_purchases and amount > company.available_credit:
        raise ValidationError(
            {"paymentMethod": [f"This order exceeds your company's available credit ({company.available_credit:.2f} "
                               f"{company.credit_currency})."]},
            code="credit_limit",
        )  # fmt: skip
    company.available_credit -= amount
    company.save(update_fields=["available_credit"])


BUILTIN_ROLE_NAMES = {0: "Admin", 1: "Senior buyer", 2: "Junior buyer"}


@transaction.atomic
def role_templates_ensure_builtin() -> None:
    """Create any missing built-in role template with its default grants (migration 0002 does it first; this
    restores them after a database flush). Existing templates, and staff edits to them, are left alone."""
    from accounts.models import RolePermission, RoleTemplate
    from accounts.permissions import DEFAULT_ROLE_GRANTS

    for role, grants in DEFAULT_ROLE_GRANTS.items():
        template, created = RoleTemplate.objects.get_or_create(
            role=role, is_builtin=True, defaults={"name": BUILTIN_ROLE_NAMES[role]}
        )
        if created:
            RolePermission.objects.bulk_create(
                RolePermission(template=template, code=code, level=level) for code, level in grants.items()
            )


# --- audit log (issue 5) -----------------------------------------------------------------------------------------


def audit_record(
    *,
    action: str,
    summary: str,
    actor: Any = None,
    user: User | None = None,
    company: Company | None = None,
    target: models.Model | None = None,
    changes: dict | None = None,
    masquerade_session: MasqueradeSession | None = None,
) -> AuditEvent:
    """Append one event to the audit log. Other apps call it for what matters to a company (`actor` is the
    request's Actor: its user, its company and, while masquerading, its masquerade session are taken from it)."""
    if actor is not None:
        user = user or actor.user
        company = company or getattr(actor, "b2b_company", None) or getattr(actor, "company", None)
        masquerade_session = masquerade_session or getattr(actor, "masquerade", None)
    return AuditEvent.objects.create(
        action=action,
        summary=summary[:500],
        actor=user,
        actor_email=user.email if user is not None else "",
        company=company,
        object_type=target._meta.label_lower if target is not None else "",
        object_id=str(target.pk) if target is not None else "",
        changes=changes or {},
        masquerade_session=masquerade_session,
    )


# --- company approval (issue 5) ----------------------------------------------------------------------------------


def _email_on_commit(event: AuditEvent, kind: str) -> None:
    transaction.on_commit(lambda: company_email_send.delay(event.pk, kind))


@transaction.atomic
def company_approve(*, company_ids: list[int], by: User | None = None) -> int:
    """Staff approve companies (Django admin). The applicant of a pending or rejected application is told by
    e-mail; users get B2B access on their next request (role resolution reads the status every time)."""
    changed = 0
    for company in (
        Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=CompanyStatus.APPROVED)
    ):
        previous = company.status
        company.status = CompanyStatus.APPROVED
        company.reviewed_at = timezone.now()
        company.rejection_reason = ""
        company.save(update_fields=["status", "reviewed_at", "rejection_reason", "updated_at"])
        event = audit_record(
            action=AuditAction.COMPANY_APPROVED,
            summary=f"{company.name} approved" + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, CompanyStatus.APPROVED]},
        )
        if previous in (CompanyStatus.PENDING, CompanyStatus.REJECTED):
            _email_on_commit(event, "approved")
        changed += 1
    return changed


@transaction.atomic
def company_reject(*, company_ids: list[int], reason: str, by: User | None = None) -> int:
    """Staff reject companies with a reason the applicant reads (e-mail and `customerInfo`) and may answer by
    resubmitting. A masquerade on a company that stops being approved ends."""
    reason = reason.strip()
    if not reason:
        raise ValidationError({"reason": ["Give the applicant a reason for the rejection."]})
    if len(reason) > MAX_REJECTION_REASON:
        raise ValidationError({"reason": [f"Use at most {MAX_REJECTION_REASON} characters."]})
    changed = 0
    for company in (
        Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=CompanyStatus.REJECTED)
    ):
        previous = company.status
        company.status = CompanyStatus.REJECTED
        company.reviewed_at = timezone.now()
        company.rejection_reason = reason
        company.save(update_fields=["status", "reviewed_at", "rejection_reason", "updated_at"])
        _masquerades_close_for_company(company)
        event = audit_record(
            action=AuditAction.COMPANY_REJECTED,
            summary=f"{company.name} rejected" + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, CompanyStatus.REJECTED], "reason": reason},
        )
        _email_on_commit(event, "rejected")
        changed += 1
    return changed


@transaction.atomic
def company_status_set(*, company_ids: list[int], status: int, by: User | None = None, reason: str = "") -> int:
    """Staff set companies' status (approve, reject, deactivate, delete). Leaving "approved" ends the users' B2B
    access at once: role resolution reads the status on every request (shell §4)."""
    if status not in CompanyStatus.values:
        raise ValidationError({"status": ["Unknown company status."]})
    if status == CompanyStatus.APPROVED:
        return company_approve(company_ids=company_ids, by=by)
    if status == CompanyStatus.REJECTED:
        return company_reject(company_ids=company_ids, reason=reason, by=by)
    changed = 0
    for company in Company.objects.select_for_update().filter(pk__in=company_ids).exclude(status=status):
        previous = company.status
        company.status = status
        company.save(update_fields=["status", "updated_at"])
        _masquerades_close_for_company(company)
        audit_record(
            action=AuditAction.COMPANY_STATUS_CHANGED,
            summary=f"{company.name}: {CompanyStatus(previous).label} → {CompanyStatus(status).label}"
            + (f" by {by.email}" if by else ""),
            user=by,
            company=company,
            target=company,
            changes={"status": [previous, status]},
        )
        changed += 1
    return changed


@transaction.atomic
def membership_role_set(
    *, membership: CompanyMembership, role: int, custom_role: RoleTemplate | None = None, by: Any = None
) -> CompanyMembership:
    """Change a company user's role (Django admin now; user management later), recorded in the audit log. `by` is
    a User (staff) or the request's Actor."""
    if role not in CompanyRole.values:
        raise ValidationError({"role": ["Unknown role."]})
    if (role == CompanyRole.CUSTOM) != (custom_role is not None):
        raise ValidationError({"customRole": ["A custom role needs its role template, and only a custom role does."]})
    before = (membership.role, membership.custom_role_id)
    membership.role, membership.custom_role = role, custom_role
    membership.save(update_fields=["role", "custom_role"])
    if before != (role, membership.custom_role_id):
        membership_role_changed_record(membership=membership, previous_role=before[0], by=by)
    return membership


def membership_role_changed_record(*, membership: CompanyMembership, previous_role: int, by: Any = None) -> None:
    """Record a role change already saved (Django admin's inline forms save the row themselves)."""
    actor = by if by is not None and not isinstance(by, User) else None
    user = by if isinstance(by, User) else None
    audit_record(
        action=AuditAction.MEMBERSHIP_ROLE_CHANGED,
        summary=f"{membership.user.email}: {CompanyRole(previous_role).label} → {membership.role_name}",
        actor=actor,
        user=user,
        company=membership.company,
        target=membership,
        changes={"role": [previous_role, membership.role], "customRole": membership.custom_role_id},
    )


# --- registration (issue 5) ------------------------------------------------------------------------------------

REGISTRATION_WINDOW = 3600
REGISTRATION_LIMIT_PER_IP = 20  # registration attempts (either kind) per IP address per hour
NEWSLETTER_LIMIT_PER_IP = 20
MAX_EXTRA_FIELDS = 50
MAX_REJECTION_REASON = 2000
COMPANY_ATTACHMENT = "companyAttachedFile"
# shell §5 e-mail: a standard local part, '@', a domain, a dot, then a top-level domain of letters.
EMAIL_PATTERN = re.compile(
    r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*"
    r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z][A-Za-z]+$"
)
DIGITS = re.compile(r"^\d+$")
EMAIL_IN_USE_MESSAGE = "An account with this email address already exists. Sign in, or reset your password."
TOO_MANY_FILES_MESSAGE = "Maximum allowed number of files exceeded. Only {n} allowed"
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
    if len(email) > 254 or not EMAIL_PATTERN.match(email):
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
        self.errors: dict[str, list[str]] = {}

    def error(self, key: str, message: str) -> None:
        self.errors.setdefault(key, []).append(message)

    def raise_if_any(self) -> None:
        if self.errors:
            raise ValidationError(self.errors)

    def builtin(self, name: str, value: str, *, max_length: int = 200) -> str:
        value = (value or "").strip()
        field = self.fields.get(name)
        required = name in ESSENTIAL_FIELDS or (field is not None and field.is_required and field.visible)
        label = field.label if field is not None else name
        if required and not value:
            self.error(name, f"{label} is required.")
        elif len(value) > max_length:
            self.error(name, f"{label} may have at most {max_length} characters.")
        return value

    def email(self, name: str, value: str) -> str:
        value = self.builtin(name, value, max_length=254).lower()
        if value and not email_is_valid(value):
            self.error(name, "Enter a valid email address.")
        return value

    def phone(self, name: str, value: str) -> str:
        value = self.builtin(name, value, max_length=40)
        if value and not re.match(PHONE_PATTERN, value):
            self.error(name, "Enter a valid phone number.")
        return value

    def password(self, name: str, value: str, user: User) -> str:
        if not value:
            self.error(name, "Password is required.")
            return value
        if len(value) > 4096:
            self.error(name, "The password is too long.")
            return value
        try:
            password_validation.validate_password(value, user)
        except ValidationError as exc:
            for message in exc.messages:
                self.error(name, message)
        return value

    def extras(self, key: str, groups: tuple[int, ...], items: tuple[tuple[str, str], ...]) -> dict[str, str]:
        """The custom fields of `groups` from `items` (fieldName, fieldValue): unknown names are refused, required
        ones must be given, and each value must suit its type."""
        custom = {name: f for name, f in self.fields.items() if f.custom and f.group in groups}
        given: dict[str, str] = {}
        for name, value in items[:MAX_EXTRA_FIELDS]:
            if name not in custom or not custom[name].visible:
                self.error(f"{key}.{name}", "Unknown field.")
            else:
                given[name] = (value or "").strip()
        if len(items) > MAX_EXTRA_FIELDS:
            self.error(key, f"Send at most {MAX_EXTRA_FIELDS} fields.")
        answers: dict[str, str] = {}
        for name, field in custom.items():
            if not field.visible:
                continue
            value = given.get(name, "")
            if not value:
                if field.is_required:
                    self.error(f"{key}.{name}", f"{field.label} is required.")
                continue
            message = extra_field_value_error(field, value)
            if message:
                self.error(f"{key}.{name}", message)
            else:
                answers[name] = value
        return answers


def _dropdown_values(configs: dict) -> list[str]:
    values = []
    for option in configs.get("options") or []:
        values.append(str(option.get("value", option.get("label", ""))) if isinstance(option, dict) else str(option))
    return values


def extra_field_value_error(field: AccountFormField, value: str) -> str | None:
    """Why a custom field's value is not acceptable (shell §5 number: digits only), or None."""
    configs = field.value_configs or {}
    kind = field.field_type
    if kind in (FieldType.TEXT, FieldType.MULTILINE):
        limit = int(configs.get("maxLength") or (2000 if kind == FieldType.MULTILINE else 255))
        if len(value) > limit:
            return f"{field.label} may have at most {limit} characters."
    elif kind == FieldType.NUMBER:
        if not DIGITS.match(value) or len(value) > 18:
            return f"{field.label} must contain digits only."
        low, high = configs.get("min"), configs.get("max")
        if (low not in (None, "") and int(value) < int(low)) or (high not in (None, "") and int(value) > int(high)):
            return f"{field.label} must be between {low if low not in (None, '') else 0} and {high or '…'}."
    elif kind == FieldType.DROPDOWN:
        if value not in _dropdown_values(configs):
            return f"Choose one of the options for {field.label}."
    elif kind == FieldType.CHECKBOX:
        if len(value) > 255:
            return f"{field.label} may have at most 255 characters."
    elif kind == FieldType.DATE:
        try:
            date.fromisoformat(value)
        except ValueError:
            return f"Enter a valid date (YYYY-MM-DD) for {field.label}."
        if len(value) != 10:
            return f"Enter a valid date (YYYY-MM-DD) for {field.label}."
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
        raise PortalError(AccountErrorCode.TOO_MANY_REQUESTS.label, code=AccountErrorCode.TOO_MANY_REQUESTS)


def _registration_switch(*, kind: str, channel_id: int) -> None:
    entry = storefront_configs(REGISTRATION_CONFIG_KEY, channel_id=channel_id)[REGISTRATION_CONFIG_KEY]
    if not registration_allowed(kind=kind, entry=entry):
        raise PortalError(AccountErrorCode.REGISTRATION_DISABLED.label, code=AccountErrorCode.REGISTRATION_DISABLED)


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
        check.error(f"{key_prefix}email", EMAIL_IN_USE_MESSAGE)
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
        raise ValidationError({f"{key_prefix}email": [EMAIL_IN_USE_MESSAGE]}) from exc


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
        raise ValidationError({"email": ["Enter a valid email address."]})
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
        check.error("country", "Choose a country from the list.")
    values["country"] = country.country_code if country else ""
    if country is not None and country.states:
        # A country with a state list needs one of its states (when the form shows the state field).
        found = state_find(country, state) if state else None
        state_field = check.fields.get("state")
        if found is None and (state or state_field is None or state_field.visible):
            check.error("state", "Choose a state or province from the list.")
        state = found.state_code if found else ""
    elif len(state) > 100:
        check.error("state", "State may have at most 100 characters.")
    values["state"] = state
    return values


def _attachments_claimed(
    check: _FormCheck, file_ids: tuple[str, ...], *, user: User | None, required: bool
) -> list[MediaFile]:
    """The uploaded files an application names (business §5: at most 3): unattached, recent, and the caller's own
    (a guest's uploads have no user; possession of the random id is the proof)."""
    if len(file_ids) > MAX_FILES:
        check.error("fileList", TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES))
        return []
    ids = []
    for raw in dict.fromkeys(file_ids):
        try:
            ids.append(uuid.UUID(str(raw)))
        except ValueError:
            check.error("fileList", "This file is not available. Upload it again.")
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
        check.error("fileList", "This file is not available. Upload it again.")
    if required and not ids:
        field = check.fields.get("fileList")
        check.error("fileList", f"{field.label if field else 'Attachments'} is required.")
    return files


@transaction.atomic
def company_create(
    *, actor: Any, application: CompanyApplication, contact: ContactData | None = None, client_ip: str = "unknown"
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
        raise ValidationError({"storeHash": ["Unknown store."]})
    user: User | None = actor.user if actor is not None else None
    company: Company | None = None
    if user is None:
        if application.customer_id is not None:
            raise SessionExpired()
        if contact is None:
            raise ValidationError({"customer": ["Give the contact details and password of the new account."]})
        _registration_rate_limited("register-ip", client_ip, REGISTRATION_LIMIT_PER_IP)
    else:
        if contact is not None:
            raise ValidationError({"customer": ["You are signed in: apply with your account instead."]})
        if application.customer_id is not None and application.customer_id != user.pk:
            raise PermissionDeniedError()
        if user.is_super_admin:
            raise PermissionDeniedError("A super admin cannot apply for a company.")
        membership = membership_of(user)
        if membership is not None:
            if not (membership.role == CompanyRole.ADMIN and membership.company.status == CompanyStatus.REJECTED):
                raise PortalError(AccountErrorCode.ALREADY_IN_COMPANY.label, code=AccountErrorCode.ALREADY_IN_COMPANY)
            company = Company.objects.select_for_update().get(pk=membership.company_id)
            if company.status != CompanyStatus.REJECTED:
                raise PortalError(AccountErrorCode.ALREADY_IN_COMPANY.label, code=AccountErrorCode.ALREADY_IN_COMPANY)
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
    if resubmission and company.attachments.exists():
        files_required = False  # the files of the first application still count
    files = _attachments_claimed(check, application.file_ids, user=user, required=files_required)
    check.raise_if_any()

    if user is None:
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
    if resubmission:
        for name, value in fields.items():
            setattr(company, name, value)
        company.save()
        if files:
            replaced = list(company.attachments.all())
            for old in replaced:
                transaction.on_commit(lambda name=old.file.name, storage=old.file.storage: storage.delete(name))
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


# --- uploads (issue 5) -------------------------------------------------------------------------------------------

UPLOAD_TTL_SECONDS = 24 * 3600  # an upload not attached to an application within a day is purged
UPLOAD_WINDOW = 3600
UPLOAD_LIMIT_PER_IP = 20  # guests: uploads per IP address per hour
UPLOAD_LIMIT_PER_USER = 30  # signed-in users: uploads per hour
UPLOAD_REQUEST_TYPES = (COMPANY_ATTACHMENT,)
UPLOAD_SESSION_PATTERN = re.compile(r"^[A-Za-z0-9_-]{32,100}$")
FILE_REJECTED_MESSAGE = "File {name} was rejected. File type not supported. File is too big. Size limit is {size}."


class UploadRefused(Exception):
    """An upload we do not keep: `code` (UploadErrorCode), a message for people, the HTTP status and details."""

    def __init__(self, code: UploadErrorCode, message: str, *, status: int = 400, **data: Any) -> None:
        super().__init__(message)
        self.code, self.message, self.status, self.data = code, message, status, data


@dataclass(frozen=True)
class Upload:
    media: MediaFile
    upload_session: str
    files_in_session: int


def _upload_session_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _open_uploads(*, user: User | None, session_hash: str):
    """The files counted against business §5's limit of 3: a signed-in user's, or a guest's upload session's,
    recent ones not yet part of an application."""
    recent = MediaFile.objects.filter(
        company__isnull=True, created_at__gt=timezone.now() - timedelta(seconds=UPLOAD_TTL_SECONDS)
    )
    return (
        recent.filter(uploaded_by=user)
        if user is not None
        else recent.filter(uploaded_by__isnull=True, upload_session=session_hash)
    )


def media_upload(
    *, uploaded_file: Any, request_type: str, upload_session: str | None, user: User | None, client_ip: str
) -> Upload:
    """`POST /api/v2/media/upload`: keep an attachment for a company application, or refuse it and keep nothing.

    Checks, in order: the rate limit, the request type, the count (3 per applicant), the size (3,000,000 bytes),
    then the type from the content (`accounts.uploads`). The file goes to the private storage under a random
    name."""
    if user is not None:
        attempts = ratelimit.record("upload-user", str(user.pk), window_seconds=UPLOAD_WINDOW)
        limited = attempts > UPLOAD_LIMIT_PER_USER
    else:
        limited = ratelimit.record("upload-ip", client_ip, window_seconds=UPLOAD_WINDOW) > UPLOAD_LIMIT_PER_IP
    if limited:
        raise UploadRefused(UploadErrorCode.TOO_MANY_REQUESTS, UploadErrorCode.TOO_MANY_REQUESTS.label, status=429)
    if request_type not in UPLOAD_REQUEST_TYPES:
        raise UploadRefused(UploadErrorCode.INVALID_REQUEST_TYPE, UploadErrorCode.INVALID_REQUEST_TYPE.label)
    if uploaded_file is None:
        raise UploadRefused(UploadErrorCode.FILE_MISSING, UploadErrorCode.FILE_MISSING.label)
    if upload_session and not UPLOAD_SESSION_PATTERN.match(upload_session):
        raise UploadRefused(UploadErrorCode.INVALID_UPLOAD_SESSION, UploadErrorCode.INVALID_UPLOAD_SESSION.label)
    session_key = upload_session or secrets.token_urlsafe(32)
    session_hash = _upload_session_hash(session_key)
    name = clean_file_name(uploaded_file.name)
    rejected = FILE_REJECTED_MESSAGE.format(name=name, size=size_label(MAX_FILE_BYTES))
    details = {"fileName": name, "sizeLimit": MAX_FILE_BYTES, "maxFiles": MAX_FILES}

    if _open_uploads(user=user, session_hash=session_hash).count() >= MAX_FILES:
        raise UploadRefused(UploadErrorCode.TOO_MANY_FILES, TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES), **details)
    if uploaded_file.size > MAX_FILE_BYTES:
        raise UploadRefused(UploadErrorCode.FILE_TOO_LARGE, rejected, **details)
    uploaded_file.seek(0)
    data = uploaded_file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise UploadRefused(UploadErrorCode.FILE_TOO_LARGE, rejected, **details)
    detected = detect(name, data)
    if detected is None:
        raise UploadRefused(UploadErrorCode.FILE_TYPE_NOT_ALLOWED, rejected, **details)

    media = MediaFile(
        request_type=request_type,
        original_name=name,
        extension=detected.extension,
        content_type=detected.mime,
        size=len(data),
        upload_session=session_hash,
        uploaded_by=user,
    )
    with transaction.atomic():
        # Parallel uploads of one applicant each saw room above: count again, one at a time (issue 12).
        lock_for_transaction(f"media-upload:{user.pk if user is not None else session_hash}")
        if _open_uploads(user=user, session_hash=session_hash).count() >= MAX_FILES:
            raise UploadRefused(UploadErrorCode.TOO_MANY_FILES, TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES), **details)
        media.file.save(name, ContentFile(data), save=False)
        try:
            media.save()
        except Exception:
            media.file.storage.delete(media.file.name)
            raise
        files = _open_uploads(user=user, session_hash=session_hash).count()
    return Upload(media=media, upload_session=session_key, files_in_session=files)


@transaction.atomic
def media_delete(*, file_id: str, upload_session: str | None, user: User | None) -> None:
    """The drop zone's "remove": delete one of the caller's uploads not yet part of an application."""
    try:
        pk = uuid.UUID(str(file_id))
    except ValueError as exc:
        raise UploadRefused(UploadErrorCode.NOT_FOUND, UploadErrorCode.NOT_FOUND.label, status=404) from exc
    files = MediaFile.objects.filter(pk=pk, company__isnull=True)
    if user is not None:
        files = files.filter(uploaded_by=user)
    else:
        files = files.filter(uploaded_by__isnull=True, upload_session=_upload_session_hash(upload_session or ""))
    media = files.select_for_update().first()
    if media is None:
        raise UploadRefused(UploadErrorCode.NOT_FOUND, UploadErrorCode.NOT_FOUND.label, status=404)
    name, storage = media.file.name, media.file.storage
    media.delete()
    transaction.on_commit(lambda: storage.delete(name))


def media_purge_stale(*, older_than_seconds: int = UPLOAD_TTL_SECONDS) -> int:
    """Delete uploads never attached to an application (the `media_purge_stale` task runs it)."""
    stale = MediaFile.objects.filter(
        company__isnull=True, created_at__lt=timezone.now() - timedelta(seconds=older_than_seconds)
    )
    count = 0
    for media in stale.iterator():
        media.file.storage.delete(media.file.name)
        media.delete()
        count += 1
    return count


# --- masquerade (issue 5) ----------------------------------------------------------------------------------------


def _masquerades_close(sessions, *, reason: str) -> int:
    """End open masquerade sessions and record each end in the audit log."""
    now = timezone.now()
    closed = 0
    for session in sessions.filter(ended_at__isnull=True).select_related("company", "super_admin"):
        if not MasqueradeSession.objects.filter(pk=session.pk, ended_at__isnull=True).update(
            ended_at=now, end_reason=reason
        ):
            continue
        audit_record(
            action=AuditAction.MASQUERADE_ENDED,
            summary=f"{session.super_admin_email} stopped masquerading as {session.company_name} "
            f"({MasqueradeSession.EndReason(reason).label.lower()})",
            user=session.super_admin,
            company=session.company,
            target=session,
            changes={"reason": reason},
            masquerade_session=session,
        )
        closed += 1
    return closed


def _masquerades_close_for_company(company: Company) -> None:
    _masquerades_close(
        MasqueradeSession.objects.filter(company=company, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.COMPANY_UNAVAILABLE,
    )


def _masquerade_target(*, user: User, company_id: int) -> Company:
    company = Company.objects.filter(pk=company_id).exclude(status=CompanyStatus.DELETED).first()
    if company is None:
        raise NotFoundError("No such company.")
    if not masquerade_companies_for(user).filter(pk=company.pk).exists():
        raise PortalError(AccountErrorCode.MASQUERADE_NOT_ALLOWED.label, code=AccountErrorCode.MASQUERADE_NOT_ALLOWED)
    if company.status != CompanyStatus.APPROVED:
        raise PortalError(AccountErrorCode.COMPANY_NOT_APPROVED.label, code=AccountErrorCode.COMPANY_NOT_APPROVED)
    return company


@transaction.atomic
def masquerade_begin(*, actor: Any, company_id: int) -> MasqueradeSession:
    """`superAdminBeginMasquerade`: the super admin acts as an approved company they may masquerade as. The
    masquerade is the super admin's, one at a time, on every device and on the storefront alike (issue 13: one source
    of truth); it lasts while the B2B token it was begun with lives (docs/decisions.md). Beginning another company
    ends the current masquerade; beginning the same one again changes nothing."""
    user = actor.user
    if user is None or not user.is_super_admin or actor.token is None:
        raise PermissionDeniedError()
    company = _masquerade_target(user=user, company_id=company_id)
    # Two begins at once (two tabs, two devices) must not leave two open masquerades: they take turns.
    User.objects.select_for_update().filter(pk=user.pk).first()
    token = B2BToken.objects.get(pk=actor.token.pk)
    current = masquerade_of_user(user)
    if current is not None and current.company_id == company.pk:
        current.company = company
        return current
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.REPLACED,
    )
    session = MasqueradeSession.objects.create(
        super_admin=user,
        super_admin_email=user.email,
        super_admin_name=user.get_full_name(),
        company=company,
        company_name=company.name,
        token=token,
    )
    audit_record(
        action=AuditAction.MASQUERADE_BEGAN,
        summary=f"{user.email} began masquerading as {company.name}",
        user=user,
        company=company,
        target=session,
        masquerade_session=session,
    )
    return session


@transaction.atomic
def masquerade_end(*, actor: Any, company_id: int) -> Company:
    """`superAdminEndMasquerade`: end the super admin's masquerade as `company_id`, wherever it was begun. Ending one
    that already ended (in another tab, on another device or on the storefront) changes nothing."""
    user = actor.user
    if user is None or not user.is_super_admin or actor.token is None:
        raise PermissionDeniedError()
    company = Company.objects.filter(pk=company_id).first()
    if company is None:
        raise NotFoundError("No such company.")
    current = masquerade_of_user(user)
    if current is not None and current.company_id != company.pk:
        raise PortalError(AccountErrorCode.NOT_MASQUERADING.label, code=AccountErrorCode.NOT_MASQUERADING)
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.ENDED,
    )
    return company


@transaction.atomic
def masquerade_end_for_user(*, user: User) -> MasqueradeSession | None:
    """The storefront's END MASQUERADE button: end the super admin's masquerade — every open one, so that one click
    ends it for the portal and the storefront alike (issue 13)."""
    session = masquerade_of_user(user)
    _masquerades_close(
        MasqueradeSession.objects.filter(super_admin=user, ended_at__isnull=True),
        reason=MasqueradeSession.EndReason.ENDED,
    )
    return session
