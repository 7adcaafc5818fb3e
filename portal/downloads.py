"""Short-lived signed links to private files and PDFs (quotes' attachments and PDF, an order's PDF, a lot's certificate,
a product's safety data sheet): the API hands one out after checking the caller's rights, and the overlay opens it
directly — a browser cannot send the bearer token when it follows a link.

A link names the URL of its download view (`"orders:certificate-download"`) and the object's id: a token signed for
one view and id opens nothing else, and expires after DOWNLOAD_MAX_AGE seconds. The views accept the token, or check
the caller's bearer token as the API does."""

from __future__ import annotations

from django.core import signing
from django.http import HttpRequest
from django.urls import reverse

DOWNLOAD_SALT = "portal.download"
DOWNLOAD_MAX_AGE = 300  # seconds
MAX_TOKEN_LENGTH = 500


def download_token(*, view: str, pk: int) -> str:
    """The signed token of the download of object `pk` by the view named `view` (a URL name, with its namespace)."""
    return signing.dumps({"v": view, "id": pk}, salt=DOWNLOAD_SALT, compress=True)


def signed_download_url(request: HttpRequest, *, view: str, pk: int) -> str:
    """The absolute signed link to `view` for object `pk`, valid DOWNLOAD_MAX_AGE seconds."""
    token = download_token(view=view, pk=pk)
    return request.build_absolute_uri(f"{reverse(view, args=[pk])}?token={token}")


def download_token_valid(token: str | None, *, view: str, pk: int) -> bool:
    """Whether `token` was signed by us for `view` and object `pk`, less than DOWNLOAD_MAX_AGE seconds ago."""
    if not token or len(token) > MAX_TOKEN_LENGTH:
        return False
    try:
        data = signing.loads(token, salt=DOWNLOAD_SALT, max_age=DOWNLOAD_MAX_AGE)
    except signing.BadSignature:  # a forged, altered or expired token (SignatureExpired is a BadSignature)
        return False
    return isinstance(data, dict) and data.get("v") == view and data.get("id") == pk
