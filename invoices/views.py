"""The REST edges of invoices (issue 20, ARCHITECTURE §5): the older invoice list of the multi-invoice screen
(business §7 `GET {invoice host}/api/invoice`), an invoice's PDF and an export's CSV file.

The list takes the bearer token (get_invoices). The files take the short-lived signed link the GraphQL API (or the
list) hands out, or the bearer token of a caller who may see them: another company's invoice, a colleague's at
level 1 and a missing id answer the same NOT_FOUND. Refusals leave through portal.rest.errors."""

from __future__ import annotations

import calendar
import datetime

from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.selectors import actor_of
from invoices import permissions, selectors
from invoices.downloads import export_token_valid, pdf_token_valid, signed_pdf_url
from invoices.errors import (
    EXPORT_NOT_FOUND_MESSAGE,
    INVOICE_NOT_FOUND_MESSAGE,
    PDF_URL_RESOLUTION_MESSAGE,
    InvoiceErrorCode,
)
from invoices.models import ApiInvoice, ExportStatus, Invoice, InvoiceExport
from invoices.pdf import invoice_pdf_file_name
from invoices.services.export import export_file_name, invoice_export_checked_alive
from invoices.services.issue import invoice_pdf_ensure
from portal.errors import NotFound
from portal.rest.authentication import request_actor
from portal.rest.errors import RestError, session_expired
from portal.rest.permissions import requires
from portal.rest.schema import RestErrorSerializer, envelope, file_answer, refusals


def epoch_seconds(day: datetime.date) -> int:
    """business §3: the row's dates in epoch seconds — the day's start in UTC."""
    return calendar.timegm(day.timetuple())


def _money(amount, code: str) -> dict:
    return {"value": f"{amount:.2f}", "code": code}


def legacy_row(request: Request, invoice: ApiInvoice, actor) -> dict:
    """business §3 "Invoice row" (the multi-invoice list)."""
    order = invoice.order
    return {
        "id": invoice.pk,
        "InvoiceNo": invoice.number,
        "WebOrderId": str(order.number) if order is not None else "",
        "InvoiceDate": epoch_seconds(invoice.issued_on),
        "InvoiceDueDate": epoch_seconds(invoice.due_date),
        "InvoiceTotal": _money(invoice.original_balance, invoice.currency_code),
        "openBalance": _money(invoice.open_balance, invoice.currency_code),
        "openBalanceAmount": float(invoice.open_balance),
        "status": invoice.status,
        "isOverdue": bool(invoice.is_overdue),
        "PDF": {"url": signed_pdf_url(request, invoice) if selectors.invoice_has_pdf(invoice) else None},
        "TrackingNumbers": [
            {
                "number": item.number,
                "carrier": item.carrier,
                "courierName": item.match.courier_name if item.match else (item.carrier or None),
                "trackingUrl": item.match.tracking_url if item.match else None,
            }
            for item in selectors.invoice_tracking(invoice)
        ],
        "currencyCode": invoice.currency_code,
        "purchaseOrderNumber": invoice.purchase_order_number,
        "costCentre": invoice.cost_centre,
        "canViewOrder": order is not None
        and permissions.can_view_order_of(actor, order.company_id, order.placed_by_id),
    }


