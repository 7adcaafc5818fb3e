"""Plain data (portal.graphql.plain, issue 21): an answer given as dicts completes exactly as graphql-core completes
the same answer given as strawberry objects — the data, and every error's message, path and location — whatever the
selection does (aliases, fragments, @include/@skip, __typename, nested lists, nulls, enums, Decimal), whether the
compiled projector or the completers answer it; fields with a rule of their own are refused; plain inputs are built
as strawberry builds them; variables are coerced as graphql-core coerces them, and refused with its errors."""

from __future__ import annotations

import json
from contextlib import contextmanager
from decimal import Decimal
from enum import Enum
from unittest import mock

import pytest
import strawberry
from graphql import parse
from graphql.execution.values import get_variable_values
from graphql.pyutils import Undefined
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext

from portal.graphql import caching
from portal.graphql import plain as plain_module
from portal.graphql.plain import Later, PlainData, PlainDataExecutor, plain_input, plain_variable_values

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
    if isinstance(value, Later):
        try:
            value = value.function(value.argument)
        except Exception as error:  # noqa: BLE001 (a resolver's error, at the field's path)
            return error
    if isinstance(value, list):
        return [_objects(v) for v in value]
    if not isinstance(value, dict):
        return value
    value = {key: _objects(item) if isinstance(item, Later) else item for key, item in value.items()}
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


@contextmanager
def without_projector():
    """Plain data completed by the completers alone, as before the compiled projectors (none compiled, none kept)."""
    with (
        mock.patch.object(plain_module, "projector", lambda _shape: None),
        mock.patch.object(plain_module, "_selection_key", lambda *_args: None),
    ):
        yield


@contextmanager
def without_plain_variables():
    """Variables coerced by graphql-core alone, as before `plain_variable_values`."""
    with mock.patch.object(plain_module, "_plain_operation", lambda *_args: None):
        yield


def both(query: str, items=None, variables=None) -> tuple[dict, dict]:
    """The answer from plain data and from objects, each as the client receives it (data, errors). The plain answer
    is the same, as JSON text, whether the compiled projector or the completers alone give it."""
    answers = []
    for plain in (True, False):
        result = schema.execute_sync(
            query, variable_values=variables, context_value={"plain": plain, "items": ITEMS if items is None else items}
        )
        answers.append({"data": result.data, "errors": [error.formatted for error in result.errors or []]})
    with without_projector():
        result = schema.execute_sync(
            query, variable_values=variables, context_value={"plain": True, "items": ITEMS if items is None else items}
        )
    completers = {"data": result.data, "errors": [error.formatted for error in result.errors or []]}
    assert json.dumps(completers) == json.dumps(answers[0])
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


# --- the compiled projector ------------------------------------------------------------------------------------------


def completer_calls(query: str, items=None) -> list[list]:
    """The paths of the root fields whose plain answer the completers gave (rather than the compiled projector)."""
    calls = []
    build = PlainDataExecutor._plain_completer

    def counted(self, *args):
        complete = build(self, *args)

        def spy(value, path):
            if len(path.as_list()) == 1:  # a root field's answer (not an abstract type's own completion inside it)
                calls.append(path.as_list())
            return complete(value, path)

        spy.shape = complete.shape
        return spy

    with mock.patch.object(PlainDataExecutor, "_plain_completer", counted):
        schema.execute_sync(query, context_value={"plain": True, "items": ITEMS if items is None else items})
    return calls


def test_a_plainly_valid_answer_is_projected_without_the_completers():
    query = "{ items { id label price tiers { minimum amount } bestTier { amount } scores } }"

    plain, objects = both(query)

    assert plain == objects
    assert plain["errors"] == []
    assert completer_calls(query) == []
    assert len(caching.plain_projectors._items) >= 1


