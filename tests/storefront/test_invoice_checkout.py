"""The invoice checkout of the built-in storefront (issue 20; business §4 "Pay-invoice flow"): the test card only, no
shipping, the invoices and amounts listed; the receipt page after paying; a declined card, a payment another tab made
meanwhile, or a payer who may not pay change nothing; the invoicePay flag (leaving checkout deletes the cart)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from accounts.models import AuditEvent, Company, MasqueradeSession, RolePermission
from invoices.models import Invoice, InvoicePaymentRequest, InvoiceStatus, PaymentRequestStatus, Receipt
from storefront.models import Cart
from tests.invoices.test_payment import BEGIN_MASQUERADE, CREATE, record_invoice

pytestmark = pytest.mark.django_db

CARD = {"payer_name": "Alice Admin", "card_number": "4242 4242 4242 4242", "card_expiry": "12/39", "card_cvc": "123"}
DECLINED = {**CARD, "card_number": "4000 0000 0000 0002"}


@pytest.fixture
def invoices(demo_store) -> tuple[Invoice, Invoice]:
    return (
        record_invoice("Acme Labs", "ERP-8001", "1250.00", customer="admin@acme.test"),
        record_invoice("Acme Labs", "ERP-8002", "310.40", customer="senior@acme.test"),
    )


@pytest.fixture
def payment(invoices, graphql, login, client):
    """Acme's admin chose to pay 1,000.00 of ERP-8001 (of 1,250.00) and all of ERP-8002, and is signed in on the
    storefront: the invoice checkout's url."""

    def run(email: str = "admin@acme.test", token: str | None = None) -> str:
        first, second = invoices
        items = [{"invoiceId": str(first.pk), "amount": "1000.00"}, {"invoiceId": str(second.pk), "amount": "310.40"}]
        body = graphql(CREATE, {"items": items, "currency": "USD"}, token=token or login(email))
        assert "errors" not in body, body
        client.login(username=email, password="Demo1234")
        return body["data"]["invoiceCreateBcCart"]["checkoutUrl"].removeprefix("http://testserver")

    return run


def _balances() -> dict[str, tuple[Decimal, int]]:
    return {i.number: (i.open_balance, i.status) for i in Invoice.objects.order_by("number")}


UNPAID = {"ERP-8001": (Decimal("1250.00"), InvoiceStatus.OPEN), "ERP-8002": (Decimal("310.40"), InvoiceStatus.OPEN)}


def test_the_checkout_lists_the_invoices_and_amounts_and_takes_only_the_test_card(payment, client):
    page = client.get(payment()).content.decode()
    assert "<h1>Pay invoices</h1>" in page
    assert "ERP-8001" in page and "$1,250.00" in page and "$1,000.00" in page and "Part payment" in page
    assert "ERP-8002" in page and "$310.40" in page
    assert "Pay $1,310.40" in page
    assert 'name="card_number"' in page and 'name="payment_method"' not in page and 'name="po_number"' not in page
    assert "Shipping address" not in page  # nothing is shipped
    assert "Cancel payment and return to invoices" in page


def test_paying_two_invoices_one_partly_shows_the_receipt_and_lowers_the_balances(payment, client):
    url = payment()
    cart_id = url.split("/")[-2]

    response = client.post(url, CARD)

    receipt = Receipt.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/checkout/invoices/receipts/{receipt.pk}/"
    assert _balances() == {
        "ERP-8001": (Decimal("250.00"), InvoiceStatus.PARTIALLY_PAID),
        "ERP-8002": (Decimal("0.00"), InvoiceStatus.PAID),
    }
    assert (receipt.payer_name, receipt.payment_type, receipt.total_amount) == (
        "Alice Admin", "Test card •••• 4242", Decimal("1310.40"),
    )  # fmt: skip
    assert receipt.reference_number.startswith("TC-")
    assert not Cart.objects.filter(pk=cart_id).exists()
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.PAID

    page = client.get(response["Location"]).content.decode()
    assert "Payment received" in page and receipt.reference_number in page
    assert "Alice Admin" in page and "Test card •••• 4242" in page
    for text in ("ERP-8001", "$1,000.00", "Partially paid", "$250.00", "ERP-8002", "$310.40", "Paid", "$1,310.40"):
        assert text in page, text
    assert 'href="/#/invoice"' in page
    # The paid checkout is over: opening it again says so and charges nothing.
    gone = client.get(url)
    assert gone.status_code == 404 and "This payment is no longer open" in gone.content.decode()
    assert client.post(url, CARD).status_code == 404
    assert Receipt.objects.count() == 1


def test_a_declined_card_changes_nothing(payment, client):
    url = payment()
    response = client.post(url, DECLINED)
    assert response.status_code == 400
    assert "Your card was declined. Use another card or another payment method. Nothing was charged." in (
        response.content.decode()
    )
    assert _balances() == UNPAID
    assert Receipt.objects.count() == 0
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.PENDING
    assert AuditEvent.objects.filter(action="invoice_paid").count() == 0
    assert client.post(url, CARD).status_code == 302  # another card then pays


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("card_number", "4242 4242 4242 4241", "Enter a valid card number."),
        ("card_expiry", "01/20", "Enter a future expiry date as MM/YY."),
        ("card_cvc", "12", "Enter the 3 or 4 digits on the back of the card."),
        ("payer_name", "", "This field is required."),
    ],
)
def test_a_card_typed_wrong_is_refused_before_anything_is_tried(field, value, message, payment, client):
    response = client.post(payment(), {**CARD, field: value})
    assert response.status_code == 400 and message in response.content.decode()
    assert _balances() == UNPAID and Receipt.objects.count() == 0


