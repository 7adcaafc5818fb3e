"""The company tree (issue 40): a unit's parent, its path of ids from the root and its depth. Every existing company
is a top-level one: its path is its own id."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import CharField, Value
from django.db.models.functions import Cast, Concat


CHOICES = [(None, "As the unit above (or the store)"), (True, "On"), (False, "Off")]


def _paths(apps, schema_editor):
    Company = apps.get_model("accounts", "Company")
    Company.objects.filter(path="").update(
        path=Concat(Value("/"), Cast("id", output_field=CharField()), Value("/"), output_field=CharField())
    )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0010_remove_caller_change_notifications"),
    ]

    operations = [
        migrations.AddField(
            model_name="company",
            name="depth",
            field=models.PositiveSmallIntegerField(default=0, editable=False),
        ),
        migrations.AddField(
            model_name="company",
            name="has_children",
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.AddField(
            model_name="company",
            name="parent",
            field=models.ForeignKey(
                blank=True,
                help_text="The unit above this one (an institution's department, a department's lab); empty for a top-level company. Moving a unit moves everything below it with its history.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="children",
                to="accounts.company",
            ),
        ),
        migrations.AddField(
            model_name="company",
            name="path",
            field=models.CharField(blank=True, db_index=True, default="", editable=False, max_length=255),
        ),
        migrations.AddField(
            model_name="companymembership",
            name="acting_company",
            field=models.ForeignKey(
                blank=True,
                help_text="The unit below their own the user acts for now (issue 40); empty: their own company.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="accounts.company",
            ),
        ),
        migrations.AddField(
            model_name="companymembership",
            name="subtree_access",
            field=models.BooleanField(
                default=False,
                help_text="The user's company-wide permissions reach the units below their own (a department's buyer who orders for its labs). A company admin always has them.",
                verbose_name="sees the units below",
            ),
        ),
        migrations.AddField(
            model_name="company",
            name="uses_parent_credit",
            field=models.BooleanField(
                default=True,
                help_text="A unit below another buys on account on the credit of the nearest unit above it that has "
                "its own (its limit, balance and hold), unless this is off: then on its own credit above. No effect "
                "on a top-level company.",
                verbose_name="buys on the credit of the unit above",
            ),
        ),
        migrations.AlterField(
            model_name="company",
            name="customer_group",
            field=models.ForeignKey(
                blank=True,
                help_text="The price list and catalog the company buys from. Empty on a unit below another: the "
                "nearest unit above it that has one (issue 40); empty on a top-level company: list prices.",
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                to="accounts.customergroup",
            ),
        ),
        migrations.AddField(
            model_name="company",
            name="quotes_feature",
            field=models.BooleanField(blank=True, choices=CHOICES, null=True, verbose_name="quotes"),
        ),
        migrations.AddField(
            model_name="company",
            name="shopping_lists_feature",
            field=models.BooleanField(blank=True, choices=CHOICES, null=True, verbose_name="shopping lists"),
        ),
        migrations.AddField(
            model_name="company",
            name="quick_order_feature",
            field=models.BooleanField(blank=True, choices=CHOICES, null=True, verbose_name="quick order and buy again"),
        ),
        migrations.RunPython(_paths, migrations.RunPython.noop),
    ]
