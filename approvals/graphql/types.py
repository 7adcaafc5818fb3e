"""GraphQL types of budgets and approvals (issue 41). Plain strawberry types over rows the selectors load with their
relations in a fixed number of queries (approvals.selectors): a request's decisions are prefetched with its page and
what the caller may do with it is read once for the page (RequestRights); a budget's figures are read for the whole
page at once (approvals.services.budgets.budget_figures). Money is a string with two decimals ("6000.00")."""

from __future__ import annotations

import datetime
from decimal import Decimal, InvalidOperation

import strawberry

from accounts.models import CompanyRole
from approvals.models import ApprovalRule, ApprovalTier, PurchaseRequest
from approvals.selectors import RequestRights, request_tier_states
from approvals.services.budgets import BudgetFigures, BudgetUse
from approvals.services.drafts import OrderDraft
from orders.models import PaymentMethod

CENT = Decimal("0.01")


def money(value: Decimal) -> str:
    """An amount as the API writes money: a string with two decimals."""
    return str(value.quantize(CENT))


def money_or_none(value: object) -> str | None:
    """A stored amount (a request's reasons keep them as text) as money; None when there is none."""
    if value is None or value == "":
        return None
    try:
        return money(Decimal(str(value)))
    except InvalidOperation:
        return None


def person(user) -> str:
    return "" if user is None else (user.get_full_name() or user.email)


# --- purchase requests ---------------------------------------------------------------------------------------------


@strawberry.type(description="An option chosen on a line of a purchase request, as submitted.")
class PurchaseRequestLineOption:
    name: str = strawberry.field(description="The option's name.")
    value: str = strawberry.field(description="The chosen value, as shown.")


@strawberry.type(description="A line of a purchase request: the order as the buyer submitted it, at its held price.")
class PurchaseRequestLine:
    sku: str = strawberry.field(description="The SKU.")
    name: str = strawberry.field(description="The product's name.")
    quantity: int = strawberry.field(description="How many.")
    unit_price: str = strawberry.field(description="The unit price held for the approvers, excluding tax.")
    line_total: str = strawberry.field(description="Quantity × unit price, excluding tax.")
    options: list[PurchaseRequestLineOption] = strawberry.field(description="The options chosen.")


@strawberry.type(description="A tier of approvers of a purchase request and where it stands.")
class PurchaseRequestTier:
    position: int = strawberry.field(description="0 for the first tier.")
    label: str = strawberry.field(description="Who approves, as resolved when submitted, e.g. 'Admins of Chemistry'.")
    rule_name: str = strawberry.field(description="The rule (or 'Budget exceeded') the tier comes from.")
    state: str = strawberry.field(
        description="approved, waiting (its turn), upcoming, rejected, overridden (an admin approved every open tier "
        "at once) or skipped (the request ended before its turn)."
    )
    decided_by: str | None = strawberry.field(description="The name (else e-mail) of who decided; null undecided.")
    decided_at: datetime.datetime | None = strawberry.field(description="When it was decided; null undecided.")
    reason: str = strawberry.field(description="The reason given with the decision ('' when none).")
    via: str = strawberry.field(description="Where it was decided: portal, email or admin; '' undecided.")


@strawberry.type(description="Why a purchase request needs approval: a rule it met, or a soft budget it exceeds.")
class PurchaseRequestReason:
    kind: str = strawberry.field(description="rule or budget.")
    name: str = strawberry.field(description="The rule's or the budget's name.")
    conditions: list[str] = strawberry.field(description="A rule's conditions the order met, in English.")
    amount: str | None = strawberry.field(description="A budget: what the order takes of it (its currency).")
    remaining: str | None = strawberry.field(description="A budget: what was left of it when submitted.")
    currency_code: str | None = strawberry.field(description="A budget: its currency.")


def _reasons(request: PurchaseRequest) -> list[PurchaseRequestReason]:
    reasons = []
    for item in request.reasons if isinstance(request.reasons, list) else []:
        if not isinstance(item, dict):
            continue
        budget = item.get("kind") == "budget"
        reasons.append(
            PurchaseRequestReason(
                kind=str(item.get("kind", "")),
                name=str(item.get("name", "")),
                conditions=[str(c) for c in item.get("conditions", [])] if not budget else [],
                amount=money_or_none(item.get("amount")) if budget else None,
                remaining=money_or_none(item.get("remaining")) if budget else None,
                currency_code=(str(item.get("currencyCode", "")) or None) if budget else None,
            )
        )
    return reasons


