"""A kept PostgreSQL connection's health check looks at its socket, and sends `SELECT 1` only when something arrived
(portal/db/postgresql/base.py).

On PostgreSQL only (CI): SQLite has no server to lose. The connection is killed from a second session, as a server
restart or an idle timeout would end it. `health_check_done = False` is what Django sets at a request's start and end
(close_if_unusable_or_obsolete); the check then runs before the request's first query.
"""

from __future__ import annotations

import select

import psycopg
import pytest
from django.db import connection

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


def _next_request() -> None:
    connection.health_check_done = False


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


@on_postgresql
def test_the_web_processes_check_their_kept_connections():
    assert connection.settings_dict["ENGINE"] == "portal.db.postgresql"
    assert connection.settings_dict["CONN_MAX_AGE"] > 0
    assert connection.health_check_enabled


@on_postgresql
def test_a_healthy_connection_is_used_without_a_round_trip(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection
    _next_request()

    assert _backend_pid() == pid  # the request's first query, on the same connection

    assert connection.connection is raw
    assert checks == []


@on_postgresql
def test_a_connection_the_server_ended_is_replaced_before_the_request_uses_it(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection
    with _second_session() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    _await_readable(raw)
    _next_request()

    new_pid = _backend_pid()  # no error: a new connection

    assert new_pid != pid
    assert connection.connection is not raw
    assert checks == [1]


@on_postgresql
def test_a_harmless_message_costs_one_check_and_keeps_the_connection(transactional_db, checks):
    pid = _backend_pid()
    raw = connection.connection
    with connection.cursor() as cursor:
        cursor.execute("LISTEN portal_db_health_test")
    with _second_session() as other:
        other.execute("NOTIFY portal_db_health_test")
    _await_readable(raw)
    _next_request()

    assert _backend_pid() == pid

    assert connection.connection is raw
    assert checks == [1]
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")


@on_postgresql
def test_the_check_runs_once_per_request(transactional_db, checks):
    pid = _backend_pid()
    with _second_session() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    _await_readable(connection.connection)
    _next_request()
    _backend_pid()
    _backend_pid()
    assert checks == [1]
