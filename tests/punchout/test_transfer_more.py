"""Issue 39, more of the transfer and what follows it: a quote's checkout inside a punchout session transfers the
quoted prices with the quote's id; a session opened to inspect a requisition transfers nothing; and a document left
"sending" by a worker that died is sent again once its claim is stale, never while it is fresh."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from html import unescape

import pytest
from defusedxml.ElementTree import fromstring
from django.utils import timezone

from punchout import outbound
from punchout.models import (
    OutboundState,
    PunchoutDocument,
    PunchoutOutbound,
    PunchoutSession,
    PunchoutTransferLine,
)
from punchout.tasks import punchout_outbound_send
from quotes import amounts
from quotes.models import QuoteStatus
from storefront.models import Cart
from tests.punchout.dialect_flows import overlay_token
from tests.punchout.flows import acme_connection, add_ethanol, item, order_request, posted_fields, start
from tests.quotes.support import CHECKOUT, make_quote, price

pytestmark = pytest.mark.django_db

BUYER = "lab.buyer@univ.example.edu"  # whom flows.SETUP signs in (Acme's senior buyer, created on first use)


# --- a quote's checkout ----------------------------------------------------------------------------------------------


def test_a_quotes_cart_transferred_in_a_punchout_session_carries_the_quoted_prices_and_the_quote(
    client, graphql, demo_store, ethanol
):
    acme_connection()
    session = start(client, payload="q-1")
    quote = make_quote(BUYER, lines=[("HS-1001-100ML", 3), ("HS-1001-500ML", 1)], contact={"name": "Lab Buyer"})
    price(quote, factor="0.80")  # staff quote 80% of Acme's prices
    quote.refresh_from_db()
    quoted = {line.sku: amounts.quote_line_amounts(quote, line).unit_price for line in quote.lines.all()}
    assert quoted == {"HS-1001-100ML": Decimal("25.84"), "HS-1001-500ML": Decimal("82.69")}  # not 32.30, 103.36
    # The overlay's "Proceed to checkout" on the quote: its one-time link puts the quote's cart in this browser.
    token = overlay_token(client, graphql)
    body = graphql(CHECKOUT, {"id": str(quote.pk)}, token=token)
    assert "errors" not in body, body
    link = body["data"]["quoteCheckout"]["checkoutUrl"]
    assert client.get(link.removeprefix("http://testserver")).status_code == 302

    response = client.post("/punchout/transfer/")

    assert response.status_code == 200
    message = fromstring(posted_fields(response)["cxml-urlencoded"].split("\n", 2)[2].encode())
    got = [
        (
            line.findtext("ItemID/SupplierPartID"),
            line.get("quantity"),
            line.findtext("ItemDetail/UnitPrice/Money"),
            {e.get("name"): e.text for e in line.findall("ItemDetail/Extrinsic")},
        )
        for line in message.findall("Message/PunchOutOrderMessage/ItemIn")
    ]
    assert got == [
        ("HS-1001-100ML", "3", "25.84", {"Pack size": "100 mL", "QuoteID": str(quote.pk)}),
        ("HS-1001-500ML", "1", "82.69", {"Pack size": "500 mL", "QuoteID": str(quote.pk)}),
    ]
    assert list(PunchoutTransferLine.objects.values_list("session", "sku", "unit_price", "quote")) == [
        (session.pk, "HS-1001-100ML", Decimal("25.84"), quote.pk),
        (session.pk, "HS-1001-500ML", Decimal("82.69"), quote.pk),
    ]
    quote.refresh_from_db()
    assert quote.status == QuoteStatus.OPEN  # ordered only when the purchase order comes
    assert not Cart.objects.filter(quote=quote).exists()


# --- inspect ---------------------------------------------------------------------------------------------------------

INSPECT_REFUSED = "The procurement system opened this cart to look at only."


def test_an_inspect_session_shows_the_requisition_without_a_transfer_button_and_refuses_a_transfer(
    client, demo_store, ethanol
):
    acme_connection()
    first = start(client, payload="i-1")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    items = f"""<ItemOut quantity="2"><ItemID><SupplierPartID>HS-1001-500ML</SupplierPartID>
      <SupplierPartAuxiliaryID>{first.pk}-1</SupplierPartAuxiliaryID></ItemID></ItemOut>"""
    inspect = start(client, payload="i-2", operation="inspect", items=items)
    kept_before = list(PunchoutTransferLine.objects.values_list("key", "session", "quantity", "unit_price"))

    cart_page = client.get("/cart.php").content.decode()
    refused = client.post("/punchout/transfer/", follow=True)

    assert inspect.operation == "inspect"
    assert list(inspect.cart.lines.values_list("variant__sku", "quantity")) == [("HS-1001-500ML", 2)]
    assert "HS-1001-500ML" in cart_page and "Transfer to SAP Ariba" not in cart_page
    # Nor the storefront's own checkout: a requisition opened to be looked at is never ordered here.
    assert "Proceed to checkout" not in cart_page
    assert "SAP Ariba opened this cart to look at only: it cannot be ordered here." in cart_page
    assert client.get("/checkout").status_code == 302
    assert refused.redirect_chain == [("/cart.php", 302)]
    assert INSPECT_REFUSED in unescape(refused.content.decode())
    # Nothing sent, kept or changed: the session still open, its cart whole, no message logged for it.
    inspect.refresh_from_db()
    assert inspect.transferred_at is None
    assert list(PunchoutTransferLine.objects.values_list("key", "session", "quantity", "unit_price")) == kept_before
    assert list(inspect.cart.lines.values_list("variant__sku", "quantity")) == [("HS-1001-500ML", 2)]
    assert not PunchoutDocument.objects.filter(session=inspect, kind="PunchOutOrderMessage").exists()
    assert client.session["punchout_session"] == inspect.pk  # still signed in to look on


# --- a document left "sending" ---------------------------------------------------------------------------------------


@pytest.fixture
def now(monkeypatch):
    """The time, held still for the test: how old a claim is never depends on how fast the test runs."""
    frozen = timezone.now()
    monkeypatch.setattr(timezone, "now", lambda: frozen)
    return frozen


@pytest.fixture
def owed(client, demo_store, ethanol, procurement) -> PunchoutOutbound:
    """A purchase order's confirmation, owed and not yet sent (the commit that would send it never comes here)."""
    acme_connection(documents_url=f"{procurement.url}/cxml", documents_secret="supplier-to-univ-secret")
    session: PunchoutSession = start(client, payload="p-1")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    response = order_request(
        client, payload="po-1", po="PO-5120", items=item(1, 2, "HS-1001-500ML", f"{session.pk}-1", "118.36")
    )
    assert response.status_code == 200, response.content
    confirmation = PunchoutOutbound.objects.get(kind="confirmation")
    assert (confirmation.state, confirmation.attempts, procurement.received) == (OutboundState.PENDING, 0, [])
    return confirmation


