"""A kept PostgreSQL connection is checked before a request uses it (Django's CONN_HEALTH_CHECKS, issues 21 and 37):
a connection the server ended is replaced without an error, a healthy one is used as it is.

On PostgreSQL only (CI): SQLite has no server to lose. The connection is killed from a second session, as a server
restart or an idle timeout would end it. `_next_request()` is what Django does at a request's start
(close_if_unusable_or_obsolete resets the check); the check then runs before the request's first query.
"""

from __future__ import annotations

import select

import psycopg
import pytest
from django.db import connection

from accounts.demo import seed_accounts
from accounts.models import User
from accounts.selectors import PortalRole, actor_for_token
from accounts.services.sign_in import b2b_token_issue

on_postgresql = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's connections only")


def _second_session():
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


def _backend_pid() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        return cursor.fetchone()[0]


def _terminated(pid: int) -> None:
    raw = connection.connection
    with _second_session() as other:
        other.execute("SELECT pg_terminate_backend(%s)", [pid])
    # The server's goodbye reaching the socket, awaited as an event (not timed): the connection is dead by then.
    readable, _, _ = select.select([raw.fileno()], [], [], 60)
    assert readable, "the server's message did not arrive"


def _next_request() -> None:
    connection.health_check_done = False


@on_postgresql
def test_the_web_processes_check_their_kept_connections_with_django_s_own_backend():
    assert connection.settings_dict["ENGINE"] == "django.db.backends.postgresql"
    assert connection.settings_dict["CONN_MAX_AGE"] > 0
    assert connection.health_check_enabled


@on_postgresql
def test_a_healthy_connection_is_used_as_it_is(transactional_db):
    pid = _backend_pid()
    raw = connection.connection
    _next_request()

    assert _backend_pid() == pid  # the request's first query, on the same connection
    assert connection.connection is raw


@on_postgresql
def test_a_connection_the_server_ended_is_replaced_before_the_request_uses_it(transactional_db):
    seed_accounts()
    raw_token = b2b_token_issue(user=User.objects.get(email="admin@acme.test")).raw
    pid = _backend_pid()
    raw = connection.connection
    _terminated(pid)
    _next_request()

    actor = actor_for_token(raw_token)  # no error: the check found it dead, and the query opened a new one

    assert actor.role == PortalRole.ADMIN
    assert connection.connection is not raw
    assert _backend_pid() != pid
