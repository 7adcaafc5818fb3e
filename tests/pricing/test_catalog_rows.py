"""pricing.catalog_rows.engine_rows (issue 21: the engine's products, their tiers and the options in one round trip)
gives exactly the rows of the three statements it joins: `product_variant_rows`, `tier_rows` of the products that
one finds (in their order) and `option_value_rows`, with the same converted values, on random catalogs (hidden
products, variant-less products, group records, store-wide and group tiers, options of every type with and without
values, ids of nothing), with a group and without, hidden products included and not."""

import random

import pytest
from django.db import connection

from accounts.models import CustomerGroup
from pricing.catalog_rows import engine_rows, option_value_rows, product_variant_rows, tier_rows
from pricing.models import BulkPricingTier, PriceList, ProductOption
from tests.pricing.test_engine_equivalence import random_catalog

pytestmark = pytest.mark.django_db


def three_statements(*, option_ids, **arguments) -> tuple[list, list, list]:
    products = product_variant_rows(**arguments)
    found = list(dict.fromkeys(row[0] for row in products))
    tiers = tier_rows(product_ids=found, customer_group_id=arguments["customer_group_id"]) if found else []
    return products, tiers, option_value_rows(option_ids=option_ids) if option_ids else []


def typed(rows) -> list:
    """The rows with each value's type beside it (Decimal('10.0') and Decimal('10.00') differ in the answer)."""
    return [tuple((value, type(value).__name__, str(value)) for value in row) for row in rows]


def unordered(rows) -> list:
    return sorted(typed(rows), key=repr)


@pytest.mark.parametrize("seed", range(4))
def test_one_round_trip_gives_the_rows_of_the_three_statements(store, seed):
    rng = random.Random(seed)
    group = CustomerGroup.objects.create(name="Random group")
    other = CustomerGroup.objects.create(name="Other group")
    catalog = random_catalog(rng, store, group)
    other_list = PriceList.objects.create(name="Other prices", customer_group=other)
    for product in catalog["products"][:6]:  # another group's tiers are never read for this group
        BulkPricingTier.objects.create(product=product, price_list=other_list, min_quantity=3, amount="1.50")
    product_ids = [p.pk for p in catalog["products"]]
    variant_ids = [v.pk for variants in catalog["variants"].values() for v in variants]
    option_ids = list(ProductOption.objects.values_list("pk", flat=True))

    for _ in range(12):
        chosen = rng.sample(product_ids, rng.randint(0, len(product_ids))) + rng.choice([[], [999_999]])
        arguments = {
            "product_ids": chosen,
            "variant_ids": rng.sample(variant_ids, rng.randint(0, len(variant_ids))) + rng.choice([[], [999_999]]),
            "whole_product_ids": rng.sample(chosen, rng.randint(0, len(chosen))),
            "customer_group_id": rng.choice([group.pk, other.pk, None]),
            "include_hidden": rng.random() < 0.5,
            "option_ids": rng.sample(option_ids, rng.randint(0, len(option_ids))) + rng.choice([[], [999_999]]),
        }
        products, tiers, options = engine_rows(**arguments)
        expected_products, expected_tiers, expected_options = three_statements(**arguments)
        assert unordered(products) == unordered(expected_products)  # the product rows in no set order
        assert typed(tiers) == typed(expected_tiers)
        assert unordered(options) == unordered(expected_options)


@pytest.mark.parametrize("with_options", [True, False])
def test_one_round_trip(store, django_assert_num_queries, with_options):
    group = CustomerGroup.objects.create(name="Random group")
    catalog = random_catalog(random.Random(7), store, group)
    option_ids = list(ProductOption.objects.values_list("pk", flat=True)) if with_options else []
    with django_assert_num_queries(1):
        products, tiers, options = engine_rows(
            product_ids=[p.pk for p in catalog["products"]], variant_ids=[], customer_group_id=group.pk,
            whole_product_ids=[p.pk for p in catalog["products"]], include_hidden=False, option_ids=option_ids,
        )  # fmt: skip
    assert products and tiers and bool(options) is with_options


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's prepared statements")
def test_the_statements_are_prepared_and_their_generic_plan_answers_alike(store):
    # A prepared statement may get one generic plan for all its runs, made without the ids. The engine's statements
    # are prepared like every other (the id arrays are semi-joins: pricing.catalog_rows._Reader.in_ids), and the plan
    # PostgreSQL makes without the ids gives the rows the plan made for them gives.
    group = CustomerGroup.objects.create(name="Random group")
    catalog = random_catalog(random.Random(3), store, group)
    product_ids = [p.pk for p in catalog["products"]]
    option_ids = list(ProductOption.objects.values_list("pk", flat=True))
    arguments = {
        "product_ids": product_ids, "variant_ids": [], "whole_product_ids": product_ids,
        "customer_group_id": group.pk, "include_hidden": False, "option_ids": option_ids,
    }  # fmt: skip
    with connection.cursor():
        threshold = connection.connection.prepare_threshold
    assert threshold is not None  # the test settings prepare statements, as production's do
    answers = {}
    for mode in ("force_custom_plan", "force_generic_plan"):
        with connection.cursor() as cursor:
            cursor.execute(f"SET LOCAL plan_cache_mode = {mode}")
        answers[mode] = [engine_rows(**arguments) for _ in range(threshold + 2)]
        with connection.cursor() as cursor:
            cursor.execute("SELECT statement FROM pg_prepared_statements WHERE statement LIKE 'SELECT 0, %'")
            assert len(cursor.fetchall()) == 1  # prepared: the generic plan, when forced, answered the last runs
    custom, generic = answers["force_custom_plan"][-1], answers["force_generic_plan"][-1]
    assert custom[0] and custom[1] and custom[2]
    assert unordered(generic[0]) == unordered(custom[0])
    assert typed(generic[1]) == typed(custom[1])
    assert unordered(generic[2]) == unordered(custom[2])
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL plan_cache_mode = auto")
