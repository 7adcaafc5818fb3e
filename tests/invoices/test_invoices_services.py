"""Issuing invoices from orders and recording ERP invoices (issue 20, invoices.services.issue): amounts, numbering,
due dates from the store's payment terms, tracking numbers from the shipments, a line invoiced once, the PDF rendered
by WeasyPrint when staff upload none, and the refusals that change nothing."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.utils import timezone

from invoices.models import Invoice, InvoiceLine, InvoiceSource, InvoiceStatus
from invoices.services.issue import (
    invoice_issue_from_order,
    invoice_pdf_ensure,
    invoice_record_erp,
    invoice_tracking_refresh,
)
from orders.models import OrderStatus, PaymentMethod
from tests.factories.orders import OrderFactory, ShipmentFactory, ShipmentLineFactory
from tests.helpers import pdf_text
from tests.invoices.conftest import company, days, user

pytestmark = pytest.mark.django_db


@pytest.fixture
def order(demo_store):
    """Acme's order of three lines ($10.00 + $0.63 tax each, quantities 1, 2, 3), shipping $25.00; the first two
    lines went with UPS, the third with FedEx."""
    made = OrderFactory(
        placed_by=user("senior@acme.test"), company=company("Acme Labs"), po_number="PO-77", cost_centre="GR-12",
        lines=[{"quantity": 1}, {"quantity": 2}, {"quantity": 3}],
    )  # fmt: skip
    first, second, third = made.lines.order_by("pk")
    ups = ShipmentFactory(order=made, carrier="UPS", tracking_number="1Z999AA10123456784")
    fedex = ShipmentFactory(order=made, carrier="FedEx", tracking_number="986578788855")
    ShipmentLineFactory(shipment=ups, order_line=first)
    ShipmentLineFactory(shipment=ups, order_line=second)
    ShipmentLineFactory(shipment=fedex, order_line=third)
    return made


def test_an_order_is_invoiced_whole_with_its_shipping_terms_and_tracking(order, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        invoice = invoice_issue_from_order(order, by=user("admin@acme.test"))

    invoice.refresh_from_db()
    assert invoice.number == "INV-100001"
    assert (invoice.company.name, invoice.customer.email) == ("Acme Labs", "senior@acme.test")
    assert (invoice.purchase_order_number, invoice.cost_centre) == ("PO-77", "GR-12")
    assert (invoice.issued_on, invoice.due_date) == (timezone.localdate(), days(30))
    assert (invoice.subtotal, invoice.tax_total, invoice.shipping_total) == (
        Decimal("60.00"),
        Decimal("3.78"),
        Decimal("25.00"),
    )
    assert invoice.original_balance == invoice.open_balance == Decimal("88.78")
    assert (invoice.status, invoice.source, invoice.currency_code) == (InvoiceStatus.OPEN, InvoiceSource.ISSUED, "USD")
    assert invoice.tracking_numbers == [
        {"number": "1Z999AA10123456784", "carrier": "UPS"},
        {"number": "986578788855", "carrier": "FedEx"},
    ]
    assert [(line.position, line.quantity, line.line_total) for line in invoice.lines.all()] == [
        (1, 1, Decimal("10.00")),
        (2, 2, Decimal("20.00")),
        (3, 3, Decimal("30.00")),
    ]
    # The Celery task rendered the PDF once the transaction committed.
    text = pdf_text(invoice.pdf.read())
    assert "Invoice INV-100001" in text and "GR-12" in text and "$88.78" in text


def test_chosen_lines_are_invoiced_once_and_shipping_goes_on_the_first_invoice(order):
    first, second, third = order.lines.order_by("pk")

    partial = invoice_issue_from_order(order, [third.pk], days(10), render_pdf=False)
    rest = invoice_issue_from_order(order, render_pdf=False)

    assert (partial.number, rest.number) == ("INV-100001", "INV-100002")
    assert (partial.subtotal, partial.shipping_total, partial.original_balance) == (
        Decimal("30.00"),
        Decimal("25.00"),
        Decimal("56.89"),
    )
    assert partial.tracking_numbers == [{"number": "986578788855", "carrier": "FedEx"}]
    assert partial.due_date == days(10)
    assert (rest.subtotal, rest.shipping_total) == (Decimal("30.00"), Decimal("0"))
    assert sorted(InvoiceLine.objects.filter(invoice=rest).values_list("order_line_id", flat=True)) == [
        first.pk,
        second.pk,
    ]
    with pytest.raises(ValidationError) as nothing_left:
        invoice_issue_from_order(order)
    assert nothing_left.value.code == "NOTHING_TO_INVOICE"
    with pytest.raises(ValidationError) as again:
        invoice_issue_from_order(order, [first.pk])
    assert again.value.message_dict["lines"] == [f"Invoiced already: {first.sku}."]
    assert Invoice.objects.count() == 2


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"company": None}, "Only orders placed for a company are invoiced"),
        ({"status": OrderStatus.CANCELLED}, "A cancelled order is not invoiced."),
        ({"payment_method": PaymentMethod.TEST_CARD}, "This order was paid by card at checkout"),
    ],
)
def test_orders_that_are_not_invoiced_are_refused_and_nothing_is_made(order, changes, message):
    for name, value in changes.items():
        setattr(order, name, value)
    order.save()

    with pytest.raises(ValidationError) as refused:
        invoice_issue_from_order(order)

    assert refused.value.message_dict["order"][0].startswith(message)
    assert refused.value.error_dict["order"][0].code == "ORDER_NOT_INVOICEABLE"
    assert not Invoice.objects.exists()


def _codes(error: ValidationError) -> dict[str, list]:
    """Each field's error codes (issue 37: every field error carries one)."""
    return {field: [item.code for item in items] for field, items in error.error_dict.items()}


