"""The approvals GraphQL API (issue 41): the purchase request lists (inbox, mine, company) and page, the inbox badge,
an approver's decisions, the buyer's withdrawal and change-and-resubmit, the budgets and approval rules a manager
keeps (their field errors and audit log), and the budget in view. Requests are held through the one door
(approvals.services.placement.order_place, tests/factories/approvals.place), rules and budgets made through the
managers' services. Every list's query count is the same for 2 rows as for 12."""

from __future__ import annotations

import datetime
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import AuditEvent, CompanyRole, User
from accounts.selectors import actor_for_user
from approvals.models import (
    ApprovalDecision,
    ApprovalRule,
    ApprovalTier,
    Budget,
    BudgetCharge,
    ChargeState,
    PurchaseRequest,
)
from approvals.services.manage import BudgetData, RuleData, TierData, approval_rule_create, budget_create
from approvals.services.requests import may_decide, may_override
from orders.models import Order
from pricing.models import Product
from storefront.models import Cart
from tests.factories.accounts import MembershipFactory
from tests.factories.approvals import held_request, place
from tests.helpers import count_queries, error_code

pytestmark = pytest.mark.django_db

REQUEST_FIELDS = """id status companyId companyName requestedById requestedByName requestedByEmail createdAt decidedAt
  pricesHeldUntil currencyCode subtotal taxTotal shippingTotal grandTotal costCentre poNumber paymentMethod lineCount
  lines { sku name quantity unitPrice lineTotal options { name value } }
  tiers { position label ruleName state decidedBy decidedAt reason via }
  currentTier currentTierLabel reasons { kind name conditions amount remaining currencyCode }
  orderId orderNumber rejectionReason resubmittedFromId canApprove canReject canOverride canWithdraw canResubmit"""
LIST = """query($view: String!, $status: String, $companyId: Int, $first: Int! = 50, $offset: Int! = 0,
  $orderBy: String! = "-createdAt") {
  purchaseRequests(view: $view, status: $status, companyId: $companyId, first: $first, offset: $offset,
                   orderBy: $orderBy) { totalCount edges { node { REQUEST } } } }""".replace("REQUEST", REQUEST_FIELDS)
DETAIL = "query($id: Int!) { purchaseRequest(id: $id) { REQUEST } }".replace("REQUEST", REQUEST_FIELDS)
INBOX_COUNT = "{ purchaseRequestInboxCount }"
APPROVE = """mutation($id: Int!, $reason: String! = "") {
  purchaseRequestApprove(id: $id, reason: $reason) { REQUEST } }""".replace("REQUEST", REQUEST_FIELDS)
REJECT = """mutation($id: Int!, $reason: String!) {
  purchaseRequestReject(id: $id, reason: $reason) { REQUEST } }""".replace("REQUEST", REQUEST_FIELDS)
OVERRIDE = """mutation($id: Int!, $reason: String!) {
  purchaseRequestOverride(id: $id, reason: $reason) { REQUEST } }""".replace("REQUEST", REQUEST_FIELDS)
WITHDRAW = "mutation($id: Int!) { purchaseRequestWithdraw(id: $id) { REQUEST } }".replace("REQUEST", REQUEST_FIELDS)
RESUBMIT = "mutation($id: Int!) { purchaseRequestResubmit(id: $id) { cartId checkoutUrl addedCount notAdded } }"
BUDGET_FIELDS = """id companyId companyName name costCentre userId userEmail amount currencyCode period startsOn endsOn
  hard isActive committed spent remaining isOpen periodStart periodEnd isInherited canEdit"""
BUDGETS = """query($companyId: Int, $first: Int! = 50) {
  budgets(companyId: $companyId, first: $first) { totalCount edges { node { BUDGET } } } }""".replace(
    "BUDGET", BUDGET_FIELDS
)
BUDGET_CREATE = "mutation($data: BudgetInput!) { budgetCreate(budgetData: $data) { BUDGET } }".replace(
    "BUDGET", BUDGET_FIELDS
)
BUDGET_UPDATE = """mutation($id: Int!, $data: BudgetInput!) {
  budgetUpdate(id: $id, budgetData: $data) { BUDGET } }""".replace("BUDGET", BUDGET_FIELDS)
BUDGET_DELETE = "mutation($id: Int!) { budgetDelete(id: $id) }"
RULE_FIELDS = """id companyId companyName name isActive isInherited canEdit replacesId replacesName minTotal
  currencyCode costCentre categoryId categoryName offPriceList minLines buyerRoles overBudget allowOverride
  tiers { position role levelsUp userIds userNames label }"""
RULES = """query($companyId: Int, $first: Int! = 50) {
  approvalRules(companyId: $companyId, first: $first) { totalCount edges { node { RULE } } } }""".replace(
    "RULE", RULE_FIELDS
)
RULE_CREATE = "mutation($data: ApprovalRuleInput!) { approvalRuleCreate(ruleData: $data) { RULE } }".replace(
    "RULE", RULE_FIELDS
)
RULE_UPDATE = """mutation($id: Int!, $data: ApprovalRuleInput!) {
  approvalRuleUpdate(id: $id, ruleData: $data) { RULE } }""".replace("RULE", RULE_FIELDS)
RULE_DELETE = "mutation($id: Int!) { approvalRuleDelete(id: $id) }"
BUDGET_STATUS = """query($costCentre: String! = "", $amount: String!, $currencyCode: String! = "USD") {
  budgetStatus(costCentre: $costCentre, amount: $amount, currencyCode: $currencyCode) {
    budgetId name currencyCode amount committed spent remaining thisOrder leftAfter exceeds hard isOpen } }"""

ETHANOL = "Ethanol, absolute, ≥99.8%"


# --- data, through the services ---------------------------------------------------------------------------------------


