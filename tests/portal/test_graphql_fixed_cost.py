"""Issue 21: what every /graphql request pays before and after its resolvers, made cheaper without changing an answer.

The view reads a JSON POST without strawberry's second parse of the Content-Type header, and makes its sub-response
without JsonResponse; the request limits set the parser's token limit themselves (strawberry's MaxTokensLimiter was a
second extension for one line); the validation rules are sorted per rules tuple, not asked about on every request.
Each is compared here with what it replaced.
"""

import json

import pytest
from django.test import RequestFactory
from graphql import NoSchemaIntrospectionCustomRule, parse, specified_rules, validate
from strawberry import Schema
from strawberry.django.views import TemporalHttpResponse
from strawberry.extensions import MaxTokensLimiter, SchemaExtension
from strawberry.extensions.runner import SchemaExtensionsRunner
from strawberry.schema.schema import validate_document

from portal.graphql import caching
from portal.graphql.limits import (
    MAX_TOKENS,
    QueryMeasureRule,
    RequestLimits,
    UnstorableTextRule,
    _request_rules,
    request_variables,
)
from portal.graphql.view import PortalGraphQLView, SubResponse
from portal.schema import Mutation, PortalSchema, Query, schema
from tests.portal.test_malformed_requests import MALFORMED, TYPENAME

pytestmark = pytest.mark.django_db


class StrawberryBodyView(PortalGraphQLView):
    """The portal's view reading every body strawberry's way, as it did before issue 21's shortcut."""

    def _plain_json_post(self, request) -> bool:
        return False


def _answer(view_class, body: bytes, content_type: str, **headers) -> tuple[int, dict, bytes]:
    request = RequestFactory().generic("POST", "/graphql", body, content_type=content_type, **headers)
    response = view_class.as_view(schema=schema)(request)
    return response.status_code, dict(response.items()), response.content


READABLE = {
    "typename": ("{" + TYPENAME + "}").encode(),
    "query-null": b'{"query": null}',
    "variables-null": ("{" + TYPENAME + ', "variables": null}').encode(),
    "variables-and-extensions": ("{" + TYPENAME + ', "variables": {"a": 1}, "extensions": {"b": 2}}').encode(),
    "operation-name": b'{"query": "query A { __typename } query B { __typename }", "operationName": "B"}',
    "operation-name-unknown": b'{"query": "query A { __typename }", "operationName": "C"}',
    "two-operations-unnamed": b'{"query": "query A { __typename } query B { __typename }"}',
    "a-mutation-with-variables": b'{"query": "mutation($e: String!) { logout }", "variables": {}}',
    "not-a-document": b'{"query": "{ __typename"}',
    "unknown-field": b'{"query": "{ noSuchField }"}',
    "escaped-nul-in-a-variable": ("{" + TYPENAME + ', "variables": {"s": "a\\u0000b"}}').encode(),
}
BODIES = {
    **{case: (body, "application/json") for case, body in READABLE.items()},
    **{case: (payload, content_type) for case, (payload, content_type, _message) in MALFORMED.items()},
    "json-with-charset": (READABLE["typename"], "application/json; charset=utf-8"),
    "json-upper-case": (READABLE["typename"], "Application/JSON"),
    "json-suffix": (READABLE["typename"], "application/json-patch+json"),
}


@pytest.mark.parametrize("case", list(BODIES))
def test_a_json_post_is_answered_as_strawberry_s_reading_of_it_was(case):
    body, content_type = BODIES[case]

    ours = _answer(PortalGraphQLView, body, content_type)
    strawberry_s = _answer(StrawberryBodyView, body, content_type)

    assert ours == strawberry_s


def test_only_a_post_of_application_json_takes_the_short_way():
    view = PortalGraphQLView(schema=schema)
    factory = RequestFactory()

    def plain(method: str, content_type: str) -> bool:
        request = factory.generic(method, "/graphql", b"{}", content_type=content_type)
        return view._plain_json_post(view.request_adapter_class(request))

    assert plain("POST", "application/json")
    assert plain("POST", "application/json; charset=utf-8")  # Django keeps the parameters apart
    assert not plain("GET", "application/json")
    assert not plain("POST", "application/graphql-response+json")
    assert not plain("POST", "multipart/form-data; boundary=XyZ")


def test_a_streaming_accept_header_is_refused_as_strawberry_refuses_it():
    # The view offers no streaming transport: strawberry's refusal of a streaming Accept never applies to it.
    body = READABLE["typename"]
    for accept in ("text/event-stream", 'multipart/mixed;subscriptionSpec="1.0"'):
        ours = _answer(PortalGraphQLView, body, "application/json", HTTP_ACCEPT=accept)
        assert ours == _answer(StrawberryBodyView, body, "application/json", HTTP_ACCEPT=accept)
        assert ours[0] == 200


