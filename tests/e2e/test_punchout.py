"""PunchOut in Chromium (issue 39, Done when 1): a fake procurement system, served over HTTP by the test, opens the
catalog for a lab buyer; the buyer fills the cart with a configured pipette and a reagent from a shopping list and
transfers it; the procurement system gets the exact lines, asks for an edit and gets them back, sends the purchase
order, and is sent the confirmation, the ship notice and the invoice. Then the same over OCI 5.0."""

from __future__ import annotations

import re
from decimal import Decimal
from urllib.parse import urlencode

import pytest
import requests
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import Company, User
from invoices.services.issue import invoice_issue_from_order
from orders.models import Order
from orders.services import ShipmentLineData, shipment_create
from pricing.models import ProductVariant
from punchout import services
from punchout.models import PunchoutConnection
from shoppinglists.models import ShoppingList
from tests.e2e.axe import assert_accessible
from tests.e2e.test_cart_to_quote import ENGRAVING, PIPETTE, put_the_configured_pipette_in_the_cart
from tests.factories.shoppinglists import ShoppingListItemFactory
from tests.punchout.flows import ORDER_REQUEST, SETUP, item

SECRET = "univ-ariba-shared-secret"
BUYER = "senior@acme.test"
METHANOL = "Methanol, HPLC grade"
PIPETTE_PRICE = "$290.65"


@pytest.fixture
def shop(demo, procurement):
    call_command("seed_demo")
    acme = Company.objects.get(name="Acme Labs")
    for protocol, identity in (("cxml", "AN-UNIV-1"), ("oci5", "UNIV-SRM")):
        connection = PunchoutConnection.objects.create(
            company=acme, name=f"University — {protocol}", system="ariba" if protocol == "cxml" else "sap",
            protocol=protocol, from_domain="NetworkID" if protocol == "cxml" else "", from_identity=identity,
            to_domain="DUNS" if protocol == "cxml" else "", to_identity="HELIX-1" if protocol == "cxml" else "",
            sender_domain="NetworkID" if protocol == "cxml" else "", sender_identity=identity,
            return_origins=procurement.url, user_mode="email", documents_url=f"{procurement.url}/cxml",
            documents_secret="supplier-secret",
        )  # fmt: skip
        services.connection_secret_set(connection=connection, secret=SECRET)
    buyer = User.objects.get(email=BUYER)
    reagents = ShoppingList.objects.create(name="Chromatography solvents", company=acme, created_by=buyer)
    ShoppingListItemFactory(
        shopping_list=reagents,
        variant=ProductVariant.objects.filter(product__name=METHANOL).order_by("pk").first(),
        quantity=4,
    )
    return reagents


def _setup(base_url: str, return_url: str, *, payload: str, operation: str = "create", items: str = "") -> str:
    """The procurement system's PunchOutSetupRequest, server to server; the StartPage it answers."""
    body = SETUP.format(payload=payload, secret=SECRET, operation=operation, return_url=return_url, items=items)
    body = body.replace("lab.buyer@univ.example.edu", BUYER)
    answer = requests.post(f"{base_url}/punchout/cxml/", data=body.encode(), headers={"Content-Type": "text/xml"})
    assert answer.status_code == 200, answer.text
    return re.search(r"<URL>(.*?)</URL>", answer.text).group(1)


def _lines(message) -> list[tuple]:
    return [
        (
            line.get("quantity"),
            line.findtext("ItemID/SupplierPartID"),
            line.findtext("ItemDetail/UnitPrice/Money"),
            {e.get("name"): e.text for e in line.findall("ItemDetail/Extrinsic")},
        )
        for line in message.findall("Message/PunchOutOrderMessage/ItemIn")
    ]


