"""What the edges' OpenAPI descriptions share (openapi.yaml, issue 23): the one error answer of portal.rest.errors, and
shell §8's success envelope `{"code": 200, "message": …, "data": {…}}`.

Each edge says what it takes and answers with `@extend_schema` beside its view; `make openapi` fails on any edge whose
request or answer drf-spectacular would have to guess.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

_ERROR_STATUS = {
    400: "A body, a field or a parameter the edge does not take (VALIDATION_ERROR with `fields` and `fieldCodes`, "
    "BAD_REQUEST for a body that cannot be read), or a service's refusal by its code.",
    401: "A bearer token that is sent and unknown, expired or revoked (40101), or none where one is needed.",
    403: "The caller lacks the permission code or level, or the CSRF token is missing (PERMISSION_DENIED).",
    404: "Nothing the caller may reach by that id or key (NOT_FOUND).",
    405: "A method the edge does not take (BAD_REQUEST).",
    413: "A file or a body larger than the edge takes (the upload's own code, or BAD_REQUEST).",
    429: "Too many requests (TOO_MANY_REQUESTS, with `retryAfter` in seconds and the Retry-After header).",
}


class ErrorExtensionsSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The GraphQL contract's code (docs/api.md); 40101 is a number.")
    fields = serializers.DictField(  # type: ignore[assignment]  # the answer's key, named like Serializer.fields
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Field errors: the messages per field, by API path (`lines.0.quantity`).",
    )
    fieldCodes = serializers.DictField(  # noqa: N815 — the wire's name
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="Field errors: the codes per field, which the overlay translates.",
    )
    retryAfter = serializers.IntegerField(required=False, help_text="Seconds to wait, on 429.")  # noqa: N815
    startUrl = serializers.CharField(  # noqa: N815
        required=False, help_text="SSO_REQUIRED: the page that signs the customer in with their organisation."
    )
    providerName = serializers.CharField(  # noqa: N815
        required=False, help_text="SSO_REQUIRED: the name of the organisation's sign-in service."
    )


class ErrorEntrySerializer(serializers.Serializer):
    message = serializers.CharField()
    extensions = ErrorExtensionsSerializer()


class RestErrorSerializer(serializers.Serializer):
    """Every refusal of a REST edge (portal.rest.errors): shell §8's `code` and `message`, and the GraphQL error
    contract's `errors` beside them."""

    code = serializers.IntegerField(help_text="The HTTP status.")
    message = serializers.CharField()
    data = serializers.JSONField(allow_null=True, help_text="Always null.")  # type: ignore[assignment]  # the key
    errors = ErrorEntrySerializer(many=True)  # type: ignore[assignment]  # the answer's key, named like .errors


def refusals(*statuses: int) -> dict[int, OpenApiResponse]:
    """The error answers an edge gives, in the common shape: `responses={200: …, **refusals(400, 404)}`."""
    return {status: OpenApiResponse(RestErrorSerializer, description=_ERROR_STATUS[status]) for status in statuses}


def envelope(name: str, data: dict[str, serializers.Field]) -> serializers.Serializer:
    """shell §8's success answer of the edge `name`: `{"code": 200, "message": "…", "data": {…data}}`."""
    return inline_serializer(
        name=name,
        fields={
            "code": serializers.IntegerField(help_text="200"),
            "message": serializers.CharField(),
            "data": inline_serializer(name=f"{name}Data", fields=data),
        },
    )


def file_answer(media_type: str, description: str) -> dict[tuple[int, str], OpenApiResponse]:
    """A 200 that is a file of `media_type`, not JSON."""
    return {(200, media_type): OpenApiResponse(OpenApiTypes.BINARY, description=description)}


def body(media_type: str, name: str, fields: dict[str, serializers.Field]) -> dict[str, serializers.Serializer]:
    """The request body of an edge that is not JSON: `request=body("multipart/form-data", "MediaUpload", {…})`
    (a form post: `application/x-www-form-urlencoded`)."""
    return {media_type: inline_serializer(name=name, fields=fields)}
