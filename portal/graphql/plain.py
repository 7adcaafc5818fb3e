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

The completers are built per operation from the selection; each also has a shape (its type and selection), and per
shape a projector is compiled once per process (`projector`): straight-line Python that answers plainly valid data
(the exact types the completers pass on unchanged, or what a scalar's serializer accepts) at half their cost.
Whatever it does not answer plainly (a null where none may be, a value of the wrong type, an Exception in place of a
value, an abstract type) is left to the completers, so errors are always theirs, and graphql-core's.

Only fields without a resolver of their own, arguments, permission classes or field extensions can be answered this
way (a plain `strawberry.type` of data): a selection that reaches any other field is a programming error, refused
with a TypeError (reported as an internal error) rather than answered without its rule. The type of the field that
returns the plain data keeps its schema (SDL) unchanged; only how its value is completed differs.

`plain_input` is the input side: an input type whose fields are scalars (and lists of plain inputs) built straight
from the values graphql-core has already coerced and validated, without strawberry's per-field conversion. And
`PlainDataExecutor.build` coerces plainly valid variables itself (`plain_variable_values`, as graphql-core would),
leaving everything else, every error among it, to graphql-core.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING
from decimal import Decimal
from types import SimpleNamespace
from typing import Any

from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLBoolean,
    GraphQLError,
    GraphQLID,
    GraphQLIncludeDirective,
    GraphQLInputObjectType,
    GraphQLInputType,
    GraphQLInt,
    GraphQLList,
    GraphQLObjectType,
    GraphQLOutputType,
    GraphQLSchema,
    GraphQLSkipDirective,
    GraphQLString,
    ListValueNode,
    ObjectValueNode,
    OperationDefinitionNode,
    VariableDefinitionNode,
    VariableNode,
    assert_valid_schema,
    get_directive_values,
    get_named_type,
    get_nullable_type,
    is_abstract_type,
    is_input_object_type,
    is_leaf_type,
    is_list_type,
    is_non_null_type,
    is_object_type,
    is_required_input_field,
)
from graphql.execution.collect_fields import FragmentDetails
from graphql.execution.executor import default_field_resolver, default_type_resolver
from graphql.execution.get_variable_signature import get_variable_signature
from graphql.execution.middleware import MiddlewareManager
from graphql.execution.values import VariableValues, VariableValueSource
from graphql.language.parser import MAX_NESTING_DEPTH
from graphql.pyutils import Path, Undefined, inspect, is_iterable
from graphql.utilities.coerce_input_value import coerce_default_value
from strawberry.schema.schema import StrawberryGraphQLCoreExecutionContext
from strawberry.types.base import StrawberryList, StrawberryOptional, has_object_definition

from portal.graphql import caching

GRAPHQL_MIN_INT, GRAPHQL_MAX_INT = -(2**31), 2**31 - 1
_STRAWBERRY_DEFINITION = "strawberry-definition"


class PlainData:
    """A resolver's answer to complete as plain data (see the module's docstring)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value


class Later:
    """A value of a dict's field made only when the selection reads it: `function(argument)`, called once for each
    time it is read (a line total that most price requests do not ask for). Its errors are the field's."""

    __slots__ = ("argument", "function")

    def __init__(self, function: Callable[[Any], Any], argument: Any) -> None:
        self.function = function
        self.argument = argument


# A completer turns one plain value into its part of the answer; it raises as graphql-core's complete_value does.
Completer = Callable[[Any, Path], Any]


