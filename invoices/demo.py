"""Demo invoices (issue 20): Acme Labs and Globex Research each have invoices in every status — open, partially paid
(with its receipt), paid (with its receipt) and overdue (one of Acme's partly paid) — issued from their demo orders
through `invoice_issue_from_order`, so they carry the tracking numbers of the orders' parcels (UPS, FedEx, DHL
Express, USPS, an S10 international post); and an invoice recorded from the ERP for each: Acme's without a PDF (the
portal says 'pdf url resolution error'), Globex's in euros with the ERP's PDF.

The issued invoices' PDFs are rendered by WeasyPrint on their first download (seeding does not wait for it). The
demo receipts stand for payments made earlier with the test card. Idempotent: a company that has invoices (demo or
real) is left alone."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal

from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from accounts.models import Company, User
from invoices.models import Invoice, Receipt, ReceiptLine
from invoices.services.issue import invoice_issue_from_order, invoice_record_erp, invoice_status_for
from orders.demo import simple_pdf
from orders.models import Order


@dataclass(frozen=True)
class DemoInvoice:
    po_number: str  # the demo order it is issued from (orders.demo.DEMO_ORDERS)
    issued_days_ago: int
    due_in_days: int  # negative: overdue unless paid
    paid_share: Decimal = Decimal(0)  # of the total, paid with the test card
    paid_days_ago: int = 0
    cost_centre: str = ""  # the grant or cost-centre code the buyer gave at checkout


@dataclass(frozen=True)
class DemoErpInvoice:
    company: str
    number: str
    external_id: str
    issued_days_ago: int
    due_in_days: int
    currency_code: str
    subtotal: Decimal
    tax_total: Decimal
    with_pdf: bool
    purchase_order_number: str = ""


DEMO_INVOICES = (
    # Acme Labs
    DemoInvoice("PO-ACME-2417", 72, -42, Decimal(1), 45, cost_centre="NIH R01-GM118054"),  # paid
    DemoInvoice("PO-ACME-2588", 31, -1, Decimal("0.4"), 10),  # overdue, partially paid
    DemoInvoice("PO-ACME-2611", 18, 12, cost_centre="NIH R01-GM118054"),  # open
    DemoInvoice("PO-ACME-2650", 4, 26, Decimal("0.5"), 1, cost_centre="DOE-BER-2291"),  # partially paid
    # Globex Research
    DemoInvoice("GX-87710", 55, -25),  # overdue
    DemoInvoice("GX-88213", 12, 18, Decimal(1), 3),  # paid
    DemoInvoice("GX-88240", 7, 23, Decimal("0.25"), 2, cost_centre="CC-4410-QA"),  # partially paid
)
DEMO_ERP_INVOICES = (
    DemoErpInvoice("Acme Labs", "SO-24-1187", "ERP-77104", 40, -10, "USD", Decimal("1850.00"), Decimal("115.63"),
                   with_pdf=False, purchase_order_number="PO-ACME-2502"),
    DemoErpInvoice("Globex Research", "GXE-2025-0419", "ERP-77221", 20, 10, "EUR", Decimal("2400.00"),
                   Decimal("456.00"), with_pdf=True, purchase_order_number="GX-88190"),
)  # fmt: skip
PAYER = {"Acme Labs": "admin@acme.test", "Globex Research": "admin@globex.test"}
CENT = Decimal("0.01")


def erp_pdf(spec: DemoErpInvoice, company: Company) -> bytes:
    total = spec.subtotal + spec.tax_total
    today = timezone.localdate()
    issued, due = (
        today - datetime.timedelta(days=spec.issued_days_ago),
        today + datetime.timedelta(days=spec.due_in_days),
    )
    return simple_pdf(
        title=f"Invoice {spec.number}",
        lines=[
            "Helix Scientific Inc. - 400 Discovery Drive, Cambridge, MA 02142, United States",
            "",
            f"Bill to: {company.name}",
            f"Invoice number: {spec.number}    Reference: {spec.external_id}",
            f"Invoice date: {issued:%d %b %Y}    Due: {due:%d %b %Y}",
            f"PO number: {spec.purchase_order_number or '-'}",
            "",
            "Service contract: preventive maintenance of two HPLC systems, calibration and parts.",
            "",
            f"Subtotal: {spec.subtotal:.2f} {spec.currency_code}",
            f"Tax: {spec.tax_total:.2f} {spec.currency_code}",
            f"Total due: {total:.2f} {spec.currency_code}",
            "",
            "Pay by bank transfer quoting the invoice number, or online in the buyer portal.",
        ],
    )


def _receipt(invoice: Invoice, payer: User | None, share: Decimal, days_ago: int) -> None:
    """A payment made earlier with the test card: its receipt and line, and the invoice's balance and status."""
    amount = invoice.original_balance if share >= 1 else (invoice.original_balance * share).quantize(CENT)
    open_balance = invoice.open_balance - amount
    status = invoice_status_for(original_balance=invoice.original_balance, open_balance=open_balance)
    receipt = Receipt.objects.create(
        company_id=invoice.company_id,
        payer=payer,
        payer_name=(payer.get_full_name() or payer.email) if payer else "",
        payment_type="Test card •••• 4242",
        reference_number=f"DEMO-{invoice.number}",
        currency_code=invoice.currency_code,
        total_amount=amount,
    )
    ReceiptLine.objects.create(receipt=receipt, invoice=invoice, amount=amount, payment_status=status)
    Receipt.objects.filter(pk=receipt.pk).update(created_at=timezone.now() - datetime.timedelta(days=days_ago))
    Invoice.objects.filter(pk=invoice.pk).update(open_balance=open_balance, status=status)