NOT_PLAINLY_VALID = [
    {"id": None},  # null in a non-null field
    {"id": 2**31},  # out of the Int range
    {"id": True},  # serialized (1), not an int
    {"label": 7},  # serialized ("7"), not a str
    {"inStock": 1},
    {"code": 5},
    {"price": Exception("no price")},
    {"tiers": [{"minimum": None, "amount": Decimal(1)}]},
    {"scores": [1, "many"]},
    {"scores": None},
]


@pytest.mark.parametrize("changes", NOT_PLAINLY_VALID)
def test_what_is_not_plainly_valid_is_answered_by_the_completers_as_graphql_core_answers_it(changes):
    items = [_item(1), _item(2, **changes), _item(3)]
    query = "{ maybeItems { id label colour price ratio inStock code tiers { minimum amount } scores } }"

    plain, objects = both(query, items)  # and the completers' answer is the same with the projector on or off

    assert plain == objects
    assert completer_calls(query, items) == [["maybeItems"]]


@pytest.mark.parametrize("changes", [{"ratio": 2}, {"price": "12.50"}])
def test_other_scalars_and_enums_are_serialized_by_the_projector_as_the_completers_serialize_them(changes):
    items = [_item(1), _item(2, **changes)]
    query = "{ maybeItems { id colour ratio price } }"

    plain, objects = both(query, items)

    assert plain == objects
    assert plain["errors"] == []
    assert completer_calls(query, items) == []


@pytest.mark.parametrize(
    "changes", [{"bestTier": "not a dict"}, {"tiers": ({"minimum": 1, "amount": Decimal(1)},)}, {"colour": "RED"}]
)
def test_other_shapes_are_answered_by_the_completers(changes):
    items = [_item(1), _item(2, **changes)]

    query = "{ maybeItems { id colour tiers { minimum } bestTier { amount } } }"

    both(query, items)

    assert completer_calls(query, items) == [["maybeItems"]]


def test_one_projector_per_type_and_selection_is_compiled_and_reused():
    caching.clear()
    both("{ items { id price } }")
    both("{ items { id price } }")
    both("{ items { a: id price } }")
    both("query($p: Boolean!) { items { id price @include(if: $p) } }", variables={"p": False})

    shapes = list(caching.plain_projectors._items)
    assert len(shapes) == 3  # { id price }, { a: id price } and, without the price, { id }
    assert [[name for name, _field, _shape in shape[2][3]] for shape in shapes] == [["id", "price"], ["a", "price"],
                                                                                    ["id"]]  # fmt: skip


# --- the projector kept per place in a document parsed once (caching.DocumentCache, as PortalSchema has it) ---------

kept_schema = strawberry.Schema(
    query=Query, types=[Pen, Book], execution_context_class=PlainDataExecutor, extensions=[caching.DocumentCache]
)


def kept(query: str, items=None, variables=None) -> tuple[dict, dict]:
    """The answer from plain data through the schema that parses each text once, and from objects."""
    answers = []
    for plain, on in ((True, kept_schema), (False, schema)):
        context = {"plain": plain, "items": ITEMS if items is None else items}
        result = on.execute_sync(query, variable_values=variables, context_value=context)
        answers.append({"data": result.data, "errors": [error.formatted for error in result.errors or []]})
    return answers[0], answers[1]


def completers_built(query: str, items=None, variables=None) -> int:
    built = []
    build = PlainDataExecutor._plain_completer

    def counted(self, *args):
        built.append(args)
        return build(self, *args)

    with mock.patch.object(PlainDataExecutor, "_plain_completer", counted):
        context = {"plain": True, "items": ITEMS if items is None else items}
        kept_schema.execute_sync(query, variable_values=variables, context_value=context)
    return len(built)


def test_a_known_document_builds_no_completers_again():
    caching.clear()
    query = "query Known { items { id price tiers { minimum amount } } item { id } }"

    assert completers_built(query) == 2  # one per root field, the first time
    assert completers_built(query) == 0
    assert completers_built("query Known { items { id price tiers { minimum amount } } item { id } }") == 0
    assert completers_built("query Other { items { id price } }") == 1  # another text: another document
    assert kept(query) == kept(query)
    plain, objects = kept(query)
    assert plain == objects
    assert plain["errors"] == []


