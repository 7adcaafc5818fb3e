"""Sign-in and B2B tokens: the password check with its throttling, the tokens the portal calls with, the
customer JWT that hands a storefront session over to the portal, and signing out (ARCHITECTURE §8, shell §4)."""

from __future__ import annotations

import hashlib
import ipaddress
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import jwt
from django.conf import settings
from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone

from accounts.errors import AccountErrorCode
from accounts.models import B2BToken, CompanyStatus, MasqueradeSession, User
from accounts.selectors import membership_of, staff_only, token_hash
from accounts.services.masquerade import _masquerades_close
from portal import ratelimit
from portal.cache import claim_once
from portal.client_address import client_ip
from portal.errors import Refused

# Sign-in throttling (issue 12, docs/decisions.md): growing delays instead of lock-outs, keyed so that failures on
# one address never refuse the right password from another. Failures are counted per (account, address) and per
# address, which wait hard, and per account across addresses, which only slows the addresses that failed on it.
SIGN_IN_PER_ACCOUNT_ADDRESS = ratelimit.Backoff(free=5, base_seconds=1, max_seconds=15 * 60, window_seconds=3600)
SIGN_IN_PER_ADDRESS = ratelimit.Backoff(free=20, base_seconds=1, max_seconds=15 * 60, window_seconds=3600)
SIGN_IN_PER_ACCOUNT = ratelimit.Backoff(free=10, base_seconds=1, max_seconds=60, window_seconds=3600)
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


class SignInThrottled(Refused):
    """TOO_MANY_ATTEMPTS with the whole seconds to wait (`extensions.retryAfter`; the storefront's Retry-After)."""

    def __init__(self, retry_after: int):
        super().__init__(
            f"Too many sign-in attempts. Please try again in {_wait_text(retry_after)}.",
            code=AccountErrorCode.TOO_MANY_ATTEMPTS,
            retry_after=retry_after,
        )


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


# Issue 40: a company may require its identity provider (single sign-on) and refuse passwords. The sso app, to the
# right of accounts (ARCHITECTURE §3), contributes that check from its AppConfig.ready(); every password door asks it
# through `password_refusal`: the sign-in below (the API's `login` and the storefront's form) and the reset request.
_PASSWORD_REFUSALS: list[Callable[..., None]] = []


def password_refusal_register(check: Callable[..., None]) -> None:
    """`check(email=…, user=…)` raises Refused when passwords are not accepted for that address (user None: only the
    address is known yet) or that account."""
    if check not in _PASSWORD_REFUSALS:
        _PASSWORD_REFUSALS.append(check)


def password_refusal(*, email: str, user: User | None = None) -> None:
    """Refused when a password may not be used for `email` (before the password is looked at: what the address says,
    never whether an account exists) or for `user` (after it was checked)."""
    for check in _PASSWORD_REFUSALS:
        check(email=email, user=user)


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
    password_refusal(email=email)
    user = authenticate(request, username=email, password=password)
    if user is None:
        ratelimit.failure_record("signin-account-address", pair_key, backoff=SIGN_IN_PER_ACCOUNT_ADDRESS)
        ratelimit.failure_record("signin-address", address_key, backoff=SIGN_IN_PER_ADDRESS)
        ratelimit.failure_record("signin-account", account_key, backoff=SIGN_IN_PER_ACCOUNT)
        raise ValidationError(AccountErrorCode.INVALID_CREDENTIALS.label, code=AccountErrorCode.INVALID_CREDENTIALS)
    if user.force_password_reset:
        raise Refused(AccountErrorCode.PASSWORD_RESET_REQUIRED.label, code=AccountErrorCode.PASSWORD_RESET_REQUIRED)
    # Only this address's failures on the account are forgiven: the address's own count stays (a sprayer signing
    # in to an account of their own must not wipe it), and so does the account's (other addresses' guesses).
    ratelimit.failures_clear("signin-account-address", pair_key)
    _refuse_inactive_company(user)
    password_refusal(email=email, user=user)
    return user


def _refuse_inactive_company(user: User) -> None:
    """shell §4: users of an inactive or deleted company cannot sign in as B2B users. We refuse the sign-in
    altogether (docs/decisions.md, issue 5); it is checked after the password, so it reveals nothing to others.
    The supplier's staff are not customers either (issue 13): a staff account that is neither a super admin nor in a
    company signs in to Django admin, not to the storefront or the portal."""
    if staff_only(user):
        raise Refused(AccountErrorCode.STAFF_ACCOUNT.label, code=AccountErrorCode.STAFF_ACCOUNT)
    membership = membership_of(user)
    if membership is not None and membership.company.status in (CompanyStatus.INACTIVE, CompanyStatus.DELETED):
        raise Refused(AccountErrorCode.COMPANY_INACTIVE.label, code=AccountErrorCode.COMPANY_INACTIVE)


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
    invalid = ValidationError(
        AccountErrorCode.INVALID_CUSTOMER_TOKEN.label, code=AccountErrorCode.INVALID_CUSTOMER_TOKEN
    )
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
    # While the cache is down the use cannot be checked: refused (SERVICE_UNAVAILABLE), the JWT stays unused.
    if not claim_once(f"customer-jwt:{claims['jti']}", timeout=CUSTOMER_JWT_TTL + 60):
        raise invalid
    user = User.objects.filter(pk=claims["sub"], is_active=True).first()
    if user is None:
        raise invalid
    _refuse_inactive_company(user)
    return b2b_token_issue(user=user, storefront_session=storefront_session)
