"""Who calls a REST edge: the B2B bearer token (the default), or the storefront's session (the shop's edges)."""

from __future__ import annotations

from typing import cast

from django.http import HttpRequest, HttpResponse
from rest_framework.authentication import BaseAuthentication, CSRFCheck
from rest_framework.request import Request

from portal.actor import PortalActor
from portal.auth import actor_for_token, bearer_token
from portal.errors import ErrorCode
from portal.rest.errors import RestError, session_expired


class BearerTokenAuthentication(BaseAuthentication):
    """`Authorization: Bearer <B2B token>`, read and checked as /graphql does (portal.auth). No token: a guest, and the
    edge decides what a guest may do. A token that is sent but unknown, expired or revoked is refused with 40101
    (shell §8) on every edge, never read as "no token": the caller believes they are signed in, and what they send
    would otherwise be kept for a guest nobody is (issue 12, issue 23). `request.auth` is the caller (PortalActor)."""

    def authenticate(self, request: Request) -> tuple[object, PortalActor] | None:
        token = bearer_token(request._request)
        if not token:
            return None
        actor = actor_for_token(token)
        if actor.user is None:
            raise session_expired()
        return actor.user, actor

    def authenticate_header(self, request: Request) -> str:
        return "Bearer"


def request_actor(request: Request) -> PortalActor:
    """The caller of a bearer-token edge: the token's, or the guest when no token was sent."""
    # request.auth is what BearerTokenAuthentication returned (the PortalActor), or None when no token was sent.
    caller = cast("PortalActor | None", request.auth)
    return caller if caller is not None else actor_for_token("")


class StorefrontCSRFCheck(CSRFCheck):
    """Django's CSRF check, which also trusts the origin of a request that carries a valid storefront token sent from
    one of the token's origins (issue 22: a storefront on another origin signs its customers in through the session
    edges as a CORS_ALLOWED_ORIGINS storefront does; portal.middleware has checked the token and its origin)."""

    def _origin_verified(self, request) -> bool:
        if super()._origin_verified(request):  # type: ignore[misc]  # Django's own (private) origin check
            return True
        token = getattr(request, "storefront_token", None)
        return token is not None and storefront_token_origin(token, request.META.get("HTTP_ORIGIN"))


def storefront_token_origin(token, origin: str | None) -> bool:
    from django.core.exceptions import ValidationError

    from portal.storefront_tokens import origin_normalize

    try:
        return origin is not None and origin_normalize(origin) in token.allowed_origins
    except ValidationError:
        return False


def _not_a_view(request: HttpRequest) -> HttpResponse:
    """The CSRF check's response and view: never called (only its request and view checks run), and without the
    csrf_exempt mark a view may carry."""
    raise AssertionError("the CSRF check runs no view")


class StorefrontSessionAuthentication(BaseAuthentication):
    """The storefront's Django session, for the edges that serve the shop (sign-in and sign-out, the CSRF token, the
    customer JWT, END MASQUERADE, the product page's live price); the bearer token is no credential there.

    CSRF is checked on every unsafe request, signed in or not, as Django's middleware checks the shop's own forms —
    unlike DRF's SessionAuthentication, which checks it for signed-in users only: a forged sign-in is an attack too."""

    def authenticate(self, request: Request) -> tuple[object, None] | None:
        django_request = request._request
        check = StorefrontCSRFCheck(_not_a_view)
        check.process_request(django_request)  # reads the CSRF cookie
        reason = check.process_view(django_request, _not_a_view, (), {})
        if reason:
            raise RestError(f"CSRF verification failed: {reason}", code=ErrorCode.PERMISSION_DENIED, status=403)
        user = getattr(django_request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        return user, None


STORE_CREDENTIAL_HEADER = "X-Auth-Token"


class StoreAdminCredentialAuthentication(BaseAuthentication):
    """`X-Auth-Token: <store admin credential>` (issue 22): a store's admin tool, for the edges that change the store
    (`PUT /api/v2/store-configs/channel-storefront-type`). No credential, a wrong one or a revoked one: 401
    STORE_CREDENTIALS_REFUSED, before the edge reads anything. `request.auth` is the credential
    (portal.models.StoreAdminCredential); there is no user."""

    def authenticate(self, request: Request) -> tuple[object, object]:
        from django.contrib.auth.models import AnonymousUser

        from portal.storefront_tokens import store_admin_credential_active

        credential = store_admin_credential_active(
            raw=request._request.headers.get(STORE_CREDENTIAL_HEADER, "").strip()
        )
        if credential is None:
            raise RestError(
                ErrorCode.STORE_CREDENTIALS_REFUSED.label, code=ErrorCode.STORE_CREDENTIALS_REFUSED, status=401
            )
        return AnonymousUser(), credential

    def authenticate_header(self, request: Request) -> str:
        return STORE_CREDENTIAL_HEADER
