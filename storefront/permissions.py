"""Who may buy (shell §1, §6): purchase_enable, the junior place-order switch, the pending-account block."""

from __future__ import annotations

from accounts.models import CompanyStatus
from accounts.permissions import Code
from accounts.selectors import GUEST, Actor, actor_for_user
from portal.selectors import storefront_switch_on

PENDING_ORDER_MESSAGE = "Your account is pending approval. Ordering will be enabled after account approval"
NO_PURCHASE_MESSAGE = "Your account cannot place orders. Ask your company admin or a senior buyer to order for you."


def storefront_actor(request) -> Actor:
    return actor_for_user(request.user) if request.user.is_authenticated else GUEST


def pending_order_blocked(actor: Actor) -> bool:
    """shell §1: a pending company's users may not order while block_pending_account_order_creation is on."""
    return (
        actor.company is not None
        and actor.company.status == CompanyStatus.PENDING
        and storefront_switch_on(key="block_pending_account_order_creation")
    )


def purchase_refusal(actor: Actor) -> str | None:
    """Why the actor may not add to the cart or check out, or None when they may. Guests may buy."""
    if actor.user is None:
        return None
    if pending_order_blocked(actor):
        return PENDING_ORDER_MESSAGE
    if may_buy(actor):
        return None
    return NO_PURCHASE_MESSAGE


def may_buy(actor: Actor) -> bool:
    """The actor holds purchase_enable, or is a junior buyer while the store lets juniors place orders
    (`junior_place_order`); the cart link and the cart page follow this (shell §6)."""
    if actor.can(Code.PURCHASE_ENABLE):
        return True
    return actor.role == 2 and storefront_switch_on(key="junior_place_order")
