"""The API's one way of reading who calls: `Authorization: Bearer <B2B token>` (ARCHITECTURE §5)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.utils.module_loading import import_string

from portal.actor import PortalActor


def bearer_token(request: HttpRequest) -> str:
    """The bearer token of the request, or "" when it sends none (or another scheme)."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""


def actor_for_token(token: str) -> PortalActor:
    """The caller behind a bearer token, for /graphql and the REST edges alike: a guest when the token is missing,
    unknown, expired or revoked. portal may not import accounts (ARCHITECTURE §3): the resolver is named in settings."""
    return import_string(settings.PORTAL_ACTOR_RESOLVER)(token)
