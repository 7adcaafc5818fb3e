"""`seed_demo` gives Acme Labs and Globex Research invoices in every status (open, partially paid, paid, overdue), one
without a PDF, tracking numbers of several carriers and receipts; idempotently (issue 20 "Demo data")."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command

from invoices.demo import DEMO_ERP_INVOICES, DEMO_INVOICES
from invoices.models import Invoice, Receipt
from invoices.selectors import with_api_fields
from tests.invoices.test_invoices_read import LIST
from tracking.engine import recognize

pytestmark = pytest.mark.django_db


def test_the_demo_companies_have_invoices_in_every_status(graphql, login):
    call_command("seed_demo", stdout=StringIO())
    call_command("seed_demo", stdout=StringIO())  # idempotent

    assert Invoice.objects.count() == len(DEMO_INVOICES) + len(DEMO_ERP_INVOICES)
    for name in ("Acme Labs", "Globex Research"):
        invoices = with_api_fields(Invoice.objects.filter(company__name=name))
        assert set(invoices.values_list("api_status", flat=True)) == {0, 1, 2, 3}, name
    assert Invoice.objects.filter(source="erp", pdf="").count() == 1
    couriers = {
        recognize(item["number"])[0].courier_name
        for invoice in Invoice.objects.all()
        for item in invoice.tracking_numbers
        if recognize(item["number"])
    }
    assert len(couriers) >= 4, couriers
    assert Receipt.objects.count() == 5 and Receipt.objects.filter(lines__payment_status=1).exists()
    assert Invoice.objects.exclude(cost_centre="").exists()

    body = graphql(LIST, {"orderBy": "-invoiceNumber", "first": 100}, token=login("admin@acme.test"))
    nodes = [edge["node"] for edge in body["data"]["invoices"]["edges"]]
    assert {node["status"] for node in nodes} == {0, 1, 2, 3}
    assert any(node["status"] == 3 and node["paymentStatus"] == 1 for node in nodes)  # overdue, partly paid
    assert [node["invoiceNumber"] for node in nodes if not node["hasPdf"]] == ["SO-24-1187"]
