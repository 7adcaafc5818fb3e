"""Issue 21's plain-data answers against the per-field completion they replaced.

A test file keeps a copy of the old types and resolvers as a reference schema, runs each document through the
portal's schema and the reference, and compares the answers as JSON text (field order, nulls, error messages, paths
and codes included). What those files share is here.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from portal.graphql.caching import DocumentCache
from portal.graphql.context import PortalContext
from portal.graphql.errors import format_error
from portal.graphql.plain import PlainDataExecutor
from portal.schema import PortalSchema, schema


def reference_schema(query: type, mutation: type | None = None) -> PortalSchema:
    """A schema of the old types with the portal's executor and extensions, but not its per-process document cache
    (keyed by query text: it would serve one schema's validation to the other), so that the masquerade audit and the
    request limits run as they do for the portal."""
    return PortalSchema(
        query=query,
        mutation=mutation,
        execution_context_class=PlainDataExecutor,
        extensions=[extension for extension in schema.extensions if extension is not DocumentCache],
    )


def request_context(token: str | None) -> PortalContext:
    """The context of a POST /graphql with this bearer token (None: a guest)."""
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return PortalContext(request=RequestFactory().post("/graphql", **headers), response=None)


def answer_text(result) -> str:
    """The answer as the client receives it, as JSON text."""
    errors = [format_error(error) for error in result.errors or []]
    return json.dumps({"data": result.data, "errors": errors}, ensure_ascii=False)


def run_counted(which, document: str, variables: dict | None, token: str | None) -> tuple[Any, int]:
    """The result of `document` on `which` and its SQL queries (the caller read before counting)."""
    context = request_context(token)
    context.actor  # noqa: B018 (both schemas read the caller the same way)
    with CaptureQueriesContext(connection) as queries:
        result = which.execute_sync(document, variables, context_value=context)
    return result, len(queries)


def assert_same_answer(
    reference,
    document: str,
    variables: dict | None = None,
    token: str | None = None,
    *,
    refused: bool = False,
    answer: Callable[[Any], str] = answer_text,
    same_queries: bool = False,
    before_each: Callable[[], None] | None = None,
    fewer_queries: int = 0,
) -> dict:
    """The portal's answer equals the reference's as `answer` writes them (and, with `same_queries`, takes as many
    SQL queries, less `fewer_queries` the portal saves); returns the portal's data. Without errors unless `refused`:
    then with errors. `before_each` runs before each of the two (a cache both must start without)."""
    results = []
    for which in (schema, reference):
        if before_each is not None:
            before_each()
        results.append(run_counted(which, document, variables, token))
    (new, new_queries), (old, old_queries) = results
    assert answer(new) == answer(old)
    if same_queries:
        assert new_queries == old_queries - fewer_queries
    assert bool(new.errors) == refused, new.errors
    return new.data
