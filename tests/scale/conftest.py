"""A mid-size store on PostgreSQL (issue 38, Done when 2): the demo store grown by seed_scale's parameters, in a
database of its own, with the data's statistics (VACUUM ANALYZE), for the plan and query-count tests of this folder.

`scale_store` (module scope) copies this worker's test database (migrated, empty) into `<test db>_scale`, points the
default connection at it, seeds the demo catalog and accounts, grows them a little (SMALL_SIZE), records each
operation's query count there, grows it again (GROWTH_SIZE, as `seed_scale --again` does), and gives it to the
module's tests; at the end the connection goes back to the test database and the copy is dropped. A database of
its own, not a transaction rolled back: VACUUM cannot run in a transaction, and without it the planner sees neither
the statistics nor the visibility map a live store has. On SQLite the tests are skipped: the plans are PostgreSQL's.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass

import pytest
from django.db import connection, connections
from django.test import Client
from django.test.utils import CaptureQueriesContext

from bench.loadkit.mix import BUYER_EMAIL, DEMO_PASSWORD, LOGIN_DOCUMENT
from bench.loadkit.scale_ops import Operation, Samples, load_mix, operations, read_samples
from storefront.demo_scale import ScaleSize, seed_scale

# Mid-size, in two steps: a small store on which each operation's query count is recorded (its list pages full:
# Acme Labs gets more shopping lists than a page of 50), then grown to a tenth of issue 38's orders and catalog
# (~20,000 orders with ~60,000 lines, ~5,200 products): large enough that a query over a customer's whole history or
# the whole catalog is planned as one. 30-60 s to build.
SMALL_SIZE = dataclasses.replace(ScaleSize.of(0.01), acme_shopping_lists=60, shopping_lists=80)
GROWTH_SIZE = dataclasses.replace(ScaleSize.of(0.09), acme_shopping_lists=140, shopping_lists=200)
SIZES = (SMALL_SIZE, GROWTH_SIZE)


@dataclass
class ScaleStore:
    samples: Samples
    small_samples: Samples  # the variables' samples the small store gave (its PO number and order are still there)
    small_query_counts: dict[str, int]  # each operation's queries on the small store, with the small samples

    def operations(self, *, small: bool = False) -> list[Operation]:
        return operations(self.small_samples if small else self.samples) + load_mix()[2:]  # + the invoices list


def graphql(client: Client, operation: Operation, token: str) -> dict:
    response = client.post(
        "/graphql",
        data=json.dumps({"query": operation.document(), "variables": operation.variables}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token}",
    )
    body = response.json()
    assert "errors" not in body, (operation.label, body["errors"])
    return body


def sign_in(client: Client) -> str:
    response = client.post(
        "/graphql",
        data=json.dumps({"query": LOGIN_DOCUMENT, "variables": {"email": BUYER_EMAIL, "password": DEMO_PASSWORD}}),
        content_type="application/json",
    )
    return response.json()["data"]["login"]["result"]["token"]


def query_count(client: Client, operation: Operation, token: str) -> int:
    """The operation's queries, its second time (the first fills the caches a running server keeps)."""
    graphql(client, operation, token)
    with CaptureQueriesContext(connection) as queries:
        graphql(client, operation, token)
    return len(queries.captured_queries)


def seed_demo_catalog_and_accounts() -> None:
    """What seed_scale grows from: seed_demo without its orders and invoices (their certificate and safety data sheet
    PDFs took most of its time: ~15 s); seed_scale makes the orders and invoices."""
    from accounts.demo import seed_accounts
    from portal.demo import seed_store
    from pricing.demo import seed_catalog
    from pricing.demo_translations import seed_option_translations
    from quotes.demo import seed_quotes
    from shoppinglists.demo import seed_shopping_lists

    seed_store()
    seed_accounts()
    seed_catalog()
    seed_option_translations()
    seed_quotes()
    seed_shopping_lists()


def _admin_connection():
    import psycopg

    settings = connection.settings_dict
    return psycopg.connect(
        host=settings["HOST"] or "127.0.0.1", port=settings["PORT"] or 5432, user=settings["USER"],
        password=settings["PASSWORD"], dbname="postgres", autocommit=True,
    )  # fmt: skip


@pytest.fixture(scope="module")
def scale_store(django_db_setup, django_db_blocker):
    if connection.vendor != "postgresql":
        pytest.skip("issue 38's plans are PostgreSQL's (DATABASE_URL=postgres://…)")
    test_name = connection.settings_dict["NAME"]
    scale_name = f"{test_name}_scale"[:63]
    with django_db_blocker.unblock():
        connections.close_all()
        with _admin_connection() as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{scale_name}" WITH (FORCE)')
            admin.execute(f'CREATE DATABASE "{scale_name}" TEMPLATE "{test_name}"')
        connection.settings_dict["NAME"] = scale_name
        try:
            seed_demo_catalog_and_accounts()
            seed_scale(size=SMALL_SIZE, analyze=False)
            client = Client()
            token = sign_in(client)
            small_samples = read_samples(connection, buyer_email=BUYER_EMAIL)
            small = {op.label: query_count(client, op, token) for op in operations(small_samples) + load_mix()[2:]}
            seed_scale(size=GROWTH_SIZE, seed=39, analyze=True)
            yield ScaleStore(
                samples=read_samples(connection, buyer_email=BUYER_EMAIL),
                small_samples=small_samples,
                small_query_counts=small,
            )
        finally:
            connections.close_all()
            connection.settings_dict["NAME"] = test_name
            with _admin_connection() as admin:
                admin.execute(f'DROP DATABASE IF EXISTS "{scale_name}" WITH (FORCE)')
