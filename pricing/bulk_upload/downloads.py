"""The links of an upload's result files (business §3 upload result: errorFile, stockErrorFile).

`errorFile` / `stockErrorFile` are the files' addresses, fetched with the caller's bearer token (business §7 file
fetch) — a guest's upload needs none: its address holds the upload's key. `errorFileDownloadUrl` /
`stockErrorFileDownloadUrl` are short-lived signed links (portal.downloads) that a browser opens without the token.
"""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from portal import downloads
from pricing.models import BulkUpload

# What an upload's links open: kind → the download view's URL name (pricing/urls.py).
VIEWS = {"errors": "pricing:bulk-upload-error-file", "stock_errors": "pricing:bulk-upload-stock-error-file"}


def file_url(request: HttpRequest, upload: BulkUpload, *, kind: str) -> str:
    return request.build_absolute_uri(reverse(VIEWS[kind], args=[upload.key]))


def signed_file_url(request: HttpRequest, upload: BulkUpload, *, kind: str) -> str:
    # The signature names the upload's id (not its key): a link signed for one upload opens nothing else.
    token = downloads.download_token(view=VIEWS[kind], pk=upload.pk)
    return f"{file_url(request, upload, kind=kind)}?token={token}"


def download_token_valid(token: str | None, upload: BulkUpload, *, kind: str) -> bool:
    return downloads.download_token_valid(token, view=VIEWS[kind], pk=upload.pk)
