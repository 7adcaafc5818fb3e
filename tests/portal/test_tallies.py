"""Row tallies (portal/tallies.py, issue 38): the orders' and invoices' tallies equal a count of the rows whatever
writes them — the ORM, a queryset's update, bulk_create, raw SQL, a delete, a user deleted — and the lists' totals
read from them equal a count of what each list shows, for every role, scope and filter."""

from __future__ import annotations

import datetime
import itertools

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.db.models import Count

from accounts.models import Company, User
from accounts.selectors import actor_for_user
from invoices.models import Invoice, InvoiceStatus, InvoiceTally
from invoices.permissions import GET_INVOICES
from invoices.selectors import InvoiceFilters, invoice_count, invoice_list
from orders.models import Order, OrderStatus, OrderTally
from orders.selectors import OrderFilters, order_count, order_list
from tests.factories.accounts import UserFactory
from tests.factories.invoices import InvoiceFactory
from tests.factories.orders import OrderFactory
from tests.invoices.test_invoices_read import LIST as INVOICES
from tests.orders.test_orders_read import LIST as ORDERS

pytestmark = pytest.mark.django_db


def _orders_counted() -> dict[tuple[int, int, str], int]:
    rows = Order.objects.values("company_id", "placed_by_id", "status").annotate(n=Count("pk"))
    return {(r["company_id"] or 0, r["placed_by_id"] or 0, r["status"]): r["n"] for r in rows}


def _orders_tallied() -> dict[tuple[int, int, str], int]:
    rows = OrderTally.objects.exclude(count=0).values_list("company_key", "placer_key", "status", "count")
    return {(company, placer, status): count for company, placer, status, count in rows}


def _invoices_counted() -> dict[tuple[int, int], int]:
    rows = Invoice.objects.values("company_id", "customer_id").annotate(n=Count("pk"))
    return {(r["company_id"], r["customer_id"] or 0): r["n"] for r in rows}


def _invoices_tallied() -> dict[tuple[int, int], int]:
    rows = InvoiceTally.objects.exclude(count=0).values_list("company_key", "customer_key", "count")
    return {(company, customer): count for company, customer, count in rows}


def test_the_orders_tally_follows_every_kind_of_write(demo_store):
    acme, globex = Company.objects.get(name="Acme Labs"), Company.objects.get(name="Globex Research")
    admin, senior = User.objects.get(email="admin@acme.test"), User.objects.get(email="senior@acme.test")
    leaving = UserFactory()
    assert _orders_tallied() == _orders_counted()  # the demo's orders, by the migration's backfill

    made = [OrderFactory(company=acme, placed_by=who) for who in (admin, senior, senior, leaving)]
    made.append(OrderFactory(company=None, placed_by=admin))  # no company: key 0
    made.append(OrderFactory(company=globex, placed_by=None))  # nobody: key 0
    assert _orders_tallied() == _orders_counted()

    made[0].status = OrderStatus.SHIPPED
    made[0].save()  # the ORM's save of every column
    made[1].po_number = "PO-OTHER"
    made[1].save()  # no key changed
    Order.objects.filter(pk__in=[made[2].pk, made[3].pk]).update(status=OrderStatus.COMPLETED)
    Order.objects.filter(pk=made[4].pk).update(company=globex)
    assert _orders_tallied() == _orders_counted()

    template = made[5]
    Order.objects.bulk_create(
        [
            Order(number=9_000_000 + n, company=acme, placed_by=senior, customer_email="x@example.test",
                  currency_code="USD", subtotal=0, tax_total=0, grand_total=0, payment_method=template.payment_method,
                  status=OrderStatus.CANCELLED)
            for n in range(3)
        ]
    )  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute("UPDATE orders_order SET status = %s WHERE number >= %s", [OrderStatus.SHIPPED, 9_000_001])
        cursor.execute("DELETE FROM orders_order WHERE number = %s", [9_000_002])
    assert _orders_tallied() == _orders_counted()

    leaving.delete()  # placed_by SET_NULL: the order moves to placer 0
    made[1].delete()
    assert _orders_tallied() == _orders_counted()


