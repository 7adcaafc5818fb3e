"""Plain data (portal.graphql.plain, issue 21): an answer given as dicts completes exactly as graphql-core completes
the same answer given as strawberry objects — the data, and every error's message, path and location — whatever the
selection does (aliases, fragments, @include/@skip, __typename, nested lists, nulls, enums, Decimal); fields with a
rule of their own are refused; plain inputs are built as strawberry builds them."""

from __future__ import annotations

from decimal import Decimal
from enum import Enum

import pytest
import strawberry

from portal.graphql.plain import PlainData, PlainDataExecutor, plain_input

# --- a small schema whose resolvers answer with objects or, the same data, with plain dicts -------------------------


@strawberry.enum
class Colour(Enum):
    RED = "red"
    DARK_GREEN = "dark green"


@strawberry.type
class Tier:
    minimum: int
    amount: Decimal
    label: str | None = None


@strawberry.interface
class Named:
    name: str


@strawberry.type
class Pen(Named):
    colour: Colour


@strawberry.type
class Book(Named):
    pages: int


@strawberry.type
class Item:
    id: int
    label: str | None
    colour: Colour
    price: Decimal
    ratio: float
    in_stock: bool
    code: strawberry.ID
    tiers: list[Tier]
    maybe_tiers: list[Tier | None] | None
    best_tier: Tier | None
    scores: list[int | None]
    related: list[Named]


@strawberry.type
class Guarded:
    name: str

    @strawberry.field
    def secret(self) -> str:  # a resolver of its own: plain data may not answer it
        return "from the resolver"


def _tier(minimum: int, amount: str, label: str | None = None) -> dict:
    return {"minimum": minimum, "amount": Decimal(amount), "label": label}


def _item(n: int, **changes) -> dict:
    item = {
        "id": n,
        "label": f"item {n}" if n % 2 else None,
        "colour": Colour.RED if n % 2 else Colour.DARK_GREEN,
        "price": Decimal("12.50") * n,
        "ratio": n / 4,
        "inStock": bool(n % 2),
        "code": f"C-{n}",
        "tiers": [_tier(10, "1.5"), _tier(100, "2.25", "bulk")],
        "maybeTiers": [None, _tier(5, "0.10")] if n % 2 else None,
        "bestTier": _tier(10, "1.5") if n % 2 else None,
        "scores": [n, None, n * 2],
        "related": [{"__typename": "Pen", "name": "pen", "colour": Colour.RED}, {"__typename": "Book", "name": "b",
                                                                                  "pages": 3}],
    }  # fmt: skip
    item.update(changes)
    return item


ITEMS = [_item(1), _item(2), _item(3)]


def _objects(value):
    """The same data as strawberry objects (snake_case attributes), as an ordinary resolver returns them."""
    if isinstance(value, list):
        return [_objects(v) for v in value]
    if not isinstance(value, dict):
        return value
    if "pages" in value:
        return Book(name=value["name"], pages=value["pages"])
    if "colour" in value and "name" in value:
        return Pen(name=value["name"], colour=value["colour"])
    if "minimum" in value:
        return Tier(minimum=value["minimum"], amount=value["amount"], label=value.get("label"))
    if "secret" in value or set(value) == {"name"}:
        return Guarded(name=value["name"])
    return Item(
        id=value.get("id"), label=value.get("label"), colour=value.get("colour"), price=value.get("price"),
        ratio=value.get("ratio"), in_stock=value.get("inStock"), code=value.get("code"),
        tiers=_objects(value.get("tiers")), maybe_tiers=_objects(value.get("maybeTiers")),
        best_tier=_objects(value.get("bestTier")), scores=value.get("scores"), related=_objects(value.get("related")),
    )  # fmt: skip


def _answer(info, data):
    return PlainData(data) if info.context["plain"] else _objects(data)