@pytest.fixture
def large_orders(shop, actor_of) -> ApprovalRule:
    """The university's rule for orders above 1,000 USD: the admins one unit above the ordering unit, then those two
    above (an Organic Synthesis Lab order: Chemistry's admin, then the university's)."""
    return approval_rule_create(
        actor=actor_of("university_admin"),
        data=RuleData(
            name="Above 1000", min_total="1000", currency_code="USD",
            tiers=(TierData(role=CompanyRole.ADMIN, levels_up=1), TierData(role=CompanyRole.ADMIN, levels_up=2)),
        ),
    )  # fmt: skip


@pytest.fixture
def submit(large_orders, actor_of, small):
    """Hold an order of the user (by key) for approval: `quantity` × HS-1001-100ML at 600.00 (1,200.00 for two)."""

    def run(key: str = "organic_senior", quantity: int = 2, unit_price: Decimal = Decimal("600.00"), **draft):
        return held_request(place(actor_of(key), [(small, quantity)], unit_price=unit_price, **draft))

    return run


@pytest.fixture
def request_(submit) -> PurchaseRequest:
    return submit()


def _ok(body: dict, name: str):
    assert "errors" not in body, body
    return body["data"][name]


def _nodes(body: dict) -> list[dict]:
    return [edge["node"] for edge in _ok(body, "purchaseRequests")["edges"]]


def _field_codes(body: dict) -> dict:
    assert body["data"] is None, body
    error = body["errors"][0]
    assert error["extensions"]["code"] == "VALIDATION_ERROR", error
    return error["extensions"]["fieldCodes"]


def _state() -> tuple:
    """Everything the approvals API may change."""
    return (
        list(PurchaseRequest.objects.order_by("pk").values()),
        list(ApprovalDecision.objects.order_by("pk").values()),
        list(BudgetCharge.objects.order_by("pk").values()),
        list(Budget.objects.order_by("pk").values()),
        list(ApprovalRule.objects.order_by("pk").values()),
        list(ApprovalTier.objects.order_by("pk").values("rule_id", "position", "role", "levels_up", "users")),
        Order.objects.count(),
        Cart.objects.count(),
        AuditEvent.objects.count(),
    )


# --- the request page -------------------------------------------------------------------------------------------------


def test_the_request_page_shows_the_order_as_submitted_its_tiers_and_why_it_waits(
    shop, request_, tree_sign_in, graphql
):
    approver = _ok(graphql(DETAIL, {"id": request_.pk}, token=tree_sign_in("chemistry_admin")), "purchaseRequest")
    buyer = _ok(graphql(DETAIL, {"id": request_.pk}, token=tree_sign_in("organic_senior")), "purchaseRequest")

    organic = shop.users["organic_senior"]
    assert {key: approver[key] for key in approver if key not in ("createdAt", "pricesHeldUntil")} == {
        "id": request_.pk, "status": "pending", "companyId": shop.organic_lab.pk,
        "companyName": "Organic Synthesis Lab", "requestedById": organic.pk,
        "requestedByName": organic.get_full_name(), "requestedByEmail": organic.email, "decidedAt": None,
        "currencyCode": "USD", "subtotal": "1200.00", "taxTotal": "0.00", "shippingTotal": "0.00",
        "grandTotal": "1200.00", "costCentre": "", "poNumber": "PO-41", "paymentMethod": "purchase_order",
        "lineCount": 1,
        "lines": [{"sku": "HS-1001-100ML", "name": ETHANOL, "quantity": 2, "unitPrice": "600.00",
                   "lineTotal": "1200.00", "options": []}],
        "tiers": [
            {"position": 0, "label": "Admins of Chemistry", "ruleName": "Above 1000", "state": "waiting",
             "decidedBy": None, "decidedAt": None, "reason": "", "via": ""},
            {"position": 1, "label": "Admins of Northfield University", "ruleName": "Above 1000",
             "state": "upcoming", "decidedBy": None, "decidedAt": None, "reason": "", "via": ""},
        ],
        "currentTier": 0, "currentTierLabel": "Admins of Chemistry",
        "reasons": [{"kind": "rule", "name": "Above 1000", "conditions": ["total above 1000.00 USD"],
                     "amount": None, "remaining": None, "currencyCode": None}],
        "orderId": None, "orderNumber": None, "rejectionReason": "", "resubmittedFromId": None,
        "canApprove": True, "canReject": True, "canOverride": False, "canWithdraw": False, "canResubmit": False,
    }  # fmt: skip
    held = datetime.datetime.fromisoformat(approver["pricesHeldUntil"])
    assert held == request_.prices_held_until
    assert {key: buyer[key] for key in ("canApprove", "canReject", "canWithdraw", "canResubmit")} == {
        "canApprove": False, "canReject": False, "canWithdraw": True, "canResubmit": False,
    }  # fmt: skip


def test_a_soft_budget_exceeded_is_a_reason_with_its_figures(shop, actor_of, small, tree_sign_in, graphql):
    budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Chemistry soft", amount="500", currency_code="USD", period="year", hard=False),
    )
    request = held_request(place(actor_of("organic_senior"), [(small, 2)], unit_price=Decimal("400.00")))

    node = _ok(graphql(DETAIL, {"id": request.pk}, token=tree_sign_in("organic_senior")), "purchaseRequest")

    assert node["reasons"] == [
        {"kind": "budget", "name": "Chemistry soft", "conditions": [], "amount": "800.00", "remaining": "500.00",
         "currencyCode": "USD"}
    ]  # fmt: skip
    assert [(tier["label"], tier["ruleName"], tier["state"]) for tier in node["tiers"]] == [
        ("Admins of Chemistry", "Budget exceeded", "waiting")
    ]


