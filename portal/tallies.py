"""Row tallies kept by the database (issue 38): how many rows of a table have each combination of a few key columns,
so that a list's total is a sum over a handful of tally rows instead of a count over a company's whole history (150,000
orders: 7 ms of PostgreSQL's CPU on every first page, most of a list request's database work under load).

A tally table has the key columns (NOT NULL: a null key is kept as 0, or '' for text) and `count`, unique on the keys.
Triggers on the source table keep it, whatever writes the rows — the ORM, a queryset's update, `bulk_create`, raw SQL,
COPY, a data migration — in the writer's own transaction: a row inserted adds 1 to its keys' tally row (created at
0), a row deleted takes 1 off, an update that changes a key moves 1 from the old keys to the new (an update that changes
none writes nothing), a TRUNCATE empties the tally. So the tally is exactly what `COUNT(*) … GROUP BY keys` would
give, at every snapshot. PostgreSQL and SQLite alike (`INSERT … ON CONFLICT DO UPDATE`; on PostgreSQL once per
statement, from its transition tables, on SQLite once per row).

Writers of the same keys queue on their tally row until they commit, as they would on a counter column: an order's
placement already takes its company's lock (orders.services). On PostgreSQL a statement writes the tally rows it
changes once each, in key order, so that two statements moving rows opposite ways take them in the same order.

A migration installs a tally with `install(schema_editor, spec)` after creating its table (and backfills it from the
rows there are, with the source table locked by the triggers' creation), `uninstall` drops it. The spec is plain
data kept in the migration, so that a later change of the models does not change what an old migration did.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ImproperlyConfigured
from django.db import migrations


@dataclass(frozen=True)
class TallySpec:
    """A tally of `source` (a table) in `tally` (a table with the `keys`' tally columns and `count`): `keys` pairs
    each tally column with the source column it counts by, and whether that column holds text (its null is '', else
    0). `name` prefixes the triggers and the function."""

    name: str
    source: str
    tally: str
    keys: tuple[tuple[str, str, bool], ...]


def _key_value(row: str, column: str, text: bool) -> str:
    empty = "''" if text else "0"
    return f"COALESCE({row}.{column}, {empty})"


def _upsert(spec: TallySpec, row: str, delta: int) -> str:
    columns = ", ".join(tally_column for tally_column, _, _ in spec.keys)
    values = ", ".join(_key_value(row, column, text) for _, column, text in spec.keys)
    return (
        # The names are a migration's own constants (TallySpec), never a request's text.
        f"INSERT INTO {spec.tally} ({columns}, count) VALUES ({values}, {delta}) "  # noqa: S608
        f"ON CONFLICT ({columns}) DO UPDATE SET count = {spec.tally}.count + excluded.count;"
    )


def _keys_changed(spec: TallySpec, operator: str) -> str:
    return " OR ".join(f"OLD.{column} {operator} NEW.{column}" for _, column, _ in spec.keys)


def _grouped_upsert(spec: TallySpec, parts: list[tuple[str, int]]) -> str:
    """One upsert of the net change each key combination gets from the statement's rows: +1 for each row of the new
    transition table, -1 for each of the old; combinations whose change is nil (an update that moved nothing) are
    not written, and the rest are written in key order."""
    columns = ", ".join(tally_column for tally_column, _, _ in spec.keys)
    selects = " UNION ALL ".join(
        f"SELECT {', '.join(_key_value(table, column, text) for _, column, text in spec.keys)}, {delta} "  # noqa: S608
        f"FROM {table}"
        for table, delta in parts
    )
    return (
        f"INSERT INTO {spec.tally} ({columns}, count) "  # noqa: S608
        f"SELECT {columns}, SUM(delta) FROM ({selects}) AS changes ({columns}, delta) "
        f"GROUP BY {columns} HAVING SUM(delta) <> 0 ORDER BY {columns} "
        f"ON CONFLICT ({columns}) DO UPDATE SET count = {spec.tally}.count + excluded.count;"
    )


def _postgresql(spec: TallySpec) -> list[str]:
    """Statement-level triggers with transition tables: a statement writing many rows (COPY, a bulk insert, a
    queryset update) writes each tally row once, not once per row — updating one row many times in a transaction
    leaves a chain of versions each update walks. A statement-level UPDATE trigger cannot name its columns, so every
    update runs the (cheap) grouped statement, which writes nothing when no key moved."""
    function = f"{spec.name}_tally"
    return [
        f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "  # noqa: S608
        f"IF TG_OP = 'TRUNCATE' THEN DELETE FROM {spec.tally}; "
        f"ELSIF TG_OP = 'INSERT' THEN {_grouped_upsert(spec, [('new_rows', 1)])} "
        f"ELSIF TG_OP = 'DELETE' THEN {_grouped_upsert(spec, [('old_rows', -1)])} "
        f"ELSE {_grouped_upsert(spec, [('new_rows', 1), ('old_rows', -1)])} END IF; "
        "RETURN NULL; END $$",
        f"CREATE TRIGGER {spec.name}_tally_insert AFTER INSERT ON {spec.source} "
        f"REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        f"CREATE TRIGGER {spec.name}_tally_delete AFTER DELETE ON {spec.source} "
        f"REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        f"CREATE TRIGGER {spec.name}_tally_update AFTER UPDATE ON {spec.source} "
        f"REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
        f"CREATE TRIGGER {spec.name}_tally_truncate AFTER TRUNCATE ON {spec.source} "
        f"FOR EACH STATEMENT EXECUTE FUNCTION {function}()",
    ]


def _sqlite(spec: TallySpec) -> list[str]:
    columns = ", ".join(column for _, column, _ in spec.keys)
    return [
        f"CREATE TRIGGER {spec.name}_tally_insert AFTER INSERT ON {spec.source} BEGIN {_upsert(spec, 'NEW', 1)} END",
        f"CREATE TRIGGER {spec.name}_tally_delete AFTER DELETE ON {spec.source} BEGIN {_upsert(spec, 'OLD', -1)} END",
        # SQLite runs a trigger's statements in order; no other writer runs meanwhile (one writer at a time).
        f"CREATE TRIGGER {spec.name}_tally_update AFTER UPDATE OF {columns} ON {spec.source} "
        f"WHEN {_keys_changed(spec, 'IS NOT')} BEGIN {_upsert(spec, 'OLD', -1)} {_upsert(spec, 'NEW', 1)} END",
    ]


def _backfill(spec: TallySpec) -> str:
    columns = ", ".join(tally_column for tally_column, _, _ in spec.keys)
    values = ", ".join(_key_value(spec.source, column, text) for _, column, text in spec.keys)
    return (
        f"INSERT INTO {spec.tally} ({columns}, count) SELECT {values}, COUNT(*) FROM {spec.source} "  # noqa: S608
        f"GROUP BY {values}"
    )


def install(schema_editor, spec: TallySpec) -> None:
    """The triggers, then the tally of the rows there are (the tally table must be empty). On PostgreSQL creating a
    trigger locks the source table against writes until the migration commits, so no row is counted twice or
    missed; other databases than PostgreSQL and SQLite are refused."""
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        statements = _postgresql(spec)
    elif vendor == "sqlite":
        statements = _sqlite(spec)
    else:
        raise ImproperlyConfigured(f"Row tallies are written for PostgreSQL and SQLite, not {vendor}.")
    for statement in statements:
        schema_editor.execute(statement)
    schema_editor.execute(_backfill(spec))


def uninstall(schema_editor, spec: TallySpec) -> None:
    vendor = schema_editor.connection.vendor
    if vendor == "postgresql":
        for suffix in ("insert", "delete", "update", "truncate"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {spec.name}_tally_{suffix} ON {spec.source}")
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {spec.name}_tally()")
    elif vendor == "sqlite":
        for suffix in ("insert", "delete", "update"):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {spec.name}_tally_{suffix}")
    schema_editor.execute(f"DELETE FROM {spec.tally}")  # noqa: S608


def operation(spec: TallySpec) -> migrations.RunPython:
    """The migration operation that installs the tally of `spec` (and, reversed, drops it)."""

    def forwards(apps, schema_editor) -> None:
        install(schema_editor, spec)

    def backwards(apps, schema_editor) -> None:
        uninstall(schema_editor, spec)

    return migrations.RunPython(forwards, backwards)
