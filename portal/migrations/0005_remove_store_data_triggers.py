"""Removes the triggers of portal migration 0004, which notified PostgreSQL's `portal_store_rows` channel when a table
of the store-wide data changed (issue 36 item 4). Nothing listens any more (issue 37: Django's own PostgreSQL backend).
A write that sends no save signal calls `portal.startup_cache.store_data_changed()`; `manage.py store_cache_clear`
covers SQL and data migrations.

Backwards, the triggers are installed again as 0004 made them. Nothing on SQLite, which never had them."""

from django.db import migrations

CHANNEL = "portal_store_rows"
FUNCTION = "portal_store_rows_changed"
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
        ("portal", "0004_store_data_triggers"),
    ]

    operations = [migrations.RunPython(_drop, _create)]
