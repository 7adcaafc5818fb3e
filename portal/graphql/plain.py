"""Plain data: large answers completed without per-field resolvers (issue 21).

A resolver that has its whole answer already (a price list of 500 items) returns it as `PlainData`: dicts keyed by
GraphQL field name (`productId`, not `product_id`), lists, and leaf values as a resolver would return them (a Decimal
for a Decimal field, an enum member for an enum). `PlainDataExecutor` then completes it by projecting the operation's
selection straight onto those dicts, instead of calling a resolver, building an info object and running every
extension for each of the thousands of fields:

- the selection is graphql-core's own (`collect_subfields`): fragments, `@include`/`@skip` and aliases behave as in
  any other answer; `__typename` is the object type's name (or, for an interface or union, the dict's
  `__typename`, checked as graphql-core checks a type resolver's answer);
- leaves are serialized by the field's GraphQL type (`coerce_output_value`), as graphql-core does;
- a missing key is null, as graphql-core's default resolver reads a dict; a null in a non-null field, a value a
  scalar cannot represent, or an Exception put in place of a value are field errors with graphql-core's messages,
  paths and null propagation (`handle_field_error`);
- a list object met again in the same answer (a product's quantity breaks, shared by its items) is completed once
  and its answer reused, unless completing it gave an error, which is then reported at each of its paths.

Only fields without a resolver of their own, arguments, permission classes or field extensions can be answered this
way (a plain `strawberry.type` of data): a selection that reaches any other field is a programming error, refused
with a TypeError (reported as an internal error) rather than answered without its rule. The type of the field that
returns the plain data keeps its schema (SDL) unchanged; only how its value is completed differs.

`plain_input` is the input side: an input type whose fields are scalars (and lists of plain inputs) built straight
from the values graphql-core has already coerced and validated, without strawberry's per-field conversion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING
from types import SimpleNamespace
from typing import Any

from graphql import (
    GraphQLBoolean,
    GraphQLError,
    GraphQLID,
    GraphQLInt,
    GraphQLList,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLString,
    get_nullable_type,
    is_abstract_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
    is_object_type,
)
from graphql.pyutils import Path, Undefined, inspect, is_iterable
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types.base import StrawberryList, StrawberryOptional, has_object_definition

GRAPHQL_MIN_INT, GRAPHQL_MAX_INT = -(2**31), 2**31 - 1
_STRAWBERRY_DEFINITION = "strawberry-definition"


class PlainData:
    """A resolver's answer to complete as plain data (see the module's docstring)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


# A completer turns one plain value into its part of the answer; it raises as graphql-core's complete_value does.
Completer = Callable[[Any, Path], Any]


