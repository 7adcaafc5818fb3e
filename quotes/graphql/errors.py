"""The quotes API's error mapping: the services raise Django's ValidationError / PermissionDenied with quote
error codes; the API passes those codes on as `extensions.code` (with `extensions.fields`), so the overlay maps
codes to its translated texts (business §8) and never parses messages."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ObjectDoesNotExist, ValidationError

from portal.errors import ErrorCode, InputError, NotFoundError, PermissionDeniedError, PortalError
from quotes.errors import API_CODES, QuoteRefused


def _fields(exc: ValidationError) -> dict[str, list[ValidationError]]:
    if hasattr(exc, "error_dict"):
        return exc.error_dict
    return {"__all__": exc.error_list}


@contextmanager
def api_errors() -> Iterator[None]:
    try:
        yield
    except QuoteRefused as exc:
        if exc.code == ErrorCode.PERMISSION_DENIED:
            raise PermissionDeniedError(str(exc)) from exc
        raise PortalError(str(exc), code=exc.code, fields=exc.fields or None) from exc
    except ValidationError as exc:
        errors = _fields(exc)
        flat = [(name, error) for name, items in errors.items() for error in items]
        code = next((str(error.code) for _, error in flat if error.code in API_CODES), ErrorCode.VALIDATION_ERROR)
        first = next((error for _, error in flat if str(error.code) == code), flat[0][1] if flat else None)
        message = first.messages[0] if first is not None else ErrorCode.VALIDATION_ERROR.label
        fields = {name: [m for error in items for m in error.messages] for name, items in errors.items()}
        raise InputError(message, fields=fields, code=code) from exc
    except ObjectDoesNotExist as exc:
        raise NotFoundError() from exc