class PlainDataExecutor(StrawberryGraphQLCoreExecutionContext):
    """strawberry's executor, completing a `PlainData` answer from the selection (PortalSchema's executor), and
    coercing plainly valid variables itself (`plain_variable_values`)."""

    @classmethod
    def build(  # noqa: PLR0913 (graphql-core's signature)
        cls,
        schema: GraphQLSchema,
        document: DocumentNode,
        root_value: Any = None,
        context_value: Any = None,
        raw_variable_values: dict[str, Any] | None = None,
        operation_name: str | None = None,
        field_resolver: Any = None,
        type_resolver: Any = None,
        subscribe_field_resolver: Any = None,
        max_coercion_errors: int = 50,
        enable_early_execution: bool = False,
        middleware: Any = None,
        is_awaitable: Any = None,
        is_async_iterable: Any = None,
        hide_suggestions: bool = False,
        abort_signal: Any = None,
        hooks: Any = None,
        **custom_args: Any,
    ) -> list[GraphQLError] | PlainDataExecutor:
        """graphql-core's `build`, but for an operation whose variables are plainly valid (as good as always) the
        variables are coerced by `plain_variable_values`; anything else (an error to report, a default to use,
        fragment variables, several operations without a name) goes through graphql-core's own `build`."""
        assert_valid_schema(schema)
        plain = None
        if middleware is None or isinstance(middleware, MiddlewareManager):
            plain = _plain_operation(schema, document, operation_name, raw_variable_values)
        if plain is None:
            return super().build(
                schema,
                document,
                root_value,
                context_value,
                raw_variable_values,
                operation_name,
                field_resolver,
                type_resolver,
                subscribe_field_resolver,
                max_coercion_errors,
                enable_early_execution,
                middleware,
                is_awaitable,
                is_async_iterable,
                hide_suggestions=hide_suggestions,
                abort_signal=abort_signal,
                hooks=hooks,
                **custom_args,
            )
        operation, fragment_definitions, fragments, variable_values = plain
        return cls(
            schema,
            fragment_definitions,
            fragments,
            root_value,
            context_value,
            operation,
            variable_values,
            field_resolver or default_field_resolver,
            type_resolver or default_type_resolver,
            subscribe_field_resolver or default_field_resolver,
            enable_early_execution,
            middleware,
            is_awaitable,
            is_async_iterable,
            hide_suggestions=hide_suggestions,
            abort_signal=abort_signal,
            hooks=hooks,
            **custom_args,
        )

    def execute_operation(self, serially: bool | None = None) -> Any:
        result = super().execute_operation(serially)
        if result.__class__ is ExecutionResult:
            # Done (a synchronous answer, nothing deferred): graphql-core's executor holds bound methods of itself
            # (`async_helpers`), and so do the plain completers it keeps (their closures call its error handling):
            # reference cycles that kept it, the variables, the inputs and the context alive after the request until
            # the garbage collector's next pass over them (issue 21: a 500-item request left ~3,700 objects for it).
            # Without the cycles they are freed when the request ends.
            self.async_helpers = None
            self.__dict__.pop("_plain_completers", None)
        return result

    def complete_value(self, return_type, field_details_list, info, path, result, position_context):
        if result.__class__ is PlainData:
            field = SimpleNamespace(parent_type=info.parent_type, field_name=info.field_name)
            project = self._projector(return_type, field_details_list, field)
            if project is not None:
                # Anything not plainly valid raises: the completers then answer it, errors and all.
                with contextlib.suppress(Exception):
                    return project(result.value)
            return self._plain_completer(return_type, field_details_list, field)(result.value, path)
        return super().complete_value(return_type, field_details_list, info, path, result, position_context)

    def _projector(self, return_type: GraphQLOutputType, field_details_list: list, field: Any) -> Any:
        """The compiled projector of this field's selection, or None where its shape cannot be compiled. Kept per
        process by the field's place in the (cached) document and the values of the variables its @skip/@include
        read, so a request of a known document builds no completers unless its data is not plainly valid."""
        key = _selection_key(self, return_type, field, field_details_list)
        entry = caching.plain_selections.get(key) if key is not None else None
        if entry is not None and entry[0] is self.operation and _same_nodes(entry[1], field_details_list):
            return entry[2]
        project = projector(self._plain_completer(return_type, field_details_list, field).shape)
        if key is not None:
            # The operation and the nodes are kept with it: their ids, in the key, cannot be reused meanwhile.
            nodes = tuple(details.node for details in field_details_list)
            caching.plain_selections.put(key, (self.operation, nodes, project))
        return project

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
            complete = self._abstract(return_type, field_details_list, field, null_message)
            complete.shape = None  # not compiled: the runtime type is the data's
            return complete
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
            elif _completes_to_null(value, null_message):
                return None
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

        item_shape = complete_item.shape
        complete_list.shape = None if item_shape is None else ("list", null_message is None, item_shape)
        return complete_list

    def _abstract(self, return_type: Any, field_details_list: list, field: Any, null_message: str | None):
        ensure_valid_runtime_type = self.ensure_valid_runtime_type

        def complete_abstract(value: Any, path: Path) -> dict | None:
            if _completes_to_null(value, null_message):
                return None
            name = value.get("__typename") if isinstance(value, Mapping) else None
            runtime_type = ensure_valid_runtime_type(name, return_type, field_details_list, field, value)
            return self._plain_completer(runtime_type, field_details_list, field)(value, path)

        return complete_abstract

    def _object(self, return_type: GraphQLObjectType, field_details_list: list, null_message: str | None):
        grouped_field_set = self.collect_subfields(return_type, field_details_list)[0]
        type_name = return_type.name
        plan = []
        shapes = []  # each field's (response name, field name, shape), for the compiled projector
        for response_name, sub_details in grouped_field_set.items():
            field_name = sub_details[0].node.name.value
            if field_name == "__typename":
                plan.append((response_name, field_name, lambda _value, _path: type_name, None, sub_details, True))
                shapes.append((response_name, field_name, ("typename", type_name)))
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
            shapes.append((response_name, field_name, complete.shape))
        handle_field_error = self.handle_field_error

        def complete_object(value: Any, path: Path) -> dict | None:
            if value.__class__ is not dict:
                if _completes_to_null(value, null_message):
                    return None
                if not isinstance(value, Mapping):
                    raise TypeError(f"Expected plain data (a dict) for type '{type_name}', got {inspect(value)}.")
            get = value.get
            completed = {}
            for response_name, field_name, complete, field_type, sub_details, leaf in plan:
                try:
                    field_value = get(field_name)
                    if field_value.__class__ is Later:
                        field_value = field_value.function(field_value.argument)
                    completed[response_name] = complete(
                        field_value, None if leaf else Path(path, response_name, type_name)
                    )
                except Exception as raw_error:  # as graphql-core's execute_field
                    handle_field_error(raw_error, field_type, sub_details, Path(path, response_name, type_name))
                    completed[response_name] = None
            return completed

        compilable = all(shape is not None for _response_name, _field_name, shape in shapes)
        complete_object.shape = ("object", null_message is None, type_name, tuple(shapes)) if compilable else None
        return complete_object


# Projectors by place in a document (caching.plain_selections): (id of the operation, the return type, the parent
# type and field name, the ids of the field nodes, the values of the variables directives read) -> (operation, nodes,
# projector or None). Documents are parsed once per text (caching.parsed), so a known operation's nodes are the same
# objects every request. caching.plain_directive_variables: id(operation) -> (operation, the variables' names).


def _selection_key(executor: Any, return_type: Any, field: Any, field_details_list: list) -> tuple | None:
    """The key of a selection's projector, or None where it is not kept (fragment variables, unusual values)."""
    operation = executor.operation
    names = _directive_variables(operation, executor.fragment_definitions)
    if names is None:
        return None
    variables = executor.variable_values
    coerced = variables.coerced if isinstance(variables, VariableValues) else variables
    node_ids = []
    for details in field_details_list:
        if details.fragment_variable_values is not None:
            return None
        node_ids.append(id(details.node))
    key = (
        id(operation),
        return_type,
        field.parent_type,
        field.field_name,
        tuple(node_ids),
        tuple(coerced.get(name, Undefined) for name in names),
    )
    try:
        hash(key)
    except TypeError:  # a directive's variable is a Boolean: anything else is not kept
        return None
    return key