def test_the_rights_on_the_page_answer_as_the_decision_services_do(
    shop, large_orders, submit, actor_of, small, tree_sign_in, graphql
):
    """canApprove / canOverride, read for a whole page at once, answer as may_decide / may_override do for each
    request: an override needs every rule the order met to allow it, a soft budget alone allows none."""
    approval_rule_create(
        actor=actor_of("chemistry_admin"),
        data=RuleData(name="Hazardous", cost_centre="HAZ",
                      tiers=(TierData(user_ids=(shop.users["biology_admin"].pk,)),)),
    )  # fmt: skip
    budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Lab soft", amount="100", currency_code="USD", period="year", hard=False,
                        company_id=shop.organic_lab.pk),
    )  # fmt: skip
    ApprovalRule.objects.filter(pk=large_orders.pk).update(allow_override=True)
    requests = [
        submit(),  # Above 1000 alone, which allows an override (and the soft budget)
        submit(cost_centre="HAZ"),  # Above 1000 and Hazardous, which does not
        held_request(place(actor_of("organic_senior"), [(small, 1)], unit_price=Decimal("150.00"))),  # the budget
    ]
    callers = ("chemistry_admin", "university_admin", "organic_senior", "chemistry_senior_below", "biology_admin")
    seen = 0
    for key in callers:
        token = tree_sign_in(key)
        actor = actor_of(key)
        listed = {node["id"]: node for node in _nodes(graphql(LIST, {"view": "company"}, token=token))}
        for request in requests:
            body = graphql(DETAIL, {"id": request.pk}, token=token)
            if body["data"] is None:
                continue
            expected = (may_decide(actor, request), may_override(actor, request))
            node = body["data"]["purchaseRequest"]
            assert (node["canApprove"], node["canOverride"]) == expected, (key, request.reasons)
            if request.pk in listed:
                assert (listed[request.pk]["canApprove"], listed[request.pk]["canOverride"]) == expected
            seen += 1
    assert seen == 13  # four callers open all three; biology_admin the Hazardous one only, its named approver
    # Only the first may be overridden, by the admins reaching the lab: Hazardous allows none, nor a budget alone.
    assert {
        (key, index) for key in callers for index, request in enumerate(requests)
        if may_override(actor_of(key), request)
    } == {("chemistry_admin", 0), ("university_admin", 0)}  # fmt: skip


# --- the lists --------------------------------------------------------------------------------------------------------


def test_the_inbox_holds_what_waits_for_the_caller_and_its_badge_counts_it(shop, submit, tree_sign_in, graphql):
    first, second = submit(), submit()
    submit("chemistry_senior")  # Chemistry's: the university's admins approve it, not Chemistry's
    chemistry = tree_sign_in("chemistry_admin")
    university = tree_sign_in("university_admin")

    assert [node["id"] for node in _nodes(graphql(LIST, {"view": "inbox"}, token=chemistry))] == [second.pk, first.pk]
    assert _ok(graphql(INBOX_COUNT, token=chemistry), "purchaseRequestInboxCount") == 2
    # The university's admin waits for Chemistry's first: only Chemistry's own request is theirs now.
    assert _ok(graphql(INBOX_COUNT, token=university), "purchaseRequestInboxCount") == 1

    assert "errors" not in graphql(APPROVE, {"id": first.pk}, token=chemistry)

    assert [node["id"] for node in _nodes(graphql(LIST, {"view": "inbox"}, token=chemistry))] == [second.pk]
    assert _ok(graphql(INBOX_COUNT, token=university), "purchaseRequestInboxCount") == 2
    assert _ok(graphql(INBOX_COUNT, token=tree_sign_in("organic_senior")), "purchaseRequestInboxCount") == 0


def test_mine_lists_the_callers_own_requests(shop, submit, tree_sign_in, graphql):
    own = submit()
    submit("chemistry_senior")

    nodes = _nodes(graphql(LIST, {"view": "mine"}, token=tree_sign_in("organic_senior")))

    assert [(node["id"], node["canWithdraw"]) for node in nodes] == [(own.pk, True)]


def test_the_company_view_follows_the_tree(shop, submit, small, tree_sign_in, graphql):
    """A parent's admin sees the requests of the units below; a child's admin does not see the parent's."""
    lab = submit()
    chemistry = submit("chemistry_senior")
    top_buyer = MembershipFactory(company=shop.university, role=CompanyRole.SENIOR_BUYER).user
    top = held_request(place(actor_for_user(top_buyer), [(small, 2)], unit_price=Decimal("600.00")))

    def ids(key: str, **variables) -> list[int]:
        return [node["id"] for node in _nodes(graphql(LIST, {"view": "company", **variables}, token=tree_sign_in(key)))]

    assert ids("university_admin") == [top.pk, chemistry.pk, lab.pk]
    assert ids("chemistry_admin") == [chemistry.pk, lab.pk]
    assert ids("chemistry_senior") == [chemistry.pk]  # no reach below their unit
    assert ids("organic_senior") == [lab.pk]
    assert ids("biology_admin") == []
    assert ids("university_admin", companyId=shop.chemistry.pk) == [chemistry.pk]
    body = graphql(LIST, {"view": "company", "companyId": shop.university.pk}, token=tree_sign_in("chemistry_admin"))
    assert _field_codes(body) == {"companyId": ["invalid_choice"]}


