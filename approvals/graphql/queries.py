"""Budgets and approvals, read (issue 41): the purchase request lists (inbox, mine, company) and page, the inbox
badge, the budgets and rules a manager keeps, and the budget in view. The selectors scope every read to the caller
(approvals.selectors); these resolvers page and shape."""

from __future__ import annotations

from typing import Annotated

import strawberry

from accounts.permissions import Code, Level
from approvals import selectors
from approvals.graphql.types import (
    ApprovalRuleConnection,
    ApprovalRuleEdge,
    ApprovalRuleType,
    BudgetConnection,
    BudgetEdge,
    BudgetStatus,
    BudgetType,
    PurchaseRequestConnection,
    PurchaseRequestEdge,
    PurchaseRequestType,
)
from approvals.services.budgets import budget_figures
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import IsAuthenticated, requires

MAX_PAGE_SIZE = 100


def purchase_request_answer(actor, request_id: int) -> PurchaseRequestType:
    """One request the caller may open, with what they may do with it (NOT_FOUND for any other)."""
    request = selectors.purchase_request_get(actor=actor, request_id=request_id)
    return PurchaseRequestType.of(request, selectors.RequestRights.of(actor, [request]))


def budget_answer(actor, budgets) -> list[BudgetType]:
    """Budgets with their figures (one query for all of them); those of units the caller does not reach inherited."""
    reach = set(actor.unit_ids)
    return [BudgetType(figures=item, inherited=item.budget.company_id not in reach) for item in budget_figures(budgets)]


def rule_answer(actor, rule) -> ApprovalRuleType:
    return ApprovalRuleType(rule=rule, inherited=rule.company_id not in set(actor.unit_ids))


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="Purchase requests (issue 41). view inbox: pending, waiting for the caller (an approver of the "
        "tier whose turn it is); mine: the caller's own, in the units they work in; company: every request of the "
        "units the caller reaches with get_orders at level 2 (PERMISSION_DENIED otherwise). status filters "
        "(pending, placed, rejected, withdrawn, expired); companyId narrows to one unit the caller reaches (else "
        "VALIDATION_ERROR on companyId, invalid_choice). orderBy is required ('Invalid query: orderBy property is "
        "required'): createdAt or grandTotal, prefixed - for descending.",
    )
    def purchase_requests(
        self,
        info: strawberry.Info,
        view: Annotated[str, strawberry.argument(description="inbox, mine or company.")] = selectors.VIEW_INBOX,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: Annotated[int, strawberry.argument(description="How many requests to skip.")] = 0,
        status: Annotated[
            str | None, strawberry.argument(description="pending, placed, rejected, withdrawn or expired.")
        ] = None,
        company_id: Annotated[int | None, strawberry.argument(description="One unit the caller reaches.")] = None,
        *,
        order_by: Annotated[
            str, strawberry.argument(description="createdAt or grandTotal; - for descending. Required.")
        ],
    ) -> PurchaseRequestConnection:
        actor = info.context.actor
        requests = selectors.purchase_request_list(
            actor=actor, view=view, order_by=order_by, status=status, company_id=company_id
        )
        page_arguments_checked(first, offset, max_first=MAX_PAGE_SIZE, noun="requests")
        page = list(selectors.purchase_requests_loaded(requests)[offset : offset + first]) if first else []
        rights = selectors.RequestRights.of(actor, page)
        return PurchaseRequestConnection(
            total_count=requests.count(),
            edges=[PurchaseRequestEdge(node=PurchaseRequestType.of(request, rights)) for request in page],
        )

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="A purchase request: its buyer's, its approvers' (any tier), and that of whoever reaches its unit "
        "with get_orders at level 2. Any other, or a missing id: NOT_FOUND ('No such purchase request.').",
    )
    def purchase_request(self, info: strawberry.Info, id: int) -> PurchaseRequestType:
        return purchase_request_answer(info.context.actor, id)

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="How many purchase requests wait for the caller (purchaseRequests view inbox): the menu's badge.",
    )
    def purchase_request_inbox_count(self, info: strawberry.Info) -> int:
        return selectors.purchase_request_inbox(info.context.actor).count()

    @strawberry.field(
        permission_classes=[requires(Code.MANAGE_APPROVALS, Level.COMPANY)],
        description="The budgets of the units the caller reaches (manage_approvals at level 2), each with its figures "
        "in its current period, and those of the units above, which apply to them read-only (isInherited, canEdit "
        "false); from the top of the tree down. companyId narrows to one unit the caller reaches and those above it.",
    )
    def budgets(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 20,
        offset: Annotated[int, strawberry.argument(description="How many budgets to skip.")] = 0,
        company_id: Annotated[int | None, strawberry.argument(description="One unit the caller reaches.")] = None,
    ) -> BudgetConnection:
        actor = info.context.actor
        budgets = selectors.budgets_for_manager(actor=actor, company_id=company_id)
        page_arguments_checked(first, offset, max_first=MAX_PAGE_SIZE, noun="budgets")
        page = list(budgets[offset : offset + first]) if first else []
        return BudgetConnection(
            total_count=budgets.count(), edges=[BudgetEdge(node=node) for node in budget_answer(actor, page)]
        )

    @strawberry.field(
        permission_classes=[requires(Code.MANAGE_APPROVALS, Level.COMPANY)],
        description="The approval rules of the units the caller reaches (manage_approvals at level 2), with their "
        "tiers, and those of the units above, which hold their orders too, read-only (isInherited, canEdit false); "
        "from the top of the tree down. companyId narrows to one unit the caller reaches and those above it.",
    )
    def approval_rules(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 20,
        offset: Annotated[int, strawberry.argument(description="How many rules to skip.")] = 0,
        company_id: Annotated[int | None, strawberry.argument(description="One unit the caller reaches.")] = None,
    ) -> ApprovalRuleConnection:
        actor = info.context.actor
        rules = selectors.rules_for_manager(actor=actor, company_id=company_id)
        page_arguments_checked(first, offset, max_first=MAX_PAGE_SIZE, noun="rules")
        page = list(rules[offset : offset + first]) if first else []
        return ApprovalRuleConnection(
            total_count=rules.count(), edges=[ApprovalRuleEdge(node=rule_answer(actor, rule)) for rule in page]
        )

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="Budget in view: the budgets an order of the caller on costCentre for amount (in currencyCode, "
        "one of the store's) would draw on, with what it would leave of each; none for a caller outside a company. "
        "VALIDATION_ERROR on amount (invalid, min_value), currencyCode (invalid_choice), costCentre (max_length).",
    )
    def budget_status(
        self,
        info: strawberry.Info,
        cost_centre: Annotated[str, strawberry.argument(description="The order's cost centre or grant code.")] = "",
        *,
        amount: Annotated[str, strawberry.argument(description="The order's total, e.g. 1250.00.")],
        currency_code: Annotated[str, strawberry.argument(description="Its currency.")],
    ) -> list[BudgetStatus]:
        uses = selectors.budget_status(
            actor=info.context.actor, cost_centre=cost_centre, amount=amount, currency_code=currency_code
        )
        return [BudgetStatus.of(use) for use in uses]
