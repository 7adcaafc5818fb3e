"""The /graphql endpoint: strawberry's Django view with our context and error contract."""

from __future__ import annotations

import json

import orjson
from cross_web import HTTPException
from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, JsonResponse
from strawberry.django.views import GraphQLView
from strawberry.exceptions import StrawberryGraphQLError

from portal.errors import ErrorCode
from portal.graphql.context import PortalContext
from portal.graphql.errors import format_error, logger, request_error

INVALID_UTF8 = "The request body is not valid UTF-8."
REQUEST_SHAPE = 'The request body must be a JSON object: {"query": "…", "variables": {…}, "operationName": "…"}.'

# Issue 21: the answer's JSON by orjson, ~10x faster than strawberry's json.dumps with DjangoJSONEncoder (CPU per
# request: priceProducts x500 1.56 -> 0.16 ms, a start-up mix request 0.08 -> 0.01 ms). Dates, times, Decimals, lazy
# texts and dataclasses go to DjangoJSONEncoder's `default`, as before; what orjson refuses (an integer beyond 64
# bits, a key that is not a string, nesting deeper than 254) json writes, as before. The content is the same; the
# bytes differ where text beyond ASCII (DEL included) is no longer \u-escaped (JSON is UTF-8, RFC 8259) and in a
# float's exponent (1e-7 for 1e-07).
_JSON_DEFAULT = DjangoJSONEncoder().default
_JSON_OPTIONS = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS


# A run of 19 digits may be an integer beyond 64 bits, which orjson reads as a float where json reads an int. Looked
# for with every digit written as "0", by bytes.find (a 50 kB body: 0.05 ms, where the regular expression [0-9]{19}
# took 0.8 ms, twice orjson's reading of the whole body).
_DIGITS_AS_ZERO = bytes.maketrans(b"123456789", b"000000000")
_NINETEEN_DIGITS = b"0" * 19


def _long_digit_run(text: str) -> bool:
    return text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO).find(_NINETEEN_DIGITS) != -1


def _loads(text: str) -> object:
    """json.loads' value, by orjson where it reads the text the same (issue 21: a 500-item body 0.4 → 0.1 ms). orjson
    refuses what json alone accepts (NaN, Infinity, a number beyond a float's range, a lone surrogate, nesting deeper
    than 1,024) and reads an integer beyond 64 bits as a float: json reads each of those, and reports every error, with
    its own messages, as before."""
    if not _long_digit_run(text):
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:
            pass
    return json.loads(text)


class PortalGraphQLView(GraphQLView[PortalContext, None]):
    def __init__(self, **kwargs):
        # Reads are POSTed like writes: no query strings with tokens or data in access logs.
        kwargs.setdefault("allow_queries_via_get", False)
        kwargs.setdefault("graphql_ide", "graphiql" if settings.DEBUG else None)
        super().__init__(**kwargs)

    def get_context(self, request: HttpRequest, response) -> PortalContext:
        return PortalContext(request=request, response=response)

    def decode_json(self, data: str | bytes) -> object:
        """The request body as a JSON object, or a 400. JSON over HTTP is UTF-8 (RFC 8259); nesting too deep for the
        parser or a number too long to convert is the client's error, not ours; and strawberry reads the fields with
        .get(), so anything but an object (null, 123, "abc", a list: batching is off) is refused here."""
        try:
            text = data.decode("utf-8") if isinstance(data, bytes) else data
        except UnicodeDecodeError as exc:
            raise HTTPException(400, INVALID_UTF8) from exc
        try:
            body = _loads(text)
        except RecursionError as exc:
            raise HTTPException(400, "The request body is nested too deeply.") from exc
        except json.JSONDecodeError as exc:
            raise HTTPException(400, "Unable to parse request body as JSON") from exc
        except ValueError as exc:  # an integer longer than Python converts (sys.get_int_max_str_digits)
            raise HTTPException(400, "A number in the request body is too long.") from exc
        if not isinstance(body, dict):
            raise HTTPException(400, REQUEST_SHAPE)
        # strawberry checks query, variables and extensions, but passes operationName on unchecked.
        operation_name = body.get("operationName")
        if operation_name is not None and not isinstance(operation_name, str):
            raise HTTPException(400, "The GraphQL operation's `operationName` must be a string or null, if provided.")
        return body

    def encode_json(self, data: object) -> bytes | str:
        try:
            return orjson.dumps(data, default=_JSON_DEFAULT, option=_JSON_OPTIONS)
        except TypeError:  # orjson.JSONEncodeError included
            return super().encode_json(data)

    def process_result(self, request, result):
        data = super().process_result(request, result)
        if result.errors:
            data["errors"] = [format_error(error) for error in result.errors]
        return data

    def dispatch(self, request: HttpRequest, *args, **kwargs):
        try:
            return self.run(request=request)
        except HTTPException as exc:
            return JsonResponse(request_error(exc.reason), status=exc.status_code)
        except UnicodeDecodeError:  # strawberry's request adapter decodes the body before decode_json sees it
            return JsonResponse(request_error(INVALID_UTF8), status=400)
        except RequestDataTooBig:
            return JsonResponse(request_error("The request is too large."), status=413)
        except StrawberryGraphQLError as exc:
            return JsonResponse({"data": None, "errors": [format_error(exc)]}, status=400)
        except Exception:
            # Whatever else fails still answers in the API's shape, never Django's HTML page, and says nothing.
            logger.exception("GraphQL request failed")
            body = request_error(ErrorCode.INTERNAL_SERVER_ERROR.label, ErrorCode.INTERNAL_SERVER_ERROR)
            return JsonResponse(body, status=500)