def test_the_lists_filter_by_status_and_sort(shop, submit, tree_sign_in, graphql):
    cheap, dear = submit(quantity=2), submit(quantity=3)
    token = tree_sign_in("chemistry_admin")
    graphql(REJECT, {"id": cheap.pk, "reason": "Not now."}, token=token)

    def ids(**variables) -> list[int]:
        return [node["id"] for node in _nodes(graphql(LIST, {"view": "company", **variables}, token=token))]

    assert ids(status="rejected") == [cheap.pk]
    assert ids(status="pending") == [dear.pk]
    assert ids(orderBy="grandTotal") == [cheap.pk, dear.pk]
    assert ids(orderBy="-grandTotal") == [dear.pk, cheap.pk]
    assert ids(orderBy="createdAt") == [cheap.pk, dear.pk]
    assert ids(first=1, offset=1) == [cheap.pk]
    assert _field_codes(graphql(LIST, {"view": "company", "orderBy": ""}, token=token)) == {"orderBy": ["required"]}
    assert _field_codes(graphql(LIST, {"view": "company", "orderBy": "name"}, token=token)) == {
        "orderBy": ["invalid_choice"]
    }
    assert _field_codes(graphql(LIST, {"view": "all"}, token=token)) == {"view": ["invalid_choice"]}
    assert _field_codes(graphql(LIST, {"view": "mine", "status": "open"}, token=token)) == {
        "status": ["invalid_choice"]
    }
    assert _field_codes(graphql(LIST, {"view": "mine", "first": 101}, token=token)) == {"first": ["out_of_range"]}


@pytest.mark.parametrize("view", ["inbox", "mine", "company"])
def test_a_page_of_requests_costs_the_same_queries_for_2_as_for_12(view, shop, submit, tree_sign_in, graphql):
    key = {"inbox": "chemistry_admin", "mine": "organic_senior", "company": "university_admin"}[view]
    token = tree_sign_in(key)
    submit(), submit()
    graphql(LIST, {"view": view}, token=token)  # the caller and the store read once into their caches

    two, body = count_queries(lambda: graphql(LIST, {"view": view}, token=token))
    assert len(_nodes(body)) == 2
    for _ in range(10):
        submit()
    twelve, body = count_queries(lambda: graphql(LIST, {"view": view}, token=token))

    assert len(_nodes(body)) == 12
    assert twelve == two


# --- decisions --------------------------------------------------------------------------------------------------------


def test_each_tier_approves_in_turn_and_the_last_places_the_order(shop, request_, tree_sign_in, graphql):
    first = _ok(
        graphql(APPROVE, {"id": request_.pk, "reason": "Fine."}, token=tree_sign_in("chemistry_admin")),
        "purchaseRequestApprove",
    )
    assert (first["status"], first["currentTier"], first["canApprove"]) == ("pending", 1, False)
    assert [(t["state"], t["decidedBy"], t["reason"], t["via"]) for t in first["tiers"]] == [
        ("approved", shop.users["chemistry_admin"].get_full_name(), "Fine.", "portal"),
        ("waiting", None, "", ""),
    ]

    placed = _ok(
        graphql(APPROVE, {"id": request_.pk}, token=tree_sign_in("university_admin")), "purchaseRequestApprove"
    )

    order = Order.objects.get()
    assert (placed["status"], placed["orderId"], placed["orderNumber"]) == ("placed", order.pk, order.number)
    assert placed["decidedAt"] is not None
    assert [t["state"] for t in placed["tiers"]] == ["approved", "approved"]
    assert (order.grand_total, order.company_id) == (Decimal("1200.00"), shop.organic_lab.pk)


def test_a_rejection_needs_its_reason_and_gives_back_what_it_committed(shop, actor_of, submit, tree_sign_in, graphql):
    budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Chemistry", amount="5000", currency_code="USD", period="year"),
    )
    request = submit()
    token = tree_sign_in("chemistry_admin")
    before = _state()

    assert _field_codes(graphql(REJECT, {"id": request.pk, "reason": "  "}, token=token)) == {"reason": ["required"]}
    assert _state() == before

    node = _ok(graphql(REJECT, {"id": request.pk, "reason": "Use the framework supplier."}, token=token),
               "purchaseRequestReject")  # fmt: skip

    assert (node["status"], node["rejectionReason"]) == ("rejected", "Use the framework supplier.")
    assert [t["state"] for t in node["tiers"]] == ["rejected", "skipped"]
    assert BudgetCharge.objects.get().state == ChargeState.RELEASED
    buyer = _ok(graphql(DETAIL, {"id": request.pk}, token=tree_sign_in("organic_senior")), "purchaseRequest")
    assert (buyer["canResubmit"], buyer["canWithdraw"]) == (True, False)


def test_a_decision_out_of_turn_or_after_the_end_is_refused_and_changes_nothing(shop, request_, tree_sign_in, graphql):
    university = tree_sign_in("university_admin")
    before = _state()

    assert error_code(graphql(APPROVE, {"id": request_.pk}, token=university)) == "NOT_YOUR_TURN"
    assert error_code(graphql(REJECT, {"id": request_.pk, "reason": "No."}, token=university)) == "NOT_YOUR_TURN"
    assert _state() == before

    graphql(REJECT, {"id": request_.pk, "reason": "No."}, token=tree_sign_in("chemistry_admin"))
    after_rejection = _state()
    chemistry = tree_sign_in("chemistry_admin")
    assert error_code(graphql(APPROVE, {"id": request_.pk}, token=chemistry)) == "REQUEST_NOT_PENDING"
    assert error_code(graphql(WITHDRAW, {"id": request_.pk}, token=tree_sign_in("organic_senior"))) == (
        "REQUEST_NOT_PENDING"
    )
    assert _state() == after_rejection


def test_a_request_whose_prices_are_no_longer_held_expires_when_approved(shop, request_, tree_sign_in, graphql):
    # The hold's end has passed (as APPROVAL_PRICE_HOLD_DAYS after submission would).
    PurchaseRequest.objects.filter(pk=request_.pk).update(prices_held_until=timezone.now() - datetime.timedelta(1))
    token = tree_sign_in("chemistry_admin")
    assert _ok(graphql(DETAIL, {"id": request_.pk}, token=token), "purchaseRequest")["canApprove"] is False

    assert error_code(graphql(APPROVE, {"id": request_.pk}, token=token)) == "PRICES_EXPIRED"

    node = _ok(graphql(DETAIL, {"id": request_.pk}, token=tree_sign_in("organic_senior")), "purchaseRequest")
    assert (node["status"], node["canResubmit"]) == ("expired", True)
    assert [t["state"] for t in node["tiers"]] == ["skipped", "skipped"]
    assert not Order.objects.exists()


