"""Credentials for a storefront on another origin, on the storefront-session endpoints only."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.urls import reverse

# The overlay's sign-in hand-over (ARCHITECTURE §8): the only endpoints whose answers depend on the session cookie
# and that a storefront on another origin calls. Everything else it calls (/graphql, uploads, translations)
# authenticates by bearer token or not at all, so it is answered without credentials.
SESSION_URL_NAMES = ("storefront:login", "storefront:logout", "storefront:current-jwt", "storefront:csrf-token")


@cache
def _session_paths() -> frozenset[str]:
    # Resolved at the first request, not at start-up: the URLconf may not be importable yet when middleware loads.
    return frozenset(reverse(name) for name in SESSION_URL_NAMES)


def session_cors_credentials(get_response: Callable[[HttpRequest], HttpResponse]):
    """Adds `Access-Control-Allow-Credentials: true` where django-cors-headers (which runs inside this) has
    allowed the request's origin — one of CORS_ALLOWED_ORIGINS or of a valid storefront token, never a wildcard — on
    the session endpoints."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        origin = request.headers.get("Origin")
        if (
            origin
            and request.path in _session_paths()
            # CORS_ALLOWED_ORIGINS, or the origin of a valid storefront token (issue 22; portal.middleware decided
            # it for CORS on this request already).
            and (origin in settings.CORS_ALLOWED_ORIGINS or getattr(request, "_storefront_origin_cors", False))
            and response.get("Access-Control-Allow-Origin") == origin
        ):
            response["Access-Control-Allow-Credentials"] = "true"
        return response

    return middleware
