"""The invoices' tally by company and customer (issue 38): kept by triggers (portal/tallies.py), filled from the
invoices there are."""

from django.db import migrations, models

from portal import tallies

INVOICES = tallies.TallySpec(
    name="invoices_invoice",
    source="invoices_invoice",
    tally="invoices_invoicetally",
    keys=(("company_key", "company_id", False), ("customer_key", "customer_id", False)),
)


class Migration(migrations.Migration):
    dependencies = [("invoices", "0005_company_status_id_index")]

    operations = [
        migrations.CreateModel(
            name="InvoiceTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("company_key", models.BigIntegerField(help_text="The company's id.")),
                ("customer_key", models.BigIntegerField(help_text="The id of who placed the order; 0 for none.")),
                ("count", models.BigIntegerField(default=0)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("company_key", "customer_key"), name="invoices_tally_unique")
                ],
            },
        ),
        tallies.operation(INVOICES),
    ]
