"""GraphQL types of invoices (issue 20, business §3 "Invoice (portal)", "Receipt"). Plain strawberry types over rows
the selectors load with their relations and annotations in a fixed number of queries: the list node reads only its
row, its order and customer (joined) and its JSON tracking numbers; the detail's lines and payments are prefetched."""

from __future__ import annotations

import datetime
from decimal import Decimal

import strawberry

from accounts.selectors import Actor
from invoices import permissions, selectors
from invoices.downloads import DOWNLOAD_MAX_AGE
from invoices.models import ApiInvoice, InvoiceStatus, Receipt, ReceiptLine
from invoices.models import InvoiceLine as InvoiceLineRow
from orders.selectors import order_address_lines


@strawberry.type(description="An amount with its currency (business §3: openBalance, originalBalance).")
class InvoiceAmount:
    code: str = strawberry.field(description="The currency (ISO 4217).")
    value: Decimal = strawberry.field(description="The amount, e.g. 1234.50.")


@strawberry.type(description="A tracking number of a parcel of the invoice's order, read by the tracking engine.")
class InvoiceTrackingNumber:
    number: str = strawberry.field(description="The tracking number as staff recorded it.")
    carrier: str = strawberry.field(description="The carrier as staff named it ('' when none).")
    courier_name: str | None = strawberry.field(
        description="The courier the tracking engine recognised, else the carrier; null when neither is known."
    )
    tracking_url: str | None = strawberry.field(
        description="The carrier's tracking page (open it in a new tab); null when no format recognises the number."
    )

    @classmethod
    def of(cls, item: selectors.InvoiceTracking) -> InvoiceTrackingNumber:
        return cls(
            number=item.number,
            carrier=item.carrier,
            courier_name=item.match.courier_name if item.match else (item.carrier or None),
            tracking_url=item.match.tracking_url if item.match else None,
        )


@strawberry.type(description="What the invoice is made of (business §3 details).")
class InvoiceDetails:
    subtotal: Decimal = strawberry.field(description="The lines, excluding tax and shipping.")
    shipping_total: Decimal = strawberry.field(description="Shipping, excluding tax.")
    tax_total: Decimal = strawberry.field(description="Tax.")
    cost_centre: str = strawberry.field(description="The grant or cost-centre code of the order ('' when none).")
    source: str = strawberry.field(description="issued (from an order, by the supplier's staff) or erp.")
    company_name: str = strawberry.field(description="The company billed.")


def _money(amount: Decimal, code: str) -> InvoiceAmount:
    return InvoiceAmount(code=code, value=amount)


