"""The purchased-products summary's backfill (issue 38) now runs in 0010, once the tables have every column the
rebuild's SQL writes (it is of the current schema): this step is kept, empty, for the databases that applied it."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("orders", "0005_purchased_products")]

    operations: list = []
