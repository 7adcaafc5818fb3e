"""REST edges of the accounts app (ARCHITECTURE §5): the attachment upload of shell §7, and the storefront's
END MASQUERADE button."""

from __future__ import annotations

from django.core.exceptions import RequestDataTooBig, SuspiciousOperation, TooManyFieldsSent
from django.http import HttpRequest, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from accounts import services
from accounts.errors import UploadErrorCode
from accounts.selectors import actor_for_token
from accounts.uploads import MAX_FILE_BYTES, MAX_FILES, ONE_FILE_MESSAGE, size_label
from portal.auth import bearer_token
from portal.client_address import client_ip
from portal.errors import SESSION_EXPIRED_CODE, SESSION_EXPIRED_MESSAGE

# The whole multipart request may carry the file plus its form fields; beyond this we do not read it at all.
MAX_UPLOAD_REQUEST_BYTES = MAX_FILE_BYTES + 100_000


def _refusal(code: str, message: str, status: int, **data) -> JsonResponse:
    # The REST shape of shell §8: `code` (the HTTP status) and `message`; `data.errorCode` is the stable code.
    return JsonResponse({"code": status, "message": message, "data": {"errorCode": str(code), **data}}, status=status)


def _refused(exc: services.UploadRefused) -> JsonResponse:
    return _refusal(exc.code, exc.message, exc.status, **exc.data)


@csrf_exempt  # bearer token or nothing, never the session cookie (like /graphql)
@require_http_methods(["POST"])
def media_upload(request: HttpRequest) -> JsonResponse:
    """`POST /api/v2/media/upload` (multipart: `mediaFile`, `requestType` = "companyAttachedFile", optional
    `uploadSession` from a previous answer). Guests may upload (registration); a bearer token ties the file to the
    signed-in user (B2B conversion). Refusals keep nothing."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > MAX_UPLOAD_REQUEST_BYTES:
        message = f"File is too big. Size limit is {size_label(MAX_FILE_BYTES)}."
        return _refusal(UploadErrorCode.FILE_TOO_LARGE, message, 413, sizeLimit=MAX_FILE_BYTES, maxFiles=MAX_FILES)
    token = bearer_token(request)
    actor = actor_for_token(token)
    if token and actor.user is None:
        # A token that was sent and is no longer valid is not a guest (issue 12): the file would be kept unseen.
        return _refusal(str(SESSION_EXPIRED_CODE), SESSION_EXPIRED_MESSAGE, 401)
    try:
        uploads = request.FILES.getlist("mediaFile")
        request_type = request.POST.get("requestType", "")
        upload_session = request.POST.get("uploadSession") or None
    except (MultiPartParserError, RequestDataTooBig, TooManyFieldsSent, SuspiciousOperation):
        return _refusal("BAD_REQUEST", "The upload could not be read.", 400)
    if len(uploads) > 1:  # one file a request: a second would be dropped unseen
        return _refusal(UploadErrorCode.TOO_MANY_FILES, ONE_FILE_MESSAGE, 400, maxFiles=MAX_FILES)
    try:
        upload = services.media_upload(
            uploaded_file=uploads[0] if uploads else None,
            request_type=request_type,
            upload_session=upload_session,
            user=actor.user,
            client_ip=client_ip(request),
        )
    except services.UploadRefused as exc:
        return _refused(exc)
    media = upload.media
    return JsonResponse(
        {
            "code": 200,
            "message": "SUCCESS",
            "data": {
                "id": str(media.pk),
                "fileName": media.original_name,
                "fileSize": media.size,
                "fileType": media.content_type,
                "requestType": media.request_type,
                "uploadSession": upload.upload_session,
                "filesInSession": upload.files_in_session,
                "maxFiles": MAX_FILES,
            },
        }
    )


@csrf_exempt
@require_http_methods(["DELETE"])
def media_delete(request: HttpRequest, file_id: str) -> JsonResponse:
    """`DELETE /api/v2/media/upload/{id}`: the drop zone's "remove" for a file not yet sent with an application.
    A guest proves ownership with the `X-Upload-Session` header; a signed-in user with their bearer token."""
    token = bearer_token(request)
    actor = actor_for_token(token)
    if token and actor.user is None:
        return _refusal(str(SESSION_EXPIRED_CODE), SESSION_EXPIRED_MESSAGE, 401)
    try:
        services.media_delete(
            file_id=file_id, upload_session=request.headers.get("X-Upload-Session", ""), user=actor.user
        )
    except services.UploadRefused as exc:
        return _refused(exc)
    return JsonResponse({"code": 200, "message": "SUCCESS", "data": {"id": file_id}})


@require_POST
def masquerade_end(request: HttpRequest):
    """The storefront bar's END MASQUERADE (a form POST with the CSRF token): end the masquerade the storefront
    follows, then go back to the page."""
    user = request.user
    if user.is_authenticated and user.is_super_admin:
        services.masquerade_end_for_user(user=user)
    target = request.POST.get("next") or "/"
    host = request.get_host()
    safe = url_has_allowed_host_and_scheme(target, allowed_hosts={host}, require_https=request.is_secure())
    return redirect(target if safe else "/")