@strawberry.type(name="PurchaseRequest", description="An order waiting for (or decided by) its approvers.")
class PurchaseRequestType:
    request: strawberry.Private[PurchaseRequest]
    draft: strawberry.Private[OrderDraft]
    rights: strawberry.Private[RequestRights]

    @classmethod
    def of(cls, request: PurchaseRequest, rights: RequestRights) -> PurchaseRequestType:
        return cls(request=request, draft=OrderDraft.from_json(request.draft), rights=rights)

    @strawberry.field(description="The request's id.")
    def id(self) -> int:
        return self.request.pk

    @strawberry.field(description="pending, placed, rejected, withdrawn or expired. Translated by value.")
    def status(self) -> str:
        return self.request.status

    @strawberry.field(description="The unit whose order it is.")
    def company_id(self) -> int:
        return self.request.company_id

    @strawberry.field(description="The name of the unit whose order it is.")
    def company_name(self) -> str:
        return self.request.company.name

    @strawberry.field(description="The buyer; null when that user no longer exists.")
    def requested_by_id(self) -> int | None:
        return self.request.requested_by_id

    @strawberry.field(description="The buyer's name, else their e-mail ('' when the user no longer exists).")
    def requested_by_name(self) -> str:
        return person(self.request.requested_by)

    @strawberry.field(description="The buyer's e-mail (the order's when the user no longer exists).")
    def requested_by_email(self) -> str:
        user = self.request.requested_by
        return user.email if user is not None else self.draft.email

    @strawberry.field(description="When it was submitted.")
    def created_at(self) -> datetime.datetime:
        return self.request.created_at

    @strawberry.field(description="When it was placed, rejected, withdrawn or expired; null while pending.")
    def decided_at(self) -> datetime.datetime | None:
        return self.request.decided_at

    @strawberry.field(description="Its prices are held until then; a pending request expires after it.")
    def prices_held_until(self) -> datetime.datetime:
        return self.request.prices_held_until

    @strawberry.field(description="The currency of its amounts (ISO 4217).")
    def currency_code(self) -> str:
        return self.request.currency_code

    @strawberry.field(description="The lines' totals, excluding tax.")
    def subtotal(self) -> str:
        return money(self.draft.subtotal)

    @strawberry.field(description="The tax of the lines.")
    def tax_total(self) -> str:
        return money(self.draft.tax_total)

    @strawberry.field(description="Shipping, excluding tax.")
    def shipping_total(self) -> str:
        return money(self.draft.shipping_total)

    @strawberry.field(description="Subtotal + tax + shipping.")
    def grand_total(self) -> str:
        return money(self.request.grand_total)

    @strawberry.field(description="The cost centre or grant code given at checkout ('' when none).")
    def cost_centre(self) -> str:
        return self.request.cost_centre

    @strawberry.field(description="The buyer's purchase order number ('' when none).")
    def po_number(self) -> str:
        return self.draft.po_number

    @strawberry.field(description="purchase_order or test_card.")
    def payment_method(self) -> str:
        method = self.draft.payment_method
        return method if method in PaymentMethod.values else ""

    @strawberry.field(description="The number of lines.")
    def line_count(self) -> int:
        return len(self.draft.lines)

    @strawberry.field(description="The lines as submitted.")
    def lines(self) -> list[PurchaseRequestLine]:
        return [
            PurchaseRequestLine(
                sku=line.sku,
                name=line.name,
                quantity=line.quantity,
                unit_price=money(line.unit_price),
                line_total=money(line.unit_price * line.quantity),
                options=[
                    PurchaseRequestLineOption(name=str(option.get("name", "")), value=str(option.get("value", "")))
                    for option in line.options
                    if isinstance(option, dict)
                ],
            )
            for line in self.draft.lines
        ]

    @strawberry.field(description="Its tiers of approvers, in order, and where each stands.")
    def tiers(self) -> list[PurchaseRequestTier]:
        return [
            PurchaseRequestTier(
                position=tier.position,
                label=tier.label,
                rule_name=tier.rule_name,
                state=tier.state,
                decided_by=tier.decided_by,
                decided_at=tier.decided_at,
                reason=tier.reason,
                via=tier.via,
            )
            for tier in request_tier_states(self.request)
        ]

    @strawberry.field(description="The position of the tier whose turn it is (the last one once decided).")
    def current_tier(self) -> int:
        return self.request.current_tier

    @strawberry.field(description="Who approves the tier whose turn it is ('' when it has no tiers).")
    def current_tier_label(self) -> str:
        tiers = self.request.tiers if isinstance(self.request.tiers, list) else []
        index = self.request.current_tier
        tier = tiers[index] if 0 <= index < len(tiers) and isinstance(tiers[index], dict) else {}
        return str(tier.get("label", ""))

    @strawberry.field(description="Why it needs approval: the rules it met and the soft budgets it exceeds.")
    def reasons(self) -> list[PurchaseRequestReason]:
        return _reasons(self.request)

    @strawberry.field(description="The order placed once approved (its id); null until then.")
    def order_id(self) -> int | None:
        return self.request.order_id

    @strawberry.field(description="The number of the order placed once approved (/orderDetail/{number}); null until.")
    def order_number(self) -> int | None:
        order = self.request.order
        return order.number if order is not None else None

    @strawberry.field(description="Why it was rejected ('' unless rejected).")
    def rejection_reason(self) -> str:
        return self.request.rejection_reason

    @strawberry.field(description="The earlier request this one submits again; null when none.")
    def resubmitted_from_id(self) -> int | None:
        return self.request.resubmitted_from_id

    @strawberry.field(
        description="The caller may approve or reject it now: pending, its prices still held, and the caller is an "
        "approver of the tier whose turn it is."
    )
    def can_approve(self) -> bool:
        return self.rights.can_approve(self.request)

    @strawberry.field(description="As canApprove: the caller may reject it now (with a reason).")
    def can_reject(self) -> bool:
        return self.rights.can_approve(self.request)

    @strawberry.field(
        description="The caller may approve every open tier at once: a company admin reaching its unit, not its buyer, "
        "where every rule it met allows an override (recorded in the audit log)."
    )
    def can_override(self) -> bool:
        return self.rights.can_override(self.request)

    @strawberry.field(description="The caller is its buyer and it is still pending: they may take it back.")
    def can_withdraw(self) -> bool:
        return self.rights.can_withdraw(self.request)

    @strawberry.field(
        description="The caller is its buyer, it was rejected, withdrawn or expired, and they may buy: its lines go "
        "into their cart at today's prices (purchaseRequestResubmit)."
    )
    def can_resubmit(self) -> bool:
        return self.rights.can_resubmit(self.request)