def test_an_admin_overrides_where_the_rule_allows_it(shop, request_, tree_sign_in, graphql):
    token = tree_sign_in("university_admin")
    before = _state()
    assert error_code(graphql(OVERRIDE, {"id": request_.pk, "reason": "Urgent."}, token=token)) == (
        "OVERRIDE_NOT_ALLOWED"
    )
    assert _state() == before
    ApprovalRule.objects.update(allow_override=True)
    assert _ok(graphql(DETAIL, {"id": request_.pk}, token=token), "purchaseRequest")["canOverride"] is True

    node = _ok(graphql(OVERRIDE, {"id": request_.pk, "reason": "Urgent."}, token=token), "purchaseRequestOverride")

    name = shop.users["university_admin"].get_full_name()
    assert node["status"] == "placed" and node["orderNumber"] == Order.objects.get().number
    assert [(t["state"], t["decidedBy"], t["reason"]) for t in node["tiers"]] == [
        ("overridden", name, "Urgent."), ("overridden", name, "Urgent.")
    ]  # fmt: skip
    assert AuditEvent.objects.filter(action="purchase_request_overridden").count() == 1


def test_the_buyer_withdraws_a_pending_request(shop, request_, tree_sign_in, graphql):
    before = _state()
    assert error_code(graphql(WITHDRAW, {"id": request_.pk}, token=tree_sign_in("chemistry_admin"))) == "NOT_FOUND"
    assert _state() == before

    node = _ok(graphql(WITHDRAW, {"id": request_.pk}, token=tree_sign_in("organic_senior")), "purchaseRequestWithdraw")

    assert (node["status"], node["canWithdraw"], node["canResubmit"]) == ("withdrawn", False, True)
    assert [t["state"] for t in node["tiers"]] == ["skipped", "skipped"]


# --- change and resubmit ----------------------------------------------------------------------------------------------


def test_resubmit_puts_the_lines_into_the_cart_at_todays_prices_and_checkout_submits_them_again(
    shop, submit, small, tree_sign_in, graphql
):
    request = submit(quantity=30, unit_price=Decimal("40.00"))  # 1,200.00: above the rule's 1,000
    buyer = tree_sign_in("organic_senior")
    assert error_code(graphql(RESUBMIT, {"id": request.pk}, token=buyer)) == "PERMISSION_DENIED"  # still pending
    graphql(WITHDRAW, {"id": request.pk}, token=buyer)

    result = _ok(graphql(RESUBMIT, {"id": request.pk}, token=buyer), "purchaseRequestResubmit")

    cart = Cart.objects.get()
    assert (result["cartId"], result["addedCount"], result["notAdded"]) == (str(cart.pk), 1, [])
    assert list(cart.lines.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 30)]
    # The one-time link signs the buyer in on the storefront with that cart; its checkout submits the order again,
    # through the gate, at today's prices.
    browser = Client()
    response = browser.get(urlsplit(result["checkoutUrl"]).path)
    assert response["Location"] == "/checkout"
    response = browser.post(
        "/checkout",
        {"first_name": "Olga", "last_name": "Lab", "address_line1": "1 Lab Way", "city": "Boston", "state": "MA",
         "zip_code": "02115", "country_code": "US", "email": "organic.senior@northfield.test",
         "payment_method": "purchase_order", "po_number": "PO-42"},
    )  # fmt: skip
    again = PurchaseRequest.objects.exclude(pk=request.pk).get()
    assert response.status_code == 302, response.content[:500]
    assert again.status == "pending" and again.grand_total != request.grand_total
    assert again.draft["lines"][0]["quantity"] == 30 and again.draft["lines"][0]["unit_price"] != "40.00"


def test_resubmit_reports_the_lines_that_cannot_be_bought_any_more(shop, submit, small, tree_sign_in, graphql):
    request = submit()
    token = tree_sign_in("organic_senior")
    graphql(WITHDRAW, {"id": request.pk}, token=token)
    Product.objects.update(is_visible=False)

    result = _ok(graphql(RESUBMIT, {"id": request.pk}, token=token), "purchaseRequestResubmit")

    assert (result["cartId"], result["checkoutUrl"], result["addedCount"], result["notAdded"]) == (
        "", "", 0, ["HS-1001-100ML"]
    )  # fmt: skip
    assert not Cart.objects.exists()


def test_only_the_buyer_resubmits(shop, submit, tree_sign_in, graphql):
    request = submit()
    graphql(WITHDRAW, {"id": request.pk}, token=tree_sign_in("organic_senior"))
    before = _state()

    for key in ("chemistry_admin", "university_admin", "organic_junior", "other_admin"):
        assert error_code(graphql(RESUBMIT, {"id": request.pk}, token=tree_sign_in(key))) == "NOT_FOUND", key

    assert _state() == before


# --- budgets ----------------------------------------------------------------------------------------------------------


def _budget_input(**fields) -> dict:
    return {"name": "Chemistry 2026", "amount": "5000", "currencyCode": "USD", "period": "year", **fields}


