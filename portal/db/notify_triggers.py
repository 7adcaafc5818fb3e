"""Statement-level triggers that NOTIFY a PostgreSQL channel when a table changes, for the migrations that install them
(accounts 0008: the callers kept with a connection, issue 21; portal 0004 and pricing 0005: the store's and the
catalog's cache generations, issue 36).

Per statement, whatever writes the table: the ORM, a queryset's update or delete, SQL, a data migration, a TRUNCATE.
PostgreSQL delivers the notification at the commit, once per transaction, to every connection that listens
(portal.db.postgresql). Nothing on other databases.
"""

from __future__ import annotations

from collections.abc import Callable

from django.db import migrations


def notify_on_change(*, function: str, channel: str, tables: Callable) -> migrations.RunPython:
    """A migration operation that creates `function()` (it notifies `channel`) and a trigger calling it on each of
    `tables(apps)`, and removes both when migrated backwards."""

    def create(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        schema_editor.execute(
            f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ "
            f"BEGIN PERFORM pg_notify('{channel}', ''); RETURN NULL; END $$"
        )
        for table in tables(apps):
            schema_editor.execute(
                f"CREATE TRIGGER {function} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "
                f"{schema_editor.quote_name(table)} FOR EACH STATEMENT EXECUTE FUNCTION {function}()"
            )

    def drop(apps, schema_editor):
        if schema_editor.connection.vendor != "postgresql":
            return
        for table in tables(apps):
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {function} ON {schema_editor.quote_name(table)}")
        schema_editor.execute(f"DROP FUNCTION IF EXISTS {function}()")

    return migrations.RunPython(create, drop)
