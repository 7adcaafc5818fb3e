"""The identity providers' client secrets, encrypted at rest (issue 40): Fernet (AES-128-CBC with HMAC-SHA256) under a
key derived from SSO_SECRET_KEY, which defaults to SECRET_KEY. A key rotated with SECRET_KEY_FALLBACKS still reads
the secrets stored under an older key (they are written again under the new one when staff save them)."""

from __future__ import annotations

import base64
import hashlib

from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from django.conf import settings

_CONTEXT = b"buyer-portal sso client secret v1:"


def _fernet(secret: str | bytes) -> Fernet:
    raw = secret.encode() if isinstance(secret, str) else secret
    return Fernet(base64.urlsafe_b64encode(hashlib.sha256(_CONTEXT + raw).digest()))


def _keys() -> MultiFernet:
    primary = getattr(settings, "SSO_SECRET_KEY", "") or settings.SECRET_KEY
    older = [] if getattr(settings, "SSO_SECRET_KEY", "") else list(settings.SECRET_KEY_FALLBACKS)
    return MultiFernet([_fernet(primary), *(_fernet(key) for key in older)])


def secret_encrypt(value: str) -> str:
    return _keys().encrypt(value.encode()).decode() if value else ""


def secret_decrypt(token: str) -> str:
    """The secret in clear; "" when none is stored or it was stored under a key this server no longer has."""
    if not token:
        return ""
    try:
        return _keys().decrypt(token.encode()).decode()
    except InvalidToken:
        return ""