def _same_nodes(nodes: tuple, field_details_list: list) -> bool:
    return len(nodes) == len(field_details_list) and all(
        node is details.node for node, details in zip(nodes, field_details_list, strict=True)
    )


def _directive_variables(operation: OperationDefinitionNode, fragments: Mapping[str, Any]) -> tuple[str, ...] | None:
    """The names of the variables any directive reads in the operation and the fragments it spreads, sorted: what
    @skip/@include decide the selection by; None when a fragment has variables of its own (experimental: not kept).
    The fragments of an operation object are those of its own document."""
    entry = caching.plain_directive_variables.get(id(operation))
    if entry is not None and entry[0] is operation:
        return entry[1]
    names = _directive_variable_names(operation, fragments)
    caching.plain_directive_variables.put(id(operation), (operation, names))
    return names


def _directive_variable_names(
    operation: OperationDefinitionNode, fragments: Mapping[str, Any]
) -> tuple[str, ...] | None:
    names: set[str] = set()
    spread: set[str] = set()
    pending = [operation]
    while pending:
        node = pending.pop()
        for directive in node.directives or ():
            for argument in directive.arguments or ():
                names.update(_variables_in(argument.value))
        if isinstance(node, FragmentSpreadNode):
            name = node.name.value
            if name not in spread and name in fragments:
                if fragments[name].variable_definitions:
                    return None
                spread.add(name)
                pending.append(fragments[name])
        selection_set = getattr(node, "selection_set", None)
        if selection_set is not None:
            pending.extend(selection_set.selections)
    return tuple(sorted(names))


def _variables_in(value: Any) -> Iterable[str]:
    if isinstance(value, VariableNode):
        yield value.name.value
    elif isinstance(value, ListValueNode):
        for item in value.values:
            yield from _variables_in(item)
    elif isinstance(value, ObjectValueNode):
        for object_field in value.fields:
            yield from _variables_in(object_field.value)


def _completes_to_null(value: Any, null_message: str | None) -> bool:
    """Whether `value` completes to null: a null in a nullable place. A null where none may be (`null_message`, the
    non-null field's message) and an Exception put in place of a value are raised, to be reported at the value's
    path as graphql-core reports them."""
    if value is None or value is Undefined:
        if null_message:
            raise TypeError(null_message)
        return True
    if isinstance(value, Exception):
        raise value
    return False


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
    complete = _leaf_completer(return_type, null_message)
    complete.shape = ("leaf", null_message is None, return_type)
    return complete


def _leaf_completer(return_type: Any, null_message: str | None) -> Completer:
    coerce = return_type.coerce_output_value

    def complete_leaf(value: Any, path: Path = None) -> Any:
        if _completes_to_null(value, null_message):
            return None
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


# --- compiled projectors ----------------------------------------------------------------------------------------


class _NotPlain(Exception):
    """A compiled projector met a value it does not answer plainly: the completers answer instead."""


def projector(shape: tuple | None) -> Callable[[Any], Any] | None:
    """The compiled projector of a completer's shape (None: not compiled), made once per process and shape."""
    if shape is None:
        return None
    project = caching.plain_projectors.get(shape)
    if project is None:
        project = _compile(shape)
        caching.plain_projectors.put(shape, project)
    return project


def _compile(shape: tuple) -> Callable[[Any], Any]:
    """Python source for projecting plain data of one shape, compiled once: straight-line code that reads each
    selected key, checks the value as the completers would accept it without an error, and builds the answer.

    A shape is a completer's type and selection: ("leaf", nullable, scalar type), ("list", nullable, item shape),
    ("object", nullable, type name, ((response name, field name, shape), ...)) or ("typename", type name). The
    projector accepts only what plainly completes: exact `dict`s and `list`s (or a `Later` giving one), ints in the
    32-bit range for Int, `str` for String and ID, True and False for Boolean, and for any other scalar or enum what
    its serializer turns into a value. Anything else (a null where none may be, an Exception in place of a value, a
    wrong type, an int out of range, a failing `Later`) raises, and the completers then answer the whole value with
    graphql-core's errors, paths and null propagation: the projector is never the one to report an error, so both
    give the same answer."""
    source = _ProjectorSource()
    entry = source.function(shape)
    lines = [*source.lines, "def project(value):", f"    return {entry}(value, [{', '.join(['{}'] * source.lists)}])"]
    namespace = {
        "_NotPlain": _NotPlain,
        "_Undefined": Undefined,
        "_Later": Later,
        "_Decimal": Decimal,
        "_str": str,
        **source.constants,
    }
    exec(compile("\n".join(lines), f"<plain projector {shape[0]}>", "exec"), namespace)  # noqa: S102 (our source)
    return namespace["project"]


