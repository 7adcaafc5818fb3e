"""Placing an order (issue 41): the one door every order-creating path goes through.

The storefront's checkout (its cart filled by hand, by quick order or bulk upload, from a shopping list, a reorder or
a quote — the overlay's and a headless storefront's alike) and a procurement system's purchase order (punchout) call
`order_place`. It asks the gate (approvals.services.gate): an order a hard budget cannot cover is refused; one that an
approval rule or a soft budget holds becomes a purchase request; any other is placed now, its budgets charged in the
same transaction. The last approval of a request places it through `order_place_now`, as it was submitted."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction

from accounts.selectors import Actor
from accounts.services import audit_record, company_credit_charge
from approvals.models import PurchaseRequest, PurchaseRequestStatus
from approvals.services.budgets import charges_commit
from approvals.services.drafts import OrderDraft
from approvals.services.gate import order_gate
from approvals.services.requests import purchase_request_create
from orders.models import Order, PaymentMethod
from orders.services import OrderLineData, order_create
from portal.errors import field_error
from portal.models import Currency
from pricing.services import stock_consume
from quotes.services import quote_mark_ordered

ORDER_PLACED_ACTION = "order_placed"


@transaction.atomic
def order_place(
    *,
    actor: Actor,
    email: str,
    currency: Currency,
    lines: list[OrderLineData],
    shipping_total: Decimal,
    payment_method: str,
    po_number: str,
    billing_address: dict,
    shipping_address: dict,
    customer_message: str = "",
    cost_centre: str = "",
    quote_id: int | None = None,
    source: str = "",
) -> Order | PurchaseRequest:
    """Place priced lines as the actor's order, or hold them for approval (a PurchaseRequest). The callers priced and
    checked the lines; BUDGET_EXCEEDED (Refused) when a hard budget cannot cover them, nothing changed."""
    draft = OrderDraft(
        email=email, currency_code=currency.code, exchange_rate=currency.exchange_rate, lines=lines,
        shipping_total=shipping_total, payment_method=payment_method, po_number=po_number,
        billing_address=billing_address, shipping_address=shipping_address, customer_message=customer_message,
        cost_centre=cost_centre, quote_id=quote_id, source=source,
    )  # fmt: skip
    if quote_id is not None:
        waiting = PurchaseRequest.objects.filter(status=PurchaseRequestStatus.PENDING, draft__quote_id=quote_id).first()
        if waiting is not None:  # the quote's order awaits approval: ordering it twice would commit it twice
            raise field_error(
                "__all__",
                f"This quote's order awaits approval already (purchase request {waiting.pk}).",
                code="quote_awaits_approval",
            )
    outcome = order_gate(actor=actor, draft=draft)
    if outcome.held:
        return purchase_request_create(actor=actor, draft=draft, outcome=outcome)
    order = order_place_now(actor=actor, draft=draft)
    charges_commit(outcome.uses, order=order)
    return order


@transaction.atomic
def order_place_now(*, actor: Actor, draft: OrderDraft) -> Order:
    """Place the draft as the actor's order: the company's credit charged for a purchase order, the stock taken, a
    quote's order recorded on it, the company's audit log told. Only `order_place` (after its gate) and the last
    approval of a purchase request call this."""
    company = actor.b2b_company
    credit_charged = Decimal(0)
    if draft.payment_method == PaymentMethod.PURCHASE_ORDER and company is not None:
        credit_charged = company_credit_charge(
            company_id=company.pk, amount=draft.grand_total / (draft.exchange_rate or 1)
        )
    order = order_create(
        company=company,
        placed_by=actor.user,
        customer_email=draft.email,
        currency_code=draft.currency_code,
        exchange_rate=draft.exchange_rate,
        lines=draft.lines,
        shipping_total=draft.shipping_total,
        payment_method=draft.payment_method,
        credit_charged=credit_charged.quantize(Decimal("0.01")),
        po_number=draft.po_number,
        billing_address=draft.billing_address,
        shipping_address=draft.shipping_address,
        customer_message=draft.customer_message,
        cost_centre=draft.cost_centre,
    )
    stock_consume(lines=[(line.product_id, line.variant_id, line.quantity) for line in draft.lines if line.product_id])
    quote = (
        quote_mark_ordered(actor=actor, quote_id=draft.quote_id, order=order) if draft.quote_id is not None else None
    )
    if company is not None:
        # The company's audit log: who ordered what on its account (and under which masquerade session).
        origin = f" from quote {quote.number}" if quote is not None else f" {draft.source}" if draft.source else ""
        audit_record(
            action=ORDER_PLACED_ACTION,
            summary=f"Order #{order.number} placed{origin}: {order.grand_total} {order.currency_code}",
            actor=actor,
            target=order,
            changes={
                "paymentMethod": draft.payment_method,
                "poNumber": draft.po_number,
                "costCentre": draft.cost_centre,
            },
        )
    return order
