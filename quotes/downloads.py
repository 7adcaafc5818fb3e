"""Short-lived signed links to a quote's files and PDF: the API hands one out after checking the caller's rights,
and the overlay opens it directly (a browser cannot send the bearer token when it opens a link)."""

from __future__ import annotations

from django.core import signing
from django.http import HttpRequest
from django.urls import reverse

DOWNLOAD_SALT = "quotes.download"
DOWNLOAD_MAX_AGE = 300  # seconds
_VIEWS = {"attachment": "quotes:attachment-download", "pdf": "quotes:pdf-download"}


def signed_download_url(request: HttpRequest, *, kind: str, pk: int) -> str:
    token = signing.dumps({"k": kind, "id": pk}, salt=DOWNLOAD_SALT, compress=True)
    return request.build_absolute_uri(f"{reverse(_VIEWS[kind], args=[pk])}?token={token}")


def download_token_valid(token: str | None, *, kind: str, pk: int) -> bool:
    if not token or len(token) > 500:
        return False
    try:
        data = signing.loads(token, salt=DOWNLOAD_SALT, max_age=DOWNLOAD_MAX_AGE)
    except signing.BadSignature:
        return False
    return isinstance(data, dict) and data.get("k") == kind and data.get("id") == pk
