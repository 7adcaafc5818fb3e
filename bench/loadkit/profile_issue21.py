"""Where the time of one API request goes (issue 21): in-process, Django's test client, the seeded PostgreSQL DB.

    .venv/bin/python -m bench.loadkit.profile_issue21 [--runs 40] [--top 20] [--dump DIR]

Sets up its own database as bench/load.py does (bench.loadkit.store: PostgreSQL, Redis cache, DEBUG off, migrate,
seed_demo, then bench/pricing.py's 500-variant catalog) and sends each request of the start-up mix
(bench/loadkit/mix.py), `customerInfo` among them, and `priceProducts` of 500 items through django.test.Client. For
each it prints:
- the median wall time of --runs requests, unprofiled, split by timers wrapped around the stages: the token → actor
  lookup (portal.auth.actor_for_token), GraphQL parse, validation (with the request limits' rules), execution (the
  resolvers and graphql-core's per-field completion; the price engine `price_items` reported apart), JSON encoding
  of the answer, and the rest (Django's request handling, middleware, the view); SQL queries and their time;
- under cProfile (which inflates code that makes many small calls, i.e. per-field work): the self time by layer
  (graphql-core, strawberry, strawberry_django, Django ORM, psycopg, the project's code, …) and the top functions.
It also times what the test client does not do but every gunicorn request does with CONN_MAX_AGE 0: opening a
database connection. The database, cache keys and files are removed at the end.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import statistics
import sys
import time
from collections import defaultdict
from contextlib import contextmanager
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if sys.path[0] != str(REPO_ROOT):
    sys.path.insert(0, str(REPO_ROOT))

from bench.loadkit.mix import (  # noqa: E402
    BUYER_EMAIL,
    DEMO_PASSWORD,
    LOGIN_DOCUMENT,
    PRICE_DOCUMENT,
    demo_price_items,
    price_items_variables,
    startup_mix,
)
from bench.loadkit.store import BenchStore, bench_buyer  # noqa: E402

# Stages and profiles are timed in this process's CPU time: the machine is shared, and a wall clock would count the
# time other processes held the CPU. SQL round trips are wall time (this process waits for PostgreSQL).
CLOCK = time.process_time
STAGES = (
    "actor",
    "parse",
    "validate",
    "text rule",
    "execute",
    "variables",
    "arguments",
    "price engine",
    "result objects",
    "encode JSON",
)


class Timers:
    """Wall time per stage within one request, from wrappers put around the stages' functions."""

    def __init__(self) -> None:
        self.totals: dict[str, float] = defaultdict(float)
        self.sql_count = 0
        self.sql_seconds = 0.0
        self.actor_sql_seconds = 0.0
        self.active: set[str] = set()

    def wrap(self, owner, name: str, stage: str):
        original = getattr(owner, name)

        def timed(*args, **kwargs):
            started = CLOCK()
            self.active.add(stage)
            try:
                return original(*args, **kwargs)
            finally:
                self.active.discard(stage)
                self.totals[stage] += CLOCK() - started

        setattr(owner, name, timed)
        return lambda: setattr(owner, name, original)

    def sql(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.sql_count += 1
            self.sql_seconds += time.perf_counter() - started
            if "actor" in self.active:
                self.actor_sql_seconds += time.perf_counter() - started

    def reset(self) -> None:
        self.totals.clear()
        self.sql_count = 0
        self.sql_seconds = 0.0
        self.actor_sql_seconds = 0.0


@contextmanager
def stage_timers(timers: Timers):
    import graphql.execution.executor as graphql_executor
    import strawberry.schema.schema as strawberry_schema
    import strawberry.schema.schema_converter as strawberry_converter
    from django.db import connection

    import portal.graphql.context as graphql_context
    import portal.graphql.limits as graphql_limits
    from portal.graphql.view import PortalGraphQLView
    from pricing import calculation

    restores = [
        timers.wrap(graphql_context, "actor_for_token", "actor"),
        timers.wrap(strawberry_schema, "parse", "parse"),
        timers.wrap(strawberry_schema, "validate_document", "validate"),
        timers.wrap(graphql_limits, "unstorable_variable_paths", "text rule"),
        timers.wrap(strawberry_schema, "execute", "execute"),
        timers.wrap(graphql_executor, "get_variable_values", "variables"),
        timers.wrap(strawberry_converter, "convert_arguments", "arguments"),
        timers.wrap(calculation, "price_items", "price engine"),
        timers.wrap(PortalGraphQLView, "encode_json", "encode JSON"),
    ]
    try:
        with connection.execute_wrapper(timers.sql):
            yield
    finally:
        for restore in reversed(restores):
            restore()


def send(client, request):
    if request.method == "GET":
        response = client.get(request.path)
    else:
        headers = {k: v for k, v in request.headers.items() if k.lower() == "authorization"}
        response = client.post(request.path, data=request.body, content_type="application/json", headers=headers)
    body = response.content
    if response.status_code != 200 or (request.graphql and b'"errors"' in body):
        raise RuntimeError(f"{request.label}: HTTP {response.status_code} {body[:300]!r}")
    return body


def measure(client, request, runs: int) -> dict:
    """Median wall time and the stages' medians over `runs` requests (unprofiled apart from the stage timers)."""
    for _ in range(3):
        send(client, request)
    wall, cpu = [], []
    for _ in range(runs):
        started, started_cpu = time.perf_counter(), CLOCK()
        send(client, request)
        wall.append(time.perf_counter() - started)
        cpu.append(CLOCK() - started_cpu)
    timers = Timers()
    rows: list[dict] = []
    with stage_timers(timers):
        for _ in range(runs):
            timers.reset()
            started = CLOCK()
            send(client, request)
            total = CLOCK() - started
            rows.append(
                {
                    "total": total,
                    **dict(timers.totals),
                    "sql": timers.sql_seconds,
                    "actor sql": timers.actor_sql_seconds,
                    "queries": timers.sql_count,
                }
            )
    keys = ("total", *STAGES, "sql", "actor sql")
    stage = {key: statistics.median(row.get(key, 0.0) for row in rows) for key in keys}
    stage["queries"] = statistics.median(row["queries"] for row in rows)
    stage["wall"] = statistics.median(wall)
    stage["cpu"] = statistics.median(cpu)
    stage["size"] = len(send(client, request))
    return stage


LAYERS = (
    ("graphql-core", "/site-packages/graphql/"),
    ("strawberry_django", "/site-packages/strawberry_django/"),
    ("strawberry", "/site-packages/strawberry/"),
    ("Django ORM", "/site-packages/django/db/"),
    ("Django (other)", "/site-packages/django/"),
    ("psycopg", "/site-packages/psycopg"),
    ("redis client", "/site-packages/redis/"),
    ("project code", str(REPO_ROOT)),
    ("Python stdlib/builtins", ""),
)


def layer_of(filename: str) -> str:
    for name, marker in LAYERS:
        if marker and marker in filename:
            return name
    return "Python stdlib/builtins"


def profile(name: str, work, count: int, top: int, dump: Path | None) -> None:
    """cProfile of `work()` (which sends `count` requests in all); figures per request."""
    work()  # warm
    profiler = cProfile.Profile()  # wall clock: its own overhead inflates CPU-timed profiles far more
    profiler.enable()
    started = time.perf_counter()
    work()
    elapsed = time.perf_counter() - started
    profiler.disable()
    runs = count
    stats = pstats.Stats(profiler)
    if dump:
        stats.dump_stats(dump / f"{name}.prof")
    by_layer: dict[str, float] = defaultdict(float)
    calls = 0
    for (filename, _line, _name), (_cc, nc, tt, _ct, _callers) in stats.stats.items():
        by_layer[layer_of(filename)] += tt
        calls += nc
    total = sum(by_layer.values())
    print(
        f"  cProfile (wall clock): {elapsed / runs * 1000:.1f} ms/request profiled, {calls / runs:,.0f} function "
        "calls/request; self time by layer:"
    )
    for name, seconds in sorted(by_layer.items(), key=lambda item: -item[1]):
        print(f"    {name:<24} {seconds / runs * 1000:7.2f} ms  {seconds / total * 100:5.1f}%")
    print(f"  top {top} functions by self time (ms/request, calls/request):")
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[:top]
    for (filename, line, name), (_cc, nc, tt, ct, _callers) in rows:
        where = filename.split("site-packages/")[-1].replace(str(REPO_ROOT) + "/", "")
        print(f"    {tt / runs * 1000:7.2f} self {ct / runs * 1000:7.2f} cum {nc / runs:8.0f}×  {name}  {where}:{line}")
    print(f"  top {top} project functions by cumulative time (resolvers, selectors, services; ms/request):")
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][3])
    shown = 0
    for (filename, line, name), (_cc, nc, _tt, ct, _callers) in rows:
        if not filename.startswith(str(REPO_ROOT)) or "/bench/" in filename or "/.venv/" in filename:
            continue
        where = filename.replace(str(REPO_ROOT) + "/", "")
        print(f"    {ct / runs * 1000:7.2f} cum {nc / runs:8.1f}×  {name}  {where}:{line}")
        shown += 1
        if shown == top:
            break


