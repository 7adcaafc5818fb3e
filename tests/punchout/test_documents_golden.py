"""Golden files of every document the portal sends to a procurement system (issue 39 Done when 2), for each dialect
the project commits to: the PunchOutOrderMessage of a transferred cart (Ariba, Coupa, Jaggaer: their From, To and
Sender differ), OCI's NEW_ITEM-* fields (OCI 4.0 and 5.0), and the ConfirmationRequest, ShipNoticeRequest (with a lot)
and InvoiceDetailRequest of a purchase order, as the fake procurement system received them over HTTP.

What changes from run to run is replaced by `normalised` — the payloadID, the timestamps, the notice and receipt
dates, and the database ids in the line keys, confirmID and shipmentID — and the document is compared, indented, with
tests/punchout/golden/<document>--<dialect>.xml (or .txt). A missing golden file fails the test."""

from __future__ import annotations

import datetime
import re
from xml.etree.ElementTree import indent, tostring

import pytest
from defusedxml.ElementTree import fromstring
from django.test import Client

from accounts.models import CompanyRole
from invoices.services.issue import invoice_issue_from_order
from orders.models import Order, Shipment
from orders.services import ShipmentLineData, shipment_create
from punchout import services
from punchout.models import PunchoutSession
from tests.factories.orders import LotFactory
from tests.punchout.dialect_flows import GLOVES, fill_cart, gloves, hidden_fields, open_session, order_request_of
from tests.punchout.fake_procurement import FakeProcurementSystem
from tests.punchout.support import (
    DIALECTS,
    PunchoutConnectionFactory,
    connection_for,
    cxml_post,
    golden,
    status_of,
)

pytestmark = pytest.mark.django_db

DOCUMENTS_SECRET = "supplier-documents-Rk27"
SHIPPED_AT = datetime.datetime(2025, 3, 10, 14, 30, tzinfo=datetime.UTC)
INVOICED_ON = datetime.date(2025, 3, 11)


def normalised(document: str, *, session=None, order=None, shipment=None) -> str:
    """The document without what changes per run: the root's payloadID and timestamp, the notice date, the date the
    purchase order was received (orderDate of an OrderReference), and the database ids in the line keys (`<session
    id>-<position>`), the confirmID (the order number) and the shipmentID (`<order number>-<shipment id>`)."""
    document = re.sub(r'(<cXML payloadID=")[^"]*(")', r"\1PAYLOAD-ID\2", document)
    document = re.sub(r'( timestamp=")[^"]*(")', r"\1TIMESTAMP\2", document)
    document = re.sub(r'( noticeDate=")[^"]*(")', r"\1NOTICE-DATE\2", document)
    document = re.sub(r'(<OrderReference [^>]*orderDate=")[^"]*(")', r"\1RECEIVED-AT\2", document)
    if session is not None:
        document = re.sub(rf"(>|=){session.pk}-(\d+)\b", r"\1SESSION-\2", document)
    if order is not None:
        document = document.replace(f'confirmID="{order.number}"', 'confirmID="ORDER-NUMBER"')
    if shipment is not None:
        document = document.replace(
            f'shipmentID="{order.number}-{shipment.pk}"', 'shipmentID="ORDER-NUMBER-SHIPMENT-ID"'
        )
    return document


def readable(document: str) -> str:
    """The cXML document, its XML declaration and DOCTYPE as sent, its elements one a line (the golden files' form);
    fails on a document that is not well-formed."""
    declaration, doctype, body = document.split("\n", 2)
    assert declaration == '<?xml version="1.0" encoding="UTF-8"?>'
    # cXML's DTD of the document (cXML.dtd, Fulfill.dtd, InvoiceDetail.dtd): the golden file holds the one expected.
    assert re.fullmatch(r'<!DOCTYPE cXML SYSTEM "http://xml\.cxml\.org/schemas/cXML/1\.2\.060/\w+\.dtd">', doctype)
    root = fromstring(body.encode())
    indent(root)
    return f"{declaration}\n{doctype}\n{tostring(root, encoding='unicode')}\n"


@pytest.fixture
def catalog(demo_store, ethanol):
    """Ethanol (pack sizes and a printed certificate) and gloves (a plain product with its UNSPSC and unit)."""
    gloves()


@pytest.fixture
def procurement():
    system = FakeProcurementSystem().start()
    yield system
    system.stop()


# --- the cart sent back ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_the_punchout_order_message_of_each_system_is_its_golden_file(client, catalog, dialect):
    connection_for(dialect)
    session = open_session(client, dialect)
    fill_cart(client)

    response = client.post("/punchout/transfer/")

    assert response.status_code == 200
    [(name, message)] = hidden_fields(response)
    assert name == "cxml-urlencoded"
    assert readable(normalised(message, session=session)) == golden(f"order-message--{dialect.name}.xml")


