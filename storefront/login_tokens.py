"""One-time sign-in tokens for the storefront (issue 22, shell §7 `GET {store}/login/token/{token}`, fire and
forget): the portal's signed-in caller gets a token (`storefrontLoginToken`), and the storefront page that calls
`/login/token/{token}` is signed in as them — once, within two minutes, and only while nothing ended their sessions
since (sign out everywhere raises the user's session epoch)."""

from __future__ import annotations

import secrets

from django.core import signing

from accounts.models import User
from accounts.selectors import staff_only
from portal.cache import claim_once

LOGIN_TOKEN_SALT = "storefront.login-token"
LOGIN_TOKEN_MAX_AGE = 120  # seconds: the token only carries a signed-in portal caller over to the storefront
MAX_TOKEN_LENGTH = 500


def storefront_login_token_issue(*, user: User) -> str:
    return signing.dumps(
        {"user": user.pk, "epoch": user.session_epoch, "nonce": secrets.token_urlsafe(16)}, salt=LOGIN_TOKEN_SALT
    )


def storefront_login_token_redeem(*, token: str) -> User | None:
    """The user `token` signs in, using it up; None for a token that is forged, expired, used, or whose user may no
    longer sign in (inactive, staff, signed out everywhere since)."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return None
    try:
        data = signing.loads(token, salt=LOGIN_TOKEN_SALT, max_age=LOGIN_TOKEN_MAX_AGE)
    except signing.BadSignature:
        return None
    if not isinstance(data, dict) or not isinstance(data.get("nonce"), str):
        return None
    # One use: the first request that presents it takes the nonce; the cache (Redis in production) decides races.
    # While the cache is down the use cannot be checked: refused (SERVICE_UNAVAILABLE), the token stays unused.
    if not claim_once(f"storefront-login-token:{data['nonce']}", timeout=LOGIN_TOKEN_MAX_AGE + 60):
        return None
    user_id = data.get("user")
    user = User.objects.filter(pk=user_id, is_active=True).first() if user_id is not None else None
    if user is None or user.session_epoch != data.get("epoch") or staff_only(user):
        return None
    return user