_MONEY = inline_serializer(
    name="InvoiceRowAmount",
    fields={"value": serializers.CharField(help_text="A decimal, e.g. 1234.50."), "code": serializers.CharField()},
)
_TRACKING = inline_serializer(
    name="InvoiceRowTracking",
    fields={
        "number": serializers.CharField(),
        "carrier": serializers.CharField(help_text="The carrier as staff named it ('' when none)."),
        "courierName": serializers.CharField(
            allow_null=True, help_text="The tracking engine's courier, else the carrier."
        ),
        "trackingUrl": serializers.CharField(
            allow_null=True, help_text="The carrier's tracking page; null when unknown."
        ),
    },
)
_ROW = inline_serializer(
    name="InvoiceRow",
    fields={
        "id": serializers.IntegerField(help_text="The invoice's id (invoice(id), /invoiceDetail/{id})."),
        "InvoiceNo": serializers.CharField(),
        "WebOrderId": serializers.CharField(help_text="The order number; '' for an ERP invoice of no order."),
        "InvoiceDate": serializers.IntegerField(help_text="Epoch seconds (the day's start, UTC)."),
        "InvoiceDueDate": serializers.IntegerField(help_text="Epoch seconds (the day's start, UTC)."),
        "InvoiceTotal": _MONEY,
        "openBalance": _MONEY,
        "openBalanceAmount": serializers.FloatField(help_text="The open balance as a number, for sorting."),
        "status": serializers.IntegerField(help_text="0 open, 1 partially paid, 2 paid."),
        "isOverdue": serializers.BooleanField(help_text="Not paid and past its due date."),
        "PDF": inline_serializer(
            name="InvoiceRowPdf",
            fields={"url": serializers.CharField(allow_null=True, help_text="A signed link (5 minutes); null: none.")},
        ),
        "TrackingNumbers": _TRACKING,
        "currencyCode": serializers.CharField(),
        "purchaseOrderNumber": serializers.CharField(),
        "costCentre": serializers.CharField(),
        "canViewOrder": serializers.BooleanField(help_text="business §6: the caller may open the order."),
    },
)


@extend_schema(
    responses={
        200: envelope(
            "InvoiceList",
            {
                "list": serializers.ListField(child=_ROW),
                "totalCount": serializers.IntegerField(help_text="How many invoices the caller has."),
                "truncated": serializers.BooleanField(help_text=f"More than {selectors.MAX_LEGACY_ROWS}: the newest."),
            },
        ),
        **refusals(401, 403),
    },
)
@api_view(["GET"])
@permission_classes([requires(permissions.GET_INVOICES)])
def invoice_list(request: Request) -> Response:
    """GET /api/invoice (business §7 older invoice list, the multi-invoice screen): every invoice of the caller
    (get_invoices: level 2 the company's, level 1 those of the orders they placed) as business §3 "Invoice row",
    newest number first, at most 1,000; the screen sorts on the client."""
    actor = actor_of(request_actor(request))
    rows, total = selectors.legacy_invoice_rows(actor=actor)
    return Response(
        {
            "code": 200,
            "message": "SUCCESS",
            "data": {
                "list": [legacy_row(request, invoice, actor) for invoice in rows],
                "totalCount": total,
                "truncated": total > len(rows),
            },
        }
    )


def _query(name: str, description: str, kind=OpenApiTypes.STR) -> OpenApiParameter:
    return OpenApiParameter(name, kind, OpenApiParameter.QUERY, description=description)


_SIGNED_TOKEN = _query("token", "The signed link's token (from the API; valid for a few minutes).")


def _invoice_checked(request: Request, pk: int) -> Invoice:
    """The invoice, when the signed link opens it or the caller may see it with get_invoice_pdf (PermissionDenied for
    a signed-in caller without the code, NotFound for everything else they may not see)."""
    if pdf_token_valid(request.query_params.get("token"), pk):
        invoice = Invoice.objects.filter(pk=pk).first()
        if invoice is None:
            raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
        return invoice
    actor = actor_of(request_actor(request))
    if actor.user is None:
        raise session_expired()  # neither a signed link nor a token (a forged or expired link included)
    return selectors.invoice_for(actor, pk, permissions.GET_INVOICE_PDF)


