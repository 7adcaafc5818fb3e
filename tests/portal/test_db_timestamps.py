"""Timestamps with time zone read by psycopg's C loader on a connection in UTC (portal/db/postgresql/base.py, issue
21): every value is the one Django's own loader gives, to the time zone object.

On PostgreSQL only (CI): SQLite stores timestamps as text and has its own converters.
"""

from __future__ import annotations

from datetime import UTC

import pytest
from django.db import connection
from django.db.backends.postgresql.psycopg_any import register_tzloader

from accounts.models import B2BToken
from portal.db.postgresql.base import _UTCTimestamptzLoader
from tests.factories import UserFactory

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's timestamptz loader")

VALUES = [
    "2026-11-26 16:03:08.049870+00",
    "2024-03-31 02:30:00+02",  # another offset: the instant, in UTC
    "2024-10-27 01:59:59.999999-07:30",
    "0005-06-07 08:09:10.123456+00",
    "1999-12-31 23:59:59+00",
    "9999-12-31 23:59:59.999999+00",
]


def _read(sql: str, params=None, *, django_loader: bool) -> list:
    with connection.cursor() as cursor:
        if django_loader:  # what Django registers for a connection in UTC (django/db/backends/postgresql)
            register_tzloader(connection.timezone, cursor.cursor)
        cursor.execute(sql, params)
        return cursor.fetchall()


@pytest.mark.django_db
def test_the_connection_reads_timestamps_with_the_c_loader():
    connection.ensure_connection()
    loader = connection.connection.adapters.get_loader(1184, 0)  # timestamptz, text

    assert loader is _UTCTimestamptzLoader
    assert loader.timezone is connection.timezone is UTC  # Django's create_cursor then keeps it


@pytest.mark.django_db
def test_values_are_django_s_to_the_time_zone_object():
    sql = f"SELECT {', '.join('%s::timestamptz' for _ in VALUES)}, NULL::timestamptz, now()"

    ours = _read(sql, VALUES, django_loader=False)
    django = _read(sql, VALUES, django_loader=True)

    assert ours[0][:-1] == django[0][:-1]
    assert [value.tzinfo for value in ours[0] if value is not None] == [UTC] * (len(VALUES) + 1)
    assert all(value.tzinfo is UTC for value in ours[0] if value is not None)
    assert ours[0][len(VALUES)] is None


@pytest.mark.django_db
def test_model_instances_read_the_same_values():
    token = B2BToken.objects.create(user=UserFactory(), key_hash="h" * 64, expires_at="2031-01-02T03:04:05.678901Z")
    sql = f"SELECT created_at, expires_at, revoked_at FROM {B2BToken._meta.db_table} WHERE id = %s"

    assert _read(sql, [token.pk], django_loader=False) == _read(sql, [token.pk], django_loader=True)
    assert B2BToken.objects.get(pk=token.pk).expires_at.isoformat() == "2031-01-02T03:04:05.678901+00:00"


@pytest.mark.django_db
def test_the_loader_s_method_looked_up_on_its_class_reads_as_the_instance_s():
    connection.ensure_connection()
    loader = _UTCTimestamptzLoader(1184, connection.connection)
    value = VALUES[1].encode()

    assert _UTCTimestamptzLoader.load(loader, value) == loader.load(value)
    assert _UTCTimestamptzLoader.load(loader, value).tzinfo is UTC