class PlainDataExecutor(StrawberryGraphQLCoreExecutionContext):
    """strawberry's executor, completing a `PlainData` answer from the selection (PortalSchema's executor)."""

    def complete_value(self, return_type, field_details_list, info, path, result, position_context):
        if result.__class__ is PlainData:
            field = SimpleNamespace(parent_type=info.parent_type, field_name=info.field_name)
            return self._plain_completer(return_type, field_details_list, field)(result.value, path)
        return super().complete_value(return_type, field_details_list, info, path, result, position_context)

    # --- building completers (once per type and selection of an operation) ---------------------------------------

    def _plain_completer(self, return_type: GraphQLOutputType, field_details_list: list, field: Any) -> Completer:
        cache = self.__dict__.setdefault("_plain_completers", {})
        # Keyed by the selection's identity, as graphql-core memoizes collect_subfields; the list is kept alive with
        # the completer so that its id cannot be reused while the operation runs.
        key = (return_type, id(field_details_list))
        cached = cache.get(key)
        if cached is None:
            cached = cache[key] = (field_details_list, self._build(return_type, field_details_list, field))
        return cached[1]

    def _build(self, return_type: GraphQLOutputType, field_details_list: list, field: Any) -> Completer:
        # Non-null is checked by the completer of the type inside: a value completes to null only when it is null.
        null_message = None
        if is_non_null_type(return_type):
            null_message = f"Cannot return null for non-nullable field {field.parent_type}.{field.field_name}."
            return_type = return_type.of_type
        if is_list_type(return_type):
            return self._list(return_type, field_details_list, field, null_message)
        if is_leaf_type(return_type):
            return _leaf(return_type, null_message)
        if is_abstract_type(return_type):
            return self._abstract(return_type, field_details_list, field, null_message)
        if is_object_type(return_type):
            return self._object(return_type, field_details_list, null_message)
        raise TypeError(f"Cannot complete plain data of type {inspect(return_type)}.")  # pragma: no cover

    def _list(self, return_type: GraphQLList, field_details_list: list, field: Any, null_message: str | None):
        item_type = return_type.of_type
        complete_item = self._build(item_type, field_details_list, field)
        handle_field_error = self.handle_field_error
        not_iterable = f"Expected Iterable, but did not find one for field '{field.parent_type}.{field.field_name}'."
        # A list object met again (a product's quantity breaks, shared by its items) completes to the same answer,
        # unless completing it raised or reported an error: then again, so that the error names each path.
        completed_before: dict[int, tuple[list, list]] = {}
        errors = self.collected_errors.errors

        def complete_list(value: Any, path: Path) -> list | None:
            if value.__class__ is list:
                before = completed_before.get(id(value))
                if before is not None and before[0] is value:
                    return before[1]
            if value is None or value is Undefined:
                if null_message:
                    raise TypeError(null_message)
                return None
            if isinstance(value, Exception):
                raise value
            if not is_iterable(value):
                raise GraphQLError(not_iterable)
            error_count = len(errors)
            completed = []
            append = completed.append
            for index, item in enumerate(value):
                item_path = Path(path, index, None)
                try:
                    append(complete_item(item, item_path))
                except Exception as raw_error:  # as graphql-core's complete_list_item_value
                    handle_field_error(raw_error, item_type, field_details_list, item_path)
                    append(None)
            if value.__class__ is list and len(errors) == error_count:
                completed_before[id(value)] = (value, completed)
            return completed

        return complete_list

    def _abstract(self, return_type: Any, field_details_list: list, field: Any, null_message: str | None):
        ensure_valid_runtime_type = self.ensure_valid_runtime_type

        def complete_abstract(value: Any, path: Path) -> dict | None:
            if value is None or value is Undefined:
                if null_message:
                    raise TypeError(null_message)
                return None
            if isinstance(value, Exception):
                raise value
            name = value.get("__typename") if isinstance(value, Mapping) else None
            runtime_type = ensure_valid_runtime_type(name, return_type, field_details_list, field, value)
            return self._plain_completer(runtime_type, field_details_list, field)(value, path)

        return complete_abstract

    def _object(self, return_type: GraphQLObjectType, field_details_list: list, null_message: str | None):
        grouped_field_set = self.collect_subfields(return_type, field_details_list)[0]
        type_name = return_type.name
        plan = []
        for response_name, sub_details in grouped_field_set.items():
            field_name = sub_details[0].node.name.value
            if field_name == "__typename":
                plan.append((response_name, field_name, lambda _value, _path: type_name, None, sub_details, True))
                continue
            field_def = return_type.fields.get(field_name)
            if field_def is None:  # pragma: no cover (validation refuses unknown fields)
                continue
            _check_plain_field(return_type, field_name, field_def)
            field = SimpleNamespace(parent_type=return_type, field_name=field_name)
            complete = self._build(field_def.type, sub_details, field)
            # A leaf needs no path unless it fails: built only then.
            leaf = is_leaf_type(get_nullable_type(field_def.type))
            plan.append((response_name, field_name, complete, field_def.type, sub_details, leaf))
        handle_field_error = self.handle_field_error

        def complete_object(value: Any, path: Path) -> dict | None:
            if value.__class__ is not dict:
                if value is None or value is Undefined:
                    if null_message:
                        raise TypeError(null_message)
                    return None
                if isinstance(value, Exception):
                    raise value
                if not isinstance(value, Mapping):
                    raise TypeError(f"Expected plain data (a dict) for type '{type_name}', got {inspect(value)}.")
            get = value.get
            completed = {}
            for response_name, field_name, complete, field_type, sub_details, leaf in plan:
                try:
                    completed[response_name] = complete(
                        get(field_name), None if leaf else Path(path, response_name, type_name)
                    )
                except Exception as raw_error:  # as graphql-core's execute_field
                    handle_field_error(raw_error, field_type, sub_details, Path(path, response_name, type_name))
                    completed[response_name] = None
            return completed

        return complete_object


def _check_plain_field(parent: GraphQLObjectType, name: str, field_def: Any) -> None:
    """Refuses a field that has a rule of its own: plain data would answer it without running it."""
    definition = field_def.extensions.get(_STRAWBERRY_DEFINITION) if field_def.extensions else None
    has_rule = bool(field_def.args) or (
        definition is not None
        and (definition.base_resolver is not None or definition.extensions or definition.permission_classes)
    )
    if has_rule:
        raise TypeError(
            f"{parent.name}.{name} has a resolver, arguments, permissions or extensions of its own: it cannot be "
            "answered from plain data."
        )