@extend_schema(
    parameters=[_SIGNED_TOKEN, _query("download", "1: as an attachment, not inline.", OpenApiTypes.INT)],
    responses={**file_answer("application/pdf", "The invoice as a PDF."), **refusals(401, 403, 404)},
)
@api_view(["GET"])
def pdf_download(request: Request, pk: int) -> FileResponse:
    """GET /api/v2/invoices/{id}/pdf: the invoice's PDF (the `invoicePdf` link, the older list's `PDF.url`, or the
    bearer token of a caller with get_invoice_pdf who may see the invoice), named invoice-{number}.pdf. Shown inline;
    `?download=1` downloads it. 404 PDF_URL_RESOLUTION_ERROR 'pdf url resolution error' when it has none."""
    invoice = _invoice_checked(request, pk)
    if not invoice.pdf and not invoice_pdf_ensure(invoice_id=invoice.pk):
        raise RestError(PDF_URL_RESOLUTION_MESSAGE, code=InvoiceErrorCode.PDF_URL_RESOLUTION_ERROR, status=404)
    invoice.refresh_from_db(fields=["pdf"])
    try:
        handle = invoice.pdf.open("rb")
    except (OSError, ValueError) as exc:
        raise RestError(PDF_URL_RESOLUTION_MESSAGE, code=InvoiceErrorCode.PDF_URL_RESOLUTION_ERROR, status=404) from exc
    attachment = request.query_params.get("download") == "1"
    response = FileResponse(
        handle, as_attachment=attachment, filename=invoice_pdf_file_name(invoice), content_type="application/pdf"
    )
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@extend_schema(
    parameters=[
        OpenApiParameter("key", OpenApiTypes.STR, OpenApiParameter.PATH, description="The export's id."),
        _SIGNED_TOKEN,
    ],
    responses={
        **file_answer("text/csv", "The invoices as CSV, as an attachment."),
        **refusals(401, 404),
        409: OpenApiResponse(
            RestErrorSerializer, description="The file is still being written (INVOICE_EXPORT_NOT_READY)."
        ),
        410: OpenApiResponse(
            RestErrorSerializer,
            description="The worker writing the file stopped: ask for the export again (INVOICE_EXPORT_INTERRUPTED).",
        ),
    },
)
@api_view(["GET"])
def export_download(request: Request, key: str) -> FileResponse:
    """GET /api/v2/invoices/exports/{key}.csv: an invoice export's file (the `invoicesExport` link, or the bearer
    token of the user who asked for it while they may still export their company's invoices; 404 for anyone else).
    409 INVOICE_EXPORT_NOT_READY while the task is writing it; 410 INVOICE_EXPORT_INTERRUPTED when its worker died."""
    export = InvoiceExport.objects.filter(key=key[:64]).first() if key else None
    allowed = export is not None and export_token_valid(request.query_params.get("token"), export)
    actor = actor_of(request_actor(request))
    if not allowed and actor.user is None:
        raise session_expired()  # neither a signed link nor a token
    if export is not None and not allowed:
        allowed = (
            actor.user is not None
            and actor.user.pk == export.requested_by_id
            and actor.b2b_company is not None
            and actor.b2b_company.pk == export.company_id
            and permissions.invoice_scope_level(actor, permissions.EXPORT_INVOICES) > 0
        )
    if export is None or not allowed:
        raise NotFound(EXPORT_NOT_FOUND_MESSAGE)
    export = invoice_export_checked_alive(export)
    if export.status == ExportStatus.FAILED:
        code = InvoiceErrorCode.EXPORT_INTERRUPTED
        raise RestError(code.label, code=code, status=410)
    if export.status != ExportStatus.READY or not export.file:
        raise RestError(InvoiceErrorCode.EXPORT_NOT_READY.label, code=InvoiceErrorCode.EXPORT_NOT_READY, status=409)
    try:
        handle = export.file.open("rb")
    except (OSError, ValueError) as exc:
        raise NotFound(EXPORT_NOT_FOUND_MESSAGE) from exc
    response = FileResponse(
        handle, as_attachment=True, filename=export_file_name(export), content_type="text/csv; charset=utf-8"
    )
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "sandbox"
    return response
