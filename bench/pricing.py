"""Price engine speed: one 500-item pricing call (issue 4), against a bare ORM fetch of the same 500 variants.

    .venv/bin/python bench/pricing.py [RUNS]

Builds its own temporary SQLite database (migrated, the demo store's currencies and tax zone, and a synthetic
catalog of 100 products × 5 variants = 500 variants, with a customer group's price list, store-wide and group
bulk tiers and a priced modifier per product), then times, as the median of RUNS (default 15) wall-clock runs:
- `pricing.calculation.price_items` for 500 items (a group, EUR, a modifier on each item, mixed quantities);
- a bare `list(ProductVariant.objects.filter(pk__in=...))` of the same 500 variants;
- the same 500 items through `priceProducts` on POST /graphql (JSON, GraphQL execution and serialisation).
The temporary directory is removed afterwards.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path, and this file is named like the package.
REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path[0] = str(REPO_ROOT)

PRODUCTS = 100
VARIANTS_PER_PRODUCT = 5


def configure(tmp: Path) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "portal.settings",
            "VAR_DIR": str(tmp),
            "MEDIA_ROOT": str(tmp / "media"),
            "DATABASE_URL": f"sqlite:///{tmp / 'bench.sqlite3'}",
            "SECRET_KEY": "bench-only-secret-key-0123456789abcdefghijklmnopqrstuvwxyz",
            "LOG_LEVEL": "WARNING",
            "DEBUG": "false",
        }
    )
    os.environ.pop("REDIS_URL", None)  # an in-process cache: the benchmark needs no service

    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)


def build_catalog():
    """The synthetic catalog; returns (customer group id, the 500 request items, their variant ids)."""
    from accounts.models import CustomerGroup
    from portal.demo import seed_store
    from portal.models import TaxClass
    from pricing.calculation import PriceRequestItem
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

    store = seed_store()
    classes = list(TaxClass.objects.filter(store=store))
    products = Product.objects.bulk_create(
        Product(name=f"Reagent {n:03d}", sku=f"BN-{n:03d}", slug=f"bench-{n}", base_price=Decimal("20") + n,
                tax_class=classes[n % len(classes)])
        for n in range(PRODUCTS)
    )  # fmt: skip
    variants = ProductVariant.objects.bulk_create(
        ProductVariant(product=p, sku=f"{p.sku}-{v}", price=(p.base_price * (v + 1)) if v else None)
        for p in products
        for v in range(VARIANTS_PER_PRODUCT)
    )
    options = ProductOption.objects.bulk_create(
        ProductOption(product=p, type=OptionType.DROPDOWN, display_name="Grade") for p in products
    )
    values = OptionValue.objects.bulk_create(
        OptionValue(option=o, label=label, price_adjuster=adjuster, price_adjustment=Decimal(amount))
        for o in options
        for label, adjuster, amount in (("Lab", "", "0"), ("ACS", "relative", "4.50"), ("HPLC", "percentage", "12"))
    )
    group = CustomerGroup.objects.create(name="Bench group")
    price_list = PriceList.objects.create(name="Bench prices", customer_group=group)
    PriceListRecord.objects.bulk_create(
        PriceListRecord(price_list=price_list, variant=v, price=Decimal("15") + i % 7)
        for i, v in enumerate(variants[::2])
    )
    BulkPricingTier.objects.bulk_create(
        [BulkPricingTier(product=p, min_quantity=10, max_quantity=49, discount_type="percent", amount=Decimal("5"))
         for p in products]
        + [BulkPricingTier(product=p, min_quantity=50, max_quantity=0, discount_type="price", amount=Decimal("2"))
           for p in products]
        + [BulkPricingTier(product=p, price_list=price_list, min_quantity=25, discount_type="fixed",
                           amount=Decimal("12")) for p in products[::3]]
    )  # fmt: skip
    value_of = {}
    for value in values:
        value_of.setdefault(value.option.product_id, []).append(value)
    items = [
        PriceRequestItem(
            product_id=v.product_id,
            variant_id=v.pk,
            quantity=1 + (i * 7) % 60,
            options=[(value_of[v.product_id][i % 3].option_id, value_of[v.product_id][i % 3].pk)],
        )
        for i, v in enumerate(variants)
    ]
    return group.pk, items, [v.pk for v in variants]


def median_seconds(runs: int, work) -> float:
    work()  # warm-up: connection, statement caches
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    tmp = Path(tempfile.mkdtemp(prefix="pricing-bench-"))
    try:
        configure(tmp)
        from django.db import connection
        from django.test import Client
        from django.test.utils import CaptureQueriesContext

        from pricing.calculation import price_items
        from pricing.models import ProductVariant

        group_id, items, variant_ids = build_catalog()

        def engine():
            return price_items(items=items, customer_group_id=group_id, currency_code="EUR")

        def bare():
            return list(ProductVariant.objects.filter(pk__in=variant_ids))

        with CaptureQueriesContext(connection) as captured:
            results = engine()
        queries = len(captured)  # read now: a request through the test client empties connection.queries
        assert len(results) == len(items) == 500

        engine_s = median_seconds(runs, engine)
        bare_s = median_seconds(runs, bare)

        client = Client()
        document = (
            'query($items: [PriceItemInput!]!) { priceProducts(currencyCode: "EUR", items: $items) { productId '
            "variantId quantity price { asEntered enteredInclusive taxExclusive taxInclusive } "
            "bulkPricing { minimum maximum discountType discountAmount } nextTier { additionalQuantity minimum } } }"
        )
        payload = json.dumps(
            {
                "query": document,
                "variables": {
                    "items": [
                        {"productId": i.product_id, "variantId": i.variant_id, "quantity": i.quantity,
                         "options": [{"optionId": o, "valueId": v} for o, v in i.options]}
                        for i in items
                    ]
                },
            }
        )  # fmt: skip

        def api():
            response = client.post("/graphql", data=payload, content_type="application/json")
            body = response.json()
            assert response.status_code == 200 and "errors" not in body, body

        api_s = median_seconds(max(3, runs // 3), api)

        rows = [
            ("catalog", f"{PRODUCTS} products × {VARIANTS_PER_PRODUCT} variants, group price list, tiers, modifiers"),
            ("database", f"SQLite {connection.Database.sqlite_version} (temporary file)"),
            ("queries per 500-item price_items call", f"{queries}"),
            (
                f"price_items, 500 items (median of {runs})",
                f"{engine_s * 1000:.1f} ms ({engine_s / 500 * 1e6:.0f} µs/item)",
            ),
            (f"bare ORM fetch of the 500 variants (median of {runs})", f"{bare_s * 1000:.1f} ms"),
            ("price_items / bare ORM fetch", f"{engine_s / bare_s:.1f}x"),
            (f"priceProducts over POST /graphql, 500 items (median of {max(3, runs // 3)})", f"{api_s * 1000:.1f} ms"),
        ]  # fmt: skip
        width = max(len(label) for label, _ in rows)
        for label, value in rows:
            print(f"{label:<{width}} : {value}")
    finally:
        try:
            from django.db import connections

            connections.close_all()
        except Exception:  # noqa: BLE001 (Django may not have been set up)
            pass
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