def connection_cost(runs: int = 30) -> tuple[float, float]:
    """Median wall and CPU time to open a database connection, as each gunicorn request does with CONN_MAX_AGE 0
    (PostgreSQL's CPU for the new backend not included)."""
    from django.db import connection

    wall, cpu = [], []
    for _ in range(runs):
        connection.close()
        started, started_cpu = time.perf_counter(), CLOCK()
        connection.ensure_connection()
        wall.append(time.perf_counter() - started)
        cpu.append(CLOCK() - started_cpu)
    return statistics.median(wall), statistics.median(cpu)


def print_stages(label: str, stage: dict) -> None:
    inside = ("actor", "variables", "arguments", "price engine", "result objects")
    execute_rest = stage["execute"] - sum(stage[key] for key in inside)
    rest = stage["total"] - stage["parse"] - stage["validate"] - stage["execute"] - stage["encode JSON"]
    parts = [
        ("actor: token → user → membership → company", stage["actor"]),
        ("parse", stage["parse"]),
        ("validate (request limits' rules included)", stage["validate"]),
        ("  of which the variables' text check", stage["text rule"]),
        ("execute: variables coercion (graphql-core)", stage["variables"]),
        ("execute: arguments → inputs (strawberry)", stage["arguments"]),
        ("execute: price engine (price_items)", stage["price engine"]),
        ("execute: result objects (_priced)", stage["result objects"]),
        ("execute: other resolvers, per-field work", execute_rest),
        ("encode JSON", stage["encode JSON"]),
        ("Django request/response, middleware, view", rest),
    ]
    print(
        f"{label}: {stage['wall'] * 1000:.2f} ms wall, {stage['cpu'] * 1000:.2f} ms CPU (medians, unprofiled; "
        f"{stage['total'] * 1000:.2f} ms CPU with the stage timers); {stage['queries']:.0f} SQL queries, "
        f"{stage['sql'] * 1000:.2f} ms wall in SQL round trips (the actor's {stage['actor sql'] * 1000:.2f} ms); "
        f"answer {stage['size']:,.0f} B; CPU by stage:"
    )
    for name, seconds in parts:
        if seconds > 0.00001:
            print(f"    {name:<46} {seconds * 1000:7.2f} ms  {seconds / stage['total'] * 100:5.1f}%")


