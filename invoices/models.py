"""Invoices (issue 20): what a company owes for its orders, the receipts of what it paid, and the payments in
progress through checkout.

Staff issue an invoice from an order (all or some of its lines) or record one that comes from the supplier's ERP.
An invoice is open, partially paid or paid (business §2: status 2 means paid); "overdue" is never stored — it is
what the API says for an unpaid invoice whose due date has passed (`invoices.selectors`).
"""

from __future__ import annotations

import uuid
from pathlib import PurePath
from typing import TYPE_CHECKING, TypeAlias, TypedDict

from django.conf import settings
from django.db import models

from accounts.models import Company
from portal.money import DecimalDigits

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 2}


class InvoiceStatus(models.IntegerChoices):
    OPEN = 0, "Open"
    PARTIALLY_PAID = 1, "Partially paid"
    PAID = 2, "Paid"
    # Never stored: an unpaid (open or partially paid) invoice whose due date has passed.
    OVERDUE = 3, "Overdue"


STORED_STATUSES = (InvoiceStatus.OPEN, InvoiceStatus.PARTIALLY_PAID, InvoiceStatus.PAID)
UNPAID_STATUSES = (InvoiceStatus.OPEN, InvoiceStatus.PARTIALLY_PAID)


class InvoiceSource(models.TextChoices):
    ISSUED = "issued", "Issued from an order"
    ERP = "erp", "Recorded from the ERP"


def private_storage():
    """Invoice PDFs are private: never under a public URL (the shared private storage of `accounts.storage`)."""
    from accounts.storage import private_storage as storage

    return storage()


def invoice_pdf_upload_to(instance, filename: str) -> str:
    extension = PurePath(filename).suffix.lower()[:6] or ".pdf"
    return f"invoices/pdf/{uuid.uuid4().hex}{extension}"


class Invoice(models.Model):
    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="invoices")
    order = models.ForeignKey("orders.Order", null=True, blank=True, on_delete=models.SET_NULL, related_name="invoices")
    number = models.CharField(
        "invoice number",
        max_length=40,
        unique=True,
        help_text='Issued invoices are numbered "INV-" and a sequence; ERP invoices keep their own number.',
    )
    external_id = models.CharField("external id", max_length=100, blank=True, help_text="The ERP's id, if any.")
    customer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invoices",
        help_text="Who placed the order.",
    )
    purchase_order_number = models.CharField("PO number", max_length=60, blank=True)
    cost_centre = models.CharField(
        "grant or cost centre", max_length=60, blank=True, help_text="The grant or cost-centre code of the order."
    )
    issued_on = models.DateField("invoice date")
    due_date = models.DateField()
    currency_code = models.CharField(max_length=3)
    original_balance = models.DecimalField(**MONEY, help_text="The invoice total, including tax.")
    open_balance = models.DecimalField(**MONEY, help_text="What is still owed.")
    subtotal = models.DecimalField(**MONEY, default=0, help_text="Excluding tax and shipping.")
    tax_total = models.DecimalField(**MONEY, default=0)
    shipping_total = models.DecimalField(**MONEY, default=0)
    status = models.PositiveSmallIntegerField(
        choices=[(value, label) for value, label in InvoiceStatus.choices if value != InvoiceStatus.OVERDUE],
        default=InvoiceStatus.OPEN,
    )
    pdf = models.FileField(
        "PDF",
        storage=private_storage,
        upload_to=invoice_pdf_upload_to,
        max_length=255,
        blank=True,
        help_text="Generated when an invoice is issued without one.",
    )
    tracking_numbers = models.JSONField(
        default=list,
        blank=True,
        help_text="[{'number': …, 'carrier': …}] copied from the order's shipments when issued.",
    )
    source = models.CharField(max_length=10, choices=InvoiceSource.choices, default=InvoiceSource.ISSUED)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-number"]
        indexes = [
            models.Index(fields=["company", "-number"], name="invoices_company_number"),
            models.Index(fields=["company", "status", "due_date"], name="invoices_company_status_due"),
            models.Index(fields=["company", "issued_on"], name="invoices_company_issued"),
            # issue 38: the list sorted by due date reads the company's invoices in that order (a few rows per page).
            models.Index(fields=["company", "due_date"], name="invoices_company_due"),
            # issue 38: the list sorted by status reads each status group of the company newest first.
            models.Index(fields=["company", "status", "-id"], name="invoices_company_status_id"),
        ]

    def __str__(self) -> str:
        return f"Invoice {self.number}"


class InvoiceTally(models.Model):
    """How many invoices a company and a customer have (issue 38): the invoices list's total without a filter is a sum
    of these rows, not a count over the company's whole history. Kept by database triggers on the invoices table in
    each writer's transaction (portal/tallies.py, migration 0006): never written by the application."""

    company_key = models.BigIntegerField(help_text="The company's id.")
    customer_key = models.BigIntegerField(help_text="The id of who placed the order; 0 for none.")
    count = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["company_key", "customer_key"], name="invoices_tally_unique")]

    def __str__(self) -> str:
        return f"{self.company_key}/{self.customer_key}: {self.count}"


