"""Permission codes and levels (shell §6) and the default grants of each role.

A permission is a code with a level: 1 lets the holder act on their own records, 2 on the whole company's
(`/company-orders` needs get_orders above 1). A company user's permissions come from their role's template
(editable in Django admin); an individual (B2C) customer has the fixed INDIVIDUAL_PERMISSIONS.
"""

from django.db import models


class Level(models.IntegerChoices):
    OWN = 1, "Own records"
    COMPANY = 2, "Whole company"


class Code(models.TextChoices):
    # Users
    GET_USERS = "get_users", "View users"
    GET_USER_DETAIL = "get_user_detail", "View a user"
    CREATE_USER = "create_user", "Create users"
    UPDATE_USER = "update_user", "Update users"
    DELETE_USER = "delete_user", "Delete users"
    # Shopping lists
    GET_SHOPPING_LISTS = "get_shopping_lists", "View shopping lists"
    GET_SHOPPING_LIST_DETAIL = "get_shopping_list_detail", "View a shopping list"
    CREATE_SHOPPING_LIST = "create_shopping_list", "Create shopping lists"
    DUPLICATE_SHOPPING_LIST = "duplicate_shopping_list", "Duplicate shopping lists"
    UPDATE_SHOPPING_LIST = "update_shopping_list", "Update shopping lists"
    DELETE_SHOPPING_LIST = "delete_shopping_list", "Delete shopping lists"
    CREATE_SHOPPING_LIST_ITEM = "create_shopping_list_item", "Add items to shopping lists"
    UPDATE_SHOPPING_LIST_ITEM = "update_shopping_list_item", "Update shopping list items"
    DELETE_SHOPPING_LIST_ITEM = "delete_shopping_list_item", "Remove shopping list items"
    SUBMIT_SHOPPING_LIST_FOR_APPROVAL = "submit_shopping_list_for_approval", "Submit draft lists for approval"
    APPROVE_DRAFT_SHOPPING_LIST = "approve_draft_shopping_list", "Approve or reject draft lists"
    # Addresses
    GET_ADDRESSES = "get_addresses", "View addresses"
    GET_ADDRESS_DETAIL = "get_address_detail", "View an address"
    GET_DEFAULT_SHIPPING = "get_default_shipping", "View the default shipping address"
    GET_DEFAULT_BILLING = "get_default_billing", "View the default billing address"
    CREATE_ADDRESS = "create_address", "Create addresses"
    UPDATE_ADDRESS = "update_address", "Update addresses"
    DELETE_ADDRESS = "delete_address", "Delete addresses"
    # Quotes
    GET_QUOTES = "get_quotes", "View quotes"
    GET_QUOTE_DETAIL = "get_quote_detail", "View a quote"
    GET_QUOTE_PDF = "get_quote_pdf", "Download quote PDFs"
    CREATE_QUOTE = "create_quote", "Request quotes"
    UPDATE_QUOTE_MESSAGE = "update_quote_message", "Message the supplier on a quote"
    CHECKOUT_WITH_QUOTE = "checkout_with_quote", "Order from a quote"
    # Orders
    GET_ORDERS = "get_orders", "View orders"
    GET_ORDER_DETAIL = "get_order_detail", "View an order"
    # Invoices
    GET_INVOICES = "get_invoices", "View invoices"
    GET_INVOICE_DETAIL = "get_invoice_detail", "View an invoice"
    GET_INVOICE_PDF = "get_invoice_pdf", "Download invoice PDFs"
    EXPORT_INVOICES = "export_invoices", "Export invoices"
    GET_INVOICE_PAYMENTS_HISTORY = "get_invoice_payments_history", "View invoice payments"
    PAY_INVOICE = "pay_invoice", "Pay invoices"
    # Purchase
    PURCHASE_ENABLE = "purchase_enable", "Place orders (cart and checkout)"
    # Budgets and approval rules (issue 41): level 2, of the unit worked in and the units below it.
    MANAGE_APPROVALS = "manage_approvals", "Manage budgets and approval rules"


