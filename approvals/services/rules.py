"""Approval rules (issue 41): which rules hold an order of a unit, whether an order meets one, and who approves it.

A unit's rules are its own and those of every unit above it, less those a unit on the way down replaced
(`ApprovalRule.replaces`). Reading them is one query for the rules and one for their tiers, whatever the depth of
the tree or the number of rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Prefetch

from accounts.models import Company, CompanyMembership, CompanyRole, User
from approvals.models import ApprovalRule, ApprovalTier
from approvals.services.money import Rates


def rules_for(company: Company) -> list[ApprovalRule]:
    """The active rules that hold the orders of `company`: its own and its ancestors', from the top down, less the
    replaced ones."""
    units = [*company.ancestor_ids, company.pk]
    depth = {unit: index for index, unit in enumerate(units)}
    rules = list(
        ApprovalRule.objects.filter(company_id__in=units, is_active=True)
        .select_related("company")
        .prefetch_related(
            Prefetch("tiers", queryset=ApprovalTier.objects.order_by("position", "pk").prefetch_related("users"))
        )
    )
    replaced = {rule.replaces_id for rule in rules if rule.replaces_id is not None}
    rules = [rule for rule in rules if rule.pk not in replaced]
    return sorted(rules, key=lambda rule: (depth[rule.company_id], rule.name, rule.pk))


@dataclass
class OrderFacts:
    """What the rules look at, read once for an order."""

    grand_total: Decimal
    currency_code: str
    exchange_rate: Decimal | None
    cost_centre: str
    line_count: int
    category_ids: set[int]
    off_price_list: bool
    buyer_role: int | None
    over_soft_budget: bool
    rates: Rates = field(default_factory=Rates)


def rule_reasons(rule: ApprovalRule, facts: OrderFacts) -> list[str] | None:
    """The conditions of the rule the order meets, in words; None when it misses one (or the rule sets none)."""
    reasons: list[str] = []
    if rule.min_total is not None:
        currency = rule.currency_code or facts.currency_code
        total = facts.rates.convert(facts.grand_total, facts.currency_code, currency, rate_from=facts.exchange_rate)
        if total <= rule.min_total:
            return None
        reasons.append(f"total above {rule.min_total} {currency}")
    if rule.cost_centre:
        if facts.cost_centre.strip().lower() != rule.cost_centre.strip().lower():
            return None
        reasons.append(f"cost centre {rule.cost_centre}")
    if rule.category_id is not None:
        if rule.category_id not in facts.category_ids:
            return None
        reasons.append("a product of a restricted category")
    if rule.off_price_list:
        if not facts.off_price_list:
            return None
        reasons.append("a product off the price list")
    if rule.min_lines is not None:
        if facts.line_count <= rule.min_lines:
            return None
        reasons.append(f"more than {rule.min_lines} lines")
    if rule.buyer_roles:
        if facts.buyer_role not in rule.buyer_roles:
            return None
        reasons.append("the buyer's role")
    if rule.over_budget:
        if not facts.over_soft_budget:
            return None
        reasons.append("over budget")
    return reasons or None


@dataclass
class ResolvedTier:
    rule_id: int | None
    rule_name: str
    label: str
    approver_ids: list[int]

    def to_json(self) -> dict:
        return {"rule": self.rule_id, "ruleName": self.rule_name, "label": self.label, "approverIds": self.approver_ids}


def _unit_at(company: Company, levels_up: int) -> int:
    """The id of the unit `levels_up` above `company` (its top unit when the tree is not as deep)."""
    chain = [*company.ancestor_ids, company.pk]
    return chain[max(len(chain) - 1 - levels_up, 0)]


def tiers_resolve(
    rules: Sequence[ApprovalRule], *, company: Company, requester: User | None, fallback_unit_ids: Sequence[int] = ()
) -> list[ResolvedTier]:
    """Each tier of the matched rules with its approvers now: the members of the tier's role in its unit, and its
    named users; never the buyer themselves. A tier left with nobody falls to the admins of the nearest unit above
    that has some. `fallback_unit_ids` adds a tier of those units' admins (a soft budget exceeded without a rule
    that names approvers for it). Two queries whatever the number of rules and tiers."""
    chain = [*company.ancestor_ids, company.pk]
    names = dict(Company.objects.filter(pk__in=chain).values_list("pk", "name"))
    members: dict[tuple[int, int], list[int]] = {}
    memberships = CompanyMembership.objects.filter(company_id__in=chain, user__is_active=True)
    if requester is not None:
        memberships = memberships.exclude(user_id=requester.pk)
    for user_id, unit_id, role in memberships.order_by("user_id").values_list("user_id", "company_id", "role"):
        members.setdefault((unit_id, role), []).append(user_id)

    def admins_from(unit_id: int) -> tuple[int, list[int]]:
        index = chain.index(unit_id) if unit_id in chain else len(chain) - 1
        for candidate in reversed(chain[: index + 1]):
            found = members.get((candidate, CompanyRole.ADMIN), [])
            if found:
                return candidate, found
        return unit_id, []

    requester_id = requester.pk if requester is not None else None
    resolved: list[ResolvedTier] = []
    for rule in rules:
        for tier in rule.tiers.all():
            unit_id = _unit_at(company, tier.levels_up)
            approvers: list[int] = []
            parts: list[str] = []
            if tier.role is not None:
                approvers += members.get((unit_id, tier.role), [])
                parts.append(f"{CompanyRole(tier.role).label}s of {names.get(unit_id, '')}")
            named = [user for user in tier.users.all() if user.pk != requester_id and user.is_active]
            approvers += [user.pk for user in named]
            parts += [user.get_full_name() or user.email for user in named]
            if not approvers:
                unit_id, approvers = admins_from(unit_id)
                parts = [f"Admins of {names.get(unit_id, '')}"]
            resolved.append(ResolvedTier(rule.pk, rule.name, ", ".join(parts), sorted(set(approvers))))
    for unit_id in fallback_unit_ids:
        unit_id, approvers = admins_from(unit_id)
        resolved.append(ResolvedTier(None, "Budget exceeded", f"Admins of {names.get(unit_id, '')}", approvers))
    return resolved