@transaction.atomic
def seed_invoices() -> int:
    """Create the demo invoices of the demo companies that have none yet. Returns how many were made."""
    companies = {c.name: c for c in Company.objects.filter(name__in=PAYER)}
    busy = set(Invoice.objects.filter(company__in=companies.values()).values_list("company__name", flat=True))
    wanted = {name for name in companies if name not in busy}
    if not wanted:
        return 0
    payers = {u.email: u for u in User.objects.filter(email__in=PAYER.values())}
    orders = {
        o.po_number: o
        for o in Order.objects.filter(company__name__in=wanted, po_number__in=[s.po_number for s in DEMO_INVOICES])
    }
    today = timezone.localdate()
    made = 0
    for spec in DEMO_INVOICES:
        order = orders.get(spec.po_number)
        if order is None:
            continue
        issued_on = today - datetime.timedelta(days=spec.issued_days_ago)
        invoice = invoice_issue_from_order(
            order, due_date=today + datetime.timedelta(days=spec.due_in_days), issued_on=issued_on, render_pdf=False
        )
        if spec.cost_centre and not invoice.cost_centre:
            Invoice.objects.filter(pk=invoice.pk).update(cost_centre=spec.cost_centre)
        if spec.paid_share:
            company_name = next(name for name, c in companies.items() if c.pk == invoice.company_id)
            _receipt(invoice, payers.get(PAYER[company_name]), spec.paid_share, spec.paid_days_ago)
        made += 1
    for erp in DEMO_ERP_INVOICES:
        company = companies.get(erp.company)
        if company is None or erp.company not in wanted:
            continue
        issued_on = today - datetime.timedelta(days=erp.issued_days_ago)
        invoice_record_erp(
            company=company, number=erp.number, external_id=erp.external_id, issued_on=issued_on,
            due_date=today + datetime.timedelta(days=erp.due_in_days), currency_code=erp.currency_code,
            original_balance=erp.subtotal + erp.tax_total, subtotal=erp.subtotal, tax_total=erp.tax_total,
            purchase_order_number=erp.purchase_order_number,
            pdf=ContentFile(erp_pdf(erp, company), name="erp.pdf") if erp.with_pdf else None,
        )  # fmt: skip
        made += 1
    return made
