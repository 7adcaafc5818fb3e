"""Price engine speed: one 500-item pricing call (issue 4), against a bare ORM fetch of the same 500 variants.

    .venv/bin/python bench/pricing.py [RUNS] [--database-url postgres://postgres@127.0.0.1:5432]

Builds its own temporary SQLite database (or, with --database-url, a PostgreSQL database of its own on that server,
named bench_pricing_PID, dropped at the end; migrated, the demo store's currencies and tax zone, and a synthetic
catalog of 100 products × 5 variants = 500 variants, with a customer group's price list, store-wide and group
bulk tiers and a priced modifier per product), then times, as the median of RUNS (default 15) runs, wall clock and
this process's CPU time (the database server's CPU not included; steadier than the wall clock on a shared machine),
the first two in turn (one run of each, RUNS times) so that both meet the same load on a shared machine:
- `pricing.calculation.price_items` for 500 items (a group, EUR, a modifier on each item, mixed quantities; the store
  pricing comes from the cache after the first call, here the in-process one, Redis in production);
- a bare `list(ProductVariant.objects.filter(pk__in=...))` of the same 500 variants;
- the same 500 items through `priceProducts` on POST /graphql (JSON, GraphQL execution and serialisation);
- graphql-core's executor alone making that answer from plain dicts (`graphql_core_floor`): the least any answer on
  graphql-core's public API takes, beside the engine (issue 37).
The temporary directory is removed afterwards.
"""

from __future__ import annotations

import argparse
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


def configure(tmp: Path, database_url: str | None = None) -> None:
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "portal.settings",
            "VAR_DIR": str(tmp),
            "MEDIA_ROOT": str(tmp / "media"),
            "DATABASE_URL": database_url or f"sqlite:///{tmp / 'bench.sqlite3'}",
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
    return median_wall_and_cpu(runs, work)[0]


def median_wall_and_cpu(runs: int, work) -> tuple[float, float]:
    """Medians of the wall clock and of this process's CPU time (seconds) of `runs` calls, after a warm-up."""
    return interleaved_medians(runs, work)[0]


def interleaved_medians(runs: int, *works) -> list[tuple[float, float]]:
    """`median_wall_and_cpu` of each of `works`, their runs taken in turn (one of each, `runs` times): on a shared
    machine, work measured one after the other meets different loads, and a ratio of the two moved by more than the
    change it was to show."""
    for work in works:
        work()  # warm-up: connection, statement caches
    walls: list[list[float]] = [[] for _ in works]
    cpus: list[list[float]] = [[] for _ in works]
    for _ in range(runs):
        for work, wall, cpu in zip(works, walls, cpus, strict=True):
            start, start_cpu = time.perf_counter(), time.process_time()
            work()
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
    return [(statistics.median(wall), statistics.median(cpu)) for wall, cpu in zip(walls, cpus, strict=True)]