# shell §6 groups: holding a group means holding every code in it.
GROUPS: dict[str, tuple[Code, ...]] = {
    "get_users": (Code.GET_USERS, Code.GET_USER_DETAIL),
    "user_actions": (Code.CREATE_USER, Code.UPDATE_USER, Code.DELETE_USER),
    "shopping_list_view": (Code.GET_SHOPPING_LISTS, Code.GET_SHOPPING_LIST_DETAIL),
    "shopping_list_actions": (
        Code.CREATE_SHOPPING_LIST, Code.DUPLICATE_SHOPPING_LIST, Code.UPDATE_SHOPPING_LIST,
        Code.DELETE_SHOPPING_LIST, Code.CREATE_SHOPPING_LIST_ITEM, Code.UPDATE_SHOPPING_LIST_ITEM,
        Code.DELETE_SHOPPING_LIST_ITEM,
    ),
    "submit_for_approval": (Code.SUBMIT_SHOPPING_LIST_FOR_APPROVAL,),
    "approve_draft_list": (Code.APPROVE_DRAFT_SHOPPING_LIST,),
    "address_view": (Code.GET_ADDRESSES, Code.GET_ADDRESS_DETAIL, Code.GET_DEFAULT_SHIPPING, Code.GET_DEFAULT_BILLING),
    "address_actions": (Code.CREATE_ADDRESS, Code.UPDATE_ADDRESS, Code.DELETE_ADDRESS),
    "quote_view": (Code.GET_QUOTES, Code.GET_QUOTE_DETAIL, Code.GET_QUOTE_PDF),
    "quote_actions": (Code.CREATE_QUOTE, Code.UPDATE_QUOTE_MESSAGE),
    "quote_checkout": (Code.CHECKOUT_WITH_QUOTE,),
    "orders_view": (Code.GET_ORDERS, Code.GET_ORDER_DETAIL),
    "invoices_view": (
        Code.GET_INVOICES, Code.GET_INVOICE_DETAIL, Code.GET_INVOICE_PDF, Code.EXPORT_INVOICES,
        Code.GET_INVOICE_PAYMENTS_HISTORY,
    ),
    "pay_invoice": (Code.PAY_INVOICE,),
    "purchase": (Code.PURCHASE_ENABLE,),
    "approvals": (Code.MANAGE_APPROVALS,),
}  # fmt: skip

_ALL = tuple(Code)
# Issue 41: budgets and approval rules are the admins' (a senior buyer orders against them; they do not set them).
_SENIOR_EXCLUDED = {Code.CREATE_USER, Code.UPDATE_USER, Code.DELETE_USER, Code.MANAGE_APPROVALS}
_JUNIOR_OWN = (
    *GROUPS["shopping_list_view"], *GROUPS["shopping_list_actions"], *GROUPS["submit_for_approval"],
    *GROUPS["quote_view"], *GROUPS["quote_actions"],
)  # fmt: skip
# shell §2 lists the junior buyer (2) for /orderDetail/{id} though not for /orders: the orders they placed (under
# junior_place_order) open at level 1, never a colleague's; no order list, invoices or purchasing.
_JUNIOR_OWN_ORDERS = (Code.GET_ORDER_DETAIL,)
_JUNIOR_COMPANY = GROUPS["address_view"]

# The grants of the built-in role templates (a data migration creates them; staff may edit them afterwards).
DEFAULT_ROLE_GRANTS: dict[int, dict[str, int]] = {
    0: dict.fromkeys(_ALL, Level.COMPANY),
    1: {code: Level.COMPANY for code in _ALL if code not in _SENIOR_EXCLUDED},
    2: {
        **dict.fromkeys(_JUNIOR_OWN, Level.OWN),
        **dict.fromkeys(_JUNIOR_OWN_ORDERS, Level.OWN),
        **dict.fromkeys(_JUNIOR_COMPANY, Level.COMPANY),
    },
}

# An individual (B2C) customer acts on their own records: lists, addresses, quotes, orders, purchasing.
_INDIVIDUAL_GROUPS = (
    "shopping_list_view",
    "shopping_list_actions",
    "address_view",
    "address_actions",
    "quote_view",
    "quote_actions",
    "quote_checkout",
    "orders_view",
    "purchase",
)
INDIVIDUAL_PERMISSIONS: dict[str, int] = {code: Level.OWN for group in _INDIVIDUAL_GROUPS for code in GROUPS[group]}