def test_the_invoices_tally_follows_every_kind_of_write(demo_store):
    acme, globex = Company.objects.get(name="Acme Labs"), Company.objects.get(name="Globex Research")
    senior = User.objects.get(email="senior@acme.test")
    leaving = UserFactory()
    assert _invoices_tallied() == _invoices_counted()

    made = [InvoiceFactory(company=acme, customer=who) for who in (senior, senior, leaving, None)]
    made[0].status = InvoiceStatus.PAID
    made[0].save()
    Invoice.objects.filter(pk=made[1].pk).update(company=globex)
    assert _invoices_tallied() == _invoices_counted()

    with connection.cursor() as cursor:
        cursor.execute("UPDATE invoices_invoice SET customer_id = NULL WHERE id = %s", [made[0].pk])
    leaving.delete()
    made[3].delete()
    assert _invoices_tallied() == _invoices_counted()


def _more_orders() -> None:
    acme = Company.objects.get(name="Acme Labs")
    users = [User.objects.get(email=email) for email in ("admin@acme.test", "senior@acme.test", "junior@acme.test")]
    statuses = [OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.AWAITING_FULFILLMENT]
    for who, status in itertools.product(users, statuses):
        OrderFactory(company=acme, placed_by=who, status=status)
    OrderFactory(company=None, placed_by=User.objects.get(email="b2c@demo.test"), status=OrderStatus.SHIPPED)


ORDER_FILTERS = [
    {},
    {"status": OrderStatus.SHIPPED},
    {"status": OrderStatus.CANCELLED},
    {"created_by": "senior@acme.test"},
    {"created_by": "senior@acme.test", "status": OrderStatus.COMPLETED},
    {"date_from": datetime.date(2000, 1, 1)},
    {"search": "PO-"},
]
ORDER_CALLERS = ["admin@acme.test", "senior@acme.test", "junior@acme.test", "b2c@demo.test", "superadmin@demo.test"]


@pytest.mark.parametrize("email", ORDER_CALLERS)
def test_each_orders_total_is_the_count_of_its_list(demo_store, email):
    _more_orders()
    actor = actor_for_user(User.objects.get(email=email))
    compared = 0
    for scope, given in itertools.product(["MINE", "COMPANY"], ORDER_FILTERS):
        arguments = dict(given)
        if "created_by" in arguments:
            arguments["created_by"] = User.objects.get(email=arguments["created_by"]).pk
        filters = OrderFilters(order_by="-createdAt", **arguments)
        try:
            orders = order_list(actor=actor, filters=filters, scope=scope)
        except PermissionDenied:  # a scope the caller may not read: refused before any total
            continue
        assert order_count(orders, actor=actor, filters=filters, scope=scope) == (orders.count(), False), (
            scope,
            given,
        )
        compared += 1
    assert compared >= len(ORDER_FILTERS) or email == "junior@acme.test"  # MINE at least; the junior has no get_orders


@pytest.mark.parametrize("email", ["admin@acme.test", "senior@acme.test", "junior@acme.test", "admin@globex.test"])
def test_each_invoices_total_is_the_count_of_its_list(demo_store, email):
    acme = Company.objects.get(name="Acme Labs")
    for who in ("admin@acme.test", "senior@acme.test", "junior@acme.test"):
        InvoiceFactory(company=acme, customer=User.objects.get(email=who))
    actor = actor_for_user(User.objects.get(email=email))
    compared = 0
    for given in [{}, {"status": int(InvoiceStatus.OPEN)}, {"search": "INV"}]:
        filters = InvoiceFilters(order_by="-invoiceNumber", **given)
        try:
            invoices = invoice_list(actor=actor, filters=filters)
        except PermissionDenied:  # no get_invoices: refused before any total
            continue
        assert invoice_count(invoices, actor=actor, filters=filters, code=GET_INVOICES) == invoices.count(), given
        compared += 1
    assert compared == 3 or email == "junior@acme.test", compared  # the junior buyer has no get_invoices


def test_the_totals_over_the_api(demo_store, graphql, login):
    _more_orders()
    token = login("admin@acme.test")
    acme = Company.objects.get(name="Acme Labs")
    body = graphql(ORDERS, {"scope": "COMPANY", "orderBy": "-createdAt", "first": 1}, token=token)
    assert body["data"]["orders"]["totalCount"] == Order.objects.filter(company=acme).count()
    body = graphql(INVOICES, {"orderBy": "-invoiceNumber", "first": 1}, token=token)
    assert body["data"]["invoices"]["totalCount"] == Invoice.objects.filter(company=acme).count()