def test_the_sub_response_is_strawberry_s_empty_one():
    ours, strawberry_s = SubResponse(), TemporalHttpResponse()

    assert isinstance(ours, TemporalHttpResponse)
    assert ours.status_code is strawberry_s.status_code is None
    assert dict(ours.items()) == dict(strawberry_s.items()) == {"Content-Type": "application/json"}
    assert ours.content == strawberry_s.content == b"{}"
    assert ours.charset == strawberry_s.charset
    assert dict(ours.cookies) == dict(strawberry_s.cookies) == {}


def test_what_a_resolver_sets_on_the_sub_response_reaches_the_answer_as_before():
    view = PortalGraphQLView(schema=schema)
    answers = []
    for sub_response in (SubResponse(), TemporalHttpResponse()):
        sub_response["X-Answer"] = "42"
        sub_response.status_code = 202
        sub_response.set_cookie("seen", "1", httponly=True)
        response = view.create_response({"data": {"__typename": "Query"}}, sub_response)
        answers.append((response.status_code, dict(response.items()), response.cookies.output(), response.content))

    assert answers[0] == answers[1]
    assert answers[0][0] == 202 and answers[0][1]["X-Answer"] == "42"


def test_the_view_answers_with_its_own_sub_response(client):
    response = client.post("/graphql", data={"query": "{ __typename }"}, content_type="application/json")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"data": {"__typename": "Query"}}


# The token limit (RequestLimits, in place of strawberry's MaxTokensLimiter) ------------------------------------------


def _tokens(count: int) -> str:
    """A document of exactly `count` tokens: `{`, pairs of `a: __typename` fields (3 tokens each), `}`."""
    fields, rest = divmod(count - 2, 3)
    assert rest == 0
    return "{ " + " ".join(f"a{i}: __typename" for i in range(fields)) + " }"


def test_the_token_limit_is_strawberry_s_max_tokens_limiter_s():
    caching.clear()
    reference = PortalSchema(
        query=Query,
        mutation=Mutation,
        extensions=[
            extension for extension in schema.extensions if extension not in (caching.DocumentCache, RequestLimits)
        ]
        + [lambda: MaxTokensLimiter(max_token_count=5000)],
    )
    assert MAX_TOKENS == 5000

    for count in (MAX_TOKENS, MAX_TOKENS + 3):
        document = _tokens(count)
        ours = schema.execute_sync(document)
        strawberry_s = reference.execute_sync(document)
        # Ours refuses both (the root field limit, after parsing); only a document over the token limit is not parsed.
        too_many_tokens = [e.message for e in ours.errors if "tokens" in e.message]
        assert too_many_tokens == [e.message for e in strawberry_s.errors or () if "tokens" in e.message]
        assert bool(too_many_tokens) == (count > MAX_TOKENS)
    caching.clear()


# The validation rules sorted once per rules tuple ---------------------------------------------------------------------


SEARCH = "query($search: String!, $first: Int) { productsSearch(search: $search, first: $first) { id noSuchField } }"
CASES = [
    ({"search": "acid", "first": 5}, "clean but for an unknown field"),
    ({"search": "ac\x00id", "first": 5}, "NUL in a variable"),
    ({"search": "acid", "first": 100_000}, "too costly"),
]


@pytest.mark.parametrize(("variables", "case"), CASES, ids=[c[1] for c in CASES])
def test_the_kept_validation_answers_as_validating_the_whole_document(variables, case, settings):
    settings.GRAPHQL_INTROSPECTION = False  # one more rule of the request's
    caching.clear()
    document = parse(SEARCH)
    all_rules = (*specified_rules, *_request_rules())
    with request_variables(variables):
        walked = [error.formatted for error in validate_document(schema._schema, document, all_rules)]
        kept = [e.formatted for e in caching.validation_errors(schema._schema, document, SEARCH, all_rules)]
        again = [e.formatted for e in caching.validation_errors(schema._schema, document, SEARCH, all_rules)]

    assert sorted(map(json.dumps, kept)) == sorted(map(json.dumps, walked))
    assert again == kept
    caching.clear()


