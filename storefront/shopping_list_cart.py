"""Add selected to cart (issue 18): a shopping list's chosen products into the caller's own storefront cart, at
today's prices, each checked on its own by business §4's stock check: what can be bought is added, the rest is
reported with a code.

A conversion between two domains lives in the downstream app (STYLE, GraphQL): storefront owns the cart and its
purchase rule and sits right of shoppinglists (ARCHITECTURE §3), so it reads the list through shoppinglists'
selectors and permissions and adds through its own `cart_line_add`, as storefront.reorder does for an order. It
contributes its purchase rule to the lists' ShoppingList.canAddToCart from StorefrontConfig.ready()."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.selectors import Actor
from pricing.errors import PricingErrorCode
from pricing.line_items import stored_option_errors
from pricing.models import Availability
from pricing.options import stock_problem
from shoppinglists import permissions
from shoppinglists.errors import ShoppingListErrorCode, ShoppingListRefused, field_error
from shoppinglists.models import ShoppingListItem
from shoppinglists.selectors import CartTransfer, TransferCode, item_transferred, items_by_ids, list_get, list_items
from shoppinglists.services import MAX_ITEMS_PER_LIST, lists_enabled_check
from storefront import services
from storefront.permissions import purchase_refusal
from storefront.selectors import currency_for, own_cart

UNAVAILABLE_MESSAGE = "This product is no longer available."


def list_order_allowed(actor: Actor) -> bool:
    """The actor may put a list's products into their cart at all: they may buy (the list's own rule, approved or
    not, is shoppinglists.permissions.may_order)."""
    return purchase_refusal(actor) is None


def _stock_code(product, code: str) -> str:
    if code == PricingErrorCode.NOT_AVAILABLE:
        if product.availability == Availability.DISABLED:
            return TransferCode.PRODUCT_UNAVAILABLE
        return TransferCode.PURCHASE_DISABLED
    return TransferCode.OUT_OF_STOCK


def _refusal(item: ShoppingListItem) -> tuple[str, str] | None:
    """Why the item cannot go into the cart before trying (code, reason), or None."""
    product = item.product
    if not product.is_visible:
        return TransferCode.PRODUCT_UNAVAILABLE, UNAVAILABLE_MESSAGE
    errors = stored_option_errors(product, item.options)
    if errors:
        return TransferCode.OPTIONS_CHANGED, next(iter(errors.values()))[0]
    problem = stock_problem(product, item.variant, item.quantity)
    if problem is not None:
        return _stock_code(product, problem.code), problem.message
    return None


def _cart_refusal(item: ShoppingListItem, exc: ValidationError) -> tuple[str, str]:
    """The cart's own refusal (its line, merged with what the cart holds, fails the stock check or the quantity
    limit; or the cart is full)."""
    errors = exc.error_dict if hasattr(exc, "error_dict") else {"__all__": exc.error_list}
    for messages in errors.values():
        for error in messages:
            code = getattr(error.message, "code", None)  # a pricing.options.StockProblem keeps its code
            if code is not None:
                return _stock_code(item.product, code), str(error.message)
            return TransferCode.QUANTITY_LIMIT, str(error.message % (error.params or {}))
    return TransferCode.QUANTITY_LIMIT, "The cart cannot take this product."


def _chosen_items(shopping_list, item_ids: Sequence[int] | None) -> list[ShoppingListItem]:
    if not item_ids:
        return list(list_items(shopping_list=shopping_list))
    wanted = list(dict.fromkeys(item_ids))
    if len(wanted) > MAX_ITEMS_PER_LIST:
        raise field_error("itemIds", f"Choose at most {MAX_ITEMS_PER_LIST} products at a time.", "too_many")
    found = items_by_ids(shopping_list=shopping_list, item_ids=wanted)
    if len(found) != len(wanted):
        raise field_error("itemIds", "Some of these products are not on the list.", "unknown_item")
    return found


@transaction.atomic
def shopping_list_to_cart(*, actor: Actor, list_id: int, item_ids: Sequence[int] | None) -> CartTransfer:
    """Put the chosen items (all when none are named) into the caller's own storefront cart at today's prices.
    The list must be one the actor may see (get_shopping_list_detail); the actor needs purchase rights (purchase_enable,
    or a junior buyer while junior_place_order is on: PERMISSION_DENIED with the storefront's message); without
    purchase_enable only an approved list can be ordered from (SHOPPING_LIST_NOT_APPROVED). Each item is then tried on
    its own: gone or hidden, options no longer valid, not purchasable, out of stock, or past the cart's limits is
    reported, the rest is added."""
    lists_enabled_check(actor=actor)
    shopping_list = list_get(actor=actor, list_id=list_id, code=permissions.GET_SHOPPING_LIST_DETAIL)
    refusal = purchase_refusal(actor)
    if refusal:
        raise ShoppingListRefused(refusal)
    if not permissions.order_rights(actor=actor).may_order(actor, shopping_list):
        raise ShoppingListRefused(ShoppingListErrorCode.NOT_APPROVED.label, code=ShoppingListErrorCode.NOT_APPROVED)
    items = _chosen_items(shopping_list, item_ids)

    cart = own_cart(actor)
    created = cart is None
    if cart is None:
        cart = services.cart_create(actor=actor, currency_code=currency_for(None).code)
    transfer = CartTransfer(cart_entity_id=str(cart.pk))
    for item in items:
        refused = _refusal(item)
        if refused is None:
            try:
                services.cart_line_add(
                    cart=cart,
                    actor=actor,
                    product=item.product,
                    variant=item.variant,
                    quantity=item.quantity,
                    options=[tuple(pair) for pair in item.options],
                )
            except ValidationError as exc:
                refused = _cart_refusal(item, exc)
        if refused is None:
            transfer.added.append(item_transferred(item))
        else:
            transfer.not_added.append(item_transferred(item, *refused))
    if created and not transfer.added:
        services.cart_delete(cart=cart)
        transfer.cart_entity_id = None
    return transfer
