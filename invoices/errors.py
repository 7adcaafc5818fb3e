"""Error codes of the invoices app: the `code` of the errors it raises, which the API passes on as `extensions.code`
(ARCHITECTURE §5), and the exact texts of business §5 and §8."""

from django.db import models

from portal.errors import api_codes_declare


class InvoiceErrorCode(models.TextChoices):
    # business §8: an invoice without a PDF (the overlay shows its translated invoice.pdfUrlResolutionError).
    PDF_URL_RESOLUTION_ERROR = "PDF_URL_RESOLUTION_ERROR", "pdf url resolution error"
    # Issuing and recording invoices (staff, Django admin).
    ORDER_NOT_INVOICEABLE = "ORDER_NOT_INVOICEABLE", "This order can not be invoiced."
    NOTHING_TO_INVOICE = "NOTHING_TO_INVOICE", "Every line of this order is invoiced already."
    NUMBER_TAKEN = "INVOICE_NUMBER_TAKEN", "An invoice with this number exists already."
    # The CSV export.
    EXPORT_NOT_READY = "INVOICE_EXPORT_NOT_READY", "The export is still being written. Try again in a moment."
    # issue 36 item 1: the worker writing it died (no heartbeat for JOB_STALE_SECONDS).
    EXPORT_INTERRUPTED = "INVOICE_EXPORT_INTERRUPTED", "The export was interrupted — export again."


# business §5: the invoice list (like every sorted list, shell §5) needs an orderBy.
ORDER_BY_REQUIRED_MESSAGE = "Invalid query: orderBy property is required"
INVOICE_NOT_FOUND_MESSAGE = "Invoice not found."
RECEIPT_NOT_FOUND_MESSAGE = "Receipt not found."
EXPORT_NOT_FOUND_MESSAGE = "Export not found."
PDF_URL_RESOLUTION_MESSAGE = InvoiceErrorCode.PDF_URL_RESOLUTION_ERROR.label

api_codes_declare(InvoiceErrorCode)
