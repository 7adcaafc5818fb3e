"""What a unit inherits from the units above it, and overrides (issue 40): the price list and catalog (customer
group) and the credit line it buys on."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from accounts.models import Company, CustomerGroup
from accounts.selectors import actor_for_token, credit_account_id
from accounts.services import company_credit_charge, company_credit_release
from pricing.calculation import customer_group_for
from tests.factories.accounts import PASSWORD, northfield_tree, tree_deepen
from tests.helpers import count_queries

pytestmark = pytest.mark.django_db

CREDIT = "{ companyCreditConfig { creditEnabled availableCredit creditHold limitPurchases } }"


@pytest.fixture
def academic():
    return CustomerGroup.objects.create(name="Academic (tree)")


@pytest.fixture
def tree(db, academic):
    """The shared tree (tests/conftest.py), its companies in the academic customer group."""
    return northfield_tree(customer_group=academic)


def _credit(company: Company, available: str, **fields) -> None:
    Company.objects.filter(pk=company.pk).update(
        credit_enabled=True, credit_limit=Decimal(available), available_credit=Decimal(available), **fields
    )


def test_a_unit_prices_with_the_group_of_the_nearest_unit_above(tree, tree_sign_in, academic):
    lab_buyer = actor_for_token(tree_sign_in("organic_senior"))
    assert customer_group_for(lab_buyer) == academic.pk
    # Overridden in the department: its lab follows the department, the other department keeps the university's.
    industry = CustomerGroup.objects.create(name="Industry (tree)")
    Company.objects.filter(pk=tree.chemistry.pk).update(customer_group=industry)
    assert customer_group_for(actor_for_token(tree_sign_in("organic_senior"))) == industry.pk
    assert customer_group_for(actor_for_token(tree_sign_in("genetics_senior"))) == academic.pk
    # The lab's own group wins over both.
    own = CustomerGroup.objects.create(name="Lab contract")
    Company.objects.filter(pk=tree.organic_lab.pk).update(customer_group=own)
    assert customer_group_for(actor_for_token(tree_sign_in("organic_senior"))) == own.pk


def test_the_price_group_is_read_in_queries_constant_in_depth(login, academic):
    from tests.factories.accounts import CompanyFactory, MembershipFactory

    counts = []
    for depth in (2, 6):
        unit = tree_deepen(CompanyFactory(customer_group=academic), depth)
        member = MembershipFactory(company=unit, user__email=f"deep{depth}@example.test")
        actor = actor_for_token(login(member.user.email, PASSWORD))
        queries, groups = count_queries(lambda actor=actor: (customer_group_for(actor), customer_group_for(actor)))
        assert groups == (academic.pk, academic.pk)  # read once per request
        counts.append(queries)
    assert counts == [1, 1]


def test_a_lab_buys_on_the_university_credit_unless_a_unit_keeps_its_own(tree):
    _credit(tree.university, "1000.00")
    assert credit_account_id(tree.organic_lab) == tree.university.pk
    assert company_credit_charge(company_id=tree.organic_lab.pk, amount=Decimal("400.00")) == Decimal("400.00")
    assert Company.objects.get(pk=tree.university.pk).available_credit == Decimal("600.00")
    with pytest.raises(ValidationError) as refused:
        company_credit_charge(company_id=tree.genetics_lab.pk, amount=Decimal("700.00"))
    assert "600.00" in str(refused.value)
    company_credit_release(company_id=tree.organic_lab.pk, amount=Decimal("400.00"))
    assert Company.objects.get(pk=tree.university.pk).available_credit == Decimal("1000.00")

    # Chemistry keeps its own credit line: its lab buys on it, Biology's still on the university's.
    _credit(tree.chemistry, "50.00", uses_parent_credit=False)
    chemistry_lab = Company.objects.get(pk=tree.organic_lab.pk)
    assert credit_account_id(chemistry_lab) == tree.chemistry.pk
    with pytest.raises(ValidationError):
        company_credit_charge(company_id=tree.organic_lab.pk, amount=Decimal("60.00"))
    company_credit_charge(company_id=tree.genetics_lab.pk, amount=Decimal("60.00"))
    assert Company.objects.get(pk=tree.university.pk).available_credit == Decimal("940.00")
    assert Company.objects.get(pk=tree.chemistry.pk).available_credit == Decimal("50.00")


def test_a_hold_on_the_account_holds_its_units(tree):
    _credit(tree.university, "1000.00", credit_hold=True)
    with pytest.raises(ValidationError) as refused:
        company_credit_charge(company_id=tree.organic_lab.pk, amount=Decimal("1.00"))
    assert "credit hold" in str(refused.value)


def test_the_credit_a_unit_sees_is_its_account(tree, graphql, tree_sign_in):
    _credit(tree.university, "1000.00")
    token = tree_sign_in("organic_senior")
    credit = graphql(CREDIT, token=token)["data"]["companyCreditConfig"]
    assert credit["creditEnabled"] is True and Decimal(str(credit["availableCredit"])) == Decimal("1000.00")


# --- portal features a unit switches for itself and the units below it -----------------------------------------

FEATURES = "{ customerInfo { companyInfo { unitFeatures { quotes shoppingLists quickOrder } } } }"


def _lists_create(graphql, token: str) -> dict:
    from tests.shoppinglists.support import create

    return graphql(create(), {"data": {"name": "Solvents"}}, token=token)


def test_a_unit_switches_a_feature_for_itself_and_its_units(tree, graphql, login, demo_store):
    from quotes.permissions import quote_enablement, quote_switches
    from shoppinglists.models import ShoppingList

    Company.objects.filter(pk=tree.chemistry.pk).update(shopping_lists_feature=False, quotes_feature=False)
    lab = login(tree.users["organic_senior"].email, "Secret123")
    genetics = login(tree.users["genetics_senior"].email, "Secret123")

    assert graphql(FEATURES, token=lab)["data"]["customerInfo"]["companyInfo"]["unitFeatures"] == {
        "quotes": False, "shoppingLists": False, "quickOrder": None,
    }  # fmt: skip
    refused = _lists_create(graphql, lab)
    assert refused["errors"][0]["extensions"]["code"] == "SHOPPING_LISTS_DISABLED"
    assert not ShoppingList.objects.filter(company=tree.organic_lab).exists()  # nothing made
    assert quote_enablement(actor_for_token(lab), quote_switches(channel_id=1)).code == "QUOTES_DISABLED"
    # Biology's lab follows the store (on).
    assert "errors" not in _lists_create(graphql, genetics)
    assert quote_enablement(actor_for_token(genetics), quote_switches(channel_id=1)).enabled

    # The lab turns lists back on for itself: its own setting wins over its department's.
    Company.objects.filter(pk=tree.organic_lab.pk).update(shopping_lists_feature=True)
    assert "errors" not in _lists_create(graphql, login(tree.users["organic_senior"].email, "Secret123"))


def test_quick_order_switched_off_above_refuses_the_units_below(tree, graphql, login, demo_store):
    from django.core.exceptions import PermissionDenied

    from pricing.bulk_upload.permissions import quick_order_check

    Company.objects.filter(pk=tree.university.pk).update(quick_order_feature=False)
    with pytest.raises(PermissionDenied):
        quick_order_check(actor_for_token(login(tree.users["organic_senior"].email, "Secret123")))
    quick_order_check(actor_for_token(login(tree.users["other_admin"].email, "Secret123")))  # another company: on
