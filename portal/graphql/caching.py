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
import functools
import inspect
from collections.abc import Iterator
from typing import Any, NamedTuple

from graphql import DocumentNode, GraphQLError, GraphQLSchema, parse, validate
from strawberry.extensions import SchemaExtension
from strawberry.extensions.context import (
    ExecutingContextManager,
    OperationContextManager,
    ParsingContextManager,
    ValidationContextManager,
    WrappedHook,
)
from strawberry.extensions.runner import SchemaExtensionsRunner
from strawberry.schema.schema import validate_document

from portal.lru import LRU

MAX_DOCUMENTS = 512


_documents = LRU(MAX_DOCUMENTS)
_validations = LRU(MAX_DOCUMENTS)
# The compiled projectors of plain data (portal.graphql.plain), by the type and selection they answer, and its
# coercers of variables, by input type; the projector of each plain field of a kept document, by its place and the
# values of the variables its directives read, and those variables' names per operation.
plain_projectors = LRU(MAX_DOCUMENTS)
plain_input_coercers = LRU(MAX_DOCUMENTS)
plain_selections = LRU(4 * MAX_DOCUMENTS)
plain_directive_variables = LRU(MAX_DOCUMENTS)
# The request limits' measure of an operation (portal.graphql.limits.operation_measure), by the operation and what
# the measure reads of the variables.
operation_measures = LRU(4 * MAX_DOCUMENTS)


def clear() -> None:
    """Forget every kept document, validation, projector and sorting of rules and hooks (tests that change the
    schema's rules or settings)."""
    _documents.clear()
    _validations.clear()
    plain_projectors.clear()
    plain_input_coercers.clear()
    plain_selections.clear()
    plain_directive_variables.clear()
    operation_measures.clear()
    _rule_sets.clear()
    _hook_factories.clear()


def parsed(query: str, options: dict[str, Any]) -> DocumentNode:
    key = (query, tuple(sorted(options.items())))
    document = _documents.get(key)
    if document is None:
        document = parse(query, **options)
        _documents.put(key, document)
    return document


class _RuleSets(NamedTuple):
    """A request's validation rules sorted once per rules tuple: asking each of some thirty rule classes for
    `per_request` and `document_errors` cost more than the rest of a kept validation (issue 21)."""

    fixed: tuple[type, ...]  # kept with the document
    walked: tuple[type, ...]  # per request, run by graphql-core's walk
    on_entering: tuple[type, ...]  # per request, `document_errors` reported on entering the document
    on_leaving: tuple[type, ...]  # per request, `document_errors` reported on leaving it (`reports_on_leave`)


# By the rules tuple of a request; a handful of tuples in practice (the introspection switch adds a rule), bounded
# all the same.
_rule_sets = LRU(64)


def _sorted_rules(rules: tuple[type, ...]) -> _RuleSets:
    sets = _rule_sets.get(rules)
    if sets is None:
        per_request = [rule for rule in rules if getattr(rule, "per_request", False)]
        direct = [rule for rule in per_request if hasattr(rule, "document_errors")]
        sets = _RuleSets(
            fixed=tuple(rule for rule in rules if not getattr(rule, "per_request", False)),
            walked=tuple(rule for rule in per_request if not hasattr(rule, "document_errors")),
            on_entering=tuple(rule for rule in direct if not getattr(rule, "reports_on_leave", False)),
            on_leaving=tuple(rule for rule in direct if getattr(rule, "reports_on_leave", False)),
        )
        _rule_sets.put(rules, sets)
    return sets


def validation_errors(
    schema: GraphQLSchema, document: DocumentNode, query: str, rules: tuple[type, ...]
) -> list[GraphQLError]:
    """The errors of `rules` (and strawberry's own two, as `validate_document` adds them): those that do not depend on
    the request are kept per (query text, rules); the `per_request` ones run each time."""
    sets = _sorted_rules(rules)
    key = (query, sets.fixed)
    errors = _validations.get(key)
    if errors is None:
        errors = tuple(validate_document(schema, document, sets.fixed))
        _validations.put(key, errors)
    if not (sets.walked or sets.on_entering or sets.on_leaving):
        return list(errors)
    return [*_rule_set_errors(schema, document, sets), *errors]


