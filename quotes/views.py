"""The REST edges of quotes (ARCHITECTURE §5: file uploads and downloads): attachment upload, attachment
download and the quote PDF. They authenticate like the API (`Authorization: Bearer`, never the session cookie),
or by a guest's draftKey / accessKey, or by a short-lived signed link from the GraphQL API. Refusals leave through
portal.rest.errors, with the codes the GraphQL operations give."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, parser_classes, throttle_classes
from rest_framework.request import Request
from rest_framework.response import Response

from accounts.selectors import Actor, actor_of
from accounts.uploads import size_label
from portal.errors import NotFound
from portal.rest.authentication import request_actor
from portal.rest.parsers import LimitedMultiPartParser, form_fields
from portal.rest.schema import body, envelope, file_answer, refusals
from portal.rest.throttles import PerGuestAddressThrottle
from quotes import files, permissions, selectors, services
from quotes.downloads import download_token_valid, signed_download_url
from quotes.errors import FILE_ADDED_MESSAGE, FILE_REJECTED_MESSAGE, QuoteErrorCode
from quotes.models import Quote, QuoteAttachment
from quotes.pdf import quote_pdf_file_name, quote_pdf_render


class AttachmentParser(LimitedMultiPartParser):
    max_file_bytes = files.MAX_FILE_BYTES
    too_large_code = QuoteErrorCode.FILE_REJECTED
    too_large_message = FILE_REJECTED_MESSAGE.format(name="", size=size_label(files.MAX_FILE_BYTES)).replace(
        "File  ", "File "
    )


class GuestAttachments(PerGuestAddressThrottle):
    # A file takes storage: guests' uploads (to a draft, or by a quote's accessKey) per IP address and hour.
    scope, limit = "quote-guest-upload", services.GUEST_UPLOADS_PER_HOUR


def _quote_for(actor: Actor, ref, *, code: str, access_key: str | None) -> Quote:
    """The quote the caller reaches with `code` at their level (or as a guest with its accessKey), as the GraphQL
    operations answer: PERMISSION_DENIED when a signed-in caller lacks the code altogether, else NOT_FOUND when the
    quote is not theirs."""
    if not access_key and permissions.scope_level(actor, code) == 0:
        if actor.user is None:
            raise NotFound()
        raise PermissionDenied()
    return selectors.quote_for(actor=actor, ref=ref, code=code, access_key=access_key)


def _attachment_json(request: Request, attachment: QuoteAttachment) -> dict:
    return {
        "id": attachment.pk,
        "fileName": attachment.file_name,
        "fileSize": attachment.size,
        "contentType": attachment.content_type,
        "fromSupplier": attachment.from_staff,
        "createdAt": attachment.created_at.isoformat(),
        "downloadUrl": signed_download_url(request, kind="attachment", pk=attachment.pk),
    }


def _query(name: str, description: str, kind=OpenApiTypes.STR) -> OpenApiParameter:
    return OpenApiParameter(name, kind, OpenApiParameter.QUERY, description=description)


_SIGNED_TOKEN = _query("token", "The signed link's token (from the GraphQL API; short-lived).")
_ACCESS_KEY = _query("accessKey", "A guest's key of a submitted quote.")


@extend_schema(
    request=body(
        "multipart/form-data",
        "QuoteAttachment",
        {
            "mediaFile": serializers.FileField(help_text=f"At most {size_label(files.MAX_FILE_BYTES)}."),
            "draftKey": serializers.CharField(required=False, help_text="A guest's draft."),
            "quoteId": serializers.CharField(required=False, help_text="A submitted quote (instead of a draft)."),
            "accessKey": serializers.CharField(required=False, help_text="A guest's key of that quote."),
        },
    ),
    responses={
        200: envelope(
            "QuoteAttachmentAdded",
            {
                "id": serializers.IntegerField(),
                "fileName": serializers.CharField(),
                "fileSize": serializers.IntegerField(),
                "contentType": serializers.CharField(),
                "fromSupplier": serializers.BooleanField(),
                "createdAt": serializers.DateTimeField(),
                "downloadUrl": serializers.CharField(help_text="A signed link, valid for a short while."),
                "draftKey": serializers.CharField(allow_null=True, help_text="A guest's draft key, to keep."),
            },
        ),
        **refusals(400, 401, 403, 404, 413, 429),
    },
)
@api_view(["POST"])
@parser_classes([AttachmentParser])
@throttle_classes([GuestAttachments])
def attachment_upload(request: Request) -> Response:
    """POST /api/v2/quotes/attachments, multipart: `mediaFile`, and either `draftKey` (a guest's draft; a signed-in
    user's draft needs nothing; without a draft one is made and a guest gets its `data.draftKey`) or `quoteId` (a
    submitted quote: update_quote_message, or a guest's `accessKey`)."""
    upload = request.FILES.get("mediaFile")
    if upload is None:
        raise ValidationError({"mediaFile": [ValidationError("Send the file as mediaFile.", code="required")]})
    actor = actor_of(request_actor(request))
    fields = form_fields(request)
    draft_key = None
    quote_ref = fields.get("quoteId")
    if quote_ref:
        access_key = fields.get("accessKey") or None
        quote = _quote_for(actor, quote_ref, code=permissions.UPDATE_QUOTE_MESSAGE, access_key=access_key)
        if selectors.effective_status(quote) == "ordered":
            raise PermissionDenied("This quote has been ordered.")
        attachment = services.quote_attachment_add(
            quote=quote, upload=upload, uploaded_by=actor.user if not access_key else None, from_staff=False
        )
    else:
        attachment, draft_key = services.quote_draft_attachment_add(
            actor=actor, draft_key=fields.get("draftKey") or None, upload=upload
        )
    # A guest's draft key comes back (a new one when the upload created the draft): keep it like quoteDraft's.
    data = {**_attachment_json(request, attachment), "draftKey": draft_key}
    return Response({"code": 200, "message": FILE_ADDED_MESSAGE.format(name=attachment.file_name), "data": data})


def _signed(request: Request, kind: str, pk: int) -> bool:
    return download_token_valid(request.query_params.get("token"), kind=kind, pk=pk)


def _may_download_attachment(request: Request, attachment: QuoteAttachment) -> bool:
    if _signed(request, "attachment", attachment.pk):
        return True
    actor = actor_of(request_actor(request))
    if attachment.quote_id is not None:
        access_key = request.query_params.get("accessKey")
        try:
            selectors.quote_for(
                actor=actor, ref=attachment.quote_id, code=permissions.GET_QUOTE_DETAIL, access_key=access_key
            )
        except Quote.DoesNotExist:
            return False
        return True
    draft = selectors.quote_draft_for(actor=actor, draft_key=request.query_params.get("draftKey"))
    return draft is not None and draft.pk == attachment.draft_id


@extend_schema(
    parameters=[_SIGNED_TOKEN, _ACCESS_KEY, _query("draftKey", "A guest's draft, for a file of the draft.")],
    responses={**file_answer("application/octet-stream", "The file, as an attachment."), **refusals(401, 404)},
)
@api_view(["GET"])
def attachment_download(request: Request, pk: int) -> FileResponse:
    """GET /api/v2/quotes/attachments/{id}: with the signed link's token, or the bearer token of a caller who may see
    the quote (get_quote_detail), a guest's accessKey, or for a draft's file its owner (or draftKey)."""
    attachment = QuoteAttachment.objects.filter(pk=pk).first()
    if attachment is None or not _may_download_attachment(request, attachment):
        raise NotFound()
    try:
        handle = attachment.file.open("rb")
    except OSError as exc:
        raise NotFound() from exc
    response = FileResponse(
        handle, as_attachment=True, filename=attachment.file_name, content_type=attachment.content_type
    )
    response["Cache-Control"] = "private, no-store"
    response["Content-Security-Policy"] = "sandbox"
    return response


@extend_schema(
    parameters=[_SIGNED_TOKEN, _ACCESS_KEY, _query("download", "1: as an attachment, not inline.", OpenApiTypes.INT)],
    responses={**file_answer("application/pdf", "The quote as a PDF."), **refusals(401, 403, 404)},
)
@api_view(["GET"])
def pdf_download(request: Request, pk: int) -> HttpResponse:
    """GET /api/v2/quotes/{id}/pdf: the quote as a PDF (get_quote_pdf; or the signed link, or a guest's accessKey).
    Shown inline for printing; `?download=1` downloads it."""
    if not _signed(request, "pdf", pk):
        access_key = request.query_params.get("accessKey")
        _quote_for(actor_of(request_actor(request)), pk, code=permissions.GET_QUOTE_PDF, access_key=access_key)
    quote = Quote.objects.filter(pk=pk).first()
    if quote is None:
        raise NotFound()
    try:
        content = quote_pdf_render(quote_id=quote.pk)
    except PermissionDenied as exc:
        raise NotFound() from exc
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if request.query_params.get("download") == "1" else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{quote_pdf_file_name(quote)}"'
    response["Cache-Control"] = "private, no-store"
    return response
