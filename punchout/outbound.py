"""Documents the supplier owes a procurement system about its purchase orders (issue 39): the order confirmation
(cXML ConfirmationRequest) when the order is placed, a ship notice (ShipNoticeRequest) when staff record a shipment,
the invoice (InvoiceDetailRequest) when it is issued. Each is a `PunchoutOutbound` row made in the same transaction
as what it reports, sent after the commit by a Celery task that claims it, retries with backoff and logs each attempt
(tasks.punchout_outbound_send); a connection without a documents URL is owed nothing."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal
from xml.etree.ElementTree import Element, SubElement

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from invoices.models import Invoice
from orders.models import Order, Shipment
from punchout import cxml
from punchout.models import (
    OutboundKind,
    OutboundState,
    PunchoutConnection,
    PunchoutOutbound,
    PunchoutPurchaseOrder,
)

CLAIM_STALE_AFTER = timedelta(minutes=5)  # a worker killed while sending: the claim is taken again after this


def outbound_enqueue(*, purchase_order: PunchoutPurchaseOrder, kind: str, object_id: int) -> PunchoutOutbound | None:
    """Owe the document (once per purchase order, kind and object) and send it after the commit."""
    if not purchase_order.connection.documents_url:
        return None
    made, created = PunchoutOutbound.objects.get_or_create(
        purchase_order=purchase_order, kind=kind, object_id=object_id
    )
    if created:
        from punchout.tasks import punchout_outbound_send

        transaction.on_commit(lambda: punchout_outbound_send.delay(made.pk))
    return made


def request_placed(purchase_request, order) -> None:
    """Issue 41: a purchase order held for approval was approved and placed: its order is recorded and confirmed."""
    received = PunchoutPurchaseOrder.objects.filter(purchase_request=purchase_request).first()
    if received is None:
        return
    received.order = order
    received.save(update_fields=["order"])
    outbound_enqueue(purchase_order=received, kind=OutboundKind.CONFIRMATION, object_id=order.pk)


def _received(order_id: int) -> PunchoutPurchaseOrder | None:
    return PunchoutPurchaseOrder.objects.select_related("connection").filter(order_id=order_id).first()


def shipment_recorded(shipment: Shipment) -> None:
    """orders' shipment listener (PunchoutConfig.ready): a ship notice for an order that came as a purchase order."""
    received = _received(shipment.order_id)
    if received is not None:
        outbound_enqueue(purchase_order=received, kind=OutboundKind.SHIP_NOTICE, object_id=shipment.pk)


def invoice_issued(invoice: Invoice) -> None:
    """invoices' listener (PunchoutConfig.ready): the invoice of an order that came as a purchase order."""
    received = _received(invoice.order_id) if invoice.order_id else None
    if received is not None:
        outbound_enqueue(purchase_order=received, kind=OutboundKind.INVOICE, object_id=invoice.pk)


def outbound_claim(*, outbound_id: int) -> PunchoutOutbound | None:
    """Take the document to send: waiting, or "sending" with a stale claim (a worker that died). None when another
    worker has it or it is sent or given up."""
    now = timezone.now()
    waiting = Q(state=OutboundState.PENDING) | Q(state=OutboundState.SENDING, claimed_at__lt=now - CLAIM_STALE_AFTER)
    claimed = PunchoutOutbound.objects.filter(waiting, pk=outbound_id).update(
        state=OutboundState.SENDING, claimed_at=now
    )
    if not claimed:
        return None
    return PunchoutOutbound.objects.select_related("purchase_order__connection", "purchase_order__order").get(
        pk=outbound_id
    )


def outbound_finish(*, outbound: PunchoutOutbound, sent: bool, error: str = "", retry: bool = False) -> None:
    """Record an attempt: sent, waiting for its retry, or given up (FAILED, for the staff to see)."""
    state = OutboundState.SENT if sent else OutboundState.PENDING if retry else OutboundState.FAILED
    PunchoutOutbound.objects.filter(pk=outbound.pk).update(
        state=state, attempts=outbound.attempts + 1, last_error=error[:500], claimed_at=None,
        sent_at=timezone.now() if sent else None,
    )  # fmt: skip


