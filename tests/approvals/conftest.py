"""What the approvals tests (issue 41) share: Northfield University's tree (tests/factories/accounts.py says who is
where) selling ethanol, on the university's credit line, and its users as actors of the services."""

from __future__ import annotations

import pytest

from accounts.models import Company, User
from accounts.selectors import Actor, actor_for_user
from pricing.models import ProductVariant
from tests.factories.accounts import Tree, northfield_tree
from tests.factories.approvals import CREDIT


@pytest.fixture
def tree(ethanol) -> Tree:
    """Northfield University's tree (northfield_tree), built after the demo store (whose own Northfield tree would
    otherwise take the factory's units for its own and add its users to them)."""
    return northfield_tree()


@pytest.fixture
def shop(tree) -> Tree:
    """The tree buying ethanol (HS-1001-100ML: 120 in stock, HS-1001-500ML: 60, HS-1001-1L: 25) on the university's
    credit line, which every unit below it shares."""
    Company.objects.filter(pk=tree.university.pk).update(
        credit_enabled=True, credit_limit=CREDIT, available_credit=CREDIT, limit_purchases=True
    )
    return tree


@pytest.fixture
def actor_of(shop):
    """The actor of one of the tree's users by their key (read afresh: a role or unit changed since counts)."""

    def run(key: str) -> Actor:
        return actor_for_user(User.objects.get(pk=shop.users[key].pk))

    return run


@pytest.fixture
def small(shop) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku="HS-1001-100ML")


@pytest.fixture
def medium(shop) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku="HS-1001-500ML")


@pytest.fixture
def large(shop) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku="HS-1001-1L")
