"""The purchased-products summary (issue 38) filled from the order lines already there — INSERT … SELECT … GROUP BY
(orders.purchased_summary.purchased_products_rebuild), on PostgreSQL and SQLite — and, on PostgreSQL only, trigram
indexes of the name, the SKU and the SKU without hyphens, so that a search reads the matching rows, not every row of
the owner. SQLite (`make run`) keeps the plain columns. The rebuild's SQL is of the current schema: a later migration
that changes these tables runs it again, after its own schema change."""

from django.db import migrations

TRIGRAM_INDEXES = (
    ("orders_purch_name_name_trgm", 'UPPER("name")'),
    ("orders_purch_name_sku_trgm", 'UPPER("sku")'),
    ("orders_purch_name_compact_trgm", '"compact_sku"'),
)


def fill_and_index(apps, schema_editor):
    from orders.purchased_summary import purchased_products_rebuild

    # The indexes first: PostgreSQL refuses CREATE INDEX on a table with deferred foreign-key checks pending, which
    # the rebuild's writes leave until the transaction ends.
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        for name, expression in TRIGRAM_INDEXES:
            schema_editor.execute(
                f'CREATE INDEX IF NOT EXISTS "{name}" ON "orders_purchasedproductname" '
                f"USING gin (({expression}) gin_trgm_ops)"
            )
    purchased_products_rebuild(group_model=apps.get_model("orders", "PurchasedProduct"))


def drop_indexes(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    for name, _ in TRIGRAM_INDEXES:
        schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')


class Migration(migrations.Migration):
    dependencies = [("orders", "0009_purchasedproductname_compact_sku")]

    operations = [migrations.RunPython(fill_and_index, drop_indexes)]