@strawberry.type(description="A purchase request of a page.")
class PurchaseRequestEdge:
    node: PurchaseRequestType = strawberry.field(description="The request.")


@strawberry.type(description="A page of purchase requests (offset, first, totalCount).")
class PurchaseRequestConnection:
    total_count: int = strawberry.field(description="How many requests match, over every page.")
    edges: list[PurchaseRequestEdge] = strawberry.field(description="This page's requests.")


# --- budgets -------------------------------------------------------------------------------------------------------


@strawberry.type(name="Budget", description="A budget of a unit (and the units below it), in its current period.")
class BudgetType:
    figures: strawberry.Private[BudgetFigures]
    inherited: strawberry.Private[bool]

    @strawberry.field(description="The budget's id.")
    def id(self) -> int:
        return self.figures.budget.pk

    @strawberry.field(description="The unit it covers, with the units below it.")
    def company_id(self) -> int:
        return self.figures.budget.company_id

    @strawberry.field(description="The name of the unit it covers.")
    def company_name(self) -> str:
        return self.figures.budget.company.name

    @strawberry.field(description="Its name.")
    def name(self) -> str:
        return self.figures.budget.name

    @strawberry.field(description="Only orders with this cost centre or grant code (any case); '' every order.")
    def cost_centre(self) -> str:
        return self.figures.budget.cost_centre

    @strawberry.field(description="Only this buyer's orders; null every buyer's.")
    def user_id(self) -> int | None:
        return self.figures.budget.user_id

    @strawberry.field(description="That buyer's e-mail ('' for every buyer).")
    def user_email(self) -> str:
        user = self.figures.budget.user
        return user.email if user is not None else ""

    @strawberry.field(description="The amount of each period.")
    def amount(self) -> str:
        return money(self.figures.budget.amount)

    @strawberry.field(description="Its currency (ISO 4217); orders in another are converted.")
    def currency_code(self) -> str:
        return self.figures.budget.currency_code

    @strawberry.field(description="month, quarter, year or grant (the grant's own dates).")
    def period(self) -> str:
        return self.figures.budget.period

    @strawberry.field(description="A grant's first day; null for the other periods.")
    def starts_on(self) -> datetime.date | None:
        return self.figures.budget.starts_on

    @strawberry.field(description="A grant's last day; null for the other periods.")
    def ends_on(self) -> datetime.date | None:
        return self.figures.budget.ends_on

    @strawberry.field(description="Hard: an order it cannot cover is refused. Soft: such an order goes for approval.")
    def hard(self) -> bool:
        return self.figures.budget.hard

    @strawberry.field(description="Orders draw on it.")
    def is_active(self) -> bool:
        return self.figures.budget.is_active

    @strawberry.field(description="What orders awaiting approval or not yet invoiced take of this period.")
    def committed(self) -> str:
        return money(self.figures.committed)

    @strawberry.field(description="What invoiced orders took of this period.")
    def spent(self) -> str:
        return money(self.figures.spent)

    @strawberry.field(description="What is left of this period (0 for a grant outside its dates).")
    def remaining(self) -> str:
        return money(self.figures.remaining)

    @strawberry.field(description="Orders may draw on it now: false for a grant outside its dates.")
    def is_open(self) -> bool:
        return self.figures.is_open

    @strawberry.field(description="The current period's first moment; null when closed.")
    def period_start(self) -> datetime.datetime | None:
        return self.figures.window[0] if self.figures.window else None

    @strawberry.field(description="The current period's end (the first moment after it); null when closed.")
    def period_end(self) -> datetime.datetime | None:
        return self.figures.window[1] if self.figures.window else None

    @strawberry.field(description="A budget of a unit above the caller's: it applies to them, read-only.")
    def is_inherited(self) -> bool:
        return self.inherited

    @strawberry.field(description="The caller may change or delete it (manage_approvals, a unit they reach).")
    def can_edit(self) -> bool:
        return not self.inherited