def test_lines_of_another_order_and_a_due_date_before_the_invoice_date_are_refused(order):
    other = OrderFactory(placed_by=user("senior@acme.test"), company=company("Acme Labs"), lines=1)

    with pytest.raises(ValidationError) as foreign:
        invoice_issue_from_order(order, [other.lines.get().pk])
    with pytest.raises(ValidationError) as early:
        invoice_issue_from_order(order, due_date=days(-1))

    assert foreign.value.message_dict == {"lines": ["Choose lines of this order."]}
    assert early.value.message_dict == {"due_date": ["The due date can not be before the invoice date."]}
    assert _codes(foreign.value) == {"lines": ["not_a_line"]}
    assert _codes(early.value) == {"due_date": ["end_before_start"]}
    assert not Invoice.objects.exists()


def test_the_payment_terms_come_from_the_setting(order, settings):
    settings.INVOICE_PAYMENT_TERMS_DAYS = 45

    invoice = invoice_issue_from_order(order, render_pdf=False)

    assert invoice.due_date == days(45)


def test_numbers_follow_the_highest_issued_one_and_erp_numbers_do_not_count(order):
    invoice_record_erp(company=company("Acme Labs"), number="SO-99999", issued_on=days(0), due_date=days(30),
                       currency_code="usd", original_balance=Decimal("10"))  # fmt: skip
    Invoice.objects.create(company=company("Acme Labs"), number="INV-100041", issued_on=days(0), due_date=days(1),
                           currency_code="USD", original_balance=1, open_balance=1)  # fmt: skip

    invoice = invoice_issue_from_order(order, render_pdf=False)

    assert invoice.number == "INV-100042"


def test_a_staff_pdf_is_kept_and_none_is_rendered(order):
    invoice = invoice_issue_from_order(order, pdf=ContentFile(b"%PDF-1.4 staff", name="x.pdf"))

    assert invoice.pdf.read() == b"%PDF-1.4 staff"


def test_tracking_numbers_are_copied_again_for_parcels_shipped_later(order):
    first = order.lines.order_by("pk").first()
    invoice = invoice_issue_from_order(order, [first.pk], render_pdf=False)
    later = ShipmentFactory(order=order, carrier="DHL Express", tracking_number="3318810025")
    ShipmentLineFactory(shipment=later, order_line=first, quantity=1)

    invoice_tracking_refresh(invoice=invoice)

    assert [item["number"] for item in invoice.tracking_numbers] == ["1Z999AA10123456784", "3318810025"]


