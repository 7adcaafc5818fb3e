"""The grant or cost-centre code at the product checkout (issue 20, "Beyond the anchors"): optional, at most 60
characters of printable text, saved on the order, carried onto its invoices, and remembered per buyer (and company)
for their next checkout."""

from __future__ import annotations

import pytest

from accounts.models import AuditEvent
from invoices.services.issue import invoice_issue_from_order
from orders.models import Order
from pricing.models import Product
from storefront.models import SavedCostCentre

pytestmark = pytest.mark.django_db

ADDRESS = {
    "first_name": "Alice", "last_name": "Admin", "address_line1": "1 Science Park", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US",
}  # fmt: skip
ON_ACCOUNT = {"payment_method": "purchase_order", "po_number": "PO-4471"}
CODE = "NIH R01-GM123456 / 5-21034"


def _add(client, product: Product, sku: str = "HS-1001-100ML") -> None:
    variant = product.variants.get(sku=sku)
    (value,) = variant.option_values.all()
    response = client.post(
        "/cart/add/", {"product_id": product.pk, "qty": 1, f"attribute[{value.option_id}]": value.pk}
    )
    assert response.status_code == 302


def _checkout(client, email: str, **extra):
    return client.post("/checkout", {**ADDRESS, "email": email, **ON_ACCOUNT, **extra})


def test_the_code_goes_on_the_order_and_its_invoice_and_is_prefilled_next_time(ethanol, client):
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ethanol)
    page = client.get("/checkout").content.decode()
    assert "Grant or cost-centre code (optional)" in page and 'maxlength="60"' in page

    response = _checkout(client, "admin@acme.test", cost_centre=f"  {CODE}  ")

    assert response.status_code == 302, response.content.decode()[:800]
    order = Order.objects.get()
    assert order.cost_centre == CODE
    assert AuditEvent.objects.get(action="order_placed").changes["costCentre"] == CODE
    assert invoice_issue_from_order(order).cost_centre == CODE  # the order's invoices carry it
    _add(client, ethanol)
    assert f'value="{CODE}"' in client.get("/checkout").content.decode()


def test_the_code_is_optional_and_clearing_it_is_remembered_too(ethanol, client):
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ethanol)
    assert _checkout(client, "admin@acme.test", cost_centre=CODE).status_code == 302
    _add(client, ethanol)
    assert _checkout(client, "admin@acme.test", cost_centre="").status_code == 302
    assert list(Order.objects.order_by("pk").values_list("cost_centre", flat=True)) == [CODE, ""]
    _add(client, ethanol)
    assert CODE not in client.get("/checkout").content.decode()
    assert SavedCostCentre.objects.get().code == ""


def test_the_code_is_each_buyers_own_and_a_guests_is_not_kept(ethanol, client):
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ethanol)
    assert _checkout(client, "admin@acme.test", cost_centre=CODE).status_code == 302
    client.logout()
    client.login(username="senior@acme.test", password="Demo1234")
    _add(client, ethanol)
    assert CODE not in client.get("/checkout").content.decode()
    client.logout()
    _add(client, ethanol)
    guest = {**ADDRESS, "email": "guest@example.test", "payment_method": "test_card", "card_number": "4242424242424242",
             "card_expiry": "12/39", "card_cvc": "123", "cost_centre": "GUEST-1"}  # fmt: skip
    assert client.post("/checkout", guest).status_code == 302
    assert Order.objects.latest("pk").cost_centre == "GUEST-1"
    assert list(SavedCostCentre.objects.values_list("user__email", "code")) == [("admin@acme.test", CODE)]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("X" * 61, "Ensure this value has at most 60 characters (it has 61)."),
        ("GM\x00123", "Null characters are not allowed."),
        ("GM\x07123", "Use letters, digits, spaces and punctuation only."),
        ("GM\u202e321", "Use letters, digits, spaces and punctuation only."),  # a right-to-left override
    ],
    ids=["too long", "NUL", "control character", "format character"],
)
def test_a_code_too_long_or_with_garbage_is_refused_cleanly(value, message, ethanol, client):
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ethanol)
    response = _checkout(client, "admin@acme.test", cost_centre=value)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert Order.objects.count() == 0 and SavedCostCentre.objects.count() == 0
