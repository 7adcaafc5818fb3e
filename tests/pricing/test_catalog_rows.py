"""pricing.catalog_rows.engine_rows (issue 21: the engine's products, their tiers and the options in one round trip)
reads a random catalog (hidden products, variant-less products, group records, store-wide and group tiers, options
of every type with and without values) in one query, prepared, its generic plan answering as the custom one. What
the engine makes of the rows is checked by the price tests (test_calculation.py, test_graphql_price_products.py)
and the golden answers of priceProducts (tests/test_golden_answers.py)."""

import random
from decimal import Decimal

import pytest
from django.db import connection

from accounts.models import CustomerGroup
from portal.models import TaxClass
from pricing.catalog_rows import engine_rows
from pricing.models import (
    BulkPricingTier,
    OptionType,
    OptionValue,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.options import QUANTITY_MAX

pytestmark = pytest.mark.django_db

D = Decimal


def money(rng: random.Random, high: int = 200) -> Decimal:
    if rng.random() < 0.3:
        return D(rng.randint(0, high * 10_000)) / 10_000  # four places
    return D(f"{rng.randint(0, high)}.{rng.randint(0, 99):02d}")


def random_catalog(rng: random.Random, store, group: CustomerGroup) -> dict:
    classes = [*TaxClass.objects.filter(store=store), None]
    price_list = PriceList.objects.create(name="Random prices", customer_group=group)
    catalog = {"products": [], "variants": {}, "options": {}, "values": {}}
    for n in range(24):
        product = Product.objects.create(
            name=f"Random {n}", sku=f"RND-{n:03d}", slug=f"random-{n}", base_price=money(rng),
            tax_class=rng.choice(classes), is_visible=rng.random() > 0.15,
            availability=rng.choice(["available", "available", "available", "preorder", "disabled"]),
        )  # fmt: skip
        catalog["products"].append(product)
        variants = [
            ProductVariant.objects.create(
                product=product, sku=f"RND-{n:03d}-{v}", price=money(rng) if rng.random() < 0.6 else None
            )
            for v in range(rng.choice([0, 1, 1, 2, 4]))
        ]
        catalog["variants"][product.pk] = variants
        for variant in variants:
            if rng.random() < 0.4:
                PriceListRecord.objects.create(price_list=price_list, variant=variant, price=money(rng))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            low = rng.choice([1, 2, 5, 10, 10, 25, 50, 100, QUANTITY_MAX, QUANTITY_MAX + 1])
            high = rng.choice([0, 0, 0, low, low + 9, low * 3, max(low - 1, 1)])
            kind = rng.choice(["fixed", "percent", "price"])
            amount = D(rng.choice(["5", "10", "12.5", "33.3333", "100", "150"])) if kind == "percent" else money(rng)
            BulkPricingTier.objects.create(
                product=product, price_list=price_list if rng.random() < 0.3 else None, min_quantity=low,
                max_quantity=high, discount_type=kind, amount=amount,
            )  # fmt: skip
        options = []
        for _ in range(rng.choice([0, 1, 1, 2])):
            kind = rng.choice([OptionType.DROPDOWN, OptionType.RADIO_BUTTONS, OptionType.CHECKBOX, OptionType.TEXT])
            option = ProductOption.objects.create(
                product=product, type=kind, display_name=f"Option of {n}", is_variant_option=rng.random() < 0.2,
                checkbox_price_adjuster=rng.choice(["", "relative", "percentage"]),
                checkbox_price_adjustment=money(rng, 20),
            )  # fmt: skip
            values = [
                OptionValue.objects.create(
                    option=option,
                    label=f"Value {v}",
                    price_adjuster=rng.choice(["", "relative", "percentage"]),
                    price_adjustment=money(rng, 30) * rng.choice([1, 1, -1]),
                    value_data=rng.choice(
                        [{}, {"checked_value": True}, {"checked_value": False}, {"checked_value": 0}]
                    ),
                )  # fmt: skip
                for v in range(rng.choice([0, 1, 2, 3]))
            ]
            options.append(option)
            catalog["values"][option.pk] = values
        catalog["options"][product.pk] = options
    return catalog


def typed(rows) -> list:
    """The rows with each value's type beside it (Decimal('10.0') and Decimal('10.00') differ in the answer)."""
    return [tuple((value, type(value).__name__, str(value)) for value in row) for row in rows]


def unordered(rows) -> list:
    return sorted(typed(rows), key=repr)


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
