"""Triggers that notify PostgreSQL's `portal_catalog_rows` channel when a table the catalog's cached answers are read
from changes (issue 36 item 4; pricing/search_cache.py CATALOG_MODELS, pricing/translations.py): per statement,
whatever writes it — the ORM, a queryset's update, SQL, a data migration, a TRUNCATE. Every kept connection listens
(portal.db.postgresql), and portal.startup_cache replaces the catalog generation on its next read after the
notification. Nothing on SQLite, where the save signals and `manage.py store_cache_clear` do it."""

from django.db import migrations

from portal.db.notify_triggers import notify_on_change
from portal.db.postgresql.base import CATALOG_ROWS_CHANNEL

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


class Migration(migrations.Migration):
    dependencies = [
        ("pricing", "0004_option_translations"),
    ]

    operations = [notify_on_change(function=FUNCTION, channel=CATALOG_ROWS_CHANNEL, tables=_tables)]
