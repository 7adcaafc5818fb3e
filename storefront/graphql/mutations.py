from __future__ import annotations

import secrets
from typing import Annotated

import strawberry
from django.core import signing
from django.db import transaction
from django.urls import reverse

from invoices.services.payment import PAY_INVOICE, invoice_payment_refusal
from orders.graphql.transfer import ORDER_ID_ARGUMENT, ORDER_LINE_IDS_ARGUMENT, OrderLinesTransfer
from orders.selectors import order_for, order_lines_chosen
from portal.errors import InputError, NotFoundError, PermissionDeniedError, field_error
from portal.graphql.permissions import GuestOrValidToken, IsAuthenticated, requires
from portal.selectors import channel_get_or_none, store_current
from quotes.graphql.errors import api_errors
from quotes.graphql.types import QuoteCheckout, QuoteDraft, QuoteDraftPayload
from quotes.selectors import parse_quote_ref, quote_draft_view
from shoppinglists import permissions as list_permissions
from shoppinglists.graphql.mutations import NOT_FOUND, SCOPE, ListId, list_mutation
from shoppinglists.graphql.types import ShoppingListCartTransfer
from shoppinglists.services import MAX_ITEMS_PER_LIST
from storefront import services
from storefront.graphql.cart import add_line_items, cart_for_actor, cart_or_not_found, cart_payload
from storefront.graphql.invoice_payment import (
    INVOICE_CREATE_BC_CART_DESCRIPTION,
    InvoiceCreateBcCartResult,
    InvoicePaymentLineItemInput,
    invoice_create_bc_cart,
)
from storefront.graphql.types import (
    AddCartLineItemsInput,
    CartType,
    CheckoutLoginCartData,
    CheckoutLoginPayload,
    CheckoutLoginResult,
    CreateCartInput,
    DeleteCartInput,
    DeleteCartResult,
    StorefrontLoginToken,
)
from storefront.login_tokens import storefront_login_token_issue
from storefront.permissions import purchase_refusal
from storefront.reorder import order_lines_to_cart
from storefront.selectors import currency_for
from storefront.shopping_list_cart import shopping_list_to_cart

CHECKOUT_LOGIN_SALT = "storefront.checkout-login"


def checkout_login_url(request, *, cart, user) -> str:
    """A one-time link (five minutes) that signs `user` in to the storefront checkout with `cart` (also used by the
    quote checkout)."""
    token = signing.dumps(
        {"cart": str(cart.pk), "user": user.pk, "nonce": secrets.token_urlsafe(12)}, salt=CHECKOUT_LOGIN_SALT
    )
    return request.build_absolute_uri(reverse("storefront:checkout-login", args=[token]))


def _buyer(info: strawberry.Info):
    actor = info.context.actor
    refusal = purchase_refusal(actor)
    if refusal:
        raise PermissionDeniedError(refusal)
    return actor


