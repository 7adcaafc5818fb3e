"""Triggers that notify PostgreSQL's `portal_callers` channel when a table a bearer token's caller is read from
changes (issue 21: accounts.token_rows keeps a caller's row with the database connection until then; see
portal.db.postgresql). Per statement, whatever writes it: the ORM, a queryset's update or delete, SQL, a TRUNCATE.
PostgreSQL delivers the notification at the commit, once per transaction. Nothing on SQLite, where nothing is kept."""

from django.db import migrations


CHANNEL = "portal_callers"
FUNCTION = "portal_callers_changed"
MODELS = ("B2BToken", "User", "CompanyMembership", "Company", "RoleTemplate", "RolePermission")


def _tables(apps):
    return [apps.get_model("accounts", name)._meta.db_table for name in MODELS]


def _notify_on_change(*, function, channel, tables):
    """The triggers as this migration installed them (once portal.db.notify_triggers, removed with them): a
    statement-level trigger on each table calling `function()`, which notifies `channel`. PostgreSQL only."""

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


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_address"),
    ]

    operations = [_notify_on_change(function=FUNCTION, channel=CHANNEL, tables=_tables)]
