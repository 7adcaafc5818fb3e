"""Budget in view on the storefront's cart and checkout (issue 41): the budgets an order of the buyer would draw on,
what is left of each and what this cart would leave; the checkout's panel follows the cost centre typed; an order a
hard budget cannot cover is refused on the page with the figures, one a rule holds becomes a purchase request."""

import datetime
from decimal import Decimal

import pytest

from accounts.models import CompanyRole
from approvals.models import ApprovalRule, ApprovalTier, Budget, BudgetPeriod, PurchaseRequest
from orders.models import Order
from tests.factories.accounts import PASSWORD, northfield_tree

pytestmark = pytest.mark.django_db

ADDRESS = {
    "first_name": "Olga", "last_name": "Organic", "address_line1": "1 University Avenue", "city": "Northfield",
    "state": "MN", "zip_code": "55057", "country_code": "US",
}  # fmt: skip


@pytest.fixture
def lab(demo_store, ethanol):
    tree = northfield_tree()
    Budget.objects.create(
        company=tree.organic_lab, name="NIH R01 grant 123", cost_centre="NIH-R01-123", amount=Decimal("500"),
        currency_code="USD", period=BudgetPeriod.GRANT, starts_on=datetime.date(2020, 1, 1),
        ends_on=datetime.date(2099, 12, 31), hard=True,
    )  # fmt: skip
    Budget.objects.create(
        company=tree.chemistry, name="Chemistry supplies", amount=Decimal("100000"), currency_code="USD",
        period=BudgetPeriod.YEAR, hard=False,
    )  # fmt: skip
    return tree


def _cart(client, product, quantity: int) -> None:
    variant = product.variants.get(sku="HS-1001-500ML")
    (value,) = variant.option_values.all()
    client.post("/cart/add/", {"product_id": product.pk, "qty": quantity, f"attribute[{value.option_id}]": value.pk})


def _sign_in(client, tree, key: str) -> None:
    assert client.login(username=tree.users[key].email, password=PASSWORD)


def test_the_cart_and_the_checkout_show_what_the_budgets_leave(lab, ethanol, client):
    _sign_in(client, lab, "organic_senior")
    _cart(client, ethanol, 2)  # 2 × $115.52 + tax, shipping
    cart = client.get("/cart.php").content.decode()
    assert "data-budget-panel" in cart and "Chemistry supplies" in cart
    assert "NIH R01 grant 123" not in cart  # a grant's budget applies to orders on its code only

    panel = client.get("/checkout/budget-status", {"cost_centre": "nih-r01-123"}).content.decode()
    assert "NIH R01 grant 123" in panel and "Chemistry supplies" in panel
    assert "$500.00" in panel and "leaves" in panel and "over what is left" not in panel

    _cart(client, ethanol, 3)  # now five: over the grant's $500
    panel = client.get("/checkout/budget-status", {"cost_centre": "NIH-R01-123"}).content.decode()
    assert "over what is left: it cannot be placed on this budget" in panel


def test_no_panel_for_a_guest_or_another_company(lab, ethanol, client):
    _cart(client, ethanol, 1)
    assert "data-budget-panel" not in client.get("/cart.php").content.decode()
    assert "data-budget-panel" not in client.get("/checkout/budget-status").content.decode()
    client.logout()
    _sign_in(client, lab, "other_admin")
    _cart(client, ethanol, 1)
    panel = client.get("/checkout/budget-status", {"cost_centre": "NIH-R01-123"}).content.decode()
    assert "NIH R01 grant 123" not in panel and "Chemistry supplies" not in panel


def test_a_hard_budget_refuses_the_checkout_with_the_figures_and_nothing_changes(lab, ethanol, client):
    _sign_in(client, lab, "organic_senior")
    _cart(client, ethanol, 5)
    response = client.post(
        "/checkout",
        {**ADDRESS, "email": "olga@northfield.test", "payment_method": "test_card", "cost_centre": "NIH-R01-123",
         "card_number": "4242 4242 4242 4242", "card_expiry": "12/39", "card_cvc": "123"},
    )  # fmt: skip
    page = response.content.decode()
    assert response.status_code == 400
    assert "more than what is left of the budget “NIH R01 grant 123”" in page
    assert not Order.objects.exists() and not PurchaseRequest.objects.exists()


def test_an_order_a_rule_holds_waits_for_approval_and_the_buyer_sees_where_it_stands(lab, ethanol, client):
    rule = ApprovalRule.objects.create(company=lab.university, name="Above $100", min_total=Decimal("100"),
                                       currency_code="USD")  # fmt: skip
    ApprovalTier.objects.create(rule=rule, position=0, role=CompanyRole.ADMIN, levels_up=1)
    _sign_in(client, lab, "organic_senior")
    _cart(client, ethanol, 2)
    response = client.post(
        "/checkout",
        {**ADDRESS, "email": "olga@northfield.test", "payment_method": "test_card", "cost_centre": "NIH-R01-123",
         "card_number": "4242 4242 4242 4242", "card_expiry": "12/39", "card_cvc": "123"},
    )  # fmt: skip
    held = PurchaseRequest.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/checkout/request-confirmation/{held.pk}/"
    assert not Order.objects.exists()
    page = client.get(response["Location"]).content.decode()
    assert "Your order awaits approval" in page and "Admins of Chemistry" in page and "NIH-R01-123" in page
    assert "data-budget-panel" not in client.get("/cart.php").content.decode()  # the cart was emptied
    # Only the browser session that submitted it sees the page.
    client.logout()
    assert client.get(response["Location"]).status_code == 404
