"""Triggers that notify PostgreSQL's `portal_catalog_rows` channel when a table the catalog's cached answers are read
from changes (issue 36 item 4; pricing/search_cache.py CATALOG_MODELS, pricing/translations.py): per statement,
whatever writes it — the ORM, a queryset's update, SQL, a data migration, a TRUNCATE. Every kept connection listens
(portal.db.postgresql), and portal.startup_cache replaces the catalog generation on its next read after the
notification. Nothing on SQLite, where the save signals and `manage.py store_cache_clear` do it."""

from django.db import migrations


CHANNEL = "portal_catalog_rows"
FUNCTION = "portal_catalog_rows_changed"
MODELS = (
    "Product",
    "ProductVariant",
    "ProductOption",
    "OptionValue",
    "Category",
    "BulkPricingTier",
    "PriceList",
    "PriceListRecord",
    "ProductOptionTranslation",
    "OptionValueTranslation",
)
# The many-to-many tables: (model, field).
LINKS = (("Product", "categories"), ("ProductVariant", "option_values"))


def _tables(apps):
    tables = [apps.get_model("pricing", name)._meta.db_table for name in MODELS]
    for model, field in LINKS:
        tables.append(apps.get_model("pricing", model)._meta.get_field(field).remote_field.through._meta.db_table)
    return tables


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
        ("pricing", "0004_option_translations"),
    ]

    operations = [_notify_on_change(function=FUNCTION, channel=CHANNEL, tables=_tables)]