def _per_request_errors(schema: GraphQLSchema, document: DocumentNode, rules: list[type]) -> list[GraphQLError]:
    """The errors of the per-request rules. A rule with `document_errors(schema, document)` gives its errors without
    graphql-core's walk of the whole document with type information (0.4–1.3 ms a request for the overlay's
    documents): the errors reported on entering the document first, then those reported on leaving it
    (`reports_on_leave`), as a walk orders them. Any other rule is run by graphql-core's `validate`."""
    return _rule_set_errors(schema, document, _sorted_rules(tuple(rules)))


def _rule_set_errors(schema: GraphQLSchema, document: DocumentNode, sets: _RuleSets) -> list[GraphQLError]:
    errors = list(validate(schema, document, sets.walked)) if sets.walked else []
    on_entering = [e for rule in sets.on_entering for e in rule.document_errors(schema, document)]
    on_leaving = [e for rule in sets.on_leaving for e in rule.document_errors(schema, document)]
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


# Extension hooks ---------------------------------------------------------------------------------------------------
#
# strawberry makes the extensions and, for each of the four steps of an operation, a context manager over their hooks
# on every request; finding each hook out (is it overridden, is it a generator function, a contextmanager made of it
# with functools.wraps) cost about a tenth of a `{ __typename }` request (issue 21). What it finds out depends on the
# extension's class alone: kept here per class and step, and the hook entered as strawberry enters it (the same
# generator, in the same ExitStack, in the same order).

_NOT_KEPT = object()  # strawberry's own way each time: an async hook or a plain callable (none of ours)
# A schema has a handful of extension classes; bounded all the same (a test may make classes by the dozen).
_hook_factories: dict[tuple[type, str], Any] = {}
_HOOKS_KEPT = 256


class _KeptHooks:
    HOOK_NAME: str

    def get_hook(self, extension: SchemaExtension) -> WrappedHook | None:
        key = (type(extension), self.HOOK_NAME)
        factory = _hook_factories.get(key, _NOT_KEPT)
        if factory is _NOT_KEPT:
            hook_fn = getattr(type(extension), self.HOOK_NAME)
            if hook_fn is getattr(SchemaExtension, self.HOOK_NAME):
                factory = None
            elif inspect.isgeneratorfunction(hook_fn):
                factory = contextlib.contextmanager(hook_fn)
            else:
                return super().get_hook(extension)  # type: ignore[misc]
            if len(_hook_factories) >= _HOOKS_KEPT:
                _hook_factories.clear()
            _hook_factories[key] = factory
        if factory is None:
            return None
        return WrappedHook(extension=extension, hook=functools.partial(factory, extension), is_async=False)


class _Operation(_KeptHooks, OperationContextManager):
    pass


class _Validation(_KeptHooks, ValidationContextManager):
    pass


class _Parsing(_KeptHooks, ParsingContextManager):
    pass


class _Executing(_KeptHooks, ExecutingContextManager):
    pass


_RESULTS_NONE, _RESULTS_ASYNC, _RESULTS_SYNC = "none", "async", "sync"


def _results_kind(extension_class: type) -> str:
    """Whether the class's get_results is SchemaExtension's (an empty dict), a coroutine function or a function."""
    key = (extension_class, "get_results")
    kind = _hook_factories.get(key)
    if kind is None:
        get_results = extension_class.get_results
        if get_results is SchemaExtension.get_results:
            kind = _RESULTS_NONE
        elif inspect.iscoroutinefunction(get_results):
            kind = _RESULTS_ASYNC
        else:
            kind = _RESULTS_SYNC
        if len(_hook_factories) >= _HOOKS_KEPT:
            _hook_factories.clear()
        _hook_factories[key] = kind
    return kind


class ExtensionsRunner(SchemaExtensionsRunner):
    """strawberry's runner of the extensions' hooks with what it finds out about their classes kept (above)."""

    def get_extensions_results_sync(self) -> dict[str, Any]:
        # strawberry's, without asking inspect about every extension's get_results on every request.
        data: dict[str, Any] = {}
        for extension in self.extensions:
            kind = _results_kind(type(extension))
            if kind == _RESULTS_ASYNC:
                raise RuntimeError("Cannot use async extension hook during sync execution")
            if kind == _RESULTS_SYNC:
                data.update(extension.get_results())
        return data

    def operation(self) -> OperationContextManager:
        return _Operation(self.extensions)

    def validation(self) -> ValidationContextManager:
        return _Validation(self.extensions)

    def parsing(self) -> ParsingContextManager:
        return _Parsing(self.extensions)

    def executing(self) -> ExecutingContextManager:
        return _Executing(self.extensions)
