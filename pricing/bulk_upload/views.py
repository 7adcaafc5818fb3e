"""The REST edges of the bulk upload (business §7 productUpload / productAnonUpload with a file, and the file fetch):
the CSV upload, its state while a job validates it, and its two result files. The caller is the bearer token's, or
a guest; an upload is reached by its key, within its owner's reach (selectors.upload_for). Refusals leave through
portal.rest.errors, with business §5's texts for the file."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, parser_classes, throttle_classes
from rest_framework.parsers import DataAndFiles
from rest_framework.request import Request
from rest_framework.response import Response

from portal.errors import NotFound, field_error, field_extensions
from portal.rest.authentication import request_actor
from portal.rest.errors import RestError
from portal.rest.parsers import LimitedMultiPartParser, form_fields
from portal.rest.schema import body, envelope, file_answer, refusals
from portal.rest.throttles import PerGuestAddressThrottle, PerUserThrottle
from pricing.bulk_upload import downloads, files, permissions, selectors, services
from pricing.bulk_upload.errors import FILE_TOO_LARGE_MESSAGE, UPLOAD_NOT_FOUND_MESSAGE, BulkOrderErrorCode
from pricing.models import BulkUpload

FILE_FIELD = "file"
_TRUE = {"1", "true", "on", "yes"}


class BulkCsvParser(LimitedMultiPartParser):
    """One CSV file of at most 50 MB (business §9); more than one file, business §5's same text."""

    max_files = 1
    max_file_bytes = files.MAX_FILE_BYTES
    field_name = FILE_FIELD
    too_large_code = BulkOrderErrorCode.FILE_TOO_LARGE
    too_large_message = FILE_TOO_LARGE_MESSAGE
    too_many_files_code = BulkOrderErrorCode.TOO_MANY_FILES

    def parse(self, stream, media_type=None, parser_context=None) -> DataAndFiles:
        try:
            return super().parse(stream, media_type, parser_context)
        except RestError as exc:
            if exc.api_code != self.too_many_files_code:
                raise
            # business §5: "Too many files gives the same text 'Maximum file size 50MB'".
            raise RestError(
                FILE_TOO_LARGE_MESSAGE,
                code=self.too_many_files_code,
                status=400,
                **field_extensions(field_error(FILE_FIELD, FILE_TOO_LARGE_MESSAGE, code="too_many_files")),
            ) from exc


class GuestUploads(PerGuestAddressThrottle):
    scope, limit = "bulk-upload-ip", 30  # a 50 MB file costs a worker seconds: per IP address and hour


class UserUploads(PerUserThrottle):
    scope, limit = "bulk-upload-user", 120  # per user and hour


def _flag(request: Request, name: str) -> bool:
    return str(form_fields(request).get(name, "")).strip().lower() in _TRUE


def _channel_id(request: Request) -> int | None:
    value = str(form_fields(request).get("channelId", "") or "").strip()
    if not value:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise ValidationError({"channelId": [ValidationError("Send the channel id as a number.", code="invalid")]})
    return int(value)


def _upload_data() -> dict[str, serializers.Field]:
    """The answer's fields, made afresh for each description (a serializer class takes its fields away)."""
    return {
        "uploadId": serializers.CharField(allow_null=True, help_text="The upload's key: poll it, fetch its files."),
        "status": serializers.ChoiceField(
            choices=["empty", "pending", "running", "done", "failed"],
            help_text="empty: the file had no data rows, nothing was done (business §4); pending / running: a job "
            "validates it (poll GET …/{uploadId}); done: `result`; failed: `error`.",
        ),
        "progress": serializers.IntegerField(help_text="Percent of the file validated (100 when done)."),
        "fileName": serializers.CharField(),
        "channelId": serializers.IntegerField(allow_null=True, help_text="null: a guest's or an individual's upload."),
        "isToCart": serializers.BooleanField(),
        "withModifiers": serializers.BooleanField(),
        "error": serializers.JSONField(allow_null=True, help_text="{code, message} of a file refused as a whole."),
        "result": serializers.JSONField(
            allow_null=True,
            help_text="business §3 upload result: a page of validProduct and of errorProduct (`first` rows from "
            f"`offset`, {selectors.RESULT_PAGE} by default, of one list with `rows`; `page` says which) with their "
            "totals validCount and "
            "errorProductCount (the first 1,000 error rows), errorCount, rowCount, validRowCount and errorRowCount "
            "(rows merged into the valid lines, and the others), errorFile, stockErrorFile (bearer-token addresses; "
            "null when there is none), their signed `…DownloadUrl`, stockErrorSkus (docs/api.md).",
        ),
    }