class ApiInvoiceFields(TypedDict):
    """What invoices.selectors.with_api_fields adds to each invoice it reads, in the query (never stored)."""

    is_overdue: bool
    api_status: int
    pending_payment_count: int


if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

    # An invoice read through with_api_fields, for the type checker; at run time the model itself.
    ApiInvoice: TypeAlias = WithAnnotations[Invoice, ApiInvoiceFields]
else:
    ApiInvoice = Invoice


class InvoiceLine(models.Model):
    invoice = models.ForeignKey(Invoice, on_delete=models.CASCADE, related_name="lines")
    order_line = models.ForeignKey(
        "orders.OrderLine", null=True, blank=True, on_delete=models.SET_NULL, related_name="invoice_lines"
    )
    sku = models.CharField(max_length=64, blank=True)
    name = models.CharField(max_length=255)
    quantity = models.PositiveIntegerField()
    unit_price = models.DecimalField(**MONEY, help_text="Excluding tax.")
    line_total = models.DecimalField(**MONEY, help_text="Excluding tax.")
    tax = models.DecimalField(**MONEY, default=0)
    position = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["position", "pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.sku or self.name}"


class Receipt(models.Model):
    """What a payment paid: one receipt per payment, a line per invoice it paid (part of)."""

    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="receipts")
    payer = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="receipts"
    )
    payer_name = models.CharField(max_length=150, blank=True)
    payment_type = models.CharField(max_length=60, help_text="E.g. “Test card •••• 4242”.")
    transaction_type = models.CharField(max_length=30, default="Paid")
    reference_number = models.CharField(max_length=60, unique=True, help_text="The payment's reference.")
    currency_code = models.CharField(max_length=3)
    total_amount = models.DecimalField(**MONEY)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Receipt {self.reference_number}"


class ReceiptLine(models.Model):
    receipt = models.ForeignKey(Receipt, on_delete=models.CASCADE, related_name="lines")
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="receipt_lines")
    amount = models.DecimalField(**MONEY)
    payment_status = models.PositiveSmallIntegerField(
        choices=[(value, label) for value, label in InvoiceStatus.choices if value != InvoiceStatus.OVERDUE],
        help_text="The invoice's status after this payment.",
    )

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.amount} on {self.invoice.number}"


class PaymentRequestStatus(models.TextChoices):
    PENDING = "pending", "Pending"
    PAID = "paid", "Paid"
    ABANDONED = "abandoned", "Abandoned"


class InvoicePaymentRequest(models.Model):
    """A payment in progress: what a checkout cart is paying. Counted as pendingPaymentCount while pending."""

    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="invoice_payment_requests")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invoice_payment_requests"
    )
    cart_id = models.CharField(max_length=64, help_text="The storefront cart's entity id.")
    currency_code = models.CharField(max_length=3)
    status = models.CharField(max_length=10, choices=PaymentRequestStatus.choices, default=PaymentRequestStatus.PENDING)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["cart_id"], name="invoices_payreq_cart")]

    def __str__(self) -> str:
        return f"Payment request {self.pk} ({self.status})"


class InvoicePaymentRequestLine(models.Model):
    request = models.ForeignKey(InvoicePaymentRequest, on_delete=models.CASCADE, related_name="lines")
    invoice = models.ForeignKey(Invoice, on_delete=models.PROTECT, related_name="payment_request_lines")
    amount = models.DecimalField(**MONEY)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.amount} on {self.invoice.number}"


class ExportStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a worker"
    RUNNING = "running", "Being written"
    READY = "ready", "Ready"
    FAILED = "failed", "Interrupted"


def invoice_export_upload_to(instance, filename: str) -> str:
    return f"invoices/exports/{uuid.uuid4().hex}.csv"


class InvoiceExport(models.Model):
    """A CSV export of invoices (`invoicesExport`): what was asked, by whom, in which language, and the file a Celery
    task wrote. Only the one who asked downloads it (their bearer token, or the signed link they were given)."""

    key = models.CharField(max_length=64, unique=True, help_text="The export's unguessable id in its URL.")
    company = models.ForeignKey(Company, on_delete=models.CASCADE, related_name="invoice_exports")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="invoice_exports")
    language = models.CharField(max_length=8, default="en")
    filters = models.JSONField(default=dict, blank=True, help_text="The list's filters, or the chosen invoice ids.")
    status = models.CharField(max_length=10, choices=ExportStatus.choices, default=ExportStatus.PENDING)
    file = models.FileField(storage=private_storage, upload_to=invoice_export_upload_to, max_length=255, blank=True)
    row_count = models.PositiveIntegerField(default=0)
    # The claim of the worker writing it (a conditional UPDATE takes it) and its heartbeat: a claim without a heartbeat
    # for JOB_STALE_SECONDS (a worker that died) fails the export as interrupted (issue 36 item 1).
    claim_token = models.CharField(max_length=32, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"Invoice export {self.key[:8]} ({self.status})"
