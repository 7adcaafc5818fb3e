"""Shapes every GraphQL error into the contract of ARCHITECTURE §5: `extensions.code` always, field errors
under `extensions.fields`, and nothing internal (stack traces, SQL) unless DEBUG is on."""

from __future__ import annotations

import logging

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from graphql import GraphQLError, GraphQLSyntaxError

from portal.errors import ErrorCode

logger = logging.getLogger("portal.graphql")


def is_unexpected(error: GraphQLError) -> bool:
    original = error.original_error
    return original is not None and not isinstance(
        original, GraphQLError | ValidationError | PermissionDenied | ObjectDoesNotExist
    )


def _validation_fields(exc: ValidationError) -> dict[str, list[str]]:
    if hasattr(exc, "error_dict"):
        return {field: [str(m) for m in messages] for field, messages in exc.message_dict.items()}
    return {"__all__": [str(m) for m in exc.messages]}


def format_error(error: GraphQLError) -> dict:
    """The JSON of one error as the client receives it."""
    formatted = error.formatted
    original = error.original_error
    extensions = dict(error.extensions or {})

    if isinstance(original, ValidationError):
        fields = _validation_fields(original)
        extensions = {"code": ErrorCode.VALIDATION_ERROR, "fields": fields}
        formatted["message"] = next(iter(fields.values()))[0] if fields else ErrorCode.VALIDATION_ERROR.label
    elif isinstance(original, PermissionDenied):
        extensions = {"code": ErrorCode.PERMISSION_DENIED}
        formatted["message"] = str(original) or ErrorCode.PERMISSION_DENIED.label
    elif isinstance(original, ObjectDoesNotExist):
        extensions = {"code": ErrorCode.NOT_FOUND}
        formatted["message"] = ErrorCode.NOT_FOUND.label
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
