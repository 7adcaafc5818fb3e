"""productsSearch's indexes (issue 38): products by name and id, which a rank of the search walks in order until the
page is full, and on PostgreSQL a pg_trgm GIN index over the search text (`search_text LIKE '% word%'`: the text and the
query's words are both lower case already, pricing.selectors.search_normalise), which finds a code, CAS number or
word without reading every product. SQLite (`make run`) has no trigram index: its search reads the table, as before."""

from django.db import migrations, models

TRIGRAM_INDEX = "pricing_product_search_trgm"


def _trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {TRIGRAM_INDEX} ON pricing_product USING gin (search_text gin_trgm_ops)"
    )


def _no_trigram_index(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {TRIGRAM_INDEX}")  # the extension stays: others may use it


class Migration(migrations.Migration):
    dependencies = [
        ("portal", "0005_remove_store_data_triggers"),
        ("pricing", "0006_remove_catalog_triggers"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="product",
            index=models.Index(fields=["name", "id"], name="pricing_product_name_id"),
        ),
        migrations.RunPython(_trigram_index, _no_trigram_index, elidable=False),
    ]
