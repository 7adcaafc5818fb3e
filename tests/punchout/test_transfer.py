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
