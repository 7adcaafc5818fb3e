"""Triggers that notify PostgreSQL's `portal_callers` channel when a table a bearer token's caller is read from
changes (issue 21: accounts.token_rows keeps a caller's row with the database connection until then; see
portal.db.postgresql). Per statement, whatever writes it: the ORM, a queryset's update or delete, SQL, a TRUNCATE.
PostgreSQL delivers the notification at the commit, once per transaction. Nothing on SQLite, where nothing is kept."""

from django.db import migrations

from portal.db.notify_triggers import notify_on_change
from portal.db.postgresql.base import CALLERS_CHANNEL

FUNCTION = "portal_callers_changed"
MODELS = ("B2BToken", "User", "CompanyMembership", "Company", "RoleTemplate", "RolePermission")


def _tables(apps):
    return [apps.get_model("accounts", name)._meta.db_table for name in MODELS]


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0007_address"),
    ]

    operations = [notify_on_change(function=FUNCTION, channel=CALLERS_CHANNEL, tables=_tables)]