@pytest.mark.parametrize("order", [(True, False, True), (False, True, False)])
def test_the_kept_projector_follows_the_values_of_the_directives_variables(order):
    caching.clear()
    query = """query($p: Boolean!, $q: Boolean = true) {
      items { id ...F tiers @skip(if: $q) { minimum } } item { ... @include(if: $p) { code } label } }
    fragment F on Item { price @include(if: $p) ... G }
    fragment G on Item { bestTier @skip(if: $p) { amount } }"""
    for p in order:
        for q in (True, False, None):
            variables = {"p": p} if q is None else {"p": p, "q": q}
            plain, objects = kept(query, variables=variables)

            assert plain == objects
            assert plain["errors"] == []
            assert ("price" in plain["data"]["items"][0]) is p
            assert ("bestTier" in plain["data"]["items"][0]) is not p
            assert ("tiers" in plain["data"]["items"][0]) is (q is False)
            assert ("code" in plain["data"]["item"]) is p


@pytest.mark.parametrize("changes", NOT_PLAINLY_VALID)
def test_data_not_plainly_valid_after_a_kept_projector_is_answered_by_the_completers(changes):
    caching.clear()
    query = "{ maybeItems { id label colour price ratio inStock code tiers { minimum amount } scores } }"
    assert completers_built(query) == 1
    assert completers_built(query) == 0

    items = [_item(1), _item(2, **changes), _item(3)]
    plain, objects = kept(query, items)

    assert plain == objects
    assert plain["errors"] != [] or plain["data"] == objects["data"]
    assert completers_built(query, items) == 1  # built for this answer only
    assert completers_built(query) == 0


def test_a_fragment_with_variables_of_its_own_is_not_kept():
    document = parse("query { items { ...F } } fragment F($x: Boolean) on Item { id @include(if: $x) }",
                     experimental_fragment_arguments=True)  # fmt: skip
    operation, fragment = document.definitions
    assert plain_module._directive_variables(operation, {"F": fragment}) is None
    plain = parse("query($x: Boolean!) { items { ...F } } fragment F on Item { id @include(if: $x) }")
    assert plain_module._directive_variables(plain.definitions[0], {"F": plain.definitions[1]}) == ("x",)


def test_an_abstract_type_is_answered_by_the_completers():
    query = "{ items { related { __typename name ... on Book { pages } } } }"

    plain, objects = both(query)

    assert plain == objects
    assert completer_calls(query) == [["items"]]


# --- variables ------------------------------------------------------------------------------------------------------


@strawberry.input
class Inner:
    n: int
    label: str | None = None
    colour: Colour = Colour.RED
    amount: Decimal | None = None


@strawberry.input
class Outer:
    id: strawberry.ID
    ratio: float = 1.5
    flag: bool | None = None
    inner: Inner | None = None
    inners: list[Inner] = strawberry.field(default_factory=list)
    grid: list[list[int | None]] | None = None
    tags: list[str] | None = None


@strawberry.type
class EchoQuery:
    @strawberry.field
    def echo(
        self,
        outer: Outer | None = None,
        outers: list[Outer] | None = None,
        n: int | None = None,
        ns: list[int] | None = None,
        s: str | None = None,
        b: bool | None = None,
        f: float | None = None,
        c: Colour | None = None,
        d: Decimal | None = None,
        id: strawberry.ID | None = None,
        with_default: int | None = None,
    ) -> str:
        return repr([outer, outers, n, ns, s, b, f, c, d, id, with_default])


echo_schema = strawberry.Schema(query=EchoQuery, execution_context_class=PlainDataExecutor)
ECHO = """query($outer: Outer!, $outers: [Outer!], $n: Int, $ns: [Int!], $s: String, $b: Boolean, $f: Float,
  $c: Colour, $d: Decimal, $id: ID, $withDefault: Int = 7) {
  echo(outer: $outer, outers: $outers, n: $n, ns: $ns, s: $s, b: $b, f: $f, c: $c, d: $d, id: $id,
       withDefault: $withDefault) }"""
