"""Shapes every GraphQL error into the contract of ARCHITECTURE §5: `extensions.code` always, field errors under
`extensions.fields` (field → messages) and, where the services gave them codes, `extensions.fieldCodes` (field →
codes), and nothing internal (stack traces, SQL) unless DEBUG is on.

The one place where the apps' errors meet the API (issue 14): services raise Django's ValidationError,
PermissionDenied and ObjectDoesNotExist with their codes, and this module carries them out, whichever app raised
them. The GraphQL layer's own errors (portal.errors.PortalError and its kinds) arrive shaped already."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from graphql import GraphQLError, GraphQLFormattedError, GraphQLSyntaxError

from portal.errors import (
    DATABASE_RETRY_AFTER_SECONDS,
    ErrorCode,
    NotFound,
    PortalError,
    api_code,
    is_database_outage,
)

logger = logging.getLogger("portal.graphql")


def is_unexpected(error: GraphQLError) -> bool:
    original = error.original_error
    return (
        original is not None
        and not isinstance(original, GraphQLError | ValidationError | PermissionDenied | ObjectDoesNotExist)
        and not is_database_outage(original)
    )


def _validation_shape(exc: ValidationError) -> tuple[str, dict]:
    """The message and extensions of a service's ValidationError. `code` is the first error's code that an app
    declared (QUOTE_QUANTITY_OUT_OF_RANGE, INVALID_CREDENTIALS, …), else VALIDATION_ERROR; the message is that
    error's. Field errors (a dict) keep their fields; an error without fields is a refusal with its own code
    (INVALID_CREDENTIALS) and carries none, or, with no code of ours, is reported under `__all__`."""
    errors: dict[str, list[ValidationError]] = (
        exc.error_dict if hasattr(exc, "error_dict") else {"__all__": exc.error_list}
    )
    flat = [error for items in errors.values() for error in items]
    coded = [error for error in flat if api_code(error.code) is not None]
    code = api_code(coded[0].code) if coded else None
    first = coded[0] if coded else flat[0] if flat else None
    message = first.messages[0] if first is not None else ErrorCode.VALIDATION_ERROR.label
    extensions: dict = {"code": code if code is not None else ErrorCode.VALIDATION_ERROR}
    if hasattr(exc, "error_dict") or code is None:
        extensions["fields"] = {name: [m for error in items for m in error.messages] for name, items in errors.items()}
        # Beside each field's messages, their codes (null where a message has none), for the fields that have any.
        field_codes = {
            name: [None if error.code is None else str(error.code) for error in items for _ in error.messages]
            for name, items in errors.items()
        }
        field_codes = {name: codes for name, codes in field_codes.items() if any(codes)}
        if field_codes:
            extensions["fieldCodes"] = field_codes
    return message, extensions


def service_error_shape(exc: Exception) -> tuple[str, dict]:
    """The message and extensions the client receives for an error a service or selector raised."""
    if isinstance(exc, ValidationError):
        return _validation_shape(exc)
    if isinstance(exc, PermissionDenied):
        extensions: dict = {
            **getattr(exc, "extensions", {}),  # a refusal's own (portal.errors.Refused), never over the shape's
            "code": api_code(getattr(exc, "code", None)) or ErrorCode.PERMISSION_DENIED,
        }
        retry_after = getattr(exc, "retry_after", None)  # a throttled refusal's (portal.errors)
        if retry_after is not None:
            extensions["retryAfter"] = retry_after
        return str(exc) or ErrorCode.PERMISSION_DENIED.label, extensions
    if isinstance(exc, NotFound):
        return str(exc), {"code": api_code(exc.code) or ErrorCode.NOT_FOUND}
    if isinstance(exc, ObjectDoesNotExist):
        # A model's DoesNotExist names the model and the query: never shown.
        return ErrorCode.NOT_FOUND.label, {"code": ErrorCode.NOT_FOUND}
    raise TypeError(f"Not an error of a service: {exc!r}")


def graphql_error(exc: Exception) -> PortalError:
    """A service's error as a GraphQL error of the same shape, for a resolver that must raise one itself."""
    message, extensions = service_error_shape(exc)
    error = PortalError(message, code=extensions["code"])
    assert error.extensions is not None  # PortalError sets them
    error.extensions.update(extensions)
    return error


def format_error(error: GraphQLError) -> GraphQLFormattedError:
    """The JSON of one error as the client receives it."""
    formatted = error.formatted
    original = error.original_error
    extensions = dict(error.extensions or {})

    if isinstance(original, ValidationError | PermissionDenied | ObjectDoesNotExist):
        formatted["message"], extensions = service_error_shape(original)
    elif is_database_outage(original):
        formatted["message"] = ErrorCode.SERVICE_UNAVAILABLE.label
        extensions = {"code": ErrorCode.SERVICE_UNAVAILABLE, "retryAfter": DATABASE_RETRY_AFTER_SECONDS}
    elif is_unexpected(error):
        extensions = {"code": ErrorCode.INTERNAL_SERVER_ERROR}
        if not settings.DEBUG:
            formatted["message"] = ErrorCode.INTERNAL_SERVER_ERROR.label
    elif "code" not in extensions:
        if isinstance(error, GraphQLSyntaxError):
            extensions["code"] = ErrorCode.GRAPHQL_PARSE_FAILED
        elif error.message.startswith("Variable '$"):
            extensions["code"] = ErrorCode.BAD_USER_INPUT
        else:
            extensions["code"] = ErrorCode.GRAPHQL_VALIDATION_FAILED

    formatted["extensions"] = {
        key: (str(v) if key == "code" and isinstance(v, str) else v) for key, v in extensions.items()
    }
    return formatted


def request_error(message: str, code: str = ErrorCode.BAD_REQUEST) -> dict:
    """An error body for a request that never reached GraphQL execution (bad JSON, wrong method, too big)."""
    return {"data": None, "errors": [{"message": message, "extensions": {"code": str(code)}}]}
