"""Error codes of the catalog and pricing app (the `code` of the ValidationErrors it raises, and API codes)."""

from django.db import models


class PricingErrorCode(models.TextChoices):
    # API error codes (`extensions.code`).
    PRICES_HIDDEN = "PRICES_HIDDEN", "Prices are hidden until the company account is approved."
    # ValidationError codes.
    UNKNOWN_CURRENCY = "unknown_currency", "The currency is not one of the store's currencies."
    UNKNOWN_PRODUCT = "unknown_product", "The product does not exist."
    UNKNOWN_VARIANT = "unknown_variant", "The variant does not belong to the product."
    UNKNOWN_OPTION = "unknown_option", "The option does not belong to the product."
    INVALID_OPTION_VALUE = "invalid_option_value", "The option value is not valid."
    REQUIRED_OPTIONS_MISSING = "required_options_missing", "Required options are missing."
    INVALID_QUANTITY = "invalid_quantity", "The quantity is not valid."
    QUOTE_QUANTITY_EXCEEDED = "quote_quantity_exceeded", "The quote line quantity is not valid."
    NOT_AVAILABLE = "not_available", "The product is not available for purchase."
    OUT_OF_STOCK = "out_of_stock", "The product is out of stock."
    INSUFFICIENT_STOCK = "insufficient_stock", "Not enough stock for the quantity."


# shell §8 pending-account tips: "products, pricing and ordering will be enabled after approval" (the wording for
# the block_pending_account_seeing_products_pricing switch), led by the cart tip's first sentence.
PRICES_HIDDEN_MESSAGE = (
    "Your account is pending approval. Products, pricing and ordering will be enabled after approval"
)