def test_a_second_tab_whose_invoice_was_paid_meanwhile_is_refused(payment, graphql, login, client):
    """The senior buyer pays ERP-8002 in full while the admin's checkout of it is open: the admin is refused."""
    admin_url = payment()
    senior = login("senior@acme.test")
    invoice = Invoice.objects.get(number="ERP-8002")
    body = graphql(CREATE, {"items": [{"invoiceId": str(invoice.pk), "amount": "310.40"}], "currency": "USD"},
                   token=senior)  # fmt: skip
    senior_url = body["data"]["invoiceCreateBcCart"]["checkoutUrl"].removeprefix("http://testserver")
    client.login(username="senior@acme.test", password="Demo1234")
    assert client.post(senior_url, {**CARD, "payer_name": "Sam Senior"}).status_code == 302

    client.login(username="admin@acme.test", password="Demo1234")
    response = client.post(admin_url, CARD)

    assert response.status_code == 400
    assert "Invoice ERP-8002 is already paid." in response.content.decode()
    assert _balances() == {"ERP-8001": UNPAID["ERP-8001"], "ERP-8002": (Decimal("0.00"), InvoiceStatus.PAID)}
    assert list(Receipt.objects.values_list("payer__email", flat=True)) == ["senior@acme.test"]


@pytest.mark.parametrize("caller", ["anonymous", "colleague", "other_company_admin"])
def test_someone_elses_invoice_checkout_does_not_exist_for_them(caller, payment, client):
    url = payment()
    client.logout()
    if caller == "anonymous":
        response = client.get(url)
        assert response.status_code == 302 and response["Location"] == f"/login/?next={url.replace('/', '%2F')}"
        assert client.post(url, CARD).status_code == 302
    else:
        email = {"colleague": "senior@acme.test", "other_company_admin": "admin@globex.test"}[caller]
        client.login(username=email, password="Demo1234")
        assert client.get(url).status_code == 404
        assert client.post(url, CARD).status_code == 404
        client.post(f"{url}cancel/")
    assert _balances() == UNPAID and Receipt.objects.count() == 0
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.PENDING


def test_a_payer_who_lost_pay_invoice_sees_why_and_pays_nothing(payment, client):
    url = payment()
    RolePermission.objects.filter(template__role=0, template__is_builtin=True, code="pay_invoice").delete()
    page = client.get(url).content.decode()
    assert "You cannot pay invoices. Ask your company admin for the Pay invoice permission." in page
    assert 'name="card_number"' not in page
    assert client.post(url, CARD).status_code == 400
    assert _balances() == UNPAID and Receipt.objects.count() == 0


def test_the_super_admin_pays_for_the_company_they_masquerade_as(payment, graphql, login, client):
    token = login("superadmin@demo.test")
    assert "errors" not in graphql(BEGIN_MASQUERADE, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)
    url = payment("superadmin@demo.test", token=token)

    assert client.post(url, {**CARD, "payer_name": "Sue Superadmin"}).status_code == 302

    receipt = Receipt.objects.get()
    assert (receipt.company.name, receipt.payer.email) == ("Acme Labs", "superadmin@demo.test")
    event = AuditEvent.objects.get(action="invoice_paid")
    assert event.masquerade_session == MasqueradeSession.objects.get()
    assert _balances()["ERP-8002"] == (Decimal("0.00"), InvoiceStatus.PAID)


def test_the_masquerade_ended_the_super_admins_payment_cannot_be_paid(payment, graphql, login, client):
    token = login("superadmin@demo.test")
    graphql(BEGIN_MASQUERADE, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)
    url = payment("superadmin@demo.test", token=token)
    ended = graphql("mutation($id: Int!) { superAdminEndMasquerade(companyId: $id) { id } }",
                    {"id": Company.objects.get(name="Acme Labs").pk}, token=token)  # fmt: skip
    assert "errors" not in ended, ended
    assert client.post(url, CARD).status_code == 404
    assert _balances() == UNPAID


def test_cancel_payment_deletes_the_cart_and_returns_to_the_portals_invoices(payment, client):
    url = payment()
    client.get(url)
    response = client.post(f"{url}cancel/")
    assert (response.status_code, response["Location"]) == (302, "/#/invoice")
    assert Cart.objects.count() == 0
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.ABANDONED


def test_leaving_the_checkout_for_another_storefront_page_ends_the_payment(payment, client, ethanol):
    """business §4 step 5 (invoicePay): the cart is deleted when the buyer leaves checkout."""
    url = payment()
    client.get(url)
    client.get(f"/products/{ethanol.slug}/price/", {"qty": 1})  # the page's own requests are not leaving it
    assert Cart.objects.count() == 1

    client.get("/")  # the storefront home, which hosts the portal

    assert Cart.objects.count() == 0
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.ABANDONED
    assert client.get(url).status_code == 404


def test_an_invoice_cart_never_becomes_the_shopping_cart(payment, client, ethanol):
    url = payment()
    client.get(url)
    page = client.get("/cart.php").content.decode()  # leaves the checkout, too
    assert "Your cart is empty." in page
    variant = ethanol.variants.get(sku="HS-1001-100ML")
    (value,) = variant.option_values.all()
    client.post("/cart/add/", {"product_id": ethanol.pk, "qty": 1, f"attribute[{value.option_id}]": value.pk})
    cart = Cart.objects.get()
    assert cart.invoice_payment is None and cart.lines.count() == 1
