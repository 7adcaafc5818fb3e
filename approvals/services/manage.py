"""Budgets and approval rules set by a company's managers (issue 41): a holder of manage_approvals at level 2 creates,
changes and deletes the budgets and rules of the unit they work in and of the units below it. Those of the units
above are theirs to read, not to change (a unit replaces an inherited rule with one of its own: `replaces`); a unit
out of their reach does not exist for them (NotFound). Every change is written to the company's audit log."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q

from accounts.models import Company, CompanyMembership, CompanyRole
from accounts.permissions import Code, Level
from accounts.selectors import Actor
from accounts.services import audit_record
from approvals.models import ApprovalRule, ApprovalTier, Budget, BudgetPeriod
from approvals.selectors import (
    COST_CENTRE_MAX_LENGTH,
    budget_for_change,
    is_store_currency,
    money_parsed,
    rule_for_change,
)
from portal.errors import NotFound, field_errors
from pricing.models import Category

NAME_MAX_LENGTH = 120
MAX_TIERS = 10
MAX_TIER_USERS = 50
MAX_LEVELS_UP = 10
MAX_MIN_LINES = 10_000
UNIT_NOT_FOUND_MESSAGE = "Company not found."

BUDGET_CREATED_ACTION = "budget_created"
BUDGET_UPDATED_ACTION = "budget_updated"
BUDGET_DELETED_ACTION = "budget_deleted"
RULE_CREATED_ACTION = "approval_rule_created"
RULE_UPDATED_ACTION = "approval_rule_updated"
RULE_DELETED_ACTION = "approval_rule_deleted"


@dataclass(frozen=True)
class BudgetData:
    """A budget as its form sends it; `company_id` None: the unit the actor works in."""

    name: str
    amount: str
    currency_code: str
    period: str
    company_id: int | None = None
    cost_centre: str = ""
    user_id: int | None = None
    starts_on: datetime.date | None = None
    ends_on: datetime.date | None = None
    hard: bool = True
    is_active: bool = True


@dataclass(frozen=True)
class TierData:
    """One step of a rule: the holders of `role` in the ordering unit (`levels_up` 0) or a unit above it, and/or the
    people named."""

    role: int | None = None
    levels_up: int = 0
    user_ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class RuleData:
    """An approval rule as its form sends it; `company_id` None: the unit the actor works in."""

    name: str
    tiers: tuple[TierData, ...]
    company_id: int | None = None
    is_active: bool = True
    replaces_id: int | None = None
    min_total: str | None = None
    currency_code: str = ""
    cost_centre: str = ""
    category_id: int | None = None
    off_price_list: bool = False
    min_lines: int | None = None
    buyer_roles: tuple[int, ...] = ()
    over_budget: bool = False
    allow_override: bool = False


@dataclass
class _Errors:
    """Field errors gathered over a whole form, raised at once (each with its code)."""

    items: dict[str, list[ValidationError]] = field(default_factory=dict)

    def add(self, name: str, message: str, code: str) -> None:
        self.items.setdefault(name, []).append(ValidationError(message, code=code))

    def raise_any(self) -> None:
        if self.items:
            raise field_errors(self.items)


def _manager(actor: Actor) -> None:
    if actor.b2b_company is None or not actor.can(Code.MANAGE_APPROVALS, Level.COMPANY):
        raise PermissionDenied("You may not manage budgets and approval rules.")


def _unit(actor: Actor, company_id: int | None) -> Company:
    """The unit a budget or rule is for: the one the actor works in (None), or one they reach; NotFound otherwise."""
    company = actor.b2b_company
    assert company is not None  # _manager
    if company_id is None or company_id == company.pk:
        return company
    if company_id not in actor.unit_ids:
        raise NotFound(UNIT_NOT_FOUND_MESSAGE)
    return Company.objects.get(pk=company_id)


def _tree_members(unit: Company, user_ids: Sequence[int], *, below_only: bool) -> set[int]:
    """Which of `user_ids` are active members of the unit's tree: of the unit and the units below it (`below_only`),
    else of any unit of the company tree it belongs to."""
    top_id = unit.pk if below_only else (unit.ancestor_ids or [unit.pk])[0]
    top_path = unit.tree_path if below_only else f"/{top_id}/"
    members = CompanyMembership.objects.filter(
        Q(company_id=top_id) | Q(company__path__startswith=top_path), user_id__in=list(user_ids), user__is_active=True
    )
    return set(members.values_list("user_id", flat=True))


def _amount(errors: _Errors, name: str, value: str | None, *, required: bool) -> Decimal | None:
    if not (value or "").strip():
        if required:
            errors.add(name, "Enter an amount.", "required")
        return None
    try:
        return money_parsed(value or "")
    except ValidationError as error:
        errors.add(name, error.messages[0], str(error.code))
        return None


def _name(errors: _Errors, value: str) -> str:
    name = value.strip()
    if not name:
        errors.add("name", "Enter a name.", "required")
    elif len(name) > NAME_MAX_LENGTH:
        errors.add("name", f"Use at most {NAME_MAX_LENGTH} characters.", "max_length")
    return name


def _cost_centre(errors: _Errors, value: str) -> str:
    code = value.strip()
    if len(code) > COST_CENTRE_MAX_LENGTH:
        errors.add("costCentre", f"Use at most {COST_CENTRE_MAX_LENGTH} characters.", "max_length")
    return code


# --- budgets -------------------------------------------------------------------------------------------------------


def _budget_values(actor: Actor, data: BudgetData) -> tuple[Company, dict]:
    unit = _unit(actor, data.company_id)
    errors = _Errors()
    name = _name(errors, data.name)
    cost_centre = _cost_centre(errors, data.cost_centre)
    amount = _amount(errors, "amount", data.amount, required=True)
    currency = data.currency_code.strip().upper()
    if not currency:
        errors.add("currencyCode", "Choose a currency.", "required")
    elif not is_store_currency(currency):
        errors.add("currencyCode", "Choose one of the store's currencies.", "invalid_choice")
    if data.period not in BudgetPeriod.values:
        errors.add("period", f"Choose one of: {', '.join(BudgetPeriod.values)}.", "invalid_choice")
    starts_on, ends_on = (data.starts_on, data.ends_on) if data.period == BudgetPeriod.GRANT else (None, None)
    if data.period == BudgetPeriod.GRANT:
        if starts_on is None:
            errors.add("startsOn", "Enter the grant's first day.", "required")
        if ends_on is None:
            errors.add("endsOn", "Enter the grant's last day.", "required")
        if starts_on is not None and ends_on is not None and ends_on < starts_on:
            errors.add("endsOn", "The last day cannot be before the first.", "ends_before_start")
    if data.user_id is not None and not _tree_members(unit, [data.user_id], below_only=True):
        errors.add("userId", "Choose a buyer of this unit or of a unit below it.", "invalid_choice")
    errors.raise_any()
    return unit, {
        "company": unit, "name": name, "cost_centre": cost_centre, "user_id": data.user_id, "amount": amount,
        "currency_code": currency, "period": data.period, "starts_on": starts_on, "ends_on": ends_on,
        "hard": data.hard, "is_active": data.is_active,
    }  # fmt: skip


def _budget_changes(budget: Budget) -> dict:
    return {
        "companyId": budget.company_id, "name": budget.name, "costCentre": budget.cost_centre,
        "userId": budget.user_id, "amount": str(budget.amount), "currencyCode": budget.currency_code,
        "period": budget.period, "startsOn": budget.starts_on.isoformat() if budget.starts_on else None,
        "endsOn": budget.ends_on.isoformat() if budget.ends_on else None, "hard": budget.hard,
        "isActive": budget.is_active,
    }  # fmt: skip


@transaction.atomic
def budget_create(*, actor: Actor, data: BudgetData) -> Budget:
    """A budget of the unit the actor works in or of one below it (NotFound for another unit)."""
    _manager(actor)
    unit, values = _budget_values(actor, data)
    budget = Budget.objects.create(**values)
    audit_record(
        action=BUDGET_CREATED_ACTION,
        summary=f"Budget “{budget.name}” created: {budget.amount} {budget.currency_code} a {budget.period}",
        actor=actor, company=unit, target=budget, changes=_budget_changes(budget),
    )  # fmt: skip
    return budget


@transaction.atomic
def budget_update(*, actor: Actor, budget_id: int, data: BudgetData) -> Budget:
    """Change a budget of a unit the actor reaches (NotFound for another: one above them is read-only). What orders
    committed and spent stays in its ledger."""
    _manager(actor)
    budget = budget_for_change(actor=actor, budget_id=budget_id)
    unit, values = _budget_values(actor, data)
    before = _budget_changes(budget)
    for name, value in values.items():
        setattr(budget, name, value)
    budget.save()
    after = _budget_changes(budget)
    audit_record(
        action=BUDGET_UPDATED_ACTION, summary=f"Budget “{budget.name}” changed", actor=actor, company=unit,
        target=budget, changes={key: after[key] for key in after if after[key] != before[key]},
    )  # fmt: skip
    return budget


@transaction.atomic
def budget_delete(*, actor: Actor, budget_id: int) -> None:
    """Delete a budget of a unit the actor reaches, with its ledger (NotFound for another)."""
    _manager(actor)
    budget = budget_for_change(actor=actor, budget_id=budget_id)
    audit_record(
        action=BUDGET_DELETED_ACTION, summary=f"Budget “{budget.name}” deleted", actor=actor, company=budget.company,
        target=budget, changes=_budget_changes(budget),
    )  # fmt: skip
    budget.delete()


# --- approval rules ------------------------------------------------------------------------------------------------


def _tier_errors(errors: _Errors, unit: Company, tiers: Sequence[TierData]) -> None:
    if not tiers:
        errors.add("tiers", "Add at least one tier of approvers.", "required")
        return
    if len(tiers) > MAX_TIERS:
        errors.add("tiers", f"Use at most {MAX_TIERS} tiers.", "too_many")
        return
    named = {user_id for tier in tiers if len(tier.user_ids) <= MAX_TIER_USERS for user_id in tier.user_ids}
    members = _tree_members(unit, sorted(named), below_only=False) if named else set()
    for index, tier in enumerate(tiers):
        prefix = f"tiers.{index}"
        if tier.role is not None and tier.role not in CompanyRole.values:
            errors.add(f"{prefix}.role", "Choose a role.", "invalid_choice")
        if not 0 <= tier.levels_up <= MAX_LEVELS_UP:
            errors.add(f"{prefix}.levelsUp", f"Enter 0 to {MAX_LEVELS_UP}.", "out_of_range")
        if len(tier.user_ids) > MAX_TIER_USERS:
            errors.add(f"{prefix}.userIds", f"Name at most {MAX_TIER_USERS} people.", "too_many")
        elif any(user_id not in members for user_id in tier.user_ids):
            errors.add(f"{prefix}.userIds", "Choose people of this company.", "invalid_choice")
        if tier.role is None and not tier.user_ids:
            errors.add(f"{prefix}.role", "Choose a role or the people who approve.", "required")


def _rule_values(actor: Actor, data: RuleData, *, rule: ApprovalRule | None = None) -> tuple[Company, dict]:
    unit = _unit(actor, data.company_id)
    errors = _Errors()
    name = _name(errors, data.name)
    cost_centre = _cost_centre(errors, data.cost_centre)
    min_total = _amount(errors, "minTotal", data.min_total, required=False)
    currency = data.currency_code.strip().upper()
    if currency and not is_store_currency(currency):
        errors.add("currencyCode", "Choose one of the store's currencies.", "invalid_choice")
    if (
        data.replaces_id is not None
        and not ApprovalRule.objects.filter(pk=data.replaces_id, company_id__in=unit.ancestor_ids).exists()
    ):
        errors.add("replacesId", "Choose a rule of a unit above this one.", "invalid_choice")
    if rule is not None and rule.company_id != unit.pk:
        # The rules that replace this one stand in units below it: it may not move beside or below them.
        below = ApprovalRule.objects.filter(replaces=rule).select_related("company")
        if any(unit.pk not in other.company.ancestor_ids for other in below):
            errors.add("companyId", "Rules of the units below replace this one: keep it above them.", "invalid_choice")
    if data.category_id is not None and not Category.objects.filter(pk=data.category_id).exists():
        errors.add("categoryId", "Choose a category of the catalog.", "invalid_choice")
    if data.min_lines is not None and not 0 <= data.min_lines <= MAX_MIN_LINES:
        errors.add("minLines", f"Enter 0 to {MAX_MIN_LINES:,}.", "out_of_range")
    if len(data.buyer_roles) > len(CompanyRole.values):
        errors.add("buyerRoles", f"Choose at most {len(CompanyRole.values)} roles.", "too_many")
    elif any(role not in CompanyRole.values for role in data.buyer_roles):
        errors.add("buyerRoles", "Choose roles of the company.", "invalid_choice")
    buyer_roles = sorted(set(data.buyer_roles))
    has_condition = (
        min_total is not None or cost_centre or data.category_id is not None or data.off_price_list
        or data.min_lines is not None or buyer_roles or data.over_budget
    )  # fmt: skip
    if not has_condition and "minTotal" not in errors.items:
        # approvals.services.rules.rule_reasons: a rule without a condition holds no order.
        errors.add("conditions", "Set at least one condition the orders it holds meet.", "required")
    _tier_errors(errors, unit, data.tiers)
    errors.raise_any()
    return unit, {
        "company": unit, "name": name, "is_active": data.is_active, "replaces_id": data.replaces_id,
        "min_total": min_total, "currency_code": currency, "cost_centre": cost_centre,
        "category_id": data.category_id, "off_price_list": data.off_price_list, "min_lines": data.min_lines,
        "buyer_roles": buyer_roles, "over_budget": data.over_budget, "allow_override": data.allow_override,
    }  # fmt: skip


def _tiers_write(rule: ApprovalRule, tiers: Sequence[TierData]) -> None:
    rule.tiers.all().delete()
    made = ApprovalTier.objects.bulk_create(
        [
            ApprovalTier(rule=rule, position=position, role=tier.role, levels_up=tier.levels_up)
            for position, tier in enumerate(tiers)
        ]
    )
    through = ApprovalTier.users.through
    through.objects.bulk_create(
        [
            through(approvaltier_id=tier.pk, user_id=user_id)
            for tier, data in zip(made, tiers, strict=True)
            for user_id in dict.fromkeys(data.user_ids)
        ]
    )


def _rule_changes(rule: ApprovalRule, tiers: Sequence[TierData]) -> dict:
    return {
        "companyId": rule.company_id, "name": rule.name, "isActive": rule.is_active, "replacesId": rule.replaces_id,
        "minTotal": None if rule.min_total is None else str(rule.min_total), "currencyCode": rule.currency_code,
        "costCentre": rule.cost_centre, "categoryId": rule.category_id, "offPriceList": rule.off_price_list,
        "minLines": rule.min_lines, "buyerRoles": list(rule.buyer_roles), "overBudget": rule.over_budget,
        "allowOverride": rule.allow_override,
        "tiers": [{"role": t.role, "levelsUp": t.levels_up, "userIds": list(t.user_ids)} for t in tiers],
    }  # fmt: skip


def _tiers_of(rule: ApprovalRule) -> list[TierData]:
    return [
        TierData(role=tier.role, levels_up=tier.levels_up, user_ids=tuple(u.pk for u in tier.users.all()))
        for tier in rule.tiers.order_by("position", "pk").prefetch_related("users")
    ]


@transaction.atomic
def approval_rule_create(*, actor: Actor, data: RuleData) -> ApprovalRule:
    """An approval rule of the unit the actor works in or of one below it (NotFound for another unit), held by that
    unit and every unit below it."""
    _manager(actor)
    unit, values = _rule_values(actor, data)
    rule = ApprovalRule.objects.create(**values)
    _tiers_write(rule, data.tiers)
    audit_record(
        action=RULE_CREATED_ACTION, summary=f"Approval rule “{rule.name}” created", actor=actor, company=unit,
        target=rule, changes=_rule_changes(rule, data.tiers),
    )  # fmt: skip
    return rule


@transaction.atomic
def approval_rule_update(*, actor: Actor, rule_id: int, data: RuleData) -> ApprovalRule:
    """Change a rule of a unit the actor reaches (NotFound for another: an inherited rule is replaced, not changed).
    Requests already submitted keep the approvers they were sent to."""
    _manager(actor)
    rule = rule_for_change(actor=actor, rule_id=rule_id)
    if data.replaces_id is not None and data.replaces_id == rule.pk:
        raise field_errors({"replacesId": [ValidationError("A rule cannot replace itself.", code="invalid_choice")]})
    unit, values = _rule_values(actor, data, rule=rule)
    before = _rule_changes(rule, _tiers_of(rule))
    for name, value in values.items():
        setattr(rule, name, value)
    rule.save()
    _tiers_write(rule, data.tiers)
    after = _rule_changes(rule, data.tiers)
    audit_record(
        action=RULE_UPDATED_ACTION, summary=f"Approval rule “{rule.name}” changed", actor=actor, company=unit,
        target=rule, changes={key: after[key] for key in after if after[key] != before[key]},
    )  # fmt: skip
    return rule


@transaction.atomic
def approval_rule_delete(*, actor: Actor, rule_id: int) -> None:
    """Delete a rule of a unit the actor reaches (NotFound for another). The rules of the units below that replaced
    it stay, as rules of their own (they have nothing left to replace). Requests already submitted keep their
    approvers."""
    _manager(actor)
    rule = rule_for_change(actor=actor, rule_id=rule_id)
    # ApprovalRule.replaces cascades: keep the units' own rules rather than delete them with the one they replaced.
    ApprovalRule.objects.filter(replaces=rule).update(replaces=None)
    audit_record(
        action=RULE_DELETED_ACTION, summary=f"Approval rule “{rule.name}” deleted", actor=actor, company=rule.company,
        target=rule, changes=_rule_changes(rule, _tiers_of(rule)),
    )  # fmt: skip
    rule.delete()
