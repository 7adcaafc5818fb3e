"""The gate of every order (issue 41, approvals.services.gate): which approval rules hold an order — each condition
alone, several together, inherited down the company tree, added to and replaced below — and who approves it: the
role holders of the ordering unit or a unit above it, named users, never the buyer, the nearest admins when a tier
is left with nobody. A guest's or an individual's order meets no rule. The gate's queries do not grow with the
number of rules and tiers."""

from __future__ import annotations

from decimal import Decimal

import pytest

from accounts.models import Company, CompanyRole, User
from accounts.selectors import GUEST, actor_for_user
from approvals.models import ApprovalRule, PurchaseRequest
from approvals.services.gate import order_gate
from orders.models import Order
from portal.models import Currency
from pricing.models import ProductVariant
from tests.factories.accounts import MembershipFactory, UserFactory
from tests.factories.approvals import (
    BudgetFactory,
    draft_of,
    gate,
    held_request,
    place,
    placed_order,
    rule,
    tier,
)
from tests.factories.pricing import CategoryFactory, CustomerGroupFactory, group_prices
from tests.helpers import count_queries

pytestmark = pytest.mark.django_db


def _rule_names(outcome) -> list[str]:
    return [reason["name"] for reason in outcome.reasons if reason["kind"] == "rule"]


def _approvers(outcome) -> list[set[str]]:
    emails = dict(User.objects.values_list("pk", "email"))
    return [{emails[pk] for pk in resolved.approver_ids} for resolved in outcome.tiers]


@pytest.fixture
def eur():
    """The store's euro at 0.5 EUR to the dollar."""
    Currency.objects.filter(code="EUR").update(exchange_rate=Decimal("0.500000"), enabled=True, is_transactional=True)
    return Currency.objects.get(code="EUR")


@pytest.fixture
def salt(sodium_chloride, shop) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku="HS-1055-500G")


# --- each condition alone ------------------------------------------------------------------------------------------


def test_no_rule_no_budget_places_the_order(actor_of, small):
    order = placed_order(place(actor_of("organic_senior"), [(small, 1)]))
    assert order.company.name == "Organic Synthesis Lab"
    assert not PurchaseRequest.objects.exists()


@pytest.mark.parametrize(("quantity", "held"), [(2, True), (1, False)], ids=["200 USD is above 150", "100 USD is not"])
def test_a_total_above_the_amount_holds(shop, actor_of, small, quantity, held):
    made = rule(shop.university, name="Big orders", min_total=Decimal("150.00"), currency_code="USD")
    outcome = gate(actor_of("organic_senior"), [(small, quantity)])
    assert outcome.held is held
    if held:
        assert outcome.reasons == [
            {"kind": "rule", "id": made.pk, "name": "Big orders", "conditions": ["total above 150.00 USD"]}
        ]


def test_a_total_of_exactly_the_amount_is_not_above_it(shop, actor_of, small):
    rule(shop.university, min_total=Decimal("200.00"), currency_code="USD")
    assert not gate(actor_of("organic_senior"), [(small, 2)]).held


def test_the_rules_amount_in_another_currency_is_compared_at_the_stores_rate(shop, actor_of, small, eur):
    rule(shop.university, name="Over 90 euros", min_total=Decimal("90.00"), currency_code="EUR")
    buyer = actor_of("organic_senior")
    held = gate(buyer, [(small, 2)])  # 200 USD = 100 EUR
    assert held.held and held.reasons[0]["conditions"] == ["total above 90.00 EUR"]
    assert not gate(buyer, [(small, 1)]).held  # 100 USD = 50 EUR


def test_an_order_in_another_currency_is_compared_at_its_own_rate(shop, actor_of, small, eur):
    rule(shop.university, min_total=Decimal("150.00"), currency_code="USD")
    buyer = actor_of("organic_senior")
    assert gate(buyer, [(small, 1)], currency_code="EUR", unit_price=Decimal("100.00")).held  # 100 EUR = 200 USD
    assert not gate(buyer, [(small, 1)], currency_code="EUR", unit_price=Decimal("70.00")).held  # = 140 USD


@pytest.mark.parametrize(
    ("code", "held"),
    [("GR-2026-114", True), ("gr-2026-114", True), ("  Gr-2026-114 ", True), ("GR-2026-115", False), ("", False)],
)
def test_a_cost_centre_holds_in_any_case(shop, actor_of, small, code, held):
    rule(shop.university, cost_centre="GR-2026-114")
    assert gate(actor_of("organic_senior"), [(small, 1)], cost_centre=code).held is held


