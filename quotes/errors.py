"""Error codes of the quotes app: the `code` of the ValidationErrors and refusals it raises, which the API
passes on as `extensions.code` (ARCHITECTURE §5), and the exact texts of business §8."""

from django.core.exceptions import ValidationError
from django.db import models

from portal.errors import Refused, api_codes_declare


class QuoteErrorCode(models.TextChoices):
    # Enablement (shell §4) and rights.
    QUOTES_DISABLED = "QUOTES_DISABLED", "Quotes are not available for this account."
    NOT_QUOTABLE = "NOT_QUOTABLE", "This product can not be added to a quote."
    # Adding to the draft (business §5, §8).
    NO_SKU = "NO_SKU", "Can not add products without SKU."
    NO_PRODUCTS = "NO_PRODUCTS", "No products being added."
    NO_CART_PRODUCTS = "NO_CART_PRODUCTS", "No products in Cart."
    QUANTITY_OUT_OF_RANGE = "QUOTE_QUANTITY_OUT_OF_RANGE", "The quantity of each product in Quote is 1-1000000."
    PRICE_ERROR = "PRICE_ERROR", "Price error"
    TOO_MANY_LINES = "QUOTE_TOO_MANY_LINES", "A quote holds at most 200 different products."
    # Files (business §5 drop zone).
    TOO_MANY_FILES = "QUOTE_TOO_MANY_FILES", "Maximum allowed number of files exceeded."
    FILE_REJECTED = "QUOTE_FILE_REJECTED", "The file type is not supported or the file is too big."
    # Submission and after.
    DRAFT_EMPTY = "QUOTE_DRAFT_EMPTY", "Add at least one product to the quote."
    QUOTE_NOT_OPEN = "QUOTE_NOT_OPEN", "This quote is no longer open."
    QUOTE_EXPIRED = "QUOTE_EXPIRED", "This quote has expired."
    QUOTE_NOT_PRICED = "QUOTE_NOT_PRICED", "The supplier has not priced this quote yet."
    QUOTE_STOCK_PROBLEM = "QUOTE_STOCK_PROBLEM", "Some products of this quote can not be ordered now."
    CART_MISMATCH = "QUOTE_CART_MISMATCH", "The cart no longer matches the quote."
    TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS", "Too many requests. Please wait a while and try again."


# The exact texts of business §8 (toasts) and §5.
NO_SKU_MESSAGE = QuoteErrorCode.NO_SKU.label
NO_PRODUCTS_MESSAGE = QuoteErrorCode.NO_PRODUCTS.label
NO_CART_PRODUCTS_MESSAGE = QuoteErrorCode.NO_CART_PRODUCTS.label
ADDED_MESSAGE = "Product was added to your quote."
QUANTITY_MESSAGE = QuoteErrorCode.QUANTITY_OUT_OF_RANGE.label
PRICE_ERROR_MESSAGE = QuoteErrorCode.PRICE_ERROR.label
TOO_MANY_FILES_MESSAGE = "Maximum allowed number of files exceeded. Only {n} allowed"
FILE_ADDED_MESSAGE = "File {name} successfully added."
FILE_REMOVED_MESSAGE = "File {name} removed."
FILE_REJECTED_MESSAGE = "File {name} was rejected. File type not supported. File is too big. Size limit is {size}."

# Codes passed on to the API as they are (the others become VALIDATION_ERROR / PERMISSION_DENIED).
api_codes_declare(QuoteErrorCode)


class QuoteRefused(Refused):
    """The caller may not do this: `code` is QUOTES_DISABLED, NOT_QUOTABLE, TOO_MANY_REQUESTS or PERMISSION_DENIED."""

    def __init__(self, message: str = "", *, code: str = "PERMISSION_DENIED"):
        super().__init__(message or QuoteErrorCode.QUOTES_DISABLED.label, code=str(code))


def field_error(field_name: str, message: str, code: str) -> ValidationError:
    """One field's error with its code: `extensions.fields` and `extensions.fieldCodes` of the API."""
    return ValidationError({field_name: [ValidationError(message, code=code)]})