@strawberry.type
class Mutation:
    # First in the class, so the merged schema keeps quoteCheckout where it stood when quotes declared it.
    @strawberry.mutation(
        permission_classes=[requires("checkout_with_quote")],
        description="Proceed to checkout with a quote (checkout_with_quote at its level): the quote must be open "
        "(QUOTE_NOT_OPEN), not expired (QUOTE_EXPIRED), priced (QUOTE_NOT_PRICED) and every line must pass the "
        "stock check (QUOTE_STOCK_PROBLEM with fields lines.<lineId>). Creates a cart with the quote's lines at the "
        "quoted prices and returns a one-time checkout link and the session-storage values of business §4.",
    )
    def quote_checkout(self, info: strawberry.Info, id: strawberry.ID) -> QuoteCheckout:
        actor = info.context.actor
        pk = parse_quote_ref(str(id))
        with api_errors():
            if pk is None:
                raise NotFoundError("Quote not found.")
            cart = services.cart_from_quote(actor=actor, quote_id=pk)
        quote = cart.quote
        assert quote is not None  # cart_from_quote's cart carries its quote
        channel = channel_get_or_none(channel_id=quote.channel_id, store=store_current())
        return QuoteCheckout(
            checkout_url=checkout_login_url(info.context.request, cart=cart, user=actor.user),
            cart_id=str(cart.pk),
            is_new_storefront=channel is None or channel.platform == "native",
            quote_checkout_id=str(quote.pk),
            quote_date=str(int(quote.created_at.timestamp())),
        )

    @strawberry.mutation(description="Create a cart with line items (shell §7). Guest-allowed; needs purchase rights.")
    def create_cart(self, info: strawberry.Info, create_cart_input: CreateCartInput) -> CartType:
        actor = _buyer(info)
        with transaction.atomic():
            cart = services.cart_create(actor=actor, currency_code=currency_for(None).code)
            add_line_items(cart, actor, create_cart_input.line_items)
        return cart_payload(cart, actor)

    @strawberry.mutation(description="Add line items to a cart. Guest-allowed for carts that belong to nobody.")
    def add_cart_line_items(self, info: strawberry.Info, add_cart_line_items_input: AddCartLineItemsInput) -> CartType:
        actor = _buyer(info)
        cart = cart_or_not_found(actor, add_cart_line_items_input.cart_entity_id)
        with transaction.atomic():
            add_line_items(cart, actor, add_cart_line_items_input.data.line_items)
        return cart_payload(cart, actor)

    @strawberry.mutation(description="Delete a cart. Guest-allowed for carts that belong to nobody.")
    def delete_cart(self, info: strawberry.Info, delete_cart_input: DeleteCartInput) -> DeleteCartResult:
        cart = cart_or_not_found(info.context.actor, delete_cart_input.cart_entity_id)
        services.cart_delete(cart=cart)
        return DeleteCartResult(deleted_cart_entity_id=delete_cart_input.cart_entity_id)

    @strawberry.mutation(permission_classes=[requires(PAY_INVOICE)], description=INVOICE_CREATE_BC_CART_DESCRIPTION)
    def invoice_create_bc_cart(
        self,
        info: strawberry.Info,
        line_items: Annotated[
            list[InvoicePaymentLineItemInput],
            strawberry.argument(description="The invoices and the amount to pay on each (at most 100)."),
        ],
        currency: Annotated[str, strawberry.argument(description="The invoices' currency code, e.g. USD.")],
    ) -> InvoiceCreateBcCartResult:
        return invoice_create_bc_cart(info, line_items, currency)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="A one-time link that signs the caller in to the storefront checkout with this cart (a cart that "
        "pays invoices: its invoice checkout; needs pay_invoice instead of the right to buy).",
    )
    def checkout_login(self, info: strawberry.Info, cart_data: CheckoutLoginCartData) -> CheckoutLoginPayload:
        actor = info.context.actor
        cart = cart_for_actor(actor, cart_data.cart_id)
        if cart is not None and cart.invoice_payment_id is not None:
            # Issue 20: paying invoices needs the Pay invoice code, not the right to buy; the link opens the invoice
            # checkout.
            refusal = invoice_payment_refusal(actor)
            if refusal:
                raise PermissionDeniedError(refusal)
        else:
            actor = _buyer(info)
            cart = cart_or_not_found(actor, cart_data.cart_id)
        if cart.user_id is None:
            cart.user = actor.user
            cart.save(update_fields=["user"])
        url = checkout_login_url(info.context.request, cart=cart, user=actor.user)
        return CheckoutLoginPayload(result=CheckoutLoginResult(redirect_url=url))

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="A one-time token that signs the caller in to the storefront (shell §7 GET "
        "{store}/login/token/{token}, fire and forget; issue 22): valid two minutes, for one use, and void once the "
        "caller signs out everywhere.",
    )
    def storefront_login_token(self, info: strawberry.Info) -> StorefrontLoginToken:
        return StorefrontLoginToken(token=storefront_login_token_issue(user=info.context.actor.user))

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="Add All to Quote (business §4): every line of the cart — its variant, its options as chosen "
        "(multiple choice and text, business §3 'Cart') and its quantity — into the caller's quote draft, which "
        "remembers the cart; the draft then prices each line as the cart does. The cart must be one the caller may "
        "use (NOT_FOUND otherwise, as for `cart`); the cart is not changed. Rules and errors as quoteDraftAddLines "
        "with source CART_PAGE (an empty cart is NO_CART_PRODUCTS 'No products in Cart.'); nothing is added when "
        "any line fails. Guest-allowed (a guest gets its draftKey back).",
    )
    def quote_draft_add_cart(
        self,
        info: strawberry.Info,
        cart_id: str,
        draft_key: Annotated[
            str | None,
            strawberry.argument(description="A guest's draft key (from an earlier answer); ignored when signed in."),
        ] = None,
        channel_id: int = 1,
    ) -> QuoteDraftPayload:
        actor = info.context.actor
        cart = cart_or_not_found(actor, cart_id)
        with api_errors():
            result = services.cart_to_quote_draft(actor=actor, cart=cart, draft_key=draft_key, channel_id=channel_id)
        view = quote_draft_view(draft=result.draft, actor=actor)
        return QuoteDraftPayload(message=result.message, draft=QuoteDraft(view=view, key=result.draft_key))


