"""Factories of the invoices tests (issue 20): invoices with their lines, receipts with theirs, payments in progress.

`InvoiceFactory(company=acme, customer=user, order=order, lines=2)` builds an invoice of `lines` lines (an int, or a
list of dicts of InvoiceLineFactory fields) whose amounts add up; numbered "INV-T" and a sequence. Dates default to
an invoice issued ten days ago, due in twenty."""

from __future__ import annotations

import datetime
from decimal import Decimal

import factory
from django.utils import timezone

from invoices.models import (
    Invoice,
    InvoiceLine,
    InvoicePaymentRequest,
    InvoicePaymentRequestLine,
    InvoiceSource,
    InvoiceStatus,
    Receipt,
    ReceiptLine,
)


def _days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


class InvoiceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Invoice
        skip_postgeneration_save = True

    order = None
    customer = None
    number = factory.Sequence(lambda n: f"INV-T{n:05d}")
    purchase_order_number = factory.LazyAttribute(lambda i: i.order.po_number if i.order else "")
    issued_on = factory.LazyFunction(lambda: _days(-10))
    due_date = factory.LazyFunction(lambda: _days(20))
    currency_code = "USD"
    subtotal = Decimal("100.00")
    tax_total = Decimal("6.25")
    shipping_total = Decimal("0.00")
    original_balance = Decimal("106.25")
    open_balance = factory.LazyAttribute(lambda i: i.original_balance)
    status = InvoiceStatus.OPEN
    source = InvoiceSource.ISSUED

    @factory.post_generation
    def lines(obj, create, extracted, **kwargs):
        """lines=[{"quantity": 2, …}, …] or lines=3; none by default."""
        if not create or not extracted:
            return
        specs = [{} for _ in range(extracted)] if isinstance(extracted, int) else extracted
        for position, spec in enumerate(specs, start=1):
            InvoiceLineFactory(invoice=obj, position=position, **spec)


class InvoiceLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = InvoiceLine

    invoice = factory.SubFactory(InvoiceFactory)
    sku = factory.Sequence(lambda n: f"HS-T{n:04d}")
    name = "Test reagent"
    quantity = 1
    unit_price = Decimal("50.00")
    line_total = factory.LazyAttribute(lambda line: line.unit_price * line.quantity)
    tax = Decimal("3.13")


class ReceiptFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Receipt

    payer = None
    payer_name = factory.LazyAttribute(lambda r: (r.payer.get_full_name() or r.payer.email) if r.payer else "Payer")
    payment_type = "Test card •••• 4242"
    reference_number = factory.Sequence(lambda n: f"TC-{n:06d}")
    currency_code = "USD"
    total_amount = Decimal("50.00")


def receipt_for(invoice: Invoice, amount: Decimal, *, payer=None) -> Receipt:
    """A payment of `amount` on `invoice`: its receipt and line, the invoice's balance and status updated."""
    open_balance = invoice.open_balance - amount
    status = InvoiceStatus.PAID if open_balance <= 0 else InvoiceStatus.PARTIALLY_PAID
    receipt = ReceiptFactory(
        company=invoice.company, payer=payer, total_amount=amount, currency_code=invoice.currency_code
    )
    ReceiptLine.objects.create(receipt=receipt, invoice=invoice, amount=amount, payment_status=status)
    Invoice.objects.filter(pk=invoice.pk).update(open_balance=open_balance, status=status)
    invoice.refresh_from_db()
    return receipt


def pending_payment(invoice: Invoice, user, amount: Decimal = Decimal("10.00")) -> InvoicePaymentRequest:
    request = InvoicePaymentRequest.objects.create(
        company=invoice.company, user=user, cart_id=f"cart-{invoice.pk}-{user.pk}", currency_code=invoice.currency_code
    )
    InvoicePaymentRequestLine.objects.create(request=request, invoice=invoice, amount=amount)
    return request
