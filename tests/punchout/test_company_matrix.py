"""A punchout session keeps the portal's company rules (issue 39 Done when 3): two companies, A (Acme Labs, its
Ariba) and B (Globex Research, its Coupa), each with its own connection. B's procurement system cannot bring A's
transferred lines back in an edit, order them, or sign in A's people; each company's buyer is sent their company's
prices; and the API the overlay uses inside a punchout session shows the company's own orders only."""

from __future__ import annotations

from decimal import Decimal
from xml.sax.saxutils import escape

import pytest
from defusedxml.ElementTree import fromstring

from accounts.models import Company, CompanyMembership, User
from orders.models import Order
from punchout.models import PunchoutConnection, PunchoutPurchaseOrder, PunchoutSession, PunchoutTransferLine
from tests.factories import pricing as pricing_factories
from tests.factories.orders import OrderFactory
from tests.helpers import error_code
from tests.punchout.dialect_flows import (
    fill_cart,
    gloves,
    hidden_fields,
    open_session,
    order_request_of,
    overlay_token,
)
from tests.punchout.flows import acme_connection, add_ethanol, start
from tests.punchout.support import COUPA, connection_for, counts, cxml_post, document_of, status_of

pytestmark = pytest.mark.django_db

A, B = "A", "B"
COMPANIES = {A: "Acme Labs", B: "Globex Research"}
# 100 mL of ethanol lists at $38.00: Acme's customer group pays 85%, Globex's 95%.
PRICE_100_ML = {A: Decimal("32.30"), B: Decimal("36.10")}


@pytest.fixture
def connections(demo_store, ethanol) -> dict[str, PunchoutConnection]:
    """A's Ariba connection and B's Coupa connection, each signing its buyers in by e-mail; B's own prices."""
    gloves()
    globex = Company.objects.get(name=COMPANIES[B])
    pricing_factories.group_prices(globex.customer_group, ethanol, "0.95")
    return {A: acme_connection(), B: connection_for(COUPA, company=globex)}


def punchout(client, side: str, *, payload: str = "") -> PunchoutSession:
    """The side's procurement system opens a session and the buyer's browser (`client`) arrives on its StartPage."""
    if side == A:
        return start(client, payload=payload or "a-setup-1")
    return open_session(client, COUPA, payload_id=payload or "b-setup-1")


def transferred_message(response, session: PunchoutSession):
    """The PunchOutOrderMessage the transfer page posts, checked to go to the session's own procurement system."""
    assert f'action="{escape(session.return_url)}"' in response.content.decode()
    message = dict(hidden_fields(response))["cxml-urlencoded"]
    return fromstring(message.split("\n", 2)[2].encode())


@pytest.mark.parametrize("side", [A, B])
def test_each_companys_buyer_is_sent_their_companys_prices(client, connections, side):
    session = punchout(client, side)
    add_ethanol(client, sku="HS-1001-100ML", qty=4, certificate=False)

    response = client.post("/punchout/transfer/")

    assert response.status_code == 200
    message = transferred_message(response, session)
    [line] = message.findall("Message/PunchOutOrderMessage/ItemIn")
    assert (line.findtext("ItemID/SupplierPartID"), line.findtext("ItemDetail/UnitPrice/Money")) == (
        "HS-1001-100ML",
        str(PRICE_100_ML[side]),
    )
    assert Decimal(message.findtext("Message/PunchOutOrderMessage/PunchOutOrderMessageHeader/Total/Money")) == (
        PRICE_100_ML[side] * 4
    )
    assert list(PunchoutTransferLine.objects.values_list("session", "unit_price")) == [(session.pk, PRICE_100_ML[side])]


@pytest.fixture
def a_transferred(client, connections) -> PunchoutSession:
    """A's buyer transferred ethanol (500 mL, with a certificate) and gloves to A's Ariba; the browser is signed out."""
    session = punchout(client, A)
    fill_cart(client)
    assert client.post("/punchout/transfer/").status_code == 200
    return session


def b_edit(a_session: PunchoutSession) -> str:
    """B's Coupa setup request to edit a requisition holding A's first transferred line, as A's message had it."""
    items = f"""<ItemOut quantity="2" lineNumber="1"><ItemID><SupplierPartID>HS-1001-500ML</SupplierPartID>
      <SupplierPartAuxiliaryID>{a_session.pk}-1</SupplierPartAuxiliaryID></ItemID></ItemOut>"""
    document = document_of(COUPA, payload_id="b-edit-1")
    document = document.replace('<PunchOutSetupRequest operation="create">', '<PunchOutSetupRequest operation="edit">')
    return document.replace("</SupplierSetup>", f"</SupplierSetup>{items}")


