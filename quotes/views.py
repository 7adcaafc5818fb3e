"""The REST edges of quotes (ARCHITECTURE §5: file uploads and downloads): attachment upload, attachment
download and the quote PDF. They authenticate like the API (`Authorization: Bearer`, never the session cookie),
or by a guest's draftKey / accessKey, or by a short-lived signed link from the GraphQL API. Errors use the API's
REST shape of shell §8: `{"code": <HTTP status>, "message", "data"}`, with the stable code in
`data.errorCode`."""

from __future__ import annotations

from django.core.exceptions import (
    ObjectDoesNotExist,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
    ValidationError,
)
from django.http import FileResponse, HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from accounts.selectors import actor_for_token
from accounts.uploads import ONE_FILE_MESSAGE, size_label
from portal.auth import bearer_token
from portal.client_address import client_ip
from portal.errors import SESSION_EXPIRED_CODE, SESSION_EXPIRED_MESSAGE, ErrorCode
from quotes import files, permissions, selectors, services
from quotes.downloads import download_token_valid, signed_download_url
from quotes.errors import FILE_ADDED_MESSAGE, FILE_REJECTED_MESSAGE, QuoteErrorCode, QuoteRefused
from quotes.models import Quote, QuoteAttachment
from quotes.pdf import quote_pdf_file_name, quote_pdf_render

# A multipart body a little larger than the largest file it may carry.
MAX_UPLOAD_BODY = files.MAX_FILE_BYTES + 64 * 1024


def _actor(request: HttpRequest):
    return actor_for_token(bearer_token(request))


def _error(message: str, code: str, status: int, fields: dict | None = None) -> JsonResponse:
    # The REST shape of shell §8 (as POST /api/v2/media/upload answers): `code` (the HTTP status), `message`, and
    # the stable code in `data.errorCode` (with field messages in `data.fields`).
    data: dict = {"errorCode": str(code)}
    if fields:
        data["fields"] = fields
    return JsonResponse({"code": status, "message": message, "data": data}, status=status)


def _not_found() -> JsonResponse:
    return _error(ErrorCode.NOT_FOUND.label, ErrorCode.NOT_FOUND, 404)


def _validation_response(exc: ValidationError) -> JsonResponse:
    errors = exc.error_dict if hasattr(exc, "error_dict") else {"file": exc.error_list}
    flat = [error for items in errors.values() for error in items]
    code = next((str(e.code) for e in flat if e.code in {c.value for c in QuoteErrorCode}), ErrorCode.VALIDATION_ERROR)
    fields = {name: [m for e in items for m in e.messages] for name, items in errors.items()}
    return _error(flat[0].messages[0] if flat else "", code, 400, fields)


def _attachment_json(request: HttpRequest, attachment: QuoteAttachment) -> dict:
    return {
        "id": attachment.pk,
        "fileName": attachment.file_name,
        "fileSize": attachment.size,
        "contentType": attachment.content_type,
        "fromSupplier": attachment.from_staff,
        "createdAt": attachment.created_at.isoformat(),
        "downloadUrl": signed_download_url(request, kind="attachment", pk=attachment.pk),
    }


