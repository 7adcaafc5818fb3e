"""Issue 39: the cart goes back to the procurement system (cXML PunchOutOrderMessage, OCI fields), and an edit brings
it back with its options."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape
from xml.etree.ElementTree import fromstring

import pytest

from accounts.models import Company, CompanyRole
from accounts.selectors import actor_for_user
from pricing.models import Product
from punchout import services
from punchout.models import PunchoutConnection, PunchoutDocument, PunchoutSession, PunchoutTransferLine
from storefront.models import Cart
from storefront.selectors import cart_summary

SECRET = "s3cret-shared-Value"
RETURN_URL = "https://procure.example.edu/punchout/return?id=7"
ETHANOL = "ethanol-absolute-998"

SETUP = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">
<cXML payloadID="{payload}" timestamp="2026-12-05T10:00:00+00:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>HELIX-1</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity><SharedSecret>{secret}</SharedSecret>
      </Credential><UserAgent>Test procurement</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="{operation}">
    <BuyerCookie>cookie-{payload}</BuyerCookie>
    <Extrinsic name="UserEmail">lab.buyer@univ.example.edu</Extrinsic>
    <Extrinsic name="CostCenter">GR-2026-114</Extrinsic>
    <BrowserFormPost><URL>{return_url}</URL></BrowserFormPost>
    <Contact role="endUser"><Name xml:lang="en">Lab Buyer</Name><Email>lab.buyer@univ.example.edu</Email></Contact>
    {items}
  </PunchOutSetupRequest></Request>
</cXML>"""


@pytest.fixture
def connection(demo_store, ethanol) -> PunchoutConnection:
    made = PunchoutConnection.objects.create(
        company=Company.objects.get(name="Acme Labs"), name="University — Ariba", system="ariba", protocol="cxml",
        from_domain="NetworkID", from_identity="AN-UNIV-1", to_domain="DUNS", to_identity="HELIX-1",
        sender_domain="NetworkID", sender_identity="AN-UNIV-1", return_origins="https://procure.example.edu",
        user_mode="email", new_user_role=CompanyRole.SENIOR_BUYER,
    )  # fmt: skip
    services.connection_secret_set(connection=made, secret=SECRET)
    return made


def _start(client, *, payload: str, operation: str = "create", items: str = "") -> PunchoutSession:
    body = SETUP.format(payload=payload, secret=SECRET, operation=operation, return_url=RETURN_URL, items=items)
    response = client.post("/punchout/cxml/", body, content_type="text/xml")
    assert response.status_code == 200, response.content
    start_url = fromstring(response.content.split(b"\n", 2)[2]).findtext("Response/PunchOutSetupResponse/StartPage/URL")
    assert start_url
    client.get(start_url.replace("http://testserver", ""))
    return PunchoutSession.objects.get(payload_id=payload)


def _add_ethanol(client, *, sku: str, qty: int, certificate: bool) -> None:
    product = Product.objects.prefetch_related("options__values", "variants").get(slug=ETHANOL)
    (value,) = product.variants.get(sku=sku).option_values.all()
    data = {"product_id": product.pk, "qty": qty, f"attribute[{value.option_id}]": str(value.pk)}
    if certificate:
        option = product.options.get(display_name="Printed certificate of analysis")
        data[f"attribute[{option.pk}]"] = str(option.values.get(label="Yes").pk)
    assert client.post("/cart/add/", data).status_code == 302


def _posted_fields(response) -> dict[str, str]:
    html = response.content.decode()
    assert f'action="{RETURN_URL.replace("&", "&amp;")}"' in html
    return {
        unescape(n): unescape(v) for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    }


def test_the_cart_page_offers_the_transfer_instead_of_the_checkout(client, connection):
    _start(client, payload="p-1")
    _add_ethanol(client, sku="HS-1001-100ML", qty=1, certificate=False)
    html = client.get("/cart.php").content.decode()
    assert "Transfer to SAP Ariba" in html and "Proceed to checkout" not in html
    assert client.get("/checkout").status_code == 302  # the storefront's own checkout stays closed


def test_a_transferred_cart_is_a_punchout_order_message_with_exact_lines_options_and_prices(client, connection):
    session = _start(client, payload="p-2")
    _add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    _add_ethanol(client, sku="HS-1001-100ML", qty=3, certificate=False)
    summary = cart_summary(cart=Cart.objects.get(user=session.user), actor=actor_for_user(session.user))
    priced = [(line.sku, line.unit_price) for line in summary.lines]
    response = client.post("/punchout/transfer/")
    assert response.status_code == 200
    fields = _posted_fields(response)
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
    first = _start(client, payload="p-3")
    _add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    items = f"""<ItemOut quantity="5"><ItemID><SupplierPartID>HS-1001-500ML</SupplierPartID>
      <SupplierPartAuxiliaryID>{first.pk}-1</SupplierPartAuxiliaryID></ItemID></ItemOut>"""
    edit = _start(client, payload="p-4", operation="edit", items=items)
    lines = list(edit.cart.lines.values_list("variant__sku", "quantity", "options"))
    certificate = Product.objects.get(slug=ETHANOL).options.get(display_name="Printed certificate of analysis")
    yes = certificate.values.get(label="Yes")
    assert lines == [("HS-1001-500ML", 5, [[certificate.pk, str(yes.pk)]])]  # as the product page sent them


