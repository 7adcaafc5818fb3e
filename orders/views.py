"""The REST edges of orders (issue 17, ARCHITECTURE §5 file downloads): the order as a PDF, the certificate of analysis
of a shipped lot, the safety data sheet of a bought product. Each takes the short-lived signed link the GraphQL API
hands out (`orderPdf`, `certificateUrl`, `safetyDataSheetUrl`), or the bearer token of a caller who may see the order
(get_order_detail, as `order(id)`): another company's order, a colleague's for a level-1 buyer, a missing id and a
missing file all answer the same NOT_FOUND. Refusals leave through portal.rest.errors."""

from __future__ import annotations

import mimetypes
import re
from pathlib import PurePath

from django.db.models.fields.files import FieldFile
from django.http import FileResponse, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import api_view
from rest_framework.request import Request

from accounts.selectors import actor_of
from orders import selectors
from orders.downloads import download_token_valid
from orders.models import Order, OrderLine, ShipmentLine
from orders.pdf import order_pdf_file_name, order_pdf_render
from portal.errors import NotFound
from portal.rest.authentication import request_actor
from portal.rest.schema import file_answer, refusals

_UNSAFE_NAME_CHARACTERS = r"[^A-Za-z0-9._ ()-]+"
MAX_FILE_NAME_LENGTH = 120


def _not_found() -> NotFound:
    return NotFound(selectors.ORDER_NOT_FOUND_MESSAGE)


def _signed(request: Request, kind: str, pk: int) -> bool:
    return download_token_valid(request.query_params.get("token"), kind=kind, pk=pk)


def _order_checked(request: Request, order: Order | None, *, signed: bool) -> Order:
    """The order, when the signed link opens it or the caller may see it (orders.selectors.order_for: PermissionDenied
    for a signed-in caller without get_order_detail, NotFound for everything else they may not see)."""
    if order is not None and signed:
        return order
    reached = selectors.order_for(actor_of(request_actor(request)), order.number if order is not None else "")
    if order is None or reached.pk != order.pk:
        raise _not_found()
    return reached


def safe_file_name(name: str, *, fallback: str) -> str:
    """A download's file name: the uploaded name's last part with only plain characters kept, or `fallback`."""
    stem = PurePath(str(name or "").replace("\\", "/")).name
    cleaned = re.sub(_UNSAFE_NAME_CHARACTERS, "_", stem).strip(" ._")
    if not cleaned:
        return fallback
    if len(cleaned) > MAX_FILE_NAME_LENGTH:
        suffix = PurePath(cleaned).suffix[:10]
        cleaned = cleaned[: MAX_FILE_NAME_LENGTH - len(suffix)] + suffix
    return cleaned


def _file_response(stored: FieldFile, file_name: str) -> FileResponse:
    """A private file as an attachment download: never shown inline, never sniffed, never cached."""
    try:
        handle = stored.open("rb")
    except (OSError, ValueError) as exc:
        raise _not_found() from exc
    content_type = mimetypes.guess_type(file_name)[0] or "application/octet-stream"
    response = FileResponse(handle, as_attachment=True, filename=file_name, content_type=content_type)
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "sandbox"
    return response


def _query(name: str, description: str, kind=OpenApiTypes.STR) -> OpenApiParameter:
    return OpenApiParameter(name, kind, OpenApiParameter.QUERY, description=description)


_SIGNED_TOKEN = _query("token", "The signed link's token (from the GraphQL API; valid for a few minutes).")


@extend_schema(
    parameters=[_SIGNED_TOKEN, _query("download", "1: as an attachment, not inline.", OpenApiTypes.INT)],
    responses={**file_answer("application/pdf", "The order as a PDF."), **refusals(401, 403, 404)},
)
@api_view(["GET"])
def pdf_download(request: Request, number: int) -> HttpResponse:
    """GET /api/v2/orders/{number}/pdf: the order as a PDF (the `orderPdf` link, or the bearer token of a caller with
    get_order_detail who may see the order). Shown inline for printing; `?download=1` downloads it."""
    signed = _signed(request, "pdf", number)
    order = _order_checked(request, Order.objects.filter(number=number).first(), signed=signed)
    content = order_pdf_render(order_id=order.pk)
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if request.query_params.get("download") == "1" else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{order_pdf_file_name(order)}"'
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


@extend_schema(
    parameters=[_SIGNED_TOKEN],
    responses={**file_answer("application/pdf", "The lot's certificate of analysis, as an attachment."),
               **refusals(401, 403, 404)},
)  # fmt: skip
@api_view(["GET"])
def certificate_download(request: Request, pk: int) -> FileResponse:
    """GET /api/v2/orders/shipment-lines/{id}/certificate: the certificate of analysis of the lot shipped on that
    shipment line (the `certificateUrl` link, or the bearer token of a caller who may see its order). NOT_FOUND when
    the line has no lot or the lot no certificate."""
    signed = _signed(request, "certificate", pk)
    row = ShipmentLine.objects.select_related("lot", "shipment__order").filter(pk=pk).first()
    _order_checked(request, row.shipment.order if row is not None else None, signed=signed)
    assert row is not None  # _order_checked refused a missing row
    lot = row.lot
    if lot is None or not lot.certificate:
        raise _not_found()
    fallback = safe_file_name(f"certificate-{lot.number}.pdf", fallback="certificate.pdf")
    return _file_response(lot.certificate, safe_file_name(lot.certificate_name, fallback=fallback))


@extend_schema(
    parameters=[_SIGNED_TOKEN],
    responses={**file_answer("application/pdf", "The product's safety data sheet, as an attachment."),
               **refusals(401, 403, 404)},
)  # fmt: skip
@api_view(["GET"])
def safety_data_sheet_download(request: Request, pk: int) -> FileResponse:
    """GET /api/v2/orders/lines/{id}/safety-data-sheet: the safety data sheet of the product bought on that order line
    (the `safetyDataSheetUrl` link, or the bearer token of a caller who may see its order). NOT_FOUND when the product
    is gone or has no safety data sheet."""
    signed = _signed(request, "safety_data_sheet", pk)
    line = OrderLine.objects.select_related("product", "order").filter(pk=pk).first()
    _order_checked(request, line.order if line is not None else None, signed=signed)
    assert line is not None  # _order_checked refused a missing line
    product = line.product
    if product is None or not product.safety_data_sheet:
        raise _not_found()
    fallback = safe_file_name(f"sds-{product.sku}.pdf", fallback="safety-data-sheet.pdf")
    return _file_response(product.safety_data_sheet, safe_file_name(product.safety_data_sheet_name, fallback=fallback))
