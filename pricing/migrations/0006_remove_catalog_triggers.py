"""Removes the triggers of pricing migration 0005, which notified PostgreSQL's `portal_catalog_rows` channel when a
table the catalog's cached answers are read from changed (issue 36 item 4). Nothing listens any more (issue 37:
Django's own PostgreSQL backend). A write that sends no save signal calls `portal.startup_cache.catalog_data_changed()`;
`manage.py store_cache_clear` covers SQL and data migrations.

Backwards, the triggers are installed again as 0005 made them. Nothing on SQLite, which never had them."""

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
LINKS = (("Product", "categories"), ("ProductVariant", "option_values"))


def _tables(apps):
    tables = [apps.get_model("pricing", name)._meta.db_table for name in MODELS]
    for model, field in LINKS:
        tables.append(apps.get_model("pricing", model)._meta.get_field(field).remote_field.through._meta.db_table)
    return tables


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
        ("pricing", "0005_catalog_triggers"),
    ]

    operations = [migrations.RunPython(_drop, _create)]