OUTER = {
    "id": "o-1",
    "ratio": 2.5,
    "flag": True,
    "inner": {"n": 1, "label": "x", "colour": "DARK_GREEN", "amount": "1.50"},
    "inners": [{"n": 2}, {"n": 3, "label": None}],
    "grid": [[1, None], []],
    "tags": ["a"],
}
PLAINLY_VALID = [
    {"outer": OUTER, "withDefault": 1},
    {"outer": {"id": "1"}, "outers": [OUTER, {"id": 5}], "n": 5, "ns": [1, 2], "s": "text", "b": False, "f": 1.25,
     "c": "RED", "d": "2.50", "id": "x", "withDefault": None},
    {"outer": {"id": "1"}, "n": None, "ns": None, "s": None, "withDefault": 3},
    {"outer": {"id": "1", "inner": None, "grid": None}, "f": 3, "id": 12, "n": 3.0, "withDefault": 3},
    {"outer": {"id": "1"}, "unknownVariable": 1, "withDefault": 1},  # ignored, as graphql-core ignores it
    {"outer": {"id": "1"}, "s": "nul \x00 text", "withDefault": 1},  # refused by the portal's text rule, not here
]  # fmt: skip
# Valid, but left to graphql-core (which then coerces them as ever).
NOT_PLAIN_VALID = [
    {"outer": OUTER},  # $withDefault's default to use
    {"outer": {"id": "1"}, "ns": 5, "withDefault": 1},  # a single value for a list
    {"outer": {"id": "1"}, "outers": {"id": "2"}, "withDefault": 1},
    {"outer": {"id": "1", "grid": [1, [2]]}, "withDefault": 1},
    {"outer": {"id": "1", "tags": "one"}, "withDefault": 1},
    {"outer": {"id": "1"}, "ns": (1, 2), "withDefault": 1},  # in-process callers: a tuple for a list
    {"outer": {"id": "1", "inner": {"n": 1, "label": Undefined}}, "withDefault": 1},
]  # fmt: skip
INVALID = [
    {},  # $outer missing
    {"outer": None},  # null in a non-null variable
    {"outer": {"id": "1"}, "n": 2**31},  # out of the Int range
    {"outer": {"id": "1"}, "n": -(2**31) - 1},
    {"outer": {"id": "1"}, "n": "5"},  # a string for an Int
    {"outer": {"id": "1"}, "n": True},
    {"outer": {"id": "1"}, "n": 1.5},
    {"outer": {"id": "1", "zzz": 1}},  # an unknown field
    {"outer": {"id": "1", "inner": {"label": "x"}}},  # a required field missing
    {"outer": {"id": "1", "inner": {"n": None}}},  # null in a non-null field
    {"outer": {"ratio": 1.0}},
    {"outer": {"id": "1"}, "ns": [1, None]},  # null in a list of non-null
    {"outer": [{"id": "1"}]},  # a list for an object
    {"outer": "o-1"},
    {"outer": {"id": "1"}, "s": 5},
    {"outer": {"id": "1"}, "b": 1},
    {"outer": {"id": "1"}, "f": "1.5"},
    {"outer": {"id": "1"}, "f": float("nan")},
    {"outer": {"id": "1"}, "c": "red"},
    {"outer": {"id": "1"}, "c": 1},
    {"outer": {"id": "1"}, "d": "abc"},
    {"outer": {"id": "1"}, "id": 1.5},
]  # fmt: skip
NOT_PLAIN = NOT_PLAIN_VALID + INVALID


