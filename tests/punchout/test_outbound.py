"""Issue 39: the documents a procurement system is owed about its purchase orders — the order confirmation, a ship
notice when staff record a shipment, the invoice when it is issued — posted to a fake procurement system over HTTP
by the Celery task, retried when it is down, logged, and given up (visibly) when it refuses."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.utils import timezone

from invoices.services.issue import invoice_issue_from_order
from orders.models import Order
from orders.services import ShipmentLineData, shipment_create
from punchout.models import OutboundState, PunchoutDocument, PunchoutOutbound, PunchoutSession
from tests.factories.orders import LotFactory
from tests.punchout.flows import acme_connection, add_ethanol, item, order_request, start


@pytest.fixture
def ordered(client, demo_store, ethanol, procurement, django_capture_on_commit_callbacks) -> Order:
    acme_connection(documents_url=f"{procurement.url}/cxml", documents_secret="supplier-to-univ-secret")
    session: PunchoutSession = start(client, payload="p-1")
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    client.post("/punchout/transfer/")
    with django_capture_on_commit_callbacks(execute=True):
        response = order_request(
            client, payload="po-1", po="PO-4410", items=item(7, 2, "HS-1001-500ML", f"{session.pk}-1", "118.36")
        )
    assert response.status_code == 200, response.content
    return Order.objects.get()


def test_a_purchase_order_is_confirmed_to_the_procurement_system(ordered, procurement):
    (confirmation,) = procurement.documents("ConfirmationRequest")
    assert confirmation.find("Request/ConfirmationRequest/ConfirmationHeader").get("confirmID") == str(ordered.number)
    assert confirmation.find("Request/ConfirmationRequest/OrderReference").get("orderID") == "PO-4410"
    assert confirmation.findtext("Header/Sender/Credential/SharedSecret") == "supplier-to-univ-secret"
    assert confirmation.findtext("Header/To/Credential/Identity") == "AN-UNIV-1"
    (outbound,) = PunchoutOutbound.objects.all()
    assert (outbound.state, outbound.attempts) == (OutboundState.SENT, 1)
    logged = PunchoutDocument.objects.get(kind="ConfirmationRequest")
    assert "supplier-to-univ-secret" not in logged.body and "<SharedSecret>****</SharedSecret>" in logged.body


def test_a_recorded_shipment_and_an_issued_invoice_reach_the_procurement_system(
    ordered, procurement, django_capture_on_commit_callbacks
):
    line = ordered.lines.get()
    lot = LotFactory(product_id=line.product_id, number="LOT-2291")
    with django_capture_on_commit_callbacks(execute=True):
        shipment_create(
            order=ordered, carrier="UPS", tracking_number="1Z999AA10123456784", shipped_at=timezone.now(),
            lines=[ShipmentLineData(order_line_id=line.pk, quantity=2, lot_id=lot.pk)],
        )  # fmt: skip
    (notice,) = procurement.documents("ShipNoticeRequest")
    request = notice.find("Request/ShipNoticeRequest")
    assert request.findtext("ShipControl/ShipmentIdentifier") == "1Z999AA10123456784"
    assert request.findtext("ShipControl/CarrierIdentifier") == "UPS"
    assert request.find("ShipNoticePortion/OrderReference").get("orderID") == "PO-4410"
    (shipped,) = request.findall("ShipNoticePortion/ShipNoticeItem")
    assert (shipped.get("quantity"), shipped.get("lineNumber"), shipped.findtext("Batch/SupplierBatchID")) == (
        "2", "7", "LOT-2291",
    )  # fmt: skip

    with django_capture_on_commit_callbacks(execute=True):
        invoice = invoice_issue_from_order(ordered, render_pdf=False)
    (sent,) = procurement.documents("InvoiceDetailRequest")
    detail = sent.find("Request/InvoiceDetailRequest")
    assert detail.find("InvoiceDetailRequestHeader").get("invoiceID") == invoice.number
    assert detail.findtext("InvoiceDetailRequestHeader/Extrinsic") == "GR-2026-114"  # the cost centre
    (invoiced,) = detail.findall("InvoiceDetailOrder/InvoiceDetailItem")
    assert invoiced.findtext("UnitPrice/Money") == "118.36"
    assert invoiced.find("InvoiceDetailItemReference").get("lineNumber") == "7"
    assert Decimal(detail.findtext("InvoiceDetailSummary/DueAmount/Money")) == invoice.open_balance
    assert set(PunchoutOutbound.objects.values_list("kind", "state")) == {
        ("confirmation", "sent"), ("ship_notice", "sent"), ("invoice", "sent"),
    }  # fmt: skip


def test_a_procurement_system_that_is_down_gets_the_document_on_a_later_attempt(
    ordered, procurement, django_capture_on_commit_callbacks
):
    procurement.answers = [503, 500]
    line = ordered.lines.get()
    with django_capture_on_commit_callbacks(execute=True):
        shipment_create(
            order=ordered, shipped_at=timezone.now(), lines=[ShipmentLineData(order_line_id=line.pk, quantity=1)]
        )
    notice = PunchoutOutbound.objects.get(kind="ship_notice")
    assert (notice.state, notice.attempts) == (OutboundState.SENT, 3)
    assert len(procurement.documents("ShipNoticeRequest")) == 3
    assert list(
        PunchoutDocument.objects.filter(kind="ShipNoticeRequest").order_by("pk").values_list("status_code", flat=True)
    ) == [503, 500, 200]


def test_a_document_the_procurement_system_refuses_is_given_up_and_shows_why(
    ordered, procurement, django_capture_on_commit_callbacks
):
    procurement.answers = [400]
    line = ordered.lines.get()
    with django_capture_on_commit_callbacks(execute=True):
        shipment_create(
            order=ordered, shipped_at=timezone.now(), lines=[ShipmentLineData(order_line_id=line.pk, quantity=1)]
        )
    notice = PunchoutOutbound.objects.get(kind="ship_notice")
    assert (notice.state, notice.attempts) == (OutboundState.FAILED, 1)
    assert "400" in notice.last_error


def test_a_claimed_document_is_sent_once_even_when_the_task_runs_twice(ordered, procurement):
    from punchout.tasks import punchout_outbound_send

    confirmation = PunchoutOutbound.objects.get(kind="confirmation")
    assert punchout_outbound_send.delay(confirmation.pk).get() == "not claimed"  # sent already
    assert len(procurement.documents("ConfirmationRequest")) == 1


def test_an_order_that_did_not_come_from_a_procurement_system_owes_nothing(
    client, demo_store, ethanol, procurement, django_capture_on_commit_callbacks
):
    from tests.factories.orders import OrderFactory, OrderLineFactory

    order = OrderFactory()
    line = OrderLineFactory(order=order)
    with django_capture_on_commit_callbacks(execute=True):
        shipment_create(
            order=order, shipped_at=timezone.now(), lines=[ShipmentLineData(order_line_id=line.pk, quantity=1)]
        )
    assert not PunchoutOutbound.objects.exists() and procurement.received == []