# --- the documents ----------------------------------------------------------------------------------------------


def _money(parent: Element, name: str, amount: Decimal, currency: str) -> Element:
    element = SubElement(parent, name)
    SubElement(element, "Money", {"currency": currency}).text = f"{amount.quantize(Decimal('0.01'))}"
    return element


def _request(connection: PunchoutConnection, host: str) -> tuple[Element, Element]:
    """A cXML request from the supplier (From, Sender with the connection's documents secret) to the buyer (To)."""
    root = cxml.cxml_root(host)
    header = SubElement(root, "Header")
    supplier = (connection.to_domain or "NetworkID", connection.to_identity or host)
    buyer = (connection.from_domain or connection.sender_domain, connection.from_identity or connection.sender_identity)
    for party, (domain, identity) in (("From", supplier), ("To", buyer), ("Sender", supplier)):
        credential = SubElement(SubElement(header, party), "Credential", {"domain": domain})
        SubElement(credential, "Identity").text = identity
        if party == "Sender":
            SubElement(credential, "SharedSecret").text = connection.documents_secret
            SubElement(header.find("Sender"), "UserAgent").text = "Buyer portal"  # type: ignore[arg-type]
    request = SubElement(root, "Request", {"deploymentMode": "production"})
    return root, request


def _order_reference(parent: Element, received: PunchoutPurchaseOrder) -> None:
    reference = SubElement(
        parent, "OrderReference", {"orderID": received.po_number, "orderDate": received.created_at.isoformat()}
    )
    SubElement(reference, "DocumentReference", {"payloadID": received.payload_id})


def _line_number(received: PunchoutPurchaseOrder, order: Order, order_line_id: int | None) -> str:
    ids = [line.pk for line in order.lines.all()]
    position = ids.index(order_line_id) if order_line_id in ids else -1
    return received.line_numbers[position] if 0 <= position < len(received.line_numbers) else str(position + 1)


def _placed(received: PunchoutPurchaseOrder) -> Order:
    """The order of a received purchase order: documents are owed only once it is placed (issue 41: a held one has
    none until its last approval)."""
    order = received.order
    if order is None:
        raise ValueError(f"Purchase order {received.po_number} is not placed yet.")
    return order


def confirmation_document(received: PunchoutPurchaseOrder, host: str) -> bytes:
    root, request = _request(received.connection, host)
    confirmation = SubElement(request, "ConfirmationRequest")
    order = _placed(received)
    SubElement(
        confirmation, "ConfirmationHeader",
        {"type": "accept", "noticeDate": timezone.now().isoformat(), "confirmID": str(order.number)},
    )  # fmt: skip
    _order_reference(confirmation, received)
    return cxml.document_bytes(root, cxml.FULFILL_DTD)


def ship_notice_document(received: PunchoutPurchaseOrder, shipment: Shipment, host: str) -> bytes:
    root, request = _request(received.connection, host)
    notice = SubElement(request, "ShipNoticeRequest")
    SubElement(
        notice, "ShipNoticeHeader",
        {"shipmentID": f"{_placed(received).number}-{shipment.pk}", "operation": "new",
         "noticeDate": timezone.now().isoformat(), "shipmentDate": shipment.shipped_at.isoformat()},
    )  # fmt: skip
    if shipment.carrier or shipment.tracking_number:
        control = SubElement(notice, "ShipControl")
        SubElement(control, "CarrierIdentifier", {"domain": "companyName"}).text = shipment.carrier or "Carrier"
        SubElement(control, "ShipmentIdentifier").text = shipment.tracking_number
    portion = SubElement(notice, "ShipNoticePortion")
    _order_reference(portion, received)
    for line in shipment.lines.select_related("order_line__product", "lot"):
        item = SubElement(
            portion, "ShipNoticeItem",
            {"quantity": str(line.quantity),
             "lineNumber": _line_number(received, _placed(received), line.order_line_id)},
        )  # fmt: skip
        product = line.order_line.product
        SubElement(item, "UnitOfMeasure").text = product.unit_of_measure if product else "EA"
        if line.lot is not None:
            SubElement(SubElement(item, "Batch"), "SupplierBatchID").text = line.lot.number
    return cxml.document_bytes(root, cxml.FULFILL_DTD)


