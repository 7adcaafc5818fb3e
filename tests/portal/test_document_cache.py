"""Issue 21, on strawberry's own extensions since issue 37: a query text is parsed and validated once per process
(ParserCache, ValidationCache, both bounded); what depends on the request (its variables) still runs on each."""

import pytest
from graphql import parse
from strawberry.extensions import ParserCache, ValidationCache

from portal.graphql import limits
from portal.graphql.limits import MAX_DOCUMENTS, MAX_TOKENS
from portal.schema import schema
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

SEARCH = "query($search: String!, $first: Int) { productsSearch(search: $search, first: $first) { id } }"


def _caches():
    """The process's parse and validation caches, as the schema's extensions make them (shared by maxsize)."""
    return (
        ParserCache(maxsize=MAX_DOCUMENTS).cached_parse_document,
        ValidationCache(maxsize=MAX_DOCUMENTS).cached_validate_document,
    )


def test_the_same_text_is_parsed_and_validated_once(demo_store, graphql):
    parse_cache, validation_cache = _caches()
    text = SEARCH + " # parsed once"
    graphql(text, {"search": "acid", "first": 5})
    parses, validations = parse_cache.cache_info(), validation_cache.cache_info()

    for term in ("ethanol", "acid"):
        body = graphql(text, {"search": term, "first": 5})
        assert "errors" not in body, body

    assert parse_cache.cache_info().hits == parses.hits + 2
    assert parse_cache.cache_info().misses == parses.misses
    assert validation_cache.cache_info().hits == validations.hits + 2
    assert validation_cache.cache_info().misses == validations.misses


def test_the_caches_are_bounded():
    assert {cache.cache_info().maxsize for cache in _caches()} == {MAX_DOCUMENTS}


def test_variables_are_checked_on_every_request_of_a_kept_document(demo_store, graphql):
    assert "errors" not in graphql(SEARCH, {"search": "acid", "first": 5})

    nul = graphql(SEARCH, {"search": "ac\x00id", "first": 5})
    too_many = graphql(SEARCH, {"search": "acid", "first": 200_000})  # 1 + 200,000 × 1 over the cost limit
    fine_again = graphql(SEARCH, {"search": "acid", "first": 5})

    assert error_code(nul) == "BAD_USER_INPUT"
    assert nul["data"] is None
    assert too_many["data"] is None
    assert error_code(too_many) == "QUERY_TOO_COMPLEX"
    assert "errors" not in fine_again


def test_the_request_limits_come_before_the_standard_validation_errors(demo_store, graphql):
    query = "query($s: String!, $first: Int) { productsSearch(search: $s, first: $first) { id noSuchField } }"

    for _ in range(2):  # validated, then kept
        body = graphql(query, {"s": "ac\x00id", "first": 100_000})
        assert body["data"] is None
        assert [error["extensions"]["code"] for error in body["errors"]] == [
            "QUERY_TOO_COMPLEX",
            "BAD_USER_INPUT",
            "GRAPHQL_VALIDATION_FAILED",
        ]
        assert "noSuchField" in body["errors"][2]["message"]


def test_an_invalid_document_answers_the_same_errors_every_time(demo_store, graphql):
    first = graphql("{ productsSearch(first: 1) { noSuchField } }")
    second = graphql("{ productsSearch(first: 1) { noSuchField } }")

    assert first == second
    assert first["data"] is None and "noSuchField" in first["errors"][0]["message"]


def test_a_syntax_error_is_answered_the_same_every_time(demo_store, graphql):
    answers = [graphql("{ productsSearch(first: 1) { id }") for _ in range(2)]

    assert answers[0] == answers[1]
    assert answers[0]["data"] is None
    assert answers[0]["errors"][0]["message"].startswith("Syntax Error")
    assert error_code(answers[0]) == "GRAPHQL_PARSE_FAILED"


def _tokens(count: int) -> str:
    """A document of exactly `count` tokens: `{`, pairs of `a: __typename` fields (3 tokens each), `}`."""
    fields, rest = divmod(count - 2, 3)
    assert rest == 0
    return "{ " + " ".join(f"a{i}: __typename" for i in range(fields)) + " }"


def test_a_document_over_the_token_limit_is_not_parsed(graphql):
    at_the_limit = schema.execute_sync(_tokens(MAX_TOKENS))
    over = graphql(_tokens(MAX_TOKENS + 3))

    # Parsed, then refused by the root field limit.
    assert [e.extensions["code"] for e in at_the_limit.errors] == ["QUERY_TOO_COMPLEX"]
    assert over["data"] is None
    assert [error["message"] for error in over["errors"]] == [
        f"Syntax Error: Document contains more than {MAX_TOKENS} tokens. Parsing aborted."
    ]


def test_literals_are_walked_only_when_the_text_may_hold_unstorable_text():
    may_hold = limits._may_hold_unstorable_literal

    assert not may_hold(SEARCH)
    assert may_hold('{ productsSearch(search: "a\\u0000") { id } }')
    assert may_hold('{ productsSearch(search: "a\\u{0}") { id } }')
    assert may_hold('{ productsSearch(search: "a\x00") { id } }')  # graphql-core parses a raw NUL
    assert may_hold('{ productsSearch(search: "\ud800") { id } }')
    literal = parse('{ productsSearch(search: "a\x00") { id } }')
    assert limits.literal_unstorable_paths(literal) == ["search"]
