"""What one GraphQL request may ask (issue 12), checked before any resolver runs:

- tokens: a document of more than MAX_TOKENS tokens is not parsed (graphql-core's parse option `max_tokens`, which
  strawberry's ExecutionContext.parse_options carries);
- depth: no field nested deeper than GRAPHQL_MAX_QUERY_DEPTH levels, introspection fields included;
- root fields: at most GRAPHQL_MAX_ROOT_FIELDS per operation (aliases count);
- cost: an estimate of the values the answer holds, at most GRAPHQL_MAX_QUERY_COST (see `OperationMeasure`);
- introspection (`__schema`, `__type`) only when GRAPHQL_INTROSPECTION is on; `__typename` always works;
- text PostgreSQL cannot store (NUL, unpaired surrogates) is refused wherever it is sent: in any variable (nested,
  dict keys included) and in any string literal of the document.

The standard validation of a document is kept per process by strawberry's ValidationCache, which keys it by the
document and the validation rules: so the rules are the same every request, and what depends on the request's
variables (depth, root fields and cost with page sizes given as variables, the variables' text) is not a validation
rule but RequestLimits' `on_validate` hook, which adds its errors before the standard validation's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any, NamedTuple

import orjson
from django.conf import settings
from django.core.exceptions import ValidationError
from graphql import (
    DocumentNode,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLList,
    GraphQLNonNull,
    GraphQLSchema,
    InlineFragmentNode,
    ListValueNode,
    OperationDefinitionNode,
    OperationType,
    SchemaMetaFieldDef,
    SelectionSetNode,
    StringValueNode,
    TypeMetaFieldDef,
    TypeNameMetaFieldDef,
    ValueNode,
    VariableDefinitionNode,
    VariableNode,
    Visitor,
    build_schema,
    get_named_type,
    value_from_ast_untyped,
    visit,
)
from graphql.language import ArgumentNode, ObjectFieldNode
from graphql.pyutils import Undefined
from graphql.validation import NoSchemaIntrospectionCustomRule
from strawberry import Schema
from strawberry.extensions import SchemaExtension

from portal.errors import ErrorCode, InputError, field_errors
from portal.lru import LRU

# The page-size argument of paged fields: the number of items a list field (or the list of a connection) returns.
PAGE_SIZE_ARGUMENT = "first"
# The estimated length of a list that has no page size and no list argument to tell it (a quote's lines, a product's
# variants): generous for this catalogue, where products have a handful of variants and options.
DEFAULT_LIST_SIZE = 10
# The most tokens graphql-core's parser reads of one document before it refuses it.
MAX_TOKENS = 5000
# Fragments spreading fragments: deeper chains than this are refused (none of our clients uses more than one level).
MAX_FRAGMENT_CHAIN = 20
# The query texts whose parse and standard validation a process keeps (strawberry's ParserCache and ValidationCache,
# portal.schema): the overlay sends a few dozen; bounded, so that unique texts sent by a client cannot grow memory.
MAX_DOCUMENTS = 512

UNSTORABLE_TEXT_MESSAGE = "Text may not contain the NUL character (U+0000) or unpaired surrogates (U+D800 to U+DFFF)."
_UNSTORABLE = "[\x00\ud800-\udfff]"
_MAX_REPORTED_PATHS = 20


def query_too_complex(message: str) -> GraphQLError:
    return GraphQLError(message, extensions={"code": str(ErrorCode.QUERY_TOO_COMPLEX)})


class RequestLimits(SchemaExtension):
    """Sets the parser's token limit and the introspection switch, and refuses an operation over a limit or with text
    PostgreSQL cannot store. Listed after strawberry's ValidationCache (portal.schema): its `on_validate` has set the
    standard validation's errors when this one adds the request's."""

    def on_operation(self) -> Iterator[None]:
        context = self.execution_context
        context.parse_options["max_tokens"] = MAX_TOKENS
        if not settings.GRAPHQL_INTROSPECTION:
            context.validation_rules = (*context.validation_rules, NoSchemaIntrospectionCustomRule)
        yield

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document = context.graphql_document
        if document is not None:
            variables = context.variables if isinstance(context.variables, Mapping) else {}
            errors = request_errors(graphql_schema(context.schema), document, context.query, variables)
            if errors:
                context.pre_execution_errors = [*errors, *(context.pre_execution_errors or ())]
        yield


@lru_cache(maxsize=8)
def graphql_schema(schema: Schema) -> GraphQLSchema:
    """The GraphQL schema the measure reads (fields, their list types and arguments' defaults), built from the
    schema's SDL once per process (about 0.1 s, 4 MB): strawberry has no public accessor of its own."""
    return build_schema(schema.as_str())


def request_errors(
    schema: GraphQLSchema, document: DocumentNode, query: str | None, variables: Mapping[str, Any]
) -> list[GraphQLError]:
    """The errors of the request's limits: each operation's depth, root fields and cost, then the text PostgreSQL
    cannot store, variables' and literals' together in one error. `query` is the document's text (None: unknown)."""
    fragments = {d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)}
    errors = [
        error
        for definition in document.definitions
        if isinstance(definition, OperationDefinitionNode)
        for error in measure_errors(schema, definition, fragments, variables)
    ]
    paths = unstorable_variable_paths(variables)
    if len(paths) < _MAX_REPORTED_PATHS and (query is None or _may_hold_unstorable_literal(query)):
        paths.extend(literal_unstorable_paths(document)[: _MAX_REPORTED_PATHS - len(paths)])
    if paths:
        errors.append(_unstorable_text_error(paths))
    return errors


