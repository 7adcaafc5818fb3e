"""Store and catalog data changed without Django's save signals (issue 36 item 4) is not served stale on PostgreSQL:
triggers on the store-wide and catalog tables notify every kept connection (portal's migration 0004, pricing's 0005),
and the next request replaces the generation the signals would have replaced — for a queryset update, SQL on this
connection, and SQL of another process.

On PostgreSQL only, with committed data (transactional_db), as tests/portal/test_store_generations_kept.py: a
request is Django's request signals around the read; another process is a second session, whose notification is
awaited on this connection's socket as an event."""

from __future__ import annotations

import select

import psycopg
import pytest
from django.db import connection

from portal import startup_cache
from portal.lru import LRU
from portal.models import Currency, Store, StorefrontConfig
from portal.startup_cache import request_scope_finished, request_scope_started
from pricing.models import Product, ProductVariant

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's triggers and notifications")


@pytest.fixture(autouse=True)
def own_connection(transactional_db, demo_store, monkeypatch):
    monkeypatch.setattr(startup_cache, "_local", LRU(startup_cache.LOCAL_ENTRIES))
    connection.close()  # a connection of the test's own: nothing kept from another test
    connection.ensure_connection()


def _request(read):
    connection.health_check_done = False
    request_scope_started()
    try:
        return read()
    finally:
        request_scope_finished()


def _store_name() -> str:
    return _request(startup_cache.store_basic_info)["store_name"]


def _notification_arrived() -> None:
    readable, _, _ = select.select([connection.connection.fileno()], [], [], 60)
    assert readable, "the notification did not arrive"


def test_a_store_renamed_by_a_queryset_update_is_served_on_the_next_request():
    _store_name()
    _store_name()  # cached, and the generation kept with the connection

    Store.objects.update(name="Renamed in bulk")  # no signal

    assert _store_name() == "Renamed in bulk"


def test_a_config_entry_switched_by_sql_is_served_on_the_next_request():
    def entries() -> dict[str, str]:
        read = lambda: startup_cache.storefront_config_entries(channel_id=1)  # noqa: E731
        return {row["key"]: row["value"] for row in _request(read)}

    key, value = next(iter(entries().items()))
    switched = StorefrontConfig.Value.OFF if value == StorefrontConfig.Value.ON else StorefrontConfig.Value.ON
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {StorefrontConfig._meta.db_table} SET value = %s WHERE key = %s", [switched, key])

    assert entries()[key] == switched


def test_currencies_changed_by_another_process_are_served_after_its_notification():
    def tokens() -> set[str]:
        return {currency["token"] for currency in _request(lambda: startup_cache.currencies(channel_id=1))}

    tokens()
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute(f"UPDATE {Currency._meta.db_table} SET token = %s", ["US$"])
    _notification_arrived()

    assert tokens() == {"US$"}


def test_a_product_renamed_by_a_queryset_update_is_read_afresh_on_the_next_request(ethanol):
    def names() -> list[str]:
        build = lambda: sorted(Product.objects.values_list("name", flat=True))  # noqa: E731
        return _request(lambda: startup_cache.catalog_cached("rows-trigger-test", build))

    names()
    Product.objects.filter(pk=ethanol.pk).update(name="Ethanol, renamed in bulk")  # no signal

    assert "Ethanol, renamed in bulk" in names()


def test_stock_changed_by_another_process_is_read_afresh_after_its_notification(ethanol):
    def levels() -> list[int]:
        build = lambda: sorted(ProductVariant.objects.values_list("inventory_level", flat=True))  # noqa: E731
        return _request(lambda: startup_cache.catalog_cached("rows-trigger-stock", build))

    levels()
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute(f"UPDATE {ProductVariant._meta.db_table} SET inventory_level = 7")
    _notification_arrived()

    assert set(levels()) == {7}
