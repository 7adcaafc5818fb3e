"""Reorder (issue 17): the lines of an earlier order into the caller's own storefront cart, at today's prices; and
(issue 41) the lines of a rejected, withdrawn or expired purchase request, to change and submit again.

A conversion between two domains lives in the downstream app (STYLE, GraphQL): storefront owns the cart and sits
right of orders (ARCHITECTURE §3), so it takes the order's lines (orders.selectors) and adds them through its own
`cart_line_add`, which keeps every rule of the cart: purchase rights, the business §4 stock check and merge rule,
option validation. Each line goes on its own: a line that cannot be bought any more (its product gone, hidden or not
for sale, out of stock, its options no longer offered) is reported with a code, and the others are added."""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction

from accounts.selectors import Actor
from approvals.selectors import purchase_request_for_resubmit
from approvals.services.drafts import OrderDraft
from orders.selectors import (
    LineOutcome,
    LineT,
    TransferCode,
    line_not_added,
    order_line_options,
    order_line_products,
)
from orders.services import OrderLineData
from pricing.errors import PricingErrorCode
from pricing.models import Product, ProductVariant
from pricing.options import StockProblem, option_errors, stock_problem
from storefront import services
from storefront.models import Cart
from storefront.permissions import purchase_refusal
from storefront.selectors import currency_for, own_cart


def reorder_allowed(actor: Actor) -> bool:
    """The actor may put an order's lines into their cart again: they may buy (OrderDetail.canReorder)."""
    return purchase_refusal(actor) is None


def _stock_outcome(line: LineT, problem: StockProblem) -> LineOutcome[LineT]:
    if problem.code == PricingErrorCode.NOT_AVAILABLE:
        return line_not_added(line, TransferCode.PURCHASE_DISABLED, problem.message)
    return line_not_added(line, TransferCode.OUT_OF_STOCK, problem.message)


def _buyable(
    line: LineT, products: dict[int, Product]
) -> tuple[Product, ProductVariant, list[tuple[int, object]]] | LineOutcome[LineT]:
    """What the line buys today — its product, variant and options — or why it cannot be bought as it was."""
    product = products.get(line.product_id) if line.product_id is not None else None
    if product is None:
        return line_not_added(line, TransferCode.PRODUCT_UNAVAILABLE)  # no longer in the catalog, or hidden
    variant = next((v for v in product.variants.all() if v.pk == line.variant_id), None)
    if variant is None:
        return line_not_added(
            line, TransferCode.PRODUCT_UNAVAILABLE, "This version of the product is no longer available."
        )
    options = order_line_options(line)
    if options is None:
        return line_not_added(line, TransferCode.OPTIONS_CHANGED)
    modifiers = [option for option in product.options.all() if not option.is_variant_option]
    errors = option_errors(options=modifiers, selections=dict(options))
    if errors:
        return line_not_added(line, TransferCode.OPTIONS_CHANGED, next(iter(errors.values()))[0])
    problem = stock_problem(product, variant, line.quantity)
    if problem is not None:
        return _stock_outcome(line, problem)
    return product, variant, options


def _cart_refusal(line: LineT, exc: ValidationError) -> LineOutcome[LineT]:
    """cart_line_add's refusal: the stock check (with the quantity already in the cart), or a limit of the cart."""
    errors = getattr(exc, "error_dict", {})
    for error in errors.get("qty", []):
        if isinstance(error.message, StockProblem):
            return _stock_outcome(line, error.message)
    return line_not_added(line, TransferCode.QUANTITY_LIMIT, exc.messages[0] if exc.messages else None)


def order_lines_to_cart(*, actor: Actor, lines: Sequence[LineT]) -> tuple[Cart | None, list[LineOutcome[LineT]]]:
    """Reorder: each line into the caller's own storefront cart (made when they have none and a line can go in), at
    today's prices — the cart prices live. The caller must be allowed to buy (PermissionDenied otherwise). The lines
    are an order's, or a purchase request's as submitted (purchase_request_to_cart)."""
    refusal = purchase_refusal(actor)
    if refusal:
        raise PermissionDenied(refusal)
    products = order_line_products(lines)
    cart = own_cart(actor)
    outcomes: list[LineOutcome[LineT]] = []
    for line in lines:
        buyable = _buyable(line, products)
        if isinstance(buyable, LineOutcome):
            outcomes.append(buyable)
            continue
        product, variant, options = buyable
        try:
            with transaction.atomic():
                target = cart or services.cart_create(actor=actor, currency_code=currency_for(None).code)
                services.cart_line_add(
                    cart=target, actor=actor, product=product, variant=variant, quantity=line.quantity, options=options
                )
        except ValidationError as exc:
            outcomes.append(_cart_refusal(line, exc))
            continue
        cart = target
        outcomes.append(LineOutcome(line=line))
    return cart, outcomes


def purchase_request_to_cart(*, actor: Actor, request_id: int) -> tuple[Cart | None, list[LineOutcome[OrderLineData]]]:
    """Change and resubmit (issue 41): the lines of the caller's own rejected, withdrawn or expired purchase request
    into their cart at today's prices, each on its own as Reorder puts an order's (the next checkout submits them
    again, through the gate like any order). NotFound for another's request, PermissionDenied for one still pending
    or placed, or when the caller may not buy."""
    request = purchase_request_for_resubmit(actor=actor, request_id=request_id)
    return order_lines_to_cart(actor=actor, lines=OrderDraft.from_json(request.draft).lines)
