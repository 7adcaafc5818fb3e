"""The API error contract (ARCHITECTURE §5).

Every GraphQL error carries `extensions.code`: a stable string, or the spec's numeric code where it has one
(shell §8: 40101 for a missing, expired or revoked token). Validation errors add `extensions.fields`
(field name → list of messages). Resolvers and services raise these; the schema extension in
portal.graphql_errors turns anything else into a masked INTERNAL_SERVER_ERROR.
"""

from __future__ import annotations

from django.db import models
from graphql import GraphQLError


class ErrorCode(models.TextChoices):
    BAD_REQUEST = "BAD_REQUEST", "The request could not be read."
    GRAPHQL_PARSE_FAILED = "GRAPHQL_PARSE_FAILED", "The query could not be parsed."
    GRAPHQL_VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED", "The query is not valid against the schema."
    BAD_USER_INPUT = "BAD_USER_INPUT", "Some input is not valid."
    VALIDATION_ERROR = "VALIDATION_ERROR", "Some fields are not valid."
    PERMISSION_DENIED = "PERMISSION_DENIED", "You do not have permission to do this."
    NOT_FOUND = "NOT_FOUND", "Not found."
    QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX", "The query asks for too much at once."
    INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR", "Something went wrong on our side."


# shell §8: session expired / no valid token on a protected operation.
SESSION_EXPIRED_CODE = 40101
SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again."


class PortalError(GraphQLError):
    """A GraphQL error with a stable code, safe to show to the caller."""

    def __init__(self, message: str, *, code: str | int, fields: dict[str, list[str]] | None = None):
        extensions: dict = {"code": code}
        if fields:
            extensions["fields"] = fields
        super().__init__(message, extensions=extensions)


class SessionExpired(PortalError):
    def __init__(self, message: str = SESSION_EXPIRED_MESSAGE):
        super().__init__(message, code=SESSION_EXPIRED_CODE)


class PermissionDeniedError(PortalError):
    def __init__(self, message: str = ErrorCode.PERMISSION_DENIED.label):
        super().__init__(message, code=ErrorCode.PERMISSION_DENIED)


class NotFoundError(PortalError):
    def __init__(self, message: str = ErrorCode.NOT_FOUND.label):
        super().__init__(message, code=ErrorCode.NOT_FOUND)


class InputError(PortalError):
    """Bad input: `fields` maps each offending field (as named in the API) to its messages."""

    def __init__(
        self,
        message: str = ErrorCode.VALIDATION_ERROR.label,
        *,
        fields: dict[str, list[str]] | None = None,
        code: str = ErrorCode.VALIDATION_ERROR,
    ):
        super().__init__(message, code=code, fields=fields)
