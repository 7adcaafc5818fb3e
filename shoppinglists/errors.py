"""Error codes of the shopping lists app: the `code` of the ValidationErrors and refusals it raises, which the API
passes on as `extensions.code` (ARCHITECTURE §5), and the exact texts of business §8."""

from django.core.exceptions import ValidationError
from django.db import models

from portal.errors import Refused, api_codes_declare


class ShoppingListErrorCode(models.TextChoices):
    # Enablement (shell §4: the store's feature and the guest / individual / B2B flags).
    SHOPPING_LISTS_DISABLED = "SHOPPING_LISTS_DISABLED", "Shopping lists are not available for this account."
    # Adding and changing items (business §5, §8).
    NO_SKU = "NO_SKU", "Can not add products without SKU."
    NO_PRODUCTS = "NO_PRODUCTS", "No products being added."
    QUANTITY_OUT_OF_RANGE = (
        "SHOPPING_LIST_QUANTITY_OUT_OF_RANGE",
        "The quantity of each product in a shopping list is 1-1000000.",
    )
    TOO_MANY_ITEMS = "SHOPPING_LIST_TOO_MANY_ITEMS", "A shopping list holds at most 500 different products."
    TOO_MANY_LISTS = "SHOPPING_LIST_TOO_MANY_LISTS", "You have too many shopping lists. Delete some first."
    # The approval workflow (ARCHITECTURE §8).
    NOT_SUBMITTABLE = "SHOPPING_LIST_NOT_SUBMITTABLE", "Only a draft or rejected list can be submitted for approval."
    EMPTY = "SHOPPING_LIST_EMPTY", "Add at least one product to the list first."
    NOT_AWAITING_APPROVAL = "SHOPPING_LIST_NOT_AWAITING_APPROVAL", "This list is not waiting for approval."
    NOT_APPROVED = "SHOPPING_LIST_NOT_APPROVED", "This list must be approved before you can order from it."


# business §8: the success toast after adding (the overlay adds its "view list" link).
ADDED_MESSAGE = "Products were added to your shopping list"
NO_SKU_MESSAGE = ShoppingListErrorCode.NO_SKU.label
NO_PRODUCTS_MESSAGE = ShoppingListErrorCode.NO_PRODUCTS.label
QUANTITY_MESSAGE = ShoppingListErrorCode.QUANTITY_OUT_OF_RANGE.label
NOT_FOUND_MESSAGE = "Shopping list not found."

api_codes_declare(ShoppingListErrorCode)


class ShoppingListRefused(Refused):
    """The caller may not do this: `code` is one of ShoppingListErrorCode's refusals or PERMISSION_DENIED."""

    def __init__(self, message: str = "", *, code: str = "PERMISSION_DENIED"):
        super().__init__(message, code=str(code))


def field_error(field_name: str, message: str, code: str) -> ValidationError:
    """One field's error with its code: `extensions.fields` and `extensions.fieldCodes` of the API."""
    return ValidationError({field_name: [ValidationError(message, code=str(code))]})
