"""Triggers that notify PostgreSQL's `portal_store_rows` channel when a table of the store-wide data changes (issue 36
item 4): per statement, whatever writes it — the ORM, a queryset's update, SQL, a data migration, a TRUNCATE. Every
kept connection listens (portal.db.postgresql), and portal.startup_cache replaces the store-wide generation on its
next read after the notification, so no answer cached from the rows before is served. PostgreSQL delivers the
notification at the commit, once per transaction. Nothing on SQLite, where the save signals and
`manage.py store_cache_clear` do it."""

from django.db import migrations


CHANNEL = "portal_store_rows"
FUNCTION = "portal_store_rows_changed"
# portal.startup_cache.SOURCE_MODELS: the rows the store-wide answers are read from.
MODELS = (
    "Store",
    "Channel",
    "StoreFeatures",
    "StorefrontConfig",
    "Currency",
    "TaxClass",
    "TaxZone",
    "TaxZoneRate",
    "TaxClassRate",
)


def _tables(apps):
    return [apps.get_model("portal", name)._meta.db_table for name in MODELS]


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
        ("portal", "0003_storefront_tokens"),
    ]

    operations = [_notify_on_change(function=FUNCTION, channel=CHANNEL, tables=_tables)]
