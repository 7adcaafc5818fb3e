"""A kept PostgreSQL connection is checked at a request's start by its socket, not by a `SELECT 1` (portal.db_health).

On PostgreSQL only (CI): SQLite has no server to lose. The connection is killed from a second session, as a server
restart or an idle timeout would end it.
"""

from __future__ import annotations

import select

import psycopg
import pytest
from django.core.signals import request_started
from django.db import connection

from portal.db_health import close_broken

on_postgresql = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's connections only")


def _second_session():
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _await_readable(raw) -> None:
    # What the check looks for, awaited as an event (the server's message reaches the socket), not timed.
    readable, _, _ = select.select([raw.fileno()], [], [], 60)
    assert readable, "the server's message did not arrive"


@pytest.fixture
def checks(monkeypatch):
    """The `SELECT 1`s Django's own check sends (is_usable), counted."""
    sent = []
    usable = connection.is_usable

    def counted():
        sent.append(1)
        return usable()

    monkeypatch.setattr(connection, "is_usable", counted)
    return sent


def test_every_request_runs_the_check():
    assert any(receiver[0][0] == "portal.db_health.close_broken" for receiver in request_started.receivers)


@on_postgresql
def test_a_healthy_connection_is_kept_without_a_round_trip(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection

    close_broken()

    assert connection.connection is raw
    assert checks == []
    assert _backend_pid() == pid


@on_postgresql
def test_a_connection_the_server_ended_is_replaced_before_the_request_uses_it(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection
    with _second_session() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    _await_readable(raw)

    close_broken()

    assert connection.connection is None  # closed: the next query opens a new one
    assert checks == [1]
    assert _backend_pid() != pid


@on_postgresql
def test_a_harmless_message_costs_one_check_and_keeps_the_connection(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection
    with connection.cursor() as cursor:
        cursor.execute("LISTEN portal_db_health_test")
    with _second_session() as other:
        other.execute("NOTIFY portal_db_health_test")
    _await_readable(raw)

    close_broken()

    assert connection.connection is raw
    assert checks == [1]
    assert _backend_pid() == pid
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")


@on_postgresql
def test_a_connection_inside_a_transaction_is_left_alone(db, checks):
    # The test's own transaction: closing its connection would lose its work.
    raw = connection.connection or (connection.ensure_connection() or connection.connection)

    close_broken()

    assert connection.connection is raw
    assert checks == []
