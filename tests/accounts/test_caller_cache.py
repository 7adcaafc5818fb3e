"""A bearer token's caller kept with the database connection until a table it is read from changes (issue 21:
accounts/token_rows.py, portal/db/postgresql/base.py, the triggers of accounts' migration 0008).

On PostgreSQL only (CI): SQLite keeps nothing. Committed data (transactional_db): the triggers' notifications are
delivered at commit, and nothing is kept inside a transaction. A change made by another process is made here from a
second session; its notification is awaited as an event on the connection's socket, not for a time.
`_next_request()` is what Django does at a request's start (close_if_unusable_or_obsolete).
"""

from __future__ import annotations

import select
from datetime import timedelta

import psycopg
import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.demo import seed_accounts
from accounts.models import B2BToken, Company, CompanyMembership, CompanyRole, CompanyStatus, RolePermission, User
from accounts.selectors import GUEST, PortalRole, actor_for_token
from accounts.services.sign_in import b2b_token_issue, b2b_token_revoke
from portal.db.postgresql.base import CALLERS_CHANNEL
from portal.sql_rows import RowReader

pytestmark = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's notifications only")

ADMIN = "admin@acme.test"


@pytest.fixture
def accounts(transactional_db):
    seed_accounts()


@pytest.fixture
def token(accounts) -> str:
    return b2b_token_issue(user=User.objects.get(email=ADMIN)).raw


def _next_request() -> None:
    connection.health_check_done = False


def _kept():
    return connection.notified_cache(CALLERS_CHANNEL)


def _lookup(raw: str):
    """The request's actor and the queries its lookup sent."""
    _next_request()
    with CaptureQueriesContext(connection) as queries:
        actor = actor_for_token(raw)
    return actor, len(queries.captured_queries)


def _second_session():
    return psycopg.connect(**connection.get_connection_params(), autocommit=True)


def _elsewhere(sql: str, params=None) -> None:
    """A change committed by another process, and its notification at this connection's socket."""
    raw = connection.connection
    with _second_session() as other:
        other.execute(sql, params)
    readable, _, _ = select.select([raw.fileno()], [], [], 60)
    assert readable, "the notification did not arrive"


def _kept_lookup(raw: str):
    """A lookup that reads the row, then one that finds it kept."""
    first, reads = _lookup(raw)
    again, kept_reads = _lookup(raw)
    assert (reads, kept_reads) == (1, 0)
    return first, again


def test_the_triggers_notify_for_each_table_a_caller_is_read_from(accounts):
    tables = {model._meta.db_table for model in (B2BToken, User, CompanyMembership, Company, RolePermission)}
    tables.add("accounts_roletemplate")
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid WHERE t.tgname = %s",
            ["portal_callers_changed"],
        )
        assert {row[0] for row in cursor.fetchall()} == tables


def test_a_caller_is_read_once_then_kept(token):
    first, again = _kept_lookup(token)

    assert again.user.pk == first.user.pk and again.company.pk == first.company.pk
    assert (again.role, again.permissions, again.user_type) == (first.role, first.permissions, first.user_type)
    assert again.token.expires_at == first.token.expires_at


def test_each_request_gets_its_own_instances(token):
    first, again = _kept_lookup(token)
    first.company.extra_fields["changed"] = "by the first request"
    first.user.first_name = "Changed"
    first.permissions["get_quotes"] = 0

    third, reads = _lookup(token)

    assert reads == 0
    assert again.user is not first.user and third.company is not first.company
    assert "changed" not in third.company.extra_fields
    assert third.user.first_name != "Changed"
    assert third.permissions["get_quotes"] == again.permissions["get_quotes"]


