"""Issue 39: the cart goes back to the procurement system (cXML PunchOutOrderMessage, OCI fields), and an edit brings
it back with its options."""

from __future__ import annotations

from decimal import Decimal
from xml.etree.ElementTree import fromstring

import pytest

from accounts.selectors import actor_for_user
from pricing.models import Product
from punchout.models import (
    PunchoutConnection,
    PunchoutDocument,
    PunchoutPurchaseOrder,
    PunchoutSession,
    PunchoutTransferLine,
)
from storefront.models import Cart
from storefront.selectors import cart_summary
from tests.punchout.flows import (
    ETHANOL,
    acme_connection,
    add_ethanol,
    item,
    order_request,
    posted_fields,
    start,
    status,
)


@pytest.fixture
def connection(demo_store, ethanol) -> PunchoutConnection:
    return acme_connection()


def test_the_cart_page_offers_the_transfer_instead_of_the_checkout(client, connection):
    start(client, payload="p-1")
    add_ethanol(client, sku="HS-1001-100ML", qty=1, certificate=False)
    html = client.get("/cart.php").content.decode()
    assert "Transfer to SAP Ariba" in html and "Proceed to checkout" not in html
    assert client.get("/checkout").status_code == 302  # the storefront's own checkout stays closed


def test_a_transferred_cart_is_a_punchout_order_message_with_exact_lines_options_and_prices(client, connection):
    session = start(client, payload="p-2")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    add_ethanol(client, sku="HS-1001-100ML", qty=3, certificate=False)
    summary = cart_summary(cart=Cart.objects.get(user=session.user), actor=actor_for_user(session.user))
    priced = [(line.sku, line.unit_price) for line in summary.lines]
    response = client.post("/punchout/transfer/")
    assert response.status_code == 200
    fields = posted_fields(response)
    assert list(fields) == ["cxml-urlencoded"]
    message = fromstring(fields["cxml-urlencoded"].split("\n", 2)[2])
    assert message.findtext("Header/To/Credential/Identity") == "AN-UNIV-1"
    assert message.findtext("Header/From/Credential/Identity") == "HELIX-1"
    order = message.find("Message/PunchOutOrderMessage")
    assert order.findtext("BuyerCookie") == "cookie-p-2"
    items = order.findall("ItemIn")
    got = [
        (
            item.get("quantity"),
            item.findtext("ItemID/SupplierPartID"),
            item.findtext("ItemID/SupplierPartAuxiliaryID"),
            item.findtext("ItemDetail/UnitPrice/Money"),
            item.find("ItemDetail/UnitPrice/Money").get("currency"),
            item.findtext("ItemDetail/UnitOfMeasure"),
            item.findtext("ItemDetail/Classification"),
            {e.get("name"): e.text for e in item.findall("ItemDetail/Extrinsic")},
        )
        for item in items
    ]
    # Acme pays 85%: 500 mL 121.60 → 103.36, + the certificate's $15.00; 100 mL 38.00 → 32.30 — the cart's prices.
    assert [(sku, Decimal(price)) for _, sku, _, price, *_ in got] == priced
    assert got == [
        ("2", "HS-1001-500ML", f"{session.pk}-1", "118.36", "USD", "EA", "41000000",
         {"Pack size": "500 mL", "Printed certificate of analysis": "Yes"}),
        ("3", "HS-1001-100ML", f"{session.pk}-2", "32.30", "USD", "EA", "41000000",
         {"Pack size": "100 mL"}),
    ]  # fmt: skip
    total = order.findtext("PunchOutOrderMessageHeader/Total/Money")
    assert Decimal(total) == Decimal("118.36") * 2 + Decimal("32.30") * 3
    # Kept as sent, the cart emptied, the browser signed out, the message logged.
    assert list(PunchoutTransferLine.objects.values_list("key", "quantity", "unit_price")) == [
        (f"{session.pk}-1", 2, Decimal("118.36")),
        (f"{session.pk}-2", 3, Decimal("32.30")),
    ]
    assert not Cart.objects.filter(user=session.user).exists()
    assert "_auth_user_id" not in client.session
    assert PunchoutDocument.objects.filter(kind="PunchOutOrderMessage", session=session).count() == 1


