"""Reads of approvals (issue 41): purchase requests as their buyer, their approvers and the company see them; the
budgets and approval rules a manager sees; the state of each tier of a request.

Every read is scoped here, by the actor: a request is seen by its buyer, by the approvers it was sent to, and by
whoever reaches its unit with get_orders at level 2 (the company's orders); budgets and rules by a holder of
manage_approvals at level 2, those of the units they reach to change and those of the units above to read. A page
of requests, budgets or rules is read in a fixed number of queries, whatever its size."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone

from accounts.models import Company
from accounts.permissions import Code, Level
from accounts.selectors import Actor
from approvals.models import (
    ApprovalDecision,
    ApprovalRule,
    ApprovalTier,
    Budget,
    Decision,
    PurchaseRequest,
    PurchaseRequestStatus,
    RequestApprover,
)
from approvals.services.budgets import BudgetUse
from approvals.services.gate import remaining_after
from orders.permissions import REORDER, order_action_allowed
from portal.errors import NotFound, field_error
from portal.models import Currency
from portal.selectors import store_current

# As approvals.services.requests answers it for a request the caller may not reach: the same words either way.
REQUEST_NOT_FOUND_MESSAGE = "No such purchase request."
BUDGET_NOT_FOUND_MESSAGE = "Budget not found."
RULE_NOT_FOUND_MESSAGE = "Approval rule not found."
ORDER_BY_REQUIRED_MESSAGE = "Invalid query: orderBy property is required"  # shell §5, as every sorted list

VIEW_INBOX = "inbox"
VIEW_MINE = "mine"
VIEW_COMPANY = "company"
REQUEST_VIEWS = (VIEW_INBOX, VIEW_MINE, VIEW_COMPANY)
REQUEST_ORDERINGS = {"createdAt": "created_at", "grandTotal": "grand_total"}
RESUBMITTABLE = (PurchaseRequestStatus.REJECTED, PurchaseRequestStatus.WITHDRAWN, PurchaseRequestStatus.EXPIRED)
MAX_AMOUNT = Decimal("999999999999.99")  # MONEY: 14 digits, 2 of them decimals
COST_CENTRE_MAX_LENGTH = 60  # PurchaseRequest.cost_centre, Budget.cost_centre


# --- money and currencies as the forms send them -------------------------------------------------------------------


def money_parsed(text: str) -> Decimal:
    """An amount typed in a form ("5000", "5000.5", "5000.50"): 0 or more, two decimals at most. ValidationError with
    its code (invalid, min_value) otherwise."""
    try:
        amount = Decimal(text.strip())
    except InvalidOperation:
        raise ValidationError("Enter an amount such as 5000.00.", code="invalid") from None
    if not amount.is_finite():
        raise ValidationError("Enter an amount such as 5000.00.", code="invalid")
    if amount < 0:
        raise ValidationError("Enter 0 or more.", code="min_value")
    if amount > MAX_AMOUNT or amount != amount.quantize(Decimal("0.01")):
        raise ValidationError(f"Enter at most {MAX_AMOUNT}, with two decimals at most.", code="invalid")
    return amount.quantize(Decimal("0.01"))


def is_store_currency(code: str) -> bool:
    """One of the store's currencies (portal.models.Currency), enabled."""
    return len(code) == 3 and Currency.objects.filter(store=store_current(), code=code, enabled=True).exists()


def budget_status(*, actor: Actor, cost_centre: str, amount: str, currency_code: str) -> list[BudgetUse]:
    """Budget in view: the budgets an order of the actor on `cost_centre` for `amount` in `currency_code` would draw
    on, with what it would leave of each (approvals.services.gate.remaining_after: the gate's own reading). None for
    a caller outside a company. Field errors for an amount, currency or code the form could not have sent."""
    code = cost_centre.strip()
    if len(code) > COST_CENTRE_MAX_LENGTH:
        raise field_error("costCentre", f"Use at most {COST_CENTRE_MAX_LENGTH} characters.", code="max_length")
    try:
        total = money_parsed(amount)
    except ValidationError as error:
        raise field_error("amount", error.messages[0], code=str(error.code)) from None
    currency = currency_code.strip().upper()
    if not is_store_currency(currency):
        raise field_error("currencyCode", "Choose one of the store's currencies.", code="invalid_choice")
    return remaining_after(actor=actor, cost_centre=code, total=total, currency_code=currency)


# --- purchase requests -------------------------------------------------------------------------------------------


def company_reach(actor: Actor) -> bool:
    """The actor sees every request of the units they reach: get_orders at level 2 (the company's orders)."""
    return actor.b2b_company is not None and actor.can(Code.GET_ORDERS, Level.COMPANY)


