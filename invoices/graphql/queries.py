"""The invoice reads of business §7 (issue 20): invoices, invoice, invoiceStats, invoicePdf, allReceiptLines, receipt.
Thin: the selectors scope (invoices.permissions: the "Invoices view" codes of shell §6 and their levels)."""

from __future__ import annotations

import datetime
from typing import Annotated

import strawberry

from invoices import permissions, selectors
from invoices.downloads import signed_pdf_url
from invoices.errors import PDF_URL_RESOLUTION_MESSAGE, InvoiceErrorCode
from invoices.graphql.types import (
    InvoiceDetail,
    InvoiceEdge,
    InvoiceList,
    InvoiceNode,
    InvoicePdf,
    InvoiceStats,
    ReceiptLineEdge,
    ReceiptLineList,
    ReceiptLineNode,
    ReceiptNode,
)
from invoices.pdf import invoice_pdf_file_name
from portal.errors import PortalError
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import IsAuthenticated, requires

MAX_PAGE_SIZE = 100
RECEIPT_LINES_PAGE = 50  # business §9: receipt lines, first 50

STATUS_ARGUMENT = strawberry.argument(
    description="The status the list shows: 0 open, 1 partially paid, 2 paid, 3 overdue (open or partially paid, "
    "past its due date)."
)

COMPANY_ARGUMENT = strawberry.argument(
    description="One unit's invoices (issue 40: a unit the caller reaches — the one they act for or one below it — as "
    "companyId of the rows); another is refused (VALIDATION_ERROR on companyId, invalid_choice)."
)


