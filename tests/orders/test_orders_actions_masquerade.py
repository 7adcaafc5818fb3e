"""Orders placed while masquerading are written to the masquerade audit log (issue 17, left open by issue 5): the
storefront's checkout records the order under the super admin's masquerade session, and the company's admin reads it
in the session's actions."""

import pytest
from django.urls import reverse

from accounts.models import AuditEvent, Company, MasqueradeSession
from orders.models import Order
from pricing.models import Product

pytestmark = pytest.mark.django_db

BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
SESSIONS = """{ companyMasqueradeSessions(first: 10) {
  edges { node { superAdminEmail events { action summary } } } } }"""
ADDRESS = {
    "first_name": "Sue", "last_name": "Superadmin", "address_line1": "1 Science Park", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US",
}  # fmt: skip
TEST_CARD = {
    "payment_method": "test_card",
    "card_number": "4242 4242 4242 4242",
    "card_expiry": "12/39",
    "card_cvc": "123",
}


def _checkout(client, product: Product, sku: str, email: str) -> Order:
    variant = product.variants.get(sku=sku)
    (value,) = variant.option_values.all()
    added = client.post("/cart/add/", {"product_id": product.pk, "qty": 1, f"attribute[{value.option_id}]": value.pk})
    assert added.status_code in (200, 302)
    response = client.post("/checkout", {**ADDRESS, "email": email, **TEST_CARD})
    assert response.status_code == 302, response.content.decode()[:500]
    return Order.objects.latest("pk")


def test_an_order_placed_while_masquerading_is_in_the_masquerade_audit_log(
    ethanol, client, graphql, login, admin_client
):
    acme = Company.objects.get(name="Acme Labs")
    assert "errors" not in graphql(BEGIN, {"id": acme.pk}, token=login("superadmin@demo.test"))
    session = MasqueradeSession.objects.get(ended_at__isnull=True)
    client.login(username="superadmin@demo.test", password="Demo1234")  # the storefront follows the masquerade

    order = _checkout(client, ethanol, "HS-1001-100ML", "superadmin@demo.test")

    assert order.company == acme
    event = AuditEvent.objects.get(action="order_placed")
    assert (event.company, event.actor.email, event.masquerade_session) == (acme, "superadmin@demo.test", session)
    assert (event.object_type, event.object_id) == ("orders.order", str(order.pk))
    # Acme's admin reads it among what was done in the session.
    client.logout()
    body = graphql(SESSIONS, token=login("admin@acme.test"))
    (edge,) = body["data"]["companyMasqueradeSessions"]["edges"]
    assert edge["node"]["superAdminEmail"] == "superadmin@demo.test"
    assert [e["action"] for e in edge["node"]["events"]] == ["masquerade_began", "order_placed"]
    assert edge["node"]["events"][1]["summary"] == f"Order #{order.number} placed: {order.grand_total} USD"
    # Staff read it on the session's page in admin.
    page = admin_client.get(reverse("admin:accounts_masqueradesession_change", args=[session.pk])).content.decode()
    assert f"Order #{order.number} placed" in page


def test_an_order_of_the_company_itself_has_no_masquerade_session(ethanol, client, graphql, login):
    # A super admin masquerades meanwhile: the buyer's own order is still not theirs.
    graphql(BEGIN, {"id": Company.objects.get(name="Acme Labs").pk}, token=login("superadmin@demo.test"))
    client.login(username="senior@acme.test", password="Demo1234")

    _checkout(client, ethanol, "HS-1001-100ML", "senior@acme.test")

    event = AuditEvent.objects.get(action="order_placed")
    assert (event.actor.email, event.masquerade_session) == ("senior@acme.test", None)
