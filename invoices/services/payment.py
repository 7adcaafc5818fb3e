"""Paying invoices (issue 20; business §4 "Pay-invoice flow", §3 "Receipt").

A payment request is what one checkout pays: amounts of some of the caller's company's invoices, in one currency.
The storefront (right of invoices, ARCHITECTURE §3) makes a cart for it, takes the card, and settles the request:
`invoice_payment_check` locks the request and its invoices and checks every amount again at that moment — before the
card is charged, so a second tab paying the same invoice is refused with nothing charged — and
`invoice_payment_settle` (in the same transaction) lowers the open balances, sets each invoice's status, writes the
receipt with a line per invoice, gives back company credit the paid orders took, and records the payment in the
company's audit log.

Who pays: the "Pay invoice" code of shell §6 (`pay_invoice`) in the company the caller works in (its users, a super
admin masquerading as it); level 2 reaches every invoice of the company (and of the units below it the caller's
company-wide permissions reach: issue 40; the request and its receipt are the payer's unit's), level 1 the
invoices of orders the caller placed. Everyone else is refused, and another company's invoice does not exist for the
caller.

A user has one payment in progress per invoice: a new request that names an invoice of an older pending request of
the same user abandons that older request (its cart is then gone, so two of the user's tabs cannot leave two live
checkouts for one invoice). Requests of different users may overlap: whoever pays first wins, and the other is
refused at the moment of paying when its amount is above what is still open.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.db.models import QuerySet, Sum

from accounts.models import Company, User
from accounts.selectors import Actor
from accounts.services import audit_record, company_credit_release
from invoices.errors import INVOICE_NOT_FOUND_MESSAGE
from invoices.models import (
    Invoice,
    InvoicePaymentRequest,
    InvoicePaymentRequestLine,
    InvoiceStatus,
    PaymentRequestStatus,
    Receipt,
    ReceiptLine,
)
from invoices.permissions import PAY_INVOICE, can_pay_invoices
from invoices.selectors import invoices_visible_to
from orders.models import PaymentMethod
from portal.errors import NotFound, Refused, api_codes_declare, field_errors

MAX_PAYMENT_LINES = 100  # one checkout; the invoice list pays at most a page of 100 rows at once
CENT = Decimal("0.01")
MAX_AMOUNT = Decimal("999999999999.99")  # what a money field (14 digits, 2 decimals) holds
INVOICE_PAID_ACTION = "invoice_paid"
PAY_REFUSED_MESSAGE = "You cannot pay invoices. Ask your company admin for the Pay invoice permission."


class InvoicePaymentErrorCode(models.TextChoices):
    NO_INVOICES = "INVOICE_PAYMENT_EMPTY", "Choose at least one invoice to pay."
    TOO_MANY_INVOICES = "INVOICE_PAYMENT_TOO_MANY", f"Pay at most {MAX_PAYMENT_LINES} invoices at a time."
    DUPLICATE_INVOICE = "INVOICE_PAYMENT_DUPLICATE", "Each invoice may be listed once."
    AMOUNT_INVALID = "INVOICE_AMOUNT_INVALID", "Enter an amount above 0 with at most 2 decimals."
    AMOUNT_ABOVE_BALANCE = "INVOICE_AMOUNT_ABOVE_BALANCE", "The amount is more than the invoice's open balance."
    ALREADY_PAID = "INVOICE_ALREADY_PAID", "The invoice is already paid."
    CURRENCY_MISMATCH = (
        "INVOICE_CURRENCY_MISMATCH",
        ("Invoices in different currencies cannot be paid together. Pay the invoices of each currency separately."),
    )
    PAYMENT_NOT_PENDING = "INVOICE_PAYMENT_NOT_PENDING", "This payment is no longer open: it was paid or cancelled."


api_codes_declare(InvoicePaymentErrorCode)
Codes = InvoicePaymentErrorCode


@dataclass(frozen=True)
class PaymentLine:
    """An amount to pay on one invoice (business §7 invoiceCreateBcCart lineItems)."""

    invoice_id: int
    amount: Decimal


@dataclass(frozen=True)
class CheckedLine:
    """A line of a request as settling finds it: its invoice row-locked."""

    line: InvoicePaymentRequestLine
    invoice: Invoice


# --- who pays what ---------------------------------------------------------------------------------------------------


def invoice_payment_refusal(actor: Actor) -> str | None:
    """Why the actor may not pay invoices (a guest, an individual, a super admin who is not masquerading, a junior
    buyer, a role without pay_invoice), or None."""
    return None if can_pay_invoices(actor) else PAY_REFUSED_MESSAGE


def invoices_payable_by(actor: Actor) -> QuerySet[Invoice]:
    """The invoices the actor may pay (paid ones included: they are refused with their own message)."""
    return invoices_visible_to(actor=actor, code=PAY_INVOICE)


def _refuse_unless_payer(actor: Actor) -> tuple[Company, User]:
    """The payer's company and user; Refused for anyone who may not pay."""
    refusal = invoice_payment_refusal(actor)
    if refusal:
        raise Refused(refusal)
    company, user = actor.b2b_company, actor.user
    assert company is not None and user is not None  # can_pay_invoices: a signed-in user working in a company
    return company, user