# --- experiments: what a change would save, measured in-process without changing the product --------------------


def cpu_median(work, runs: int) -> float:
    work()
    timings = []
    for _ in range(runs):
        started = CLOCK()
        work()
        timings.append(CLOCK() - started)
    return statistics.median(timings)


def actor_detail(token: str, runs: int) -> None:
    """The token → actor lookup in pieces: its two queries (token with user, membership, company, custom role; the
    role's permissions), each with the ORM's SQL compilation."""
    from accounts.models import B2BToken
    from accounts.selectors import actor_for_token, membership_of, role_permissions, token_hash

    token_row = B2BToken.objects.select_related("user").get(key_hash=token_hash(token))
    membership = membership_of(token_row.user)

    def token_query():
        return (
            B2BToken.objects.select_related("user", "user__membership__company", "user__membership__custom_role")
            .filter(key_hash=token_hash(token), revoked_at__isnull=True, user__is_active=True)
            .first()
        )

    whole = cpu_median(lambda: actor_for_token(token), runs)
    query = cpu_median(token_query, runs)
    permissions = cpu_median(lambda: role_permissions(membership), runs)
    print(
        f"actor_for_token: {whole * 1000:.2f} ms CPU; its token query {query * 1000:.2f} ms, the role's permissions "
        f"query {permissions * 1000:.2f} ms (CPU in this process: ORM compile, psycopg, model instances)"
    )