def _tree_top(company: Company) -> int:
    """The top unit of the company's tree (no query)."""
    return (company.ancestor_ids or [company.pk])[0]


def _same_tree(actor: Actor) -> Q:
    """Requests of units of the tree the actor works in: an approver who left it sees none of its requests (as
    approvals.services.requests.may_decide decides nothing for them)."""
    if actor.b2b_company is None:
        return Q(pk__in=[])
    top = _tree_top(actor.b2b_company)
    return Q(company_id=top) | Q(company__path__startswith=f"/{top}/")


def _approver_of(actor: Actor, *, current_tier: bool) -> Exists:
    rows = RequestApprover.objects.filter(purchase_request=OuterRef("pk"), user_id=actor.user.pk if actor.user else 0)
    if current_tier:
        rows = rows.filter(tier=OuterRef("current_tier"))
    return Exists(rows)


def purchase_requests_visible_to(actor: Actor) -> QuerySet[PurchaseRequest]:
    """The requests the actor may open: their own (in the units they work in), those they were asked to approve (in
    their company's tree), and, with get_orders at level 2, every request of the units they reach."""
    if actor.user is None or actor.b2b_company is None:
        return PurchaseRequest.objects.none()
    seen = (Q(requested_by_id=actor.user.pk) & actor.company_scope("company")) | (
        _same_tree(actor) & Q(_approver_of(actor, current_tier=False))
    )
    if company_reach(actor):
        seen |= actor.company_scope("company")
    return PurchaseRequest.objects.filter(seen)


def _request_ordering(order_by: str) -> list[str]:
    if not order_by:
        raise field_error("orderBy", ORDER_BY_REQUIRED_MESSAGE, code="required")
    column = REQUEST_ORDERINGS.get(order_by.removeprefix("-"))
    if column is None:
        raise field_error(
            "orderBy", f"Sort by one of: {', '.join(REQUEST_ORDERINGS)} (prefix - to reverse).", code="invalid_choice"
        )
    prefix = "-" if order_by.startswith("-") else ""
    return [f"{prefix}{column}", f"{prefix}pk"]


def purchase_request_inbox(actor: Actor) -> QuerySet[PurchaseRequest]:
    """The requests waiting for the actor: pending, and the actor is an approver of the tier whose turn it is."""
    if actor.user is None or actor.b2b_company is None:
        return PurchaseRequest.objects.none()
    return PurchaseRequest.objects.filter(
        _same_tree(actor), _approver_of(actor, current_tier=True), status=PurchaseRequestStatus.PENDING
    )


def purchase_request_list(
    *, actor: Actor, view: str, order_by: str, status: str | None = None, company_id: int | None = None
) -> QuerySet[PurchaseRequest]:
    """One of the three lists: `inbox` (waiting for the actor), `mine` (the actor's own, in the units they work in),
    `company` (every request of the units they reach: get_orders at level 2, else PermissionDenied). `status` filters,
    `company_id` narrows to one unit the actor reaches (Actor.units_chosen: another is a field error)."""
    if view not in REQUEST_VIEWS:
        raise field_error("view", f"Choose one of: {', '.join(REQUEST_VIEWS)}.", code="invalid_choice")
    if view == VIEW_COMPANY and not company_reach(actor):
        raise PermissionDenied("You may not see the company's purchase requests.")
    ordering = _request_ordering(order_by)
    if status is not None and status not in PurchaseRequestStatus.values:
        raise field_error("status", f"Choose one of: {', '.join(PurchaseRequestStatus.values)}.", code="invalid_choice")
    if actor.user is None or actor.b2b_company is None:
        return PurchaseRequest.objects.none()
    if view == VIEW_INBOX:
        requests = purchase_request_inbox(actor)
    elif view == VIEW_MINE:
        requests = PurchaseRequest.objects.filter(actor.company_scope("company"), requested_by_id=actor.user.pk)
    else:
        requests = PurchaseRequest.objects.filter(actor.company_scope("company"))
    if company_id is not None:
        requests = requests.filter(company_id__in=actor.units_chosen(company_id))
    if status is not None:
        requests = requests.filter(status=status)
    return requests.order_by(*ordering)


def purchase_requests_loaded(requests: QuerySet[PurchaseRequest]) -> QuerySet[PurchaseRequest]:
    """With what a request's fields read: its unit, buyer and order joined, its decisions (and who took them) in one
    more query for the whole page."""
    return requests.select_related("company", "requested_by", "order").prefetch_related(
        Prefetch("decisions", queryset=ApprovalDecision.objects.select_related("user").order_by("created_at", "pk"))
    )