# --- amounts ---------------------------------------------------------------------------------------------------------


def _money(value: Decimal, currency_code: str) -> str:
    return f"{value:,.2f} {currency_code}"


def _amount_error(invoice: Invoice, amount: Decimal) -> ValidationError | None:
    """Why `amount` cannot be paid on the invoice as it stands, or None (0 < amount <= open balance, 2 decimals)."""
    try:
        valid = amount.is_finite() and amount == amount.quantize(CENT) and CENT <= amount <= MAX_AMOUNT
    except InvalidOperation:  # too many digits to quantize
        valid = False
    if not valid:
        return ValidationError(Codes.AMOUNT_INVALID.label, code=Codes.AMOUNT_INVALID)
    if invoice.status == InvoiceStatus.PAID or invoice.open_balance <= 0:
        return ValidationError(f"Invoice {invoice.number} is already paid.", code=Codes.ALREADY_PAID)
    if amount > invoice.open_balance:
        return ValidationError(
            f"You cannot pay more than the open balance of invoice {invoice.number} "
            f"({_money(invoice.open_balance, invoice.currency_code)}).",
            code=Codes.AMOUNT_ABOVE_BALANCE,
        )
    return None


# --- the request -----------------------------------------------------------------------------------------------------


@transaction.atomic
def invoice_payment_request_create(
    *, actor: Actor, lines: Sequence[PaymentLine], currency: str, cart_id: str
) -> InvoicePaymentRequest:
    """A pending payment of `lines` (each 0 < amount <= the invoice's open balance, 2 decimals; invoices unpaid, of
    one currency, which is `currency`) by the actor, for the storefront cart `cart_id`. Abandons the actor's older
    pending requests that name any of these invoices. Raises Refused without pay rights, NotFound for an invoice
    the actor may not pay (another company's, a colleague's at level 1, a missing one), ValidationError with
    `lineItems.<index>.<field>` keys for an amount and a top-level code for the whole request."""
    company, payer = _refuse_unless_payer(actor)
    if not lines:
        raise ValidationError({"lineItems": [ValidationError(Codes.NO_INVOICES.label, code=Codes.NO_INVOICES)]})
    if len(lines) > MAX_PAYMENT_LINES:
        raise ValidationError(
            {"lineItems": [ValidationError(Codes.TOO_MANY_INVOICES.label, code=Codes.TOO_MANY_INVOICES)]}
        )
    seen: set[int] = set()
    for index, line in enumerate(lines):
        if line.invoice_id in seen:
            raise ValidationError(
                {f"lineItems.{index}.invoiceId": [ValidationError(Codes.DUPLICATE_INVOICE.label,
                                                                  code=Codes.DUPLICATE_INVOICE)]}
            )  # fmt: skip
        seen.add(line.invoice_id)
    invoices = {invoice.pk: invoice for invoice in invoices_payable_by(actor).filter(pk__in=seen)}
    if len(invoices) != len(seen):
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    currencies = {invoice.currency_code for invoice in invoices.values()}
    if len(currencies) > 1:
        raise ValidationError(Codes.CURRENCY_MISMATCH.label, code=Codes.CURRENCY_MISMATCH)
    (invoice_currency,) = currencies
    if (currency or "").strip().upper() != invoice_currency:
        raise ValidationError(
            {"currency": [ValidationError(f"These invoices are in {invoice_currency}.", code=Codes.CURRENCY_MISMATCH)]}
        )
    errors = {}
    for index, line in enumerate(lines):
        error = _amount_error(invoices[line.invoice_id], line.amount)
        if error is not None:
            errors[f"lineItems.{index}.amount"] = [error]
    if errors:
        raise field_errors(errors)
    # One payment in progress per invoice and user: the older one's checkout is over (its cart goes with it).
    InvoicePaymentRequest.objects.filter(
        user=payer, status=PaymentRequestStatus.PENDING, lines__invoice_id__in=seen
    ).update(status=PaymentRequestStatus.ABANDONED)
    request = InvoicePaymentRequest.objects.create(
        company=company, user=payer, cart_id=cart_id, currency_code=invoice_currency
    )
    InvoicePaymentRequestLine.objects.bulk_create(
        InvoicePaymentRequestLine(request=request, invoice_id=line.invoice_id, amount=line.amount) for line in lines
    )
    return request