@strawberry.type
class Query:
    @strawberry.field
    def items(self, info: strawberry.Info) -> list[Item]:
        return _answer(info, info.context["items"])

    @strawberry.field
    def maybe_items(self, info: strawberry.Info) -> list[Item | None] | None:
        return _answer(info, info.context["items"])

    @strawberry.field
    def item(self, info: strawberry.Info) -> Item | None:
        return _answer(info, info.context["items"][0])

    @strawberry.field
    def guarded(self, info: strawberry.Info) -> list[Guarded]:
        return _answer(info, [{"name": "g"}])


schema = strawberry.Schema(query=Query, types=[Pen, Book], execution_context_class=PlainDataExecutor)


def both(query: str, items=None, variables=None) -> tuple[dict, dict]:
    """The answer from plain data and from objects, each as the client receives it (data, errors)."""
    answers = []
    for plain in (True, False):
        result = schema.execute_sync(
            query, variable_values=variables, context_value={"plain": plain, "items": ITEMS if items is None else items}
        )
        answers.append({"data": result.data, "errors": [error.formatted for error in result.errors or []]})
    return answers[0], answers[1]


ALL_FIELDS = """id label colour price ratio inStock code tiers { minimum amount label }
  maybeTiers { minimum amount } bestTier { amount } scores related { __typename name ... on Pen { colour }
  ... on Book { pages } }"""


def test_a_full_selection_completes_as_from_objects():
    plain, objects = both(f"{{ items {{ {ALL_FIELDS} }} }}")

    assert plain == objects
    assert plain["errors"] == []
    assert plain["data"]["items"][0]["price"] == "12.50"
    assert plain["data"]["items"][1]["colour"] == "DARK_GREEN"
    assert plain["data"]["items"][0]["related"][1] == {"__typename": "Book", "name": "b", "pages": 3}


def test_aliases_fragments_and_typename_complete_as_from_objects():
    query = """
    query { items { ...Money first: id id again: id __typename ... on Item { tiers { ...TierFields } }
                    t: __typename cheapest: bestTier { __typename amount } } }
    fragment Money on Item { price tiers { minimum } }
    fragment TierFields on Tier { amount m: minimum }
    """
    plain, objects = both(query)

    assert plain == objects
    assert plain["data"]["items"][0] == {
        "price": "12.50", "tiers": [{"minimum": 10, "amount": "1.5", "m": 10}, {"minimum": 100, "amount": "2.25",
                                                                                  "m": 100}],
        "first": 1, "id": 1, "again": 1, "__typename": "Item", "t": "Item",
        "cheapest": {"__typename": "Tier", "amount": "1.5"},
    }  # fmt: skip


@pytest.mark.parametrize(("with_price", "without_id"), [(True, False), (False, True), (True, True)])
def test_include_and_skip_complete_as_from_objects(with_price, without_id):
    query = """query($withPrice: Boolean!, $withoutId: Boolean!) {
      items { id @skip(if: $withoutId) price @include(if: $withPrice) ... @include(if: $withPrice) { code }
              tiers { minimum @skip(if: $withoutId) amount } } }"""
    plain, objects = both(query, variables={"withPrice": with_price, "withoutId": without_id})

    assert plain == objects
    assert ("price" in plain["data"]["items"][0]) is with_price
    assert ("id" in plain["data"]["items"][0]) is not without_id


