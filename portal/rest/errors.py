"""The one answer of a refused REST request (ARCHITECTURE §5, issue 23): `REST_FRAMEWORK["EXCEPTION_HANDLER"]`.

Every error of a REST edge — a service's ValidationError, PermissionDenied or ObjectDoesNotExist, a token that is no
longer valid, a permission, a throttle, a body that cannot be read or is too large, a method or a media type the
edge does not take, a fault of ours — leaves in one shape: the GraphQL error contract's `errors` (one entry with
`message` and `extensions`: `code` always, `fields` / `fieldCodes` for field errors, `retryAfter` for limits; the
same codes, carried out by the same `service_error_shape`), beside shell §8's REST `code` (the HTTP status) and
`message`:

    {"code": 404, "message": "Not found.", "data": null,
     "errors": [{"message": "Not found.", "extensions": {"code": "NOT_FOUND"}}]}
"""

from __future__ import annotations

import logging
import math

from django.conf import settings
from django.core.exceptions import (
    ObjectDoesNotExist,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    ValidationError,
)
from django.http import Http404, UnreadablePostError
from django.http.multipartparser import MultiPartParserError
from rest_framework import exceptions
from rest_framework.response import Response

from portal.errors import (
    DATABASE_RETRY_AFTER_SECONDS,
    SESSION_EXPIRED_CODE,
    SESSION_EXPIRED_MESSAGE,
    ErrorCode,
    field_errors,
    is_database_outage,
)
from portal.graphql.errors import service_error_shape

logger = logging.getLogger("portal.rest")

REQUEST_TOO_LARGE_MESSAGE = "The request is too large."

# The HTTP status of a service's refusal where its code says more than the kind of error (an upload's NOT_FOUND is a
# ValidationError; a quote's TOO_MANY_REQUESTS a refusal).
_STATUS_BY_CODE: dict[str | int, int] = {
    SESSION_EXPIRED_CODE: 401,
    ErrorCode.NOT_FOUND.value: 404,
    ErrorCode.TOO_MANY_REQUESTS.value: 429,
    ErrorCode.SERVICE_UNAVAILABLE.value: 503,
}


class RestError(exceptions.APIException):
    """A refusal the REST layer makes itself (a token, a permission, a parser's limit): the HTTP status, the API code,
    the message, and what goes beside the code in `extensions` (`fields`, …)."""

    def __init__(self, message: str, *, code: str | int, status: int, **extensions: object):
        super().__init__(detail=message, code=str(code))
        self.status_code = status
        self.api_code = code
        self.extensions = extensions


def session_expired() -> RestError:
    """shell §8 40101: no valid token where one is needed, or a token that is sent and is no longer valid."""
    return RestError(SESSION_EXPIRED_MESSAGE, code=SESSION_EXPIRED_CODE, status=401)


def _as_validation_error(detail, prefix: str = "") -> ValidationError:
    """A serializer's errors as the services' ValidationError, so that the contract carries both out alike: fields
    by their API path (`lines.0.quantity`), the ErrorDetail codes as field codes."""
    if isinstance(detail, dict):
        errors: dict = {}
        for name, value in detail.items():
            path = f"{prefix}{name}"
            nested = _as_validation_error(value, f"{path}.")
            errors.update(nested.error_dict if hasattr(nested, "error_dict") else {path: nested.error_list})
        return field_errors(errors)
    if isinstance(detail, list) and any(isinstance(item, dict | list) for item in detail):
        return _as_validation_error({str(index): item for index, item in enumerate(detail)}, prefix)
    items = detail if isinstance(detail, list) else [detail]
    return ValidationError([ValidationError(str(item), code=getattr(item, "code", None)) for item in items])


