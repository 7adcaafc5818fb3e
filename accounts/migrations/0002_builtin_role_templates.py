from django.db import migrations

from accounts.permissions import DEFAULT_ROLE_GRANTS

NAMES = {0: "Admin", 1: "Senior buyer", 2: "Junior buyer"}


def create_builtin_templates(apps, schema_editor):
    RoleTemplate = apps.get_model("accounts", "RoleTemplate")
    RolePermission = apps.get_model("accounts", "RolePermission")
    for role, grants in DEFAULT_ROLE_GRANTS.items():
        template, created = RoleTemplate.objects.get_or_create(
            role=role, is_builtin=True, defaults={"name": NAMES[role]}
        )
        if created:
            RolePermission.objects.bulk_create(
                RolePermission(template=template, code=code, level=level) for code, level in grants.items()
            )


class Migration(migrations.Migration):
    dependencies = [("accounts", "0001_initial")]

    operations = [migrations.RunPython(create_builtin_templates, migrations.RunPython.noop)]
