"""Every write of store-wide or catalog data that sends no save signal reports itself (issue 37): with the PostgreSQL
triggers of issue 36 item 4 gone, `store_data_changed()` / `catalog_data_changed()` at the write is what replaces the
generation, so no answer cached before is served after it. One test per such write path of the code (a queryset
`update()`, `bulk_create`, `bulk_update`); SQL and data migrations have `manage.py store_cache_clear`
(tests/portal/test_store_cache_clear.py).

Each test caches a probe entry under the current generation (`startup_cache.cached` for the store-wide data,
`catalog_cached` for the catalog), makes the write, and checks that the probe is built again."""

from __future__ import annotations

import pytest
from django.db import connection

from portal import services as portal_services
from portal import startup_cache
from portal.demo import seed_storefront_configs
from portal.models import Channel, StorefrontConfig
from pricing import demo as pricing_demo
from pricing import services as pricing_services
from pricing.demo_translations import seed_option_translations
from pricing.models import OptionValueTranslation, Product, ProductOptionTranslation
from tests.factories.pricing import ProductFactory


class _Probe:
    def __init__(self, read) -> None:
        self.builds = 0
        self._read = read

    def _build(self) -> int:
        self.builds += 1
        return self.builds

    def __call__(self) -> int:
        return self._read(self._build)


@pytest.fixture
def store_probe(demo_store):
    probe = _Probe(lambda build: startup_cache.cached("write-path-probe", build))
    assert (probe(), probe()) == (1, 1)  # built once, then served
    return probe


@pytest.fixture
def catalog_probe(demo_store):
    probe = _Probe(lambda build: startup_cache.catalog_cached("write-path-probe", build))
    assert (probe(), probe()) == (1, 1)
    return probe


def test_a_channel_s_translation_version_raised_by_a_queryset_update(store_probe):
    portal_services.channel_translations_changed(channel=Channel.objects.get(channel_id=1))

    assert store_probe() == 2


def test_config_entries_seeded_by_bulk_create(store_probe):
    with connection.cursor() as cursor:  # an entry missing, as on a store seeded before the key existed
        cursor.execute(f"DELETE FROM {StorefrontConfig._meta.db_table} WHERE key = %s", ["quote_on_product_page"])

    seed_storefront_configs(channel=Channel.objects.get(channel_id=1))

    assert StorefrontConfig.objects.filter(key="quote_on_product_page").exists()
    assert store_probe() == 2


def test_a_product_s_search_text_refreshed_by_a_queryset_update(catalog_probe):
    product = ProductFactory()
    catalog_probe()  # the factory's saves replaced the generation: built again
    builds = catalog_probe.builds

    pricing_services.product_search_text_refresh(product)

    assert catalog_probe() == builds + 1


def test_every_product_s_search_text_refreshed_by_bulk_update(catalog_probe):
    ProductFactory()
    catalog_probe()
    builds = catalog_probe.builds

    pricing_services.product_search_text_refresh_all(products=list(Product.objects.all()))

    assert catalog_probe() == builds + 1


def test_stock_taken_and_put_back_by_queryset_updates(catalog_probe):
    product = ProductFactory(inventory_tracking="product", inventory_level=10)
    catalog_probe()
    builds = catalog_probe.builds

    pricing_services.stock_consume(lines=[(product.pk, None, 2)])
    assert catalog_probe() == builds + 1

    pricing_services.stock_restore(lines=[(product.pk, None, 2)])
    assert catalog_probe() == builds + 2


def test_the_demo_catalog_seeded_by_bulk_create(catalog_probe):
    assert pricing_demo.seed_catalog() > 0

    assert catalog_probe() == 2


def test_option_translations_seeded_by_bulk_create(catalog_probe):
    pricing_demo.seed_catalog()
    ProductOptionTranslation.objects.all().delete()
    OptionValueTranslation.objects.all().delete()
    catalog_probe()
    builds = catalog_probe.builds

    assert seed_option_translations() > 0

    assert catalog_probe() == builds + 1
