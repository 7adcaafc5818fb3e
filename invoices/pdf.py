"""The invoice as a PDF (issue 20): the store's letterhead, the invoice's number, dates, order, PO number and grant or
cost-centre code, who it is billed to, its lines as bought, the totals and what is still owed, how to pay, and the
tracking numbers of the parcels. Rendered by WeasyPrint through portal.pdf with the documents' common template, like
the quote and the order."""

from __future__ import annotations

from django.db.models import Prefetch

from invoices.models import Invoice, InvoiceLine, InvoiceStatus
from invoices.selectors import invoice_tracking, today
from orders.selectors import order_address_lines
from portal.models import Currency, Store
from portal.money import format_money
from portal.pdf import logo_data_uri, template_to_pdf

TEMPLATE = "invoices/invoice_pdf.html"


def invoice_pdf_file_name(invoice: Invoice) -> str:
    """business §2: the download is named invoice-{invoice number}.pdf (an ERP number's odd characters replaced)."""
    safe = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in invoice.number).strip("._") or str(invoice.pk)
    return f"invoice-{safe}.pdf"


def _loaded(invoice_id: int) -> Invoice:
    return (
        Invoice.objects.select_related("company", "order", "customer")
        .prefetch_related(Prefetch("lines", queryset=InvoiceLine.objects.order_by("position", "pk")))
        .get(pk=invoice_id)
    )


def invoice_pdf_context(invoice: Invoice) -> dict:
    currency = Currency.objects.filter(code=invoice.currency_code).order_by("-is_default").first()

    def money(amount) -> str:
        return format_money(amount, currency) if currency else f"{amount:.2f} {invoice.currency_code}"

    order = invoice.order
    bill_to = order_address_lines(order.billing_address) if order is not None else []
    if not bill_to:
        company = invoice.company
        bill_to = [line for line in (company.name, company.address_line1, company.city) if line]
    paid = invoice.original_balance - invoice.open_balance
    overdue = invoice.status != InvoiceStatus.PAID and invoice.due_date < today()
    return {
        "invoice": invoice,
        "status": "Overdue" if overdue else InvoiceStatus(invoice.status).label,
        "order_number": order.number if order is not None else "",
        "customer": (invoice.customer.get_full_name() or invoice.customer.email) if invoice.customer else "",
        "bill_to": bill_to,
        "rows": [
            {"line": line, "unit_price": money(line.unit_price), "total": money(line.line_total)}
            for line in invoice.lines.all()
        ],
        "totals": {
            "subtotal": money(invoice.subtotal),
            "shipping": money(invoice.shipping_total),
            "tax": money(invoice.tax_total),
            "total": money(invoice.original_balance),
            "paid": money(paid) if paid > 0 else "",
            "open": money(invoice.open_balance),
        },
        "tracking": invoice_tracking(invoice),
        "terms_days": (invoice.due_date - invoice.issued_on).days,
    }


def invoice_pdf_render(*, invoice_id: int) -> bytes:
    """The invoice as a PDF. The caller has checked that the invoice is the requester's to see (or is staff)."""
    store = Store.objects.order_by("pk").first()
    context = invoice_pdf_context(_loaded(invoice_id))
    return template_to_pdf(TEMPLATE, {**context, "store": store, "logo": logo_data_uri(store)})
