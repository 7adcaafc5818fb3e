"""The channels a GraphQL operation names (issue 36 item 5), for the storefront token's channel check
(portal.middleware): every argument or input object field whose name names a channel (`channelId`, `channel_id`,
`bcChannelId`, `b3ChannelId`, a list of `channelIds`), wherever it stands — under an alias, in a fragment, in a nested
input object, in a variable's default value — with its value written into the query text or given by a variable of
any name. A variable's own keys (nested input objects sent as variables) are the request walker's: it reads the whole
JSON body (`channels_in_value`).

An argument left out names no channel: the field takes its schema default, as it does for every caller.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

from graphql import (
    ArgumentNode,
    GraphQLError,
    ListValueNode,
    NullValueNode,
    ObjectFieldNode,
    ValueNode,
    VariableDefinitionNode,
    VariableNode,
    Visitor,
    parse,
    value_from_ast_untyped,
    visit,
)

from portal.graphql.limits import MAX_DOCUMENTS, MAX_TOKENS
from portal.lru import LRU

_CHANNEL_NAME_ENDINGS = ("channelid", "channelids")


def is_channel_name(name: object) -> bool:
    """Whether an argument, field or key names a channel: `channelId`, `channel_id`, `bcChannelId`, `channelIds`…"""
    return isinstance(name, str) and name.replace("_", "").replace("-", "").lower().endswith(_CHANNEL_NAME_ENDINGS)


def _flat(value: Any) -> Iterator[Any]:
    """The channels a value names: itself, or each item of a list; null names none."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif item is not None:
            yield item


def channels_in_value(value: Any) -> list[Any]:
    """The values of every key that names a channel, at any depth of a JSON value (a request body, its variables).
    Iterative: the value may be nested as deep as the JSON parser allowed."""
    found: list[Any] = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            for key, nested in item.items():
                if is_channel_name(key):
                    found.extend(_flat(nested))
                stack.append(nested)
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


class _Places(NamedTuple):
    """Where a document names channels: values written into its text, and the variables given to channel arguments
    (with their default values, for a variable the request leaves out)."""

    literals: tuple[Any, ...]
    variables: tuple[str, ...]
    defaults: Mapping[str, Any]


class _PlacesVisitor(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.literals: list[Any] = []
        self.variables: list[str] = []
        self.defaults: dict[str, Any] = {}

    def _value(self, node: ValueNode) -> None:
        stack = [node]
        while stack:
            value = stack.pop()
            if isinstance(value, VariableNode):
                self.variables.append(value.name.value)
            elif isinstance(value, ListValueNode):
                stack.extend(value.values)
            elif not isinstance(value, NullValueNode):
                # A scalar, or an object where a channel id belongs: it is compared as written (and is no channel).
                self.literals.append(value_from_ast_untyped(value))

    def enter_argument(self, node: ArgumentNode, *_args) -> None:
        if is_channel_name(node.name.value):
            self._value(node.value)

    def enter_object_field(self, node: ObjectFieldNode, *_args) -> None:
        if is_channel_name(node.name.value):
            self._value(node.value)

    def enter_variable_definition(self, node: VariableDefinitionNode, *_args) -> None:
        if node.default_value is not None:
            self.defaults[node.variable.name.value] = value_from_ast_untyped(node.default_value)


# Kept per query text, as /graphql keeps its parsed documents: the overlay sends a few dozen texts.
_places = LRU(MAX_DOCUMENTS)
_NO_PLACES = _Places((), (), {})


def _document_places(query: str) -> _Places:
    places = _places.get(query)
    if places is None:
        try:
            # The same parse, with the same token limit, as /graphql's.
            document = parse(query, max_tokens=MAX_TOKENS)
        except GraphQLError:
            return _NO_PLACES  # the endpoint refuses a text it cannot parse, and nothing runs
        visitor = _PlacesVisitor()
        visit(document, visitor)
        places = _Places(tuple(visitor.literals), tuple(visitor.variables), visitor.defaults)
        _places.put(query, places)
    return places


def channels_in_operation(query: str, variables: Mapping[str, Any]) -> list[Any]:
    """The channels the arguments of a GraphQL document name, written into its text or given by its variables."""
    places = _document_places(query)
    found = list(places.literals)
    for name in places.variables:
        value = variables[name] if name in variables else places.defaults.get(name)
        found.extend(_flat(value))
    return found
