"""Settling a payment of invoices (issue 20; business §3 "Receipt", §4 "Pay-invoice flow"): balances, statuses, the
receipt, company credit and the audit log; and what is refused at the moment of paying — the same invoices paid in two
tabs at once among them, with nothing charged for the one refused."""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from accounts.models import AuditEvent, Company, RolePermission, User
from accounts.selectors import actor_for_user
from invoices.models import (
    Invoice,
    InvoicePaymentRequest,
    InvoiceStatus,
    PaymentRequestStatus,
    Receipt,
    ReceiptLine,
)
from invoices.services.payment import (
    PaymentLine,
    invoice_payment_request_abandon,
    invoice_payment_request_create,
    invoice_payment_settle,
)
from orders.models import PaymentMethod
from portal.errors import NotFound, Refused
from storefront import invoice_payment
from storefront.invoice_payment import invoice_cart_create, invoice_cart_pay
from storefront.models import Cart
from storefront.payments import Card
from tests.factories.orders import OrderFactory
from tests.invoices.test_payment import record_invoice

pytestmark = pytest.mark.django_db

ACCEPTED = Card(number="4242424242424242", expiry="12/39", cvc="123")


def _actor(email: str):
    return actor_for_user(User.objects.get(email=email))


def _request(email: str, *pairs: tuple[Invoice, str]) -> InvoicePaymentRequest:
    lines = [PaymentLine(invoice_id=invoice.pk, amount=Decimal(amount)) for invoice, amount in pairs]
    return invoice_payment_request_create(actor=_actor(email), lines=lines, currency="USD", cart_id="test")


def _settle(request: InvoicePaymentRequest, email: str, reference: str) -> Receipt:
    return invoice_payment_settle(
        request=request, payer=_actor(email), payment_type="Test card •••• 4242", reference=reference
    )


def _balances() -> dict[str, tuple[Decimal, int]]:
    return {i.number: (i.open_balance, i.status) for i in Invoice.objects.order_by("number")}


@pytest.fixture
def two(demo_store) -> tuple[Invoice, Invoice]:
    return (
        record_invoice("Acme Labs", "ERP-7001", "500.00", customer="admin@acme.test"),
        record_invoice("Acme Labs", "ERP-7002", "120.00", customer="senior@acme.test"),
    )


def test_paying_two_invoices_one_partly_lowers_their_balances_and_writes_one_receipt(two):
    first, second = two
    request = _request("admin@acme.test", (first, "200.00"), (second, "120.00"))

    receipt = _settle(request, "admin@acme.test", "TC-0001")

    assert _balances() == {
        "ERP-7001": (Decimal("300.00"), InvoiceStatus.PARTIALLY_PAID),
        "ERP-7002": (Decimal("0.00"), InvoiceStatus.PAID),
    }
    assert (receipt.company.name, receipt.payer.email, receipt.payer_name) == ("Acme Labs", "admin@acme.test",
                                                                             "Alice Admin")  # fmt: skip
    assert (receipt.payment_type, receipt.transaction_type, receipt.reference_number) == (
        "Test card •••• 4242", "Paid", "TC-0001",
    )  # fmt: skip
    assert (receipt.currency_code, receipt.total_amount) == ("USD", Decimal("320.00"))
    assert list(
        receipt.lines.order_by("invoice__number").values_list("invoice__number", "amount", "payment_status")
    ) == [
        ("ERP-7001", Decimal("200.00"), InvoiceStatus.PARTIALLY_PAID),
        ("ERP-7002", Decimal("120.00"), InvoiceStatus.PAID),
    ]
    request.refresh_from_db()
    assert request.status == PaymentRequestStatus.PAID
    event = AuditEvent.objects.get(action="invoice_paid")
    assert (event.company.name, event.actor.email, event.masquerade_session) == ("Acme Labs", "admin@acme.test", None)
    assert event.summary == "Paid 320.00 USD on ERP-7001, ERP-7002 (receipt TC-0001, Test card •••• 4242)"
    assert event.changes["invoices"] == {"ERP-7001": "200.00", "ERP-7002": "120.00"}

    # The rest of the partly paid invoice, later.
    _settle(_request("admin@acme.test", (first, "300.00")), "admin@acme.test", "TC-0002")
    assert _balances()["ERP-7001"] == (Decimal("0.00"), InvoiceStatus.PAID)
    assert ReceiptLine.objects.filter(invoice=first).count() == 2


def test_an_amount_above_what_is_open_at_the_moment_of_paying_is_refused_and_nothing_changes(two):
    first, _ = two
    admins = _request("admin@acme.test", (first, "300.00"))
    seniors = _request("senior@acme.test", (first, "300.00"))  # made while 500.00 was open
    _settle(admins, "admin@acme.test", "TC-0001")

    with pytest.raises(ValidationError) as refused:
        _settle(seniors, "senior@acme.test", "TC-0002")

    assert refused.value.code == "INVOICE_AMOUNT_ABOVE_BALANCE"
    assert refused.value.message == "You cannot pay more than the open balance of invoice ERP-7001 (200.00 USD)."
    assert _balances()["ERP-7001"] == (Decimal("200.00"), InvoiceStatus.PARTIALLY_PAID)
    assert list(Receipt.objects.values_list("reference_number", flat=True)) == ["TC-0001"]
    seniors.refresh_from_db()
    assert seniors.status == PaymentRequestStatus.PENDING
    assert AuditEvent.objects.filter(action="invoice_paid").count() == 1