EMPTY_MESSAGE = "The file has no rows."


@extend_schema(
    request=body(
        "multipart/form-data",
        "BulkUpload",
        {
            FILE_FIELD: serializers.FileField(help_text="One CSV file of at most 50 MB: a header line, then SKU,qty."),
            "channelId": serializers.IntegerField(
                required=False, help_text="Required from a company's users (productUpload); not taken from others."
            ),
            "currencyCode": serializers.CharField(required=False),
            "isToCart": serializers.BooleanField(required=False, help_text="The rows go into the cart."),
            "withModifiers": serializers.BooleanField(
                required=False, help_text="Products with options to choose are valid rows (needsOptions)."
            ),
        },
    ),
    responses={200: envelope("BulkUploadAnswer", _upload_data()), **refusals(400, 401, 403, 404, 413, 429)},
)
@api_view(["POST"])
@parser_classes([BulkCsvParser])
@throttle_classes([GuestUploads, UserUploads])
def upload(request: Request) -> Response:
    """POST /api/v2/products/upload, multipart: the bulk upload dialog's CSV file (business §7 productUpload for a
    company's users, with `channelId`; productAnonUpload for guests and individual customers, without). A small file
    is validated at once (`status: done`), a large one by a job (`pending`: poll GET /api/v2/products/upload/{id})."""
    uploaded = request.FILES.get(FILE_FIELD)
    if uploaded is None:
        raise ValidationError({FILE_FIELD: [ValidationError(f"Send the file as {FILE_FIELD}.", code="required")]})
    if (uploaded.size or 0) > files.MAX_FILE_BYTES:  # a body without Content-Length: the parser could not tell
        raise RestError(FILE_TOO_LARGE_MESSAGE, code=BulkOrderErrorCode.FILE_TOO_LARGE, status=413)
    actor = request_actor(request)
    company_call = permissions.uploads_as_company(actor)
    options = services.UploadOptions(
        channel_id=_channel_id(request) if company_call else None,
        currency_code=str(form_fields(request).get("currencyCode", "") or "")[:3],
        is_to_cart=_flag(request, "isToCart"),
        with_modifiers=_flag(request, "withModifiers"),
    )
    bulk_upload = services.product_upload_file(actor=actor, upload=uploaded, options=options, company_call=company_call)
    if bulk_upload is None:
        data = dict.fromkeys(_upload_data()) | {"status": "empty", "progress": 100, "fileName": uploaded.name}
        data |= {
            "isToCart": options.is_to_cart,
            "withModifiers": options.with_modifiers,
            "channelId": options.channel_id,
        }
        return Response({"code": 200, "message": EMPTY_MESSAGE, "data": data})
    return Response({"code": 200, "message": bulk_upload.get_status_display(), "data": _answer(request, bulk_upload)})


def _number(request: Request, name: str) -> int | None:
    value = str(request.query_params.get(name, "") or "").strip()
    if not value:
        return None
    if not value.isascii() or not value.isdigit() or len(value) > 9:
        raise ValidationError({name: [ValidationError("Send a whole number.", code="invalid")]})
    return int(value)


def _answer(request: Request, bulk_upload: BulkUpload) -> dict:
    rows = str(request.query_params.get("rows", "") or "").strip()[:10]
    page = selectors.result_page(first=_number(request, "first"), offset=_number(request, "offset"), rows=rows)
    return selectors.upload_answer(bulk_upload, request=request, page=page)


