"""The store-wide and catalog generations kept with a PostgreSQL connection between requests (issue 21,
portal/startup_cache.py, portal/db/postgresql/base.py): a request starts from those the process read last and asks
the shared cache for none while no process has replaced one; a replacement anywhere notifies every connection, and
the next request reads them again.

On PostgreSQL only (CI), with committed data (transactional_db): inside a transaction, as in TestCase, nothing is
kept (tests/portal/test_startup_cache_local.py covers that path). Another process is a second session notifying
the channel after replacing the generation in the shared cache, as `_new_generation` does; its notification is
awaited on the connection's socket as an event.
"""

from __future__ import annotations

import select

import psycopg
import pytest
from django.core.cache import cache
from django.db import connection, transaction

from portal import startup_cache
from portal.db.postgresql.base import STORE_DATA_CHANNEL
from portal.lru import LRU
from portal.startup_cache import (
    GENERATION_KEY,
    cached,
    catalog_data_changed,
    request_scope_finished,
    request_scope_started,
    store_data_changed,
)

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's notifications only")


@pytest.fixture(autouse=True)
def own_memory(transactional_db, monkeypatch):
    monkeypatch.setattr(startup_cache, "_local", LRU(startup_cache.LOCAL_ENTRIES))
    connection.close()  # a connection of the test's own: nothing kept from another test
    connection.ensure_connection()


@pytest.fixture
def reads(monkeypatch) -> list[list[str]]:
    """The keys of every read from the shared cache from now on."""
    seen: list[list[str]] = []
    get_many = cache.get_many

    def counted(keys, *args, **kwargs):
        seen.append(list(keys))
        return get_many(keys, *args, **kwargs)

    monkeypatch.setattr(startup_cache.cache, "get_many", counted)
    return seen


def _request(build=lambda: {"built": True}):
    """One request's read of a store-wide entry, between Django's request signals."""
    connection.health_check_done = False
    request_scope_started()
    try:
        return cached("kept-generations-test", build)
    finally:
        request_scope_finished()


def _warm() -> None:
    _request()  # makes the first generation
    _request()  # reads it, and keeps it


def test_a_warm_request_asks_the_shared_cache_nothing(reads):
    _warm()
    reads.clear()

    assert _request() == {"built": True}
    assert reads == []


def test_a_generation_replaced_by_this_process_is_read_again_at_once(reads):
    _warm()
    store_data_changed()
    reads.clear()

    builds = []
    _request(lambda: builds.append(1) or {"built": "again"})

    assert any(startup_cache.GENERATION_KEY in keys for keys in reads)
    assert builds == [1]  # the entry of the old generation is not served


def test_a_catalog_generation_replaced_is_read_again(reads):
    _warm()
    catalog_data_changed()
    reads.clear()

    _request()

    assert reads, "the generations were not read again"


def test_a_generation_replaced_by_another_process_is_read_again_after_its_notification(reads):
    _warm()
    raw = connection.connection
    cache.set(GENERATION_KEY, "replaced-by-another-process", timeout=None)
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute(f"NOTIFY {STORE_DATA_CHANNEL}")
    readable, _, _ = select.select([raw.fileno()], [], [], 60)
    assert readable, "the notification did not arrive"
    reads.clear()

    assert _request(lambda: {"built": "for the new generation"}) == {"built": "for the new generation"}
    assert reads
    reads.clear()
    _request()
    assert reads == []  # kept again


def test_a_change_in_a_transaction_notifies_at_its_commit_and_after(reads):
    _warm()
    with transaction.atomic():
        store_data_changed()  # this connection's copy is dropped at once; the others' at the commit
    reads.clear()

    _request()
    assert any(GENERATION_KEY in keys for keys in reads)  # read again
    reads.clear()
    _request()
    assert reads == []  # then kept


def test_nothing_is_kept_or_used_inside_a_transaction(reads):
    _warm()
    reads.clear()
    with transaction.atomic():
        _request()
    assert reads  # as every request did before


def test_generations_read_while_one_was_replaced_are_not_kept(reads, monkeypatch):
    _request()
    get_many = startup_cache.cache.get_many

    def replaced_meanwhile(keys, *args, **kwargs):
        found = get_many(keys, *args, **kwargs)
        connection.notified_cache(STORE_DATA_CHANNEL).notified()  # a notification handled during the read
        return found

    monkeypatch.setattr(startup_cache.cache, "get_many", replaced_meanwhile)
    _request()
    monkeypatch.setattr(startup_cache.cache, "get_many", get_many)
    reads.clear()

    _request()

    assert reads  # not kept: read again


def test_a_connection_past_its_age_keeps_nothing(reads):
    _warm()
    connection.close()
    reads.clear()

    _request()

    assert reads


def test_other_processes_are_notified_at_the_commit_and_after_it():
    with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
        other.execute(f"LISTEN {STORE_DATA_CHANNEL}")
        with transaction.atomic():
            store_data_changed()
            catalog_data_changed()
        # One at the commit (PostgreSQL sends a transaction's equal notifications once), one for each replacement
        # made after it (the on_commit hooks, in autocommit).
        heard = [n.channel for n in other.notifies(timeout=60, stop_after=3)]

    assert heard == [STORE_DATA_CHANNEL] * 3
