"""Error codes of the bulk upload and quick order (issue 19): the API codes of the refusals (passed on as
`extensions.code`), the row codes of the upload result's `errorProduct` (`errorCode`, which the overlay translates)
and the exact texts of business §5 and §8."""

from django.db import models

from portal.errors import Refused, api_codes_declare


class BulkOrderErrorCode(models.TextChoices):
    # business §5 / §8 upload errors, word for word (the two "Maximum file size 50MB" are the spec's one text; its
    # "follow it's structure" is a typo, issue 36 item 11).
    FILE_TOO_LARGE = "BULK_FILE_TOO_LARGE", "Maximum file size 50MB"
    TOO_MANY_FILES = "BULK_TOO_MANY_FILES", "Maximum file size 50MB"
    WRONG_FILE_TYPE = (
        "BULK_WRONG_FILE_TYPE",
        "Table structure is wrong. Please download sample and follow its structure.",
    )
    TEMPLATE_MISMATCH = "BULK_TEMPLATE_MISMATCH", "Please use the template file provided."
    # Ours.
    WRONG_ENCODING = (
        "BULK_WRONG_ENCODING",
        'The file is not in UTF-8 or UTF-16 text. In your spreadsheet, save it as "CSV UTF-8" and upload it again.',
    )
    UPLOAD_NOT_FOUND = "BULK_UPLOAD_NOT_FOUND", "Upload not found."
    QUICK_ORDER_DISABLED = "QUICK_ORDER_DISABLED", "Quick order is not available for this account."
    # issue 36 item 1: the worker checking a large file died (its progress stopped for JOB_STALE_SECONDS).
    INTERRUPTED = "BULK_UPLOAD_INTERRUPTED", "The check was interrupted — upload again."


FILE_TOO_LARGE_MESSAGE = BulkOrderErrorCode.FILE_TOO_LARGE.label
WRONG_FILE_TYPE_MESSAGE = BulkOrderErrorCode.WRONG_FILE_TYPE.label
WRONG_ENCODING_MESSAGE = BulkOrderErrorCode.WRONG_ENCODING.label
TEMPLATE_MISMATCH_MESSAGE = BulkOrderErrorCode.TEMPLATE_MISMATCH.label
UPLOAD_NOT_FOUND_MESSAGE = BulkOrderErrorCode.UPLOAD_NOT_FOUND.label

api_codes_declare(BulkOrderErrorCode)


# business §5 "Required options missing", and why a CSV row cannot help it.
_OPTIONS_MESSAGE = (
    "Please fill out product options first. This product has options to choose, which a CSV file cannot carry: add it "
    "from the product search."
)


class RowErrorCode(models.TextChoices):
    """Why a row of an upload (or a quick order pad row) cannot be used: `errorCode` beside the English `error`.
    The catalog's own codes (pricing.errors.PricingErrorCode) keep their values: invalid_quantity, not_available,
    required_options_missing, out_of_stock, insufficient_stock."""

    SKU_REQUIRED = "sku_required", "Enter a SKU."
    UNKNOWN_SKU = "unknown_sku", "This SKU is not in the catalog."
    SKU_TOO_LONG = "sku_too_long", "SKU too long: a catalog number has at most 64 characters."
    AMBIGUOUS_SKU = "ambiguous_sku", "This CAS number names several products or pack sizes: enter a catalog number."
    INVALID_QUANTITY = "invalid_quantity", "Enter a whole number from 1 to 1,000,000."
    NOT_AVAILABLE = "not_available", "This product is not available for purchase."
    REQUIRED_OPTIONS_MISSING = "required_options_missing", _OPTIONS_MESSAGE
    TOTAL_QUANTITY_EXCEEDED = "total_quantity_exceeded", "This product's quantities add up to more than 1,000,000."
    TOO_MANY_PRODUCTS = "too_many_products", "A file brings at most 1,000 different products: upload the rest apart."
    OUT_OF_STOCK = "out_of_stock", "This product is out of stock."
    INSUFFICIENT_STOCK = "insufficient_stock", "Not enough stock for the quantity."


class QuickOrderRefused(Refused):
    def __init__(self, message: str = BulkOrderErrorCode.QUICK_ORDER_DISABLED.label):
        super().__init__(message, code=BulkOrderErrorCode.QUICK_ORDER_DISABLED)