def test_a_lab_buyer_punches_out_from_the_procurement_system_and_the_order_comes_back(
    page, live_server, shop, procurement
):
    base = live_server.url
    return_url = f"{procurement.url}/return?requisition=REQ-1"
    page.goto(_setup(base, return_url, payload="setup-1"))
    expect(page).to_have_url(f"{base}/")
    put_the_configured_pipette_in_the_cart(page, base, PIPETTE_PRICE)

    # The reagent from the buyer's shopping list, through the overlay.
    page.goto(f"{base}/#/shoppingList/{shop.pk}")
    expect(page.get_by_role("heading", level=1, name="Chromatography solvents")).to_be_visible()
    products = page.get_by_role("table", name="Products")
    products.get_by_role("checkbox", name=re.compile(f"^Select {METHANOL}")).check()
    page.get_by_test_id("shopping-list-footer").get_by_role("button", name="Add selected to cart").click()
    report = page.get_by_role("dialog", name="1 product added to your cart")
    report.get_by_role("link", name="Go to cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    expect(page.get_by_role("link", name="Proceed to checkout")).to_have_count(0)

    assert_accessible(page, "cart with the transfer button")

    # The transfer page posts the cart at once; with its post answered "204 No Content" it stays, says what happens and
    # offers the button (a browser without JavaScript), which sends the same cart.
    page.route(re.compile(r".*/return\?requisition=.*"), lambda route: route.fulfill(status=204))
    page.get_by_role("button", name="Transfer to SAP Ariba").click()
    expect(page.get_by_role("heading", name="Sending your cart to SAP Ariba")).to_be_visible()
    assert_accessible(page, "transfer page")
    page.unroute(re.compile(r".*/return\?requisition=.*"))
    page.get_by_role("button", name="Continue to SAP Ariba").click()
    expect(page.get_by_role("heading", name="Cart received")).to_be_visible()
    (returned,) = procurement.returns()
    message = returned.cxml()
    methanol = ProductVariant.objects.filter(product__name=METHANOL).order_by("pk").first()
    lines = _lines(message)
    assert lines[0] == (
        "1", "HS-3001-100UL", "290.65",
        {"Volume range": "10–100 µL", "Calibration certificate": "Yes", "Engraving text": ENGRAVING},
    )  # fmt: skip
    assert lines[1][:2] == ("4", methanol.sku)
    assert message.findtext("Message/PunchOutOrderMessage/BuyerCookie") == "cookie-setup-1"

    # The procurement system asks to edit the requisition: the cart comes back with the options.
    keys = [
        line.findtext("ItemID/SupplierPartAuxiliaryID")
        for line in message.findall("Message/PunchOutOrderMessage/ItemIn")
    ]
    items = "".join(
        f'<ItemOut quantity="{q}"><ItemID><SupplierPartID>{part}</SupplierPartID><SupplierPartAuxiliaryID>{key}'
        "</SupplierPartAuxiliaryID></ItemID></ItemOut>"
        for (q, part, *_), key in zip(lines, keys, strict=True)
    )
    start_url = _setup(base, return_url, payload="setup-2", operation="edit", items=items)
    page.goto(start_url)
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    row = page.get_by_role("row", name=re.compile(PIPETTE))
    expect(row).to_contain_text(f"Engraving text: {ENGRAVING}")
    expect(row).to_contain_text(PIPETTE_PRICE)
    expect(page.get_by_role("row", name=re.compile(METHANOL))).to_be_visible()
    page.goto(start_url)  # a StartPage works once
    expect(page.get_by_role("heading", name="This PunchOut link is no longer valid")).to_be_visible()
    assert_accessible(page, "used StartPage")

    # The purchase order, approved in the procurement system, places the order at the transferred prices.
    order_items = item(1, 1, "HS-3001-100UL", keys[0], "290.65") + item(2, 4, methanol.sku, keys[1], lines[1][2])
    body = ORDER_REQUEST.format(payload="po-1", secret=SECRET, po="PO-2026-0042", items=order_items)
    answer = requests.post(f"{base}/punchout/cxml/", data=body.encode(), headers={"Content-Type": "text/xml"})
    assert answer.status_code == 200, answer.text
    order = Order.objects.get(po_number="PO-2026-0042")
    assert (order.cost_centre, order.placed_by.email, order.lines.count()) == ("GR-2026-114", BUYER, 2)
    assert order.lines.get(sku="HS-3001-100UL").unit_price == Decimal("290.65")
    procurement.wait_for(lambda: procurement.documents("ConfirmationRequest"))

    # Staff record the shipment and issue the invoice: the procurement system is told both.
    shipment_create(
        order=order, carrier="UPS", tracking_number="1Z999AA10123456784", shipped_at=timezone.now(),
        lines=[ShipmentLineData(order_line_id=line.pk, quantity=line.quantity) for line in order.lines.all()],
    )  # fmt: skip
    procurement.wait_for(lambda: procurement.documents("ShipNoticeRequest"))
    invoice = invoice_issue_from_order(order, render_pdf=False)
    procurement.wait_for(lambda: procurement.documents("InvoiceDetailRequest"))
    (sent,) = procurement.documents("InvoiceDetailRequest")
    assert sent.find("Request/InvoiceDetailRequest/InvoiceDetailRequestHeader").get("invoiceID") == invoice.number


def test_an_sap_buyer_punches_out_over_oci_5(page, live_server, shop, procurement):
    base = live_server.url
    query = urlencode({"USERNAME": "UNIV-SRM", "PASSWORD": SECRET, "HOOK_URL": f"{procurement.url}/return?oci=1",
                       "EMAIL": BUYER, "~OkCode": "ADDI", "~target": "_top", "~caller": "CTLG"})  # fmt: skip
    page.goto(f"{base}/punchout/oci/?{query}")
    expect(page).to_have_url(f"{base}/")
    put_the_configured_pipette_in_the_cart(page, base, PIPETTE_PRICE)
    page.get_by_role("button", name="Transfer to SAP SRM / S/4HANA").click()
    expect(page.get_by_role("heading", name="Cart received")).to_be_visible()
    (returned,) = procurement.returns()
    fields = dict(returned.form)
    expected = {
        "QUANTITY": "1", "UNIT": "EA", "PRICE": "290.65", "CURRENCY": "USD", "VENDORMAT": "HS-3001-100UL",
        "EXT_SCHEMA_TYPE": "UNSPSC",
    }  # fmt: skip
    assert {name: fields[f"NEW_ITEM-{name}[1]"] for name in expected} == expected
    assert (
        fields["NEW_ITEM-DESCRIPTION[1]"] == f"{PIPETTE} — Volume range: 10–100 µL; Calibration certificate: Yes"[:40]
    )
    longtext = "".join(v for k, v in returned.form if k == "NEW_ITEM-LONGTEXT_1:132[]")
    assert f"Engraving text: {ENGRAVING}" in longtext
