from django.db import migrations

from accounts.form_fields import BUILTIN_FIELDS


def create_builtin_fields(apps, schema_editor):
    AccountFormField = apps.get_model("accounts", "AccountFormField")
    existing = set(AccountFormField.objects.filter(custom=False).values_list("form_type", "field_name"))
    AccountFormField.objects.bulk_create(
        AccountFormField(custom=False, **spec)
        for spec in BUILTIN_FIELDS
        if (spec["form_type"], spec["field_name"]) not in existing
    )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0004_registration_masquerade_audit")]

    operations = [migrations.RunPython(create_builtin_fields, migrations.RunPython.noop)]
