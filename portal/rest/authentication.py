"""Who calls a REST edge: the B2B bearer token (the default), or the storefront's session (the shop's edges)."""

from __future__ import annotations

from typing import cast

from django.core.exceptions import DisallowedHost
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


def _csrf_refusal(request: HttpRequest) -> str | None:
    """Django's CSRF check of the request through its middleware's public hooks (DRF's CSRFCheck answers the refusal's
    reason, None when it passes), which also accepts the origin of a request carrying a valid storefront token sent
    from one of the token's origins (issue 22: a storefront on another origin signs its customers in through the
    session edges as a CORS_ALLOWED_ORIGINS storefront does; portal.middleware has checked the token and its origin).

    Django's origin check reads the request's `Origin` (META's HTTP_ORIGIN) and accepts the site's own origin and
    CSRF_TRUSTED_ORIGINS, a setting that cannot name one token's origins for that token's requests alone. So for such
    a request the check is run with the site's own origin in place of the token's, restored after: it is the origin
    check alone that accepts the token's origin; the rest of Django's check (the CSRF token against the cookie) runs
    as on any request. Any other request (no token, another origin, no Origin) is checked exactly as Django checks
    it."""
    check = CSRFCheck(_not_a_view)
    check.process_request(request)  # reads the CSRF cookie
    origin = request.META.get("HTTP_ORIGIN")
    token = getattr(request, "storefront_token", None)
    if origin is None or token is None or not storefront_token_origin(token, origin):
        return _checked(check, request)
    try:
        own_origin = f"{request.scheme}://{request.get_host()}"  # the origin Django accepts as the site's own
    except DisallowedHost:
        return _checked(check, request)
    request.META["HTTP_ORIGIN"] = own_origin
    try:
        return _checked(check, request)
    finally:
        request.META["HTTP_ORIGIN"] = origin


def _checked(check: CSRFCheck, request: HttpRequest) -> str | None:
    # DRF's CSRFCheck answers a refusal's reason (a str) where Django's middleware answers a response, as the stubs
    # type it: DRF's documented use (SessionAuthentication.enforce_csrf reads the reason).
    return cast("str | None", check.process_view(request, _not_a_view, (), {}))


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
        reason = _csrf_refusal(django_request)
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
