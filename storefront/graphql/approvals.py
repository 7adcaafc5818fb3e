"""Change and resubmit a purchase request (issue 41): its lines into the buyer's storefront cart at today's prices. It
lives in storefront, which owns the cart (ARCHITECTURE §3: approvals sits left of it), and is merged in
portal/schema.py beside the approvals' own operations."""

from __future__ import annotations

from typing import Annotated

import strawberry

from portal.graphql.permissions import IsAuthenticated
from storefront.graphql.mutations import checkout_login_url
from storefront.reorder import purchase_request_to_cart


@strawberry.type(description="What purchaseRequestResubmit put into the cart, and the way to its checkout.")
class PurchaseRequestResubmitResult:
    cart_id: str = strawberry.field(
        description="The caller's storefront cart the lines went into; '' when none could go in and they have none."
    )
    checkout_url: str = strawberry.field(
        description="A one-time link (five minutes) that opens the storefront checkout with that cart; '' when "
        "there is no cart."
    )
    added_count: int = strawberry.field(description="How many of the request's lines were added.")
    not_added: list[str] = strawberry.field(
        description="The SKUs of the lines that could not be added (no longer sold, out of stock, options changed)."
    )


@strawberry.type
class PurchaseRequestResubmitMutation:
    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Change and resubmit: the lines of the caller's own rejected, withdrawn or expired purchase "
        "request into their storefront cart at today's prices, each line on its own as orderReorder does (a line "
        "that cannot be bought any more is in notAdded); the next checkout submits the order again. NOT_FOUND for "
        "another's request; PERMISSION_DENIED for one pending or placed, or when the caller may not buy "
        "(purchase_enable).",
    )
    def purchase_request_resubmit(
        self, info: strawberry.Info, id: Annotated[int, strawberry.argument(description="The request's id.")]
    ) -> PurchaseRequestResubmitResult:
        actor = info.context.actor
        cart, outcomes = purchase_request_to_cart(actor=actor, request_id=id)
        return PurchaseRequestResubmitResult(
            cart_id=str(cart.pk) if cart is not None else "",
            checkout_url=checkout_login_url(info.context.request, cart=cart, user=actor.user) if cart else "",
            added_count=sum(1 for outcome in outcomes if outcome.code is None),
            not_added=[outcome.line.sku for outcome in outcomes if outcome.code is not None],
        )
