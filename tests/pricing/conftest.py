import pytest

from portal.demo import seed_store
from portal.models import TaxClass


@pytest.fixture
def store(db):
    """The demo store alone: USD (default) and EUR at 0.92, one tax zone (Massachusetts, 6.25% on every class)."""
    return seed_store()


@pytest.fixture
def reagents(store):
    return TaxClass.objects.get(store=store, name="Reagents")