@strawberry.type(description="A budget of a page.")
class BudgetEdge:
    node: BudgetType = strawberry.field(description="The budget.")


@strawberry.type(description="A page of budgets (offset, first, totalCount).")
class BudgetConnection:
    total_count: int = strawberry.field(description="How many budgets, over every page.")
    edges: list[BudgetEdge] = strawberry.field(description="This page's budgets.")


@strawberry.type(description="A budget an order would draw on, and what the order would leave of it (budget in view).")
class BudgetStatus:
    budget_id: int = strawberry.field(description="The budget's id.")
    name: str = strawberry.field(description="Its name.")
    currency_code: str = strawberry.field(description="Its currency; every amount here is in it.")
    amount: str = strawberry.field(description="The amount of its current period.")
    committed: str = strawberry.field(description="Committed of this period.")
    spent: str = strawberry.field(description="Spent of this period.")
    remaining: str = strawberry.field(description="Left of this period before the order.")
    this_order: str = strawberry.field(description="What the order would take, in the budget's currency.")
    left_after: str = strawberry.field(description="What the order would leave (negative: it exceeds it).")
    exceeds: bool = strawberry.field(description="The order is more than what is left.")
    hard: bool = strawberry.field(description="Hard: such an order is refused. Soft: it goes for approval.")
    is_open: bool = strawberry.field(description="False for a grant outside its dates: nothing may be ordered on it.")

    @classmethod
    def of(cls, use: BudgetUse) -> BudgetStatus:
        budget = use.figures.budget
        return cls(
            budget_id=budget.pk, name=budget.name, currency_code=budget.currency_code, amount=money(budget.amount),
            committed=money(use.figures.committed), spent=money(use.figures.spent),
            remaining=money(use.figures.remaining), this_order=money(use.amount), left_after=money(use.left_after),
            exceeds=use.exceeds, hard=budget.hard, is_open=use.figures.is_open,
        )  # fmt: skip


# --- approval rules ------------------------------------------------------------------------------------------------


