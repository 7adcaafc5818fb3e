"""Issue 38, Done when 2: on a mid-size store (tests/scale/conftest.py), no operation the overlay sends plans a
sequential scan over the orders, order lines or products tables, and no list's query count grows with the data.

Each operation is sent as the overlay sends it (bench/loadkit/scale_ops.py: its document from frontend/src, the first
page's variables) by the demo buyer admin@acme.test, whose company holds three quarters of the orders. Its statements
are recorded and each is EXPLAINed with the data's statistics. Where today's code fails, the test is marked xfail
(strict: it fails once the fix lands, and the fixer removes the mark), with the helper of issue 38 who fixes it.
"""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from accounts.models import Company
from bench.loadkit.mix import BUYER_EMAIL
from pricing.models import Product
from pricing.selectors import product_search_text_build
from tests.scale.conftest import SIZES, graphql, query_count, sign_in
from tests.scale.plans import plans_with_sequential_scans, statements_of

pytestmark = [pytest.mark.django_db]


def _fixed_by(helper: str, what: str):
    return pytest.mark.xfail(strict=True, reason=f"issue 38: {what} ({helper} fixes it)")


# Operation label (bench/loadkit/scale_ops.py) → the mark while it plans a sequential scan today.
PLAN_XFAILS: dict[str, pytest.MarkDecorator] = {}
# Operation label → the mark while the generic plan of one of its statements (what a kept connection's prepared
# statement may run with, issue 38 Must 4) scans a large table sequentially today.
GENERIC_PLAN_XFAILS: dict[str, pytest.MarkDecorator] = {}
# Operation label → the mark while its query count grows with the data today.
COUNT_XFAILS: dict[str, pytest.MarkDecorator] = {}

LABELS = [
    "purchasedProducts, first page",
    "orders search by PO",
    "orders search by product word",
    "productsSearch by SKU prefix",
    "productsSearch by CAS",
    "productsSearch by name",
    "shoppingLists, first page",
    "orders, first page (company)",
    "orders, first page (mine)",
    "orders, first page (by status)",
    "quotes, first page",
    "order detail",
    "skuLookup ×20",
    "priceProducts ×100",
    "start-up",
    "invoices, first page",
]


# Not in the plan tests: the start-up reads no growing table, and priceProducts reads the products of the ids it is
# given — a hash join over a sequential scan is the cheaper plan for 100 ids among the test's 5,200 products, an index
# scan among 50,200: only the full size tells (bench/scale.py). Both are in the query-count test.
PLAN_LABELS = [label for label in LABELS if label not in ("priceProducts ×100", "start-up")]


def _cases(xfails: dict[str, pytest.MarkDecorator], labels: list[str] = LABELS) -> list:
    return [pytest.param(label, id=label, marks=[xfails[label]] if label in xfails else []) for label in labels]


def _operation(scale_store, label: str, *, small: bool = False):
    (operation,) = [op for op in scale_store.operations(small=small) if op.label == label]
    return operation


@pytest.mark.parametrize("label", _cases(PLAN_XFAILS, PLAN_LABELS))
def test_operation_plans_no_sequential_scan_of_orders_lines_or_products(scale_store, label):
    # Given the mid-size store and the buyer signed in
    client = Client()
    token = sign_in(client)
    operation = _operation(scale_store, label)
    graphql(client, operation, token)  # the caches a running server keeps are filled

    # When the overlay sends the operation
    with statements_of() as recorded:
        graphql(client, operation, token)

    # Then none of its statements reads a large table from end to end
    found = plans_with_sequential_scans(recorded.selects)
    assert not found, "\n\n".join(f"Seq Scan on {', '.join(tables)}:\n{statement}" for tables, statement in found)


@pytest.mark.parametrize("label", _cases(GENERIC_PLAN_XFAILS, PLAN_LABELS))
def test_operation_generic_plans_no_sequential_scan_of_orders_lines_or_products(scale_store, label):
    # Given the mid-size store and the buyer signed in
    client = Client()
    token = sign_in(client)
    operation = _operation(scale_store, label)
    graphql(client, operation, token)

    # When the overlay sends the operation
    with statements_of() as recorded:
        graphql(client, operation, token)

    # Then none of its statements, once prepared, may settle on a plan that reads a large table from end to end
    found = plans_with_sequential_scans(recorded.selects, generic=True)
    assert not found, "\n\n".join(f"Seq Scan on {', '.join(tables)}:\n{statement}" for tables, statement in found)


@pytest.mark.parametrize("label", _cases(COUNT_XFAILS))
def test_operation_query_count_does_not_grow_with_the_data(scale_store, label):
    # Given the operation's query count on the small store (recorded before it was grown ten times)
    small = scale_store.small_query_counts[label]
    client = Client()
    token = sign_in(client)

    # When it runs on the mid-size store, with the same variables (the small store's order and PO number are there)
    large = query_count(client, _operation(scale_store, label, small=True), token)

    # Then it sends as many queries
    assert large == small, f"{label}: {small} queries on the small store, {large} on the mid-size one"


