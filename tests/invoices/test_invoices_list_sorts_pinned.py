"""The invoices list's pages, pinned (issue 38): every orderBy both ways, over invoices with ties in every sorted
field (same status, same order, same dates and balances, no order at all), paged in small pages, gives the rows of the
plain ORM sort of every invoice (the field, then the newest id), page by page. The list may read a page however it
likes (narrow id queries, the status sort split in its groups); these pages may not change."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.db.models import Case, F, IntegerField, Q, Value, When
from django.utils import timezone

from invoices.models import Invoice, InvoiceStatus
from invoices.selectors import INVOICE_ORDERINGS
from tests.factories.invoices import InvoiceFactory
from tests.factories.orders import OrderFactory
from tests.invoices.conftest import company, user
from tests.invoices.test_invoices_read import LIST

pytestmark = pytest.mark.django_db

PAGE = 4

# The reference: what each orderBy sorts by, written out here (not taken from the selectors).
REFERENCE = {
    "invoiceNumber": "number",
    "orderNumber": "order__number",
    "purchaseOrderNumber": "purchase_order_number",
    "costCentre": "cost_centre",
    "invoiceDate": "issued_on",
    "dueDate": "due_date",
    "originalBalance": "original_balance",
    "openBalance": "open_balance",
    "status": "reference_status",
    "createdAt": "created_at",
}


def _day(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


def _reference_ids(order_by: str, acme, *, status: int | None = None) -> list[str]:
    """Acme's invoice ids in the order `order_by` gives them (its API status, optionally only `status`)."""
    today = timezone.localdate()
    overdue = Q(status__in=[InvoiceStatus.OPEN, InvoiceStatus.PARTIALLY_PAID], due_date__lt=today)
    rows = Invoice.objects.filter(company=acme).annotate(
        reference_status=Case(When(overdue, then=Value(3)), default=F("status"), output_field=IntegerField())
    )
    name = REFERENCE[order_by.removeprefix("-")]
    # Nulls (invoices of no order) as the largest, on every database (invoices.selectors._ordering).
    first = F(name).desc(nulls_first=True) if order_by.startswith("-") else F(name).asc(nulls_last=True)
    if status is not None:
        rows = rows.filter(reference_status=status)
    return [str(pk) for pk in rows.order_by(first, "-pk").values_list("pk", flat=True)]


@pytest.fixture
def tied_invoices(demo_store):
    """26 Acme invoices: the four statuses the API shows, each several times; due today, yesterday, tomorrow (the
    overdue edge); pairs on one order; two with no order; repeated numbers of PO, cost centre, dates, balances."""
    acme = company("Acme Labs")
    senior, admin = user("senior@acme.test"), user("admin@acme.test")
    orders = [OrderFactory(placed_by=senior if n % 2 else admin, company=acme, lines=1) for n in range(8)]
    statuses = [InvoiceStatus.OPEN, InvoiceStatus.PARTIALLY_PAID, InvoiceStatus.PAID]
    made = []
    for n in range(26):
        status = statuses[n % 3]
        balance = Decimal("100.00") if n % 4 else Decimal("250.50")
        made.append(
            InvoiceFactory(
                company=acme,
                order=None if n in (5, 17) else orders[n % len(orders)],
                customer=senior if n % 2 else admin,
                number=f"INV-P{(n * 7) % 26:03d}",
                purchase_order_number=f"PO-{n % 3}",
                cost_centre=["", "NIH-R01", "GRANT-7"][n % 3],
                issued_on=_day(-(n % 4) * 10),
                due_date=_day([-1, 0, 1, -30, 20][n % 5]),
                original_balance=balance,
                open_balance=Decimal(0) if status == InvoiceStatus.PAID else balance - (n % 2) * Decimal("50.00"),
                status=status,
            )
        )
    # Equal created_at for ties on createdAt.
    Invoice.objects.filter(pk__in=[invoice.pk for invoice in made[:6]]).update(created_at=made[0].created_at)
    return made


@pytest.mark.parametrize("sort", sorted(INVOICE_ORDERINGS))
@pytest.mark.parametrize("direction", ["", "-"])
def test_every_sort_gives_the_reference_pages(tied_invoices, graphql, login, sort, direction):
    acme = company("Acme Labs")
    order_by = f"{direction}{sort}"
    expected = _reference_ids(order_by, acme)
    assert len(expected) >= 26
    token = login("admin@acme.test")
    got: list[str] = []
    for offset in range(0, len(expected) + PAGE, PAGE):
        body = graphql(LIST, {"orderBy": order_by, "first": PAGE, "offset": offset}, token=token)
        assert "errors" not in body, body
        assert body["data"]["invoices"]["totalCount"] == len(expected)
        edges = body["data"]["invoices"]["edges"]
        assert [edge["node"]["id"] for edge in edges] == expected[offset : offset + PAGE], (order_by, offset)
        got += [edge["node"]["id"] for edge in edges]
    assert got == expected


@pytest.mark.parametrize("order_by", ["status", "-status", "orderNumber", "-orderNumber"])
@pytest.mark.parametrize("status", [0, 1, 2, 3])
def test_the_sorts_split_in_groups_keep_the_status_filter(tied_invoices, graphql, login, order_by, status):
    expected = _reference_ids(order_by, company("Acme Labs"), status=status)
    body = graphql(LIST, {"orderBy": order_by, "first": 100, "status": status}, token=login("admin@acme.test"))
    assert "errors" not in body, body
    assert [edge["node"]["id"] for edge in body["data"]["invoices"]["edges"]] == expected