def test_another_companys_connection_cannot_restore_its_transferred_lines_in_an_edit(client, a_transferred):
    response = cxml_post(client, b_edit(a_transferred))
    assert status_of(response)[:2] == (200, "200")
    start_url = fromstring(response.content).findtext("Response/PunchOutSetupResponse/StartPage/URL")

    page = client.get(start_url.removeprefix("http://testserver"), follow=True)

    b_session = PunchoutSession.objects.get(payload_id="b-edit-1")
    assert b_session.company.name == COMPANIES[B]
    assert list(b_session.cart.lines.all()) == []  # neither A's line, its options nor its price
    assert (
        f"HS-1001-500ML: line {a_transferred.pk}-1 was not transferred from this catalog; add it again."
        in page.content.decode()
    )


def test_another_companys_connection_cannot_order_its_transferred_lines(client, a_transferred):
    punchout(client, B)  # B's buyer, a member of B, whom B's purchase order names
    before = (Order.objects.count(), PunchoutPurchaseOrder.objects.count())

    # B's Coupa purchase order naming A's transferred lines (SupplierPartAuxiliaryID), at A's prices.
    response = cxml_post(client, order_request_of(COUPA, a_transferred))

    assert status_of(response) == (
        400,
        "400",
        f"Line 1 (HS-1001-500ML): no cart line {a_transferred.pk}-1 was transferred from this catalog.",
    )
    assert (Order.objects.count(), PunchoutPurchaseOrder.objects.count()) == before == (0, 0)


@pytest.mark.parametrize("email", ["senior@acme.test", "admin@acme.test", "lab.buyer@univ.example.edu"])
def test_another_companys_connection_cannot_sign_in_its_people_by_email(client, a_transferred, email):
    """A's members — the demo's and the one A's Ariba created — cannot be signed in by B's Coupa."""
    member = User.objects.get(email=email)
    membership = CompanyMembership.objects.filter(user=member).values("company__name", "role").get()
    before = counts()
    document = document_of(COUPA, payload_id="b-setup-2").replace(COUPA.email, email)

    response = cxml_post(client, document)

    assert status_of(response) == (403, "403", "This e-mail address cannot buy for the company: ask the supplier.")
    assert (counts().sessions, counts().users, counts().memberships) == (before.sessions, before.users,
                                                                        before.memberships)  # fmt: skip
    assert CompanyMembership.objects.filter(user=member).values("company__name", "role").get() == membership
    assert membership["company__name"] == COMPANIES[A]
    assert not PunchoutSession.objects.filter(payload_id="b-setup-2").exists()


# --- the overlay's API inside a punchout session -------------------------------------------------------------------

ORDERS = """
query($scope: OrderScope) { orders(scope: $scope, first: 100, orderBy: "-createdAt") {
  totalCount edges { node { number } } } }
"""
ORDER = "query($id: ID!) { order(id: $id) { number poNumber } }"


@pytest.fixture
def orders(connections) -> dict[str, list[Order]]:
    """Two orders of A (its senior buyer's and its admin's) and one of B (its admin's)."""
    acme, globex = (Company.objects.get(name=COMPANIES[side]) for side in (A, B))
    return {
        A: [
            OrderFactory(placed_by=User.objects.get(email="senior@acme.test"), company=acme, lines=1),
            OrderFactory(placed_by=User.objects.get(email="admin@acme.test"), company=acme, lines=1),
        ],
        B: [OrderFactory(placed_by=User.objects.get(email="admin@globex.test"), company=globex, lines=1)],
    }


@pytest.mark.parametrize("side", [A, B])
def test_the_overlays_api_in_a_punchout_session_lists_the_companys_orders_only(client, graphql, orders, side):
    punchout(client, side)
    token = overlay_token(client, graphql)

    body = graphql(ORDERS, {"scope": "COMPANY"}, token=token)

    assert "errors" not in body, body
    assert sorted(edge["node"]["number"] for edge in body["data"]["orders"]["edges"]) == sorted(
        order.number for order in orders[side]
    )
    assert body["data"]["orders"]["totalCount"] == len(orders[side])


@pytest.mark.parametrize("side", [A, B])
def test_the_overlays_api_in_a_punchout_session_refuses_the_other_companys_order(client, graphql, orders, side):
    other = B if side == A else A
    punchout(client, side)
    token = overlay_token(client, graphql)

    own = graphql(ORDER, {"id": str(orders[side][0].number)}, token=token)
    theirs = [graphql(ORDER, {"id": str(order.number)}, token=token) for order in orders[other]]

    assert own == {"data": {"order": {"number": orders[side][0].number, "poNumber": orders[side][0].po_number}}}
    for body in theirs:
        assert body["data"] is None
        assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Order not found.")
