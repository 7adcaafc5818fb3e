"""Who may do what with the approvals API (issue 41), for every kind of caller: an Organic Synthesis Lab request is
seen by its buyer, its approvers and whoever reaches the lab with get_orders at level 2, decided only by the
approver whose turn it is, overridden only by an admin reaching the lab; budgets and rules are kept by holders of
manage_approvals (the admins), each for the units they reach. A sibling unit, another company, an individual
customer and a super admin who is not masquerading reach nothing of it; a guest is asked to sign in (40101). Every
refusal leaves everything as it was."""

from __future__ import annotations

import pytest

from accounts.models import CompanyRole
from approvals.models import ApprovalRule, PurchaseRequest
from approvals.services.manage import BudgetData, RuleData, TierData, approval_rule_create, budget_create
from approvals.services.requests import purchase_request_withdraw
from tests.approvals.test_api import (
    APPROVE,
    BUDGET_CREATE,
    BUDGET_DELETE,
    BUDGET_STATUS,
    BUDGET_UPDATE,
    BUDGETS,
    DETAIL,
    INBOX_COUNT,
    LIST,
    OVERRIDE,
    REJECT,
    RESUBMIT,
    RULE_CREATE,
    RULE_DELETE,
    RULE_UPDATE,
    RULES,
    WITHDRAW,
    _state,
    large_orders,  # noqa: F401 — a fixture
    submit,  # noqa: F401 — a fixture
)
from tests.factories.accounts import PASSWORD, UserFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

SESSION_EXPIRED = 40101
CALLERS = (
    "university_admin",  # the parent's admin: the second tier's approver
    "chemistry_admin",  # the department's admin: the first tier's approver
    "chemistry_senior",  # the department's senior buyer, without the units below
    "chemistry_senior_below",  # granted the units below: sees the lab's requests
    "organic_senior",  # the buyer
    "organic_junior",  # the lab's junior buyer
    "biology_admin",  # a sibling unit's admin
    "genetics_senior",  # a member of the sibling unit below
    "other_admin",  # another company's admin
    "individual",  # an individual (B2C) customer
    "super_admin",  # a super admin, not masquerading
    "guest",
)
SEES = {"university_admin", "chemistry_admin", "chemistry_senior_below", "organic_senior"}
MANAGERS = {"university_admin", "chemistry_admin", "biology_admin", "other_admin"}
SIGNED_IN = [caller for caller in CALLERS if caller != "guest"]


@pytest.fixture
def token_of(shop, tree_sign_in, login):
    def run(caller: str) -> str | None:
        if caller == "guest":
            return None
        if caller in ("individual", "super_admin"):
            user = UserFactory(is_super_admin=caller == "super_admin")
            return login(user.email, PASSWORD)
        return tree_sign_in(caller)

    return run


@pytest.fixture
def request_(submit) -> PurchaseRequest:  # noqa: F811 — the fixture imported above
    return submit()


def _refusal(body: dict):
    assert body["data"] is None, body
    return error_code(body)


# --- purchase requests ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_the_request_page_opens_for_its_buyer_its_approvers_and_the_company_reach_only(
    caller, request_, token_of, graphql
):
    body = graphql(DETAIL, {"id": request_.pk}, token=token_of(caller))

    if caller in SEES:
        assert body["data"]["purchaseRequest"]["id"] == request_.pk
    else:
        assert _refusal(body) == (SESSION_EXPIRED if caller == "guest" else "NOT_FOUND")


@pytest.mark.parametrize("caller", CALLERS)
def test_the_company_view_needs_get_orders_at_company_level_and_shows_the_units_reached(
    caller, request_, token_of, graphql
):
    token = token_of(caller)

    body = graphql(LIST, {"view": "company"}, token=token)

    if caller == "guest":
        assert _refusal(body) == SESSION_EXPIRED
    elif caller in ("organic_junior", "individual", "super_admin"):
        assert _refusal(body) == "PERMISSION_DENIED"
    else:
        ids = [edge["node"]["id"] for edge in body["data"]["purchaseRequests"]["edges"]]
        assert ids == ([request_.pk] if caller in SEES else []), caller