def test_an_admin_creates_changes_and_deletes_a_budget_and_the_log_says_so(shop, tree_sign_in, graphql):
    token = tree_sign_in("chemistry_admin")

    made = _ok(graphql(BUDGET_CREATE, {"data": _budget_input(costCentre=" GR-7 ")}, token=token), "budgetCreate")

    assert {key: made[key] for key in made if key not in ("id", "periodStart", "periodEnd")} == {
        "companyId": shop.chemistry.pk, "companyName": "Chemistry", "name": "Chemistry 2026", "costCentre": "GR-7",
        "userId": None, "userEmail": "", "amount": "5000.00", "currencyCode": "USD", "period": "year",
        "startsOn": None, "endsOn": None, "hard": True, "isActive": True, "committed": "0.00", "spent": "0.00",
        "remaining": "5000.00", "isOpen": True, "isInherited": False, "canEdit": True,
    }  # fmt: skip
    year = timezone.localdate().year
    assert made["periodStart"].startswith(f"{year}-01-01") and made["periodEnd"].startswith(f"{year + 1}-01-01")

    grant = _budget_input(
        companyId=shop.organic_lab.pk, period="grant", startsOn="2026-01-01", endsOn="2028-12-31", hard=False,
        userId=shop.users["organic_senior"].pk, amount="1234.5", currencyCode="eur",
    )  # fmt: skip
    changed = _ok(graphql(BUDGET_UPDATE, {"id": made["id"], "data": grant}, token=token), "budgetUpdate")
    assert (changed["companyId"], changed["period"], changed["startsOn"], changed["endsOn"], changed["hard"]) == (
        shop.organic_lab.pk, "grant", "2026-01-01", "2028-12-31", False
    )  # fmt: skip
    assert (changed["amount"], changed["currencyCode"], changed["userEmail"]) == (
        "1234.50", "EUR", "organic.senior@northfield.test"
    )  # fmt: skip

    assert _ok(graphql(BUDGET_DELETE, {"id": made["id"]}, token=token), "budgetDelete") is True
    assert not Budget.objects.exists()
    events = AuditEvent.objects.filter(action__startswith="budget_").order_by("pk")
    assert list(events.values_list("action", "company_id", "actor__email")) == [
        ("budget_created", shop.chemistry.pk, "chemistry.admin@northfield.test"),
        ("budget_updated", shop.organic_lab.pk, "chemistry.admin@northfield.test"),
        ("budget_deleted", shop.organic_lab.pk, "chemistry.admin@northfield.test"),
    ]
    assert events[1].changes["amount"] == "1234.50"


def test_a_manager_sees_the_budgets_above_read_only_and_their_figures(shop, actor_of, submit, tree_sign_in, graphql):
    top = budget_create(
        actor=actor_of("university_admin"),
        data=BudgetData(name="University", amount="100000", currency_code="USD", period="year"),
    )
    lab = budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(
            name="Lab", amount="3000", currency_code="USD", period="quarter", company_id=shop.organic_lab.pk
        ),
    )
    budget_create(
        actor=actor_of("biology_admin"),
        data=BudgetData(name="Biology", amount="100", currency_code="USD", period="month"),
    )
    submit()  # 1,200.00 committed on both budgets of the lab's line
    token = tree_sign_in("chemistry_admin")

    nodes = [edge["node"] for edge in _ok(graphql(BUDGETS, token=token), "budgets")["edges"]]

    assert [(n["id"], n["isInherited"], n["canEdit"], n["committed"], n["remaining"]) for n in nodes] == [
        (top.pk, True, False, "1200.00", "98800.00"),
        (lab.pk, False, True, "1200.00", "1800.00"),
    ]
    narrowed = _ok(graphql(BUDGETS, {"companyId": shop.organic_lab.pk}, token=token), "budgets")
    assert [edge["node"]["id"] for edge in narrowed["edges"]] == [top.pk, lab.pk]
    before = _state()
    assert error_code(graphql(BUDGET_UPDATE, {"id": top.pk, "data": _budget_input()}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(BUDGET_DELETE, {"id": top.pk}, token=token)) == "NOT_FOUND"
    body = graphql(BUDGET_CREATE, {"data": _budget_input(companyId=shop.biology.pk)}, token=token)
    assert error_code(body) == "NOT_FOUND"
    assert _state() == before


@pytest.mark.parametrize(
    ("fields", "codes"),
    [
        ({"name": "  "}, {"name": ["required"]}),
        ({"name": "x" * 121}, {"name": ["max_length"]}),
        ({"amount": "-1"}, {"amount": ["min_value"]}),
        ({"amount": "lots"}, {"amount": ["invalid"]}),
        ({"amount": "10.005"}, {"amount": ["invalid"]}),
        ({"amount": "NaN"}, {"amount": ["invalid"]}),
        ({"amount": ""}, {"amount": ["required"]}),
        ({"currencyCode": "XYZ"}, {"currencyCode": ["invalid_choice"]}),
        ({"period": "week"}, {"period": ["invalid_choice"]}),
        ({"period": "grant"}, {"startsOn": ["required"], "endsOn": ["required"]}),
        ({"period": "grant", "startsOn": "2026-05-01", "endsOn": "2026-04-30"}, {"endsOn": ["ends_before_start"]}),
        ({"costCentre": "C" * 61}, {"costCentre": ["max_length"]}),
        ({"userId": -1}, {"userId": ["invalid_choice"]}),
        ({"userId": "university_admin"}, {"userId": ["invalid_choice"]}),  # a member of the unit above
    ],
)
def test_a_budget_with_bad_fields_is_refused_with_their_codes_and_nothing_is_written(
    fields, codes, shop, tree_sign_in, graphql
):
    if fields.get("userId") == "university_admin":
        fields = {**fields, "userId": shop.users["university_admin"].pk}
    before = _state()

    body = graphql(BUDGET_CREATE, {"data": _budget_input(**fields)}, token=tree_sign_in("chemistry_admin"))

    assert _field_codes(body) == codes
    assert _state() == before


def test_a_page_of_budgets_costs_the_same_queries_for_2_as_for_12(shop, actor_of, submit, tree_sign_in, graphql):
    admin = actor_of("chemistry_admin")

    def add(count: int) -> None:
        for _ in range(count):
            budget_create(actor=admin, data=BudgetData(name="B", amount="9000", currency_code="USD", period="month"))

    add(2)
    submit()
    token = tree_sign_in("chemistry_admin")
    graphql(BUDGETS, token=token)
    two, body = count_queries(lambda: graphql(BUDGETS, token=token))
    assert _ok(body, "budgets")["totalCount"] == 2
    add(10)
    twelve, body = count_queries(lambda: graphql(BUDGETS, token=token))

    assert _ok(body, "budgets")["totalCount"] == 12
    assert twelve == two


# --- budget in view ---------------------------------------------------------------------------------------------------


def test_the_budget_in_view_says_what_an_order_would_leave(shop, actor_of, submit, tree_sign_in, graphql):
    hard = budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Chemistry", amount="5000", currency_code="USD", period="year"),
    )
    grant = budget_create(
        actor=actor_of("chemistry_admin"),
        data=BudgetData(name="Grant GR-1", amount="1000", currency_code="EUR", period="year", cost_centre="GR-1",
                        hard=False),
    )  # fmt: skip
    submit()  # 1,200.00 USD committed on the Chemistry budget
    token = tree_sign_in("organic_senior")

    statuses = _ok(graphql(BUDGET_STATUS, {"amount": "4000"}, token=token), "budgetStatus")
    assert statuses == [
        {"budgetId": hard.pk, "name": "Chemistry", "currencyCode": "USD", "amount": "5000.00", "committed": "1200.00",
         "spent": "0.00", "remaining": "3800.00", "thisOrder": "4000.00", "leftAfter": "-200.00", "exceeds": True,
         "hard": True, "isOpen": True},
    ]  # fmt: skip
    on_grant = _ok(graphql(BUDGET_STATUS, {"amount": "100", "costCentre": "gr-1"}, token=token), "budgetStatus")
    assert [(s["budgetId"], s["thisOrder"], s["exceeds"]) for s in on_grant] == [
        (hard.pk, "100.00", False), (grant.pk, "92.00", False)  # 100 USD at 0.92 EUR
    ]  # fmt: skip
    assert _ok(graphql(BUDGET_STATUS, {"amount": "10"}, token=tree_sign_in("other_admin")), "budgetStatus") == []
    assert _field_codes(graphql(BUDGET_STATUS, {"amount": "-5"}, token=token)) == {"amount": ["min_value"]}
    assert _field_codes(graphql(BUDGET_STATUS, {"amount": "ten"}, token=token)) == {"amount": ["invalid"]}
    assert _field_codes(graphql(BUDGET_STATUS, {"amount": "1", "currencyCode": "GBP"}, token=token)) == {
        "currencyCode": ["invalid_choice"]
    }


