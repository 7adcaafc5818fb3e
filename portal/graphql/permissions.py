"""The one permission mechanism of the API (ARCHITECTURE §5).

Operations are protected unless they are in the explicit guest-allowed list: a protected field declares
`permission_classes=[IsAuthenticated]` (later: permission codes and levels), and the schema test checks that
every root field is either protected or listed in GUEST_ALLOWED_OPERATIONS.
"""

from __future__ import annotations

from typing import Any

from strawberry.permission import BasePermission
from strawberry.types import Info

from portal.errors import SessionExpired

# Root fields a guest may call without a token.
GUEST_ALLOWED_OPERATIONS = frozenset(
    {
        "storeBasicInfo",
        "storefrontConfig",
        "storefrontConfigs",
        "trackingNumbers",
        "login",
    }
)


class IsAuthenticated(BasePermission):
    """A valid, unexpired, unrevoked B2B token: otherwise 40101 (shell §8)."""

    message = "Your session has expired. Please sign in again."

    def has_permission(self, source: Any, info: Info, **kwargs: Any) -> bool:
        if info.context.user is None:
            raise SessionExpired()
        return True
