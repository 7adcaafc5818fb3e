"""The one door of budgets and approval rules (issue 41, DEVELOPERS "one door per rule").

`order_gate` is called by `storefront.services.order_place`, where every order-creating path ends: the storefront's
and the headless API's checkout (the cart filled by hand, quick order, bulk upload, a shopping list, reorder, a
quote), and a procurement system's purchase order (punchout). It locks the budgets the order draws on, refuses an
order a hard budget cannot cover (BUDGET_EXCEEDED, with the figures), and says whether the order must wait for
approval: a rule of its unit holds it, or it is more than what is left of a soft budget."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from accounts.selectors import Actor
from approvals.errors import ApprovalErrorCode
from approvals.models import ApprovalRule
from approvals.services.budgets import BudgetUse, budget_figures, budget_uses, budgets_applying
from approvals.services.drafts import OrderDraft
from approvals.services.rules import OrderFacts, ResolvedTier, rule_reasons, rules_for, tiers_resolve
from portal.errors import Refused
from pricing.models import PriceListRecord, Product


@dataclass
class GateOutcome:
    """What the gate decided for an order: its budget uses (committed with it), and the tiers it waits for."""

    uses: list[BudgetUse] = field(default_factory=list)
    tiers: list[ResolvedTier] = field(default_factory=list)
    reasons: list[dict] = field(default_factory=list)

    @property
    def held(self) -> bool:
        return bool(self.tiers)


def _facts(actor: Actor, draft: OrderDraft, *, over_soft_budget: bool) -> OrderFacts:
    product_ids = {line.product_id for line in draft.lines if line.product_id is not None}
    variant_ids = {line.variant_id for line in draft.lines if line.variant_id is not None}
    category_ids = set(
        Product.categories.through.objects.filter(product_id__in=product_ids).values_list("category_id", flat=True)
    )
    # A quote's prices are the company's contract; otherwise a product without a price of its group's list is off it.
    group_id = actor.company_customer_group_id
    listed: set[int] = set()
    if group_id is not None and variant_ids and draft.quote_id is None:
        listed = set(
            PriceListRecord.objects.filter(
                price_list__customer_group_id=group_id, variant_id__in=variant_ids
            ).values_list("variant_id", flat=True)
        )
    off_list = draft.quote_id is None and any(
        line.variant_id is None or line.variant_id not in listed for line in draft.lines
    )
    return OrderFacts(
        grand_total=draft.grand_total,
        currency_code=draft.currency_code,
        exchange_rate=draft.exchange_rate,
        cost_centre=draft.cost_centre,
        line_count=len(draft.lines),
        category_ids=category_ids,
        off_price_list=off_list,
        buyer_role=actor.role,
        over_soft_budget=over_soft_budget,
    )


def budget_refusal(use: BudgetUse) -> Refused:
    budget = use.figures.budget
    currency = budget.currency_code
    if not use.figures.is_open:
        message = f"The budget “{budget.name}” is closed: orders on it cannot be placed outside its dates."
    else:
        message = (
            f"This order ({use.amount} {currency}) is more than what is left of the budget “{budget.name}”: "
            f"{use.figures.remaining} {currency} of {budget.amount} {currency}."
        )
    return Refused(
        message,
        code=ApprovalErrorCode.BUDGET_EXCEEDED,
        extensions={
            "budgetName": budget.name,
            "budgetAmount": str(budget.amount),
            "budgetRemaining": str(use.figures.remaining),
            "orderAmount": str(use.amount),
            "currencyCode": currency,
        },
    )


def order_gate(*, actor: Actor, draft: OrderDraft) -> GateOutcome:
    """Lock the budgets the order draws on and decide: refused (a hard budget), held for approval, or placed now.
    Call inside the order's transaction: the locks last until it ends. An order without a company (a guest, an
    individual customer) meets no budget and no rule."""
    company = actor.b2b_company
    if company is None:
        return GateOutcome()
    user = actor.user
    budgets = list(
        budgets_applying(company=company, cost_centre=draft.cost_centre, user=user).select_for_update(of=("self",))
    )
    uses = budget_uses(
        budget_figures(budgets), total=draft.grand_total, currency_code=draft.currency_code,
        exchange_rate=draft.exchange_rate,
    )  # fmt: skip
    over_soft = []
    for use in uses:
        if use.exceeds and use.figures.budget.hard:
            raise budget_refusal(use)
        if use.exceeds:
            over_soft.append(use)
    facts = _facts(actor, draft, over_soft_budget=bool(over_soft))
    matched: list[tuple[ApprovalRule, list[str]]] = []
    for rule in rules_for(company):
        met = rule_reasons(rule, facts)
        if met is not None:
            matched.append((rule, met))
    reasons = [{"kind": "rule", "id": rule.pk, "name": rule.name, "conditions": met} for rule, met in matched]
    reasons += [
        {
            "kind": "budget", "id": use.figures.budget.pk, "name": use.figures.budget.name,
            "remaining": str(use.figures.remaining), "amount": str(use.amount),
            "currencyCode": use.figures.budget.currency_code,
        }
        for use in over_soft
    ]  # fmt: skip
    # A soft budget exceeded without a matched rule about budgets: the admins of the budget's unit approve.
    budget_rule_matched = any(rule.over_budget for rule, _ in matched)
    fallback = [] if budget_rule_matched else sorted({use.figures.budget.company_id for use in over_soft})
    tiers = (
        tiers_resolve([rule for rule, _ in matched], company=company, requester=user, fallback_unit_ids=fallback)
        if matched or fallback
        else []
    )
    return GateOutcome(uses=uses, tiers=tiers, reasons=reasons)


def remaining_after(*, actor: Actor, cost_centre: str, total: Decimal, currency_code: str) -> list[BudgetUse]:
    """The budgets a cart, quote or list would draw on, with what it would leave (budget in view): no lock."""
    company = actor.b2b_company
    if company is None:
        return []
    budgets = list(budgets_applying(company=company, cost_centre=cost_centre, user=actor.user))
    return budget_uses(budget_figures(budgets), total=total, currency_code=currency_code)
