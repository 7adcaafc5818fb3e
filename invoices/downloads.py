"""Short-lived signed links to an invoice's PDF and to an invoice export's CSV file (portal.downloads). The API hands
one out after its own access check (`invoicePdf`, the older list's `PDF.url`, `invoicesExport`); the link opens the
file without the bearer token for a few minutes — a browser cannot send the token when it follows a link."""

from __future__ import annotations

from django.http import HttpRequest
from django.urls import reverse

from invoices.models import Invoice, InvoiceExport
from portal import downloads
from portal.downloads import DOWNLOAD_MAX_AGE

__all__ = ["DOWNLOAD_MAX_AGE", "export_token_valid", "pdf_token_valid", "signed_export_url", "signed_pdf_url"]

PDF_VIEW = "invoices:pdf-download"
EXPORT_VIEW = "invoices:export-download"


def signed_pdf_url(request: HttpRequest, invoice: Invoice | int) -> str:
    pk = invoice if isinstance(invoice, int) else invoice.pk
    return downloads.signed_download_url(request, view=PDF_VIEW, pk=pk)


def pdf_token_valid(token: str | None, pk: int) -> bool:
    return downloads.download_token_valid(token, view=PDF_VIEW, pk=pk)


def export_url(request: HttpRequest, export: InvoiceExport) -> str:
    return request.build_absolute_uri(reverse(EXPORT_VIEW, args=[export.key]))


def signed_export_url(request: HttpRequest, export: InvoiceExport) -> str:
    # The signature names the export's id (not its key): a link signed for one export opens nothing else.
    return f"{export_url(request, export)}?token={downloads.download_token(view=EXPORT_VIEW, pk=export.pk)}"


def export_token_valid(token: str | None, export: InvoiceExport) -> bool:
    return downloads.download_token_valid(token, view=EXPORT_VIEW, pk=export.pk)