def test_a_second_transfer_or_an_empty_cart_sends_nothing(client, connection):
    _start(client, payload="p-5")
    response = client.post("/punchout/transfer/", follow=True)
    assert "Your cart is empty." in response.content.decode()
    assert not PunchoutTransferLine.objects.exists()


def test_another_company_never_sees_this_session(client, connection):
    """A browser signed in as another user cannot use the buyer's punchout session id (issue 39 Done when 3)."""
    session = _start(client, payload="p-6")
    client.logout()
    client.force_login(session.company.memberships.exclude(user=session.user).first().user)
    s = client.session
    s["punchout_session"] = session.pk
    s.save()
    response = client.post("/punchout/transfer/", follow=True)
    assert "Your PunchOut session has ended" in response.content.decode()
    assert not PunchoutTransferLine.objects.exists()


ORDER_REQUEST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">
<cXML payloadID="{payload}" timestamp="2026-12-05T11:00:00+00:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>HELIX-1</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity><SharedSecret>{secret}</SharedSecret>
      </Credential><UserAgent>Test procurement</UserAgent></Sender>
  </Header>
  <Request deploymentMode="production"><OrderRequest>
    <OrderRequestHeader orderID="{po}" orderDate="2026-12-05T11:00:00+00:00" type="new">
      <Total><Money currency="USD">300.00</Money></Total>
      <ShipTo><Address addressID="LAB-3"><Name xml:lang="en">University Chemistry, Lab 3</Name>
        <PostalAddress><DeliverTo>Dana Reyes</DeliverTo><Street>12 College Road</Street><City>Boston</City>
          <State>MA</State><PostalCode>02115</PostalCode><Country isoCountryCode="US">United States</Country>
        </PostalAddress></Address></ShipTo>
      <Contact role="endUser"><Name xml:lang="en">Lab Buyer</Name><Email>lab.buyer@univ.example.edu</Email></Contact>
      <Comments xml:lang="en">Deliver to the loading dock.</Comments>
      <Extrinsic name="CostCenter">GR-2026-114</Extrinsic>
    </OrderRequestHeader>
    {items}
  </OrderRequest></Request>
</cXML>"""


def _item(number: int, quantity: int, part: str, aux: str, price: str) -> str:
    aux_element = f"<SupplierPartAuxiliaryID>{aux}</SupplierPartAuxiliaryID>" if aux else ""
    return f"""<ItemOut quantity="{quantity}" lineNumber="{number}"><ItemID><SupplierPartID>{part}</SupplierPartID>
      {aux_element}</ItemID><ItemDetail><UnitPrice><Money currency="USD">{price}</Money></UnitPrice>
      <Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>"""


def _order_request(client, *, payload: str, po: str, items: str):
    body = ORDER_REQUEST.format(payload=payload, secret=SECRET, po=po, items=items)
    return client.post("/punchout/cxml/", body, content_type="text/xml")


def _status(response) -> tuple[str, str]:
    status = fromstring(response.content.split(b"\n", 2)[2]).find("Response/Status")
    return status.get("code"), (status.text or "")


@pytest.fixture
def transferred(client, connection) -> PunchoutSession:
    session = _start(client, payload="p-10")
    _add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    return session


def test_a_purchase_order_of_the_transferred_lines_becomes_the_order_at_their_prices(client, transferred):
    from orders.models import Order

    key = f"{transferred.pk}-1"
    response = _order_request(
        client, payload="po-1", po="PO-778812",
        items=_item(1, 3, "HS-1001-500ML", key, "118.36") + _item(2, 1, "HS-1001-100ML", "", "32.30"),
    )  # fmt: skip
    assert response.status_code == 200, response.content
    order = Order.objects.get()
    assert _status(response) == ("200", f"Order #{order.number} placed.")
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
    again = _order_request(client, payload="po-1", po="PO-778813", items=_item(1, 1, "HS-1001-500ML", key, "118.36"))
    assert again.status_code == 409 and Order.objects.count() == 1


@pytest.mark.parametrize(
    ("item", "message"),
    [
        (lambda key: _item(1, 3, "HS-1001-500ML", key, "110.00"), "the unit price 110.00 USD is not the 118.36 agreed"),
        (lambda key: _item(1, 3, "HS-1001-100ML", key, "118.36"), "was transferred as HS-1001-500ML"),
        (lambda key: _item(1, 3, "HS-1001-500ML", "999-9", "118.36"), "no cart line 999-9 was transferred"),
        (lambda key: _item(1, 0, "HS-1001-500ML", key, "118.36"), "the quantity is a whole number"),
        (lambda key: _item(1, 1, "HS-1001-100ML", "", "30.00"), "the unit price 30.00 USD is not the 32.30 agreed"),
        (lambda key: _item(1, 1, "NO-SUCH-SKU", "", "1.00"), "not a catalog number of this catalog"),
    ],
)
def test_a_purchase_order_that_does_not_match_is_refused_and_stores_nothing(client, transferred, item, message):
    from orders.models import Order

    response = _order_request(client, payload="po-2", po="PO-1", items=item(f"{transferred.pk}-1"))
    assert response.status_code == 400
    code, text = _status(response)
    assert code == "400" and message in text, text
    assert not Order.objects.exists()
    from punchout.models import PunchoutPurchaseOrder

    assert not PunchoutPurchaseOrder.objects.exists()
