from __future__ import annotations

import strawberry

from storefront.graphql.cart import cart_for_actor, cart_payload
from storefront.graphql.types import CartType


@strawberry.type
class Query:
    @strawberry.field(
        description=(
            "A cart by its id (shell §7). Guests reach carts that belong to nobody; a signed-in user only their own."
        )
    )
    def cart(self, info: strawberry.Info, entity_id: str) -> CartType | None:
        cart = cart_for_actor(info.context.actor, entity_id)
        return cart_payload(cart, info.context.actor) if cart else None
