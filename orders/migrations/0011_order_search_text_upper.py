"""Order.search_text upper-cased by the database when written (issue 38), so that the orders search compares it with
UPPER(search) without upper-casing every row it reads; its trigram index (PostgreSQL only) is then of the column."""

from django.db import migrations, models


def upper_and_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute('DROP INDEX IF EXISTS "orders_search_text_trgm"')
    schema_editor.execute("UPDATE orders_order SET search_text = UPPER(search_text)")
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            'CREATE INDEX IF NOT EXISTS "orders_search_text_trgm" ON "orders_order" USING gin ("search_text" gin_trgm_ops)'
        )


class Migration(migrations.Migration):
    dependencies = [("orders", "0010_purchased_search_trigram")]

    operations = [
        migrations.AlterField(
            model_name="order",
            name="search_text",
            field=models.TextField(
                blank=True,
                editable=False,
                help_text="What the orders search reads (issue 38): the number, the PO number and the lines' names and "
                "SKUs, apart, upper-cased by the database (orders.services.order_search_texts).",
            ),
        ),
        migrations.RunPython(upper_and_index, migrations.RunPython.noop),
    ]
