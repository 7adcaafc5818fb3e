"""seed_scale (issue 38 Must 1) at a tiny size, on whichever database the suite runs (SQLite for `make run`'s,
PostgreSQL in CI): it grows the demo store by its parameters, reproducibly, and grows a grown store again."""

from __future__ import annotations

import hashlib

import pytest
from django.db import transaction

from accounts.models import Company
from orders.models import Order, OrderLine
from pricing.models import Product
from quotes.models import Quote
from shoppinglists.models import ShoppingListItem
from storefront.demo_scale import ScaleSize, seed_scale
from tests.scale.conftest import seed_demo_catalog_and_accounts

TINY = ScaleSize.of(0.002)  # 1 clone of each demo product, 10 companies, 400 orders, 40 quotes, 4 lists

pytestmark = [pytest.mark.django_db]


@pytest.fixture
def demo_store_seeded():
    seed_demo_catalog_and_accounts()  # seed_demo without its orders and invoices


def _digest() -> str:
    rows = [
        *Product.objects.order_by("pk").values_list("pk", "sku", "cas_number", "base_price", "search_text"),
        *Order.objects.order_by("pk").values_list("number", "po_number", "status", "grand_total", "created_at"),
        *OrderLine.objects.order_by("pk").values_list("order_id", "variant_id", "quantity", "unit_price"),
        *Quote.objects.order_by("pk").values_list("number", "status", "original_subtotal"),
    ]
    return hashlib.sha256(repr(rows).encode()).hexdigest()


def test_seed_scale_grows_the_demo_store_reproducibly_and_grows_it_again(demo_store_seeded):
    # Given the demo store grown once with a seed, and undone
    with transaction.atomic():
        seed_scale(size=TINY, seed=7, analyze=False)
        first = _digest()
        transaction.set_rollback(True)

    # When it is grown with the same seed
    counts = seed_scale(size=TINY, seed=7)

    # Then the rows are the same
    assert _digest() == first
    # And every demo product has its clones, and the companies, orders, quotes and lists are there
    assert Product.objects.count() == 200 * (1 + TINY.clones)
    assert counts["pricing_product"] == 200 * TINY.clones
    assert Company.objects.filter(email__endswith=".scale.test").count() == TINY.companies
    assert Order.objects.filter(company__name="Acme Labs").count() == TINY.acme_orders
    assert Order.objects.count() == TINY.acme_orders + TINY.other_orders
    assert Quote.objects.count() == 7 + TINY.quotes
    assert ShoppingListItem.objects.count() == 14 + TINY.shopping_lists * TINY.list_items

    # When it grows again (seed_scale --again)
    seed_scale(size=TINY, seed=39, analyze=False)

    # Then the new clones and companies are numbered on, the catalog numbers unique
    assert Product.objects.count() == 200 * (1 + 2 * TINY.clones)
    assert Product.objects.filter(sku__startswith="HS-0021001").exists()  # clone 2 of HS-1001
    assert Company.objects.filter(email__endswith=".scale.test").count() == 2 * TINY.companies
    assert Order.objects.count() == 2 * (TINY.acme_orders + TINY.other_orders)