# --- the mid-size store itself (seed_scale, issue 38 Must 1) --------------------------------------------------------


def _one(sql: str, params=()) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()


def test_seed_scale_grows_the_demo_store_by_its_parameters(scale_store):
    def total(field: str) -> int:
        return sum(getattr(size, field) for size in SIZES)

    demo_products = 200  # pricing.demo (the fixture seeds no demo orders: seed_scale makes them all)
    assert _one("SELECT COUNT(*) FROM pricing_product") == (demo_products * (1 + total("clones")),)
    assert _one("SELECT COUNT(*) FROM orders_order") == (total("acme_orders") + total("other_orders"),)
    acme = _one(
        "SELECT COUNT(*) FROM orders_order o JOIN accounts_companymembership m ON m.company_id = o.company_id "
        "JOIN accounts_user u ON u.id = m.user_id WHERE u.email = %s",
        [BUYER_EMAIL],
    )
    assert acme == (total("acme_orders"),)
    demo_companies = 9  # accounts.demo: four companies and Northfield University's tree of five (issue 40)
    assert _one("SELECT COUNT(*) FROM accounts_company") == (demo_companies + total("companies"),)
    assert _one("SELECT COUNT(*) FROM quotes_quote") == (7 + total("quotes"),)
    assert _one("SELECT COUNT(*) FROM shoppinglists_shoppinglist") == (8 + total("shopping_lists"),)
    full = (
        "SELECT COUNT(*) FROM (SELECT 1 FROM shoppinglists_shoppinglistitem GROUP BY shopping_list_id "
        "HAVING COUNT(*) = %s) t"
    )
    assert _one(full, [SIZES[0].list_items]) == (total("shopping_lists"),)


def test_seed_scale_rows_are_valid_as_the_services_make_them(scale_store):
    # Order numbers are 100,000 + id (orders.services.order_create), quote numbers Q-100,000 + id.
    assert _one("SELECT COUNT(*) FROM orders_order WHERE number <> 100000 + id") == (0,)
    assert _one("SELECT COUNT(*) FROM quotes_quote WHERE number <> 'Q-' || (100000 + id)") == (0,)
    # An order's totals are its lines' sums.
    assert _one(
        "SELECT COUNT(*) FROM orders_order o JOIN (SELECT order_id, SUM(line_total) s, SUM(line_tax) t "
        "FROM orders_orderline GROUP BY order_id) l ON l.order_id = o.id "
        "WHERE o.subtotal <> l.s OR o.tax_total <> l.t OR o.grand_total <> o.subtotal + o.tax_total + o.shipping_total"
    ) == (0,)
    # A shipped or completed order has a parcel; one awaiting payment or fulfillment has none.
    assert _one(
        "SELECT COUNT(*) FROM orders_order o WHERE o.status IN ('awaiting_payment', 'awaiting_fulfillment') "
        "AND EXISTS (SELECT 1 FROM orders_shipment s WHERE s.order_id = o.id)"
    ) == (0,)
    # An invoice is its order's total.
    assert _one(
        "SELECT COUNT(*) FROM invoices_invoice i JOIN orders_order o ON o.id = i.order_id "
        "WHERE i.original_balance <> o.grand_total OR i.company_id <> o.company_id"
    ) == (0,)
    # The sequences went past the ids written: the services make the next rows.
    company = Company.objects.create(name="After the seed", email="after@example.test")
    assert company.pk > _one("SELECT MAX(id) FROM accounts_company WHERE id <> %s", [company.pk])[0]


def test_seed_scale_clones_keep_the_search_rule_and_unique_catalog_numbers(scale_store):
    clone = Product.objects.filter(sku__startswith="HS-0011001").get()  # clone 1 of HS-1001
    skus = list(clone.variants.order_by("sort_order", "pk").values_list("sku", flat=True))
    assert skus and all(sku.startswith("HS-0011001-") for sku in skus)
    assert clone.search_text == product_search_text_build(product=clone, variant_skus=skus)
    assert clone.options.count() == Product.objects.get(sku="HS-1001").options.count()


def test_seed_scale_orders_have_a_reorder_head(scale_store):
    # The ten products Acme orders most make a good part of its lines (Zipf-like): what purchasedProducts and
    # reorders show first.
    total, head = _one(
        "WITH counts AS (SELECT l.variant_id, COUNT(*) c FROM orders_orderline l JOIN orders_order o "
        "ON o.id = l.order_id JOIN accounts_company c ON c.id = o.company_id WHERE c.name = 'Acme Labs' "
        "GROUP BY l.variant_id) SELECT SUM(c), (SELECT SUM(c) FROM (SELECT c FROM counts ORDER BY c DESC LIMIT 10) t) "
        "FROM counts"
    )
    assert head / total > 0.2
