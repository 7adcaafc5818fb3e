"""Writes of the accounts app: sign-in, B2B tokens, customer JWT exchange, password reset."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

import jwt
from django.conf import settings
from django.contrib.auth import authenticate, password_validation
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.encoding import force_bytes, force_str
from django.utils.http import urlsafe_base64_decode, urlsafe_base64_encode

from accounts.errors import AccountErrorCode
from accounts.models import B2BToken, User
from accounts.selectors import token_hash
from accounts.tasks import password_reset_email_send
from portal import ratelimit
from portal.errors import PortalError

SIGN_IN_WINDOW = 15 * 60
SIGN_IN_LIMIT_PER_EMAIL = 10
SIGN_IN_LIMIT_PER_IP = 100
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
def b2b_token_issue(*, user: User) -> IssuedToken:
    raw = secrets.token_urlsafe(32)
    token = B2BToken.objects.create(
        user=user,
        key_hash=token_hash(raw),
        expires_at=timezone.now() + timedelta(seconds=settings.B2B_TOKEN_TTL_SECONDS),
    )
    login_type = LoginType.FIRST_LOGIN if user.last_login is None else LoginType.GENERAL_LOGIN
    User.objects.filter(pk=user.pk).update(last_login=timezone.now())
    return IssuedToken(raw=raw, token=token, login_type=login_type)


def b2b_token_revoke(*, raw_token: str) -> bool:
    """Revoke one token. Returns whether a live token was revoked."""
    return bool(
        B2BToken.objects.filter(key_hash=token_hash(raw_token), revoked_at__isnull=True).update(
            revoked_at=timezone.now()
        )
    )


def b2b_tokens_revoke_all(*, user: User) -> int:
    return B2BToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())


def _client_ip(request) -> str:
    return (request.META.get("REMOTE_ADDR") or "unknown") if request is not None else "unknown"


def customer_authenticate(*, request, email: str, password: str) -> User:
    """Check an e-mail and password, with rate limits; the storefront sign-in and the API both use it.

    Unknown e-mail and wrong password fail alike (no user enumeration): Django's ModelBackend runs the password
    hasher for unknown users too, and the per-e-mail limit counts attempts whether or not the account exists.
    """
    email = email.strip().lower()
    ip = _client_ip(request)
    if ratelimit.is_limited("signin-email", email, limit=SIGN_IN_LIMIT_PER_EMAIL) or ratelimit.is_limited(
        "signin-ip", ip, limit=SIGN_IN_LIMIT_PER_IP
    ):
        raise PortalError(AccountErrorCode.TOO_MANY_ATTEMPTS.label, code=AccountErrorCode.TOO_MANY_ATTEMPTS)
    user = authenticate(request, username=email, password=password)
    if user is None:
        ratelimit.record("signin-email", email, window_seconds=SIGN_IN_WINDOW)
        ratelimit.record("signin-ip", ip, window_seconds=SIGN_IN_WINDOW)
        raise PortalError(AccountErrorCode.INVALID_CREDENTIALS.label, code=AccountErrorCode.INVALID_CREDENTIALS)
    if user.force_password_reset:
        raise PortalError(AccountErrorCode.PASSWORD_RESET_REQUIRED.label, code=AccountErrorCode.PASSWORD_RESET_REQUIRED)
    ratelimit.reset("signin-email", email)
    return user


def customer_login(*, request, email: str, password: str) -> IssuedToken:
    """`login(loginData)`: both steps of ARCHITECTURE §8 sign-in at once, for API clients."""
    return b2b_token_issue(user=customer_authenticate(request=request, email=email, password=password))


def customer_jwt_issue(*, user: User, app_client_id: str, channel_id: int) -> str:
    """The short-lived JWT of a signed-in storefront customer (`GET /customer/current.jwt`)."""
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
    # One use only: a JWT seen in a log or a browser history cannot be exchanged again.
    if not cache.add(f"customer-jwt:{claims['jti']}", 1, timeout=CUSTOMER_JWT_TTL + 60):
        raise invalid
    user = User.objects.filter(pk=claims["sub"], is_active=True).first()
    if user is None:
        raise invalid
    return b2b_token_issue(user=user)


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
    B2BToken.objects.filter(user=user, revoked_at__isnull=True).exclude(key_hash=token_hash(keep_token)).update(
        revoked_at=timezone.now()
    )


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
def company_status_set(*, company_ids: list[int], status: int) -> int:
    """Staff set companies' status (approve, reject, deactivate). Leaving "approved" ends the users' B2B access at
    once: role resolution reads the status on every request (shell §4)."""
    from accounts.models import Company, CompanyStatus

    if status not in CompanyStatus.values:
        raise ValidationError({"status": ["Unknown company status."]})
    return Company.objects.filter(pk__in=company_ids).exclude(status=status).update(status=status)


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
