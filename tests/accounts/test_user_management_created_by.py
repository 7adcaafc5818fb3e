"""`createdByUser(companyId, module)` (shell §7, issue 16): the users who created a module's records in the caller's
company, for the "created by" / "placed by" filters — contributed by the quotes and orders apps, which accounts may
not import (ARCHITECTURE §3)."""

import datetime
from decimal import Decimal

import pytest

from accounts.models import Company, CompanyMembership, User
from orders.models import Order, PaymentMethod
from quotes.models import Quote
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

CREATED_BY = """
query($companyId: Int!, $module: String!) { createdByUser(companyId: $companyId, module: $module) {
  id firstName lastName email } }
"""
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"


def company_of(email: str) -> Company:
    return CompanyMembership.objects.get(user__email=email).company


def quote_by(email: str | None, company: Company | None = None) -> Quote:
    """A quote row of the user's company (a guest's: no user), as the quote services leave it."""
    user = User.objects.get(email=email) if email else None
    return Quote.objects.create(
        user=user,
        company=company or (company_of(email) if email else None),
        contact_name="Buyer",
        contact_email=email or "guest@uni.test",
        expires_on=datetime.date(2030, 1, 1),
    )


def order_by(email: str, company: Company | None = None) -> Order:
    number = 100_000 + Order.objects.count() + 1
    return Order.objects.create(
        number=number,
        company=company or company_of(email),
        placed_by=User.objects.get(email=email),
        customer_email=email,
        currency_code="USD",
        subtotal=Decimal("10.00"),
        tax_total=Decimal("0.00"),
        grand_total=Decimal("10.00"),
        payment_method=PaymentMethod.PURCHASE_ORDER,
    )


def creators(graphql, token, module: str = "quotes", company: str = "Acme Labs") -> list[str]:
    body = graphql(CREATED_BY, {"companyId": Company.objects.get(name=company).pk, "module": module}, token=token)
    assert "errors" not in body, body
    return [user["email"] for user in body["data"]["createdByUser"]]


def test_the_company_quotes_creators_by_name(demo_store, graphql, login):
    quote_by("senior@acme.test")
    quote_by("senior@acme.test")
    quote_by("junior@acme.test")
    quote_by("admin@globex.test")
    quote_by(None)  # a guest's quote has no creator

    assert creators(graphql, login("admin@acme.test")) == ["junior@acme.test", "senior@acme.test"]
    body = graphql(
        CREATED_BY,
        {"companyId": company_of("junior@acme.test").pk, "module": "quotes"},
        token=login("senior@acme.test"),
    )
    assert body["data"]["createdByUser"][0] == {
        "id": User.objects.get(email="junior@acme.test").pk,
        "firstName": "Jules",
        "lastName": "Junior",
        "email": "junior@acme.test",
    }


def test_a_former_user_stays_in_the_filter(demo_store, graphql, login):
    quote_by("junior@acme.test")
    acme = company_of("junior@acme.test")
    CompanyMembership.objects.filter(user__email="junior@acme.test").delete()

    assert creators(graphql, login("admin@acme.test")) == ["junior@acme.test"]
    assert acme.quotes.count() == 1


def test_orders_are_placed_by_their_buyers(demo_store, graphql, login):
    order_by("senior@acme.test")
    order_by("admin@acme.test")
    order_by("admin@globex.test")

    assert creators(graphql, login("senior@acme.test"), "orders") == ["admin@acme.test", "senior@acme.test"]


def test_shopping_lists_have_no_creators_until_their_app_contributes_them(demo_store, graphql, login):
    assert creators(graphql, login("admin@acme.test"), "shoppinglists") == []


def test_a_junior_buyer_reading_their_own_quotes_hears_only_of_themself(demo_store, graphql, login):
    quote_by("senior@acme.test")
    token = login("junior@acme.test")

    assert creators(graphql, token) == []
    quote_by("junior@acme.test")
    assert creators(graphql, token) == ["junior@acme.test"]
    # No get_orders: the placed-by filter is not theirs.
    body = graphql(CREATED_BY, {"companyId": company_of("junior@acme.test").pk, "module": "orders"}, token=token)
    assert error_code(body) == "PERMISSION_DENIED"


def test_the_masquerading_super_admin_reads_the_company_acted_for(demo_store, graphql, login):
    acme = company_of("admin@acme.test")
    token = login("superadmin@demo.test")
    graphql(BEGIN, {"id": acme.pk}, token=token)
    quote_by("superadmin@demo.test", company=acme)  # a quote built while masquerading is the company's
    quote_by("senior@acme.test")

    assert creators(graphql, token) == ["senior@acme.test", "superadmin@demo.test"]
    body = graphql(CREATED_BY, {"companyId": company_of("admin@globex.test").pk, "module": "quotes"}, token=token)
    assert error_code(body) == "PERMISSION_DENIED"


@pytest.mark.parametrize("email", ["admin@acme.test", "admin@globex.test", "b2c@demo.test", "superadmin@demo.test"])
def test_another_companys_creators_are_refused(demo_store, graphql, login, email):
    quote_by("senior@acme.test")
    acme = company_of("senior@acme.test")
    globex = company_of("admin@globex.test")
    company = globex if email == "admin@acme.test" else acme

    body = graphql(CREATED_BY, {"companyId": company.pk, "module": "quotes"}, token=login(email))

    assert error_code(body) == "PERMISSION_DENIED"
    assert "senior@acme.test" not in str(body)


@pytest.mark.parametrize("module", ["invoices", "", "QUOTES", "x" * 41])
def test_an_unknown_module_is_refused(demo_store, graphql, login, module):
    body = graphql(
        CREATED_BY, {"companyId": company_of("admin@acme.test").pk, "module": module}, token=login("admin@acme.test")
    )

    assert error_code(body) == "VALIDATION_ERROR"
    assert list(body["errors"][0]["extensions"]["fields"]) == ["module"]