def tier_rule_label(tier: ApprovalTier) -> str:
    """Who approves at a tier of a rule, in words: 'Admins of the ordering unit', 'Admins one unit above', 'Senior
    buyers 2 units above', the people named, or both."""
    parts = []
    if tier.role is not None:
        holders = f"{CompanyRole(tier.role).label}s"
        where = {0: "of the ordering unit", 1: "one unit above"}.get(tier.levels_up, f"{tier.levels_up} units above")
        parts.append(f"{holders} {where}")
    parts += [person(user) for user in tier.users.all()]
    return ", ".join(parts)


@strawberry.type(description="A tier of an approval rule: any one of its approvers approves for it.")
class ApprovalTierRule:
    tier: strawberry.Private[ApprovalTier]

    @strawberry.field(description="0 for the first tier.")
    def position(self) -> int:
        return self.tier.position

    @strawberry.field(description="The holders of this role approve (0 admin, 1 senior buyer, 2 junior, 5 custom).")
    def role(self) -> int | None:
        return self.tier.role

    @strawberry.field(description="In which unit: 0 the ordering unit, 1 the unit above it, 2 the one above that…")
    def levels_up(self) -> int:
        return self.tier.levels_up

    @strawberry.field(description="The people named as approvers.")
    def user_ids(self) -> list[int]:
        return [user.pk for user in self.tier.users.all()]

    @strawberry.field(description="Their names (else e-mails), in the order of userIds.")
    def user_names(self) -> list[str]:
        return [person(user) for user in self.tier.users.all()]

    @strawberry.field(description="Who approves, in words: 'Admins of the ordering unit', 'Admins one unit above'…")
    def label(self) -> str:
        return tier_rule_label(self.tier)


@strawberry.type(
    name="ApprovalRule",
    description="An approval rule of a unit: it holds the orders of that unit and of the units below it that meet "
    "every condition it sets, for its tiers of approvers.",
)
class ApprovalRuleType:
    rule: strawberry.Private[ApprovalRule]
    inherited: strawberry.Private[bool]

    @strawberry.field(description="The rule's id.")
    def id(self) -> int:
        return self.rule.pk

    @strawberry.field(description="The unit whose orders it holds, with the units below it.")
    def company_id(self) -> int:
        return self.rule.company_id

    @strawberry.field(description="The name of that unit.")
    def company_name(self) -> str:
        return self.rule.company.name

    @strawberry.field(description="Its name.")
    def name(self) -> str:
        return self.rule.name

    @strawberry.field(description="It holds orders.")
    def is_active(self) -> bool:
        return self.rule.is_active

    @strawberry.field(description="A rule of a unit above the caller's: it applies to them, read-only.")
    def is_inherited(self) -> bool:
        return self.inherited

    @strawberry.field(description="The caller may change or delete it (manage_approvals, a unit they reach).")
    def can_edit(self) -> bool:
        return not self.inherited

    @strawberry.field(description="The rule of a unit above that this one replaces; null when none.")
    def replaces_id(self) -> int | None:
        return self.rule.replaces_id

    @strawberry.field(description="The name of the rule it replaces ('' when none).")
    def replaces_name(self) -> str:
        return self.rule.replaces.name if self.rule.replaces is not None else ""

    @strawberry.field(description="Holds an order whose total (tax and shipping included) is above this; null: any.")
    def min_total(self) -> str | None:
        return money(self.rule.min_total) if self.rule.min_total is not None else None

    @strawberry.field(description="The currency of minTotal ('' : the order's own).")
    def currency_code(self) -> str:
        return self.rule.currency_code

    @strawberry.field(description="Holds an order on this cost centre or grant code ('' : any).")
    def cost_centre(self) -> str:
        return self.rule.cost_centre

    @strawberry.field(description="Holds an order with a product of this category; null: any.")
    def category_id(self) -> int | None:
        return self.rule.category_id

    @strawberry.field(description="That category's name ('' when none).")
    def category_name(self) -> str:
        return self.rule.category.name if self.rule.category is not None else ""

    @strawberry.field(description="Holds an order with a product off the company's price list.")
    def off_price_list(self) -> bool:
        return self.rule.off_price_list

    @strawberry.field(description="Holds an order of more lines than this; null: any.")
    def min_lines(self) -> int | None:
        return self.rule.min_lines

    @strawberry.field(description="Holds the orders of buyers of these roles; empty: any.")
    def buyer_roles(self) -> list[int]:
        return [int(role) for role in self.rule.buyer_roles or []]

    @strawberry.field(description="Holds an order that exceeds a soft budget.")
    def over_budget(self) -> bool:
        return self.rule.over_budget

    @strawberry.field(description="A company admin may approve every tier at once (recorded in the audit log).")
    def allow_override(self) -> bool:
        return self.rule.allow_override

    @strawberry.field(description="Its tiers of approvers, in order.")
    def tiers(self) -> list[ApprovalTierRule]:
        return [ApprovalTierRule(tier=tier) for tier in self.rule.tiers.all()]


