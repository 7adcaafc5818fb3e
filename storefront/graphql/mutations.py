from __future__ import annotations

import secrets
from typing import Annotated

import strawberry
from django.core import signing
from django.db import transaction
from django.urls import reverse

from portal.errors import NotFoundError, PermissionDeniedError
from portal.graphql.permissions import GuestOrValidToken, IsAuthenticated, requires
from portal.selectors import channel_get_or_none, store_current
from quotes.graphql.errors import api_errors
from quotes.graphql.types import QuoteCheckout, QuoteDraft, QuoteDraftPayload
from quotes.selectors import parse_quote_ref, quote_draft_view
from storefront import services
from storefront.graphql.cart import add_line_items, cart_or_not_found, cart_payload
from storefront.graphql.types import (
    AddCartLineItemsInput,
    CartType,
    CheckoutLoginCartData,
    CheckoutLoginPayload,
    CheckoutLoginResult,
    CreateCartInput,
    DeleteCartInput,
    DeleteCartResult,
)
from storefront.permissions import purchase_refusal
from storefront.selectors import currency_for

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

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="A one-time link that signs the caller in to the storefront checkout with this cart.",
    )
    def checkout_login(self, info: strawberry.Info, cart_data: CheckoutLoginCartData) -> CheckoutLoginPayload:
        actor = _buyer(info)
        cart = cart_or_not_found(actor, cart_data.cart_id)
        if cart.user_id is None:
            cart.user = actor.user
            cart.save(update_fields=["user"])
        url = checkout_login_url(info.context.request, cart=cart, user=actor.user)
        return CheckoutLoginPayload(result=CheckoutLoginResult(redirect_url=url))

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
