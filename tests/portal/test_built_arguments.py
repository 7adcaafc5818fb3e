"""Lists of plain inputs taken as their variables' coercion built them (portal.graphql.plain.take_built_arguments,
issue 21): a field without field extensions, exception handlers or async that takes a list of `plain_input`s
receives the instances `plain_variable_values` built, past strawberry's per-item conversion, and answers exactly what
strawberry's own resolver answers (data and errors); every other field, and every list that was not built that way,
goes through strawberry as before."""

from __future__ import annotations

from unittest import mock

import pytest
import strawberry
import strawberry.types.arguments as strawberry_arguments
from strawberry.permission import BasePermission

from portal.errors import InputError
from portal.graphql.plain import PlainDataExecutor, plain_input
from portal.schema import PortalSchema
from portal.schema import schema as portal_schema


@plain_input
@strawberry.input
class BuiltOption:
    option_id: int
    value_id: int | None = None


@plain_input
@strawberry.input
class BuiltLine:
    product_id: int
    quantity: int = 1
    options: list[BuiltOption] = strawberry.field(default_factory=list)


@strawberry.input
class OtherLine:
    product_id: int


class Nobody(BasePermission):
    message = "No."

    def has_permission(self, source, info, **kwargs) -> bool:
        return False


received: list = []


def _describe(lines: list[BuiltLine] | None) -> list | None:
    if lines is None:
        return None
    received.append(lines)
    return [[line.product_id, line.quantity, [[o.option_id, o.value_id] for o in line.options]] for line in lines]


@strawberry.type
class Query:
    @strawberry.field
    def lines(
        self, info: strawberry.Info, lines: list[BuiltLine], label: str = "x", more: list[BuiltLine] | None = None
    ) -> strawberry.scalars.JSON:
        if any(line.quantity < 0 for line in lines):
            raise InputError(fields={"lines": ["A quantity is never negative."]})
        return {"label": label, "lines": _describe(lines), "more": _describe(more), "field": info.field_name}

    @strawberry.field(permission_classes=[Nobody])
    def guarded(self, lines: list[BuiltLine]) -> int:
        return len(lines)

    @strawberry.field
    def other(self, lines: list[OtherLine]) -> int:
        return len(lines)


small_schema = PortalSchema(query=Query, execution_context_class=PlainDataExecutor)
DOCUMENT = (
    "query($lines: [BuiltLine!]!, $more: [BuiltLine!], $label: String!) "
    "{ lines(lines: $lines, more: $more, label: $label) }"
)
LINES = [
    {"productId": 1},
    {"productId": 2, "quantity": 3, "options": [{"optionId": 7, "valueId": 8}, {"optionId": 9}]},
]


def strawberry_answer(schema, graphql_field_name: str, document: str, variables: dict | None = None):
    """The answer of strawberry's own resolver for the field."""
    graphql_field = schema._schema.query_type.fields[graphql_field_name]
    with mock.patch.object(graphql_field, "resolve", graphql_field.resolve.strawberry_resolve):
        return schema.execute_sync(document, variable_values=variables)


def as_json(result) -> dict:
    return {"data": result.data, "errors": [(e.message, e.path, e.extensions) for e in result.errors or []]}


def test_only_fields_taking_plain_input_lists_without_extensions_are_changed():
    assert small_schema.fields_with_built_arguments == ["Query.lines"]
    # priceProducts' answers on this path are compared with its resolver before issue 21 in
    # tests/pricing/test_price_products_reference.py.
    assert portal_schema.fields_with_built_arguments == ["Query.priceProducts"]


@pytest.mark.parametrize(
    "variables",
    [
        {"lines": LINES, "more": None, "label": "a"},
        {"lines": LINES, "more": LINES[:1], "label": "b"},
        {"lines": [], "more": [], "label": "c"},
        {"lines": [{"productId": 5, "quantity": -1}], "more": None, "label": "d"},  # the resolver's own error
    ],
)
def test_built_lists_answer_as_strawberry_answers(variables):
    received.clear()

    built = small_schema.execute_sync(DOCUMENT, variable_values=variables)

    assert as_json(built) == as_json(strawberry_answer(small_schema, "lines", DOCUMENT, variables))
    assert all(type(line) is BuiltLine for lines in received for line in lines)


def test_the_items_built_with_the_variables_are_not_converted_again():
    calls = []
    convert = strawberry_arguments.convert_argument

    def counted(value, type_, *args, **kwargs):
        calls.append(type_ if value is not None else None)
        return convert(value, type_, *args, **kwargs)

    with mock.patch.object(strawberry_arguments, "convert_argument", counted):
        result = small_schema.execute_sync(DOCUMENT, variable_values={"lines": LINES * 50, "more": None, "label": "a"})
    assert result.errors is None
    assert [type_ for type_ in calls if type_ is not None] == [str]  # the label (and `more`, null): no line or list

    calls.clear()
    with mock.patch.object(strawberry_arguments, "convert_argument", counted):
        literal = small_schema.execute_sync("{ lines(lines: [{productId: 1}, {productId: 2}]) }")
    assert literal.errors is None
    assert BuiltLine in calls  # a literal is graphql-core's dicts: strawberry builds them, as before
    assert literal.data["lines"]["lines"] == [[1, 1, []], [2, 1, []]]


def test_a_field_with_a_permission_class_keeps_strawberry_s_resolver_and_its_rule():
    result = small_schema.execute_sync("query($l: [BuiltLine!]!) { guarded(lines: $l) }", variable_values={"l": LINES})

    assert result.data is None
    assert result.errors[0].message == "No."


def test_the_resolver_gets_a_list_of_its_own():
    received.clear()
    document = "query($l: [BuiltLine!]!) { a: lines(lines: $l) b: lines(lines: $l) }"

    result = small_schema.execute_sync(document, variable_values={"l": LINES})

    assert result.errors is None
    first, second = received
    assert first == second and first is not second  # one coerced variable, two fields: two lists
