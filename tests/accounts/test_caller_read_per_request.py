"""Every request reads its caller (issue 37): nothing is kept between requests, so a change committed by another
process — a token revoked, a user deactivated, a company set pending, a role changed, a grant removed — is seen by the
very next request. (Issue 21's seventh session kept the caller with the connection until PostgreSQL notified it, which
left a revoked token accepted until the process read the notification.)

Committed data (transactional_db); on PostgreSQL the change is made from a second session, as another web process
would make it; on SQLite from a second connection to the same file."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.demo import seed_accounts
from accounts.models import CompanyRole, CompanyStatus, User
from accounts.selectors import GUEST, PortalRole, actor_for_token
from accounts.services.sign_in import b2b_token_issue
from tests.helpers import CUSTOMER_INFO, error_code

ADMIN = "admin@acme.test"


@pytest.fixture
def token(transactional_db) -> str:
    seed_accounts()
    return b2b_token_issue(user=User.objects.get(email=ADMIN)).raw


def _elsewhere(sql: str, params: list | None = None) -> None:
    """`sql` run and committed by another connection (PostgreSQL's %s placeholders)."""
    if connection.vendor == "postgresql":
        with psycopg.connect(**connection.get_connection_params(), autocommit=True) as other:
            other.execute(sql, params)
        return
    other = sqlite3.connect(connection.settings_dict["NAME"], timeout=20)
    try:
        other.execute(sql.replace("%s", "?").replace("now()", "CURRENT_TIMESTAMP").replace("false", "0"), params or [])
        other.commit()
    finally:
        other.close()


def _customer_info(client, raw: str) -> dict:
    response = client.post(
        "/graphql", {"query": CUSTOMER_INFO}, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {raw}"
    )
    return response.json()


def test_a_token_revoked_by_another_connection_is_refused_by_the_very_next_request(token, client):
    before = _customer_info(client, token)
    assert before["data"]["customerInfo"]["userInfo"]["email"] == ADMIN

    _elsewhere("UPDATE accounts_b2btoken SET revoked_at = now()")

    after = _customer_info(client, token)

    assert after["data"] is None
    assert error_code(after) == 40101  # "Your session has expired": the bearer token is no longer accepted


@pytest.mark.parametrize(
    ("sql", "params", "expected"),
    [
        ("UPDATE accounts_user SET is_active = false WHERE email = %s", [ADMIN], "guest"),
        (
            "UPDATE accounts_company SET status = %s WHERE id = "
            "(SELECT company_id FROM accounts_companymembership m JOIN accounts_user u ON u.id = m.user_id "
            "WHERE u.email = %s)",
            [int(CompanyStatus.PENDING), ADMIN],
            "individual",
        ),
        (
            "UPDATE accounts_companymembership SET role = %s WHERE user_id = (SELECT id FROM accounts_user WHERE "
            "email = %s)",
            [int(CompanyRole.JUNIOR_BUYER), ADMIN],
            "junior",
        ),
        ("DELETE FROM accounts_rolepermission WHERE code = 'get_quotes'", None, "no quotes"),
    ],
    ids=["user deactivated", "company pending", "role changed", "grant removed"],
)
def test_a_change_committed_elsewhere_is_seen_by_the_next_request(token, sql, params, expected):
    first = actor_for_token(token)
    assert first.role == PortalRole.ADMIN and "get_quotes" in first.permissions

    _elsewhere(sql, params)
    with CaptureQueriesContext(connection) as queries:
        actor = actor_for_token(token)

    assert len(queries.captured_queries) == 1  # the caller, read in its one query
    if expected == "guest":
        assert actor is GUEST
    elif expected == "individual":
        assert actor.company.status == CompanyStatus.PENDING and actor.role == PortalRole.INDIVIDUAL
    elif expected == "junior":
        assert actor.role == CompanyRole.JUNIOR_BUYER
    else:
        assert "get_quotes" not in actor.permissions