def _typed(value):
    """The value with the type of every part: 1 and 1.0, True and 1 differ."""
    if isinstance(value, dict):
        return {key: _typed(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return (type(value).__name__, [_typed(item) for item in value])
    return (type(value).__name__, repr(value))


def _echo(variables) -> dict:
    result = echo_schema.execute_sync(ECHO, variable_values=variables)
    return {"data": result.data, "errors": [error.formatted for error in result.errors or []]}


@pytest.mark.parametrize("variables", PLAINLY_VALID + NOT_PLAIN)
def test_variables_are_coerced_or_refused_as_graphql_core_does(variables):
    answer = _echo(variables)
    with without_plain_variables():
        expected = _echo(variables)

    assert json.dumps(answer) == json.dumps(expected)
    assert (answer["errors"] == []) is (variables not in INVALID)


@pytest.mark.parametrize("variables", PLAINLY_VALID)
def test_plainly_valid_variables_are_coerced_to_what_graphql_core_coerces_them_to(variables):
    definitions = parse(ECHO).definitions[0].variable_definitions

    plain = plain_variable_values(echo_schema._schema, definitions, variables)
    expected = get_variable_values(echo_schema._schema, definitions, variables)

    assert plain is not None
    assert _typed(plain.coerced) == _typed(expected.coerced)
    assert {name: (str(source.signature.type), source.value) for name, source in plain.sources.items()} == {
        name: (str(source.signature.type), source.value) for name, source in expected.sources.items()
    }
    assert all(plain.sources[name].value is expected.sources[name].value for name in expected.sources)


@pytest.mark.parametrize("variables", NOT_PLAIN)
def test_other_variables_are_left_to_graphql_core(variables):
    definitions = parse(ECHO).definitions[0].variable_definitions

    assert plain_variable_values(echo_schema._schema, definitions, variables) is None


def test_a_schema_default_of_an_input_field_is_graphql_core_s_own_value():
    definitions = parse(ECHO).definitions[0].variable_definitions
    variables = {"outer": {"id": "1"}, "withDefault": 1}

    plain = plain_variable_values(echo_schema._schema, definitions, variables)
    expected = get_variable_values(echo_schema._schema, definitions, variables)

    assert plain.coerced["outer"]["inners"] is expected.coerced["outer"]["inners"]  # shared: strawberry copies it


def test_the_operation_is_the_one_graphql_core_chooses():
    two = parse("query A($n: Int) { echo(n: $n) } query B { echo(n: 2) } fragment F on EchoQuery { echo }")

    operation, fragment_definitions, fragments, variables = plain_module._plain_operation(
        echo_schema._schema, two, "A", {"n": 4}
    )

    assert operation is two.definitions[0]
    assert fragment_definitions == {"F": two.definitions[2]}
    assert fragments["F"].definition is two.definitions[2]
    assert fragments["F"].variable_signatures is None
    assert variables.coerced == {"n": 4}
    assert echo_schema.execute_sync("query A($n: Int) { echo(n: $n) } query B { echo(n: 2) }",
                                    variable_values={"n": 4}, operation_name="B").data["echo"].startswith(
        "[None, None, 2,")  # fmt: skip


def test_what_graphql_core_must_report_is_left_to_it():
    with_fragment_variables = parse(
        "query { ...F } fragment F($n: Int) on EchoQuery { echo(n: $n) }", experimental_fragment_arguments=True
    )

    for document, name in ((parse("query A { echo } query B { echo }"), None), (parse("{ echo }"), "C")):
        assert plain_module._plain_operation(echo_schema._schema, document, name, {}) is None
    assert plain_module._plain_operation(echo_schema._schema, with_fragment_variables, None, {}) is None


def test_the_base_executor_answers_as_the_plain_one():
    base_schema = strawberry.Schema(query=EchoQuery, execution_context_class=StrawberryGraphQLCoreExecutionContext)
    for variables in PLAINLY_VALID + NOT_PLAIN[:12]:
        result = base_schema.execute_sync(ECHO, variable_values=variables)
        expected = {"data": result.data, "errors": [error.formatted for error in result.errors or []]}
        assert json.dumps(_echo(variables)) == json.dumps(expected)


# --- values made later ------------------------------------------------------------------------------------------


def test_a_later_value_is_made_only_when_the_selection_reads_it():
    made = []

    def best_tier(minimum):
        made.append(minimum)
        return _tier(minimum, "1.5")

    items = [_item(1, bestTier=Later(best_tier, 7)), _item(2, bestTier=Later(best_tier, 8))]
    query = "{ items { id bestTier { minimum amount } } }"

    assert completer_calls("{ items { id } }", items) == []
    assert made == []

    plain, objects = both(query, items)
    assert plain == objects
    assert [item["bestTier"] for item in plain["data"]["items"]] == [{"minimum": 7, "amount": "1.5"},
                                                                     {"minimum": 8, "amount": "1.5"}]  # fmt: skip
    assert completer_calls(query, items) == []


def test_a_failing_later_value_is_the_field_s_error_and_a_later_leaf_is_made_by_the_completers():
    def fail(_argument):
        raise ValueError("no tiers today")

    items = [_item(1, price=Later(Decimal, "3.50")), _item(2, tiers=Later(fail, None))]
    query = "{ maybeItems { id price tiers { minimum } } }"

    plain, objects = both(query, items)

    assert plain == objects
    assert plain["data"]["maybeItems"][0]["price"] == "3.50"
    assert plain["data"]["maybeItems"][1] is None
    assert [(error["message"], error["path"]) for error in plain["errors"]] == [
        ("no tiers today", ["maybeItems", 1, "tiers"])
    ]
    assert completer_calls(query, items) == [["maybeItems"]]


# --- plain inputs built while their variable is coerced, nested objects projected inline ------------------------------


@strawberry.type
class BuiltQuery:
    @strawberry.field
    def lines(self, plain_lines: list[PlainLineIn]) -> str:
        return repr(plain_lines)


built_schema = strawberry.Schema(query=BuiltQuery, execution_context_class=PlainDataExecutor)
BUILT = "query($lines: [PlainLineIn!]!) { lines(plainLines: $lines) }"
BUILT_LINES = [
    {"productId": 1},
    {"productId": 2, "quantity": 3, "note": None, "tags": ["a"], "options": [{"optionId": 4, "valueId": 5}]},
    {"productId": 3, "note": "n", "options": [{"optionId": 6}, {"optionId": 7, "value": "x", "valueId": None}]},
]


def test_a_plain_input_variable_is_built_while_it_is_coerced_as_strawberry_builds_it():
    definitions = parse(BUILT).definitions[0].variable_definitions

    built = plain_variable_values(built_schema._schema, definitions, {"lines": BUILT_LINES}).coerced["lines"]
    with without_plain_variables():
        result = built_schema.execute_sync(BUILT, variable_values={"lines": BUILT_LINES})

    assert [type(line) for line in built] == [PlainLineIn] * 3
    assert {type(option) for line in built for option in line.options} == {PlainOptionIn}
    assert result.data == {"lines": repr(built)}  # what strawberry built from graphql-core's dicts
    assert built_schema.execute_sync(BUILT, variable_values={"lines": BUILT_LINES}).data == result.data


def test_a_default_list_of_a_built_input_is_its_own():
    definitions = parse(BUILT).definitions[0].variable_definitions
    variables = {"lines": [{"productId": 1}]}

    first = plain_variable_values(built_schema._schema, definitions, variables).coerced["lines"][0]
    second = plain_variable_values(built_schema._schema, definitions, variables).coerced["lines"][0]
    first.tags.append("changed")
    first.options.append("changed")

    assert (second.tags, second.options, second.note, second.quantity) == ([], [], None, 1)


def test_a_type_plain_input_refuses_is_refused_as_before_when_sent_as_a_variable():
    refusing = strawberry.Schema(query=DecimalQuery, execution_context_class=PlainDataExecutor)

    result = refusing.execute_sync("query($v: WithDecimal!) { f(value: $v) }", variable_values={"v": {"amount": 1}})

    assert result.data is None
    assert result.errors[0].message == "WithDecimal.amount: plain_input takes scalars and plain inputs."


@pytest.mark.parametrize(
    "changes",
    [
        {"price": Decimal("0.10")},
        {"price": 3},  # what the Decimal scalar's serializer (str) makes of other values
        {"price": 1.5},
        {"bestTier": Later(lambda amount: _tier(3, amount), "0.5")},
        {"bestTier": None},
        {"bestTier": _tier(1, "2", "two")},
    ],
)
def test_nested_objects_and_money_are_projected_as_the_completers_answer_them(changes):
    items = [_item(1), _item(2, **changes)]
    query = "{ maybeItems { id price bestTier { minimum amount label } item: bestTier { amount } } }"

    plain, objects = both(query, items)

    assert plain == objects
    assert plain["errors"] == []
    assert completer_calls(query, items) == []


@pytest.mark.parametrize(
    "changes",
    [
        {"bestTier": {"minimum": 1, "amount": None}},  # null in a non-null field of an object projected inline
        {"bestTier": {"minimum": None, "amount": Decimal(1)}},
        {"bestTier": {"minimum": 1, "amount": Exception("no amount")}},
        {"bestTier": {"minimum": 1, "amount": Undefined}},
        {"price": None},
    ],
)
def test_what_is_not_plainly_valid_inside_a_nested_object_is_answered_by_the_completers(changes):
    items = [_item(1), _item(2, **changes)]
    query = "{ maybeItems { id price bestTier { minimum amount } } }"

    plain, objects = both(query, items)

    assert plain == objects
    assert plain["errors"]
    assert completer_calls(query, items) == [["maybeItems"]]


@plain_input
@strawberry.input
class WithUnsetIn:
    n: int
    maybe: int | None = strawberry.UNSET  # no default in the schema; the dataclass's own when missing


@strawberry.type
class UnsetQuery:
    @strawberry.field
    def f(self, values: list[WithUnsetIn]) -> str:
        return repr([(value.n, value.maybe) for value in values])


def test_a_field_whose_default_only_the_dataclass_knows_is_built_as_strawberry_builds_it():
    unset_schema = strawberry.Schema(query=UnsetQuery, execution_context_class=PlainDataExecutor)
    document = "query($v: [WithUnsetIn!]!) { f(values: $v) }"
    variables = {"v": [{"n": 1}, {"n": 2, "maybe": None}, {"n": 3, "maybe": 4}]}
    definitions = parse(document).definitions[0].variable_definitions

    built = plain_variable_values(unset_schema._schema, definitions, variables).coerced["v"]
    result = unset_schema.execute_sync(document, variable_values=variables)
    with without_plain_variables():
        expected = unset_schema.execute_sync(document, variable_values=variables)

    assert [type(value) for value in built] == [WithUnsetIn] * 3
    assert result.data == expected.data == {"f": repr([(1, strawberry.UNSET), (2, None), (3, 4)])}


# --- no reference cycle left for the garbage collector (issue 21) ----------------------------------------------------


@pytest.mark.parametrize("query", ["{ items { id tiers { minimum } } }", "{ items { id nope } }"], ids=["ok", "error"])
def test_a_finished_operation_frees_its_executor_without_the_garbage_collector(query):
    # graphql-core's executor holds bound methods of itself: left as it is, each request's executor, variables,
    # inputs and context waited for the collector (a 500-item price request: ~3,700 objects). Broken when the
    # operation is done, they are freed as soon as the answer is.
    import gc

    def executors() -> set[int]:  # `type`, not isinstance: it would set up lazy objects that other tests left
        return {id(o) for o in gc.get_objects() if type(o) is PlainDataExecutor}

    gc.collect()
    gc.disable()
    try:
        before = executors()  # other tests' executors that something still holds (an error's traceback)
        result = schema.execute_sync(query, context_value={"plain": True, "items": ITEMS})
        del result
        left = executors() - before
    finally:
        gc.enable()
    assert left == set()
