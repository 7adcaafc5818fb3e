"""The API error contract (ARCHITECTURE §5).

Every GraphQL error carries `extensions.code`: a stable string, or the spec's numeric code where it has one
(shell §8: 40101 for a missing, expired or revoked token). Validation errors add `extensions.fields`
(field name → list of messages) and `extensions.fieldCodes` (field name → the messages' codes).

Two kinds of raisers (issue 14): services and selectors raise Django's `ValidationError(message, code=…)`,
`PermissionDenied` (`Refused` when it has a code of its own) and `ObjectDoesNotExist` (`NotFound` when its message
may be shown); only the GraphQL layer raises the GraphQL classes below. `portal.graphql.errors.format_error` carries
both out, and passes a service's code on when its app declared it (`api_codes_declare`); anything else becomes a
masked INTERNAL_SERVER_ERROR.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError
from django.db import InterfaceError, OperationalError, models
from graphql import GraphQLError


class ErrorCode(models.TextChoices):
    BAD_REQUEST = "BAD_REQUEST", "The request could not be read."
    GRAPHQL_PARSE_FAILED = "GRAPHQL_PARSE_FAILED", "The query could not be parsed."
    GRAPHQL_VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED", "The query is not valid against the schema."
    BAD_USER_INPUT = "BAD_USER_INPUT", "Some input is not valid."
    VALIDATION_ERROR = "VALIDATION_ERROR", "Some fields are not valid."
    PERMISSION_DENIED = "PERMISSION_DENIED", "You do not have permission to do this."
    NOT_FOUND = "NOT_FOUND", "Not found."
    # A REST edge's throttle (portal.rest.throttles); the apps' own limits use the same code.
    TOO_MANY_REQUESTS = "TOO_MANY_REQUESTS", "Too many requests. Please wait a while and try again."
    QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX", "The query asks for too much at once."
    STORE_NOT_CONFIGURED = "STORE_NOT_CONFIGURED", "The store is not set up yet."
    INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR", "Something went wrong on our side."
    # Issue 36: what needs the shared cache (Redis) and cannot be done without it while it is down (a one-time sign-in
    # link or token: its single use cannot be checked), and every request while the database cannot be reached
    # (DATABASE_OUTAGE_ERRORS below). Nothing was used up or written; the same request works later.
    SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE", "This is not available right now. Please try again in a minute."
    # Issue 22: storefronts other than the built-in one (portal.storefront_tokens, storefront.proxy).
    STOREFRONT_TOKEN_REFUSED = "STOREFRONT_TOKEN_REFUSED", "The storefront token is not valid for this request."
    STORE_CREDENTIALS_REFUSED = "STORE_CREDENTIALS_REFUSED", "Store admin credentials are missing or not valid."
    STOREFRONT_NOT_NATIVE = (
        "STOREFRONT_NOT_NATIVE",
        "Storefront tokens are issued here for channels on the built-in storefront only.",
    )
    PROXY_OPERATION_NOT_ALLOWED = (
        "PROXY_OPERATION_NOT_ALLOWED",
        "The proxy runs only the catalog, price and cart operations a storefront needs.",
    )


# shell §8: session expired / no valid token on a protected operation.
SESSION_EXPIRED_CODE = 40101
SESSION_EXPIRED_MESSAGE = "Your session has expired. Please sign in again."


# --- API codes: each app declares the codes the API passes on as they are ------------------------------------

# Wire form by text: 40101 goes out as the number the spec gives (shell §8).
_API_CODES: dict[str, str | int] = {}


def api_codes_declare(*codes: type[models.TextChoices] | str | int) -> None:
    """An app declares the codes of its errors.py that the API passes on as `extensions.code` (ARCHITECTURE §5).
    The apps call it from their errors.py, which their services import before they can raise one of the codes;
    portal names no app (it sits left of them all, ARCHITECTURE §3)."""
    for item in codes:
        values = item.values if isinstance(item, type) else [item]
        _API_CODES.update({str(value): value if isinstance(value, int) else str(value) for value in values})


def api_code(code: object) -> str | int | None:
    """`code` as the API sends it, when an app declared it; None for any other code (a field's `required`, …)."""
    return _API_CODES.get(str(code)) if code is not None else None


# --- field errors: each message with its code (issue 37) ------------------------------------------------------


def field_errors(errors: Mapping[str, Sequence[ValidationError]]) -> ValidationError:
    """Field → its errors as one ValidationError, every error with its code (`extensions.fieldCodes`, by which the
    overlay translates it). A message without a code is refused here, where it is built (TypeError): raise field
    errors gathered at run time through this, never as `ValidationError(errors)` (tests/portal/test_field_codes.py
    holds the apps' source to that)."""
    for field, items in errors.items():
        for item in items:
            if not isinstance(item, ValidationError):
                raise TypeError(f"The error of field {field!r} is not a ValidationError with a code: {item!r}")
        # Each message as Django keeps it under the field (another field error's messages flattened into it).
        for error in ValidationError(list(items)).error_list:
            if getattr(error, "code", None) in (None, ""):
                raise TypeError(f"The error of field {field!r} has no code: {error!r}")
    return ValidationError({field: list(items) for field, items in errors.items()})


def field_error(field: str, message: str, *, code: str) -> ValidationError:
    """One field's error with its code (a lower-case field code such as `required` or `invalid_choice`, or an
    app's declared API code)."""
    return field_errors({field: [ValidationError(message, code=code)]})


def field_extensions(error: ValidationError) -> dict[str, dict[str, list]]:
    """The `fields` and `fieldCodes` extensions of field errors built by field_error / field_errors: for the GraphQL
    layer's InputError and the REST layer's own refusals. Anything else, or a message without its code, is refused
    (TypeError)."""
    if not isinstance(error, ValidationError) or not hasattr(error, "error_dict"):
        raise TypeError(f"Field errors are built by field_error / field_errors, not given as {error!r}")
    errors = field_errors(error.error_dict).error_dict  # checks every message's code
    return {
        "fields": {name: [m for item in items for m in item.messages] for name, items in errors.items()},
        "fieldCodes": {
            name: [str(item.code) for item in items for _ in item.messages] for name, items in errors.items()
        },
    }


# --- what services raise besides ValidationError ------------------------------------------------------------


class Refused(PermissionDenied):
    """The caller may not do this, for a reason with a code of its app (QUOTES_DISABLED, MASQUERADE_NOT_ALLOWED,
    COMPANY_INACTIVE, …): the message is safe to show. `retry_after` (whole seconds) goes with a rate limit's refusal
    and reaches the client as `extensions.retryAfter`; `extensions` adds what a client needs to act on the refusal
    (SSO_REQUIRED's `startUrl`), under camelCase names that are not the shape's own (code, fields, retryAfter)."""

    def __init__(
        self,
        message: str = "",
        *,
        code: str | int = "PERMISSION_DENIED",
        retry_after: int | None = None,
        extensions: dict[str, str] | None = None,
    ):
        super().__init__(message or ErrorCode.PERMISSION_DENIED.label)
        self.message = str(self)
        self.code = code
        self.retry_after = retry_after
        self.extensions = extensions or {}


# Issue 36 (docs/operations.md "PostgreSQL"): the database cannot be reached, or dropped the connection (a restart, a
# failover, too many connections). The request is answered SERVICE_UNAVAILABLE, to be tried again shortly, never as
# a fault of ours; nothing was written (the request's transaction did not commit). Django reconnects on the next
# request by itself.
DATABASE_OUTAGE_ERRORS = (OperationalError, InterfaceError)
DATABASE_RETRY_AFTER_SECONDS = 30


def is_database_outage(exc: BaseException | None) -> bool:
    return isinstance(exc, DATABASE_OUTAGE_ERRORS)


class NotFound(ObjectDoesNotExist):
    """Nothing the caller may reach by that reference. Unlike Django's DoesNotExist texts, which name models and
    queries, the message is safe to show."""

    def __init__(self, message: str = "", *, code: str = "NOT_FOUND"):
        super().__init__(message or ErrorCode.NOT_FOUND.label)
        self.message = str(self)
        self.code = code


class PortalError(GraphQLError):
    """A GraphQL error with a stable code, safe to show to the caller."""

    def __init__(self, message: str, *, code: str | int):
        super().__init__(message, extensions={"code": code})


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
    """Bad input: `fields` holds each offending field (as named in the API) with its messages and their codes, built
    by field_error / field_errors (`InputError(fields=field_error("first", "Enter 0 or more.", code="out_of_range"))`);
    they go out as `extensions.fields` and `extensions.fieldCodes`, as a service's field errors do. A field message
    without its code cannot be given (TypeError, issue 37)."""

    def __init__(
        self,
        message: str = ErrorCode.VALIDATION_ERROR.label,
        *,
        fields: ValidationError,
        code: str = ErrorCode.VALIDATION_ERROR,
    ):
        super().__init__(message, code=code)
        assert self.extensions is not None  # PortalError sets them
        self.extensions.update(field_extensions(fields))


api_codes_declare(ErrorCode, SESSION_EXPIRED_CODE)
