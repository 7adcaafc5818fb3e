import pytest

from accounts.demo import seed_accounts
from portal.demo import seed_store
from pricing.demo import seed_catalog


@pytest.fixture
def catalog(db):
    """The demo store, accounts and catalog, without the demo quotes (tests count their own)."""
    store = seed_store()
    seed_accounts()
    seed_catalog()
    return store
