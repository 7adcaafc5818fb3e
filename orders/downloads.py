"""Short-lived signed links to an order's PDF, a shipped lot's certificate and a bought product's safety data sheet
(portal.downloads). The API hands one out to a caller who may see the order (get_order_detail); the link opens the
file without the bearer token, for a few minutes."""

from __future__ import annotations

from django.http import HttpRequest

from portal import downloads
from portal.downloads import DOWNLOAD_MAX_AGE

__all__ = ["DOWNLOAD_MAX_AGE", "download_token_valid", "signed_download_url"]

# What an order's links open: kind → the download view's URL name (orders/urls.py). The id is the order's number for
# "pdf", the shipment line's id for "certificate", the order line's id for "safety_data_sheet".
_VIEWS = {
    "pdf": "orders:pdf-download",
    "certificate": "orders:certificate-download",
    "safety_data_sheet": "orders:safety-data-sheet-download",
}


def signed_download_url(request: HttpRequest, *, kind: str, pk: int) -> str:
    return downloads.signed_download_url(request, view=_VIEWS[kind], pk=pk)


def download_token_valid(token: str | None, *, kind: str, pk: int) -> bool:
    return downloads.download_token_valid(token, view=_VIEWS[kind], pk=pk)
