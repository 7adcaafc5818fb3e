"""Writes of the accounts app."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth import authenticate
from django.db import transaction
from django.utils import timezone

from accounts.errors import AccountErrorCode
from accounts.models import B2BToken, User
from accounts.selectors import token_hash
from portal.errors import PortalError


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


def customer_login(*, request, email: str, password: str) -> IssuedToken:
    """Check an e-mail and password and issue a B2B token.

    Unknown e-mail and wrong password fail alike (no user enumeration); Django's ModelBackend runs the
    password hasher for unknown users too, so both take the same time.
    """
    user = authenticate(request, username=email.strip(), password=password)
    if user is None:
        raise PortalError(AccountErrorCode.INVALID_CREDENTIALS.label, code=AccountErrorCode.INVALID_CREDENTIALS)
    return b2b_token_issue(user=user)