@strawberry.type(description="An approval rule of a page.")
class ApprovalRuleEdge:
    node: ApprovalRuleType = strawberry.field(description="The rule.")


@strawberry.type(description="A page of approval rules (offset, first, totalCount).")
class ApprovalRuleConnection:
    total_count: int = strawberry.field(description="How many rules, over every page.")
    edges: list[ApprovalRuleEdge] = strawberry.field(description="This page's rules.")


# --- inputs --------------------------------------------------------------------------------------------------------


@strawberry.input(description="A tier of an approval rule: a role in the ordering unit or one above it, and/or people.")
class ApprovalTierInput:
    role: int | None = strawberry.field(
        default=None, description="The holders of this role approve (0 admin, 1 senior, 2 junior, 5 custom)."
    )
    levels_up: int = strawberry.field(
        default=0, description="In which unit: 0 the ordering unit, 1 the unit above it… (0 to 10)."
    )
    user_ids: list[int] = strawberry.field(
        default_factory=list, description="People of the company tree who approve (at most 50)."
    )


@strawberry.input(description="An approval rule: its unit, its conditions (at least one) and its tiers (1 to 10).")
class ApprovalRuleInput:
    company_id: int | None = strawberry.field(
        default=None, description="The unit: the one the caller acts for (null) or one below it they reach."
    )
    name: str = strawberry.field(description="Required, at most 120 characters.")
    is_active: bool = strawberry.field(default=True, description="It holds orders.")
    replaces_id: int | None = strawberry.field(default=None, description="A rule of a unit above that it replaces.")
    min_total: str | None = strawberry.field(default=None, description="Total above this (0 or more, 2 decimals).")
    currency_code: str = strawberry.field(default="", description="minTotal's currency ('' : the order's own).")
    cost_centre: str = strawberry.field(default="", description="This cost centre or grant code (at most 60).")
    category_id: int | None = strawberry.field(default=None, description="A product of this category.")
    off_price_list: bool = strawberry.field(default=False, description="A product off the company's price list.")
    min_lines: int | None = strawberry.field(default=None, description="More lines than this (0 to 10,000).")
    buyer_roles: list[int] = strawberry.field(default_factory=list, description="The buyer's role is one of these.")
    over_budget: bool = strawberry.field(default=False, description="The order exceeds a soft budget.")
    allow_override: bool = strawberry.field(default=False, description="An admin may approve every tier at once.")
    tiers: list[ApprovalTierInput] = strawberry.field(description="Its tiers of approvers, in order (1 to 10).")


@strawberry.input(description="A budget: its unit, scope (cost centre, buyer), amount and period.")
class BudgetInput:
    company_id: int | None = strawberry.field(
        default=None, description="The unit: the one the caller acts for (null) or one below it they reach."
    )
    name: str = strawberry.field(description="Required, at most 120 characters.")
    cost_centre: str = strawberry.field(default="", description="Only orders with this code ('' every order).")
    user_id: int | None = strawberry.field(default=None, description="Only this buyer's orders (a member of the unit).")
    amount: str = strawberry.field(description="The amount of each period: 0 or more, 2 decimals at most.")
    currency_code: str = strawberry.field(description="One of the store's currencies.")
    period: str = strawberry.field(description="month, quarter, year or grant.")
    starts_on: datetime.date | None = strawberry.field(default=None, description="A grant's first day (required).")
    ends_on: datetime.date | None = strawberry.field(default=None, description="A grant's last day (required).")
    hard: bool = strawberry.field(default=True, description="Refuse an order it cannot cover (else: for approval).")
    is_active: bool = strawberry.field(default=True, description="Orders draw on it.")
