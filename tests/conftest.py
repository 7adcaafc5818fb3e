import json

import pytest
from django.core.cache import cache

from accounts.demo import seed_accounts
from portal.demo import seed_store
from tests.helpers import LOGIN


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters and one-time tokens live in the cache: every test starts without them."""
    cache.clear()


@pytest.fixture
def demo_store(db):
    """The demo store, its channel and config, and the demo accounts (as `make run` loads them)."""
    store = seed_store()
    seed_accounts()
    return store


@pytest.fixture
def graphql(client):
    """POST a GraphQL operation to /graphql; returns the decoded JSON body."""

    def run(query: str, variables: dict | None = None, *, token: str | None = None) -> dict:
        headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
        response = client.post(
            "/graphql",
            data=json.dumps({"query": query, "variables": variables or {}}),
            content_type="application/json",
            **headers,
        )
        assert response["Content-Type"].startswith("application/json"), response.content[:200]
        return response.json()

    return run


@pytest.fixture
def login(graphql):
    """Sign in a demo account through the API and return its bearer token."""

    def run(email: str, password: str = "Demo1234") -> str:
        body = graphql(LOGIN, {"email": email, "password": password})
        assert "errors" not in body, body
        return body["data"]["login"]["result"]["token"]

    return run
