"""The server's CPU for one signed-in portal start-up (issue 21 "one round trip to start"), in-process.

    .venv/bin/python -m bench.loadkit.startup_cpu [--runs 40]

Sets up its own seeded PostgreSQL database and Redis cache as bench/loadkit/profile_issue21.py does
(bench.loadkit.store), signs the demo buyer in, then sends through Django's test client, --runs times each:
- "six requests": the six documents the overlay sent at start-up before issue 21 (StoreBasicInfo, StorefrontConfig,
  StorefrontConfigs, Currencies, TaxZoneRates, CustomerInfo; still the documents of lib/store and lib/user, read from
  the overlay's sources), one request each;
- "one request" (when the overlay has it): the overlay's PortalStartup document, the start-up's single request, with
  the store-wide part's cache cold (its generation bumped before each run) and warm.
For each it prints the median CPU of this process per start-up (all its requests), the SQL queries and the answer's
size. The figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
if sys.path[0] != str(REPO_ROOT):
    sys.path.insert(0, str(REPO_ROOT))

from bench.loadkit.documents import overlay_document  # noqa: E402
from bench.loadkit.mix import BUYER_EMAIL, CHANNEL_ID, DEMO_PASSWORD, LOGIN_DOCUMENT  # noqa: E402
from bench.loadkit.store import BenchStore  # noqa: E402

CLOCK = time.process_time
SIX = (
    ("StoreBasicInfo", "STORE_BASIC_INFO", False),
    ("StorefrontConfig", "STOREFRONT_CONFIG", False),
    ("StorefrontConfigs", "STOREFRONT_CONFIGS", True),
    ("Currencies", "CURRENCIES", True),
    ("TaxZoneRates", "TAX_ZONE_RATES", False),
    ("CustomerInfo", "CUSTOMER_INFO", False),
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    args = parser.parse_args()
    store = BenchStore(label="startupcpu")
    try:
        store.create(site_url="http://testserver")
        store.setup_django(site_url="http://testserver")
        from django.db import connection
        from django.test import Client

        from bench.loadkit.loadgen import graphql_request

        client = Client()

        def send(request) -> bytes:
            headers = {k: v for k, v in request.headers.items() if k.lower() == "authorization"}
            response = client.post(request.path, data=request.body, content_type="application/json", headers=headers)
            if response.status_code != 200 or b'"errors"' in response.content:
                raise RuntimeError(f"{request.label}: HTTP {response.status_code} {response.content[:300]!r}")
            return response.content

        login = graphql_request("login", LOGIN_DOCUMENT, {"email": BUYER_EMAIL, "password": DEMO_PASSWORD})
        token = json.loads(send(login))["data"]["login"]["result"]["token"]
        channel = {"channelId": CHANNEL_ID}
        six = [
            graphql_request(label, overlay_document(constant), channel if with_channel else None, token=token)
            for label, constant, with_channel in SIX
        ]
        variants = {"six requests": (six, None)}
        try:
            startup = overlay_document("PORTAL_STARTUP")
        except KeyError:
            print("(the overlay has no PORTAL_STARTUP document: only the six requests are measured)")
        else:
            from portal import startup_cache

            one = [
                graphql_request(
                    "PortalStartup", startup, {**channel, "withStore": True, "withCustomer": True}, token=token
                )
            ]
            variants["one request, store part cold"] = (one, startup_cache.store_data_changed)
            variants["one request, store part warm"] = (one, None)

        def count_queries(execute, sql, params, many, context):
            count_queries.n += 1
            return execute(sql, params, many, context)

        print(f"Signed-in start-up as {BUYER_EMAIL}, CPU of this process (median of {args.runs} start-ups):")
        for name, (requests, before_each) in variants.items():
            for request in requests:  # warm the process (imports, parsed documents)
                send(request)
            cpu, queries, size = [], [], 0
            for _ in range(args.runs):
                if before_each:
                    before_each()
                count_queries.n = 0
                started = CLOCK()
                with connection.execute_wrapper(count_queries):
                    size = sum(len(send(request)) for request in requests)
                cpu.append(CLOCK() - started)
                queries.append(count_queries.n)
            print(
                f"  {name:<30} {len(requests)} request(s)  CPU {statistics.median(cpu) * 1000:6.2f} ms  "
                f"SQL queries {statistics.median(queries):3.0f}  answer {size:,} B"
            )
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
