"""The request limits' measure kept per operation and what it reads of the variables (issue 21,
portal.graphql.limits.operation_measure): the same figures as measuring anew, whatever the variables, and measured
once per operation and variables' shape."""

from __future__ import annotations

from unittest import mock

import pytest
import strawberry
from django.conf import settings
from graphql import FragmentDefinitionNode, OperationDefinitionNode, parse

from portal.graphql import limits
from portal.graphql.limits import OperationMeasure, graphql_schema, operation_measure
from portal.schema import schema

GRAPHQL_SCHEMA = graphql_schema(schema)

DOCUMENT = parse(
    """query Q($n: Int, $skus: [String!]!, $ids: [Int!], $search: String, $deep: Boolean!) {
         quotes(first: $n) { totalCount edges { node { ...Header } } }
         variantSku(variantSkus: $skus) { variantSku optionValues { id } }
         productsSearch(first: $n, productIds: $ids, search: $search) { id variants @include(if: $deep) { sku } }
       }
       fragment Header on QuoteHeader { id number salesRep { name email } }"""
)
OPERATION = next(d for d in DOCUMENT.definitions if isinstance(d, OperationDefinitionNode))
FRAGMENTS = {d.name.value: d for d in DOCUMENT.definitions if isinstance(d, FragmentDefinitionNode)}

VARIABLES = [
    {"n": 20, "skus": ["A", "B", "C"], "deep": True},
    {"n": 21, "skus": ["A", "B", "C"], "deep": True},
    {"n": 20, "skus": ["A"] * 500, "deep": False},
    {"skus": ["A", "B", "C"], "deep": True},  # n not sent: the fields' defaults
    {"n": None, "skus": [], "deep": True},  # n sent as null
    {"n": 0, "skus": ["A"], "ids": [1, 2], "search": "buffer", "deep": True},
    {"n": 0, "skus": ["A"], "ids": [1, 2], "search": "other text", "deep": False},
    {"n": "7", "skus": "A", "ids": {"x": 1}, "deep": True},  # wrong types: counted as any other value
    {"n": True, "skus": ["A", "B"], "deep": True},  # a Boolean is not a page size
    {"n": 1.5, "skus": ["A", "B"], "deep": True},
    {"n": 10**6, "skus": ["A"] * 40, "deep": True},
]


def _fresh(variables: dict) -> tuple:
    measure = OperationMeasure(
        GRAPHQL_SCHEMA, OPERATION, FRAGMENTS, variables, max_depth=settings.GRAPHQL_MAX_QUERY_DEPTH
    )
    return measure.too_deep, measure.root_fields, measure.cost


def _kept(variables: dict, max_depth: int | None = None) -> tuple:
    depth = settings.GRAPHQL_MAX_QUERY_DEPTH if max_depth is None else max_depth
    return tuple(operation_measure(GRAPHQL_SCHEMA, OPERATION, FRAGMENTS, variables, max_depth=depth))


@pytest.mark.parametrize("order", [1, -1])
def test_the_kept_figures_are_those_measured_anew_whatever_the_variables(order):
    limits._measures.clear()
    for _round in range(2):
        for variables in VARIABLES[::order]:
            assert _kept(variables) == _fresh(variables), variables


def test_an_operation_is_measured_once_per_shape_of_its_variables():
    limits._measures.clear()
    built = []
    original = limits.OperationMeasure

    def counted(*args, **kwargs):
        built.append(args[3])
        return original(*args, **kwargs)

    with mock.patch.object(limits, "OperationMeasure", counted):
        _kept({"n": 20, "skus": ["A", "B"], "search": "a", "deep": True})
        _kept({"n": 20, "skus": ["C", "D"], "search": "b", "deep": False})  # same integers and lengths
        assert len(built) == 1
        _kept({"n": 21, "skus": ["C", "D"], "search": "b", "deep": False})
        _kept({"n": 20, "skus": ["C", "D", "E"], "search": "b", "deep": False})
        _kept({"n": 20, "skus": ["C", "D"], "deep": False})  # search not sent
        _kept({"n": 20, "skus": ["C", "D"], "search": "a", "deep": False}, max_depth=3)
        assert len(built) == 5


def test_another_schema_or_document_is_measured_anew():
    limits._measures.clear()

    @strawberry.type
    class Query:
        quotes: int = 0

    other = strawberry.Schema(query=Query)
    variables = {"n": 20, "skus": ["A"], "deep": True}
    operation_measure(GRAPHQL_SCHEMA, OPERATION, FRAGMENTS, variables, max_depth=12)
    measured = operation_measure(graphql_schema(other), OPERATION, FRAGMENTS, variables, max_depth=12)

    fresh = OperationMeasure(graphql_schema(other), OPERATION, FRAGMENTS, variables, max_depth=12)
    assert (measured.root_fields, measured.cost) == (fresh.root_fields, fresh.cost) == (3, 5)

    (again,) = parse("query Q($n: Int) { quotes(first: $n) { totalCount } }").definitions
    assert operation_measure(GRAPHQL_SCHEMA, again, {}, {"n": 5}, max_depth=12).cost == 1 + 1


def test_values_of_unusual_types_from_in_process_callers_are_not_kept():
    class Count(int):
        pass

    limits._measures.clear()
    variables = {"n": Count(20), "skus": ("A", "B"), "deep": True}

    assert limits._measure_key(GRAPHQL_SCHEMA, OPERATION, variables, 12) is None
    assert _kept(variables) == _fresh(variables)
