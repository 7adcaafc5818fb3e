"""The database cannot be reached (issue 36, docs/operations.md "PostgreSQL"): every kind of request answers
SERVICE_UNAVAILABLE with Retry-After, never a 500 and never "session expired", and the next request after the database
is back works without a restart.

The outage is real for the driver: the test process's connection is closed and pointed at a server that is not there
(PostgreSQL: a port where nothing listens; SQLite: a file in a folder that does not exist), so that connecting fails
exactly as it does while PostgreSQL restarts.
"""

from __future__ import annotations

import contextlib
import json
import socket

import pytest
from django.db import connection

from tests.helpers import CUSTOMER_INFO, LOGIN

pytestmark = pytest.mark.django_db(transaction=True)


def _dead_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def database_down():
    saved = dict(connection.settings_dict)
    connection.close()
    if connection.vendor == "sqlite":
        connection.settings_dict["NAME"] = "/nonexistent-folder/portal.sqlite3"
    else:
        connection.settings_dict.update(HOST="127.0.0.1", PORT=str(_dead_port()))
    try:
        yield
    finally:
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)


def _post_graphql(client, query: str, variables: dict | None = None, token: str | None = None) -> dict:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = client.post(
        "/graphql",
        data=json.dumps({"query": query, "variables": variables or {}}),
        content_type="application/json",
        **headers,
    )
    assert response.status_code == 200, response.content[:300]
    return response.json()


def _unavailable(body: dict) -> None:
    [error] = body["errors"]
    assert error["extensions"] == {"code": "SERVICE_UNAVAILABLE", "retryAfter": 30}
    assert error["message"] == "This is not available right now. Please try again in a minute."


def test_sign_in_is_refused_for_a_minute_while_the_database_is_down_and_works_when_it_is_back(demo_store, client):
    credentials = {"email": "senior@acme.test", "password": "Demo1234"}
    with database_down():
        _unavailable(_post_graphql(client, LOGIN, credentials))
    body = _post_graphql(client, LOGIN, credentials)
    assert body["data"]["login"]["result"]["token"]


def test_a_signed_in_buyer_keeps_the_session_through_the_outage(demo_store, client, login):
    token = login("senior@acme.test")
    with database_down():
        body = _post_graphql(client, CUSTOMER_INFO, token=token)
    _unavailable(body)  # not 40101: the overlay must not sign the buyer out
    after = _post_graphql(client, CUSTOMER_INFO, token=token)
    assert "errors" not in after, after
    assert after["data"]["customerInfo"]["userInfo"]["email"] == "senior@acme.test"


def test_a_store_query_answers_service_unavailable_while_the_database_is_down(demo_store, client):
    with database_down():
        body = _post_graphql(client, "{ storefrontConfig { quotes } }")
    _unavailable(body)
    assert "errors" not in _post_graphql(client, "{ storefrontConfig { quotes } }")


def test_a_shop_page_answers_503_with_retry_after_while_the_database_is_down(demo_store, client):
    with database_down():
        response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    assert b"Back in a moment" in response.content
    assert client.get("/").status_code == 200


def test_a_rest_edge_answers_503_in_the_api_shape_while_the_database_is_down(demo_store, client):
    path = "/storefront/translation/helix/1/global"
    with database_down():
        response = client.get(path)
    assert response.status_code == 503
    assert response["Retry-After"] == "30"
    body = response.json()
    assert body["code"] == 503
    assert body["errors"][0]["extensions"]["code"] == "SERVICE_UNAVAILABLE"
    assert client.get(path).status_code != 503
