"""Invoices in Django admin (issue 20): the list with its search and filters; staff issue an invoice from an order
(all or chosen lines, a due date, an optional PDF) and record ERP invoices (PDF checked like other uploads); the
receipts and payments in progress are read-only, and an invoice is never deleted."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from invoices.models import Invoice, InvoiceSource, InvoiceStatus, Receipt
from tests.factories.invoices import InvoiceFactory, receipt_for
from tests.factories.orders import OrderFactory, ShipmentFactory, ShipmentLineFactory
from tests.invoices.conftest import company, days, user

pytestmark = pytest.mark.django_db

PDF_BYTES = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
ISSUE = "admin:invoices_invoice_issue"


@pytest.fixture
def staff_client(client, demo_store):
    client.login(username="staff@demo.test", password="Demo1234")
    return client


@pytest.fixture
def order(demo_store):
    made = OrderFactory(placed_by=user("senior@acme.test"), company=company("Acme Labs"), po_number="PO-ADM",
                        lines=[{"quantity": 3}, {"quantity": 2}])  # fmt: skip
    ShipmentLineFactory(shipment=ShipmentFactory(order=made), order_line=made.lines.order_by("pk").first())
    return made


def test_the_list_searches_and_filters_and_offers_issuing(staff_client, demo_store):
    acme = company("Acme Labs")
    InvoiceFactory(company=acme, number="INV-400001", cost_centre="GRANT-77")
    InvoiceFactory(company=acme, number="INV-400002", due_date=days(-3))
    url = reverse("admin:invoices_invoice_changelist")

    page = staff_client.get(url)
    found = staff_client.get(url, {"q": "grant-77"})
    overdue = staff_client.get(url, {"overdue": "yes"})

    assert page.status_code == 200 and reverse(ISSUE).encode() in page.content
    assert b"INV-400001" in found.content and b"INV-400002" not in found.content
    assert b"INV-400002" in overdue.content and b"INV-400001" not in overdue.content
    assert b"Overdue (open)" in overdue.content


def test_staff_issue_an_invoice_for_chosen_lines_with_a_due_date_and_a_pdf(staff_client, order):
    first, second = order.lines.order_by("pk")

    found = staff_client.post(reverse(ISSUE), {"order_number": str(order.number), "find": "1"})
    issued = staff_client.post(
        reverse(ISSUE),
        {"order_number": str(order.number), "lines": [str(first.pk)], "due_date": str(days(14)), "issue": "1",
         "pdf": SimpleUploadedFile("invoice.pdf", PDF_BYTES, content_type="application/pdf")},
    )  # fmt: skip

    assert found.status_code == 200 and f"{first.sku} — ".encode() in found.content
    invoice = Invoice.objects.get()
    assert issued.status_code == 302 and issued["Location"] == reverse(
        "admin:invoices_invoice_change", args=[invoice.pk]
    )
    assert (invoice.number, invoice.due_date, invoice.subtotal, invoice.purchase_order_number) == (
        "INV-100001",
        days(14),
        first.line_total,
        "PO-ADM",
    )
    assert invoice.pdf.read() == PDF_BYTES and len(invoice.tracking_numbers) == 1
    again = staff_client.post(reverse(ISSUE), {"order_number": str(order.number), "find": "1"})
    assert f"{first.sku} — ".encode() not in again.content and f"{second.sku} — ".encode() in again.content
    change = staff_client.get(reverse("admin:invoices_invoice_change", args=[invoice.pk]))
    assert change.status_code == 200 and b"invoice-INV-100001.pdf" in change.content


def test_a_pdf_that_is_not_one_and_an_unknown_order_are_refused(staff_client, order):
    fake = staff_client.post(
        reverse(ISSUE),
        {"order_number": str(order.number), "issue": "1",
         "pdf": SimpleUploadedFile("invoice.pdf", b"MZ\x90\x00 not a pdf", content_type="application/pdf")},
    )  # fmt: skip
    unknown = staff_client.post(reverse(ISSUE), {"order_number": "999999", "find": "1"})

    assert b"Upload a PDF: a file named .pdf whose content is a PDF." in fake.content
    assert b"No order has this number." in unknown.content
    assert not Invoice.objects.exists()


def test_an_order_that_can_not_be_invoiced_says_why(staff_client, order):
    order.status = "cancelled"
    order.save()

    page = staff_client.post(reverse(ISSUE), {"order_number": str(order.number), "issue": "1"})

    assert b"A cancelled order is not invoiced." in page.content
    assert not Invoice.objects.exists()


def _erp_form(**overrides) -> dict:
    return {
        "company": str(company("Acme Labs").pk), "number": "SO-5001", "external_id": "ERP-5001", "order_number": "",
        "purchase_order_number": "PO-E", "cost_centre": "CC-1", "issued_on": str(days(-2)), "due_date": str(days(28)),
        "currency_code": "usd", "original_balance": "212.50", "open_balance": "", "subtotal": "", "tax_total": "12.50",
        "shipping_total": "", "tracking_numbers": "1Z999AA10123456784, UPS\n\n986578788855",
        **overrides,
    }  # fmt: skip


def test_staff_record_an_erp_invoice_with_its_pdf(staff_client, demo_store):
    data = _erp_form(pdf=SimpleUploadedFile("erp.pdf", PDF_BYTES, content_type="application/pdf"))

    response = staff_client.post(reverse("admin:invoices_invoice_add"), data)

    invoice = Invoice.objects.get()
    assert response.status_code == 302
    assert (invoice.number, invoice.source, invoice.currency_code, invoice.subtotal, invoice.open_balance) == (
        "SO-5001",
        InvoiceSource.ERP,
        "USD",
        Decimal("200.00"),
        Decimal("212.50"),
    )
    assert invoice.tracking_numbers == [
        {"number": "1Z999AA10123456784", "carrier": "UPS"},
        {"number": "986578788855", "carrier": ""},
    ]
    assert invoice.pdf.read() == PDF_BYTES


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"number": "INV-1"}, b"are the ones the portal gives"),
        ({"open_balance": "300"}, b"The open balance can not be more than the invoice total."),
        ({"order_number": "999999"}, b"No order has this number."),
        ({"pdf": SimpleUploadedFile("erp.pdf", b"<html>no</html>")}, b"Upload a PDF: a file named .pdf whose content"),
    ],
)
def test_a_bad_erp_invoice_is_refused_and_nothing_is_made(staff_client, demo_store, overrides, message):
    response = staff_client.post(reverse("admin:invoices_invoice_add"), _erp_form(**overrides))

    assert response.status_code == 200 and message in response.content
    assert not Invoice.objects.exists()


def test_staff_change_the_due_date_but_not_the_amounts_and_never_delete(staff_client, demo_store):
    invoice = InvoiceFactory(company=company("Acme Labs"))
    url = reverse("admin:invoices_invoice_change", args=[invoice.pk])

    data = {
        "due_date": str(days(60)), "external_id": "X-1", "open_balance": "0", "lines-TOTAL_FORMS": "0",
        "lines-INITIAL_FORMS": "0", "receipt_lines-TOTAL_FORMS": "0", "receipt_lines-INITIAL_FORMS": "0",
    }  # fmt: skip
    response = staff_client.post(url, data)

    invoice.refresh_from_db()
    assert response.status_code == 302, response.content[:2000]
    assert (invoice.due_date, invoice.external_id, invoice.open_balance) == (days(60), "X-1", Decimal("106.25"))
    assert staff_client.post(reverse("admin:invoices_invoice_delete", args=[invoice.pk])).status_code == 403


def test_receipts_are_read_only(staff_client, demo_store):
    invoice = InvoiceFactory(company=company("Acme Labs"))
    receipt = receipt_for(invoice, Decimal("6.25"), payer=user("admin@acme.test"))
    change = reverse("admin:invoices_receipt_change", args=[receipt.pk])

    assert staff_client.get(change).status_code == 200
    assert staff_client.post(change, {"payer_name": "Someone else"}).status_code == 403
    assert staff_client.get(reverse("admin:invoices_receipt_add")).status_code == 403
    assert Receipt.objects.get().payer_name == "Alice Admin"
    assert Invoice.objects.get().status == InvoiceStatus.PARTIALLY_PAID