# --- approval rules ---------------------------------------------------------------------------------------------------


def _rule_input(**fields) -> dict:
    return {"name": "Big orders", "minTotal": "2500", "currencyCode": "USD",
            "tiers": [{"role": CompanyRole.ADMIN}, {"levelsUp": 1, "role": CompanyRole.ADMIN}], **fields}  # fmt: skip


def test_an_admin_creates_changes_and_deletes_a_rule_and_the_log_says_so(shop, tree_sign_in, graphql):
    token = tree_sign_in("chemistry_admin")
    named = shop.users["genetics_senior"]  # a person of the same company tree, in another unit

    made = _ok(graphql(RULE_CREATE, {"data": _rule_input()}, token=token), "approvalRuleCreate")

    assert {key: made[key] for key in made if key != "id"} == {
        "companyId": shop.chemistry.pk, "companyName": "Chemistry", "name": "Big orders", "isActive": True,
        "isInherited": False, "canEdit": True, "replacesId": None, "replacesName": "", "minTotal": "2500.00",
        "currencyCode": "USD", "costCentre": "", "categoryId": None, "categoryName": "", "offPriceList": False,
        "minLines": None, "buyerRoles": [], "overBudget": False, "allowOverride": False,
        "tiers": [
            {"position": 0, "role": 0, "levelsUp": 0, "userIds": [], "userNames": [],
             "label": "Admins of the ordering unit"},
            {"position": 1, "role": 0, "levelsUp": 1, "userIds": [], "userNames": [], "label": "Admins one unit above"},
        ],
    }  # fmt: skip

    changed = _ok(
        graphql(
            RULE_UPDATE,
            {"id": made["id"], "data": {
                "name": "Junior orders", "buyerRoles": [2, 2], "minLines": 3, "allowOverride": True, "isActive": False,
                "companyId": shop.organic_lab.pk,
                "tiers": [{"role": CompanyRole.SENIOR_BUYER, "levelsUp": 2, "userIds": [named.pk]}],
            }},
            token=token,
        ),
        "approvalRuleUpdate",
    )  # fmt: skip
    assert (changed["companyId"], changed["buyerRoles"], changed["minLines"], changed["minTotal"]) == (
        shop.organic_lab.pk, [2], 3, None
    )  # fmt: skip
    assert (changed["allowOverride"], changed["isActive"]) == (True, False)
    assert changed["tiers"] == [
        {"position": 0, "role": 1, "levelsUp": 2, "userIds": [named.pk], "userNames": [named.get_full_name()],
         "label": f"Senior buyers 2 units above, {named.get_full_name()}"}
    ]  # fmt: skip
    assert ApprovalTier.objects.count() == 1

    assert _ok(graphql(RULE_DELETE, {"id": made["id"]}, token=token), "approvalRuleDelete") is True
    assert not ApprovalRule.objects.exists() and not ApprovalTier.objects.exists()
    events = AuditEvent.objects.filter(action__startswith="approval_rule_").order_by("pk")
    assert list(events.values_list("action", flat=True)) == [
        "approval_rule_created", "approval_rule_updated", "approval_rule_deleted"
    ]  # fmt: skip
    assert events[1].changes["buyerRoles"] == [2]


