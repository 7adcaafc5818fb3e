"""The bulk upload tests' catalog (tests/pricing/bulk_upload/support.py) and callers."""

from __future__ import annotations

import pytest

from tests.pricing.bulk_upload.support import quick_order_catalog, signed_in


@pytest.fixture
def catalog(ethanol, sodium_chloride, drum, balance):
    """The shared products and those of the quick order rules (support.quick_order_catalog says which)."""
    return quick_order_catalog(
        {"ethanol": ethanol, "sodium_chloride": sodium_chloride, "drum": drum, "balance": balance}
    )


@pytest.fixture
def sign_in(demo_store, graphql, login):
    """A token for each caller of the permission matrix (None for a guest)."""
    return lambda caller: signed_in(caller, graphql=graphql, login=login)


@pytest.fixture(autouse=True)
def _private_files_of_this_test(settings, tmp_path):
    """Each test's private files in a folder of its own, so that a test sees exactly the files it made."""
    settings.PRIVATE_MEDIA_ROOT = tmp_path / "private"
