"""Issue 21: a query text is parsed and validated once per process; what depends on the request still runs on each."""

import pytest

from portal.graphql import caching
from portal.lru import LRU
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

SEARCH = "query($search: String!, $first: Int) { productsSearch(search: $search, first: $first) { id } }"


@pytest.fixture(autouse=True)
def cold_cache():
    caching.clear()
    yield
    caching.clear()


def test_the_same_text_is_parsed_once_and_its_standard_validation_kept(demo_store, graphql, monkeypatch):
    parses, validations = [], []
    real_parse, real_validate = caching.parse, caching.validate_document
    monkeypatch.setattr(caching, "parse", lambda *a, **k: parses.append(1) or real_parse(*a, **k))
    monkeypatch.setattr(caching, "validate_document", lambda *a: validations.append(1) or real_validate(*a))

    for term in ("acid", "ethanol", "acid"):
        body = graphql(SEARCH, {"search": term, "first": 5})
        assert "errors" not in body, body

    assert (len(parses), len(validations)) == (1, 1)


def test_variables_are_checked_on_every_request_of_a_kept_document(demo_store, graphql):
    assert "errors" not in graphql(SEARCH, {"search": "acid", "first": 5})

    nul = graphql(SEARCH, {"search": "ac\x00id", "first": 5})
    too_many = graphql(SEARCH, {"search": "acid", "first": 100_000})

    assert error_code(nul) == "BAD_USER_INPUT"
    assert nul["data"] is None
    assert too_many["data"] is None
    assert too_many["errors"], too_many


def test_an_invalid_document_answers_the_same_errors_every_time(demo_store, graphql):
    first = graphql("{ productsSearch(first: 1) { noSuchField } }")
    second = graphql("{ productsSearch(first: 1) { noSuchField } }")

    assert first == second
    assert first["data"] is None and "noSuchField" in first["errors"][0]["message"]


def test_a_syntax_error_is_answered_not_kept(demo_store, graphql):
    for _ in range(2):
        body = graphql("{ productsSearch(first: 1) { id }")
        assert body["data"] is None
        assert "Syntax Error" in body["errors"][0]["message"]


def test_the_cache_is_bounded(monkeypatch):
    lru = LRU(3)
    for n in range(5):
        lru.put(n, str(n))
    assert [lru.get(n) for n in range(5)] == [None, None, "2", "3", "4"]


# The per-request rules without graphql-core's walk (portal.graphql.caching._per_request_errors): the same errors, in
# the same order, as validating the document with them.
DIRECT_CASES = [
    ("clean", SEARCH, {"search": "acid", "first": 5}),
    ("NUL in a variable", SEARCH, {"search": "ac\x00id", "first": 5}),
    ("a surrogate in a key", "query($d: JSON) { __typename }", {"d": {"a\ud800": 1}}),
    ("NUL in a literal", '{ productsSearch(search: "ac\\u0000id", first: 1) { id } }', {}),
    (
        "literals and variables, over 20 paths",
        "query($s: [String!]) { a: productsSearch(search: \"\\u0000\") { id } "
        + " ".join(f'p{i}: productsSearch(search: "x\\u0000{i}") {{ id }}' for i in range(8))
        + " }",
        {"s": [f"n\x00{i}" for i in range(15)]},
    ),
    ("too costly and NUL", SEARCH, {"search": "ac\x00id", "first": 100_000}),
    ("too many root fields", "{ " + " ".join(f"a{i}: __typename" for i in range(12)) + " }", {}),
    ("too deep", "{ __schema { types { " + "fields { type { " + "ofType { " * 12 + "name" + " }" * 17, {}),
    (
        "fragments",
        "query($f: Int) { ...A } fragment A on Query { productsSearch(search: \"\\u0000\", first: $f) { id } }",
        {"f": 100_000},
    ),
]  # fmt: skip


@pytest.mark.parametrize(("case", "query", "variables"), DIRECT_CASES, ids=[c[0] for c in DIRECT_CASES])
def test_the_per_request_rules_answer_as_a_walk_of_the_document_would(case, query, variables):
    from graphql import parse, validate

    from portal.graphql.limits import QueryMeasureRule, UnstorableTextRule, request_variables
    from portal.schema import schema

    document = parse(query)
    rules = [UnstorableTextRule, QueryMeasureRule]
    with request_variables(variables):
        walked = [error.formatted for error in validate(schema._schema, document, rules)]
        direct = [error.formatted for error in caching._per_request_errors(schema._schema, document, rules)]
        assert direct == walked
        assert bool(walked) == (case != "clean")
        again = [error.formatted for error in caching._per_request_errors(schema._schema, document, rules)]
        assert again == walked  # the literals' paths kept for the document give the same answer


def test_the_request_rules_are_made_once_and_read_each_operation_s_own_variables(demo_store, graphql):
    from portal.graphql import limits

    query = "query($s: String) { productsSearch(search: $s, first: 1) { id } }"
    before = (limits.UnstorableTextRule, limits.QueryMeasureRule)

    refused = graphql(query, {"s": "ac\x00id"})
    answered = graphql(query, {"s": "acid"})

    assert refused["data"] is None
    assert refused["errors"][0]["extensions"]["code"] == "BAD_USER_INPUT"
    assert "errors" not in answered
    assert (limits.UnstorableTextRule, limits.QueryMeasureRule) == before
    assert limits._variables.get() == {}  # nothing left behind after the operations
