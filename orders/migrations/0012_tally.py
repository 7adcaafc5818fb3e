"""The orders' tally by company, placer and status (issue 38): kept by triggers (portal/tallies.py), filled from the
orders there are."""

from django.db import migrations, models

from portal import tallies

ORDERS = tallies.TallySpec(
    name="orders_order",
    source="orders_order",
    tally="orders_ordertally",
    keys=(("company_key", "company_id", False), ("placer_key", "placed_by_id", False), ("status", "status", True)),
)


class Migration(migrations.Migration):
    dependencies = [("orders", "0011_order_search_text_upper")]

    operations = [
        migrations.CreateModel(
            name="OrderTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("company_key", models.BigIntegerField(help_text="The company's id; 0 for an order of no company.")),
                ("placer_key", models.BigIntegerField(help_text="The id of who placed it; 0 for none.")),
                ("status", models.CharField(max_length=30)),
                ("count", models.BigIntegerField(default=0)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("company_key", "placer_key", "status"), name="orders_tally_unique")
                ],
            },
        ),
        tallies.operation(ORDERS),
    ]