def test_a_product_of_the_category_holds(shop, actor_of, small, salt):
    solvents = CategoryFactory(name="Flammable solvents")
    small.product.categories.add(solvents)
    rule(shop.university, category=solvents)
    buyer = actor_of("organic_senior")
    assert gate(buyer, [(salt, 1), (small, 1)]).held
    assert not gate(buyer, [(salt, 3)]).held


def test_a_product_off_the_companys_price_list_holds_but_never_a_quotes(shop, actor_of, small, salt):
    """The university's customer group has ethanol on its price list, not sodium chloride; its units inherit it."""
    group = CustomerGroupFactory(name="Northfield contract")
    group_prices(group, small.product, "0.90")
    Company.objects.filter(pk=shop.university.pk).update(customer_group=group)
    rule(shop.university, off_price_list=True)
    buyer = actor_of("organic_senior")
    assert not gate(buyer, [(small, 5)]).held
    off = gate(buyer, [(small, 1), (salt, 1)])
    assert off.held and off.reasons[0]["conditions"] == ["a product off the price list"]
    assert not gate(buyer, [(salt, 1)], quote_id=12345).held  # a quote's prices are the company's contract


@pytest.mark.parametrize(("lines", "held"), [(3, True), (2, False)])
def test_more_lines_than_the_number_holds(shop, actor_of, small, medium, large, lines, held):
    rule(shop.university, min_lines=2)
    items = [(small, 1), (medium, 1), (large, 1)][:lines]
    assert gate(actor_of("organic_senior"), items).held is held


@pytest.mark.parametrize(("buyer", "held"), [("organic_junior", True), ("organic_senior", False)])
def test_the_buyers_role_holds(shop, actor_of, small, buyer, held):
    rule(shop.university, buyer_roles=[CompanyRole.JUNIOR_BUYER])
    assert gate(actor_of(buyer), [(small, 1)]).held is held


def test_over_a_soft_budget_holds_for_the_rules_approvers_only(shop, actor_of, small):
    budget = BudgetFactory(company=shop.organic_lab, name="Lab consumables", amount=Decimal("150.00"), hard=False)
    made = rule(
        shop.chemistry,
        name="Over budget",
        over_budget=True,
        tiers=[tier(role=None, users=[shop.users["biology_admin"]])],
    )
    buyer = actor_of("organic_senior")
    assert not gate(buyer, [(small, 1)]).held
    outcome = gate(buyer, [(small, 2)])
    assert _approvers(outcome) == [{"biology.admin@northfield.test"}]  # no "budget exceeded" tier besides the rule's
    assert outcome.reasons == [
        {"kind": "rule", "id": made.pk, "name": "Over budget", "conditions": ["over budget"]},
        {"kind": "budget", "id": budget.pk, "name": "Lab consumables", "remaining": "150.00", "amount": "200.00",
         "currencyCode": "USD"},
    ]  # fmt: skip


def test_over_a_soft_budget_without_a_rule_goes_to_the_budgets_unit_admins(shop, actor_of, small):
    """The Organic Synthesis Lab has no admin: its budget's approvers are the nearest above, Chemistry's."""
    BudgetFactory(company=shop.organic_lab, amount=Decimal("150.00"), hard=False)
    outcome = gate(actor_of("organic_senior"), [(small, 2)])
    assert _approvers(outcome) == [{"chemistry.admin@northfield.test"}]
    assert [(t.rule_id, t.rule_name, t.label) for t in outcome.tiers] == [
        (None, "Budget exceeded", "Admins of Chemistry")
    ]


def test_a_rule_without_a_condition_set_holds_nothing(shop, actor_of, small):
    rule(shop.university, name="Nothing set")
    assert not gate(actor_of("organic_senior"), [(small, 50)]).held


# --- several conditions, the tree ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("quantity", "code", "held"),
    [(2, "GR-1", True), (2, "GR-2", False), (1, "GR-1", False)],
    ids=["both met", "cost centre missed", "total missed"],
)
def test_every_condition_of_a_rule_must_hold(shop, actor_of, small, quantity, code, held):
    rule(shop.university, min_total=Decimal("150.00"), currency_code="USD", cost_centre="GR-1")
    assert gate(actor_of("organic_senior"), [(small, quantity)], cost_centre=code).held is held


@pytest.mark.parametrize(
    ("buyer", "held"),
    [("organic_senior", True), ("chemistry_senior", True), ("genetics_senior", True), ("other_admin", False)],
)
def test_a_rule_of_the_university_holds_the_orders_of_every_unit_below_it(shop, actor_of, small, buyer, held):
    rule(shop.university, min_total=Decimal("50.00"), currency_code="USD")
    assert gate(actor_of(buyer), [(small, 1)]).held is held


