"""The API's one way of reading who calls: `Authorization: Bearer <B2B token>` (ARCHITECTURE §5)."""

from __future__ import annotations

from django.http import HttpRequest


def bearer_token(request: HttpRequest) -> str:
    """The bearer token of the request, or "" when it sends none (or another scheme)."""
    scheme, _, value = request.headers.get("Authorization", "").partition(" ")
    return value.strip() if scheme.lower() == "bearer" else ""
