"""Query counts of the orders API (issue 17 "done when" 5): both lists and the detail take the same number of SQL
queries whatever the number of orders, lines, shipments and lots."""

from __future__ import annotations

import pytest

from accounts.models import Company, User
from orders.services import order_search_text_backfill, order_status_refresh
from tests.factories.orders import LotFactory, OrderFactory, ShipmentFactory, ShipmentLineFactory
from tests.orders.test_orders_read import DETAIL, LIST

pytestmark = pytest.mark.django_db

# The token (with its user, membership and company), the role's grants, the count, the page (with each order's
# placer and its item and line counts).
LIST_QUERIES = 3
# The token with the grants, the order (with its placer), its lines (with products and variants), its shipments, their
# lines (with lots); the quote switches and store features of canAddToQuote.
DETAIL_QUERIES = 7


def _orders(count: int, *, lines_each: int = 2) -> None:
    acme = Company.objects.get(name="Acme Labs")
    senior, admin = User.objects.get(email="senior@acme.test"), User.objects.get(email="admin@acme.test")
    for n in range(count):
        OrderFactory(placed_by=senior if n % 2 else admin, company=acme, lines=lines_each)
    order_search_text_backfill()  # the factories write no search text (order_create does)


@pytest.mark.parametrize("scope", ["MINE", "COMPANY"])
def test_both_lists_take_the_same_queries_for_2_or_12_orders(
    demo_store, graphql, login, django_assert_num_queries, scope
):
    token = login("admin@acme.test")
    variables = {"scope": scope, "orderBy": "-createdAt", "first": 100, "search": "HS-V"}

    _orders(4, lines_each=1)
    with django_assert_num_queries(LIST_QUERIES):
        small = graphql(LIST, variables, token=token)
    _orders(20, lines_each=3)
    with django_assert_num_queries(LIST_QUERIES):
        large = graphql(LIST, variables, token=token)

    expected = (2, 12) if scope == "MINE" else (4, 24)
    assert (len(small["data"]["orders"]["edges"]), len(large["data"]["orders"]["edges"])) == expected
    assert {edge["node"]["lineCount"] for edge in large["data"]["orders"]["edges"]} == {1, 3}


def _shipped_order(lines: int, shipments: int):
    order = OrderFactory(
        placed_by=User.objects.get(email="senior@acme.test"),
        company=Company.objects.get(name="Acme Labs"),
        lines=[{"quantity": shipments} for _ in range(lines)],
    )
    order_lines = list(order.lines.all())
    for n in range(shipments):
        shipment = ShipmentFactory(order=order, tracking_number="1Z999AA10123456784" if n % 2 else f"LOCAL-{n}")
        for line in order_lines:
            ShipmentLineFactory(shipment=shipment, order_line=line, quantity=1, lot=LotFactory(product=line.product))
    order_status_refresh(order=order)
    return order


def test_the_detail_takes_the_same_queries_for_1_or_6_lines_and_shipments(
    demo_store, graphql, login, django_assert_num_queries
):
    token = login("senior@acme.test")
    small, large = _shipped_order(lines=1, shipments=1), _shipped_order(lines=6, shipments=6)

    with django_assert_num_queries(DETAIL_QUERIES):
        one = graphql(DETAIL, {"id": str(small.number)}, token=token)["data"]["order"]
    with django_assert_num_queries(DETAIL_QUERIES):
        six = graphql(DETAIL, {"id": str(large.number)}, token=token)["data"]["order"]

    assert (len(one["lines"]), len(one["shipments"])) == (1, 1)
    assert (len(six["lines"]), len(six["shipments"]), len(six["shipments"][5]["lines"])) == (6, 6, 6)
    assert six["status"] == "shipped" and {line["unshippedQuantity"] for line in six["lines"]} == {0}
    assert {line["lotNumber"] is not None for shipment in six["shipments"] for line in shipment["lines"]} == {True}
