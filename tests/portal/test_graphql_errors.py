"""The error contract of ARCHITECTURE §5: a code on every error, 40101 for bad tokens, no 500s, no internals."""

import json
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.models import B2BToken
from portal import selectors
from tests.helpers import CUSTOMER_INFO, error_code

pytestmark = pytest.mark.django_db


def test_protected_operation_without_token_is_40101(demo_store, graphql):
    body = graphql(CUSTOMER_INFO)
    assert body["data"] is None
    assert error_code(body) == 40101
    assert body["errors"][0]["message"] == "Your session has expired. Please sign in again."


def test_bogus_bearer_token_is_40101(demo_store, graphql):
    assert error_code(graphql(CUSTOMER_INFO, token="not-a-real-token")) == 40101


def test_expired_token_is_40101(demo_store, graphql, login):
    token = login("admin@acme.test")
    B2BToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert error_code(graphql(CUSTOMER_INFO, token=token)) == 40101


def test_guest_allowed_operation_ignores_a_bogus_token(demo_store, graphql):
    body = graphql("{ storeBasicInfo { storeName } }", token="not-a-real-token")
    assert body == {"data": {"storeBasicInfo": {"storeName": "Helix Scientific"}}}


def test_unparsable_query_is_a_parse_error(demo_store, graphql):
    body = graphql("{ storeBasicInfo ")
    assert error_code(body) == "GRAPHQL_PARSE_FAILED"


def test_unknown_field_is_a_validation_error(demo_store, graphql):
    body = graphql("{ storeBasicInfo { secretField } }")
    assert error_code(body) == "GRAPHQL_VALIDATION_FAILED"
    assert "secretField" in body["errors"][0]["message"]


def test_malformed_variables_are_bad_user_input(demo_store, graphql):
    body = graphql("query($k: [String!]) { storefrontConfigs(keys: $k) { key } }", {"k": {"nested": True}})
    assert error_code(body) == "BAD_USER_INPUT"
    assert body["data"] is None


@pytest.mark.parametrize(
    ("payload", "content_type"),
    [
        (b"this is not json", "application/json"),
        (b'{"variables": {}}', "application/json"),
        (b"query=%7B%7D", "text/plain"),
    ],
    ids=["bad-json", "no-query", "unsupported-content-type"],
)
def test_malformed_request_gets_a_json_error_not_a_500(demo_store, client, payload, content_type):
    response = client.post("/graphql", data=payload, content_type=content_type)
    assert response.status_code == 400
    body = response.json()
    assert body["data"] is None
    assert body["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


def test_get_is_refused_without_graphiql_when_debug_is_off(demo_store, client):
    response = client.get("/graphql", {"query": "{ storeBasicInfo { storeName } }"})
    assert response.status_code in (400, 404, 405)
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


def test_oversized_body_is_refused_cleanly(demo_store, client, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    query = "{ storeBasicInfo { storeName } }" + " " * 2000
    response = client.post("/graphql", data=json.dumps({"query": query}), content_type="application/json")
    assert response.status_code == 413
    assert response.json()["errors"][0]["extensions"]["code"] == "BAD_REQUEST"


def test_huge_query_is_refused(demo_store, graphql):
    huge = "{ " + "a: storeBasicInfo { storeName } " * 2000 + "}"
    body = graphql(huge)
    assert error_code(body) == "GRAPHQL_PARSE_FAILED"
    assert "more than 5000 tokens" in body["errors"][0]["message"]


def test_unexpected_failure_is_masked_and_has_a_code(demo_store, graphql, monkeypatch):
    def broken():
        raise RuntimeError('relation "portal_store" does not exist: SELECT secret FROM portal_store')

    monkeypatch.setattr(selectors, "store_current", broken)
    body = graphql("{ storeBasicInfo { storeName } }")
    assert error_code(body) == "INTERNAL_SERVER_ERROR"
    assert body["errors"][0]["message"] == "Something went wrong on our side."
    assert "SELECT" not in json.dumps(body)
    assert "Traceback" not in json.dumps(body)


def test_django_validation_error_becomes_field_errors(demo_store, graphql, monkeypatch):
    def invalid(**kwargs):
        raise ValidationError({"keys": ["Unknown key."]})

    monkeypatch.setattr(selectors, "storefront_config_list", invalid)
    body = graphql('{ storefrontConfigs(keys: ["x"]) { key } }')
    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {"keys": ["Unknown key."]}
    assert body["errors"][0]["message"] == "Unknown key."