def left_sending(outbound_row: PunchoutOutbound, *, claimed_at) -> None:
    """As a worker killed while posting it leaves it: "sending", with the time it claimed it."""
    PunchoutOutbound.objects.filter(pk=outbound_row.pk).update(state=OutboundState.SENDING, claimed_at=claimed_at)


def test_a_document_left_sending_by_a_killed_worker_is_sent_once_its_claim_is_stale(owed, procurement, now):
    left_sending(owed, claimed_at=now - outbound.CLAIM_STALE_AFTER - timedelta(microseconds=1))

    assert punchout_outbound_send.delay(owed.pk).get() == "sent"

    procurement.wait_for(lambda: len(procurement.documents("ConfirmationRequest")) > 0)
    (confirmation,) = procurement.documents("ConfirmationRequest")
    assert confirmation.find("Request/ConfirmationRequest/OrderReference").get("orderID") == "PO-5120"
    owed.refresh_from_db()
    assert (owed.state, owed.attempts, owed.claimed_at, owed.sent_at) == (OutboundState.SENT, 1, None, now)
    assert PunchoutDocument.objects.filter(kind="ConfirmationRequest", status_code=200).count() == 1


@pytest.mark.parametrize("age", [timedelta(0), timedelta(minutes=1), outbound.CLAIM_STALE_AFTER])
def test_a_document_another_worker_is_sending_is_not_taken(owed, procurement, now, age):
    """Claimed now, a minute ago, or exactly CLAIM_STALE_AFTER ago: the worker that claimed it may still be posting."""
    left_sending(owed, claimed_at=now - age)

    assert punchout_outbound_send.delay(owed.pk).get() == "not claimed"

    assert procurement.received == []
    owed.refresh_from_db()
    assert (owed.state, owed.attempts, owed.claimed_at, owed.sent_at) == (OutboundState.SENDING, 0, now - age, None)
    assert not PunchoutDocument.objects.filter(kind="ConfirmationRequest").exists()