@strawberry.type(name="Invoice", description="An invoice of the caller's company (business §3 Invoice (portal)).")
class InvoiceNode:
    invoice: strawberry.Private[ApiInvoice]  # read through invoices.selectors.with_api_fields
    actor: strawberry.Private[Actor]

    @strawberry.field(description="The invoice's id: invoice(id), invoicePdf(invoiceId), /invoiceDetail/{id}.")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.invoice.pk))

    @strawberry.field(description='The invoice number ("INV-100042"; an ERP invoice keeps its own).')
    def invoice_number(self) -> str:
        return self.invoice.number

    @strawberry.field(description="The ERP's id of the invoice ('' when none).")
    def external_id(self) -> str:
        return self.invoice.external_id

    @strawberry.field(
        description="The company (unit) billed (issue 40: the list's company column; invoices(companyId) filters "
        "by it)."
    )
    def company_id(self) -> int:
        return self.invoice.company_id

    @strawberry.field(description="The name of the company (unit) billed.")
    def company_name(self) -> str:
        return self.invoice.company.name  # read with the invoice (invoices.selectors.invoice_list, invoice_detail)

    @strawberry.field(description="Who placed the invoiced order (a user id); null when unknown or gone.")
    def customer_id(self) -> int | None:
        return self.invoice.customer_id

    @strawberry.field(description="The name (else e-mail) of who placed the order; null when unknown or gone.")
    def customer_name(self) -> str | None:
        customer = self.invoice.customer
        return (customer.get_full_name() or customer.email) if customer else None

    @strawberry.field(
        description="The invoiced order's number (/orderDetail/{orderNumber}); null for an ERP invoice of no order."
    )
    def order_number(self) -> str | None:
        order = self.invoice.order
        return str(order.number) if order is not None else None

    @strawberry.field(description="The buyer's purchase order number ('' when none).")
    def purchase_order_number(self) -> str:
        return self.invoice.purchase_order_number

    @strawberry.field(description="The grant or cost-centre code the buyer gave at checkout ('' when none).")
    def cost_centre(self) -> str:
        return self.invoice.cost_centre

    @strawberry.field(description="The invoice date.")
    def invoice_date(self) -> datetime.date:
        return self.invoice.issued_on

    @strawberry.field(description="The day it is due; overdue from the next day while not paid.")
    def due_date(self) -> datetime.date:
        return self.invoice.due_date

    @strawberry.field(description="When the invoice was recorded in the portal.")
    def created_at(self) -> datetime.datetime:
        return self.invoice.created_at

    @strawberry.field(
        description="0 open, 1 partially paid, 2 paid, 3 overdue (open or partially paid, past its due date: never "
        "stored). The overlay translates it by value."
    )
    def status(self) -> int:
        return int(self.invoice.api_status)

    @strawberry.field(description='The status in English, e.g. "Partially paid".')
    def status_label(self) -> str:
        return InvoiceStatus(int(self.invoice.api_status)).label

    @strawberry.field(description="The stored payment status: 0 open, 1 partially paid, 2 paid.")
    def payment_status(self) -> int:
        return self.invoice.status

    @strawberry.field(description="Not paid and past its due date.")
    def is_overdue(self) -> bool:
        return bool(self.invoice.is_overdue)

    @strawberry.field(description="What is still owed.")
    def open_balance(self) -> InvoiceAmount:
        return _money(self.invoice.open_balance, self.invoice.currency_code)

    @strawberry.field(description="The invoice total, including tax and shipping.")
    def original_balance(self) -> InvoiceAmount:
        return _money(self.invoice.original_balance, self.invoice.currency_code)

    @strawberry.field(
        description="True when the caller may not pay this invoice: it is paid (nothing is owed), or they do not hold "
        "pay_invoice (shell §6 Pay invoice)."
    )
    def not_allowed_pay(self) -> bool:
        return self.invoice.open_balance <= 0 or not permissions.can_pay_invoices(self.actor)

    @strawberry.field(description="How many payments in progress through checkout include this invoice.")
    def pending_payment_count(self) -> int:
        return int(self.invoice.pending_payment_count)

    @strawberry.field(description="The invoice's amounts and origin.")
    def details(self) -> InvoiceDetails:
        invoice = self.invoice
        return InvoiceDetails(
            subtotal=invoice.subtotal,
            shipping_total=invoice.shipping_total,
            tax_total=invoice.tax_total,
            cost_centre=invoice.cost_centre,
            source=invoice.source,
            company_name=invoice.company.name,
        )

    @strawberry.field(description="The tracking numbers of the parcels of its order, copied when it was issued.")
    def tracking_numbers(self) -> list[InvoiceTrackingNumber]:
        return [InvoiceTrackingNumber.of(item) for item in selectors.invoice_tracking(self.invoice)]

    @strawberry.field(
        description="The invoice has a PDF (invoicePdf gives its link); false: invoicePdf answers 'pdf url resolution "
        "error'."
    )
    def has_pdf(self) -> bool:
        return selectors.invoice_has_pdf(self.invoice)

    @strawberry.field(
        description="business §6: the caller may open the invoice's order (get_order_detail: level 2 any order of "
        "the company, level 1 the orders they placed)."
    )
    def can_view_order(self) -> bool:
        order = self.invoice.order
        return order is not None and permissions.can_view_order_of(self.actor, order.company_id, order.placed_by_id)


@strawberry.type(description="An invoice of a page of invoices.")
class InvoiceEdge:
    node: InvoiceNode = strawberry.field(description="The invoice.")


@strawberry.type(description="A page of invoices (business §3 pagination: offset, first, count).")
class InvoiceList:
    total_count: int = strawberry.field(description="How many invoices match, over every page.")
    edges: list[InvoiceEdge] = strawberry.field(description="This page's invoices.")