# Text -------------------------------------------------------------------------------------------------------------


def _unstorable(text: str) -> bool:
    return re.search(_UNSTORABLE, text) is not None


def _printable(key: str) -> str:
    return key.encode("unicode_escape").decode("ascii") if _unstorable(key) else key


def unstorable_variable_paths(variables: Mapping[str, Any]) -> list[str]:
    """The paths (`data.contactInfo.name`, `skus.3`) of the variable texts and keys PostgreSQL cannot store.
    Iterative: the values may be nested as deep as the JSON parser allowed."""
    if not _may_hold_unstorable(variables):
        return []
    found: list[str] = []
    stack: list[tuple[Any, tuple | None]] = [(dict(variables), None)]
    while stack and len(found) < _MAX_REPORTED_PATHS:
        value, path = stack.pop()
        if isinstance(value, str):
            if _unstorable(value):
                found.append(_join(path))
        elif isinstance(value, Mapping):
            for key, item in value.items():
                key_path = (path, _printable(str(key)))
                if _unstorable(str(key)):
                    found.append(_join(key_path))
                stack.append((item, key_path))
        elif isinstance(value, list | tuple):
            stack.extend((item, (path, str(index))) for index, item in enumerate(value))
    return sorted(found)


def _may_hold_unstorable(variables: Mapping[str, Any]) -> bool:
    """False when no text or key of the variables holds NUL or a surrogate: one pass over all of them in C (issue 21:
    walking 500 price items for the paths cost 3 ms, for the rare request that has something to report; json.dumps
    0.5 ms, orjson 0.07). orjson writes a NUL as the escape \\u0000 and refuses a surrogate (UTF-8 cannot encode it);
    it also refuses what is not JSON (in-process callers), integers beyond 64 bits, keys that are not texts and nesting
    deeper than 254: each of those is a maybe, as is a text holding a backslash and "u0000", and the walk decides."""
    try:
        text = orjson.dumps(variables)
    except TypeError:  # orjson.JSONEncodeError included
        return True
    return b"\\u0000" in text


def _may_hold_unstorable_literal(query: str) -> bool:
    """False when no string literal of the query text can hold NUL or a surrogate: the text is ASCII, without a NUL
    (graphql-core's parser takes one as it is) or a unicode escape (`\\u0000`, `\\uD800`, `\\u{0}`). The literals are
    walked (0.2-0.6 ms) only for the rare text that has one: the overlay's documents take texts as variables."""
    return not query.isascii() or "\\u" in query or "\x00" in query