def test_the_rules_are_sorted_once_per_rules_tuple_and_the_sorting_is_bounded():
    caching.clear()
    rules = (*specified_rules, UnstorableTextRule, QueryMeasureRule)

    first = caching._sorted_rules(rules)
    assert caching._sorted_rules(tuple(rules)) is first
    assert first.fixed == tuple(specified_rules)
    assert (first.walked, first.on_entering, first.on_leaving) == ((), (QueryMeasureRule,), (UnstorableTextRule,))

    for n in range(caching._rule_sets.size + 5):
        caching._sorted_rules(tuple(specified_rules[: n % len(specified_rules)]) + (object,) * (n // 10))
    assert len(caching._rule_sets._items) == caching._rule_sets.size
    caching.clear()
    assert len(caching._rule_sets._items) == 0


def test_a_walked_per_request_rule_still_runs_between_the_direct_ones():
    class Walked(NoSchemaIntrospectionCustomRule):
        per_request = True

    caching.clear()
    query = 'query { __schema { queryType { name } } productsSearch(search: "a\\u0000", first: 100000) { id } }'
    document = parse(query)
    rules = [UnstorableTextRule, Walked, QueryMeasureRule]
    with request_variables({}):
        walked = [error.formatted for error in validate(schema._schema, document, rules)]
        direct = [error.formatted for error in caching._per_request_errors(schema._schema, document, rules)]

    assert direct == walked
    assert len(walked) == 3
    caching.clear()


def test_the_document_cache_parses_with_the_token_limit():
    caching.clear()
    document = _tokens(MAX_TOKENS + 3)

    result = schema.execute_sync(document)

    assert result.data is None
    assert [e.message for e in result.errors] == [
        f"Syntax Error: Document contains more than {MAX_TOKENS} tokens. Parsing aborted."
    ]
    assert caching._documents._items == {}
    caching.clear()


# The extensions' hooks found out once per class (caching.ExtensionsRunner) --------------------------------------------


class StrawberryRunnerSchema(PortalSchema):
    """The portal's schema with strawberry's own runner of the extensions' hooks."""

    def create_extensions_runner(self, execution_context, extensions):
        return Schema.create_extensions_runner(self, execution_context, extensions)


def _recorders(log: list[str]) -> list[type[SchemaExtension]]:
    class Outer(SchemaExtension):
        def on_operation(self):
            log.append("outer operation")
            yield
            log.append("outer operation done")

        def on_parse(self):
            log.append("outer parse")
            yield
            log.append("outer parse done")

        def on_validate(self):
            log.append(f"outer validate {self.execution_context.pre_execution_errors}")
            try:
                yield
            finally:
                log.append(f"outer validate done {self.execution_context.pre_execution_errors!r:.60}")

        def on_execute(self):
            try:
                yield
            except Exception as exc:  # what an inner hook raised reaches this one, as in an ExitStack
                log.append(f"outer saw {exc}")
                raise
            finally:
                log.append("outer execute done")

    class Inner(SchemaExtension):
        def on_execute(self):  # a plain callable, not a generator: strawberry wraps it its own way
            log.append("inner execute")

    class Failing(SchemaExtension):
        def on_execute(self):
            yield
            if self.execution_context.query == "{ __typename }":
                raise RuntimeError("failed after execution")

    return [Outer, Inner, Failing]


@pytest.mark.parametrize(
    "query", ["{ __typename }", "{ __typename", "{ noSuchField }", "query A { __typename } query B { __typename }"]
)
def test_the_kept_hooks_run_as_strawberry_runs_them(query):
    caching.clear()
    answers = []
    for schema_class in (PortalSchema, StrawberryRunnerSchema):
        log: list[str] = []
        one = schema_class(query=Query, mutation=Mutation, extensions=[*schema.extensions, *_recorders(log)])
        result = one.execute_sync(query, context_value=None)
        answers.append((result.data, [e.formatted for e in result.errors or ()], log))

    assert answers[0] == answers[1]
    assert answers[0][2]  # the hooks ran
    caching.clear()


def test_a_hook_is_found_out_once_per_class_and_step():
    log: list[str] = []
    outer, inner, _failing = _recorders(log)
    extensions = [outer(), inner()]

    first = caching._Executing(extensions).hooks
    second = caching._Executing([outer(), inner()]).hooks

    assert [hook.extension for hook in first] == extensions
    assert caching._hook_factories[(outer, "on_execute")] is not None
    assert (inner, "on_execute") not in caching._hook_factories  # strawberry's own way, each time
    assert len(second) == len(first) == 2
    assert caching._Parsing([inner()]).hooks == []
    assert caching._hook_factories[(inner, "on_parse")] is None


def test_the_kept_hooks_are_bounded():
    for _ in range(caching._HOOKS_KEPT):
        caching._Parsing([caching.DocumentCache(), *(extension() for extension in _recorders([]))])

    assert 0 < len(caching._hook_factories) <= caching._HOOKS_KEPT


def test_the_extensions_results_are_gathered_as_strawberry_gathers_them():
    class Measures(SchemaExtension):
        def get_results(self):
            return {"measured": self.execution_context.query}

    class Waits(SchemaExtension):
        async def get_results(self):
            return {}

    extensions = [caching.DocumentCache(), Measures(), RequestLimits()]
    for extension in extensions:
        extension.execution_context = type("Context", (), {"query": "{ __typename }"})()

    ours = caching.ExtensionsRunner(execution_context=None, extensions=extensions).get_extensions_results_sync()
    strawberry_s = SchemaExtensionsRunner(execution_context=None, extensions=extensions).get_extensions_results_sync()
    assert ours == strawberry_s == {"measured": "{ __typename }"}

    for runner_class in (caching.ExtensionsRunner, SchemaExtensionsRunner):
        with pytest.raises(RuntimeError, match="Cannot use async extension hook during sync execution"):
            runner_class(execution_context=None, extensions=[Waits()]).get_extensions_results_sync()