def test_a_departments_rule_holds_its_labs_orders_not_a_sibling_departments(shop, actor_of, small):
    rule(shop.chemistry, min_total=Decimal("50.00"), currency_code="USD")
    assert gate(actor_of("organic_senior"), [(small, 1)]).held
    assert not gate(actor_of("genetics_senior"), [(small, 1)]).held
    assert not gate(actor_of("university_admin"), [(small, 1)]).held


def test_a_units_own_rule_adds_to_the_inherited_ones(shop, actor_of, small):
    rule(shop.university, name="University: big orders", min_total=Decimal("150.00"), currency_code="USD")
    rule(shop.organic_lab, name="Lab: grant GR-9", cost_centre="GR-9")
    buyer = actor_of("organic_senior")
    assert _rule_names(gate(buyer, [(small, 2)], cost_centre="GR-9")) == [
        "University: big orders", "Lab: grant GR-9"
    ]  # fmt: skip
    assert _rule_names(gate(buyer, [(small, 1)], cost_centre="gr-9")) == ["Lab: grant GR-9"]
    assert _rule_names(gate(buyer, [(small, 2)])) == ["University: big orders"]
    assert not gate(actor_of("genetics_senior"), [(small, 1)], cost_centre="GR-9").held  # the lab's rule is its own


def test_a_replacing_rule_hides_the_inherited_one_for_its_subtree_only(shop, actor_of, small):
    inherited = rule(shop.university, name="University: over 150", min_total=Decimal("150.00"), currency_code="USD")
    rule(shop.chemistry, name="Chemistry: over 500", min_total=Decimal("500.00"), currency_code="USD",
         replaces=inherited)  # fmt: skip
    assert not gate(actor_of("organic_senior"), [(small, 2)]).held  # 200: the university's rule is replaced
    assert _rule_names(gate(actor_of("organic_senior"), [(small, 6)])) == ["Chemistry: over 500"]
    assert _rule_names(gate(actor_of("genetics_senior"), [(small, 2)])) == ["University: over 150"]
    assert _rule_names(gate(actor_of("university_admin"), [(small, 2)])) == ["University: over 150"]


def test_an_inactive_rule_holds_nothing_and_hides_nothing(shop, actor_of, small):
    inherited = rule(shop.university, name="University", min_total=Decimal("50.00"), currency_code="USD")
    rule(shop.chemistry, name="Chemistry", min_total=Decimal("500.00"), currency_code="USD", replaces=inherited,
         is_active=False)  # fmt: skip
    assert _rule_names(gate(actor_of("organic_senior"), [(small, 1)])) == ["University"]
    ApprovalRule.objects.filter(pk=inherited.pk).update(is_active=False)
    assert not gate(actor_of("organic_senior"), [(small, 1)]).held


# --- who approves --------------------------------------------------------------------------------------------------


def test_tiers_resolve_to_role_holders_of_the_unit_levels_up_and_named_users_never_the_buyer(shop, actor_of, small):
    MembershipFactory(user__email="organic.admin@northfield.test", company=shop.organic_lab, role=CompanyRole.ADMIN)
    buyer = shop.users["organic_senior"]
    gone = UserFactory(email="gone@northfield.test", is_active=False)
    MembershipFactory(user=gone, company=shop.chemistry, role=CompanyRole.ADMIN)
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD", tiers=[
        tier(role=CompanyRole.ADMIN, levels_up=0),
        tier(role=CompanyRole.ADMIN, levels_up=1),
        tier(role=CompanyRole.ADMIN, levels_up=2),
        tier(role=CompanyRole.ADMIN, levels_up=9),  # above the top: the top unit's
        tier(role=None, users=[shop.users["biology_admin"], gone]),
        tier(role=CompanyRole.SENIOR_BUYER, levels_up=1, users=[shop.users["genetics_senior"]]),
        tier(role=CompanyRole.SENIOR_BUYER, levels_up=0),  # the buyer alone: nobody, so the lab's admins
        tier(role=None, users=[buyer]),  # nobody but the buyer: the lab's admins
        tier(role=CompanyRole.JUNIOR_BUYER, levels_up=1),  # Chemistry has none: its admins
    ])  # fmt: skip
    outcome = gate(actor_of("organic_senior"), [(small, 1)])
    assert _approvers(outcome) == [
        {"organic.admin@northfield.test"},
        {"chemistry.admin@northfield.test"},
        {"university.admin@northfield.test"},
        {"university.admin@northfield.test"},
        {"biology.admin@northfield.test"},
        {"chemistry.senior@northfield.test", "chemistry.senior.below@northfield.test",
         "genetics.senior@northfield.test"},
        {"organic.admin@northfield.test"},
        {"organic.admin@northfield.test"},
        {"chemistry.admin@northfield.test"},
    ]  # fmt: skip
    labels = [resolved.label for resolved in outcome.tiers]
    assert labels[:4] == [
        "Admins of Organic Synthesis Lab", "Admins of Chemistry", "Admins of Northfield University",
        "Admins of Northfield University",
    ]  # fmt: skip
    assert labels[6:] == ["Admins of Organic Synthesis Lab", "Admins of Organic Synthesis Lab", "Admins of Chemistry"]
    assert all(buyer.pk not in resolved.approver_ids for resolved in outcome.tiers)


