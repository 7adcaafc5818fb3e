"""Issue 36 item 10: shell §2 lists the junior buyer (2) for /orderDetail/{id}. The built-in junior template gets
get_order_detail at level 1 (the orders they placed, under junior_place_order; never a colleague's) where it has
no grant of that code yet. A template staff edited to grant it keeps its level; reversing removes only a level-1
grant. The code and levels are written out: a migration does not follow later edits of accounts.permissions."""

from django.db import migrations

CODE = "get_order_detail"
OWN = 1
JUNIOR = 2


def grant_order_detail(apps, schema_editor):
    RoleTemplate = apps.get_model("accounts", "RoleTemplate")
    RolePermission = apps.get_model("accounts", "RolePermission")
    for template in RoleTemplate.objects.filter(role=JUNIOR, is_builtin=True):
        RolePermission.objects.get_or_create(template=template, code=CODE, defaults={"level": OWN})


def remove_order_detail(apps, schema_editor):
    RolePermission = apps.get_model("accounts", "RolePermission")
    RolePermission.objects.filter(template__role=JUNIOR, template__is_builtin=True, code=CODE, level=OWN).delete()


class Migration(migrations.Migration):
    dependencies = [("accounts", "0008_caller_change_notifications")]

    operations = [migrations.RunPython(grant_order_detail, remove_order_detail)]