@pytest.mark.parametrize("caller", CALLERS)
def test_the_inbox_and_its_badge_are_the_approvers_own(caller, request_, token_of, graphql):
    token = token_of(caller)

    inbox = graphql(LIST, {"view": "inbox"}, token=token)
    mine = graphql(LIST, {"view": "mine"}, token=token)
    badge = graphql(INBOX_COUNT, token=token)

    if caller == "guest":
        assert (_refusal(inbox), _refusal(mine), error_code(badge)) == (SESSION_EXPIRED,) * 3
        return
    waiting = [edge["node"]["id"] for edge in inbox["data"]["purchaseRequests"]["edges"]]
    own = [edge["node"]["id"] for edge in mine["data"]["purchaseRequests"]["edges"]]
    assert waiting == ([request_.pk] if caller == "chemistry_admin" else [])
    assert own == ([request_.pk] if caller == "organic_senior" else [])
    assert badge["data"]["purchaseRequestInboxCount"] == len(waiting)


def _decision_refusal(caller: str) -> str | int | None:
    """The first tier waits for Chemistry's admin: they alone decide; who sees the request and may not decide is
    told NOT_YOUR_TURN, anyone else NOT_FOUND."""
    if caller == "guest":
        return SESSION_EXPIRED
    if caller == "chemistry_admin":
        return None
    return "NOT_YOUR_TURN" if caller in SEES else "NOT_FOUND"


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("operation", ["approve", "reject"])
def test_only_the_approver_whose_turn_it_is_decides(operation, caller, request_, token_of, graphql):
    token = token_of(caller)
    before = _state()

    if operation == "approve":
        body = graphql(APPROVE, {"id": request_.pk}, token=token)
    else:
        body = graphql(REJECT, {"id": request_.pk, "reason": "Not this term."}, token=token)

    refusal = _decision_refusal(caller)
    if refusal is None:
        request_.refresh_from_db()
        assert "errors" not in body, body
        assert (request_.status, request_.current_tier) == (
            ("pending", 1) if operation == "approve" else ("rejected", 0)
        )
    else:
        assert _refusal(body) == refusal
        assert _state() == before


@pytest.mark.parametrize("caller", CALLERS)
def test_only_an_admin_reaching_the_unit_overrides(caller, request_, token_of, graphql):
    ApprovalRule.objects.update(allow_override=True)
    token = token_of(caller)
    before = _state()

    body = graphql(OVERRIDE, {"id": request_.pk, "reason": "Urgent."}, token=token)

    if caller in ("university_admin", "chemistry_admin"):
        assert body["data"]["purchaseRequestOverride"]["status"] == "placed"
    else:
        expected = SESSION_EXPIRED if caller == "guest" else "OVERRIDE_NOT_ALLOWED" if caller in SEES else "NOT_FOUND"
        assert _refusal(body) == expected
        assert _state() == before


@pytest.mark.parametrize("caller", CALLERS)
def test_only_the_buyer_withdraws_or_resubmits(caller, request_, actor_of, token_of, graphql):
    token = token_of(caller)
    before = _state()

    body = graphql(WITHDRAW, {"id": request_.pk}, token=token)

    if caller == "organic_senior":
        assert body["data"]["purchaseRequestWithdraw"]["status"] == "withdrawn"
        assert graphql(RESUBMIT, {"id": request_.pk}, token=token)["data"]["purchaseRequestResubmit"]["addedCount"] == 1
        return
    assert _refusal(body) == (SESSION_EXPIRED if caller == "guest" else "NOT_FOUND")
    assert _state() == before
    purchase_request_withdraw(actor=actor_of("organic_senior"), request_id=request_.pk)  # theirs to resubmit
    before = _state()
    assert _refusal(graphql(RESUBMIT, {"id": request_.pk}, token=token)) == (
        SESSION_EXPIRED if caller == "guest" else "NOT_FOUND"
    )
    assert _state() == before


# --- budgets and rules -----------------------------------------------------------------------------------------------


@pytest.fixture
def chemistry_budget(shop, actor_of):
    return budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Chemistry", amount="5000", currency_code="USD", period="year"),
    )


@pytest.fixture
def chemistry_rule(shop, actor_of):
    return approval_rule_create(
        actor=actor_of("chemistry_admin"),
        data=RuleData(name="Chemistry lines", min_lines=5, tiers=(TierData(role=CompanyRole.ADMIN),)),
    )


