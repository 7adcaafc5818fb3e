"""Paying invoices, the API side (issue 20; business §4 "Pay-invoice flow", §7 invoiceCreateBcCart, checkoutLogin):
who may make a payment cart for which invoices, the amounts and currencies refused, and what a payment request is
while it waits for the checkout. Settling is in test_payment_settle.py, the checkout pages in
tests/storefront/test_invoice_checkout.py."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest

from accounts.models import Company, RolePermission, User
from invoices.models import Invoice, InvoicePaymentRequest, InvoiceStatus, PaymentRequestStatus
from invoices.services.issue import invoice_record_erp
from storefront.models import Cart
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

CREATE = """mutation($items: [InvoicePaymentLineItemInput!]!, $currency: String!) {
  invoiceCreateBcCart(lineItems: $items, currency: $currency) { checkoutUrl cartId } }"""
CHECKOUT_LOGIN = "mutation($id: String!) { checkoutLogin(cartData: {cartId: $id}) { result { redirectUrl } } }"
READ_CART = "query($id: String!) { cart(entityId: $id) { entityId currencyCode amounts { grandTotal { value } } } }"
DELETE_CART = "mutation($id: String!) { deleteCart(deleteCartInput: {cartEntityId: $id}) { deletedCartEntityId } }"
BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
TODAY = datetime.date(2026, 3, 2)


def record_invoice(company: str, number: str, total: str, *, customer: str | None = None, currency: str = "USD",
                   open_balance: str | None = None) -> Invoice:  # fmt: skip
    """An invoice of the company (as the ERP records it: no PDF), placed by `customer` when given."""
    return invoice_record_erp(
        company=Company.objects.get(name=company),
        number=number,
        issued_on=TODAY,
        due_date=TODAY + datetime.timedelta(days=30),
        currency_code=currency,
        original_balance=Decimal(total),
        open_balance=Decimal(open_balance) if open_balance is not None else None,
        customer=User.objects.get(email=customer) if customer else None,
    )


@pytest.fixture
def invoices(demo_store) -> dict[str, Invoice]:
    return {
        "admin": record_invoice("Acme Labs", "ERP-900001", "500.00", customer="admin@acme.test"),
        "senior": record_invoice("Acme Labs", "ERP-900002", "120.00", customer="senior@acme.test"),
        "paid": record_invoice("Acme Labs", "ERP-900003", "80.00", open_balance="0.00"),
        "euro": record_invoice("Acme Labs", "ERP-900004", "300.00", currency="EUR"),
        "globex": record_invoice("Globex Research", "ERP-900005", "90.00", customer="admin@globex.test"),
    }


def _items(*pairs: tuple[Invoice, str]) -> list[dict]:
    return [{"invoiceId": str(invoice.pk), "amount": amount} for invoice, amount in pairs]


def _balances() -> dict[str, tuple[Decimal, int]]:
    return {i.number: (i.open_balance, i.status) for i in Invoice.objects.order_by("number")}


CALLERS = ["anonymous", "b2c", "junior", "senior", "senior_level_1", "admin", "other_company_admin",
           "super_admin_masquerading", "super_admin"]  # fmt: skip


@pytest.fixture
def sign_in(demo_store, graphql, login):
    def run(caller: str) -> str | None:
        if caller == "anonymous":
            return None
        if caller == "senior_level_1":
            # A senior buyer whose role pays only the invoices of the orders they placed.
            RolePermission.objects.filter(template__role=1, template__is_builtin=True, code="pay_invoice").update(
                level=1
            )
        email = {
            "b2c": "b2c@demo.test", "junior": "junior@acme.test", "senior": "senior@acme.test",
            "senior_level_1": "senior@acme.test", "admin": "admin@acme.test",
            "other_company_admin": "admin@globex.test", "super_admin_masquerading": "superadmin@demo.test",
            "super_admin": "superadmin@demo.test",
        }[caller]  # fmt: skip
        token = login(email)
        if caller == "super_admin_masquerading":
            body = graphql(BEGIN_MASQUERADE, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)
            assert "errors" not in body, body
        return token

    return run


# What each caller gets for a cart paying Acme's invoice placed by the admin, and for the one placed by the senior
# buyer: "cart", or the error code.
MATRIX = {
    "anonymous": (40101, 40101),
    "b2c": ("PERMISSION_DENIED", "PERMISSION_DENIED"),  # an individual has no company invoices
    "junior": ("PERMISSION_DENIED", "PERMISSION_DENIED"),  # shell §6: junior buyers hold no pay_invoice
    "senior": ("cart", "cart"),
    "senior_level_1": ("NOT_FOUND", "cart"),  # level 1: the invoices of the orders they placed
    "admin": ("cart", "cart"),
    "other_company_admin": ("NOT_FOUND", "NOT_FOUND"),  # another company's invoice does not exist for them
    "super_admin_masquerading": ("cart", "cart"),  # as Acme's admin
    "super_admin": ("PERMISSION_DENIED", "PERMISSION_DENIED"),  # not masquerading: no company to pay for
}


@pytest.mark.parametrize("caller", CALLERS)
def test_who_may_make_a_cart_to_pay_which_invoice(caller, invoices, sign_in, graphql):
    token = sign_in(caller)
    for invoice, expected in zip((invoices["admin"], invoices["senior"]), MATRIX[caller], strict=True):
        body = graphql(CREATE, {"items": _items((invoice, "10.00")), "currency": "USD"}, token=token)
        if expected == "cart":
            assert "errors" not in body, body
            cart = Cart.objects.get(pk=body["data"]["invoiceCreateBcCart"]["cartId"])
            request = cart.invoice_payment
            assert (request.company.name, request.status) == ("Acme Labs", PaymentRequestStatus.PENDING)
            assert list(request.lines.values_list("invoice__number", "amount")) == [(invoice.number, Decimal("10.00"))]
            assert (
                body["data"]["invoiceCreateBcCart"]["checkoutUrl"] == f"http://testserver/checkout/invoices/{cart.pk}/"
            )
            assert cart.lines.count() == 0
        else:
            assert error_code(body) == expected, body
    refused = sum(expected != "cart" for expected in MATRIX[caller])
    assert InvoicePaymentRequest.objects.count() == 2 - refused
    assert Cart.objects.count() == 2 - refused
    assert _balances()["ERP-900001"] == (Decimal("500.00"), InvoiceStatus.OPEN)  # nothing is paid by making a cart


def test_the_masquerading_super_admins_cart_is_of_the_company_they_act_for(invoices, sign_in, graphql):
    token = sign_in("super_admin_masquerading")
    body = graphql(CREATE, {"items": _items((invoices["admin"], "500.00")), "currency": "USD"}, token=token)
    cart = Cart.objects.get(pk=body["data"]["invoiceCreateBcCart"]["cartId"])
    assert (cart.user.email, cart.masquerade_company.name) == ("superadmin@demo.test", "Acme Labs")
    assert cart.invoice_payment.user.email == "superadmin@demo.test"


@pytest.mark.parametrize(
    ("amount", "code", "message"),
    [
        ("500.01", "INVOICE_AMOUNT_ABOVE_BALANCE",
         "You cannot pay more than the open balance of invoice ERP-900001 (500.00 USD)."),
        ("0", "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."),
        ("-5.00", "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."),
        ("10.005", "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."),
        ("NaN", "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."),
        ("1E+40", "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."),
    ],
)  # fmt: skip
def test_an_amount_above_the_open_balance_or_malformed_is_refused(amount, code, message, invoices, graphql, login):
    token = login("admin@acme.test")
    items = _items((invoices["senior"], "20.00"), (invoices["admin"], amount))
    body = graphql(CREATE, {"items": items, "currency": "USD"}, token=token)
    assert error_code(body) == code
    assert body["errors"][0]["message"] == message
    assert body["errors"][0]["extensions"]["fields"] == {"lineItems.1.amount": [message]}
    assert InvoicePaymentRequest.objects.count() == 0 and Cart.objects.count() == 0


def test_the_whole_open_balance_of_a_partly_paid_invoice_may_be_paid(demo_store, graphql, login):
    invoice = record_invoice("Acme Labs", "ERP-900010", "200.00", open_balance="75.50")
    assert invoice.status == InvoiceStatus.PARTIALLY_PAID
    token = login("admin@acme.test")
    assert "errors" not in graphql(CREATE, {"items": _items((invoice, "75.50")), "currency": "USD"}, token=token)
    body = graphql(CREATE, {"items": _items((invoice, "75.51")), "currency": "USD"}, token=token)
    assert error_code(body) == "INVOICE_AMOUNT_ABOVE_BALANCE"


def test_a_paid_invoice_is_refused(invoices, graphql, login):
    body = graphql(
        CREATE, {"items": _items((invoices["paid"], "1.00")), "currency": "USD"}, token=login("admin@acme.test")
    )
    assert error_code(body) == "INVOICE_ALREADY_PAID"
    assert body["errors"][0]["message"] == "Invoice ERP-900003 is already paid."
    assert InvoicePaymentRequest.objects.count() == 0


def test_invoices_in_several_currencies_are_refused_with_a_clear_message(invoices, graphql, login):
    items = _items((invoices["admin"], "10.00"), (invoices["euro"], "10.00"))
    body = graphql(CREATE, {"items": items, "currency": "USD"}, token=login("admin@acme.test"))
    assert error_code(body) == "INVOICE_CURRENCY_MISMATCH"
    assert body["errors"][0]["message"] == (
        "Invoices in different currencies cannot be paid together. Pay the invoices of each currency separately."
    )
    assert InvoicePaymentRequest.objects.count() == 0 and Cart.objects.count() == 0


def test_the_currency_must_be_the_invoices(invoices, graphql, login):
    token = login("admin@acme.test")
    body = graphql(CREATE, {"items": _items((invoices["euro"], "10.00")), "currency": "USD"}, token=token)
    assert error_code(body) == "INVOICE_CURRENCY_MISMATCH"
    assert body["errors"][0]["extensions"]["fields"] == {"currency": ["These invoices are in EUR."]}
    body = graphql(CREATE, {"items": _items((invoices["euro"], "10.00")), "currency": "eur"}, token=token)
    assert "errors" not in body, body
    assert Cart.objects.get().currency_code == "EUR"


def test_an_empty_a_repeated_or_an_unknown_invoice_is_refused(invoices, graphql, login):
    token = login("admin@acme.test")
    assert error_code(graphql(CREATE, {"items": [], "currency": "USD"}, token=token)) == "INVOICE_PAYMENT_EMPTY"
    twice = _items((invoices["admin"], "10.00"), (invoices["admin"], "5.00"))
    assert error_code(graphql(CREATE, {"items": twice, "currency": "USD"}, token=token)) == "INVOICE_PAYMENT_DUPLICATE"
    for ref in ("999999", "abc", "-1", ""):
        body = graphql(CREATE, {"items": [{"invoiceId": ref, "amount": "1.00"}], "currency": "USD"}, token=token)
        assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Invoice not found."), ref
    many = [{"invoiceId": str(invoices["admin"].pk), "amount": "1.00"}] * 101
    assert error_code(graphql(CREATE, {"items": many, "currency": "USD"}, token=token)) == "INVOICE_PAYMENT_TOO_MANY"
    assert InvoicePaymentRequest.objects.count() == 0 and Cart.objects.count() == 0


def test_a_new_cart_for_an_invoice_abandons_the_users_older_payment_of_it(invoices, graphql, login):
    admin, senior = login("admin@acme.test"), login("senior@acme.test")
    first = graphql(CREATE, {"items": _items((invoices["admin"], "100.00")), "currency": "USD"}, token=admin)
    other = graphql(CREATE, {"items": _items((invoices["senior"], "10.00")), "currency": "USD"}, token=admin)
    colleague = graphql(CREATE, {"items": _items((invoices["admin"], "50.00")), "currency": "USD"}, token=senior)
    second = graphql(CREATE, {"items": _items((invoices["admin"], "200.00")), "currency": "USD"}, token=admin)
    ids = {name: body["data"]["invoiceCreateBcCart"]["cartId"] for name, body in
           {"first": first, "other": other, "colleague": colleague, "second": second}.items()}  # fmt: skip

    statuses = {name: InvoicePaymentRequest.objects.get(cart_id=cart_id).status for name, cart_id in ids.items()}
    # The admin's older payment of ERP-900001 is over, its cart gone; their payment of another invoice and the
    # senior buyer's payment of the same invoice are not the admin's older payment of it, and stay.
    assert statuses == {"first": "abandoned", "other": "pending", "colleague": "pending", "second": "pending"}
    assert set(map(str, Cart.objects.values_list("pk", flat=True))) == {ids["other"], ids["colleague"], ids["second"]}


def test_checkout_login_opens_the_invoice_checkout_for_a_payer_who_may_not_buy(invoices, graphql, login, client):
    """Paying invoices needs pay_invoice, not purchase_enable: an accounts payable clerk may pay without ordering."""
    RolePermission.objects.filter(template__role=0, template__is_builtin=True, code="purchase_enable").delete()
    token = login("admin@acme.test")
    cart_id = graphql(CREATE, {"items": _items((invoices["admin"], "25.00")), "currency": "USD"}, token=token)["data"][
        "invoiceCreateBcCart"
    ]["cartId"]

    body = graphql(CHECKOUT_LOGIN, {"id": cart_id}, token=token)

    url = body["data"]["checkoutLogin"]["result"]["redirectUrl"]
    response = client.get(url)
    assert response["Location"] == f"/checkout/invoices/{cart_id}/"
    assert "sf_cart_id" not in response.cookies  # never the shopping cart
    page = client.get(response["Location"]).content.decode()
    assert "ERP-900001" in page and "$25.00" in page


def test_checkout_login_of_an_invoice_cart_needs_pay_invoice_still(invoices, graphql, login):
    token = login("admin@acme.test")
    cart_id = graphql(CREATE, {"items": _items((invoices["admin"], "25.00")), "currency": "USD"}, token=token)["data"][
        "invoiceCreateBcCart"
    ]["cartId"]
    RolePermission.objects.filter(template__role=0, template__is_builtin=True, code="pay_invoice").delete()
    body = graphql(CHECKOUT_LOGIN, {"id": cart_id}, token=token)
    assert error_code(body) == "PERMISSION_DENIED"
    assert body["errors"][0]["message"] == (
        "You cannot pay invoices. Ask your company admin for the Pay invoice permission."
    )
    other = graphql(CHECKOUT_LOGIN, {"id": cart_id}, token=login("senior@acme.test"))
    assert error_code(other) == "NOT_FOUND"  # a colleague's payment cart is not theirs


def test_the_cart_api_shows_what_an_invoice_cart_pays_and_adds_no_products_to_it(invoices, ethanol, graphql, login):
    token = login("admin@acme.test")
    items = _items((invoices["admin"], "100.00"), (invoices["senior"], "20.50"))
    cart_id = graphql(CREATE, {"items": items, "currency": "USD"}, token=token)["data"]["invoiceCreateBcCart"]["cartId"]

    cart = graphql(READ_CART, {"id": cart_id}, token=token)["data"]["cart"]
    assert cart == {"entityId": cart_id, "currencyCode": "USD", "amounts": {"grandTotal": {"value": "120.50"}}}
    variant = ethanol.variants.order_by("pk").first()
    add = """mutation($id: String!, $items: [CartLineItemInput!]!) {
      addCartLineItems(addCartLineItemsInput: {cartEntityId: $id, data: {lineItems: $items}}) { entityId } }"""
    body = graphql(add, {"id": cart_id, "items": [{"productEntityId": ethanol.pk, "variantEntityId": variant.pk,
                                                   "quantity": 1}]}, token=token)  # fmt: skip
    assert body["errors"][0]["message"] == "This cart pays invoices: products cannot be added to it."
    assert Cart.objects.get(pk=cart_id).lines.count() == 0


def test_deleting_the_cart_abandons_its_payment(invoices, graphql, login):
    """business §4 step 5: the overlay deletes the cart (invoicePay) when the buyer leaves checkout."""
    token = login("admin@acme.test")
    cart_id = graphql(CREATE, {"items": _items((invoices["admin"], "100.00")), "currency": "USD"}, token=token)["data"][
        "invoiceCreateBcCart"
    ]["cartId"]
    body = graphql(DELETE_CART, {"id": cart_id}, token=token)
    assert body["data"]["deleteCart"]["deletedCartEntityId"] == cart_id
    assert InvoicePaymentRequest.objects.get().status == PaymentRequestStatus.ABANDONED
    assert Cart.objects.count() == 0