def test_an_edit_brings_the_transferred_lines_back_with_their_options(client, connection):
    first = start(client, payload="p-3")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    items = f"""<ItemOut quantity="5"><ItemID><SupplierPartID>HS-1001-500ML</SupplierPartID>
      <SupplierPartAuxiliaryID>{first.pk}-1</SupplierPartAuxiliaryID></ItemID></ItemOut>"""
    edit = start(client, payload="p-4", operation="edit", items=items)
    lines = list(edit.cart.lines.values_list("variant__sku", "quantity", "options"))
    certificate = Product.objects.get(slug=ETHANOL).options.get(display_name="Printed certificate of analysis")
    yes = certificate.values.get(label="Yes")
    assert lines == [("HS-1001-500ML", 5, [[certificate.pk, str(yes.pk)]])]  # as the product page sent them


def test_a_second_transfer_or_an_empty_cart_sends_nothing(client, connection):
    start(client, payload="p-5")
    response = client.post("/punchout/transfer/", follow=True)
    assert "Your cart is empty." in response.content.decode()
    assert not PunchoutTransferLine.objects.exists()


def test_another_company_never_sees_this_session(client, connection):
    """A browser signed in as another user cannot use the buyer's punchout session id (issue 39 Done when 3)."""
    session = start(client, payload="p-6")
    client.logout()
    client.force_login(session.company.memberships.exclude(user=session.user).first().user)
    s = client.session
    s["punchout_session"] = session.pk
    s.save()
    response = client.post("/punchout/transfer/", follow=True)
    assert "Your PunchOut session has ended" in response.content.decode()
    assert not PunchoutTransferLine.objects.exists()


@pytest.fixture
def transferred(client, connection) -> PunchoutSession:
    session = start(client, payload="p-10")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    return session


def test_a_purchase_order_of_the_transferred_lines_becomes_the_order_at_their_prices(client, transferred):
    from orders.models import Order

    key = f"{transferred.pk}-1"
    response = order_request(
        client, payload="po-1", po="PO-778812",
        items=item(1, 3, "HS-1001-500ML", key, "118.36") + item(2, 1, "HS-1001-100ML", "", "32.30"),
    )  # fmt: skip
    assert response.status_code == 200, response.content
    order = Order.objects.get()
    assert status(response) == ("200", f"Order #{order.number} placed.")
    assert (order.po_number, order.cost_centre, order.company_id, order.placed_by_id) == (
        "PO-778812", "GR-2026-114", transferred.company_id, transferred.user_id,
    )  # fmt: skip
    assert list(order.lines.values_list("sku", "quantity", "unit_price", "raw_options")) == [
        ("HS-1001-500ML", 3, Decimal("118.36"), PunchoutTransferLine.objects.get(key=key).options),
        ("HS-1001-100ML", 1, Decimal("32.30"), []),  # from a static catalog: the engine's price for Acme
    ]
    assert order.shipping_address["address_line1"] == "12 College Road"
    assert order.customer_message == "Deliver to the loading dock."
    # The same payloadID or PO number again: 409, no second order.
    again = order_request(client, payload="po-1", po="PO-778813", items=item(1, 1, "HS-1001-500ML", key, "118.36"))
    assert again.status_code == 409 and Order.objects.count() == 1


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (lambda key: item(1, 3, "HS-1001-500ML", key, "110.00"), "the unit price 110.00 USD is not the 118.36 agreed"),
        (lambda key: item(1, 3, "HS-1001-100ML", key, "118.36"), "was transferred as HS-1001-500ML"),
        (lambda key: item(1, 3, "HS-1001-500ML", "999-9", "118.36"), "no cart line 999-9 was transferred"),
        (lambda key: item(1, 0, "HS-1001-500ML", key, "118.36"), "the quantity is a whole number"),
        (lambda key: item(1, 1, "HS-1001-100ML", "", "30.00"), "the unit price 30.00 USD is not the 32.30 agreed"),
        (lambda key: item(1, 1, "NO-SUCH-SKU", "", "1.00"), "not a catalog number of this catalog"),
    ],
)
def test_a_purchase_order_that_does_not_match_is_refused_and_stores_nothing(client, transferred, item, message):
    from orders.models import Order

    response = order_request(client, payload="po-2", po="PO-1", items=item(f"{transferred.pk}-1"))
    assert response.status_code == 400
    code, text = status(response)
    assert code == "400" and message in text, text
    assert not Order.objects.exists()
    assert not PunchoutPurchaseOrder.objects.exists()
