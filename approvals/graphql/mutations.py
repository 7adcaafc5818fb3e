"""Budgets and approvals, changed (issue 41): an approver's decisions and the buyer's withdrawal
(approvals.services.requests, which hold every rule of a decision), and a manager's budgets and rules
(approvals.services.manage). Thin: resolve the id the caller may reach, call the service, answer with the row.
Putting a request's lines back into the cart (purchaseRequestResubmit) lives in storefront, which owns the cart."""

from __future__ import annotations

from typing import Annotated

import strawberry

from accounts.permissions import Code, Level
from approvals import selectors
from approvals.graphql.queries import budget_answer, purchase_request_answer, rule_answer
from approvals.graphql.types import (
    ApprovalRuleInput,
    ApprovalRuleType,
    BudgetInput,
    BudgetType,
    PurchaseRequestType,
)
from approvals.services import manage, requests
from portal.graphql.permissions import IsAuthenticated, requires

REQUEST_ID = strawberry.argument(description="The purchase request's id.")
REASON = strawberry.argument(description=f"At most {requests.REASON_MAX_LENGTH:,} characters.")
MANAGE = requires(Code.MANAGE_APPROVALS, Level.COMPANY)


def _budget_data(data: BudgetInput) -> manage.BudgetData:
    return manage.BudgetData(
        company_id=data.company_id, name=data.name, cost_centre=data.cost_centre, user_id=data.user_id,
        amount=data.amount, currency_code=data.currency_code, period=data.period, starts_on=data.starts_on,
        ends_on=data.ends_on, hard=data.hard, is_active=data.is_active,
    )  # fmt: skip


def _rule_data(data: ApprovalRuleInput) -> manage.RuleData:
    return manage.RuleData(
        company_id=data.company_id, name=data.name, is_active=data.is_active, replaces_id=data.replaces_id,
        min_total=data.min_total, currency_code=data.currency_code, cost_centre=data.cost_centre,
        category_id=data.category_id, off_price_list=data.off_price_list, min_lines=data.min_lines,
        buyer_roles=tuple(data.buyer_roles), over_budget=data.over_budget, allow_override=data.allow_override,
        tiers=tuple(
            manage.TierData(role=tier.role, levels_up=tier.levels_up, user_ids=tuple(tier.user_ids))
            for tier in data.tiers
        ),
    )  # fmt: skip


