"""Paying invoices through the built-in checkout (issue 20; business §4 "Pay-invoice flow").

`invoiceCreateBcCart` makes a payment request (invoices.services.payment: scope, amounts, one currency) and a cart
for it: a cart that holds no products, whose amounts are the request's. `checkoutLogin` with that cart (or the plain
checkout url of a buyer signed in on the storefront) opens the invoice checkout, which takes the test card only — a
purchase order never pays an invoice — and has no shipping. Paying locks and checks the request's invoices, then
charges the card, then settles, in one transaction: a refusal or a declined card changes nothing and charges nothing.

business §4 step 5 (the stored invoicePay flag deletes the cart when the buyer leaves checkout): the built-in checkout
keeps the flag in the browser's session while the invoice checkout is open; the next storefront page the buyer opens
instead (the portal included) deletes the cart and abandons its payment request, and "Cancel payment" does the same
at once and returns to the portal's invoices.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db import transaction

from accounts.selectors import Actor
from invoices.models import InvoicePaymentRequest, InvoiceStatus, PaymentRequestStatus, Receipt
from invoices.services.payment import (
    PaymentLine,
    invoice_payment_check,
    invoice_payment_request_abandon,
    invoice_payment_request_create,
    invoice_payment_settle,
)
from portal.money import format_money
from portal.selectors import store_current
from storefront.models import Cart
from storefront.payments import Card, card_charge
from storefront.selectors import cart_usable_by

# The invoicePay flag of business §4: the invoice checkout's cart id while it is open in this browser session.
INVOICE_PAY_SESSION_KEY = "sf_invoice_pay"
# The receipts this browser session paid: only it sees their pages (as with order confirmations).
PAID_RECEIPTS_KEY = "sf_paid_receipts"
# Where the buyer goes back to: the portal's invoices (shell §2 /invoice).
PORTAL_INVOICES_URL = "/#/invoice"
# The pages that are the invoice checkout; any other storefront page is "leaving checkout".
INVOICE_CHECKOUT_URL_NAMES = frozenset({"invoice-checkout", "invoice-checkout-cancel", "invoice-receipt"})


def money_formatter(currency_code: str) -> Callable[[Decimal], str]:
    """Amounts in the currency's store format; an invoice in a currency the store does not sell in (an ERP invoice)
    gets the amount and the code."""
    currency = store_current().currencies.filter(code=currency_code).first()
    if currency is None:
        return lambda amount: f"{amount:,.2f} {currency_code}"
    return lambda amount: format_money(amount, currency)


# --- the cart --------------------------------------------------------------------------------------------------------


@transaction.atomic
def invoice_cart_create(*, actor: Actor, lines: Sequence[PaymentLine], currency: str) -> Cart:
    """A cart that pays `lines` (the rules and errors of `invoice_payment_request_create`), the caller's; the carts
    of the caller's payment requests it replaced are deleted."""
    cart_id = uuid.uuid4()
    request = invoice_payment_request_create(actor=actor, lines=lines, currency=currency, cart_id=str(cart_id))
    Cart.objects.filter(user=actor.user, invoice_payment__status=PaymentRequestStatus.ABANDONED).delete()
    return Cart.objects.create(
        id=cart_id,
        user=actor.user,
        masquerade_company=actor.masquerade_company,
        currency_code=request.currency_code,
        invoice_payment=request,
    )


def invoice_cart_for(actor: Actor, cart_id: uuid.UUID | str) -> Cart | None:
    """The caller's cart that pays invoices (of the company they masquerade as now, for a super admin), or None."""
    if actor.user is None:
        return None
    try:
        cart_id = uuid.UUID(str(cart_id))
    except ValueError:
        return None
    cart = (
        Cart.objects.select_related("invoice_payment").filter(pk=cart_id, invoice_payment__isnull=False).first()
    )  # fmt: skip
    if cart is None or cart.user_id is None or not cart_usable_by(cart, actor):
        return None
    return cart


