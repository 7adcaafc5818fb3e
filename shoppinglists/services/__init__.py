"""Writes of the shopping lists app (HackSoft services), one module per concern: what is added (resolve), lists and
their items (lists) and the approval workflow (approval). "Add selected to cart" is the storefront's
(storefront.shopping_list_cart: it owns the cart). Every public name is re-exported here; patch a name where it is
used (`shoppinglists.services.lists.x`), not here."""

from shoppinglists.services.approval import (
    APPROVED_ACTION,
    REJECTED_ACTION,
    shopping_list_approve,
    shopping_list_reject,
    shopping_list_submit,
)
from shoppinglists.services.common import lists_enabled_check
from shoppinglists.services.lists import (
    MAX_ITEMS_PER_CALL,
    MAX_ITEMS_PER_LIST,
    MAX_LISTS_PER_OWNER,
    ItemsResult,
    shopping_list_create,
    shopping_list_delete,
    shopping_list_duplicate,
    shopping_list_item_update,
    shopping_list_items_add,
    shopping_list_items_delete,
    shopping_list_staff_rename,
    shopping_list_update,
)
from shoppinglists.services.resolve import MAX_OPTIONS_PER_ITEM, ItemRequest, ResolvedItem, resolve_items

__all__ = [
    "APPROVED_ACTION",
    "REJECTED_ACTION",
    "shopping_list_submit",
    "shopping_list_approve",
    "shopping_list_reject",
    "lists_enabled_check",
    "MAX_ITEMS_PER_CALL",
    "MAX_ITEMS_PER_LIST",
    "MAX_LISTS_PER_OWNER",
    "ItemsResult",
    "shopping_list_create",
    "shopping_list_update",
    "shopping_list_duplicate",
    "shopping_list_delete",
    "shopping_list_items_add",
    "shopping_list_item_update",
    "shopping_list_items_delete",
    "shopping_list_staff_rename",
    "MAX_OPTIONS_PER_ITEM",
    "ItemRequest",
    "ResolvedItem",
    "resolve_items",
]
