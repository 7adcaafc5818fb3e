"""The committed SDL matches the code, and every root field is protected or explicitly guest-allowed."""

from pathlib import Path

from strawberry.printer import print_schema

from portal.graphql.permissions import GUEST_ALLOWED_OPERATIONS, IsAuthenticated
from portal.schema import schema

SDL = Path(__file__).resolve().parents[2] / "schema.graphql"


def test_committed_schema_is_up_to_date():
    assert SDL.read_text(encoding="utf-8") == print_schema(schema), "schema.graphql is stale: run `make schema`"


def _root_fields():
    for type_name in ("Query", "Mutation"):
        definition = schema.schema_converter.type_map[type_name].definition
        for field in definition.fields:
            yield schema.config.name_converter.get_graphql_name(field), field


def test_every_root_field_is_protected_or_guest_allowed():
    unguarded = [
        name
        for name, field in _root_fields()
        if name not in GUEST_ALLOWED_OPERATIONS
        and not any(isinstance(p, type) and issubclass(p, IsAuthenticated) for p in field.permission_classes)
    ]
    assert unguarded == []


def test_guest_allowed_list_names_only_existing_fields():
    names = {name for name, _ in _root_fields()}
    assert names >= GUEST_ALLOWED_OPERATIONS
