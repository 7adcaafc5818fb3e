"""Mutations of the shell: storefront tokens (issue 22, shell §7 `storeFrontToken`)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any

import strawberry
from strawberry.types import Info

from portal import selectors, storefront_tokens
from portal.errors import ErrorCode, InputError, PortalError, field_error
from portal.graphql.permissions import IsAuthenticated
from portal.rest.authentication import STORE_CREDENTIAL_HEADER


class StoreAdminOrSuperAdmin(IsAuthenticated):
    """A store admin credential (`X-Auth-Token`, created by staff in Django admin), or the bearer token of a super
    admin. A credential that is sent is the caller's claim: wrong or revoked, STORE_CREDENTIALS_REFUSED, never read as
    "none". Without either: 40101 with no valid token, PERMISSION_DENIED for anyone else."""

    def has_permission(self, source: Any, info: Info, **kwargs: Any) -> bool:
        raw = info.context.request.headers.get(STORE_CREDENTIAL_HEADER)
        if raw is not None:
            if storefront_tokens.store_admin_credential_active(raw=raw.strip()) is None:
                raise PortalError(ErrorCode.STORE_CREDENTIALS_REFUSED.label, code=ErrorCode.STORE_CREDENTIALS_REFUSED)
            return True
        return super().has_permission(source, info, **kwargs)

    def allows(self, actor) -> bool:
        return actor.is_super_admin


@strawberry.type(description="A new storefront token: shown this once, only its hash is kept.")
class StoreFrontTokenResult:
    token: str = strawberry.field(description="Put it in the loader's script tag as data-storefront-token.")
    expires_at: int = strawberry.field(description="When it expires, in Unix seconds.")


def _expiry(expires_at: int | None) -> datetime | None:
    if expires_at is None:
        return None
    try:
        return datetime.fromtimestamp(expires_at, tz=UTC)
    except (OverflowError, OSError, ValueError):
        raise InputError(fields=field_error("expiresAt", "Send the expiry in Unix seconds.", code="invalid")) from None


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[StoreAdminOrSuperAdmin],
        description="A storefront token for a channel of the built-in storefront (shell §7, native platform only: "
        "STOREFRONT_NOT_NATIVE for a channel on another platform, whose tokens staff issue in Django admin). The "
        "loader's script tag carries it and the overlay sends it as X-Storefront-Token; requests with it are "
        "answered only from allowedCorsOrigins (exact origins such as https://shop.example.com, 1 to 20) and for "
        "its channel. Valid 7 days (shell §9), or until expiresAt (Unix seconds, at most 7 days ahead); staff revoke "
        "it in Django admin. Needs a store admin credential (X-Auth-Token) or a super admin's token. storeHash and "
        "channelId name the store's channel (NOT_FOUND otherwise).",
    )
    def store_front_token(
        self,
        info: Info,
        store_hash: str,
        channel_id: int,
        allowed_cors_origins: Annotated[
            list[str], strawberry.argument(description="Exact origins, scheme://host[:port]; at most 20.")
        ],
        expires_at: Annotated[
            int | None, strawberry.argument(description="Unix seconds; 7 days from now when null.")
        ] = None,
    ) -> StoreFrontTokenResult:
        raw, token = storefront_tokens.storefront_token_request(
            store=selectors.store_current(),
            store_hash=store_hash,
            channel_id=channel_id,
            allowed_origins=allowed_cors_origins,
            expires_at=_expiry(expires_at),
        )
        return StoreFrontTokenResult(token=raw, expires_at=int(token.expires_at.timestamp()))