@pytest.mark.parametrize(
    ("sql", "expected"),
    [
        ("UPDATE accounts_b2btoken SET revoked_at = now()", "guest"),
        ("UPDATE accounts_user SET is_active = false WHERE email = %s", "guest"),
        (
            "UPDATE accounts_company SET status = %s WHERE id = "
            "(SELECT company_id FROM accounts_companymembership m JOIN accounts_user u ON u.id = m.user_id "
            "WHERE u.email = %s)",
            "individual",
        ),
        (
            "UPDATE accounts_companymembership SET role = %s WHERE user_id = (SELECT id FROM accounts_user WHERE "
            "email = %s)",
            "junior",
        ),
        ("DELETE FROM accounts_rolepermission WHERE code = 'get_quotes'", "no quotes"),
        ("UPDATE accounts_roletemplate SET name = name || ' (renamed)'", "read again"),
    ],
    ids=["token revoked", "user deactivated", "company pending", "role changed", "grant removed", "template renamed"],
)
def test_a_change_committed_elsewhere_is_seen_by_the_next_request(token, sql, expected):
    _kept_lookup(token)
    params = {
        "guest": [ADMIN] if "%s" in sql else None,
        "individual": [int(CompanyStatus.PENDING), ADMIN],
        "junior": [int(CompanyRole.JUNIOR_BUYER), ADMIN],
    }.get(expected)

    _elsewhere(sql, params)
    actor, reads = _lookup(token)

    assert reads >= 1
    if expected == "guest":
        assert actor is GUEST
    elif expected == "individual":
        assert actor.company.status == CompanyStatus.PENDING and actor.role == PortalRole.INDIVIDUAL
    elif expected == "junior":
        assert actor.role == CompanyRole.JUNIOR_BUYER
    elif expected == "no quotes":
        assert "get_quotes" not in actor.permissions
    assert _lookup(token)[1] == (1 if expected == "guest" else 0)  # a live caller is kept again


def test_a_change_made_by_this_process_is_seen_at_once(token):
    _kept_lookup(token)
    company = CompanyMembership.objects.get(user__email=ADMIN).company_id
    Company.objects.filter(pk=company).update(status=CompanyStatus.REJECTED)  # a queryset update: no signal

    actor, reads = _lookup(token)

    assert reads == 1
    assert actor.company.status == CompanyStatus.REJECTED


def test_a_revoked_token_is_refused_on_the_next_request(token):
    _kept_lookup(token)
    assert b2b_token_revoke(raw_token=token)

    assert _lookup(token) == (GUEST, 1)


def test_an_expired_token_is_refused_although_kept(token, monkeypatch):
    _kept_lookup(token)
    expires = B2BToken.objects.get(user__email=ADMIN).expires_at
    monkeypatch.setattr(timezone, "now", lambda: expires + timedelta(seconds=1))

    assert _lookup(token) == (GUEST, 1)


def test_unknown_tokens_are_not_kept(accounts):
    _lookup("no-such-token")

    assert _lookup("no-such-token") == (GUEST, 1)
    assert len(_kept()) == 0


def test_nothing_is_kept_or_used_inside_a_transaction(token):
    with transaction.atomic():
        assert _kept() is None
        assert [_lookup(token)[1] for _ in range(2)] == [1, 1]
    _kept_lookup(token)
    with transaction.atomic():
        assert _lookup(token)[1] == 1


def test_a_row_read_while_a_change_was_notified_is_not_kept(token, monkeypatch):
    rows = RowReader.rows

    def notified_meanwhile(self, sql, params, fields):
        read = rows(self, sql, params, fields)
        _kept().notified()  # what the handler does when the notification comes with the query's answer
        return read

    monkeypatch.setattr(RowReader, "rows", notified_meanwhile)
    _lookup(token)
    monkeypatch.setattr(RowReader, "rows", rows)

    assert _lookup(token)[1] == 1


def test_a_connection_the_server_ended_is_replaced_with_nothing_kept(token):
    _kept_lookup(token)
    raw = connection.connection
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]

    _elsewhere("SELECT pg_terminate_backend(%s)", [pid])
    actor, reads = _lookup(token)

    assert actor.user.email == ADMIN and reads == 1
    assert connection.connection is not raw


def test_a_connection_closed_after_each_request_keeps_nothing(token, monkeypatch):
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "CONN_MAX_AGE", 0)
    connection.ensure_connection()

    assert _kept() is None
    assert [_lookup(token)[1] for _ in range(2)] == [1, 1]
    connection.close()


def test_turned_off_nothing_is_kept(token, settings):
    settings.PORTAL_NOTIFIED_CACHES = False  # DATABASE_NOTIFIED_CACHES=false
    connection.close()
    connection.ensure_connection()

    assert _kept() is None
    assert [_lookup(token)[1] for _ in range(2)] == [1, 1]
    connection.close()
