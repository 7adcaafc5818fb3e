"""A thin call of the API's one error mapping (`portal.graphql.errors`), for resolvers that still wrap service calls
in `api_errors()`: the quote services' ValidationError / PermissionDenied / ObjectDoesNotExist leave as the GraphQL
error format_error would make of them anyway (issue 14 §2)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ObjectDoesNotExist, PermissionDenied, ValidationError

from portal.graphql.errors import graphql_error


@contextmanager
def api_errors() -> Iterator[None]:
    try:
        yield
    except (ValidationError, PermissionDenied, ObjectDoesNotExist) as exc:
        raise graphql_error(exc) from exc
