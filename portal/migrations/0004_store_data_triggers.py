"""Triggers that notify PostgreSQL's `portal_store_rows` channel when a table of the store-wide data changes (issue 36
item 4): per statement, whatever writes it — the ORM, a queryset's update, SQL, a data migration, a TRUNCATE. Every
kept connection listens (portal.db.postgresql), and portal.startup_cache replaces the store-wide generation on its
next read after the notification, so no answer cached from the rows before is served. PostgreSQL delivers the
notification at the commit, once per transaction. Nothing on SQLite, where the save signals and
`manage.py store_cache_clear` do it."""

from django.db import migrations

from portal.db.notify_triggers import notify_on_change
from portal.db.postgresql.base import STORE_ROWS_CHANNEL

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


class Migration(migrations.Migration):
    dependencies = [
        ("portal", "0003_storefront_tokens"),
    ]

    operations = [notify_on_change(function=FUNCTION, channel=STORE_ROWS_CHANNEL, tables=_tables)]