@csrf_exempt
@require_POST
def attachment_upload(request: HttpRequest) -> HttpResponse:
    """POST /api/v2/quotes/attachments, multipart: `mediaFile`, and either `draftKey` (a guest's draft; a signed-in
    user's draft needs nothing; without a draft one is made and a guest gets its `data.draftKey`) or `quoteId` (a
    submitted quote: update_quote_message, or a guest's `accessKey`)."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_UPLOAD_BODY:
        message = FILE_REJECTED_MESSAGE.format(name="", size=size_label(files.MAX_FILE_BYTES)).replace(
            "File  ", "File "
        )
        return _error(message, QuoteErrorCode.FILE_REJECTED, 413)
    try:
        uploads = request.FILES.getlist("mediaFile")
    except (MultiPartParserError, RequestDataTooBig, TooManyFieldsSent, SuspiciousOperation):
        return _error("The upload could not be read.", ErrorCode.BAD_REQUEST, 400)
    if not uploads:
        return _error("Send the file as mediaFile.", ErrorCode.VALIDATION_ERROR, 400, {"mediaFile": ["Required."]})
    if len(uploads) > 1:  # one file a request: a second would be dropped unseen
        return _error(ONE_FILE_MESSAGE, ErrorCode.VALIDATION_ERROR, 400, {"mediaFile": [ONE_FILE_MESSAGE]})
    (upload,) = uploads
    actor = _actor(request)
    if actor.user is None and bearer_token(request):
        # As GuestOrValidToken on the draft's GraphQL operations: an expired token is not a silent guest.
        return _error(SESSION_EXPIRED_MESSAGE, str(SESSION_EXPIRED_CODE), 401)
    try:
        draft_key = None
        quote_ref = request.POST.get("quoteId")
        if quote_ref:
            access_key = request.POST.get("accessKey") or None
            if not access_key and permissions.scope_level(actor, permissions.UPDATE_QUOTE_MESSAGE) == 0:
                return _not_found() if actor.user is None else _error(
                    ErrorCode.PERMISSION_DENIED.label, ErrorCode.PERMISSION_DENIED, 403
                )  # fmt: skip
            quote = selectors.quote_for(
                actor=actor, ref=quote_ref, code=permissions.UPDATE_QUOTE_MESSAGE, access_key=access_key
            )
            if selectors.effective_status(quote) == "ordered":
                return _error("This quote has been ordered.", ErrorCode.PERMISSION_DENIED, 403)
            attachment = services.quote_attachment_add(
                quote=quote, upload=upload, uploaded_by=actor.user if not access_key else None, from_staff=False
            )
        else:
            attachment, draft_key = services.quote_draft_attachment_add(
                actor=actor,
                draft_key=request.POST.get("draftKey") or None,
                upload=upload,
                client_ip=client_ip(request),
            )
    except QuoteRefused as exc:
        return _error(str(exc), exc.code, 429 if exc.code == QuoteErrorCode.TOO_MANY_REQUESTS else 403)
    except ValidationError as exc:
        return _validation_response(exc)
    except ObjectDoesNotExist:
        return _not_found()
    # A guest's draft key comes back (a new one when the upload created the draft): keep it like quoteDraft's.
    data = {**_attachment_json(request, attachment), "draftKey": draft_key}
    return JsonResponse({"code": 200, "message": FILE_ADDED_MESSAGE.format(name=attachment.file_name), "data": data})


def _signed(request: HttpRequest, kind: str, pk: int) -> bool:
    return download_token_valid(request.GET.get("token"), kind=kind, pk=pk)


def _may_download_attachment(request: HttpRequest, attachment: QuoteAttachment) -> bool:
    if _signed(request, "attachment", attachment.pk):
        return True
    if attachment.quote_id is not None:
        access_key = request.GET.get("accessKey")
        try:
            selectors.quote_for(
                actor=_actor(request), ref=attachment.quote_id, code=permissions.GET_QUOTE_DETAIL, access_key=access_key
            )
        except Quote.DoesNotExist:
            return False
        return True
    actor = _actor(request)
    draft = selectors.quote_draft_for(actor=actor, draft_key=request.GET.get("draftKey"))
    return draft is not None and draft.pk == attachment.draft_id


@require_GET
def attachment_download(request: HttpRequest, pk: int) -> HttpResponse:
    """GET /api/v2/quotes/attachments/{id}: with the signed link's token, or the bearer token of a caller who may see
    the quote (get_quote_detail), a guest's accessKey, or for a draft's file its owner (or draftKey)."""
    attachment = QuoteAttachment.objects.filter(pk=pk).first()
    if attachment is None or not _may_download_attachment(request, attachment):
        return _not_found()
    try:
        handle = attachment.file.open("rb")
    except OSError:
        return _not_found()
    response = FileResponse(
        handle, as_attachment=True, filename=attachment.file_name, content_type=attachment.content_type
    )
    response["Cache-Control"] = "private, no-store"
    response["Content-Security-Policy"] = "sandbox"
    return response


@require_GET
def pdf_download(request: HttpRequest, pk: int) -> HttpResponse:
    """GET /api/v2/quotes/{id}/pdf: the quote as a PDF (get_quote_pdf; or the signed link, or a guest's accessKey).
    Shown inline for printing; `?download=1` downloads it."""
    if not _signed(request, "pdf", pk):
        actor = _actor(request)
        access_key = request.GET.get("accessKey")
        if not access_key and permissions.scope_level(actor, permissions.GET_QUOTE_PDF) == 0:
            return _not_found() if actor.user is None else _error(
                ErrorCode.PERMISSION_DENIED.label, ErrorCode.PERMISSION_DENIED, 403
            )  # fmt: skip
        try:
            selectors.quote_for(actor=actor, ref=pk, code=permissions.GET_QUOTE_PDF, access_key=access_key)
        except Quote.DoesNotExist:
            return _not_found()
    quote = Quote.objects.filter(pk=pk).first()
    if quote is None:
        return _not_found()
    try:
        content = quote_pdf_render(quote_id=quote.pk)
    except PermissionDenied:
        return _not_found()
    response = HttpResponse(content, content_type="application/pdf")
    disposition = "attachment" if request.GET.get("download") == "1" else "inline"
    response["Content-Disposition"] = f'{disposition}; filename="{quote_pdf_file_name(quote)}"'
    response["Cache-Control"] = "private, no-store"
    return response
