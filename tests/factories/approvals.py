"""Factories of the approvals tests (issue 41): budgets, approval rules with their tiers, and orders placed through
the one door (approvals.services.placement.order_place) at prices the test chooses.

`BudgetFactory(company=unit, amount=Decimal("500.00"))` is a hard yearly USD budget of the unit (and the units below
it); `rule(unit, tiers=[tier(role=CompanyRole.ADMIN, levels_up=1)], min_total=Decimal("100"))` a rule of the unit
with its tiers in order; `place(actor, [(variant, 2)], unit_price=Decimal("50.00"))` places (or holds, or is refused)
an order of two of the variant at $50.00 each, no tax and no shipping, so that totals are what the test says."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

import factory

from accounts.models import Company, CompanyRole, User
from accounts.selectors import Actor
from approvals.models import ApprovalRule, ApprovalTier, Budget, BudgetPeriod, PurchaseRequest
from approvals.services.drafts import OrderDraft
from approvals.services.gate import GateOutcome, order_gate
from approvals.services.placement import order_place
from orders.models import Order, PaymentMethod
from orders.services import OrderLineData
from portal.models import Currency
from pricing.models import ProductVariant

ADDRESS = {
    "first_name": "Dana", "last_name": "Reyes", "company": "Northfield University", "address_line1": "12 College Road",
    "address_line2": "", "city": "Boston", "state": "MA", "zip_code": "02115", "country_code": "US", "phone": "",
}  # fmt: skip


CREDIT = Decimal("100000.00")  # the credit line of the tests' university (tests/approvals/conftest.py `shop`)


class BudgetFactory(factory.django.DjangoModelFactory):
    """A hard yearly budget of 1,000.00 USD of `company` for every cost centre and every buyer."""

    class Meta:
        model = Budget

    company: Company | None = None
    name = factory.Sequence(lambda n: f"Budget {n}")
    amount = Decimal("1000.00")
    currency_code = "USD"
    period = BudgetPeriod.YEAR
    hard = True


class ApprovalRuleFactory(factory.django.DjangoModelFactory):
    """A rule of `company` without conditions (add them) and without tiers (see `rule`)."""

    class Meta:
        model = ApprovalRule

    company: Company | None = None
    name = factory.Sequence(lambda n: f"Rule {n}")


def tier(*, role: int | None = CompanyRole.ADMIN, levels_up: int = 0, users: Sequence[User] = ()) -> dict:
    """One tier of `rule`: the holders of `role` in the ordering unit or `levels_up` above it, and named users."""
    return {"role": role, "levels_up": levels_up, "users": list(users)}


def rule(company: Company, *, tiers: Sequence[dict] = (), **fields) -> ApprovalRule:
    """A rule of `company` with its conditions (`fields`) and its tiers in order (default: one tier of the
    ordering unit's admins)."""
    made = ApprovalRuleFactory(company=company, **fields)
    for position, spec in enumerate(tiers or [tier()]):
        row = ApprovalTier.objects.create(rule=made, position=position, role=spec["role"], levels_up=spec["levels_up"])
        row.users.set(spec["users"])
    return made


def lines_of(
    items: Sequence[tuple[ProductVariant, int]],
    *,
    unit_price: Decimal = Decimal("100.00"),
    unit_tax: Decimal = Decimal(0),
) -> list[OrderLineData]:
    """Priced lines as a checkout passes them to the door: each variant at `unit_price` (and `unit_tax`)."""
    return [
        OrderLineData(
            product_id=variant.product_id,
            variant_id=variant.pk,
            sku=variant.sku,
            name=variant.product.name,
            quantity=quantity,
            unit_price=unit_price,
            unit_tax=unit_tax,
            options=[],
            raw_options=[],
        )  # fmt: skip
        for variant, quantity in items
    ]


def currency(code: str = "USD") -> Currency:
    return Currency.objects.get(code=code)


def draft_of(
    actor: Actor,
    items: Sequence[tuple[ProductVariant, int]] = (),
    *,
    lines: list[OrderLineData] | None = None,
    unit_price: Decimal = Decimal("100.00"),
    unit_tax: Decimal = Decimal(0),
    shipping: Decimal = Decimal(0),
    cost_centre: str = "",
    currency_code: str = "USD",
    payment_method: str = PaymentMethod.PURCHASE_ORDER,
    quote_id: int | None = None,
) -> OrderDraft:
    """The order a checkout would hand the door: the items at `unit_price` each (or `lines` as given)."""
    chosen = currency(currency_code)
    return OrderDraft(
        email=actor.user.email if actor.user else "guest@example.test",
        currency_code=chosen.code,
        exchange_rate=chosen.exchange_rate,
        lines=lines if lines is not None else lines_of(items, unit_price=unit_price, unit_tax=unit_tax),
        shipping_total=shipping,
        payment_method=payment_method,
        po_number="PO-41",
        billing_address=ADDRESS,
        shipping_address=ADDRESS,
        cost_centre=cost_centre,
        quote_id=quote_id,
    )


def place(actor: Actor, items: Sequence[tuple[ProductVariant, int]] = (), **draft) -> Order | PurchaseRequest:
    """Place the items as the actor's order through the one door (`draft_of` takes the rest): an Order, a
    PurchaseRequest, or Refused raised."""
    made = draft_of(actor, items, **draft)
    return order_place(
        actor=actor, email=made.email, currency=currency(made.currency_code), lines=made.lines,
        shipping_total=made.shipping_total, payment_method=made.payment_method, po_number=made.po_number,
        billing_address=made.billing_address, shipping_address=made.shipping_address, cost_centre=made.cost_centre,
        quote_id=made.quote_id,
    )  # fmt: skip


def gate(actor: Actor, items: Sequence[tuple[ProductVariant, int]] = (), **draft) -> GateOutcome:
    """What the gate decides for the order (`draft_of`), without placing it: call inside a transaction."""
    return order_gate(actor=actor, draft=draft_of(actor, items, **draft))


def placed_order(result: Order | PurchaseRequest) -> Order:
    assert isinstance(result, Order), f"held, not placed: {result!r}"
    return result


def held_request(result: Order | PurchaseRequest) -> PurchaseRequest:
    assert isinstance(result, PurchaseRequest), f"placed, not held: {result!r}"
    return result
