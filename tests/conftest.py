import json
import shutil

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from accounts.demo import seed_accounts
from accounts.models import Company
from portal.demo import seed_store
from pricing.models import Product
from tests.factories import pricing as factories
from tests.factories.accounts import PASSWORD, Tree, northfield_tree
from tests.helpers import LOGIN
from tests.punchout.fake_procurement import procurement  # noqa: F401 — a fixture for the punchout tests


@pytest.fixture(autouse=True, scope="session")
def _run_media_removed_at_the_end():
    """The run's own media folders (portal/settings_test.py): nothing piles up between runs."""
    yield
    for root in (settings.MEDIA_ROOT, settings.PRIVATE_MEDIA_ROOT):
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters and one-time tokens live in the cache: every test starts without them."""
    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A request in another language (Accept-Language) leaves it active in the thread, as LocaleMiddleware does between
    a server's requests: every test starts in the default language."""
    translation.deactivate()


@pytest.fixture
def demo_store(db):
    """The demo store, its channel and config, and the demo accounts (as `make run` loads them)."""
    store = seed_store()
    seed_accounts()
    return store


# Products that the quote and storefront tests share, built by factories (tests/factories/pricing.py says what each
# one is); the demo catalog is for people, not for tests.


def _acme_group():
    return Company.objects.get(name="Acme Labs").customer_group


@pytest.fixture
def ethanol(demo_store) -> Product:
    """HS-1001 in four pack sizes from $38.00; Acme's customer group pays 85% of it (100 mL: $32.30)."""
    product = factories.ethanol()
    factories.group_prices(_acme_group(), product, "0.85")
    return product


@pytest.fixture
def sodium_chloride(demo_store) -> Product:
    """HS-1055 in three pack sizes from $18.00 (500 g: $61.20); Acme's customer group pays 85% of it."""
    product = factories.sodium_chloride()
    factories.group_prices(_acme_group(), product, "0.85")
    return product


@pytest.fixture
def drum(demo_store) -> Product:
    """HS-1152, price on request ($2,950.00 in the catalog, never shown to a buyer)."""
    return factories.ethanol_drum()


@pytest.fixture
def balance(demo_store) -> Product:
    """HS-4006 at $3,250.00 with a required warranty (1 year included, 3 years +$390, 5 years +12%)."""
    return factories.analytical_balance()


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


# The company tree (issue 40) that the tree tests of every app share: tests/factories/accounts.py says who is where.


@pytest.fixture
def tree(db) -> Tree:
    """Northfield University's company tree and a company outside it (northfield_tree()); a module overrides it to
    build the tree otherwise (tests/accounts/test_tree_inheritance.py: with a customer group)."""
    return northfield_tree()


@pytest.fixture
def tree_sign_in(login, tree):
    """Sign in one of the tree's users by their key in `tree.users` (e.g. "chemistry_admin") and return their bearer
    token."""

    def run(key: str) -> str:
        return login(tree.users[key].email, PASSWORD)

    return run
