"""Triggers that notify PostgreSQL's `portal_callers` channel when a table a bearer token's caller is read from
changes (issue 21: accounts.token_rows keeps a caller's row with the database connection until then; see
portal.db.postgresql). Per statement, whatever writes it: the ORM, a queryset's update or delete, SQL, a TRUNCATE.
PostgreSQL delivers the notification at the commit, once per transaction. Nothing on SQLite, where nothing is kept."""

from django.db import migrations

from portal.db.postgresql.base import CALLERS_CHANNEL

FUNCTION = "portal_callers_changed"
MODELS = ("B2BToken", "User", "CompanyMembership", "Company", "RoleTemplate", "RolePermission")


def _tables(apps):
    return [apps.get_model("accounts", name)._meta.db_table for name in MODELS]


def create_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE OR REPLACE FUNCTION {FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$ "
        f"BEGIN PERFORM pg_notify('{CALLERS_CHANNEL}', ''); RETURN NULL; END $$"
    )
    for table in _tables(apps):
        quoted = schema_editor.quote_name(table)
        schema_editor.execute(
            f"CREATE TRIGGER {FUNCTION} AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON {quoted} "
            f"FOR EACH STATEMENT EXECUTE FUNCTION {FUNCTION}()"
        )


def drop_triggers(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for table in _tables(apps):
        schema_editor.execute(f"DROP TRIGGER IF EXISTS {FUNCTION} ON {schema_editor.quote_name(table)}")
    schema_editor.execute(f"DROP FUNCTION IF EXISTS {FUNCTION}()")


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_address"),
    ]

    operations = [migrations.RunPython(create_triggers, drop_triggers)]
