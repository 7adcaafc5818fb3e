"""Fixtures of the invoices tests (issue 20): the callers of the permission matrix and a set of invoices over two
companies."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Company, RolePermission, User
from invoices.models import InvoiceSource, InvoiceStatus
from orders.models import Shipment
from tests.factories.invoices import InvoiceFactory, receipt_for
from tests.factories.orders import OrderFactory

BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
INVOICE_CODES = ["get_invoices", "get_invoice_detail", "get_invoice_pdf", "export_invoices",
                 "get_invoice_payments_history"]  # fmt: skip

# The callers of the matrix (tests/STYLE: anonymous, B2C, junior, senior, admin, another company, pending company,
# super admin masquerading and not; and a senior buyer whose role gives the invoice codes at level 1 only).
CALLERS = ["anonymous", "b2c", "junior", "senior", "senior_level_1", "admin", "other_company_admin",
           "pending_company_admin", "super_admin_masquerading", "super_admin"]  # fmt: skip
EMAILS = {
    "b2c": "b2c@demo.test", "junior": "junior@acme.test", "senior": "senior@acme.test",
    "senior_level_1": "senior@acme.test", "admin": "admin@acme.test", "other_company_admin": "admin@globex.test",
    "pending_company_admin": "admin@pendingbio.test", "super_admin_masquerading": "superadmin@demo.test",
    "super_admin": "superadmin@demo.test",
}  # fmt: skip


def user(email: str) -> User:
    return User.objects.get(email=email)


def company(name: str) -> Company:
    return Company.objects.get(name=name)


def days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


@pytest.fixture
def sign_in(demo_store, graphql, login):
    def run(caller: str) -> str | None:
        if caller == "anonymous":
            return None
        if caller == "senior_level_1":
            RolePermission.objects.filter(
                template__role=1, template__is_builtin=True, code__in=[*INVOICE_CODES, "get_order_detail"]
            ).update(level=1)
        token = login(EMAILS[caller])
        if caller == "super_admin_masquerading":
            body = graphql(BEGIN_MASQUERADE, {"id": company("Acme Labs").pk}, token=token)
            assert "errors" not in body, body
        return token

    return run


@pytest.fixture
def invoices(demo_store):
    """Acme: the senior buyer's open invoice (two lines, two parcels: UPS and an unrecognised number) and their
    overdue one, partially paid; the admin's paid one; an ERP invoice of no order and no PDF. Globex: one open
    invoice. Numbers in the order listed."""
    acme, globex = company("Acme Labs"), company("Globex Research")
    senior, admin, grace = user("senior@acme.test"), user("admin@acme.test"), user("admin@globex.test")
    senior_order = OrderFactory(placed_by=senior, company=acme, lines=2, po_number="PO-ACME-1", cost_centre="NIH-R01")
    for number, carrier in (("1Z999AA10123456784", "UPS"), ("LOCAL-7", "Courier")):
        Shipment.objects.create(order=senior_order, carrier=carrier, tracking_number=number, shipped_at=timezone.now())
    made = {
        "senior_open": InvoiceFactory(
            company=acme, order=senior_order, customer=senior, number="INV-200001", lines=2, cost_centre="NIH-R01",
            tracking_numbers=[{"number": "1Z999AA10123456784", "carrier": "UPS"},
                              {"number": "LOCAL-7", "carrier": "Courier"}],
        ),
        "senior_overdue": InvoiceFactory(
            company=acme, order=OrderFactory(placed_by=senior, company=acme, lines=1, po_number="PO-ACME-2"),
            customer=senior, number="INV-200002", issued_on=days(-45), due_date=days(-15),
            original_balance=Decimal("500.00"), subtotal=Decimal("470.59"), tax_total=Decimal("29.41"), lines=1,
        ),
        "admin_paid": InvoiceFactory(
            company=acme, order=OrderFactory(placed_by=admin, company=acme, lines=1, po_number="PO-ACME-3"),
            customer=admin, number="INV-200003", issued_on=days(-40), due_date=days(-10), lines=1,
        ),
        "acme_erp": InvoiceFactory(
            company=acme, number="SO-9001", external_id="ERP-1", source=InvoiceSource.ERP,
            purchase_order_number="PO-ACME-9", original_balance=Decimal("1000.00"),
        ),
        "globex_open": InvoiceFactory(
            company=globex, order=OrderFactory(placed_by=grace, company=globex, lines=1, po_number="GX-1"),
            customer=grace, number="INV-200005", lines=1,
        ),
    }  # fmt: skip
    receipt_for(made["senior_overdue"], Decimal("200.00"), payer=admin)
    receipt_for(made["admin_paid"], made["admin_paid"].original_balance, payer=admin)
    for invoice in made.values():
        invoice.refresh_from_db()
    assert made["senior_overdue"].status == InvoiceStatus.PARTIALLY_PAID
    return made
