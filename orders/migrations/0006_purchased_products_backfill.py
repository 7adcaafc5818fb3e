"""Fill the purchased-products summary from the order lines already there (issue 38): INSERT … SELECT … GROUP BY statements (orders.purchased_summary.purchased_products_rebuild), on PostgreSQL and SQLite."""

from django.db import migrations


def backfill(apps, schema_editor):
    from orders.purchased_summary import purchased_products_rebuild

    purchased_products_rebuild(group_model=apps.get_model("orders", "PurchasedProduct"))


def empty(apps, schema_editor):
    apps.get_model("orders", "PurchasedProductName").objects.all().delete()
    apps.get_model("orders", "PurchasedProduct").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [("orders", "0005_purchased_products")]

    operations = [migrations.RunPython(backfill, empty, elidable=True)]