class _ProjectorSource:
    """The source of a projector: a function per list, per object that is a list's item or the whole answer, and per
    leaf that is a list's item, each taking the value and the memos of lists completed before (one dict per list
    function, by the list's id). An object that is a field of an object is projected inline, in its parent's function
    (a call less per object), and so is the memo of a list that is a field of an object: a list met again (a product's
    quantity breaks, shared by its items) costs no call; a list met first is made by the list's `_made` function,
    which does not look it up again."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {}
        self.names: dict[tuple, str] = {}
        self.made: dict[tuple, tuple[str, int]] = {}  # list shape -> (its _made function, its memo's index)
        self.lists = 0

    def constant(self, value: Any) -> str:
        name = f"_c{len(self.constants)}"
        self.constants[name] = value
        return name

    def function(self, shape: tuple) -> str:
        name = self.names.get(shape)
        if name is None:
            name = self.names[shape] = f"_f{len(self.names)}"
            kind, nullable = shape[0], shape[1]
            body = ["    if value is None:", "        return None"] if nullable else []
            if kind == "object":
                body += self._object(shape)
            elif kind == "list":
                # `name` looks the list up in its memo, `name_made` makes it (a caller may look it up itself).
                memo, made = self._list(shape)
                self.made[shape] = (f"{name}_made", memo)
                self.lines += [f"def {name}_made(value, memo):", *body, *made]
                body = [
                    f"    seen = memo[{memo}].get(id(value))",
                    "    if seen is not None and seen[0] is value:",
                    "        return seen[1]",
                    f"    return {name}_made(value, memo)",
                ]
            else:
                body += [*self._leaf(("leaf", False, shape[2]), "value", "    "), "    return value"]
            self.lines += [f"def {name}(value, memo):", *body]
        return name

    def _object(self, shape: tuple) -> list[str]:
        body, answer = self._object_inline(shape, "value", "    ", "v")
        return [*body, f"    return {answer}"]

    def _object_inline(self, shape: tuple, value: str, indent: str, prefix: str) -> tuple[list[str], str]:
        """Lines that check the object `value` (not null) and project its fields into locals named from `prefix`,
        and the expression of the answer built from them."""
        get = f"get_{prefix}"
        body = [
            f"{indent}if {value}.__class__ is not dict:",
            f"{indent}    raise _NotPlain",
            f"{indent}{get} = {value}.get",
        ]
        answer = []
        for index, (response_name, field_name, field_shape) in enumerate(shape[3]):
            if field_shape[0] == "typename":
                answer.append(f"{response_name!r}: {field_shape[1]!r}")
                continue
            local = f"{prefix}{index}"
            body.append(f"{indent}{local} = {get}({field_name!r})")
            if field_shape[0] == "leaf":
                body += self._leaf(field_shape, local, indent)
                answer.append(f"{response_name!r}: {local}")
                continue
            body += [
                f"{indent}if {local}.__class__ is _Later:",
                f"{indent}    {local} = {local}.function({local}.argument)",
            ]
            if field_shape[0] == "object":
                nullable = field_shape[1]
                inner = indent + "    " if nullable else indent
                lines, nested = self._object_inline(field_shape, local, inner, f"{local}_")
                if nullable:
                    body.append(f"{indent}if {local} is not None:")
                body += [*lines, f"{inner}{local} = {nested}"]
                answer.append(f"{response_name!r}: {local}")
            else:  # a list
                self.function(field_shape)
                made, memo = self.made[field_shape]
                body += [
                    f"{indent}seen = memo[{memo}].get(id({local}))",
                    f"{indent}if seen is not None and seen[0] is {local}:",
                    f"{indent}    {local} = seen[1]",
                    f"{indent}else:",
                    f"{indent}    {local} = {made}({local}, memo)",
                ]
                answer.append(f"{response_name!r}: {local}")
        return body, f"{{{', '.join(answer)}}}"

    def _list(self, shape: tuple) -> tuple[int, list[str]]:
        """The index of the list's memo and the lines making it (after the null check): a list object met again
        completes to the same answer, as in the completers (a product's quantity breaks)."""
        memo = self.lists
        self.lists += 1
        item = self.function(shape[2])
        return memo, [
            "    if value.__class__ is not list:",
            "        raise _NotPlain",
            f"    answer = [{item}(item, memo) for item in value]",
            f"    memo[{memo}][id(value)] = (value, answer)",
            "    return answer",
        ]

    def _leaf(self, shape: tuple, local: str, indent: str) -> list[str]:
        """Lines that check `local` (and, for a serialized scalar, replace it by its serialization)."""
        _kind, nullable, scalar = shape
        if scalar is GraphQLInt:
            bad = f"{local}.__class__ is not int or not {GRAPHQL_MIN_INT} <= {local} <= {GRAPHQL_MAX_INT}"
        elif scalar is GraphQLString or scalar is GraphQLID:
            bad = f"{local}.__class__ is not str"
        elif scalar is GraphQLBoolean:
            bad = f"{local} is not True and {local} is not False"
        else:
            serialize = self.constant(scalar.coerce_output_value)
            null = "" if nullable else f"{local} is None or "
            lines = [
                f"if {null}{local} is _Undefined or {local}.__class__ is _Later or isinstance({local}, Exception):",
                "    raise _NotPlain",
                f"{local} = {serialize}({local})",
                f"if {local} is None or {local} is _Undefined:",
                "    raise _NotPlain",
            ]
            if nullable:
                lines = [lines[0], lines[1], f"if {local} is not None:", *[f"    {line}" for line in lines[2:]]]
            if scalar.coerce_output_value is str:
                # A Decimal (money) serialized by str: a text, nothing to check. Anything else as above.
                lines = [f"if {local}.__class__ is _Decimal:", f"    {local} = _str({local})", "else:",
                         *[f"    {line}" for line in lines]]  # fmt: skip
            return [f"{indent}{line}" for line in lines]
        if nullable:
            bad = f"{local} is not None and ({bad})"
        return [f"{indent}if {bad}:", f"{indent}    raise _NotPlain"]


# --- input ---------------------------------------------------------------------------------------------------------


def _plain_operation(
    schema: GraphQLSchema, document: DocumentNode, operation_name: str | None, raw_variable_values: Any
) -> tuple | None:
    """What graphql-core's `build` finds in the document (the operation, the fragments) and the variables coerced by
    `plain_variable_values`; None whenever graphql-core's `build` must answer (it then finds the same, or the
    error)."""
    operation = None
    fragment_definitions: dict[str, FragmentDefinitionNode] = {}
    fragments: dict[str, FragmentDetails] = {}
    for definition in document.definitions:
        if isinstance(definition, OperationDefinitionNode):
            if operation_name is None:
                if operation:
                    return None  # "Must provide operation name ..."
                operation = definition
            elif definition.name and definition.name.value == operation_name:
                operation = definition
        elif isinstance(definition, FragmentDefinitionNode):
            if definition.variable_definitions:
                return None  # fragment variables (experimental): graphql-core's
            fragment_definitions[definition.name.value] = definition
            fragments[definition.name.value] = FragmentDetails(definition, None)
    if operation is None:
        return None
    variable_values = plain_variable_values(schema, operation.variable_definitions or (), raw_variable_values or {})
    if variable_values is None:
        return None
    return operation, fragment_definitions, fragments, variable_values


def plain_variable_values(
    schema: GraphQLSchema, definitions: Iterable[VariableDefinitionNode], inputs: Any
) -> VariableValues | None:
    """The variables coerced as graphql-core's `get_variable_values` coerces them, when every one is plainly valid:
    given, of exactly the JSON type its GraphQL type takes (a list for a list, an object with known fields and every
    required one for an input object, a value the scalar's own coercion accepts). None otherwise: then graphql-core
    coerces them, and reports the errors with its own messages. graphql-core walks the values twice (their depth,
    then the coercion) with a Path and several type checks per value: 11 µs per item of a 500-item price request."""
    sources: dict[str, VariableValueSource] = {}
    coerced: dict[str, Any] = {}
    try:
        for definition in definitions:
            signature = get_variable_signature(schema, definition)
            if isinstance(signature, GraphQLError):
                return None
            name = signature.name
            value = inputs.get(name, Undefined)
            if value is Undefined:
                if definition.default_value or is_non_null_type(signature.type):
                    return None  # a default to use, or a missing value to report: graphql-core's
                sources[name] = VariableValueSource(signature)
                continue
            sources[name] = VariableValueSource(signature, value)
            coerce = _input_coercer(signature.type)
            if coerce is None:
                return None
            coerced[name] = coerce(value)
    except Exception:  # noqa: BLE001 (_NotPlain, or anything unusual in-process callers pass: graphql-core decides)
        return None
    return VariableValues(sources, coerced)


def _input_coercer(type_: GraphQLInputType) -> Callable[[Any], Any] | None:
    """A function coercing a plainly valid value of this input type as graphql-core's `coerce_input_value` does, and
    raising _NotPlain for any other value; None for the types it leaves to graphql-core (recursive or one-of input
    objects). Made once per process and type."""
    # By the named type (of this schema) and the wrappers around it: the variable's type is made anew each request.
    key = (get_named_type(type_), str(type_))
    coerce = caching.plain_input_coercers.get(key)
    if coerce is None:
        coerce = _build_input_coercer(type_, (), 0) or _NO_COERCER
        caching.plain_input_coercers.put(key, coerce)
    return None if coerce is _NO_COERCER else coerce


def _NO_COERCER(value: Any) -> Any:  # noqa: N802 (a marker: graphql-core coerces this type)
    raise _NotPlain


def _build_input_coercer(type_: GraphQLInputType, within: tuple, depth: int) -> Callable[[Any], Any] | None:
    # `depth` follows graphql-core's input_is_nested_too_deeply: deeper types are left to graphql-core.
    if depth > MAX_NESTING_DEPTH:
        return None
    nullable = not is_non_null_type(type_)
    if not nullable:
        type_ = type_.of_type
    if is_list_type(type_):
        item = _build_input_coercer(type_.of_type, within, depth + 1)
        if item is None:
            return None

        def coerce_list(value: Any) -> Any:
            if value.__class__ is not list:  # a single value for a list, a tuple, a null: graphql-core's
                if value is None and nullable:
                    return None
                raise _NotPlain
            return [item(entry) for entry in value]

        coerce_list.item = item  # a compiled coercer makes a list of input objects itself (a call less per list)
        return coerce_list
    if is_input_object_type(type_):
        return _input_object_coercer(type_, nullable, within, depth)
    leaf_coerce = type_.coerce_input_value
    fast_class = {GraphQLInt: int, GraphQLString: str, GraphQLBoolean: bool, GraphQLID: str}.get(type_)

    def coerce_leaf(value: Any) -> Any:
        if value.__class__ is fast_class and (fast_class is not int or GRAPHQL_MIN_INT <= value <= GRAPHQL_MAX_INT):
            return value  # what the built-in scalar's coercion returns for it
        if value is None:
            if nullable:
                return None
            raise _NotPlain
        coerced = leaf_coerce(value)  # raises for an invalid value, as in graphql-core, which then reports it
        if coerced is Undefined:
            raise _NotPlain
        return coerced

    return coerce_leaf


def _input_object_coercer(type_: Any, nullable: bool, within: tuple, depth: int) -> Callable[[Any], Any] | None:
    if type_ in within or type_.is_one_of:
        return None
    fields = []
    for name, field in type_.fields.items():
        coerce = _build_input_coercer(field.type, (*within, type_), depth + 1)
        if coerce is None:
            return None
        fields.append((name, field.out_name or name, coerce, is_required_input_field(field), field))
    names = frozenset(type_.fields)
    out_type = None if type_.out_type is GraphQLInputObjectType.out_type else type_.out_type
    plan = _plain_input_plan(type_) if out_type is None else None
    if plan is not None:
        return _plain_instance_coercer(plan, fields, names, nullable)

    def coerce_object(value: Any) -> Any:
        if value.__class__ is not dict or not names.issuperset(value):  # unknown fields: graphql-core's
            if value is None and nullable:
                return None
            raise _NotPlain
        coerced = {}
        for name, out_name, coerce, required, field in fields:
            if name in value:
                coerced[out_name] = coerce(value[name])
            elif required:
                raise _NotPlain
            else:
                default = coerce_default_value(field)  # the same value graphql-core gives (memoized by it)
                if default is not Undefined:
                    coerced[out_name] = default
        return coerced if out_type is None else out_type(coerced)

    return coerce_object


def _plain_instance_coercer(plan: _PlainInputPlan, fields: list, names: frozenset, nullable: bool) -> Callable:
    """The coercer of a `plain_input` type: what `coerce_object` accepts, built at once into the instance that
    strawberry would build from graphql-core's dict (`_PlainInputPlan.build`), so that the items are walked once.
    Compiled into straight-line Python (one per type and process, `_input_coercer`): an Int, String, ID or Boolean
    of exactly its Python type is taken as it is, any other value goes to the field's own coercer; a field that is
    missing takes the schema's default as graphql-core gives it, or None as strawberry does."""
    by_name = {
        graphql_name: (python_name, convert, implicit_none)
        for graphql_name, python_name, convert, implicit_none in plan.fields
    }
    namespace: dict[str, Any] = {"_NotPlain": _NotPlain, "_names": names, "_new": _new_instance, "_cls": plan.cls,
                                 "_make": plan.make}  # fmt: skip
    lines = [
        "def coerce_instance(value):",
        "    if value.__class__ is not dict or not _names.issuperset(value):  # unknown fields: graphql-core's",
        *(["        if value is None:", "            return None"] if nullable else []),
        "        raise _NotPlain",
    ]
    attributes = []
    for index, (name, _out_name, coerce, required, field) in enumerate(fields):
        python_name, convert, implicit_none = by_name[name]
        local, fast = f"a{index}", _PLAIN_INPUT_CHECKS.get(get_nullable_type(field.type))
        namespace[f"_c{index}"] = coerce
        lines += [f"    if {name!r} in value:", f"        {local} = value[{name!r}]"]
        item = getattr(coerce, "item", None)
        if fast is None and item is not None:  # a list (of plain inputs): as coerce_list makes it
            namespace[f"_i{index}"] = item
            lines += [f"        if {local}.__class__ is list:",
                      f"            {local} = [_i{index}(entry) for entry in {local}]",
                      "        else:",
                      f"            {local} = _c{index}({local})"]  # fmt: skip
        elif fast is None:
            lines.append(f"        {local} = _c{index}({local})")
        else:
            lines += [f"        if not ({fast.format(local)}):", f"            {local} = _c{index}({local})"]
        lines.append("    else:")
        if required:
            lines.append("        raise _NotPlain")
        elif field.default_value is Undefined and not implicit_none:
            return _plain_instance_closure(plan, fields, names, nullable)  # the dataclass's own default: rare
        else:
            fixed, missing = _missing_input_constant(field, convert)
            if fixed and missing == []:  # an empty default list: a new one each time, as `list(default)` makes it
                lines.append(f"        {local} = []")
            elif fixed:  # the same immutable value every time: named, not made by a call per item
                namespace[f"_d{index}"] = missing
                lines.append(f"        {local} = _d{index}")
            else:
                namespace[f"_m{index}"] = _missing_input_field(field, convert)
                lines.append(f"        {local} = _m{index}()")
        attributes.append(f"{python_name!r}: {local}")
    answer = f"{{{', '.join(attributes)}}}"
    if plan.init_only_stores:
        # What the dataclass's __init__ would store (`_PlainInputPlan.make`).
        lines += ["    instance = _new(_cls)", f"    instance.__dict__ = {answer}", "    return instance"]
    else:
        lines.append(f"    return _make(_cls, {answer}, True)")
    source = "\n".join(lines)
    exec(compile(source, f"<plain input {plan.cls.__name__}>", "exec"), namespace)  # noqa: S102 (our source)
    return namespace["coerce_instance"]


# An input value that is already what a built-in scalar's coercion returns (as in `coerce_leaf`).
_PLAIN_INPUT_CHECKS = {
    GraphQLInt: f"{{0}}.__class__ is int and {GRAPHQL_MIN_INT} <= {{0}} <= {GRAPHQL_MAX_INT}",
    GraphQLString: "{0}.__class__ is str",
    GraphQLID: "{0}.__class__ is str",
    GraphQLBoolean: "{0}.__class__ is bool",
}


def _missing_input_constant(field: Any, convert: Callable | None) -> tuple[bool, Any]:
    """(True, the value) when a field missing from the input always gets the same immutable value, what
    `_missing_input_field` gives: None (no default in the schema, or a null default), or a scalar default (graphql-core
    memoizes the coerced default on the field, so it is the same value every request), or an empty default list,
    which the caller makes anew each time, as `_missing_input_field` copies it. (False, None) otherwise."""
    try:
        default = coerce_default_value(field)
    except Exception:  # noqa: BLE001 (an invalid default: raised by the call, when an input misses it, as before)
        return False, None
    if default is Undefined or default is None:
        return True, None
    if convert is None and default.__class__ in _PLAIN_SCALARS:
        return True, default
    if convert is not None and default.__class__ is list and not default:
        return True, []
    return False, None


def _missing_input_field(field: Any, convert: Callable | None) -> Callable[[], Any]:
    """The value of a field missing from the input: the schema's default as graphql-core gives it (a list copied: it
    is shared between requests), or None when the schema has none (as strawberry does)."""

    def missing() -> Any:
        default = coerce_default_value(field)  # the same value graphql-core gives (memoized by it)
        if default is Undefined:
            return None
        if convert is None or default is None:
            return default
        if convert is _copied_list or not default:
            return list(default)
        raise _NotPlain  # a default list of input objects: graphql-core's dicts, built by from_input

    return missing


def _plain_instance_closure(plan: _PlainInputPlan, fields: list, names: frozenset, nullable: bool) -> Callable:
    """`_plain_instance_coercer` for a type with a field whose default only the dataclass knows (not compiled)."""
    by_name = {
        graphql_name: (python_name, convert, implicit_none)
        for graphql_name, python_name, convert, implicit_none in plan.fields
    }
    steps = []
    for name, _out_name, coerce, required, field in fields:
        python_name, convert, implicit_none = by_name[name]
        steps.append((name, python_name, coerce, required, field, convert, implicit_none))
    cls, make, init_only_stores = plan.cls, plan.make, plan.init_only_stores

    def coerce_instance(value: Any) -> Any:
        if value.__class__ is not dict or not names.issuperset(value):  # unknown fields: graphql-core's
            if value is None and nullable:
                return None
            raise _NotPlain
        attributes = {}
        every_field = True
        for name, python_name, coerce, required, field, convert, implicit_none in steps:
            if name in value:
                attributes[python_name] = coerce(value[name])  # a list of plain inputs comes back built
            elif required:
                raise _NotPlain
            else:
                default = coerce_default_value(field)  # the same value graphql-core gives (memoized by it)
                if default is Undefined:
                    if implicit_none:
                        attributes[python_name] = None
                    else:
                        every_field = False  # the dataclass's own default
                elif convert is None or default is None:
                    attributes[python_name] = default
                elif convert is _copied_list or not default:
                    attributes[python_name] = list(default)  # graphql-core's default is shared between requests
                else:
                    raise _NotPlain  # a default list of input objects: graphql-core's dicts, built by from_input
        if every_field and init_only_stores:
            instance = _new_instance(cls)
            instance.__dict__ = attributes  # what the dataclass's __init__ would store (`_PlainInputPlan.make`)
            return instance
        return make(cls, attributes, every_field)

    return coerce_instance


def plain_input(cls: type) -> type:
    """Builds this strawberry input type straight from graphql-core's coerced value, without strawberry's
    per-field conversion. Its fields must be Int, Float, String or Boolean, lists of those, or lists of other
    `plain_input` types: graphql-core has validated and coerced every value and filled in the schema's defaults, and
    strawberry would pass such values on unchanged, so only the names change (GraphQL → Python) and the fields
    without a default in the schema get None, as strawberry does.

    A variable of such a type that `plain_variable_values` coerces is built into instances there, in the same pass
    (the items are not walked twice); strawberry then receives the instance, which needs nothing more."""
    definition = cls.__strawberry_definition__
    if not definition.is_input:
        raise TypeError(f"{cls.__name__} is not a strawberry input type.")
    plans: list[_PlainInputPlan] = []

    def from_input(type_: type, value: Mapping[str, Any], context: Any) -> Any:
        if value.__class__ is type_:
            return value  # built while its variable was coerced (`plain_variable_values`)
        if not plans:  # made on first use: the field types may be forward references until the schema exists
            plans.append(_PlainInputPlan(cls, definition, context.config.name_converter.from_field))
        return plans[0].build(type_, value, context)

    from_input.plain_input_class = cls
    definition.from_input = from_input
    return cls


_PLAIN_SCALARS = (int, float, str, bool)


class _PlainInputPlan:
    """How a `plain_input` type is built from coerced values: per field its GraphQL and Python names, how its value
    is converted (None: as it is; a copy of a list; a list of plain inputs) and whether it is None when missing (no
    default in the schema, as strawberry does); and whether the dataclass's `__init__` would only store the fields
    (then the instance is made with its attributes, without the call)."""

    def __init__(self, cls: type, definition: Any, graphql_name_of: Callable[[Any], str]) -> None:
        self.cls = cls
        self.fields: list[tuple[str, str, Callable[[Any, Any], Any] | None, bool]] = []
        for field in definition.fields:
            graphql_name = graphql_name_of(field)
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
            implicit_none = field.default_value is MISSING and field.default_factory is MISSING
            self.fields.append((graphql_name, field.python_name, convert, implicit_none))
        # With every field given (graphql-core fills in the schema's defaults, so as good as always), the dataclass's
        # own __init__ would only store them, in field order.
        self.init_only_stores = (
            dataclasses.is_dataclass(cls)
            and not hasattr(cls, "__post_init__")
            and "__slots__" not in vars(cls)
            and cls.__init__.__qualname__ == f"{cls.__qualname__}.__init__"
            and [f.name for f in dataclasses.fields(cls) if f.init]
            == [python_name for _g, python_name, _c, _i in self.fields]
        )

    def build(self, type_: type, value: Mapping[str, Any], context: Any) -> Any:
        kwargs = {}
        every_field = True
        for graphql_name, python_name, convert, implicit_none in self.fields:
            if graphql_name in value:
                item = value[graphql_name]
                kwargs[python_name] = item if convert is None or item is None else convert(item, context)
            elif implicit_none:
                kwargs[python_name] = None  # as strawberry: a field without a default in the schema gets None
            else:
                every_field = False
        return self.make(type_, kwargs, every_field)

    def make(self, type_: type, attributes: dict[str, Any], every_field: bool) -> Any:
        """The instance with these attributes (by Python name); `every_field`: all of the type's fields are there."""
        if every_field and self.init_only_stores and type_ is self.cls:
            instance = _new_instance(type_)
            instance.__dict__.update(attributes)
            return instance
        return type_(**attributes)


_new_instance = object.__new__


def _copied_list(values: Iterable[Any], context: Any) -> list:
    return list(values)


def _list_of_inputs(item_cls: type) -> Callable[[Iterable[Mapping[str, Any]], Any], list]:
    def convert(values: Iterable[Mapping[str, Any]], context: Any) -> list:
        if values.__class__ is list and not values:
            return []
        from_input = item_cls.__strawberry_definition__.from_input
        return [None if value is None else from_input(item_cls, value, context) for value in values]

    return convert


def _plain_input_plan(type_: Any, within: tuple = ()) -> _PlainInputPlan | None:
    """The plan of a `plain_input` type, for `plain_variable_values` to build its instances: None for other input
    types, and for one that plain_input refuses (its `from_input` then says why, as before)."""
    definition = type_.extensions.get(_STRAWBERRY_DEFINITION) if type_.extensions else None
    cls = getattr(getattr(definition, "from_input", None), "plain_input_class", None)
    if cls is None:
        return None
    python_to_graphql = {}
    for name, field in type_.fields.items():
        strawberry_field = field.extensions.get(_STRAWBERRY_DEFINITION) if field.extensions else None
        if strawberry_field is None:
            return None
        python_to_graphql[strawberry_field.python_name] = name
        inner = get_named_type(field.type)
        if is_input_object_type(inner) and (inner in within or _plain_input_plan(inner, (*within, type_)) is None):
            return None  # its items would stay graphql-core's dicts: strawberry builds them all, as before
    try:
        return _PlainInputPlan(cls, definition, lambda field: python_to_graphql[field.python_name])
    except (TypeError, KeyError):
        return None


# Arguments built while their variables were coerced --------------------------------------------------------------
# strawberry converts a field's arguments before calling its resolver, and a list of input objects item by item
# (`convert_argument`: about ten type checks and an InputContext each, before a plain input's `from_input` hands
# back the instance `plain_variable_values` built): a fifth of a 500-item priceProducts. A field that takes a list of
# plain inputs and has nothing between strawberry and its resolver (no field extensions: permission classes are
# one; no exception handlers; not async) takes such a list as it comes, once every item is an instance built that
# way; its other arguments, and a list that is not (a literal in the document, a default, graphql-core's dicts), go
# through strawberry's conversion as before.


def take_built_arguments(schema: Any) -> list[str]:
    """Lets the fields of `schema` (a strawberry Schema) that take lists of plain inputs receive the lists of
    instances `plain_variable_values` built as they are, past strawberry's per-item conversion. Returns the fields
    changed, as `Type.field`."""
    from strawberry.schema.schema_converter import get_arguments

    converter = schema.schema_converter
    changed = []
    for type_ in (schema._schema.query_type, schema._schema.mutation_type):
        for name, graphql_field in type_.fields.items() if type_ is not None else ():
            field = (graphql_field.extensions or {}).get(_STRAWBERRY_DEFINITION)
            if field is None or field.base_resolver is None or field.is_async or field.extensions:
                continue
            if converter._get_field_exception_handlers(field):
                continue
            lists = []
            for argument in field.arguments:
                argument_type = argument.type
                if isinstance(argument_type, StrawberryOptional):
                    argument_type = argument_type.of_type
                if not isinstance(argument_type, StrawberryList):
                    continue
                cls = getattr(argument_type.of_type, "__strawberry_definition__", None)
                if getattr(getattr(cls, "from_input", None), "plain_input_class", None) is argument_type.of_type:
                    graphql_name = schema.config.name_converter.from_argument(argument)
                    lists.append((graphql_name, argument.python_name, argument_type.of_type))
            if lists:
                graphql_field.resolve = _built_arguments_resolver(
                    graphql_field.resolve, field, tuple(lists), schema.config, converter.scalar_registry, get_arguments
                )
                changed.append(f"{type_.name}.{name}")
    return changed


def _built_arguments_resolver(
    resolve: Callable, field: Any, lists: tuple, config: Any, scalar_registry: Any, get_arguments: Callable
) -> Callable:
    """strawberry's resolver of `field` (`resolve`), except that a list argument of `lists` (GraphQL name, Python
    name, plain input class) whose items are all instances of its class is passed on as a list of them, unconverted:
    what strawberry's conversion would have made of it. The rest is what strawberry's resolver does for a field
    without extensions or exception handlers: its Info, the other arguments converted (`get_arguments`), the result."""
    info_class = config.info_class

    def resolve_built(source: Any, info: Any, **kwargs: Any) -> Any:
        built = None
        for graphql_name, python_name, cls in lists:
            value = kwargs.get(graphql_name)
            if value.__class__ is not list or not value:
                continue
            for item in value:
                if item.__class__ is not cls:
                    break
            else:
                if built is None:
                    built = {}
                built[python_name] = list(value)  # a list of its own, as strawberry makes one
                del kwargs[graphql_name]
        if built is None:
            return resolve(source, info, **kwargs)
        strawberry_info = info_class(_raw_info=info, _field=field)
        args, field_kwargs = get_arguments(
            field=field, source=source, info=strawberry_info, kwargs=kwargs, config=config,
            scalar_registry=scalar_registry,
        )  # fmt: skip
        field_kwargs.update(built)
        return field.get_result(source, info=strawberry_info, args=args, kwargs=field_kwargs)

    resolve_built.strawberry_resolve = resolve  # the resolver strawberry made (tests compare both)
    return resolve_built


# Which fields an operation asks for -------------------------------------------------------------------------------
# A resolver answering plain data computes every field itself; a costly one (a query) only when the operation selects
# it, as graphql-core would only then have called its resolver.


def _included(node: Any, variables: Any) -> bool:
    """@skip and @include as graphql-core applies them (skip wins)."""
    if not node.directives:
        return True
    skip = get_directive_values(GraphQLSkipDirective, node, variables)
    if skip is not None and skip["if"] is True:
        return False
    include = get_directive_values(GraphQLIncludeDirective, node, variables)
    return include is None or include["if"] is not False


def asks_for(info: Any, field_name: str) -> bool:
    """Whether the operation selects `field_name` on the object this field (`info`: strawberry's Info) returns,
    through fragments, with @skip and @include applied: what decides whether graphql-core would call that field's
    resolver."""
    return field_name in selected_fields(info)


def selected_fields(info: Any) -> set[str]:
    """The names of the fields the operation selects on the object this field (`info`: strawberry's Info) returns,
    as `asks_for` decides each: one walk of the selection for a resolver that asks about several fields."""
    raw = info._raw_info
    # strawberry hands resolvers the coerced values alone; graphql-core's directive reader takes its container.
    variables = raw.variable_values
    if not isinstance(variables, VariableValues):
        variables = VariableValues(sources={}, coerced=variables)
    pending = [node.selection_set for node in raw.field_nodes if node.selection_set is not None]
    spread: set[str] = set()
    names: set[str] = set()
    while pending:
        for selection in pending.pop().selections:
            if not _included(selection, variables):
                continue
            if isinstance(selection, FieldNode):
                names.add(selection.name.value)
            elif isinstance(selection, FragmentSpreadNode):
                name = selection.name.value
                if name not in spread and name in raw.fragments:
                    spread.add(name)
                    pending.append(raw.fragments[name].selection_set)
            else:  # an inline fragment: on the object's own type (it implements no interface)
                pending.append(selection.selection_set)
    return names