def test_an_erp_invoice_keeps_its_number_and_amounts_and_its_status_follows_them(order):
    acme = company("Acme Labs")

    open_one = invoice_record_erp(
        company=acme, number="SO-1", external_id="ERP-9", issued_on=days(-3), due_date=days(27),
        currency_code="eur", original_balance=Decimal("119.00"), tax_total=Decimal("19.00"), order=order,
    )  # fmt: skip
    partial = invoice_record_erp(
        company=acme, number="SO-2", issued_on=days(0), due_date=days(0), currency_code="USD",
        original_balance=Decimal("50"), open_balance=Decimal("20"),
    )  # fmt: skip
    paid = invoice_record_erp(company=acme, number="SO-3", issued_on=days(0), due_date=days(0), currency_code="USD",
                              original_balance=Decimal("50"), open_balance=Decimal("0"))  # fmt: skip

    assert (open_one.source, open_one.currency_code, open_one.subtotal, open_one.status) == (
        InvoiceSource.ERP,
        "EUR",
        Decimal("100.00"),
        InvoiceStatus.OPEN,
    )
    assert (open_one.customer.email, open_one.purchase_order_number, open_one.cost_centre) == (
        "senior@acme.test",
        "PO-77",
        "GR-12",
    )
    assert len(open_one.tracking_numbers) == 2 and not open_one.pdf
    assert (partial.status, paid.status) == (InvoiceStatus.PARTIALLY_PAID, InvoiceStatus.PAID)
    assert invoice_pdf_ensure(invoice_id=open_one.pk) is False  # an ERP invoice's PDF is the ERP's, never ours


@pytest.mark.parametrize(
    ("changes", "errors", "code"),
    [
        ({"number": ""}, {"number": ["Enter the ERP's invoice number."]}, "required"),
        ({"number": "inv-100001"}, {"number": ['Numbers starting "INV-" are the ones the portal gives: use the '
                                               "ERP's own."]}, "invalid"),
        ({"number": "so-taken"}, {"number": ["An invoice with this number exists already."]}, "INVOICE_NUMBER_TAKEN"),
        ({"currency_code": "dollars"}, {"currency_code": ["Enter a three-letter currency code (ISO 4217)."]},
         "invalid"),
        ({"open_balance": Decimal("120")}, {"open_balance": ["The open balance can not be more than the invoice "
                                                             "total."]}, "out_of_range"),
        ({"original_balance": Decimal("-1")}, {"original_balance": ["Enter 0 or more."]}, "out_of_range"),
        ({"due_date": days(-20)}, {"due_date": ["The due date can not be before the invoice date."]},
         "end_before_start"),
    ],
)  # fmt: skip
def test_an_erp_invoice_with_bad_data_is_refused_and_nothing_is_made(demo_store, changes, errors, code):
    acme = company("Acme Labs")
    invoice_record_erp(company=acme, number="SO-TAKEN", issued_on=days(0), due_date=days(1), currency_code="USD",
                       original_balance=Decimal("1"))  # fmt: skip
    data = {"company": acme, "number": "SO-NEW", "issued_on": days(0), "due_date": days(30), "currency_code": "USD",
            "original_balance": Decimal("100")}  # fmt: skip

    with pytest.raises(ValidationError) as refused:
        invoice_record_erp(**{**data, **changes})

    assert refused.value.message_dict == errors
    assert _codes(refused.value) == {field: [code] for field in errors}
    assert list(Invoice.objects.values_list("number", flat=True)) == ["SO-TAKEN"]


def test_an_order_of_another_company_is_refused_for_an_erp_invoice(order):
    with pytest.raises(ValidationError) as refused:
        invoice_record_erp(company=company("Globex Research"), number="SO-X", issued_on=days(0), due_date=days(1),
                           currency_code="USD", original_balance=Decimal("1"), order=order)  # fmt: skip

    assert refused.value.message_dict == {"order": ["Choose an order of this company."]}


def test_the_pdf_is_rendered_once(order):
    invoice = invoice_issue_from_order(order, render_pdf=False)

    assert invoice_pdf_ensure(invoice_id=invoice.pk) is True
    invoice.refresh_from_db()
    name = invoice.pdf.name
    assert invoice_pdf_ensure(invoice_id=invoice.pk) is True
    invoice.refresh_from_db()
    assert invoice.pdf.name == name
    assert invoice.issued_on == timezone.localdate() and isinstance(invoice.due_date, datetime.date)
