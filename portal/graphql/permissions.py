"""The one permission mechanism of the API (ARCHITECTURE §5).

Operations are protected unless they are in the explicit guest-allowed list. A protected root field declares
`permission_classes=[IsAuthenticated]` or `permission_classes=[requires("code", level)]` (shell §6 codes and
levels) or `[IsSuperAdmin]`; a test checks that every root field is guarded or guest-allowed. Data scoping is
the selectors' job: they take the actor and return only what it may see.
"""

from __future__ import annotations

from typing import Any

from strawberry.permission import BasePermission
from strawberry.types import Info

from portal.actor import PortalActor
from portal.errors import PermissionDeniedError, SessionExpired

# Root fields a guest may call without a token.
GUEST_ALLOWED_OPERATIONS = frozenset(
    {
        "storeBasicInfo",
        "storefrontConfig",
        "storefrontConfigs",
        "storefrontDefaultLanguage",
        "currencies",
        "taxZoneRates",
        "trackingNumbers",
        "login",
        "authorization",
        "userLoginState",
        "passwordResetLinkValid",
        "requestPasswordReset",
        "resetPassword",
        "cart",
        "createCart",
        "addCartLineItems",
        "deleteCart",
        "productsSearch",
        "variantSku",
        "productPurchasable",
        "priceProducts",
        # Registration (issue 5).
        "accountFormFields",
        "countries",
        "companyCreate",
        "customerCreate",
        "customerSubscribersCreate",
        # Quotes (issue 6): guests build a draft by its draftKey and reach their quote by its accessKey.
        "quoteEnabled",
        "quoteDraft",
        "quoteDraftAddLines",
        "quoteDraftAddCart",
        "quoteDraftUpdateLine",
        "quoteDraftRemoveLine",
        "quoteDraftUpdate",
        "quoteDraftRemoveFile",
        "quoteDraftClear",
        "quoteDraftSubmit",
        "quote",
        "quotePdf",
        "quoteMessageCreate",
        # Orders (issue 17): shell §2 lists the guest (100) for /orderDetail; a guest is answered NOT_FOUND.
        "order",
        "orderPdf",
        # Bulk upload (issue 19): business §6, role 100's upload call, without a channel.
        "productAnonUpload",
        # Single sign-on (issue 40): where an e-mail address signs in, asked before the password.
        "ssoSignIn",
    }
)


class GuestOrValidToken(BasePermission):
    """For guest-allowed operations on the caller's own data (the quote draft): a guest sends no token, and a token
    that was sent but is no longer valid is 40101 (shell §8) rather than a silent guest — the buyer's lines would
    otherwise land in a guest draft that nobody holds the key of."""

    message = "Your session has expired. Please sign in again."

    def has_permission(self, source: Any, info: Info, **kwargs: Any) -> bool:
        if info.context.bearer_token and info.context.actor.user is None:
            raise SessionExpired()
        return True


class IsAuthenticated(BasePermission):
    """A valid, unexpired, unrevoked B2B token: otherwise 40101 (shell §8). Subclasses add a predicate on the caller
    (`allows`), false: PERMISSION_DENIED; the REST edges' permissions share it (portal.rest.permissions)."""

    message = "Your session has expired. Please sign in again."

    def has_permission(self, source: Any, info: Info, **kwargs: Any) -> bool:
        if info.context.actor.user is None:
            raise SessionExpired()
        if not self.allows(info.context.actor):
            raise PermissionDeniedError()
        return True

    def allows(self, actor: PortalActor) -> bool:
        return True


class IsSuperAdmin(IsAuthenticated):
    def allows(self, actor: PortalActor) -> bool:
        return actor.is_super_admin


class HasPermission(IsAuthenticated):
    code: str = ""
    level: int = 1

    def allows(self, actor: PortalActor) -> bool:
        return actor.can(self.code, self.level)


def requires(code: str, level: int = 1) -> type[HasPermission]:
    """A permission class for `permission_classes=[requires("get_orders", 2)]`."""
    return type(f"Requires_{code}_{level}", (HasPermission,), {"code": code, "level": level})