_KEY = OpenApiParameter("key", OpenApiTypes.STR, OpenApiParameter.PATH, description="The upload's id (uploadId).")
_PAGE = [
    OpenApiParameter(
        "first",
        OpenApiTypes.INT,
        OpenApiParameter.QUERY,
        description=f"Rows of validProduct and of errorProduct in the answer: 1 to {selectors.RESULT_PAGE_MAX:,}, "
        f"{selectors.RESULT_PAGE} by default.",
    ),
    OpenApiParameter(
        "offset",
        OpenApiTypes.INT,
        OpenApiParameter.QUERY,
        description="The first row of each list to give (from 0): page on until validCount / errorProductCount.",
    ),
    OpenApiParameter(
        "rows",
        OpenApiTypes.STR,
        OpenApiParameter.QUERY,
        enum=["valid", "errors"],
        description="The page of one list only (the other one empty): valid for validProduct, errors for "
        "errorProduct. Both when left out.",
    ),
]


@extend_schema(
    parameters=[_KEY, *_PAGE],
    responses={200: envelope("BulkUploadState", _upload_data()), **refusals(400, 401, 404)},
)
@api_view(["GET"])
def upload_state(request: Request, key: str) -> Response:
    """GET /api/v2/products/upload/{key}: the upload's state while a job validates it (progress), then its result. The
    uploader's, their company's (a company's upload) or anyone's with the key (a guest's); NOT_FOUND otherwise and
    after a day."""
    bulk_upload = services.bulk_upload_checked_alive(selectors.upload_for(actor=request_actor(request), key=key))
    return Response({"code": 200, "message": bulk_upload.get_status_display(), "data": _answer(request, bulk_upload)})


def _result_file(request: Request, key: str, kind: str) -> FileResponse:
    token = request.query_params.get("token")
    bulk_upload = selectors.upload_for(
        actor=request_actor(request),
        key=key,
        signed=lambda found: downloads.download_token_valid(token, found, kind=kind),
    )
    stored = bulk_upload.error_file if kind == "errors" else bulk_upload.stock_error_file
    if not stored or not stored.name:
        raise NotFound(UPLOAD_NOT_FOUND_MESSAGE)
    try:
        handle = stored.open("rb")
    except (OSError, ValueError) as exc:
        raise NotFound(UPLOAD_NOT_FOUND_MESSAGE) from exc
    stem = (bulk_upload.file_name or "upload").removesuffix(".csv").removesuffix(".CSV")
    name = files.download_name(stem, "errors" if kind == "errors" else "stock-errors")
    response = FileResponse(handle, as_attachment=True, filename=name, content_type="text/csv; charset=utf-8")
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "sandbox"
    return response


_SIGNED_TOKEN = OpenApiParameter(
    "token",
    OpenApiTypes.STR,
    OpenApiParameter.QUERY,
    description="A signed link's token (…DownloadUrl), instead of the bearer token; valid for a few minutes.",
)


@extend_schema(
    parameters=[_KEY, _SIGNED_TOKEN],
    responses={**file_answer("text/csv", "The error rows: SKU, Qty, Row, Error."), **refusals(401, 404)},
)
@api_view(["GET"])
def error_file(request: Request, key: str) -> FileResponse:
    """GET /api/v2/products/upload/{key}/errors.csv: the error results file (business §2 Errors tab link), fetched
    with the bearer token (business §7 file fetch) or a signed link; formula cells neutralised."""
    return _result_file(request, key, "errors")


@extend_schema(
    parameters=[_KEY, _SIGNED_TOKEN],
    responses={**file_answer("text/csv", "The lines beyond the stock: SKU, Qty, Row, Error."), **refusals(401, 404)},
)
@api_view(["GET"])
def stock_error_file(request: Request, key: str) -> FileResponse:
    """GET /api/v2/products/upload/{key}/stock-errors.csv: the stock error file (business §3 stockErrorFile)."""
    return _result_file(request, key, "stock_errors")
