"""Removes the triggers of accounts migration 0008, which notified PostgreSQL's `portal_callers` channel when a table
a bearer token's caller is read from changed (issue 21). Nothing keeps a caller with the database connection any more
(issue 37: Django's own PostgreSQL backend, every request reads its caller), so nothing listens.

Backwards, the triggers are installed again as 0008 made them. Nothing on SQLite, which never had them."""

from django.db import migrations

CHANNEL = "portal_callers"
FUNCTION = "portal_callers_changed"
MODELS = ("B2BToken", "User", "CompanyMembership", "Company", "RoleTemplate", "RolePermission")


def _tables(apps):
    return [apps.get_model("accounts", name)._meta.db_table for name in MODELS]


def _drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in _tables(apps):
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {FUNCTION} ON {schema_editor.quote_name(table)}")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {FUNCTION}()")


def _create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN PERFORM pg_notify('{CHANNEL}', ''); RETURN NULL; END $$"
    )
    for table in _tables(apps):
        schema_editor.execute(
            f"CREATE TRIGGER {FUNCTION} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "
            f"{schema_editor.quote_name(table)} FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0009_junior_order_detail_grant"),
    ]

    operations = [migrations.RunPython(_drop, _create)]