def _visible(info: strawberry.Info, request_id: int) -> None:
    """A request the caller cannot open is NOT_FOUND, before any decision rule is asked (nothing leaks)."""
    selectors.purchase_request_get(actor=info.context.actor, request_id=request_id)


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Approve a purchase request for the tier whose turn it is (an approver of it: NOT_YOUR_TURN "
        "otherwise); the last tier's approval places the order as submitted. REQUEST_NOT_PENDING once decided, "
        "PRICES_EXPIRED when its prices are no longer held (it expires), NOT_FOUND for a request the caller cannot "
        "open. Recorded in the audit log.",
    )
    def purchase_request_approve(
        self, info: strawberry.Info, id: Annotated[int, REQUEST_ID], reason: Annotated[str, REASON] = ""
    ) -> PurchaseRequestType:
        _visible(info, id)
        requests.purchase_request_approve(actor=info.context.actor, request_id=id, reason=reason)
        return purchase_request_answer(info.context.actor, id)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Reject a purchase request with a reason its buyer sees (VALIDATION_ERROR on reason: required, "
        "max_length); what it committed of budgets is given back. Errors as purchaseRequestApprove.",
    )
    def purchase_request_reject(
        self, info: strawberry.Info, id: Annotated[int, REQUEST_ID], reason: Annotated[str, REASON]
    ) -> PurchaseRequestType:
        _visible(info, id)
        requests.purchase_request_reject(actor=info.context.actor, request_id=id, reason=reason)
        return purchase_request_answer(info.context.actor, id)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="Approve every open tier at once and place the order: a company admin reaching the request's "
        "unit, not its buyer, where every rule it met allows it (OVERRIDE_NOT_ALLOWED otherwise; a soft budget alone "
        "allows none). Recorded in the audit "
        "log with the reason. REQUEST_NOT_PENDING, PRICES_EXPIRED, NOT_FOUND as purchaseRequestApprove.",
    )
    def purchase_request_override(
        self, info: strawberry.Info, id: Annotated[int, REQUEST_ID], reason: Annotated[str, REASON]
    ) -> PurchaseRequestType:
        _visible(info, id)
        requests.purchase_request_override(actor=info.context.actor, request_id=id, reason=reason)
        return purchase_request_answer(info.context.actor, id)

    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="The buyer takes back their pending request; what it committed of budgets is given back. "
        "REQUEST_NOT_PENDING once decided; NOT_FOUND for anyone but its buyer.",
    )
    def purchase_request_withdraw(self, info: strawberry.Info, id: Annotated[int, REQUEST_ID]) -> PurchaseRequestType:
        _visible(info, id)
        requests.purchase_request_withdraw(actor=info.context.actor, request_id=id)
        return purchase_request_answer(info.context.actor, id)

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="A budget of the unit the caller acts for or of one below it (manage_approvals at level 2; "
        "another unit: NOT_FOUND). VALIDATION_ERROR with fieldCodes: name (required, max_length), amount "
        "(required, invalid, min_value), currencyCode (required, invalid_choice), period (invalid_choice), startsOn / "
        "endsOn (required for a grant; ends_before_start), costCentre (max_length), userId (invalid_choice: a member "
        "of the unit or of a unit below it). Recorded in the audit log.",
    )
    def budget_create(self, info: strawberry.Info, budget_data: BudgetInput) -> BudgetType:
        actor = info.context.actor
        budget = manage.budget_create(actor=actor, data=_budget_data(budget_data))
        return budget_answer(actor, [budget])[0]

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="Change a budget of a unit the caller reaches (a budget of a unit above: NOT_FOUND, it is "
        "read-only to them). Field errors as budgetCreate; its ledger stays. Recorded in the audit log.",
    )
    def budget_update(self, info: strawberry.Info, id: int, budget_data: BudgetInput) -> BudgetType:
        actor = info.context.actor
        budget = manage.budget_update(actor=actor, budget_id=id, data=_budget_data(budget_data))
        return budget_answer(actor, [budget])[0]

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="Delete a budget of a unit the caller reaches, with its ledger (else NOT_FOUND). Recorded in the "
        "audit log.",
    )
    def budget_delete(self, info: strawberry.Info, id: int) -> bool:
        manage.budget_delete(actor=info.context.actor, budget_id=id)
        return True

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="An approval rule of the unit the caller acts for or of one below it (manage_approvals at level "
        "2; another unit: NOT_FOUND): it holds the orders of that unit and the units below it that meet every "
        "condition it sets. VALIDATION_ERROR with fieldCodes: name (required, max_length), conditions (required: "
        "set at least one), minTotal (invalid, min_value), currencyCode (invalid_choice), costCentre (max_length), "
        "replacesId (invalid_choice: a rule of a unit above), categoryId (invalid_choice), minLines (out_of_range), "
        "buyerRoles (invalid_choice, too_many), tiers (required, too_many: 1 to 10), tiers.<n>.role (invalid_choice; "
        "required without userIds), tiers.<n>.levelsUp (out_of_range), tiers.<n>.userIds (invalid_choice: people of "
        "the company tree; too_many). Recorded in the audit log.",
    )
    def approval_rule_create(self, info: strawberry.Info, rule_data: ApprovalRuleInput) -> ApprovalRuleType:
        actor = info.context.actor
        rule = manage.approval_rule_create(actor=actor, data=_rule_data(rule_data))
        return rule_answer(actor, selectors.rule_loaded(rule.pk))

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="Change a rule of a unit the caller reaches (an inherited rule: NOT_FOUND; replace it with one of "
        "the unit's own instead). Field errors as approvalRuleCreate; its tiers are replaced. Requests already "
        "submitted keep their approvers. Recorded in the audit log.",
    )
    def approval_rule_update(self, info: strawberry.Info, id: int, rule_data: ApprovalRuleInput) -> ApprovalRuleType:
        actor = info.context.actor
        rule = manage.approval_rule_update(actor=actor, rule_id=id, data=_rule_data(rule_data))
        return rule_answer(actor, selectors.rule_loaded(rule.pk))

    @strawberry.mutation(
        permission_classes=[MANAGE],
        description="Delete a rule of a unit the caller reaches (else NOT_FOUND); the rules below that replaced it "
        "stay as rules of their own. Recorded in the audit log.",
    )
    def approval_rule_delete(self, info: strawberry.Info, id: int) -> bool:
        manage.approval_rule_delete(actor=info.context.actor, rule_id=id)
        return True
