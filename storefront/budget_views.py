"""Budget in view (issue 41) on the storefront's cart and checkout: the budgets an order of the signed-in buyer on a
cost centre would draw on, what is left of each and what this cart would leave; red where it does not cover the
cart (a hard budget refuses it at checkout, a soft one sends it for approval). The checkout refreshes the panel as
the buyer types the cost centre (`budget_status`, a fragment of HTML)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from accounts.selectors import Actor
from approvals.services.gate import remaining_after
from portal.money import format_money
from storefront.selectors import CartSummary, cart_summary, currency_for
from storefront.services import COST_CENTRE_MAX_LENGTH, cost_centre_problem


def budget_panel(*, actor: Actor | None, summary: CartSummary, cost_centre: str) -> dict | None:
    """The panel's context, or None when no budget applies (a guest, an individual customer, an empty cart)."""
    if actor is None or actor.b2b_company is None or not summary.lines:
        return None
    if cost_centre_problem(cost_centre):  # as typed into a checkout that is refused for it: no code, no query on it
        cost_centre = ""
    uses = remaining_after(
        actor=actor, cost_centre=cost_centre, total=summary.total, currency_code=summary.currency.code
    )
    if not uses:
        return {"cost_centre": cost_centre, "budgets": []}
    budgets = []
    for use in uses:
        budget = use.figures.budget
        currency = currency_for(budget.currency_code)
        budgets.append(
            {
                "name": budget.name,
                "cost_centre": budget.cost_centre,
                "hard": budget.hard,
                "open": use.figures.is_open,
                "exceeds": use.exceeds,
                "remaining": format_money(use.figures.remaining, currency),
                "amount": format_money(budget.amount, currency),
                "this_order": format_money(use.amount, currency),
                "left_after": format_money(use.left_after, currency),
                "short_by": format_money(-use.left_after, currency) if use.exceeds else "",
            }
        )
    return {"cost_centre": cost_centre, "budgets": budgets}


@require_GET
def budget_status(request: HttpRequest) -> HttpResponse:
    """The checkout's budget panel for the cost centre typed (?cost_centre=…), for the session's cart."""
    from storefront.cart_views import current_cart
    from storefront.permissions import storefront_actor

    code = request.GET.get("cost_centre", "").strip()[:COST_CENTRE_MAX_LENGTH]
    if cost_centre_problem(code):
        code = ""
    actor = storefront_actor(request)
    summary = cart_summary(cart=current_cart(request), actor=actor)
    panel = budget_panel(actor=actor if actor.user is not None else None, summary=summary, cost_centre=code)
    response = render(request, "storefront/_budget_panel.html", {"budget_panel": panel})
    response["Cache-Control"] = "no-store"
    return response