@strawberry.type(name="InvoiceLine", description="A line of an invoice, as the order bought it.")
class InvoiceLineType:
    line: strawberry.Private[InvoiceLineRow]

    @strawberry.field(description="The line's id.")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.line.pk))

    @strawberry.field(description="The order line invoiced; null for an ERP line or when it is gone.")
    def order_line_id(self) -> strawberry.ID | None:
        return strawberry.ID(str(self.line.order_line_id)) if self.line.order_line_id else None

    @strawberry.field(description="The SKU as bought ('' when none).")
    def sku(self) -> str:
        return self.line.sku

    @strawberry.field(description="The product's name as bought.")
    def name(self) -> str:
        return self.line.name

    @strawberry.field(description="How many.")
    def quantity(self) -> int:
        return self.line.quantity

    @strawberry.field(description="The unit price, excluding tax.")
    def unit_price(self) -> Decimal:
        return self.line.unit_price

    @strawberry.field(description="Quantity × unit price, excluding tax.")
    def line_total(self) -> Decimal:
        return self.line.line_total

    @strawberry.field(description="The line's tax.")
    def tax(self) -> Decimal:
        return self.line.tax


@strawberry.type(description="A payment of one invoice: a line of a receipt (business §3 Receipt lines).")
class ReceiptLineNode:
    row: strawberry.Private[ReceiptLine]

    @strawberry.field(description="The receipt line's id.")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.pk))

    @strawberry.field(description="The receipt (receipt(id)).")
    def receipt_id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.receipt_id))

    @strawberry.field(description="The invoice paid.")
    def invoice_id(self) -> strawberry.ID:
        return strawberry.ID(str(self.row.invoice_id))

    @strawberry.field(description="Its invoice number.")
    def invoice_number(self) -> str:
        return self.row.invoice.number

    @strawberry.field(description="The amount paid on the invoice, in the receipt's currency.")
    def amount(self) -> InvoiceAmount:
        return _money(self.row.amount, self.row.receipt.currency_code)

    @strawberry.field(description="The invoice's status after this payment: 1 partially paid, 2 paid.")
    def payment_status(self) -> int:
        return self.row.payment_status

    @strawberry.field(description='How it was paid, e.g. "Test card •••• 4242".')
    def payment_type(self) -> str:
        return self.row.receipt.payment_type

    @strawberry.field(description='The transaction, e.g. "Paid".')
    def transaction_type(self) -> str:
        return self.row.receipt.transaction_type

    @strawberry.field(description="The payment's reference.")
    def reference_number(self) -> str:
        return self.row.receipt.reference_number

    @strawberry.field(description="Who paid.")
    def payer_name(self) -> str:
        return self.row.receipt.payer_name

    @strawberry.field(description="When it was paid.")
    def created_at(self) -> datetime.datetime:
        return self.row.receipt.created_at


@strawberry.type(description="A receipt line of a page of them.")
class ReceiptLineEdge:
    node: ReceiptLineNode = strawberry.field(description="The payment line.")


@strawberry.type(description="A page of receipt lines (the payment history).")
class ReceiptLineList:
    total_count: int = strawberry.field(description="How many lines match, over every page.")
    edges: list[ReceiptLineEdge] = strawberry.field(description="This page's lines.")


@strawberry.type(name="InvoiceReceipt", description="What one payment paid (business §3 Receipt).")
class ReceiptNode:
    receipt: strawberry.Private[Receipt]

    @strawberry.field(description="The receipt's id (/payment receipt page).")
    def id(self) -> strawberry.ID:
        return strawberry.ID(str(self.receipt.pk))

    @strawberry.field(description="The currency of the payment (ISO 4217).")
    def total_code(self) -> str:
        return self.receipt.currency_code

    @strawberry.field(description="What was paid in all.")
    def total_amount(self) -> Decimal:
        return self.receipt.total_amount

    @strawberry.field(description="Who paid.")
    def payer_name(self) -> str:
        return self.receipt.payer_name

    @strawberry.field(description='How, e.g. "Test card •••• 4242".')
    def payment_type(self) -> str:
        return self.receipt.payment_type

    @strawberry.field(description='The transaction, e.g. "Paid".')
    def transaction_type(self) -> str:
        return self.receipt.transaction_type

    @strawberry.field(description="The payment's reference.")
    def reference_number(self) -> str:
        return self.receipt.reference_number

    @strawberry.field(description="When it was paid.")
    def created_at(self) -> datetime.datetime:
        return self.receipt.created_at

    @strawberry.field(description="The invoices it paid, and how much of each.")
    def lines(self) -> list[ReceiptLineNode]:
        return [ReceiptLineNode(row=_with_receipt(row, self.receipt)) for row in self.receipt.lines.all()]