def test_a_paid_or_abandoned_payment_is_not_paid_again(two):
    first, _ = two
    request = _request("admin@acme.test", (first, "100.00"))
    _settle(request, "admin@acme.test", "TC-0001")
    with pytest.raises(ValidationError) as again:
        _settle(request, "admin@acme.test", "TC-0002")
    assert again.value.code == "INVOICE_PAYMENT_NOT_PENDING"

    abandoned = _request("admin@acme.test", (first, "100.00"))
    invoice_payment_request_abandon(request=abandoned)
    with pytest.raises(ValidationError) as gone:
        _settle(abandoned, "admin@acme.test", "TC-0003")
    assert gone.value.code == "INVOICE_PAYMENT_NOT_PENDING"
    assert _balances()["ERP-7001"] == (Decimal("400.00"), InvoiceStatus.PARTIALLY_PAID)
    assert Receipt.objects.count() == 1


def test_a_payer_who_lost_pay_invoice_meanwhile_is_refused(two):
    first, _ = two
    request = _request("senior@acme.test", (first, "100.00"))
    RolePermission.objects.filter(template__role=1, template__is_builtin=True, code="pay_invoice").delete()
    with pytest.raises(Refused):
        _settle(request, "senior@acme.test", "TC-0001")
    assert _balances()["ERP-7001"] == (Decimal("500.00"), InvoiceStatus.OPEN)
    assert Receipt.objects.count() == 0


def test_only_the_user_who_made_the_payment_settles_it(two):
    first, _ = two
    request = _request("senior@acme.test", (first, "100.00"))
    with pytest.raises(NotFound, match="Payment not found."):
        _settle(request, "admin@acme.test", "TC-0001")
    assert Receipt.objects.count() == 0


def test_paying_an_invoice_of_an_order_bought_on_account_gives_the_credit_back(demo_store):
    acme = Company.objects.get(name="Acme Labs")
    Company.objects.filter(pk=acme.pk).update(credit_enabled=True, available_credit=Decimal("1000.00"))
    order = OrderFactory(
        company=acme, placed_by=User.objects.get(email="admin@acme.test"), lines=1,
        payment_method=PaymentMethod.PURCHASE_ORDER, credit_charged=Decimal("400.00"),
    )  # fmt: skip
    invoice = record_invoice("Acme Labs", "ERP-7003", "400.00", customer="admin@acme.test")
    Invoice.objects.filter(pk=invoice.pk).update(order=order)

    _settle(_request("admin@acme.test", (invoice, "150.00")), "admin@acme.test", "TC-0001")
    acme.refresh_from_db()
    assert acme.available_credit == Decimal("1150.00")
    _settle(_request("admin@acme.test", (invoice, "250.00")), "admin@acme.test", "TC-0002")
    acme.refresh_from_db()
    assert acme.available_credit == Decimal("1400.00")  # never more than the order took


# --- two tabs at once (PostgreSQL in CI: row locks; SQLite runs its writers one at a time) --------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("tabs", ["the same cart in two tabs", "two buyers' carts"])
def test_paying_the_same_invoice_twice_at_once_charges_once_and_refuses_the_other(tabs, demo_store, monkeypatch):
    invoice = record_invoice("Acme Labs", "ERP-7004", "500.00")
    admin, senior = _actor("admin@acme.test"), _actor("senior@acme.test")
    line = [PaymentLine(invoice_id=invoice.pk, amount=Decimal("300.00"))]
    if tabs == "the same cart in two tabs":
        cart = invoice_cart_create(actor=admin, lines=line, currency="USD")
        contenders = [(Cart.objects.get(pk=cart.pk), admin), (Cart.objects.get(pk=cart.pk), admin)]
    else:
        contenders = [
            (invoice_cart_create(actor=actor, lines=line, currency="USD"), actor) for actor in (admin, senior)
        ]
    charges: list[Decimal] = []
    real_charge = invoice_payment.card_charge

    def counted_charge(**kwargs):
        charges.append(kwargs["amount"])
        return real_charge(**kwargs)

    monkeypatch.setattr(invoice_payment, "card_charge", counted_charge)
    start = threading.Barrier(len(contenders))
    outcomes: list[str] = []

    def pay(cart: Cart, actor) -> None:
        try:
            start.wait()
            invoice_cart_pay(cart=cart, actor=actor, card=ACCEPTED, payer_name="")
            outcomes.append("paid")
        except ValidationError as refusal:
            outcomes.append(refusal.code)
        finally:
            connection.close()

    threads = [threading.Thread(target=pay, args=pair) for pair in contenders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    refused = "INVOICE_PAYMENT_NOT_PENDING" if tabs == "the same cart in two tabs" else "INVOICE_AMOUNT_ABOVE_BALANCE"
    assert sorted(outcomes) == sorted(["paid", refused])
    assert charges == [Decimal("300.00")]  # the refused tab was never charged
    assert _balances()["ERP-7004"] == (Decimal("200.00"), InvoiceStatus.PARTIALLY_PAID)
    assert list(ReceiptLine.objects.values_list("amount", flat=True)) == [Decimal("300.00")]
    assert AuditEvent.objects.filter(action="invoice_paid").count() == 1
