"""Query counts of the invoices API (issue 20 "done when" 4): the lists and the detail take the same number of SQL
queries whatever the number of invoices, lines, tracking numbers and payments."""

from __future__ import annotations

from decimal import Decimal

import pytest

from invoices.models import Receipt, ReceiptLine
from tests.factories.invoices import InvoiceFactory, pending_payment, receipt_for
from tests.factories.orders import OrderFactory
from tests.invoices.conftest import company, user
from tests.invoices.test_invoices_read import DETAIL, LIST, RECEIPT, RECEIPT_LINES

pytestmark = pytest.mark.django_db

# The token (with its user, membership and company), the role's grants, the count, the page (each invoice with its
# company joined; the overdue status and pending payments annotated), the page's orders, its customers (issue 38: not
# joined, so that a sort without an index keeps only the page's rows while it reads the company's invoices).
LIST_QUERIES = 5
# Sorted by status or order number (issue 38), the page's ids are read first, part by part, then its rows: the page
# query becomes one query of ids per part (the four status groups; invoices of an order and of none) and the rows.
LIST_QUERIES_BY_SORT = {"status": LIST_QUERIES + 4, "-status": LIST_QUERIES + 4,
                        "orderNumber": LIST_QUERIES + 2, "-orderNumber": LIST_QUERIES + 2}  # fmt: skip
# The token with the grants, the invoice (with order, customer, company), its lines, its payments (with receipts).
DETAIL_QUERIES = 4
# The token with the grants, the count, the page (each line with its receipt and invoice).
RECEIPT_LINES_QUERIES = 3
# The token with the grants, the receipt (with its payer), its lines (with their invoices).
RECEIPT_QUERIES = 3

TRACKING = [{"number": "1Z999AA10123456784", "carrier": "UPS"}, {"number": "986578788855", "carrier": "FedEx"},
            {"number": "3318810025", "carrier": "DHL"}, {"number": "RR123456785DE", "carrier": "Post"}]  # fmt: skip


def _invoices(count: int, *, lines_each: int, tracking_each: int) -> list:
    acme = company("Acme Labs")
    senior, admin = user("senior@acme.test"), user("admin@acme.test")
    made = []
    for n in range(count):
        placer = senior if n % 2 else admin
        invoice = InvoiceFactory(
            company=acme, order=OrderFactory(placed_by=placer, company=acme, lines=1), customer=placer,
            lines=lines_each, tracking_numbers=TRACKING[:tracking_each], original_balance=Decimal("1000.00"),
        )  # fmt: skip
        pending_payment(invoice, admin)
        for _ in range(lines_each):
            receipt_for(invoice, Decimal("1.00"), payer=admin)
        made.append(invoice)
    return made


def test_the_list_takes_the_same_queries_for_2_or_14_invoices(demo_store, graphql, login, django_assert_num_queries):
    token = login("admin@acme.test")
    variables = {"orderBy": "-invoiceNumber", "first": 100, "search": "INV-T"}

    _invoices(2, lines_each=1, tracking_each=1)
    with django_assert_num_queries(LIST_QUERIES):
        small = graphql(LIST, variables, token=token)
    _invoices(12, lines_each=3, tracking_each=4)
    with django_assert_num_queries(LIST_QUERIES):
        large = graphql(LIST, variables, token=token)

    edges = large["data"]["invoices"]["edges"]
    assert (len(small["data"]["invoices"]["edges"]), len(edges)) == (2, 14)
    assert {len(edge["node"]["trackingNumbers"]) for edge in edges} == {1, 4}
    assert {edge["node"]["pendingPaymentCount"] for edge in edges} == {1}


@pytest.mark.parametrize("order_by", sorted(LIST_QUERIES_BY_SORT))
def test_the_list_by_status_or_order_number_takes_the_same_queries_for_2_or_14_invoices(
    demo_store, graphql, login, django_assert_num_queries, order_by
):
    token = login("admin@acme.test")
    variables = {"orderBy": order_by, "first": 100, "search": "INV-T"}

    _invoices(2, lines_each=1, tracking_each=1)
    with django_assert_num_queries(LIST_QUERIES_BY_SORT[order_by]):
        small = graphql(LIST, variables, token=token)
    _invoices(12, lines_each=3, tracking_each=4)
    with django_assert_num_queries(LIST_QUERIES_BY_SORT[order_by]):
        large = graphql(LIST, variables, token=token)

    edges = large["data"]["invoices"]["edges"]
    assert (len(small["data"]["invoices"]["edges"]), len(edges)) == (2, 14)
    assert {edge["node"]["pendingPaymentCount"] for edge in edges} == {1}


def test_the_detail_takes_the_same_queries_for_1_or_8_lines_and_payments(
    demo_store, graphql, login, django_assert_num_queries
):
    token = login("admin@acme.test")
    [small] = _invoices(1, lines_each=1, tracking_each=1)
    [large] = _invoices(1, lines_each=8, tracking_each=4)

    with django_assert_num_queries(DETAIL_QUERIES):
        one = graphql(DETAIL, {"id": str(small.pk)}, token=token)["data"]["invoice"]
    with django_assert_num_queries(DETAIL_QUERIES):
        eight = graphql(DETAIL, {"id": str(large.pk)}, token=token)["data"]["invoice"]

    assert (len(one["lines"]), len(one["payments"]), len(one["trackingNumbers"])) == (1, 1, 1)
    assert (len(eight["lines"]), len(eight["payments"]), len(eight["trackingNumbers"])) == (8, 8, 4)


def test_receipt_lines_and_a_receipt_take_the_same_queries_whatever_their_size(
    demo_store, graphql, login, django_assert_num_queries
):
    token = login("admin@acme.test")
    _invoices(1, lines_each=2, tracking_each=1)
    with django_assert_num_queries(RECEIPT_LINES_QUERIES):
        small = graphql(RECEIPT_LINES, {}, token=token)["data"]["allReceiptLines"]
    invoices = _invoices(3, lines_each=6, tracking_each=1)
    with django_assert_num_queries(RECEIPT_LINES_QUERIES):
        large = graphql(RECEIPT_LINES, {}, token=token)["data"]["allReceiptLines"]
    assert (len(small["edges"]), len(large["edges"])) == (2, 20)

    wide = Receipt.objects.create(
        company=company("Acme Labs"), payment_type="Test card •••• 4242", reference_number="TC-WIDE",
        currency_code="USD", total_amount=Decimal("3"),
    )  # fmt: skip
    for invoice in invoices:
        ReceiptLine.objects.create(receipt=wide, invoice=invoice, amount=Decimal("1"), payment_status=1)
    narrow = invoices[0].receipt_lines.first().receipt
    with django_assert_num_queries(RECEIPT_QUERIES):
        one = graphql(RECEIPT, {"id": str(narrow.pk)}, token=token)["data"]["receipt"]
    with django_assert_num_queries(RECEIPT_QUERIES):
        three = graphql(RECEIPT, {"id": str(wide.pk)}, token=token)["data"]["receipt"]
    assert (len(one["lines"]), len(three["lines"])) == (1, 3)