@transaction.atomic
def invoice_payment_request_abandon(*, request: InvoicePaymentRequest) -> None:
    """The buyer left the checkout (business §4 step 5, invoicePay) or its cart was deleted: the request is over. A
    paid request stays paid."""
    InvoicePaymentRequest.objects.filter(pk=request.pk, status=PaymentRequestStatus.PENDING).update(
        status=PaymentRequestStatus.ABANDONED
    )


def invoice_payment_total(request: InvoicePaymentRequest) -> Decimal:
    return (request.lines.aggregate(total=Sum("amount"))["total"] or Decimal(0)).quantize(CENT)


# --- settling --------------------------------------------------------------------------------------------------------


def invoice_payment_check(
    *, request: InvoicePaymentRequest, actor: Actor
) -> tuple[InvoicePaymentRequest, list[CheckedLine]]:
    """Lock the request and its invoices (until the caller's transaction ends) and check that the actor may still
    pay every amount now: the request is pending and theirs, in the company they work in, each invoice still
    payable by them and the amount not above its open balance. Call it inside a transaction, before the card is
    charged: what it refuses is never charged. The request first, then its invoices by id — one order for every
    payer, so two payments never wait on each other in a circle."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("invoice_payment_check needs a transaction: its locks last until it ends.")
    locked = InvoicePaymentRequest.objects.select_for_update().get(pk=request.pk)
    if locked.status != PaymentRequestStatus.PENDING:
        raise ValidationError(Codes.PAYMENT_NOT_PENDING.label, code=Codes.PAYMENT_NOT_PENDING)
    company, payer = _refuse_unless_payer(actor)
    if locked.user_id != payer.pk or locked.company_id != company.pk:
        raise NotFound("Payment not found.")
    lines = list(locked.lines.order_by("invoice_id", "pk"))
    ids = [line.invoice_id for line in lines]
    rows = Invoice.objects.select_related("order").select_for_update(of=("self",)).filter(pk__in=ids).order_by("pk")
    invoices = {invoice.pk: invoice for invoice in rows}
    payable = set(invoices_payable_by(actor).filter(pk__in=ids).values_list("pk", flat=True))
    if not lines or payable != set(ids):
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    for line in lines:
        error = _amount_error(invoices[line.invoice_id], line.amount)
        if error is not None:
            raise error
    return locked, [CheckedLine(line=line, invoice=invoices[line.invoice_id]) for line in lines]


def _payer_name(actor: Actor) -> str:
    user = actor.user
    assert user is not None  # the payer was checked first
    return (f"{user.first_name} {user.last_name}".strip() or user.email)[:150]


def _credit_to_release(invoice: Invoice, paid_before: Decimal, paid_now: Decimal) -> Decimal:
    """Company credit an order bought on account took comes back as its invoices are paid, up to what it took: the
    part of the paid amount (in the store's base currency) not given back by earlier payments."""
    order = invoice.order
    if order is None or order.payment_method != PaymentMethod.PURCHASE_ORDER or order.credit_charged <= 0:
        return Decimal(0)
    rate = order.exchange_rate or Decimal(1)
    before = min(order.credit_charged, paid_before / rate)
    after = min(order.credit_charged, (paid_before + paid_now) / rate)
    return (after - before).quantize(CENT)


@transaction.atomic
def invoice_payment_settle(
    *, request: InvoicePaymentRequest, payer: Actor, payment_type: str, reference: str, payer_name: str = ""
) -> Receipt:
    """The request is paid (`reference` is the payment's reference, `payment_type` what paid, e.g. "Test card ••••
    4242"): checks it as `invoice_payment_check` does (again, if the caller did already in this transaction),
    lowers each invoice's open balance, sets it partially paid or paid, writes the receipt and its lines, marks the
    request paid, gives back company credit (orders bought on account) and writes the company's audit log."""
    locked, checked = invoice_payment_check(request=request, actor=payer)
    total = sum((item.line.amount for item in checked), Decimal(0))
    receipt = Receipt.objects.create(
        company_id=locked.company_id,
        payer=payer.user,
        payer_name=(payer_name.strip() or _payer_name(payer))[:150],
        payment_type=payment_type[:60],
        transaction_type="Paid",
        reference_number=reference,
        currency_code=locked.currency_code,
        total_amount=total,
    )
    invoice_ids = [item.invoice.pk for item in checked]
    order_ids = {item.invoice.order_id for item in checked if item.invoice.order_id}
    # What earlier payments paid on the invoices of each order (for the credit the order took).
    paid_before = dict(
        ReceiptLine.objects.filter(invoice__order_id__in=order_ids)
        .exclude(receipt=receipt)
        .values("invoice__order_id")
        .annotate(total=Sum("amount"))
        .values_list("invoice__order_id", "total")
    )
    credit: dict[int, Decimal] = {}  # the company (unit) whose order took the credit → what comes back to it
    receipt_lines = []
    for item in checked:
        invoice = item.invoice
        invoice.open_balance -= item.line.amount
        invoice.status = InvoiceStatus.PAID if invoice.open_balance <= 0 else InvoiceStatus.PARTIALLY_PAID
        invoice.save(update_fields=["open_balance", "status", "updated_at"])
        receipt_lines.append(
            ReceiptLine(receipt=receipt, invoice=invoice, amount=item.line.amount, payment_status=invoice.status)
        )
        if invoice.order_id:
            before = paid_before.get(invoice.order_id, Decimal(0))
            released = _credit_to_release(invoice, before, item.line.amount)
            if released > 0:
                # A parent's admin pays a lab's invoice (issue 40): the credit goes back where the order took it.
                order = invoice.order
                assert order is not None  # only an order's credit comes back
                company_id = order.company_id or locked.company_id
                credit[company_id] = credit.get(company_id, Decimal(0)) + released
            paid_before[invoice.order_id] = before + item.line.amount
    ReceiptLine.objects.bulk_create(receipt_lines)
    for company_id in sorted(credit):  # one order of locks for every payer
        company_credit_release(company_id=company_id, amount=credit[company_id])
    locked.status = PaymentRequestStatus.PAID
    locked.save(update_fields=["status"])
    numbers = ", ".join(item.invoice.number for item in checked)
    audit_record(
        action=INVOICE_PAID_ACTION,
        summary=f"Paid {_money(total, locked.currency_code)} on {numbers} (receipt {reference}, {payment_type})",
        actor=payer,
        target=receipt,
        changes={
            "reference": reference,
            "paymentType": payment_type,
            "invoices": {item.invoice.number: str(item.line.amount) for item in checked},
            "invoiceIds": invoice_ids,
        },
    )
    return receipt