@strawberry.type
class OrderReorderMutation:
    """The order page's Reorder (issue 17). Its own type, merged in portal/schema.py where the orders' fields stand,
    so the schema keeps it beside orderAddToQuote."""

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Reorder: the order's lines (or the ones named) into the caller's storefront cart at today's "
        "prices, each line on its own — a line whose product is gone, hidden, not for sale, out of stock (business §4 "
        "stock check) or whose options are no longer offered is reported in notAdded with its code, and the others "
        "are added. Needs order(id)'s access (else NOT_FOUND, or PERMISSION_DENIED without get_order_detail) and the "
        "right to buy (purchase_enable; PERMISSION_DENIED otherwise).",
    )
    def order_reorder(
        self,
        info: strawberry.Info,
        id: Annotated[strawberry.ID, ORDER_ID_ARGUMENT],
        line_ids: Annotated[list[strawberry.ID] | None, ORDER_LINE_IDS_ARGUMENT] = None,
    ) -> OrderLinesTransfer:
        actor = info.context.actor
        order = order_for(actor, str(id))
        lines = order_lines_chosen(order, line_ids)
        cart, outcomes = order_lines_to_cart(actor=actor, lines=lines)
        return OrderLinesTransfer.of(outcomes, cart_entity_id=str(cart.pk) if cart is not None else None)


# --- Add selected to cart of a shopping list (issue 18) ---------------------------------------------------------


def shopping_list_add_to_cart(
    info: strawberry.Info,
    id: ListId,
    item_ids: Annotated[
        list[int] | None,
        strawberry.argument(description="The chosen items (at most 500); null or empty: every item of the list."),
    ] = None,
) -> ShoppingListCartTransfer:
    if item_ids is not None and len(item_ids) > MAX_ITEMS_PER_LIST:
        raise InputError(
            fields=field_error(
                "itemIds", f"Choose at most {MAX_ITEMS_PER_LIST} products at a time.", code="too_many_items"
            )
        )
    transfer = shopping_list_to_cart(actor=info.context.actor, list_id=id, item_ids=item_ids)
    return ShoppingListCartTransfer.of(transfer)


LIST_TO_CART_DESCRIPTION = (
    "Add selected to cart: the chosen products into the caller's own storefront cart at today's "
    f"prices (get_shopping_list_detail{SCOPE}). Needs purchase rights (purchase_enable, or a junior buyer while "
    "junior_place_order is on; PERMISSION_DENIED with the storefront's message), and without purchase_enable an "
    "approved list (SHOPPING_LIST_NOT_APPROVED). Each product passes business §4's stock check on its own: what "
    f"passes is added, the rest is in notAdded with its code.{NOT_FOUND}"
)


@strawberry.type
class ShoppingListAddToCartMutation:
    """A company list's Add selected to cart. Its own type, merged in portal/schema.py after the company's list
    operations, where the schema has always had it."""

    shopping_list_add_to_cart = list_mutation(
        LIST_TO_CART_DESCRIPTION, shopping_list_add_to_cart, list_permissions.GET_SHOPPING_LIST_DETAIL, "company"
    )


@strawberry.type
class CustomerShoppingListAddToCartMutation:
    """An individual customer's list's Add selected to cart, merged after the customer's list operations."""

    customer_shopping_list_add_to_cart = list_mutation(
        LIST_TO_CART_DESCRIPTION, shopping_list_add_to_cart, list_permissions.GET_SHOPPING_LIST_DETAIL, "customer"
    )
