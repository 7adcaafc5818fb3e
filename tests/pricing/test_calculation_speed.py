"""What the price engine's speed rests on (issue 21): the store pricing (currencies, the applicable tax zone and its
rates) is read once and then served from the cache until one of the rows it was read from changes; the results are
built without the dataclasses' __init__ and are still exactly theirs."""

from dataclasses import fields
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError

from portal import startup_cache
from portal.models import Currency, TaxClass, TaxClassRate, TaxZone, TaxZoneRate
from pricing.calculation import (
    STORE_PRICING_ENTRY,
    NextTier,
    Price,
    PriceRequestItem,
    PriceResult,
    price_items,
    store_pricing,
)
from tests.factories.pricing import ProductFactory, TierFactory

pytestmark = pytest.mark.django_db
D = Decimal


def unit_price(product, currency="USD") -> Price:
    (result,) = price_items(items=[PriceRequestItem(product.pk)], customer_group_id=None, currency_code=currency)
    return result.calculated_price


def test_the_store_pricing_is_read_once_then_served_from_the_cache(store, django_assert_num_queries):
    product = ProductFactory(base_price=D("100.00"))

    # currency, tax zone, its rates; products with their variants and their tiers (one round trip)
    with django_assert_num_queries(4):
        first = unit_price(product, "EUR")
    with django_assert_num_queries(1):
        second = unit_price(product, "eur")
    with django_assert_num_queries(0):
        default = store_pricing(currency_code=None)

    assert first == second == Price(D("92.00"), False, D("92.00"), D("97.75"))
    assert default.currency.code == "USD"


def test_a_saved_currency_prices_at_once(store):
    product = ProductFactory(base_price=D("100.00"))
    unit_price(product, "EUR")

    euro = Currency.objects.get(code="EUR")
    euro.exchange_rate = D("0.5")
    euro.save()

    assert unit_price(product, "EUR").tax_exclusive == D("50.00")


def test_a_new_or_disabled_currency_counts_at_once(store):
    product = ProductFactory(base_price=D("100.00"))
    unit_price(product)

    Currency.objects.create(store=store, code="GBP", name="Pound", token="£", exchange_rate=D("0.8"))
    assert unit_price(product, "GBP").tax_exclusive == D("80.00")

    euro = Currency.objects.get(code="EUR")
    euro.enabled = False
    euro.save()
    with pytest.raises(ValidationError) as raised:
        unit_price(product, "EUR")
    assert raised.value.message_dict == {"currencyCode": ["Unknown currency."]}


def test_changed_tax_rates_zones_and_classes_count_at_once(store, reagents):
    product = ProductFactory(base_price=D("100.00"), tax_class=reagents)
    assert unit_price(product).tax_inclusive == D("106.25")

    class_rate = TaxClassRate.objects.get(tax_class=reagents)
    class_rate.rate = D("10.000")
    class_rate.save()
    assert unit_price(product).tax_inclusive == D("110.00")

    zone_rate = TaxZoneRate.objects.get(class_rates=class_rate)
    zone_rate.enabled = False
    zone_rate.save()
    assert unit_price(product).tax_inclusive == D("100.00")

    zone_rate.enabled = True
    zone_rate.save()
    zone = TaxZone.objects.get(store=store)
    zone.show_inclusive = True
    zone.save()
    (result,) = price_items(items=[PriceRequestItem(product.pk)], customer_group_id=None, currency_code="USD")
    assert (result.show_inclusive, result.calculated_price.tax_inclusive) == (True, D("110.00"))

    untaxed = ProductFactory(base_price=D("100.00"), tax_class=None)  # taxed as the class named "Default"
    assert unit_price(untaxed).tax_inclusive == D("106.25")
    TaxClass.objects.filter(name="Default").get().delete()
    assert unit_price(untaxed).tax_inclusive == D("100.00")

    zone.delete()
    assert unit_price(product).tax_inclusive == D("100.00")


def test_the_cached_entry_goes_again_when_the_change_commits(store, django_capture_on_commit_callbacks):
    store_pricing(currency_code="USD")
    key = startup_cache._key(STORE_PRICING_ENTRY)

    with django_capture_on_commit_callbacks(execute=True):
        euro = Currency.objects.get(code="EUR")
        euro.exchange_rate = D("0.5")
        euro.save()
        generation = cache.get(startup_cache.GENERATION_KEY)
        assert cache.get(key)[0] != generation  # the entry of before the change is not served
        # What a request reading the rows before this transaction commits would put back under the new generation:
        cache.set(key, (generation, "read before the commit"))

    assert cache.get(key)[0] != cache.get(startup_cache.GENERATION_KEY)
    assert store_pricing(currency_code="EUR").currency.exchange_rate == D("0.5")


def test_a_code_that_is_not_ascii_is_looked_up_in_the_database(store):
    with pytest.raises(ValidationError) as raised:
        store_pricing(currency_code="€")

    assert raised.value.message_dict == {"currencyCode": ["Unknown currency."]}


def test_the_engines_results_are_what_the_dataclasses_build(store):
    product = ProductFactory(base_price=D("100.00"))
    TierFactory(product=product, min_quantity=10, discount_type="percent", amount=D("10"))

    (result,) = price_items(items=[PriceRequestItem(product.pk, None, 2)], customer_group_id=None, currency_code="EUR")

    for instance, cls in (
        (result, PriceResult),
        (result.calculated_price, Price),
        (result.base_price, Price),
        (result.next_tier, NextTier),
        (result.next_tier.unit_price, Price),
    ):
        names = [f.name for f in fields(cls)]
        rebuilt = cls(**{name: getattr(instance, name) for name in names})
        assert list(vars(instance)) == names
        assert instance == rebuilt
        if cls is not PriceResult:  # a PriceResult holds a list (bulk_pricing): not hashable either way
            assert hash(instance) == hash(rebuilt)
        with pytest.raises(AttributeError):
            instance.quantity = 1  # still frozen
    assert (result.next_tier.minimum, result.next_tier.unit_price.tax_exclusive) == (10, D("82.80"))
