"""Issue 41: budgets and approval rules are set by a company's admins. The built-in admin template gets
manage_approvals at level 2 (the unit worked in and the units below it) where it has no grant of that code yet; senior
and junior buyers get none. A template staff edited to grant it keeps its level; reversing removes only a level-2
grant of the built-in admin template. The code and levels are written out: a migration does not follow later edits of
accounts.permissions."""

from django.db import migrations

CODE = "manage_approvals"
COMPANY = 2
ADMIN = 0


def grant_manage_approvals(apps, schema_editor):
    RoleTemplate = apps.get_model("accounts", "RoleTemplate")
    RolePermission = apps.get_model("accounts", "RolePermission")
    for template in RoleTemplate.objects.filter(role=ADMIN, is_builtin=True):
        RolePermission.objects.get_or_create(template=template, code=CODE, defaults={"level": COMPANY})


def remove_manage_approvals(apps, schema_editor):
    RolePermission = apps.get_model("accounts", "RolePermission")
    RolePermission.objects.filter(template__role=ADMIN, template__is_builtin=True, code=CODE, level=COMPANY).delete()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0011_company_tree")]

    operations = [migrations.RunPython(grant_manage_approvals, remove_manage_approvals)]