def invoice_cart_payment(cart: Cart) -> InvoicePaymentRequest:
    """The payment request of a cart that pays invoices (invoice_cart_for's carts all have one)."""
    if cart.invoice_payment is None:
        raise ValueError(f"Cart {cart.pk} pays no invoices.")
    return cart.invoice_payment


@transaction.atomic
def invoice_cart_cancel(*, cart: Cart) -> None:
    """The buyer left or cancelled the invoice checkout: its payment request is abandoned and the cart deleted."""
    if cart.invoice_payment is not None:  # no query without one
        invoice_payment_request_abandon(request=cart.invoice_payment)
    cart.delete()


def invoice_cart_pay(*, cart: Cart, actor: Actor, card: Card, payer_name: str) -> Receipt:
    """Pay the cart's invoices with the card. The request and its invoices are locked and checked first (another
    tab may have paid them meanwhile: ValidationError, nothing charged), then the card is charged (PaymentDeclined:
    nothing changed), then the payment is settled and the cart deleted — all in one transaction."""
    with transaction.atomic():
        request, checked = invoice_payment_check(request=invoice_cart_payment(cart), actor=actor)
        total = sum((item.line.amount for item in checked), Decimal(0))
        charge = card_charge(card=card, amount=total, currency_code=request.currency_code)
        receipt = invoice_payment_settle(
            request=request,
            payer=actor,
            payment_type=charge.payment_type,
            reference=charge.reference,
            payer_name=payer_name,
        )
        cart.delete()
    return receipt


def invoice_checkout_left(request) -> None:
    """business §4 step 5: the invoice checkout this browser session opened (the invoicePay flag) is left for another
    storefront page: its cart is deleted and its payment abandoned."""
    cart_id = request.session.get(INVOICE_PAY_SESSION_KEY)
    if not cart_id:
        return
    del request.session[INVOICE_PAY_SESSION_KEY]
    cart = Cart.objects.select_related("invoice_payment").filter(pk=cart_id, invoice_payment__isnull=False).first()
    if cart is not None and request.user.is_authenticated and cart.user_id == request.user.pk:
        invoice_cart_cancel(cart=cart)


# --- what the pages show ---------------------------------------------------------------------------------------------


@dataclass
class InvoiceCartLine:
    invoice_id: int
    number: str
    due_date: date
    open_balance_label: str
    amount: Decimal
    amount_label: str
    pays_in_full: bool


@dataclass
class InvoiceCartView:
    currency_code: str
    lines: list[InvoiceCartLine] = field(default_factory=list)
    total: Decimal = Decimal(0)
    total_label: str = ""


def invoice_cart_view(cart: Cart) -> InvoiceCartView:
    """The invoices the cart pays, each with its open balance as it is now and the amount paid on it."""
    request = invoice_cart_payment(cart)
    code = request.currency_code
    money = money_formatter(code)
    view = InvoiceCartView(currency_code=code)
    for line in request.lines.select_related("invoice").order_by("pk"):
        invoice = line.invoice
        view.lines.append(
            InvoiceCartLine(
                invoice_id=invoice.pk,
                number=invoice.number,
                due_date=invoice.due_date,
                open_balance_label=money(invoice.open_balance),
                amount=line.amount,
                amount_label=money(line.amount),
                pays_in_full=line.amount == invoice.open_balance,
            )
        )
    view.total = sum((line.amount for line in view.lines), Decimal(0))
    view.total_label = money(view.total)
    return view


@dataclass
class ReceiptView:
    receipt: Receipt
    total_label: str
    lines: list[dict]


def receipt_view(receipt_id: int) -> ReceiptView | None:
    receipt = Receipt.objects.filter(pk=receipt_id).prefetch_related("lines__invoice").first()
    if receipt is None:
        return None
    money = money_formatter(receipt.currency_code)
    lines = [
        {
            "number": line.invoice.number,
            "amount_label": money(line.amount),
            "status_label": InvoiceStatus(line.payment_status).label,
            "open_balance_label": money(line.invoice.open_balance),
        }
        for line in receipt.lines.all()
    ]
    return ReceiptView(receipt=receipt, total_label=money(receipt.total_amount), lines=lines)
