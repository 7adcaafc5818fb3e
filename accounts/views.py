"""REST edges of the accounts app (ARCHITECTURE §5): the attachment upload of shell §7, and the storefront's
END MASQUERADE button. Refusals leave through portal.rest.errors."""

from __future__ import annotations

from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, authentication_classes, parser_classes, throttle_classes
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response

from accounts import services
from accounts.errors import UploadErrorCode
from accounts.uploads import MAX_FILE_BYTES, MAX_FILES, size_label
from portal.rest.authentication import StorefrontSessionAuthentication, request_actor
from portal.rest.parsers import LimitedMultiPartParser, form_fields
from portal.rest.schema import body, envelope, refusals
from portal.rest.throttles import PerGuestAddressThrottle, PerUserThrottle


class MediaUploadParser(LimitedMultiPartParser):
    max_file_bytes = MAX_FILE_BYTES
    too_large_code = UploadErrorCode.FILE_TOO_LARGE
    too_large_message = f"File is too big. Size limit is {size_label(MAX_FILE_BYTES)}."
    too_many_files_code = UploadErrorCode.TOO_MANY_FILES


class GuestUploads(PerGuestAddressThrottle):
    scope, limit, window_seconds = "upload-ip", services.UPLOAD_LIMIT_PER_IP, services.UPLOAD_WINDOW


class UserUploads(PerUserThrottle):
    scope, limit, window_seconds = "upload-user", services.UPLOAD_LIMIT_PER_USER, services.UPLOAD_WINDOW


@extend_schema(
    request=body(
        "multipart/form-data",
        "MediaUpload",
        {
            "mediaFile": serializers.FileField(help_text=f"One file, at most {size_label(MAX_FILE_BYTES)}."),
            "requestType": serializers.ChoiceField(choices=["companyAttachedFile"]),
            "uploadSession": serializers.CharField(
                required=False, help_text=f"From a previous answer: up to {MAX_FILES} files in one session."
            ),
        },
    ),
    responses={
        200: envelope(
            "MediaUploaded",
            {
                "id": serializers.CharField(),
                "fileName": serializers.CharField(),
                "fileSize": serializers.IntegerField(),
                "fileType": serializers.CharField(),
                "requestType": serializers.CharField(),
                "uploadSession": serializers.CharField(),
                "filesInSession": serializers.IntegerField(),
                "maxFiles": serializers.IntegerField(),
            },
        ),
        **refusals(400, 401, 413, 429),
    },
)
@api_view(["POST"])
@parser_classes([MediaUploadParser])
@throttle_classes([GuestUploads, UserUploads])
def media_upload(request: Request) -> Response:
    """`POST /api/v2/media/upload` (multipart: `mediaFile`, `requestType` = "companyAttachedFile", optional
    `uploadSession` from a previous answer). Guests may upload (registration); a bearer token ties the file to the
    signed-in user (B2B conversion). Refusals keep nothing."""
    upload = services.media_upload(
        uploaded_file=request.FILES.get("mediaFile"),
        request_type=form_fields(request).get("requestType", ""),
        upload_session=form_fields(request).get("uploadSession") or None,
        user=request_actor(request).user,
    )
    media = upload.media
    return Response(
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


@extend_schema(
    parameters=[
        OpenApiParameter(
            "X-Upload-Session", OpenApiTypes.STR, OpenApiParameter.HEADER, description="A guest's upload session."
        )
    ],
    responses={200: envelope("MediaDeleted", {"id": serializers.CharField()}), **refusals(400, 401, 404)},
)
@api_view(["DELETE"])
def media_delete(request: Request, file_id: str) -> Response:
    """`DELETE /api/v2/media/upload/{id}`: the drop zone's "remove" for a file not yet sent with an application.
    A guest proves ownership with the `X-Upload-Session` header; a signed-in user with their bearer token."""
    services.media_delete(
        file_id=file_id, upload_session=request.headers.get("X-Upload-Session", ""), user=request_actor(request).user
    )
    return Response({"code": 200, "message": "SUCCESS", "data": {"id": file_id}})


@extend_schema(
    request=body(
        "application/x-www-form-urlencoded",
        "MasqueradeEnd",
        {"next": serializers.CharField(required=False, help_text="A path of this site to go back to.")},
    ),
    responses={302: OpenApiResponse(description="Back to `next` (or the home page)."), **refusals(403)},
)
@api_view(["POST"])
@authentication_classes([StorefrontSessionAuthentication])
@parser_classes([FormParser, MultiPartParser])
def masquerade_end(request: Request):
    """The storefront bar's END MASQUERADE (a form POST with the CSRF token): end the masquerade the storefront
    follows, then go back to the page."""
    target = form_fields(request).get("next") or "/"  # read first: a body that cannot be read changes nothing
    user = request.user
    if user.is_authenticated and user.is_super_admin:
        services.masquerade_end_for_user(user=user)
    host = request.get_host()
    safe = url_has_allowed_host_and_scheme(target, allowed_hosts={host}, require_https=request.is_secure())
    return redirect(target if safe else "/")