def purchase_request_get(*, actor: Actor, request_id: int) -> PurchaseRequest:
    """A request the actor may open (purchase_requests_visible_to), loaded; NotFound for any other."""
    request = purchase_requests_loaded(purchase_requests_visible_to(actor).filter(pk=request_id)).first()
    if request is None:
        raise NotFound(REQUEST_NOT_FOUND_MESSAGE)
    return request


def purchase_request_for_resubmit(*, actor: Actor, request_id: int) -> PurchaseRequest:
    """The actor's own request (in the units they work in) to submit again: NotFound for anyone else's, and
    PermissionDenied unless it was rejected, withdrawn or expired (a pending one is withdrawn first)."""
    request = None
    if actor.user is not None and actor.b2b_company is not None:
        request = PurchaseRequest.objects.filter(
            actor.company_scope("company"), pk=request_id, requested_by_id=actor.user.pk
        ).first()
    if request is None:
        raise NotFound(REQUEST_NOT_FOUND_MESSAGE)
    if request.status not in RESUBMITTABLE:
        raise PermissionDenied("Only a rejected, withdrawn or expired purchase request can be submitted again.")
    return request


@dataclass(frozen=True)
class RequestRights:
    """What the actor may do with each request of a page, read in at most two queries for the page: as
    approvals.services.requests.may_decide and may_override answer for one request (their mutations ask those), and
    nothing while the request's prices are no longer held (the decision would only be refused PRICES_EXPIRED)."""

    decidable: frozenset[int]
    overridable: frozenset[int]
    may_buy: bool
    user_id: int | None

    @classmethod
    def of(cls, actor: Actor, requests: Sequence[PurchaseRequest]) -> RequestRights:
        now = timezone.now()
        user, company = actor.user, actor.b2b_company
        decidable: set[int] = set()
        overridable: set[int] = set()
        if user is not None and user.is_active and company is not None:
            # may_decide: an approver of the tier whose turn it is, still working in the request's company tree.
            top = _tree_top(company)
            open_requests = [
                r for r in requests
                if r.status == PurchaseRequestStatus.PENDING and r.prices_held_until > now
                and _tree_top(r.company) == top
            ]  # fmt: skip
            turns = {r.pk: r.current_tier for r in open_requests}
            if turns:
                rows = RequestApprover.objects.filter(purchase_request_id__in=list(turns), user_id=user.pk)
                decidable = {pk for pk, tier in rows.values_list("purchase_request_id", "tier") if turns[pk] == tier}
            # may_override: a company admin reaching the unit, not the buyer, where every rule it met allows it.
            met = {
                r.pk: {reason["id"] for reason in r.reasons if reason.get("kind") == "rule"}
                for r in open_requests
                if actor.role == 0 and r.company_id in actor.unit_ids and r.requested_by_id != user.pk
            }
            rule_ids = set().union(*met.values())
            allowing = (
                set(ApprovalRule.objects.filter(pk__in=rule_ids, allow_override=True).values_list("pk", flat=True))
                if rule_ids
                else set()
            )
            overridable = {pk for pk, ids in met.items() if ids and ids <= allowing}
        return cls(
            decidable=frozenset(decidable),
            overridable=frozenset(overridable),
            may_buy=order_action_allowed(REORDER, actor),
            user_id=user.pk if user is not None else None,
        )

    def can_approve(self, request: PurchaseRequest) -> bool:
        return request.pk in self.decidable

    def can_override(self, request: PurchaseRequest) -> bool:
        return request.pk in self.overridable

    def can_withdraw(self, request: PurchaseRequest) -> bool:
        return (
            self.user_id is not None
            and request.requested_by_id == self.user_id
            and request.status == PurchaseRequestStatus.PENDING
        )

    def can_resubmit(self, request: PurchaseRequest) -> bool:
        """The buyer of a rejected, withdrawn or expired request, while they may buy: its lines into their cart."""
        return (
            self.may_buy
            and self.user_id is not None
            and request.requested_by_id == self.user_id
            and request.status in RESUBMITTABLE
        )


@dataclass(frozen=True)
class TierState:
    position: int
    label: str
    rule_name: str
    state: str  # approved | waiting | upcoming | rejected | overridden | skipped
    decided_by: str | None
    decided_at: datetime.datetime | None
    reason: str
    via: str


def _person(user) -> str | None:
    return None if user is None else (user.get_full_name() or user.email)