def _with_receipt(row: ReceiptLine, receipt: Receipt) -> ReceiptLine:
    row.receipt = receipt  # the line's receipt is the one loaded: no query per line
    return row


@strawberry.type(description="An invoice with everything its page shows (/invoiceDetail/{id}).")
class InvoiceDetail(InvoiceNode):
    @strawberry.field(description="The invoice's lines.")
    def lines(self) -> list[InvoiceLineType]:
        return [InvoiceLineType(line=line) for line in self.invoice.lines.all()]

    @strawberry.field(
        description="The payments of this invoice, newest first (get_invoice_payments_history: level 2 all of "
        "them, level 1 those the caller made or of an order they placed); null without the code."
    )
    def payments(self) -> list[ReceiptLineNode] | None:
        level = permissions.invoice_scope_level(self.actor, permissions.GET_INVOICE_PAYMENTS_HISTORY)
        if level == 0 or self.actor.user is None:  # a guest's level is 0
            return None
        user_id = self.actor.user.pk
        mine = level >= permissions.COMPANY or self.invoice.customer_id == user_id
        return [
            ReceiptLineNode(row=row)
            for row in self.invoice.receipt_lines.all()
            if mine or row.receipt.payer_id == user_id
        ]

    @strawberry.field(description="Where the invoice is addressed: the order's billing address, a line each.")
    def bill_to(self) -> list[str]:
        order = self.invoice.order
        return order_address_lines(order.billing_address) if order is not None else []

    @strawberry.field(
        description=f"A signed link to the PDF (valid {DOWNLOAD_MAX_AGE} seconds), when the caller holds "
        "get_invoice_pdf and the invoice has one; null otherwise."
    )
    def pdf_url(self, info: strawberry.Info) -> str | None:
        from invoices.downloads import signed_pdf_url

        if not self.has_pdf() or permissions.invoice_scope_level(self.actor, permissions.GET_INVOICE_PDF) == 0:
            return None
        return signed_pdf_url(info.context.request, self.invoice)


@strawberry.type(description="business §7 invoiceStats.")
class InvoiceStats:
    total_balance: Decimal = strawberry.field(
        description="The open balance of the invoices counted, in the store's default currency."
    )
    over_due_balance: Decimal = strawberry.field(description="The open balance of those overdue, likewise.")
    currency_code: str = strawberry.field(description="The store's default currency, the balances' currency.")
    invoice_count: int = strawberry.field(description="How many invoices were counted.")
    overdue_count: int = strawberry.field(description="How many of them are overdue.")


@strawberry.type(description="business §7 invoicePdf: where the PDF is.")
class InvoicePdf:
    url: str = strawberry.field(description=f"A signed link to the PDF, valid {DOWNLOAD_MAX_AGE} seconds.")
    file_name: str = strawberry.field(description="invoice-{invoice number}.pdf (business §2 download).")


@strawberry.type(description="business §7 invoicesExport: where the CSV file is.")
class InvoicesExport:
    url: str = strawberry.field(
        description=f"A signed link to the CSV file, valid {DOWNLOAD_MAX_AGE} seconds (the bearer token of the one "
        "who asked opens it later too)."
    )
    file_name: str = strawberry.field(description="invoices-{date}.csv")
    ready: bool = strawberry.field(description="The file is written (false only while a Celery worker writes it).")
    row_count: int = strawberry.field(description="How many invoices it holds (0 until it is ready).")
