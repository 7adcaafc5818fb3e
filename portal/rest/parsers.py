"""Request bodies of the REST edges, with the spec's limits checked before a file is read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import DataAndFiles, JSONParser, MultiPartParser
from rest_framework.request import Request

from portal.errors import ErrorCode, field_error, field_extensions
from portal.graphql.channels import is_channel_name
from portal.rest.errors import RestError
from portal.storefront_tokens import storefront_token_refusal

# business §5, §9: a drop zone takes files of at most 3,000,000 bytes, 3 of them (the services count them across
# requests: the overlay sends each file on its own).
FILE_DROP_MAX_BYTES = 3_000_000
FILE_DROP_MAX_FILES = 3
# business §9: the bulk upload takes one CSV file of at most 50 MB.
BULK_CSV_MAX_BYTES = 50 * 1024 * 1024
# Boundaries, part headers and the small form fields that travel beside a file.
MULTIPART_OVERHEAD_BYTES = 64 * 1024


def form_fields(request: Request) -> Mapping[str, Any]:
    """The fields of an edge whose parsers read only forms (urlencoded or multipart): a QueryDict, or an empty dict
    without a body — never the list that a JSON body could be."""
    data = request.data
    if not isinstance(data, Mapping):
        raise TypeError(f"{request.path}: only form parsers may read this edge's body")
    return data


class LimitedMultiPartParser(MultiPartParser):
    """multipart/form-data carrying at most `max_files` files of `max_file_bytes`. A body longer than they can make
    is refused 413 from its Content-Length, before a byte is read; more files than that 400 (one would otherwise be
    dropped unseen). Each edge names the codes of its refusals; the file's own checks stay with the services."""

    max_files = 1
    max_file_bytes = FILE_DROP_MAX_BYTES
    field_name = "mediaFile"
    too_large_code: str = ErrorCode.BAD_REQUEST
    too_large_message = "The request is too large."
    too_many_files_code: str = ErrorCode.VALIDATION_ERROR

    def parse(self, stream, media_type=None, parser_context=None) -> DataAndFiles:
        meta = parser_context["request"].META
        try:
            length = int(meta.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > self.max_files * self.max_file_bytes + MULTIPART_OVERHEAD_BYTES:
            raise RestError(self.too_large_message, code=self.too_large_code, status=413)
        parsed = super().parse(stream, media_type, parser_context)
        _check_storefront_token_channels(parser_context["request"], parsed)
        if sum(len(files) for _, files in parsed.files.lists()) > self.max_files:
            message = "Send one file at a time." if self.max_files == 1 else f"Send at most {self.max_files} files."
            raise RestError(
                message,
                code=self.too_many_files_code,
                status=400,
                **field_extensions(field_error(self.field_name, message, code="too_many_files")),
            )
        return parsed


def _check_storefront_token_channels(request, parsed: DataAndFiles) -> None:
    """A form field that names a channel (the bulk upload's `channelId`) must name the storefront token's, as every
    other channel a request names (issue 36 item 5). portal.middleware checks the bodies it reads; a file upload
    beyond DATA_UPLOAD_MAX_MEMORY_SIZE it leaves unread, so it is checked here, before the view reads the request."""
    token = getattr(request, "storefront_token", None)
    if token is None:
        return
    named = [value for key, values in parsed.data.lists() if is_channel_name(key) for value in values]
    refusal = storefront_token_refusal(token=token, origin=None, channel_ids=named)  # the origin: checked already
    if refusal:
        raise RestError(refusal, code=ErrorCode.STOREFRONT_TOKEN_REFUSED, status=403)


class JsonParser(JSONParser):
    """DRF's JSON parser (the edges' default), with a body nested too deeply for Python's parser refused as unreadable
    (400 BAD_REQUEST), as /graphql refuses it, instead of a RecursionError that would be a 500 (issue 22)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise ParseError("The request body is nested too deeply.") from None