def schema_variants(requests: list, runs: int) -> None:
    """schema.execute_sync of the same documents on the schema as configured and on copies without one extension."""
    from django.test import RequestFactory
    from strawberry.extensions import MaxTokensLimiter
    from strawberry_django.optimizer import DjangoOptimizerExtension

    from portal.graphql.context import PortalContext
    from portal.graphql.limits import RequestLimits
    from portal.schema import Mutation, PortalSchema, Query, schema

    factory = RequestFactory()

    def named(extension) -> str:
        if isinstance(extension, type):
            return extension.__name__
        return type(extension()).__name__ if callable(extension) else type(extension).__name__

    configured = list(schema.extensions)

    def copy(extensions):  # the configured schema with other extensions
        return PortalSchema(query=Query, mutation=Mutation, extensions=extensions)

    variants = [("as configured", schema)]
    for left_out in (DjangoOptimizerExtension, RequestLimits, MaxTokensLimiter):
        kept = [e for e in configured if named(e) != left_out.__name__]
        variants.append((f"without {left_out.__name__}", copy(kept)))
    variants.append(("without any extension", copy([])))

    def runner(variant, request):
        body = json.loads(request.body)
        headers = {k: v for k, v in request.headers.items() if k.lower() == "authorization"}

        def run():
            http = factory.post("/graphql", data=request.body, content_type="application/json", headers=headers)
            context = PortalContext(request=http, response=None)
            result = variant.execute_sync(body["query"], variable_values=body["variables"], context_value=context)
            if result.errors:
                raise RuntimeError(f"{request.label}: {result.errors}")

        return run

    print("schema.execute_sync, CPU ms (median):  " + "  ".join(f"{name:>24}" for name, _ in variants))
    for request in requests:
        few = runs if len(request.body) < 10_000 else max(5, runs // 4)
        cells = [cpu_median(runner(variant, request), few) * 1000 for _, variant in variants]
        print(f"  {request.label:<34} " + "  ".join(f"{cell:24.2f}" for cell in cells))


def plain_price_answer(items, group_id: int, runs: int) -> None:
    """The floor of a plain-data answer for 500 items: the engine, then the selected fields as dicts and json.dumps
    (what the per-field GraphQL work, input conversion and result objects would shrink towards)."""
    from pricing.calculation import price_items

    def as_dict(price):
        return {
            "asEntered": str(price.as_entered),
            "enteredInclusive": price.entered_inclusive,
            "taxExclusive": str(price.tax_exclusive),
            "taxInclusive": str(price.tax_inclusive),
        }

    def answer():
        results = price_items(items=items, customer_group_id=group_id, currency_code="EUR")
        return json.dumps(
            {
                "data": {
                    "priceProducts": [
                        {
                            "productId": r.product_id,
                            "variantId": r.variant_id,
                            "quantity": r.quantity,
                            "price": None if r.price_on_request else as_dict(r.calculated_price),
                            "bulkPricing": [
                                {"minimum": t.minimum, "maximum": t.maximum, "discountType": t.discount_type,
                                 "discountAmount": str(t.discount_amount)}
                                for t in r.bulk_pricing
                            ],
                            "nextTier": {"additionalQuantity": r.next_tier.additional_quantity,
                                         "minimum": r.next_tier.minimum} if r.next_tier else None,
                        }
                        for r in results
                    ]
                }
            }
        )  # fmt: skip

    engine = cpu_median(lambda: price_items(items=items, customer_group_id=group_id, currency_code="EUR"), runs)
    whole = cpu_median(answer, runs)
    print(
        f"priceProducts ×500 as plain data: engine {engine * 1000:.2f} ms CPU, engine + dicts + json.dumps "
        f"{whole * 1000:.2f} ms CPU"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--top", type=int, default=20)
    parser.add_argument("--dump", type=Path, default=None, help="write each profile's .prof file here")
    args = parser.parse_args()
    if args.dump:
        args.dump.mkdir(parents=True, exist_ok=True)
    store = BenchStore(label="profile")
    try:
        store.create(site_url="http://testserver")
        store.setup_django(site_url="http://testserver")
        from django.test import Client

        from bench import pricing as pricing_bench
        from bench.loadkit.loadgen import Request, graphql_request

        client = Client()

        def token_of(email: str, password: str) -> str:
            body = send(client, graphql_request("login", LOGIN_DOCUMENT, {"email": email, "password": password}))
            return json.loads(body)["data"]["login"]["result"]["token"]

        token = token_of(BUYER_EMAIL, DEMO_PASSWORD)
        mix = startup_mix(token, demo_price_items(20))
        group_id, items, _variant_ids = pricing_bench.build_catalog()
        email, password = bench_buyer(customer_group_id=group_id)
        large_token = token_of(email, password)
        large = graphql_request("priceProducts ×500", PRICE_DOCUMENT, price_items_variables(items), large_token)
        customer_info = next(r for r in mix if r.label == "PortalStartup")  # the signed-in start-up (issue 21)
        search = next(r for r in mix if r.label.startswith("productsSearch"))
        bare = Request("bare view", "GET", "/bench/ping")

        opening, opening_cpu = connection_cost()
        print(
            f"Opening a database connection (each gunicorn request, CONN_MAX_AGE 0): {opening * 1000:.2f} ms wall, "
            f"{opening_cpu * 1000:.2f} ms CPU in this process"
        )
        print()
        print("== Stages, unprofiled (median of", args.runs, "requests each) ==")
        print_stages("bare view", measure(client, bare, args.runs))
        totals = []
        for request in mix:
            stage = measure(client, request, args.runs)
            totals.append(stage)
            print_stages(request.label, stage)
        mean = {key: statistics.fmean(s[key] for s in totals) for key in totals[0]}
        print_stages(f"start-up mix, mean of its {len(mix)} requests", mean)
        print_stages("priceProducts ×500", measure(client, large, max(5, args.runs // 4)))
        print()
        print("== Experiments (in-process; nothing in the product changed) ==")
        actor_detail(token, args.runs * 5)
        plain_price_answer(items, group_id, max(5, args.runs // 4))
        schema_variants([customer_info, *[r for r in mix if r is not customer_info], large], args.runs)
        print()
        print("== cProfile ==")
        few = max(5, args.runs // 4)
        runs = args.runs

        def engine():
            from pricing.calculation import price_items

            return price_items(items=items, customer_group_id=group_id, currency_code="EUR")

        for name, label, work, count in (
            ("startup", "PortalStartup", lambda: [send(client, customer_info) for _ in range(runs)], runs),
            ("search", "productsSearch (guest)", lambda: [send(client, search) for _ in range(runs)], runs),
            (
                "mix",
                f"start-up mix ({len(mix)} requests)",
                lambda: [send(client, r) for _ in range(few) for r in mix],
                len(mix) * few,
            ),
            ("price500", "priceProducts ×500", lambda: [send(client, large) for _ in range(few)], few),
            ("engine500", "the engine alone: price_items ×500", lambda: [engine() for _ in range(few)], few),
        ):
            print(f"{label}:")
            profile(name, work, count, args.top, args.dump)
            print()
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