@pytest.mark.parametrize("protocol", ["oci4", "oci5"])
def test_the_oci_fields_of_a_transferred_cart_are_the_golden_file(catalog, protocol):
    """OCI 5.0 adds the line's category as EXT_SCHEMA_TYPE / EXT_CATEGORY_ID; the fields are otherwise OCI 4.0's."""
    connection = PunchoutConnectionFactory(
        name="University of Leeds — SAP SRM", system="sap", protocol=protocol, sender_domain="",
        sender_identity="LEEDS_SRM", return_origins="https://srm.leeds.test:44300",
        new_user_role=CompanyRole.SENIOR_BUYER,
    )  # fmt: skip
    services.connection_secret_set(connection=connection, secret="srm-catalog-Pw83kd")
    browser = Client()
    hook_url = "https://srm.leeds.test:44300/sap/bc/webdynpro/sapsrm/oci_return?sap-client=100"
    entry = browser.get(
        "/punchout/oci/",
        {"USERNAME": "LEEDS_SRM", "PASSWORD": "srm-catalog-Pw83kd", "HOOK_URL": hook_url, "~OkCode": "ADDI",
         "~TARGET": "_top", "~CALLER": "CTLG", "EMAIL": "tu.youyou@leeds.test"},
    )  # fmt: skip
    assert entry.status_code == 302
    session = PunchoutSession.objects.get()
    fill_cart(browser)

    response = browser.post("/punchout/transfer/")

    assert response.status_code == 200
    assert f'action="{hook_url}"' in response.content.decode()
    fields = "".join(f"{name}={value}\n" for name, value in hidden_fields(response))
    assert normalised(fields, session=session) == golden(f"oci-cart--{protocol}.txt")


# --- the documents about a purchase order ------------------------------------------------------------------------


def purchase_order_placed(client, dialect, procurement, capture) -> tuple[PunchoutSession, Order]:
    """The dialect's cart transferred and ordered by its OrderRequest; the order confirmation sent."""
    connection_for(dialect, documents_url=f"{procurement.url}/cxml", documents_secret=DOCUMENTS_SECRET)
    session = open_session(client, dialect)
    fill_cart(client)
    client.post("/punchout/transfer/")
    with capture(execute=True):
        response = cxml_post(client, order_request_of(dialect, session))
    assert status_of(response)[:2] == (200, "200"), response.content
    return session, Order.objects.get()


def sent(procurement: FakeProcurementSystem, kind: str) -> str:
    """The one document of `kind` (e.g. ShipNoticeRequest) the procurement system received, as it came (awaited: the
    fake keeps a document once it has answered it, on its own thread)."""

    def received() -> list[str]:
        documents = [item.body.decode() for item in list(procurement.received) if item.path == "/cxml"]
        return [document for document in documents if re.search(f"<{kind}[ >]", document)]

    procurement.wait_for(lambda: len(received()) > 0)
    [body] = received()
    return body


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_the_order_confirmation_to_each_system_is_its_golden_file(
    client, catalog, procurement, django_capture_on_commit_callbacks, dialect
):
    session, order = purchase_order_placed(client, dialect, procurement, django_capture_on_commit_callbacks)

    document = sent(procurement, "ConfirmationRequest")

    assert readable(normalised(document, order=order)) == golden(f"confirmation--{dialect.name}.xml")


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_the_ship_notice_with_a_lot_to_each_system_is_its_golden_file(
    client, catalog, procurement, django_capture_on_commit_callbacks, dialect
):
    session, order = purchase_order_placed(client, dialect, procurement, django_capture_on_commit_callbacks)
    ethanol_line, gloves_line = order.lines.order_by("pk")
    assert gloves_line.sku == GLOVES
    lot = LotFactory(product_id=ethanol_line.product_id, number="24B117")

    with django_capture_on_commit_callbacks(execute=True):
        shipment: Shipment = shipment_create(
            order=order, carrier="DHL Express", tracking_number="JD014600006251234567", shipped_at=SHIPPED_AT,
            lines=[ShipmentLineData(order_line_id=ethanol_line.pk, quantity=2, lot_id=lot.pk),
                   ShipmentLineData(order_line_id=gloves_line.pk, quantity=3)],
        )  # fmt: skip

    document = sent(procurement, "ShipNoticeRequest")
    expected = golden(f"ship-notice--{dialect.name}.xml")
    assert readable(normalised(document, order=order, shipment=shipment)) == expected


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_the_invoice_to_each_system_is_its_golden_file(
    client, catalog, procurement, django_capture_on_commit_callbacks, dialect
):
    session, order = purchase_order_placed(client, dialect, procurement, django_capture_on_commit_callbacks)

    with django_capture_on_commit_callbacks(execute=True):
        invoice_issue_from_order(order, issued_on=INVOICED_ON, render_pdf=False)

    document = sent(procurement, "InvoiceDetailRequest")
    assert readable(normalised(document, order=order)) == golden(f"invoice--{dialect.name}.xml")
