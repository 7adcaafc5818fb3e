"""Parse and validate a query text once per web process, not once per request (issue 21).

The overlay sends the same few dozen documents again and again; parsing and graphql-core's standard validation of
one cost 0.3 + 2.0 ms of a start-up request's CPU (bench/PROFILE-issue21.md). Both depend on the query text alone,
so their results are kept in a bounded LRU per process, keyed by the text (and the parse options and rules that
produced them). The rules that depend on the request's variables (portal.graphql.limits: text PostgreSQL cannot
store, depth / root fields / cost) are marked `per_request` and still run on every request, as does everything
after validation (variable coercion, permissions, resolvers).

Only what parsed is kept (a syntax or token-limit error is left to strawberry's own parse, which answers it). The
cache is bounded (LRU) so that unique query texts sent by a client cannot grow memory.
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

from graphql import DocumentNode, GraphQLError, GraphQLSchema, parse, validate
from strawberry.extensions import SchemaExtension
from strawberry.schema.schema import validate_document

MAX_DOCUMENTS = 512


class _LRU:
    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Any) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: Any, value: Any) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


_documents = _LRU(MAX_DOCUMENTS)
_validations = _LRU(MAX_DOCUMENTS)
# The compiled projectors of plain data (portal.graphql.plain), by the type and selection they answer, and its
# coercers of variables, by input type; the projector of each plain field of a kept document, by its place and the
# values of the variables its directives read, and those variables' names per operation.
plain_projectors = _LRU(MAX_DOCUMENTS)
plain_input_coercers = _LRU(MAX_DOCUMENTS)
plain_selections = _LRU(4 * MAX_DOCUMENTS)
plain_directive_variables = _LRU(MAX_DOCUMENTS)
# The request limits' measure of an operation (portal.graphql.limits.operation_measure), by the operation and what
# the measure reads of the variables.
operation_measures = _LRU(4 * MAX_DOCUMENTS)


def clear() -> None:
    """Forget every kept document, validation and projector (tests that change the schema's rules or settings)."""
    _documents.clear()
    _validations.clear()
    plain_projectors.clear()
    plain_input_coercers.clear()
    plain_selections.clear()
    plain_directive_variables.clear()
    operation_measures.clear()


def parsed(query: str, options: dict[str, Any]) -> DocumentNode:
    key = (query, tuple(sorted(options.items())))
    document = _documents.get(key)
    if document is None:
        document = parse(query, **options)
        _documents.put(key, document)
    return document


def validation_errors(
    schema: GraphQLSchema, document: DocumentNode, query: str, rules: tuple[type, ...]
) -> list[GraphQLError]:
    """The errors of `rules` (and strawberry's own two, as `validate_document` adds them): those that do not depend on
    the request are kept per (query text, rules); the `per_request` ones run each time."""
    fixed = tuple(rule for rule in rules if not getattr(rule, "per_request", False))
    per_request = [rule for rule in rules if getattr(rule, "per_request", False)]
    key = (query, fixed)
    errors = _validations.get(key)
    if errors is None:
        errors = tuple(validate_document(schema, document, fixed))
        _validations.put(key, errors)
    return [*_per_request_errors(schema, document, per_request), *errors]


def _per_request_errors(schema: GraphQLSchema, document: DocumentNode, rules: list[type]) -> list[GraphQLError]:
    """The errors of the per-request rules. A rule with `document_errors(schema, document)` gives its errors without
    graphql-core's walk of the whole document with type information (0.4–1.3 ms a request for the overlay's
    documents): the errors reported on entering the document first, then those reported on leaving it
    (`reports_on_leave`), as a walk orders them. Any other rule is run by graphql-core's `validate`."""
    walked = [rule for rule in rules if not hasattr(rule, "document_errors")]
    errors = list(validate(schema, document, walked)) if walked else []
    direct = [rule for rule in rules if hasattr(rule, "document_errors")]
    on_entering = [
        e
        for rule in direct
        if not getattr(rule, "reports_on_leave", False)
        for e in rule.document_errors(schema, document)
    ]
    on_leaving = [
        e for rule in direct if getattr(rule, "reports_on_leave", False) for e in rule.document_errors(schema, document)
    ]
    return [*on_entering, *errors, *on_leaving]


class DocumentCache(SchemaExtension):
    """Takes over strawberry's parse and validation steps with the per-process caches above."""

    def on_parse(self) -> Iterator[None]:
        context = self.execution_context
        if context.graphql_document is None and context.query:
            # On a syntax or token-limit error strawberry parses it again and answers the error its own way.
            with contextlib.suppress(GraphQLError):
                context.graphql_document = parsed(context.query, context.parse_options)
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        if context.pre_execution_errors is None and context.graphql_document is not None and context.query:
            context.pre_execution_errors = validation_errors(
                context.schema._schema, context.graphql_document, context.query, tuple(context.validation_rules)
            )
        yield