def test_a_null_in_a_non_null_field_nulls_the_nearest_nullable_parent_as_graphql_core_does():
    items = [_item(1), _item(2, id=None), _item(3, tiers=[_tier(1, "1"), {"minimum": None, "amount": Decimal(1)}])]

    non_null_items, non_null_objects = both("{ items { id tiers { minimum } } }", items)
    nullable_items, nullable_objects = both("{ maybeItems { id tiers { minimum } } }", items)

    assert (non_null_items, nullable_items) == (non_null_objects, nullable_objects)
    # [Item!]!: the first null reaches the root, and the rest of the list is not completed.
    assert non_null_items["data"] is None
    assert [(e["message"], e["path"]) for e in non_null_items["errors"]] == [
        ("Cannot return null for non-nullable field Item.id.", ["items", 1, "id"]),
    ]
    # [Item]: each item with a null in a non-null field becomes null.
    assert nullable_items["data"] == {"maybeItems": [{"id": 1, "tiers": [{"minimum": 10}, {"minimum": 100}]}, None,
                                                     None]}  # fmt: skip
    assert [(e["message"], e["path"], e["locations"]) for e in nullable_items["errors"]] == [
        ("Cannot return null for non-nullable field Item.id.", ["maybeItems", 1, "id"], [{"line": 1, "column": 16}]),
        ("Cannot return null for non-nullable field Tier.minimum.", ["maybeItems", 2, "tiers", 1, "minimum"],
         [{"line": 1, "column": 27}]),
    ]  # fmt: skip


def test_nullable_fields_and_list_items_take_null():
    items = [_item(1, label=None, bestTier=None, maybeTiers=[None, None], scores=[None])]

    plain, objects = both("{ items { label bestTier { amount } maybeTiers { minimum } scores } }", items)

    assert plain == objects
    assert plain["data"]["items"] == [{"label": None, "bestTier": None, "maybeTiers": [None, None], "scores": [None]}]


def test_values_a_scalar_cannot_represent_are_field_errors_as_in_graphql_core():
    items = [_item(1, scores=[1, "many", 2**40]), _item(2, label=Exception("the label failed"))]

    plain, objects = both("{ items { id label scores } }", items)

    assert plain == objects
    assert [(error["message"], error["path"]) for error in plain["errors"]] == [
        ("Int cannot represent non-integer value: 'many'", ["items", 0, "scores", 1]),
        ("Int cannot represent non 32-bit signed integer value: 1099511627776", ["items", 0, "scores", 2]),
        ("the label failed", ["items", 1, "label"]),
    ]


def test_built_in_scalars_serialize_as_graphql_core_serializes_them():
    items = [_item(1, id=True, label=7, inStock=1, code=5, ratio=2)]

    plain, objects = both("{ items { id label inStock code ratio } }", items)

    assert plain == objects
    assert plain["data"]["items"] == [{"id": 1, "label": "7", "inStock": True, "code": "5", "ratio": 2.0}]


def test_an_item_of_the_wrong_shape_is_an_error_not_an_answer():
    plain, _objects = both("{ maybeItems { id } }", [_item(1), "not a dict"])

    assert plain["data"] == {"maybeItems": [{"id": 1}, None]}
    assert plain["errors"][0]["path"] == ["maybeItems", 1]
    assert "Expected plain data (a dict) for type 'Item'" in plain["errors"][0]["message"]


def test_a_field_with_a_resolver_of_its_own_is_refused():
    plain, objects = both("{ guarded { name secret } }")

    assert objects["data"] == {"guarded": [{"name": "g", "secret": "from the resolver"}]}
    assert plain["data"] is None
    assert "Guarded.secret has a resolver" in plain["errors"][0]["message"]
    assert both("{ guarded { name } }")[0]["data"] == {"guarded": [{"name": "g"}]}


def test_a_single_object_and_an_empty_list_complete():
    single, single_objects = both("{ item { id bestTier { amount } } }")
    empty, empty_objects = both("{ items { id } }", items=[])

    assert (single, empty) == (single_objects, empty_objects)
    assert single["data"] == {"item": {"id": 1, "bestTier": {"amount": "1.5"}}}
    assert empty == {"data": {"items": []}, "errors": []}


# --- plain inputs ---------------------------------------------------------------------------------------------------


@strawberry.input
class OptionIn:
    option_id: int
    value_id: int | None = None
    value: str | None = None


@strawberry.input
class LineIn:
    product_id: int
    quantity: int = 1
    note: str | None
    tags: list[str] = strawberry.field(default_factory=list)
    options: list[OptionIn] = strawberry.field(default_factory=list)


