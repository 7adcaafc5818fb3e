"""Short-lived signed links to a quote's files and PDF (portal.downloads): the API hands one out after checking the
caller's rights, and the overlay opens it directly (a browser cannot send the bearer token when it opens a link)."""

from __future__ import annotations

from django.http import HttpRequest

from portal import downloads
from portal.downloads import DOWNLOAD_MAX_AGE

__all__ = ["DOWNLOAD_MAX_AGE", "download_token_valid", "signed_download_url"]

# What a quote's links open: kind → the download view's URL name.
_VIEWS = {"attachment": "quotes:attachment-download", "pdf": "quotes:pdf-download"}


def signed_download_url(request: HttpRequest, *, kind: str, pk: int) -> str:
    return downloads.signed_download_url(request, view=_VIEWS[kind], pk=pk)


def download_token_valid(token: str | None, *, kind: str, pk: int) -> bool:
    return downloads.download_token_valid(token, view=_VIEWS[kind], pk=pk)