def invoice_document(received: PunchoutPurchaseOrder, invoice: Invoice, host: str) -> bytes:
    root, request = _request(received.connection, host)
    detail = SubElement(request, "InvoiceDetailRequest")
    currency = invoice.currency_code
    header = SubElement(
        detail, "InvoiceDetailRequestHeader",
        {"invoiceID": invoice.number, "purpose": "standard", "operation": "new",
         "invoiceDate": f"{invoice.issued_on.isoformat()}T00:00:00+00:00"},
    )  # fmt: skip
    SubElement(header, "InvoiceDetailHeaderIndicator")
    SubElement(header, "InvoiceDetailLineIndicator")
    # PaymentTerm (Discount?, Extrinsic*): an empty Discount is not valid cXML (it holds DiscountPercent or
    # DiscountAmount), and a procurement system that validates the document refuses it.
    SubElement(header, "PaymentTerm", {"payInNumberOfDays": str((invoice.due_date - invoice.issued_on).days)})
    if invoice.cost_centre:
        SubElement(header, "Extrinsic", {"name": "CostCenter"}).text = invoice.cost_centre
    order_element = SubElement(detail, "InvoiceDetailOrder")
    _order_reference(SubElement(order_element, "InvoiceDetailOrderInfo"), received)
    for line in invoice.lines.select_related("order_line__product").order_by("position"):
        item = SubElement(
            order_element, "InvoiceDetailItem",
            {"invoiceLineNumber": str(line.position), "quantity": str(line.quantity)},
        )  # fmt: skip
        product = line.order_line.product if line.order_line else None
        SubElement(item, "UnitOfMeasure").text = product.unit_of_measure if product else "EA"
        _money(item, "UnitPrice", line.unit_price, currency)
        SubElement(
            item, "InvoiceDetailItemReference",
            {"lineNumber": _line_number(received, _placed(received), line.order_line_id)},
        )  # fmt: skip
        _money(item, "SubtotalAmount", line.line_total, currency)
    summary = SubElement(detail, "InvoiceDetailSummary")
    _money(summary, "SubtotalAmount", invoice.subtotal, currency)
    tax = _money(summary, "Tax", invoice.tax_total, currency)
    SubElement(tax, "Description", {"xml:lang": "en"}).text = "Tax"
    _money(summary, "ShippingAmount", invoice.shipping_total, currency)
    _money(summary, "NetAmount", invoice.original_balance, currency)
    _money(summary, "DueAmount", invoice.open_balance, currency)
    return cxml.document_bytes(root, cxml.INVOICE_DTD)


def outbound_document(outbound: PunchoutOutbound, host: str) -> tuple[str, bytes] | None:
    """The document's cXML kind and text; None when what it reports is gone (a shipment or invoice deleted)."""
    received = outbound.purchase_order
    if outbound.kind == OutboundKind.CONFIRMATION:
        return "ConfirmationRequest", confirmation_document(received, host)
    if outbound.kind == OutboundKind.SHIP_NOTICE:
        shipment = Shipment.objects.filter(pk=outbound.object_id).first()
        return ("ShipNoticeRequest", ship_notice_document(received, shipment, host)) if shipment else None
    invoice = Invoice.objects.filter(pk=outbound.object_id).first()
    return ("InvoiceDetailRequest", invoice_document(received, invoice, host)) if invoice else None
