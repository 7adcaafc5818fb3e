"""What a caller may do with an order beyond reading it (issue 17: the order page's Reorder and Add to quote).

The actions belong to the apps right of orders (ARCHITECTURE §3): storefront owns the cart, quotes the draft. orders
may not import them, so each contributes the check of its action from its AppConfig.ready(), as the apps contribute
their creators to accounts (`created_by_source_register`). An action no app has contributed is not allowed."""

from __future__ import annotations

from collections.abc import Callable

from accounts.selectors import Actor

REORDER = "reorder"  # the lines into the caller's storefront cart (orderReorder)
ADD_TO_QUOTE = "add_to_quote"  # the lines into the caller's quote draft (orderAddToQuote)
ORDER_ACTIONS = (REORDER, ADD_TO_QUOTE)

_ORDER_ACTION_CHECKS: dict[str, Callable[[Actor], bool]] = {}


def order_action_register(name: str, check: Callable[[Actor], bool]) -> None:
    """An app contributes who may do one of the order actions: `check(actor)` is True when they may."""
    if name not in ORDER_ACTIONS:
        raise ValueError(f"Unknown order action {name!r}")
    _ORDER_ACTION_CHECKS[name] = check


def order_action_allowed(name: str, actor: Actor) -> bool:
    """The actor may do the order action (OrderDetail.canReorder / canAddToQuote). The action's own mutation checks
    again: this answer is for the page's buttons."""
    if name not in ORDER_ACTIONS:
        raise ValueError(f"Unknown order action {name!r}")
    check = _ORDER_ACTION_CHECKS.get(name)
    return check is not None and check(actor)