def _leaf(return_type: Any, null_message: str | None) -> Completer:
    coerce = return_type.coerce_output_value

    def complete_leaf(value: Any, path: Path = None) -> Any:
        if value is None or value is Undefined:
            if null_message:
                raise TypeError(null_message)
            return None
        if isinstance(value, Exception):
            raise value
        coerced = coerce(value)
        if coerced is Undefined or coerced is None:
            raise TypeError(
                f"Expected `{inspect(return_type)}.coerce_output_value({inspect(value)})` to return non-nullable "
                f"value, returned: {inspect(coerced)}"
            )
        return coerced

    # The built-in scalars' values of their own Python type serialize to themselves: no call into graphql-core.
    if return_type is GraphQLInt:

        def complete_int(value: Any, path: Path) -> Any:
            if value.__class__ is int and GRAPHQL_MIN_INT <= value <= GRAPHQL_MAX_INT:
                return value
            return complete_leaf(value)

        return complete_int
    if return_type is GraphQLString or return_type is GraphQLID:

        def complete_string(value: Any, path: Path) -> Any:
            if value.__class__ is str:
                return value
            return complete_leaf(value)

        return complete_string
    if return_type is GraphQLBoolean:

        def complete_boolean(value: Any, path: Path) -> Any:
            if value is True or value is False:
                return value
            return complete_leaf(value)

        return complete_boolean
    return complete_leaf


# --- input ---------------------------------------------------------------------------------------------------------


def plain_input(cls: type) -> type:
    """Builds this strawberry input type straight from graphql-core's coerced value, without strawberry's
    per-field conversion. Its fields must be Int, Float, String or Boolean, lists of those, or lists of other
    `plain_input` types: graphql-core has validated and coerced every value and filled in the schema's defaults, and
    strawberry would pass such values on unchanged, so only the names change (GraphQL → Python) and the fields
    without a default in the schema get None, as strawberry does."""
    definition = cls.__strawberry_definition__
    if not definition.is_input:
        raise TypeError(f"{cls.__name__} is not a strawberry input type.")
    builders: list[Callable[[type, Mapping[str, Any], Any], Any]] = []

    def from_input(type_: type, value: Mapping[str, Any], context: Any) -> Any:
        if not builders:  # built on first use: the field types may be forward references until the schema exists
            builders.append(_input_builder(definition, context.config))
        return builders[0](type_, value, context)

    definition.from_input = from_input
    return cls


_PLAIN_SCALARS = (int, float, str, bool)


def _input_builder(definition: Any, config: Any) -> Callable[[type, Mapping[str, Any], Any], Any]:
    fields = []
    implicit_none = {}
    for field in definition.fields:
        graphql_name = config.name_converter.from_field(field)
        field_type = field.resolve_type(type_definition=definition)
        if isinstance(field_type, StrawberryOptional):
            field_type = field_type.of_type
        if isinstance(field_type, StrawberryList):
            item = field_type.of_type
            if isinstance(item, StrawberryOptional):
                item = item.of_type
            if item in _PLAIN_SCALARS:
                convert = _copied_list  # copied, as strawberry does: graphql-core shares a default between requests
            elif has_object_definition(item) and item.__strawberry_definition__.from_input is not None:
                convert = _list_of_inputs(item)
            else:
                raise TypeError(f"{definition.name}.{graphql_name}: plain_input takes scalars and plain inputs.")
        elif field_type in _PLAIN_SCALARS:
            convert = None
        else:
            raise TypeError(f"{definition.name}.{graphql_name}: plain_input takes scalars and plain inputs.")
        fields.append((graphql_name, field.python_name, convert))
        if field.default_value is MISSING and field.default_factory is MISSING:
            implicit_none[field.python_name] = None

    def build(type_: type, value: Mapping[str, Any], context: Any) -> Any:
        kwargs = dict(implicit_none)
        for graphql_name, python_name, convert in fields:
            if graphql_name in value:
                item = value[graphql_name]
                kwargs[python_name] = item if convert is None or item is None else convert(item, context)
        return type_(**kwargs)

    return build


def _copied_list(values: Iterable[Any], context: Any) -> list:
    return list(values)


def _list_of_inputs(item_cls: type) -> Callable[[Iterable[Mapping[str, Any]], Any], list]:
    def convert(values: Iterable[Mapping[str, Any]], context: Any) -> list:
        from_input = item_cls.__strawberry_definition__.from_input
        return [None if value is None else from_input(item_cls, value, context) for value in values]

    return convert