def test_an_empty_tier_falls_to_the_nearest_admins_above_and_never_to_the_buyer(shop, actor_of, small):
    """The Organic Synthesis Lab has no admin: Chemistry's approve. Chemistry's admin ordering for Chemistry is not
    their own approver: the university's admin is."""
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD", tiers=[tier(role=CompanyRole.ADMIN)])
    assert _approvers(gate(actor_of("organic_senior"), [(small, 1)])) == [{"chemistry.admin@northfield.test"}]
    assert _approvers(gate(actor_of("chemistry_admin"), [(small, 1)])) == [{"university.admin@northfield.test"}]


def test_the_request_keeps_its_tiers_and_approvers_as_resolved(shop, actor_of, small):
    made = rule(shop.university, name="Two steps", min_total=Decimal("0.00"), currency_code="USD",
                tiers=[tier(levels_up=1), tier(levels_up=2)])  # fmt: skip
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    users = shop.users
    assert request.tiers == [
        {"rule": made.pk, "ruleName": "Two steps", "label": "Admins of Chemistry",
         "approverIds": [users["chemistry_admin"].pk]},
        {"rule": made.pk, "ruleName": "Two steps", "label": "Admins of Northfield University",
         "approverIds": [users["university_admin"].pk]},
    ]  # fmt: skip
    assert sorted(request.approvers.values_list("tier", "user__email")) == [
        (0, "chemistry.admin@northfield.test"), (1, "university.admin@northfield.test")
    ]  # fmt: skip
    assert request.current_tier == 0 and request.status == "pending"


@pytest.mark.parametrize("who", ["guest", "individual"])
def test_a_guests_or_an_individuals_order_meets_no_rule_and_no_budget(shop, small, who):
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD")
    BudgetFactory(company=shop.university, amount=Decimal("1.00"))
    actor = GUEST if who == "guest" else actor_for_user(UserFactory(email="ada@home.test"))
    assert actor.b2b_company is None
    assert not gate(actor, [(small, 3)]).held
    order = placed_order(place(actor, [(small, 3)], payment_method="test_card"))
    assert order.company_id is None
    assert not PurchaseRequest.objects.exists()


# --- queries -------------------------------------------------------------------------------------------------------


def _rules_and_budgets(shop, count: int) -> None:
    """`count` rules spread over the tree, each met, each with two tiers naming two users; a budget per rule."""
    units = [shop.university, shop.chemistry, shop.organic_lab]
    named = [shop.users["biology_admin"], shop.users["genetics_senior"]]
    for index in range(count):
        unit = units[index % len(units)]
        rule(
            unit,
            name=f"Rule {index}",
            min_total=Decimal("1.00"),
            currency_code="EUR",
            cost_centre="GR-1",
            tiers=[tier(levels_up=index % 3, users=named), tier(role=CompanyRole.SENIOR_BUYER, users=named[:1])],
        )
        BudgetFactory(company=unit, amount=Decimal("100000.00"), cost_centre="" if index % 2 else "gr-1")


@pytest.mark.parametrize("count", [2, 8])
def test_the_gates_queries_do_not_grow_with_the_rules_tiers_and_budgets(shop, actor_of, small, salt, eur, count):
    _rules_and_budgets(shop, count)
    buyer = actor_of("organic_senior")
    draft = draft_of(buyer, [(small, 2), (salt, 1)], cost_centre="GR-1")
    queries, outcome = count_queries(lambda: order_gate(actor=buyer, draft=draft))
    assert len(outcome.tiers) == 2 * count
    # The budgets (locked) 1, their charges 1, the products' categories 1, the unit's inherited price list 1, the rules
    # 1, their tiers 1, the tiers' users 1, the store's rates 1 (a rule in euros), the units' names 1, their members 1.
    assert queries == 10, queries


def test_an_order_placed_by_the_gate_is_placed_once(actor_of, small):
    """Sanity of the door: one order, numbered, in the buyer's unit."""
    order = placed_order(place(actor_of("chemistry_senior"), [(small, 1)]))
    assert Order.objects.get().pk == order.pk