def test_a_unit_replaces_an_inherited_rule_which_stays_read_only(shop, large_orders, tree_sign_in, graphql):
    token = tree_sign_in("chemistry_admin")
    body = graphql(RULES, token=token)
    assert [(e["node"]["id"], e["node"]["isInherited"], e["node"]["canEdit"]) for e in body["data"]["approvalRules"]
            ["edges"]] == [(large_orders.pk, True, False)]  # fmt: skip
    before = _state()
    assert error_code(graphql(RULE_UPDATE, {"id": large_orders.pk, "data": _rule_input()}, token=token)) == (
        "NOT_FOUND"
    )
    assert error_code(graphql(RULE_DELETE, {"id": large_orders.pk}, token=token)) == "NOT_FOUND"
    assert _state() == before

    own = _ok(graphql(RULE_CREATE, {"data": _rule_input(replacesId=large_orders.pk)}, token=token),
              "approvalRuleCreate")  # fmt: skip

    assert (own["replacesId"], own["replacesName"]) == (large_orders.pk, "Above 1000")
    # The university's admin deletes theirs: Chemistry's stays, as a rule of its own.
    university = tree_sign_in("university_admin")
    assert _ok(graphql(RULE_DELETE, {"id": large_orders.pk}, token=university), "approvalRuleDelete") is True
    assert list(ApprovalRule.objects.values_list("pk", "replaces_id")) == [(own["id"], None)]


@pytest.mark.parametrize(
    ("fields", "codes"),
    [
        ({"name": ""}, {"name": ["required"]}),
        ({"minTotal": "-3"}, {"minTotal": ["min_value"]}),
        ({"minTotal": "many"}, {"minTotal": ["invalid"]}),
        ({"currencyCode": "ABC"}, {"currencyCode": ["invalid_choice"]}),
        ({"minTotal": None}, {"conditions": ["required"]}),
        ({"costCentre": "c" * 61}, {"costCentre": ["max_length"]}),
        ({"categoryId": 999999}, {"categoryId": ["invalid_choice"]}),
        ({"minLines": -1}, {"minLines": ["out_of_range"]}),
        ({"buyerRoles": [7]}, {"buyerRoles": ["invalid_choice"]}),
        ({"replacesId": "own"}, {"replacesId": ["invalid_choice"]}),  # a rule of the same unit, not of one above
        ({"tiers": []}, {"tiers": ["required"]}),
        ({"tiers": [{"role": 0}] * 11}, {"tiers": ["too_many"]}),
        ({"tiers": [{"role": 9}]}, {"tiers.0.role": ["invalid_choice"]}),
        ({"tiers": [{}]}, {"tiers.0.role": ["required"]}),
        ({"tiers": [{"role": 0, "levelsUp": 11}]}, {"tiers.0.levelsUp": ["out_of_range"]}),
        ({"tiers": [{"role": 0}, {"userIds": ["other_admin"]}]}, {"tiers.1.userIds": ["invalid_choice"]}),
        ({"tiers": [{"userIds": list(range(1, 52))}]}, {"tiers.0.userIds": ["too_many"]}),
    ],
)
def test_a_rule_with_bad_fields_is_refused_with_their_codes_and_nothing_is_written(
    fields, codes, shop, actor_of, tree_sign_in, graphql
):
    if fields.get("replacesId") == "own":
        own = approval_rule_create(actor=actor_of("chemistry_admin"), data=RuleData(name="Own", min_lines=5,
                                   tiers=(TierData(role=CompanyRole.ADMIN),)))  # fmt: skip
        fields = {"replacesId": own.pk}
    if fields.get("tiers") and any("other_admin" in tier.get("userIds", []) for tier in fields["tiers"]):
        fields = {"tiers": [{"role": 0}, {"userIds": [shop.users["other_admin"].pk]}]}
    before = _state()

    body = graphql(RULE_CREATE, {"data": _rule_input(**fields)}, token=tree_sign_in("chemistry_admin"))

    assert _field_codes(body) == codes
    assert _state() == before


def test_a_page_of_rules_costs_the_same_queries_for_2_as_for_12(shop, actor_of, tree_sign_in, graphql):
    admin = actor_of("chemistry_admin")
    people = (shop.users["chemistry_senior"].pk, shop.users["organic_senior"].pk)

    def add(count: int) -> None:
        for number in range(count):
            approval_rule_create(
                actor=admin,
                data=RuleData(name=f"Rule {number}", min_lines=number, tiers=(
                    TierData(role=CompanyRole.ADMIN, levels_up=1), TierData(user_ids=people))),
            )  # fmt: skip

    add(2)
    token = tree_sign_in("chemistry_admin")
    graphql(RULES, token=token)
    two, body = count_queries(lambda: graphql(RULES, token=token))
    assert _ok(body, "approvalRules")["totalCount"] == 2
    add(10)
    twelve, body = count_queries(lambda: graphql(RULES, token=token))

    assert _ok(body, "approvalRules")["totalCount"] == 12
    assert all(len(edge["node"]["tiers"]) == 2 for edge in body["data"]["approvalRules"]["edges"])
    assert twelve == two


def test_the_manage_permission_is_the_admins_by_default(shop):
    admin = actor_for_user(User.objects.get(pk=shop.users["chemistry_admin"].pk))
    senior = actor_for_user(User.objects.get(pk=shop.users["chemistry_senior"].pk))
    junior = actor_for_user(User.objects.get(pk=shop.users["organic_junior"].pk))

    assert (admin.level("manage_approvals"), senior.level("manage_approvals"), junior.level("manage_approvals")) == (
        2, 0, 0
    )  # fmt: skip