@plain_input
@strawberry.input
class PlainOptionIn:
    option_id: int
    value_id: int | None = None
    value: str | None = None


@plain_input
@strawberry.input
class PlainLineIn:
    product_id: int
    quantity: int = 1
    note: str | None
    tags: list[str] = strawberry.field(default_factory=list)
    options: list[PlainOptionIn] = strawberry.field(default_factory=list)


def _shape(line) -> tuple:
    options = [(o.option_id, o.value_id, o.value) for o in line.options]
    return (line.product_id, line.quantity, line.note, line.tags, options)


@strawberry.type
class InputQuery:
    @strawberry.field
    def lines(self, lines: list[LineIn], plain_lines: list[PlainLineIn]) -> bool:
        assert all(type(line) is PlainLineIn for line in plain_lines)
        assert all(type(option) is PlainOptionIn for line in plain_lines for option in line.options)
        assert [_shape(line) for line in lines] == [_shape(line) for line in plain_lines]
        return True


input_schema = strawberry.Schema(query=InputQuery, execution_context_class=PlainDataExecutor)


@pytest.mark.parametrize(
    "lines",
    [
        [{"productId": 1}],
        [{"productId": 1, "quantity": 3, "note": "n", "tags": ["a", "b"], "options": [{"optionId": 2}]}],
        [{"productId": 1, "note": None, "options": [{"optionId": 2, "valueId": 4}, {"optionId": 3, "value": "x"}]}],
        [],
    ],
)
def test_a_plain_input_is_built_as_strawberry_builds_it(lines):
    document = """query($lines: [LineIn!]!, $plain: [PlainLineIn!]!) { lines(lines: $lines, plainLines: $plain) }"""
    plain_lines = [{**line, "options": line.get("options", [])} for line in lines]
    plain_lines = [{k: v for k, v in line.items() if k != "options" or "options" in orig}
                   for line, orig in zip(plain_lines, lines, strict=True)]  # fmt: skip

    result = input_schema.execute_sync(document, variable_values={"lines": lines, "plain": plain_lines})

    assert result.errors is None, result.errors
    assert result.data == {"lines": True}


def test_a_plain_input_as_a_literal_is_built_as_strawberry_builds_it():
    lines = '[{productId: 1, tags: ["t"], options: [{optionId: 2, valueId: 5}]}, {productId: 9, note: "x"}]'

    result = input_schema.execute_sync(f"{{ lines(lines: {lines}, plainLines: {lines}) }}")

    assert result.errors is None, result.errors


@plain_input
@strawberry.input
class WithDecimal:
    amount: Decimal


@strawberry.type
class DecimalQuery:
    @strawberry.field
    def f(self, value: WithDecimal) -> int:
        return 1


def test_plain_input_refuses_types_it_cannot_build_plainly():
    result = strawberry.Schema(query=DecimalQuery).execute_sync("{ f(value: {amount: 1}) }")

    assert result.data is None
    assert result.errors[0].message == "WithDecimal.amount: plain_input takes scalars and plain inputs."


def test_a_list_shared_by_several_items_completes_for_each_of_them():
    shared = [_tier(10, "1.5"), _tier(100, "2.25")]
    shared_with_error = [_tier(10, "1.5"), {"minimum": "ten", "amount": Decimal(1)}]
    items = [_item(1, tiers=shared, maybeTiers=shared_with_error), _item(2, tiers=shared, maybeTiers=shared_with_error)]

    plain, objects = both("{ maybeItems { tiers { minimum amount } maybeTiers { minimum } } }", items)

    assert plain == objects
    assert plain["data"]["maybeItems"][0]["tiers"] == plain["data"]["maybeItems"][1]["tiers"]
    assert [error["path"] for error in plain["errors"]] == [
        ["maybeItems", 0, "maybeTiers", 1, "minimum"],
        ["maybeItems", 1, "maybeTiers", 1, "minimum"],
    ]