def _manage_refusal(caller: str, *, reaches: bool) -> str | int | None:
    if caller == "guest":
        return SESSION_EXPIRED
    if caller not in MANAGERS:
        return "PERMISSION_DENIED"
    return None if reaches else "NOT_FOUND"


@pytest.mark.parametrize("caller", CALLERS)
def test_budgets_and_rules_are_listed_to_their_managers_the_units_above_read_only(
    caller, chemistry_budget, chemistry_rule, token_of, graphql
):
    token = token_of(caller)

    budgets = graphql(BUDGETS, token=token)
    rules = graphql(RULES, token=token)

    refusal = _manage_refusal(caller, reaches=True)
    if refusal is not None:
        assert (_refusal(budgets), _refusal(rules)) == (refusal, refusal)
        return
    rows = [(e["node"]["id"], e["node"]["canEdit"]) for e in budgets["data"]["budgets"]["edges"]]
    rule_rows = [(e["node"]["id"], e["node"]["canEdit"]) for e in rules["data"]["approvalRules"]["edges"]]
    # Chemistry's own: its admin's and the parent's to change; below it (none here) read-only; a sibling: nothing.
    expected = {"university_admin": True, "chemistry_admin": True}.get(caller)
    assert rows == ([] if expected is None else [(chemistry_budget.pk, expected)])
    assert rule_rows == ([] if expected is None else [(chemistry_rule.pk, expected)])


@pytest.mark.parametrize("caller", CALLERS)
def test_a_budget_is_written_by_a_manager_reaching_its_unit_only(caller, shop, chemistry_budget, token_of, graphql):
    token = token_of(caller)
    data = {"name": "Renamed", "amount": "6000", "currencyCode": "USD", "period": "year"}
    before = _state()

    update = graphql(BUDGET_UPDATE, {"id": chemistry_budget.pk, "data": data}, token=token)

    refusal = _manage_refusal(caller, reaches=caller in ("university_admin", "chemistry_admin"))
    if refusal is None:
        assert update["data"]["budgetUpdate"]["amount"] == "6000.00"
        assert graphql(BUDGET_DELETE, {"id": chemistry_budget.pk}, token=token)["data"]["budgetDelete"] is True
        return
    assert _refusal(update) == refusal
    assert _refusal(graphql(BUDGET_DELETE, {"id": chemistry_budget.pk}, token=token)) == refusal
    created = graphql(BUDGET_CREATE, {"data": {**data, "companyId": shop.chemistry.pk}}, token=token)
    assert _refusal(created) == refusal
    assert _state() == before


@pytest.mark.parametrize("caller", CALLERS)
def test_a_rule_is_written_by_a_manager_reaching_its_unit_only(caller, shop, chemistry_rule, token_of, graphql):
    token = token_of(caller)
    data = {"name": "Renamed", "minLines": 9, "tiers": [{"role": CompanyRole.ADMIN}]}
    before = _state()

    update = graphql(RULE_UPDATE, {"id": chemistry_rule.pk, "data": data}, token=token)

    refusal = _manage_refusal(caller, reaches=caller in ("university_admin", "chemistry_admin"))
    if refusal is None:
        assert update["data"]["approvalRuleUpdate"]["minLines"] == 9
        assert graphql(RULE_DELETE, {"id": chemistry_rule.pk}, token=token)["data"]["approvalRuleDelete"] is True
        return
    assert _refusal(update) == refusal
    assert _refusal(graphql(RULE_DELETE, {"id": chemistry_rule.pk}, token=token)) == refusal
    created = graphql(RULE_CREATE, {"data": {**data, "companyId": shop.chemistry.pk}}, token=token)
    assert _refusal(created) == refusal
    assert _state() == before


@pytest.mark.parametrize("caller", CALLERS)
def test_the_budget_in_view_is_the_callers_own_company_line(caller, chemistry_budget, token_of, graphql):
    body = graphql(BUDGET_STATUS, {"amount": "100"}, token=token_of(caller))

    if caller == "guest":
        assert _refusal(body) == SESSION_EXPIRED
        return
    # The Chemistry budget covers orders of Chemistry and the lab below it: not the parent's, nor a sibling's.
    covered = {"chemistry_admin", "chemistry_senior", "chemistry_senior_below", "organic_senior", "organic_junior"}
    ids = [status["budgetId"] for status in body["data"]["budgetStatus"]]
    assert ids == ([chemistry_budget.pk] if caller in covered else [])