def _service_answer(exc: Exception) -> tuple[int, str, dict]:
    message, extensions = service_error_shape(exc)
    code = extensions["code"] if isinstance(extensions["code"], int) else str(extensions["code"])
    if code in _STATUS_BY_CODE:
        status = _STATUS_BY_CODE[code]
    elif "retryAfter" in extensions:
        status = 429
    elif isinstance(exc, ObjectDoesNotExist):
        status = 404
    elif isinstance(exc, PermissionDenied):
        status = 403
    else:
        status = 400
    return status, message, extensions


def _answer(exc: Exception) -> tuple[int, str, dict] | None:
    """The HTTP status, message and extensions of an error; None for one we did not expect."""
    if isinstance(exc, RestError):
        return exc.status_code, str(exc.detail), {"code": exc.api_code, **exc.extensions}
    if isinstance(exc, ValidationError | PermissionDenied | ObjectDoesNotExist):
        return _service_answer(exc)
    if isinstance(exc, exceptions.ValidationError):
        return _service_answer(_as_validation_error(exc.detail))
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        return 401, SESSION_EXPIRED_MESSAGE, {"code": SESSION_EXPIRED_CODE}
    if isinstance(exc, exceptions.PermissionDenied):
        return 403, str(exc.detail), {"code": ErrorCode.PERMISSION_DENIED}
    if isinstance(exc, exceptions.NotFound):
        return 404, str(exc.detail), {"code": ErrorCode.NOT_FOUND}
    if isinstance(exc, Http404):  # its text may name a model: never shown
        return 404, ErrorCode.NOT_FOUND.label, {"code": ErrorCode.NOT_FOUND}
    if isinstance(exc, exceptions.Throttled):
        extensions: dict = {"code": ErrorCode.TOO_MANY_REQUESTS}
        wait = getattr(exc, "wait", None)  # Throttled sets it; the DRF stubs do not declare it
        if wait is not None:
            extensions["retryAfter"] = math.ceil(wait)
        return 429, ErrorCode.TOO_MANY_REQUESTS.label, extensions
    if isinstance(exc, exceptions.APIException) and exc.status_code < 500:
        # A body that does not parse, a media type or a method the edge does not take: BAD_REQUEST, as /graphql.
        return exc.status_code, str(exc.detail), {"code": ErrorCode.BAD_REQUEST}
    if is_database_outage(exc):
        logger.warning("REST request refused, the database is unavailable: %s", exc)
        extensions = {"code": ErrorCode.SERVICE_UNAVAILABLE, "retryAfter": DATABASE_RETRY_AFTER_SECONDS}
        return 503, ErrorCode.SERVICE_UNAVAILABLE.label, extensions
    if isinstance(exc, RequestDataTooBig):
        return 413, REQUEST_TOO_LARGE_MESSAGE, {"code": ErrorCode.BAD_REQUEST}
    if isinstance(exc, SuspiciousOperation | MultiPartParserError | UnreadablePostError):
        # Django's own limits on form fields and files, a broken multipart body, a client that went away.
        return 400, ErrorCode.BAD_REQUEST.label, {"code": ErrorCode.BAD_REQUEST}
    return None


def rest_exception_handler(exc: Exception, context: dict) -> Response:
    answer = _answer(exc)
    if answer is None:
        # A fault of ours still answers in the API's shape, never Django's HTML page, and says nothing.
        logger.error("REST request failed", exc_info=exc)
        message = str(exc) if settings.DEBUG else ErrorCode.INTERNAL_SERVER_ERROR.label
        answer = 500, message, {"code": ErrorCode.INTERNAL_SERVER_ERROR}
    status, message, extensions = answer
    code = extensions["code"]
    extensions["code"] = code if isinstance(code, int) else str(code)  # 40101 stays the number shell §8 gives
    headers = {}
    if code == SESSION_EXPIRED_CODE:
        headers["WWW-Authenticate"] = "Bearer"
    if "retryAfter" in extensions:
        headers["Retry-After"] = str(extensions["retryAfter"])
    body = {
        "code": status,
        "message": message,
        "data": None,
        "errors": [{"message": message, "extensions": extensions}],
    }
    return Response(body, status=status, headers=headers)