def _join(path: tuple | None) -> str:
    parts: list[str] = []
    while path is not None:
        path, part = path
        parts.append(part)
    return ".".join(reversed(parts))


# The nodes a literal's path names: an argument, an input object field, a variable's default value.
_NAMED_VALUE_HOLDERS = (ArgumentNode, ObjectFieldNode, VariableDefinitionNode)


def _name(node: ArgumentNode | ObjectFieldNode | VariableDefinitionNode) -> str:
    return node.variable.name.value if isinstance(node, VariableDefinitionNode) else node.name.value


class _LiteralPaths(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.paths: list[str] = []

    def enter_string_value(self, node: StringValueNode, _key, parent, _path, ancestors) -> None:
        if _unstorable(node.value):
            names = [_name(n) for n in (*ancestors, parent) if isinstance(n, _NAMED_VALUE_HOLDERS)]
            self.paths.append(".".join(names) or "query")


def literal_unstorable_paths(document: DocumentNode) -> list[str]:
    """The paths of the document's string literals PostgreSQL cannot store, in document order."""
    visitor = _LiteralPaths()
    visit(document, visitor)
    return visitor.paths


def _unstorable_text_error(paths: list[str]) -> GraphQLError:
    unstorable = {path: [ValidationError(UNSTORABLE_TEXT_MESSAGE, code="invalid")] for path in paths}
    return InputError(UNSTORABLE_TEXT_MESSAGE, fields=field_errors(unstorable), code=str(ErrorCode.BAD_USER_INPUT))


# Depth, root fields and cost ----------------------------------------------------------------------------------------


def measure_errors(
    schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Mapping[str, FragmentDefinitionNode],
    variables: Mapping[str, Any],
) -> list[GraphQLError]:
    """The limit errors of one operation (empty when it is within every limit)."""
    max_depth = settings.GRAPHQL_MAX_QUERY_DEPTH
    measure = operation_measure(schema, operation, fragments, variables, max_depth=max_depth)
    name = operation.name.value if operation.name else "anonymous"
    if measure.too_deep:
        # The message of strawberry's QueryDepthLimiter, which this limit replaced, kept as it was.
        return [GraphQLError(f"'{name}' exceeds maximum operation depth of {max_depth}", [operation])]
    errors = []
    max_root_fields = settings.GRAPHQL_MAX_ROOT_FIELDS
    if measure.root_fields > max_root_fields:
        errors.append(
            query_too_complex(
                f"'{name}' asks for {measure.root_fields} root fields; at most {max_root_fields} are allowed in one "
                "request. Send several requests."
            )
        )
    max_cost = settings.GRAPHQL_MAX_QUERY_COST
    if measure.cost > max_cost:
        errors.append(
            query_too_complex(
                f"'{name}' is too complex: its estimated cost is {measure.cost}, the limit is {max_cost}. Ask for "
                "fewer items (a smaller first), fewer fields or fewer aliases."
            )
        )
    return errors


# An operation's figures by the operation, the schema, the depth limit and what the measure reads of the variables.
_measures = LRU(4 * MAX_DOCUMENTS)


class Measured(NamedTuple):
    too_deep: bool
    root_fields: int
    cost: int


def operation_measure(
    schema: GraphQLSchema,
    operation: OperationDefinitionNode,
    fragments: Mapping[str, FragmentDefinitionNode],
    variables: Mapping[str, Any],
    *,
    max_depth: int,
) -> Measured:
    """`OperationMeasure`'s figures for the operation, kept per process by the operation object (strawberry's
    ParserCache parses a text once, so a known operation is the same object every request) and what the
    measure reads of the variables: which are sent, an integer's value (a page size), a list's length (a list
    argument). Any other value counts the same whatever it is."""
    key = _measure_key(schema, operation, variables, max_depth)
    if key is not None:
        kept = _measures.get(key)
        if kept is not None and kept[0] is operation and kept[1] is schema:
            return kept[2]
    measure = OperationMeasure(schema, operation, fragments, variables, max_depth=max_depth)
    measured = Measured(measure.too_deep, measure.root_fields, measure.cost)
    if key is not None:
        # The operation and schema are kept with it: their ids, in the key, cannot be reused meanwhile.
        _measures.put(key, (operation, schema, measured))
    return measured


def _measure_key(
    schema: GraphQLSchema, operation: OperationDefinitionNode, variables: Mapping[str, Any], max_depth: int
) -> tuple | None:
    read = []
    for name, value in variables.items():
        kind = value.__class__
        if not isinstance(name, str):
            return None
        if kind is int:
            read.append((name, "int", value))
        elif kind is list:
            read.append((name, "list", len(value)))
        elif kind is bool or not isinstance(value, int | list):
            read.append((name, "other", None))
        else:
            return None  # a subclass of int or list (not from JSON): not kept
    read.sort()
    return (id(operation), id(schema), max_depth, tuple(read))


class OperationMeasure:
    """The depth, root field count and estimated cost of one operation.

    Cost: every field of the answer counts 1, multiplied by the length of every list around it. A list's length is
    its page size (`first`, given or default), or for a connection (`quotes(first) { edges }`) the page size of the
    field above; else the length of its list argument (`variantSku(variantSkus)`, `priceProducts(items)`); else
    DEFAULT_LIST_SIZE. So `productsSearch(first: 50) { id name }` costs 1 + 50 × 2 = 101, and 100 aliases of
    `productsSearch(first: 500) { id }` cost 50,100.
    """

    def __init__(
        self,
        schema: GraphQLSchema,
        operation: OperationDefinitionNode,
        fragments: Mapping[str, FragmentDefinitionNode],
        variables: Mapping[str, Any],
        *,
        max_depth: int,
    ) -> None:
        self.schema = schema
        self.fragments = fragments
        self.max_depth = max_depth
        self.variables = dict(variables)
        for definition in operation.variable_definitions or ():
            name = definition.variable.name.value
            if name not in self.variables and definition.default_value is not None:
                self.variables[name] = _literal(definition.default_value, {})
        self.too_deep = False
        self._memo: dict[tuple, int] = {}
        root_type = {
            OperationType.QUERY: schema.query_type,
            OperationType.MUTATION: schema.mutation_type,
            OperationType.SUBSCRIPTION: schema.subscription_type,
        }[operation.operation]
        self.root_fields = self._count_fields(operation.selection_set, ())
        self.cost = self._selections(operation.selection_set, root_type, level=0, page_size=None, chain=())

    def _count_fields(self, selection_set: SelectionSetNode, chain: tuple[str, ...]) -> int:
        count = 0
        for selection in selection_set.selections:
            if isinstance(selection, FieldNode):
                count += 1
            elif isinstance(selection, InlineFragmentNode):
                count += self._count_fields(selection.selection_set, chain)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                fragment = self.fragments.get(name)
                if fragment is not None and name not in chain and len(chain) < MAX_FRAGMENT_CHAIN:
                    count += self._count_fields(fragment.selection_set, (*chain, name))
        return count

    def _selections(
        self, selection_set: SelectionSetNode, parent: Any, *, level: int, page_size: int | None, chain: tuple
    ) -> int:
        cost = 0
        for selection in selection_set.selections:
            if self.too_deep:
                return cost
            if isinstance(selection, FieldNode):
                cost += self._field(selection, parent, level=level, page_size=page_size, chain=chain)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                fragment_type = self.schema.get_type(condition.name.value) if condition else parent
                cost += self._selections(
                    selection.selection_set, fragment_type, level=level, page_size=page_size, chain=chain
                )
            elif isinstance(selection, FragmentSpreadNode):
                cost += self._spread(selection, level=level, page_size=page_size, chain=chain)
        return cost

    def _spread(self, spread: FragmentSpreadNode, *, level: int, page_size: int | None, chain: tuple) -> int:
        name = spread.name.value
        fragment = self.fragments.get(name)
        if fragment is None or name in chain:
            return 0  # unknown fragments and cycles are reported by the standard rules
        if len(chain) >= MAX_FRAGMENT_CHAIN:
            self.too_deep = True
            return 0
        fragment_type = self.schema.get_type(fragment.type_condition.name.value)
        key = (name, level, page_size)
        if key not in self._memo:
            self._memo[key] = self._selections(
                fragment.selection_set, fragment_type, level=level, page_size=page_size, chain=(*chain, name)
            )
        return self._memo[key]

    def _field(self, node: FieldNode, parent: Any, *, level: int, page_size: int | None, chain: tuple) -> int:
        if level > self.max_depth:
            self.too_deep = True
            return 0
        definition = self._definition(parent, node.name.value)
        if node.selection_set is None or definition is None:
            return 1  # a leaf; an unknown field is reported by the standard rules
        field_type = definition.type
        if isinstance(field_type, GraphQLNonNull):
            field_type = field_type.of_type
        first = self._page_size(node, definition)
        if isinstance(field_type, GraphQLList):
            size = first if first is not None else page_size
            if size is None:
                size = self._list_argument_length(node, definition)
            child_page_size = None
        else:
            size, child_page_size = 1, first
        children = self._selections(
            node.selection_set, get_named_type(field_type), level=level + 1, page_size=child_page_size, chain=chain
        )
        return 1 + size * children

    def _definition(self, parent: Any, name: str) -> Any:
        if name == "__typename":
            return TypeNameMetaFieldDef
        if parent is self.schema.query_type:
            if name == "__schema":
                return SchemaMetaFieldDef
            if name == "__type":
                return TypeMetaFieldDef
        fields = getattr(parent, "fields", None)
        return fields.get(name) if fields is not None else None

    def _argument(self, node: FieldNode, definition: Any, name: str) -> Any:
        for argument in node.arguments or ():
            if argument.name.value == name:
                value = argument.value
                # A variable that was not sent leaves the argument at its default, as execution does.
                if not (isinstance(value, VariableNode) and value.name.value not in self.variables):
                    return _literal(value, self.variables)
        argument_definition = definition.args.get(name)
        if argument_definition is None:
            return None
        if argument_definition.default_value is not Undefined:
            return argument_definition.default_value
        # A schema built from SDL keeps the default as it is written (graphql-core's GraphQLDefaultInput).
        default = argument_definition.default
        if default is None:
            return None
        return default.value if default.literal is None else _literal(default.literal, {})

    def _page_size(self, node: FieldNode, definition: Any) -> int | None:
        if PAGE_SIZE_ARGUMENT not in definition.args:
            return None
        value = self._argument(node, definition, PAGE_SIZE_ARGUMENT)
        if isinstance(value, int) and not isinstance(value, bool):
            return max(value, 0)
        return None

    def _list_argument_length(self, node: FieldNode, definition: Any) -> int:
        lengths = []
        for name, argument in definition.args.items():
            argument_type = argument.type.of_type if isinstance(argument.type, GraphQLNonNull) else argument.type
            if isinstance(argument_type, GraphQLList):
                value = self._argument(node, definition, name)
                if isinstance(value, list):
                    lengths.append(len(value))
        return max(lengths) if lengths else DEFAULT_LIST_SIZE


def _literal(node: ValueNode, variables: dict[str, Any]) -> Any:
    if isinstance(node, VariableNode):
        return variables.get(node.name.value)
    if isinstance(node, ListValueNode):
        return [None] * len(node.values)  # only the length matters here
    try:
        return value_from_ast_untyped(node, variables)
    except Exception:  # a malformed literal: the standard rules report it
        return None