def _date(description: str):
    return strawberry.argument(description=description)


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[requires(permissions.GET_INVOICES)],
        description="The caller's invoices (business §7; /invoice): get_invoices level 2 — every invoice of the "
        "company they work in, and of the units below it for an admin or a member granted them (issue 40: each row "
        "says its companyId and companyName; companyId filters by unit); level 1 — those of the orders they placed. "
        "orderBy is required ('Invalid query: orderBy property is required'): invoiceNumber, orderNumber, "
        "purchaseOrderNumber, costCentre, invoiceDate, dueDate, originalBalance, openBalance, status or createdAt, "
        "prefixed - for descending (the overlay's default: -invoiceNumber). search (at most 100 characters) matches "
        "the invoice number, the order number, the PO number, the grant or cost-centre code and the ERP id; "
        "dateFrom/dateTo bound the invoice date and dueDateFrom/dueDateTo the due date (inclusive); idIn keeps the "
        "chosen invoices.",
    )
    def invoices(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: Annotated[int, strawberry.argument(description="How many invoices to skip.")] = 0,
        search: Annotated[str | None, strawberry.argument(description="At most 100 characters.")] = None,
        status: Annotated[int | None, STATUS_ARGUMENT] = None,
        date_from: Annotated[datetime.date | None, _date("Invoice date on or after this day.")] = None,
        date_to: Annotated[datetime.date | None, _date("Invoice date on or before this day.")] = None,
        due_date_from: Annotated[datetime.date | None, _date("Due on or after this day.")] = None,
        due_date_to: Annotated[datetime.date | None, _date("Due on or before this day.")] = None,
        id_in: Annotated[
            list[strawberry.ID] | None, strawberry.argument(description="Only these invoices (at most 500).")
        ] = None,
        order_by: Annotated[
            str | None, strawberry.argument(description="Required: the sort, e.g. -invoiceNumber or dueDate.")
        ] = None,
        company_id: Annotated[int | None, COMPANY_ARGUMENT] = None,
    ) -> InvoiceList:
        actor = info.context.actor
        filters = selectors.InvoiceFilters(
            search=search or "",
            status=status,
            date_from=date_from,
            date_to=date_to,
            due_date_from=due_date_from,
            due_date_to=due_date_to,
            ids=selectors.invoice_ids_checked(id_in or []),
            order_by=order_by or "",
            company_id=company_id,
        )
        invoices = selectors.invoice_list(actor=actor, filters=filters)
        page_arguments_checked(
            first, offset, max_first=MAX_PAGE_SIZE, noun="invoices", texts={"search": search},
            max_text=selectors.MAX_SEARCH_LENGTH,
        )  # fmt: skip
        total = selectors.invoice_count(invoices, actor=actor, filters=filters, code=permissions.GET_INVOICES)
        page = selectors.invoice_page(invoices, filters, offset=offset, first=first) if first else []
        return InvoiceList(
            total_count=total, edges=[InvoiceEdge(node=InvoiceNode(invoice=invoice, actor=actor)) for invoice in page]
        )

    @strawberry.field(
        permission_classes=[requires(permissions.GET_INVOICE_DETAIL)],
        description="An invoice by its id (/invoiceDetail/{id}) with its lines, payments, tracking numbers and PDF "
        "link (get_invoice_detail: level 2 any invoice of the caller's company, level 1 those of the orders they "
        "placed). Another company's invoice, a colleague's at level 1, a missing or malformed id: the same "
        "NOT_FOUND ('Invoice not found.').",
    )
    def invoice(
        self, info: strawberry.Info, id: Annotated[strawberry.ID, strawberry.argument(description="The invoice's id.")]
    ) -> InvoiceDetail:
        actor = info.context.actor
        return InvoiceDetail(invoice=selectors.invoice_detail(actor=actor, ref=str(id)), actor=actor)

    @strawberry.field(
        permission_classes=[requires(permissions.GET_INVOICES)],
        description="business §7: the open balance of the caller's invoices (get_invoices scope) and of those "
        "overdue, in the store's default currency. Without status: the unpaid ones (open, partially paid, overdue); "
        "with it, those in that status. decimalPlaces (0 to 6, default 2) rounds them.",
    )
    def invoice_stats(
        self,
        info: strawberry.Info,
        status: Annotated[int | None, STATUS_ARGUMENT] = None,
        decimal_places: Annotated[
            int, strawberry.argument(description="Decimal places of the balances (business §9: 2).")
        ] = selectors.DEFAULT_DECIMAL_PLACES,
    ) -> InvoiceStats:
        stats = selectors.invoice_stats(actor=info.context.actor, status=status, decimal_places=decimal_places)
        return InvoiceStats(
            total_balance=stats.total_balance,
            over_due_balance=stats.overdue_balance,
            currency_code=stats.currency_code,
            invoice_count=stats.invoice_count,
            overdue_count=stats.overdue_count,
        )

    @strawberry.field(
        permission_classes=[requires(permissions.GET_INVOICE_PDF)],
        description="business §7: a signed link to the invoice's PDF, valid a few minutes (get_invoice_pdf, scoped "
        "as invoice(id): NOT_FOUND for another company's invoice). An invoice without a PDF: the error 'pdf url "
        "resolution error' with the code PDF_URL_RESOLUTION_ERROR. isPayNow: the PDF opened from the pay flow — the "
        "same document (paying goes through invoiceCreateBcCart).",
    )
    def invoice_pdf(
        self,
        info: strawberry.Info,
        invoice_id: Annotated[int, strawberry.argument(description="The invoice's id.")],
        is_pay_now: Annotated[bool, strawberry.argument(description="Opened from the pay flow.")] = False,
    ) -> InvoicePdf:
        invoice = selectors.invoice_for(info.context.actor, invoice_id, permissions.GET_INVOICE_PDF)
        if not selectors.invoice_has_pdf(invoice):
            raise PortalError(PDF_URL_RESOLUTION_MESSAGE, code=InvoiceErrorCode.PDF_URL_RESOLUTION_ERROR.value)
        return InvoicePdf(url=signed_pdf_url(info.context.request, invoice), file_name=invoice_pdf_file_name(invoice))

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The payment history (business §7 allReceiptLines): the lines of the receipts the caller may "
        "read — get_invoice_payments_history level 2: the company's; level 1: the payments they made and those of "
        "invoices of orders they placed; pay_invoice alone: the payments they made. PERMISSION_DENIED with neither "
        "code. invoiceId / receiptId narrow it; search matches the invoice number, the payment's reference and the "
        "payer; orderBy createdAt (default -createdAt), amount, invoiceNumber, referenceNumber or paymentStatus.",
    )
    def all_receipt_lines(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = (
            RECEIPT_LINES_PAGE
        ),
        offset: Annotated[int, strawberry.argument(description="How many lines to skip.")] = 0,
        invoice_id: Annotated[int | None, strawberry.argument(description="The payments of this invoice.")] = None,
        receipt_id: Annotated[int | None, strawberry.argument(description="The lines of this receipt.")] = None,
        search: Annotated[str | None, strawberry.argument(description="At most 100 characters.")] = None,
        date_from: Annotated[datetime.date | None, _date("Paid on or after this day.")] = None,
        date_to: Annotated[datetime.date | None, _date("Paid on or before this day.")] = None,
        order_by: Annotated[str | None, strawberry.argument(description="Default -createdAt.")] = None,
    ) -> ReceiptLineList:
        filters = selectors.ReceiptLineFilters(
            invoice_id=invoice_id,
            receipt_id=receipt_id,
            search=search or "",
            date_from=date_from,
            date_to=date_to,
            order_by=order_by or "-createdAt",
        )
        lines = selectors.receipt_line_list(actor=info.context.actor, filters=filters)
        page_arguments_checked(
            first, offset, max_first=MAX_PAGE_SIZE, noun="payments", texts={"search": search},
            max_text=selectors.MAX_SEARCH_LENGTH,
        )  # fmt: skip
        total = lines.count()
        page = list(lines[offset : offset + first]) if first else []
        return ReceiptLineList(
            total_count=total, edges=[ReceiptLineEdge(node=ReceiptLineNode(row=row)) for row in page]
        )

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="A receipt (business §3): what one payment paid, its lines and their invoices. Readable as "
        "allReceiptLines; another company's receipt or a missing id: NOT_FOUND ('Receipt not found.').",
    )
    def receipt(
        self, info: strawberry.Info, id: Annotated[strawberry.ID, strawberry.argument(description="The receipt's id.")]
    ) -> ReceiptNode:
        return ReceiptNode(receipt=selectors.receipt_detail(actor=info.context.actor, ref=str(id)))
