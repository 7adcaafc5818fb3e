"""`invoiceCreateBcCart` (business §7; issue 20): a storefront cart that pays invoice amounts. The cart is
storefront's, so the mutation is too (ARCHITECTURE §3: storefront may import invoices, never the other way)."""

from __future__ import annotations

from decimal import Decimal

import strawberry
from django.urls import reverse

from accounts.selectors import Actor
from invoices.errors import INVOICE_NOT_FOUND_MESSAGE
from invoices.selectors import parse_invoice_id
from invoices.services.payment import MAX_PAYMENT_LINES, PaymentLine
from portal.errors import InputError, NotFound, field_error
from storefront.invoice_payment import invoice_cart_create
from storefront.models import Cart

INVOICE_CREATE_BC_CART_DESCRIPTION = (
    "Pay invoices (business §4 'Pay-invoice flow'): a storefront cart that pays the given amounts of the caller's "
    "company's invoices, and the plain checkout url of its invoice checkout (open it when signed in on the "
    "storefront, or pass cartId to checkoutLogin for a one-time sign-in link). Needs the Pay invoice code "
    "(pay_invoice; level 2: any invoice of the company, level 1: invoices of orders the caller placed) while working "
    "in a company (its users, a masquerading super admin): PERMISSION_DENIED otherwise. Each amount above 0 with at "
    "most 2 decimals (INVOICE_AMOUNT_INVALID) and not above the invoice's open balance "
    "(INVOICE_AMOUNT_ABOVE_BALANCE), fields lineItems.<index>.amount; a paid invoice: INVOICE_ALREADY_PAID; invoices "
    "of several currencies, or not in `currency`: INVOICE_CURRENCY_MISMATCH; an invoice twice: "
    "INVOICE_PAYMENT_DUPLICATE; none: INVOICE_PAYMENT_EMPTY; more than 100: INVOICE_PAYMENT_TOO_MANY; an invoice "
    "the caller may not pay (another company's, a missing id): NOT_FOUND 'Invoice not found.'. The caller's older "
    "pending payments of any of these invoices are abandoned (their carts deleted). Nothing is charged here: the "
    "checkout takes the test card, checks every amount again at that moment, and writes the receipt."
)


@strawberry.input(description="An amount to pay on one invoice.")
class InvoicePaymentLineItemInput:
    invoice_id: strawberry.ID = strawberry.field(description="The invoice's id (as `invoice(id)` takes it).")
    amount: Decimal = strawberry.field(description='The amount to pay, in the invoice\'s currency, e.g. "120.50".')


@strawberry.type(description="The cart that pays the invoices, and its checkout.")
class InvoiceCreateBcCartResult:
    checkout_url: str = strawberry.field(description="The invoice checkout of the cart (plain, without sign-in).")
    cart_id: str = strawberry.field(description="The cart's entity id, for checkoutLogin(cartData: {cartId}).")


def _invoice_pk(value: strawberry.ID) -> int:
    pk = parse_invoice_id(str(value))
    if pk is None:
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    return pk


def invoice_checkout_url(request, cart: Cart) -> str:
    return request.build_absolute_uri(reverse("storefront:invoice-checkout", args=[cart.pk]))


def invoice_create_bc_cart(
    info: strawberry.Info, line_items: list[InvoicePaymentLineItemInput], currency: str
) -> InvoiceCreateBcCartResult:
    actor: Actor = info.context.actor
    if len(line_items) > MAX_PAYMENT_LINES:
        message = f"Pay at most {MAX_PAYMENT_LINES} invoices at a time."
        raise InputError(
            message, fields=field_error("lineItems", message, code="too_many_invoices"), code="INVOICE_PAYMENT_TOO_MANY"
        )
    if len(currency) > 3:
        raise InputError(fields=field_error("currency", "A currency code has 3 letters.", code="invalid"))
    lines = [PaymentLine(invoice_id=_invoice_pk(item.invoice_id), amount=item.amount) for item in line_items]
    cart = invoice_cart_create(actor=actor, lines=lines, currency=currency)
    url = invoice_checkout_url(info.context.request, cart)
    return InvoiceCreateBcCartResult(checkout_url=url, cart_id=str(cart.pk))
