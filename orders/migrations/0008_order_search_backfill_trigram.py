"""Fill Order.search_text and search_skus from the orders and their lines (issue 38), then, on PostgreSQL only, the
trigram indexes the orders search reads (pg_trgm GIN: a "contains" search, any case, without reading every order of
the company). SQLite (`make run`) keeps the plain columns: its search reads them as it is."""

from django.db import migrations

TRIGRAM_INDEXES = (
    ("orders_search_text_trgm", 'UPPER("search_text")'),
    ("orders_search_skus_trgm", '"search_skus"'),
)


def backfill(apps, schema_editor):
    from orders.services import order_search_text_backfill

    order_search_text_backfill(
        order_model=apps.get_model("orders", "Order"), line_model=apps.get_model("orders", "OrderLine")
    )


def trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    for name, expression in TRIGRAM_INDEXES:
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "{name}" ON "orders_order" USING gin (({expression}) gin_trgm_ops)'
        )


def drop_trigram_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _ in TRIGRAM_INDEXES:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')


class Migration(migrations.Migration):
    dependencies = [("orders", "0007_order_search_and_list_indexes")]

    operations = [
        migrations.RunPython(backfill, migrations.RunPython.noop, elidable=True),
        migrations.RunPython(trigram_indexes, drop_trigram_indexes),
    ]