class PostgresDatabase:
    """--database-url: a database of this run's own on that PostgreSQL server, dropped at the end."""

    def __init__(self, server_url: str) -> None:
        from urllib.parse import urlsplit

        self.parts = urlsplit(server_url.rstrip("/"))
        self.name = f"bench_pricing_{os.getpid()}"
        self.created = False

    @property
    def url(self) -> str:
        return f"{self.parts.scheme}://{self.parts.netloc}/{self.name}"

    def _admin(self):
        import psycopg

        return psycopg.connect(
            host=self.parts.hostname or "127.0.0.1", port=self.parts.port or 5432,
            user=self.parts.username or "postgres", password=self.parts.password, dbname="postgres",
            autocommit=True, connect_timeout=5,
        )  # fmt: skip

    def create(self) -> None:
        with self._admin() as connection:
            connection.execute(f'CREATE DATABASE "{self.name}"')
        self.created = True

    def drop(self) -> None:
        if self.created:
            with self._admin() as connection:
                connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def main() -> None:
    parser = argparse.ArgumentParser(description="Price engine speed: 500 items against a bare ORM fetch.")
    parser.add_argument("runs", nargs="?", type=int, default=15, help="runs per figure (median; default 15)")
    parser.add_argument(
        "--database-url",
        default=None,
        help="a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432: the bench makes a database of its own "
        "there (default: a temporary SQLite file)",
    )
    args = parser.parse_args()
    runs = args.runs
    tmp = Path(tempfile.mkdtemp(prefix="pricing-bench-"))
    postgres = PostgresDatabase(args.database_url) if args.database_url else None
    try:
        if postgres is not None:
            postgres.create()
        configure(tmp, postgres.url if postgres is not None else None)
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
        with CaptureQueriesContext(connection) as captured:
            engine()
        queries_again = len(captured)  # what the engine caches (the store pricing) no longer reads
        assert len(results) == len(items) == 500

        (engine_s, engine_cpu), (bare_s, bare_cpu) = interleaved_medians(runs, engine, bare)

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
        floor_s, engine_again_s = graphql_core_floor(client, payload, document, runs, engine)

        rows = [
            ("catalog", f"{PRODUCTS} products × {VARIANTS_PER_PRODUCT} variants, group price list, tiers, modifiers"),
            ("database", database_label(connection)),
            ("queries per 500-item price_items call", f"{queries} (the first call), {queries_again} (later ones)"),
            (
                f"price_items, 500 items (median of {runs})",
                f"{engine_s * 1000:.1f} ms ({engine_s / 500 * 1e6:.0f} µs/item)",
            ),
            (f"bare ORM fetch of the 500 variants (median of {runs})", f"{bare_s * 1000:.1f} ms"),
            ("price_items / bare ORM fetch", f"{engine_s / bare_s:.1f}x"),
            ("  the same by this process's CPU time", f"{engine_cpu * 1000:.1f} ms / {bare_cpu * 1000:.1f} ms = "
             f"{engine_cpu / bare_cpu:.1f}x"),
            (f"priceProducts over POST /graphql, 500 items (median of {max(3, runs // 3)})", f"{api_s * 1000:.1f} ms"),
            (f"graphql-core's executor alone on the same answer (median of {runs})", f"{floor_s * 1000:.1f} ms"),
            ("  floor of any answer on graphql-core: (engine + that) / engine",
             f"{(engine_again_s + floor_s) / engine_again_s:.1f}x (issue 37 asked HTTP <= 2.5x the engine)"),
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
        if postgres is not None:
            postgres.drop()
        shutil.rmtree(tmp, ignore_errors=True)


def graphql_core_floor(client, payload: str, document: str, runs: int, engine) -> tuple[float, float]:
    """The least time any implementation on graphql-core's public executor can take to answer the 500 items, beside
    the engine's (medians, interleaved; issue 37): `graphql.execute` over a schema built from the portal's SDL, its
    root field returning the answer already made, as plain dicts that graphql-core's default resolver reads: no
    strawberry, no Django, no database, only graphql-core coercing the 500 input items and completing each selected
    field of the answer (its completion methods are not public API, so no public path skips them)."""
    from graphql import build_schema, execute, parse

    from portal.schema import schema

    answer = client.post("/graphql", data=payload, content_type="application/json").json()["data"]["priceProducts"]
    variables = json.loads(payload)["variables"]
    bare_schema, parsed = build_schema(schema.as_str()), parse(document)
    root = {"priceProducts": lambda _info, **_arguments: answer}

    def floor():
        result = execute(bare_schema, parsed, root_value=root, variable_values=variables)
        assert not result.errors and result.data == {"priceProducts": answer}, result.errors

    (floor_s, _), (engine_s, _) = interleaved_medians(runs, floor, engine)
    return floor_s, engine_s


def database_label(connection) -> str:
    if connection.vendor == "sqlite":
        return f"SQLite {connection.Database.sqlite_version} (temporary file)"
    return (
        f"PostgreSQL {connection.pg_version // 10000} (database {connection.settings_dict['NAME']}, dropped at the end)"
    )


if __name__ == "__main__":
    main()
