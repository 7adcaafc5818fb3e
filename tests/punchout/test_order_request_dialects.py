"""`POST /punchout/cxml/` with an OrderRequest in each procurement system's dialect (issue 39 "Purchase orders"): after
a transfer, the purchase order of tests/punchout/fixtures/<dialect>_order_request.xml places the order with its PO
number, ship-to, bill-to and cost centre (carried as Ariba, Coupa and Jaggaer carry it); and the refusals
tests/punchout/test_transfer.py leaves out — a change order, no ShipTo, a wrong shared secret — store nothing."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest

from orders.models import Order
from punchout.models import PunchoutDocument, PunchoutPurchaseOrder, PunchoutSession
from tests.punchout.dialect_flows import GLOVES, ORDER_IDS, fill_cart, gloves, open_session, order_request_of
from tests.punchout.support import ARIBA, COUPA, DIALECTS, JAGGAER, connection_for, cxml_post, status_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(demo_store, ethanol):
    gloves()


def transferred(client, dialect) -> PunchoutSession:
    """The dialect's buyer transferred two bottles of ethanol (with a certificate) and three boxes of gloves."""
    connection_for(dialect)
    session = open_session(client, dialect)
    fill_cart(client)
    assert client.post("/punchout/transfer/").status_code == 200
    return session


def address(**fields) -> dict:
    blank = dict.fromkeys(
        ["first_name", "last_name", "company", "address_line1", "address_line2", "city", "state", "zip_code",
         "country_code", "phone"], "",
    )  # fmt: skip
    return blank | fields


EXPECTED = {
    ARIBA.name: {
        "ship_to": address(
            first_name="Rosalind",
            last_name="Franklin",
            company="King's College London, Franklin-Wilkins Building",
            address_line1="150 Stamford Street",
            address_line2="Room 4.12, Structural Biology",
            city="London",
            zip_code="SE1 9NH",
            country_code="GB",
            phone="78364000",
        ),  # fmt: skip
        "bill_to": address(
            first_name="Accounts",
            last_name="Payable",
            company="King's College London",
            address_line1="Strand",
            city="London",
            zip_code="WC2R 2LS",
            country_code="GB",
        ),  # fmt: skip
        "cost_centre": "CC-4410",  # a line's Distribution: AccountingSegment "Cost Center"
        "comments": "Please quote the PO number on the delivery note.",
    },
    COUPA.name: {
        "ship_to": address(
            first_name="Dorothy",
            last_name="Hodgkin",
            company="Chemistry Research Laboratory",
            address_line1="Mansfield Road",
            address_line2="Goods Inwards, Bay 2",
            city="Oxford",
            state="Oxfordshire",
            zip_code="OX1 3TA",
            country_code="GB",
        ),  # fmt: skip
        "bill_to": address(
            first_name="Accounts",
            last_name="Payable",
            company="University of Oxford",
            address_line1="University Offices, Wellington Square",
            address_line2="Finance Division",
            city="Oxford",
            zip_code="OX1 2JD",
            country_code="GB",
        ),  # fmt: skip
        "cost_centre": "OX-CHEM-2201",  # a line's Distribution: AccountingSegment "Cost Centre"
        "comments": "Deliver to Goods Inwards before 4 pm.",
    },
    JAGGAER.name: {
        "ship_to": address(
            first_name="Barbara",
            last_name="McClintock",
            company="Eastman Life Sciences, Room 204",
            address_line1="1 Lomb Memorial Drive",
            address_line2="Plant Genetics",
            city="Rochester",
            state="NY",
            zip_code="14623",
            country_code="US",
            phone="5550142",
        ),  # fmt: skip
        "bill_to": address(
            company="Eastman University Accounts Payable",
            address_line1="PO Box 92610",
            city="Rochester",
            state="NY",
            zip_code="14692",
            country_code="US",
        ),  # fmt: skip
        "cost_centre": "NIH-R01-GM104455",  # the header's Extrinsic "GrantCode"
        "comments": "Grant-funded: the invoice must show the grant code.",
    },
}


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_each_systems_order_request_places_the_order_with_its_po_ship_to_bill_to_and_cost_centre(
    client, catalog, dialect
):
    session = transferred(client, dialect)
    payload_id = f"1741270467.{dialect.name}.order@procurement.test"

    response = cxml_post(client, order_request_of(dialect, session, payload_id=payload_id))

    order = Order.objects.get()
    assert status_of(response) == (200, "200", f"Order #{order.number} placed.")
    expected = EXPECTED[dialect.name]
    assert (
        order.po_number,
        order.shipping_address,
        order.billing_address,
        order.cost_centre,
        order.customer_message,
        order.company_id,
        order.placed_by_id,
        order.payment_method,
    ) == (
        ORDER_IDS[dialect.name],
        expected["ship_to"],
        expected["bill_to"],
        expected["cost_centre"],
        expected["comments"],
        session.company_id,
        session.user_id,
        "purchase_order",
    )
    assert list(order.lines.order_by("pk").values_list("sku", "quantity", "unit_price")) == [
        ("HS-1001-500ML", 2, Decimal("136.60")),
        (GLOVES, 3, Decimal("18.40")),
    ]
    received = PunchoutPurchaseOrder.objects.get()
    assert (received.connection, received.payload_id, received.po_number, received.order, received.line_numbers) == (
        session.connection, payload_id, ORDER_IDS[dialect.name], order, ["1", "2"],
    )  # fmt: skip


# --- refusals ------------------------------------------------------------------------------------------------------


def without_ship_to(document: str) -> str:
    document, found = re.subn(r"\s*<ShipTo>.*?</ShipTo>", "", document, flags=re.S)
    assert found == 1
    return document


REFUSALS = {
    "a change order (type update)": (
        lambda dialect, session: order_request_of(dialect, session, type="update"),
        400,
        "Only new orders are accepted: changes and cancellations go to customer service.",
    ),
    "no ShipTo": (
        lambda dialect, session: without_ship_to(order_request_of(dialect, session)),
        400,
        "The order has no ShipTo address with a street and a country.",
    ),
    "a wrong shared secret": (
        lambda dialect, session: order_request_of(dialect, session, secret="a-guessed-secret"),
        401,
        "Unknown sender or wrong shared secret.",
    ),
}


@pytest.mark.parametrize("refusal", REFUSALS, ids=list(REFUSALS))
@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_a_refused_order_request_is_answered_with_its_status_and_stores_nothing(client, catalog, dialect, refusal):
    session = transferred(client, dialect)
    document, status, text = REFUSALS[refusal]
    logged_before = PunchoutDocument.objects.count()

    response = cxml_post(client, document(dialect, session))

    assert status_of(response) == (status, str(status), text)
    assert not Order.objects.exists()
    assert not PunchoutPurchaseOrder.objects.exists()
    # Only the request and its answer are logged, the request with its secret masked.
    received, answered = PunchoutDocument.objects.order_by("pk")[logged_before:]
    assert (received.direction, received.kind, received.status_code) == ("in", "OrderRequest", status)
    assert (answered.direction, answered.kind, answered.status_code) == ("out", "Response", status)
    assert "<SharedSecret>****</SharedSecret>" in received.body and dialect.secret not in received.body