def request_tier_states(request: PurchaseRequest) -> list[TierState]:
    """Each tier of the request as it stands: decided (approved, rejected, overridden: by whom, when, why and how),
    waiting (its turn), upcoming, or skipped (the request ended before its turn). An override approves every tier
    still open at once: those tiers read as overridden by it. From the request's decisions as loaded
    (purchase_requests_loaded): no query."""
    decided: dict[int, ApprovalDecision] = {}
    override: ApprovalDecision | None = None
    for row in request.decisions.all():
        decided[row.tier] = row
        if row.decision == Decision.OVERRIDDEN:
            override = row
    states = []
    for position, tier in enumerate(request.tiers if isinstance(request.tiers, list) else []):
        tier = tier if isinstance(tier, dict) else {}
        decision: ApprovalDecision | None = decided.get(position)
        if decision is None and override is not None and position > override.tier:
            decision = override
        if decision is not None:
            state, by, at, reason, via = (
                decision.decision, _person(decision.user), decision.created_at, decision.reason, decision.via
            )  # fmt: skip
        else:
            by, at, reason, via = None, None, "", ""
            if request.status != PurchaseRequestStatus.PENDING:
                state = "skipped"
            elif position == request.current_tier:
                state = "waiting"
            elif position > request.current_tier:
                state = "upcoming"
            else:
                state = "skipped"
        states.append(
            TierState(
                position=position,
                label=str(tier.get("label", "")),
                rule_name=str(tier.get("ruleName", "")),
                state=state,
                decided_by=by,
                decided_at=at,
                reason=reason,
                via=via,
            )
        )
    return states


# --- budgets and rules, as a manager sees them ---------------------------------------------------------------------


def _managed_units(actor: Actor, company_id: int | None) -> tuple[tuple[int, ...], list[int]]:
    """The units whose budgets or rules a manager's list shows: those they reach (or the one of them `company_id`
    names), and the units above it, whose budgets and rules it inherits (read-only to them)."""
    units = actor.units_chosen(company_id)
    company = actor.b2b_company
    if company is None:
        return (), []
    if company_id is None or company_id == company.pk:
        return units, company.ancestor_ids
    chosen = Company.objects.only("pk", "path").get(pk=company_id)
    return units, chosen.ancestor_ids


def budgets_for_manager(*, actor: Actor, company_id: int | None = None) -> QuerySet[Budget]:
    """The budgets of the units the actor reaches and of the units above (inherited), from the top of the tree down;
    with their unit and buyer joined."""
    units, above = _managed_units(actor, company_id)
    if not units:
        return Budget.objects.none()
    return (
        Budget.objects.filter(company_id__in=[*above, *units])
        .select_related("company", "user")
        .order_by("company__depth", "company__name", "company_id", "name", "pk")
    )


def rules_for_manager(*, actor: Actor, company_id: int | None = None) -> QuerySet[ApprovalRule]:
    """The approval rules of the units the actor reaches and of the units above (inherited), from the top down; with
    their unit, the rule they replace, their category and their tiers (and the tiers' people) in two more queries."""
    units, above = _managed_units(actor, company_id)
    if not units:
        return ApprovalRule.objects.none()
    return (
        ApprovalRule.objects.filter(company_id__in=[*above, *units])
        .select_related("company", "replaces", "category")
        .prefetch_related(
            Prefetch("tiers", queryset=ApprovalTier.objects.order_by("position", "pk").prefetch_related("users"))
        )
        .order_by("company__depth", "company__name", "company_id", "name", "pk")
    )


def budget_for_change(*, actor: Actor, budget_id: int) -> Budget:
    """A budget of a unit the actor reaches, for a change; NotFound for any other (one above them is read-only)."""
    budget = Budget.objects.select_related("company", "user").filter(actor.company_scope("company"), pk=budget_id)
    found = budget.first() if actor.b2b_company is not None else None
    if found is None:
        raise NotFound(BUDGET_NOT_FOUND_MESSAGE)
    return found


def rule_for_change(*, actor: Actor, rule_id: int) -> ApprovalRule:
    """An approval rule of a unit the actor reaches, for a change; NotFound for any other."""
    rules = ApprovalRule.objects.select_related("company").filter(actor.company_scope("company"), pk=rule_id)
    found = rules.first() if actor.b2b_company is not None else None
    if found is None:
        raise NotFound(RULE_NOT_FOUND_MESSAGE)
    return found


def rule_loaded(rule_id: int) -> ApprovalRule:
    """One rule with what its fields read (rules_for_manager's relations)."""
    return (
        ApprovalRule.objects.select_related("company", "replaces", "category")
        .prefetch_related(
            Prefetch("tiers", queryset=ApprovalTier.objects.order_by("position", "pk").prefetch_related("users"))
        )
        .get(pk=rule_id)
    )
