"""Staff issue invoices (issue 20): from an order — all its lines not invoiced yet, or those they choose — or by
recording an invoice that comes from the supplier's ERP. An issued invoice is numbered "INV-" and a sequence, due
after the store's payment terms unless staff give a date, carries the tracking numbers of the order's shipments, and
gets its PDF from WeasyPrint when staff upload none."""

from __future__ import annotations

import datetime
import re
import uuid
from collections.abc import Callable, Sequence
from decimal import Decimal
from typing import cast

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.files.base import ContentFile
from django.db import IntegrityError, transaction
from django.db.models import Max, Prefetch
from django.utils import timezone

from accounts.models import Company, User
from accounts.services import audit_record
from invoices.errors import InvoiceErrorCode
from invoices.models import Invoice, InvoiceLine, InvoiceSource, InvoiceStatus
from orders.models import Order, OrderLine, OrderStatus, PaymentMethod, Shipment, ShipmentLine
from portal.errors import field_error, field_errors
from portal.locks import lock_for_transaction

INVOICE_PREFIX = "INV-"
FIRST_INVOICE_SEQUENCE = 100_001
_ISSUED_NUMBER = r"^INV-(\d{6,})$"
# The store's payment terms: an issued invoice is due this many days after its date unless staff give a due date.
# Companies have no terms of their own yet (accounts); the setting INVOICE_PAYMENT_TERMS_DAYS changes it store-wide.
DEFAULT_PAYMENT_TERMS_DAYS = 30
MAX_TRACKING_NUMBERS = 50
_CURRENCY = r"^[A-Z]{3}$"
CENT = Decimal("0.01")


def payment_terms_days() -> int:
    return int(getattr(settings, "INVOICE_PAYMENT_TERMS_DAYS", DEFAULT_PAYMENT_TERMS_DAYS))


def default_due_date(issued_on: datetime.date) -> datetime.date:
    return issued_on + datetime.timedelta(days=payment_terms_days())


def invoice_status_for(*, original_balance: Decimal, open_balance: Decimal) -> int:
    """Paid when nothing is owed, partially paid when some of it was paid, open otherwise."""
    if open_balance <= 0:
        return InvoiceStatus.PAID
    if open_balance < original_balance:
        return InvoiceStatus.PARTIALLY_PAID
    return InvoiceStatus.OPEN


def _next_number() -> str:
    """The next "INV-" number. The caller holds the numbering lock (on PostgreSQL; SQLite writers run one at a time),
    so two invoices issued at once never take the same number."""
    highest = (
        Invoice.objects.filter(number__regex=r"^INV-[0-9]{6,}$").order_by().aggregate(highest=Max("number"))["highest"]
    )
    # Numbers of the same width sort as text; the sequence grows past six digits only after 899,999 invoices.
    numbers = [int(m.group(1)) for m in [re.match(_ISSUED_NUMBER, highest or "")] if m]
    sequence = max(numbers[0] + 1 if numbers else FIRST_INVOICE_SEQUENCE, FIRST_INVOICE_SEQUENCE)
    return f"{INVOICE_PREFIX}{sequence}"


def invoiced_order_line_ids(order: Order) -> set[int]:
    """The order's lines already on an invoice: a line is invoiced once."""
    return set(
        InvoiceLine.objects.filter(order_line__order=order, order_line__isnull=False).values_list(
            "order_line_id", flat=True
        )
    )


def order_tracking_numbers(order: Order, line_ids: set[int] | None = None) -> list[dict[str, str]]:
    """[{"number", "carrier"}] of the order's shipments (those that carried one of `line_ids`, when given), in the order
    they were shipped, each number once."""
    shipments = Shipment.objects.filter(order=order).order_by("shipped_at", "pk")
    shipments = shipments.prefetch_related(
        Prefetch("lines", queryset=ShipmentLine.objects.only("pk", "order_line_id", "shipment_id"))
    )
    found: list[dict[str, str]] = []
    seen: set[str] = set()
    for shipment in shipments:
        number = shipment.tracking_number.strip()
        if not number or number in seen:
            continue
        if line_ids is not None and not any(line.order_line_id in line_ids for line in shipment.lines.all()):
            continue
        seen.add(number)
        found.append({"number": number, "carrier": shipment.carrier})
    return found[:MAX_TRACKING_NUMBERS]


def _order_checked(order: Order) -> None:
    def refuse(message: str) -> ValidationError:
        return ValidationError({"order": [ValidationError(message, code=InvoiceErrorCode.ORDER_NOT_INVOICEABLE)]})

    if order.company_id is None:
        raise refuse("Only orders placed for a company are invoiced: this order has none (an individual customer pays "
                     "at checkout).")  # fmt: skip
    if order.status == OrderStatus.CANCELLED:
        raise refuse("A cancelled order is not invoiced.")
    if order.payment_method == PaymentMethod.TEST_CARD:
        raise refuse("This order was paid by card at checkout: there is nothing to invoice.")


def _lines_chosen(order: Order, line_ids: Sequence[int] | None) -> list[OrderLine]:
    lines = list(order.lines.order_by("pk"))
    invoiced = invoiced_order_line_ids(order)
    if line_ids:
        wanted = {int(pk) for pk in line_ids}
        by_id = {line.pk: line for line in lines}
        unknown = wanted - set(by_id)
        if unknown:
            raise field_error("lines", "Choose lines of this order.", code="not_a_line")
        again = sorted(by_id[pk].sku for pk in wanted & invoiced)
        if again:
            raise ValidationError(
                {"lines": [ValidationError(f"Invoiced already: {', '.join(again)}.", code="line_invoiced")]}
            )
        return [line for line in lines if line.pk in wanted]
    chosen = [line for line in lines if line.pk not in invoiced]
    if not chosen:
        raise ValidationError(InvoiceErrorCode.NOTHING_TO_INVOICE.label, code=InvoiceErrorCode.NOTHING_TO_INVOICE)
    return chosen


@transaction.atomic
def invoice_issue_from_order(
    order: Order,
    line_ids: Sequence[int] | None = None,
    due_date: datetime.date | None = None,
    by: User | None = None,
    *,
    issued_on: datetime.date | None = None,
    pdf: File | None = None,
    render_pdf: bool = True,
) -> Invoice:
    """Issue an invoice for the order's lines (`line_ids`; none named: every line not invoiced yet). Its amounts are
    the lines' as bought, the order's shipping going on the order's first invoice; due `due_date`, else after the
    store's payment terms; the PO number, grant or cost-centre code and the tracking numbers of the shipments that
    carried its lines come from the order. `pdf` is the document staff upload; without one WeasyPrint renders it
    (a Celery task once the transaction commits, or on the first download, whichever comes first; `render_pdf`
    False leaves it to the first download — the demo seeding, which should not wait for WeasyPrint).

    ValidationError: an order of no company, cancelled or paid by card (ORDER_NOT_INVOICEABLE), a line of another
    order or invoiced already (on `lines`), nothing left to invoice (NOTHING_TO_INVOICE), a due date before the
    invoice date (on `due_date`)."""
    lock_for_transaction(f"invoices.issue.order.{order.pk}")
    order = Order.objects.select_for_update(of=("self",)).select_related("company").get(pk=order.pk)
    _order_checked(order)
    lines = _lines_chosen(order, line_ids)
    issued_on = issued_on or timezone.localdate()
    due = due_date or default_due_date(issued_on)
    if due < issued_on:
        raise field_error("due_date", "The due date can not be before the invoice date.", code="end_before_start")
    first_invoice = not Invoice.objects.filter(order=order).exists()
    subtotal = sum((line.line_total for line in lines), Decimal(0))
    tax = sum((line.line_tax for line in lines), Decimal(0))
    shipping = order.shipping_total if first_invoice else Decimal(0)
    total = (subtotal + tax + shipping).quantize(CENT)
    lock_for_transaction("invoices.number")
    invoice = Invoice.objects.create(
        company_id=cast(int, order.company_id),  # _order_checked refused an order of no company
        order=order,
        number=_next_number(),
        customer_id=order.placed_by_id,
        purchase_order_number=order.po_number,
        cost_centre=order.cost_centre,
        issued_on=issued_on,
        due_date=due,
        currency_code=order.currency_code,
        original_balance=total,
        open_balance=total,
        subtotal=subtotal,
        tax_total=tax,
        shipping_total=shipping,
        status=invoice_status_for(original_balance=total, open_balance=total),
        tracking_numbers=order_tracking_numbers(order, {line.pk for line in lines}),
        source=InvoiceSource.ISSUED,
    )
    InvoiceLine.objects.bulk_create(
        InvoiceLine(
            invoice=invoice, order_line=line, sku=line.sku, name=line.name, quantity=line.quantity,
            unit_price=line.unit_price, line_total=line.line_total, tax=line.line_tax, position=position,
        )
        for position, line in enumerate(lines, start=1)
    )  # fmt: skip
    if pdf is not None:
        invoice.pdf.save(f"{invoice.number}.pdf", pdf, save=True)
    elif render_pdf:
        from invoices.tasks import invoice_pdf_render

        transaction.on_commit(lambda: invoice_pdf_render.delay(invoice.pk))
    audit_record(
        action="invoice_issued",
        summary=f"Invoice {invoice.number} issued for order #{order.number} ({total} {invoice.currency_code}).",
        user=by,
        company=order.company,
        target=invoice,
    )
    for listener in _issued_listeners:
        listener(invoice)
    return invoice


# Apps to the right of invoices that follow issued invoices (issue 39: a procurement system's invoice document)
# contribute a listener from their AppConfig.ready(): invoices may not import them (ARCHITECTURE §3).
_issued_listeners: list[Callable[[Invoice], None]] = []


def invoice_issued_listener_register(listener: Callable[[Invoice], None]) -> None:
    if listener not in _issued_listeners:
        _issued_listeners.append(listener)


def _money(value, name: str, errors: dict[str, list[ValidationError]]) -> Decimal:
    try:
        amount = Decimal(str(value)).quantize(CENT)
    except (ArithmeticError, ValueError, TypeError):
        errors.setdefault(name, []).append(ValidationError("Enter an amount.", code="invalid"))
        return Decimal(0)
    if amount < 0:
        errors.setdefault(name, []).append(ValidationError("Enter 0 or more.", code="out_of_range"))
    if amount >= Decimal("1e12"):
        errors.setdefault(name, []).append(ValidationError("Enter a smaller amount.", code="out_of_range"))
    return amount


def tracking_numbers_cleaned(items: Sequence[dict] | None) -> list[dict[str, str]]:
    """[{"number", "carrier"}] with blank numbers dropped, each number once, at most MAX_TRACKING_NUMBERS."""
    found, seen = [], set()
    for item in items or []:
        number = str((item or {}).get("number") or "").strip()[:64]
        if number and number not in seen:
            seen.add(number)
            found.append({"number": number, "carrier": str(item.get("carrier") or "").strip()[:100]})
    return found[:MAX_TRACKING_NUMBERS]


@transaction.atomic
def invoice_record_erp(
    *,
    company: Company,
    number: str,
    issued_on: datetime.date,
    due_date: datetime.date,
    currency_code: str,
    original_balance: Decimal,
    open_balance: Decimal | None = None,
    subtotal: Decimal | None = None,
    tax_total: Decimal = Decimal(0),
    shipping_total: Decimal = Decimal(0),
    external_id: str = "",
    purchase_order_number: str = "",
    cost_centre: str = "",
    order: Order | None = None,
    customer: User | None = None,
    tracking_numbers: Sequence[dict] | None = None,
    pdf: File | None = None,
    by: User | None = None,
) -> Invoice:
    """Record an invoice that comes from the supplier's ERP, with its own number and amounts (open balance: the whole
    total unless some was paid already). The status follows the balances. An ERP invoice without a PDF has none: the
    portal says so ('pdf url resolution error'). An order, when given, must be the company's; its placer becomes the
    invoice's customer and its shipments' tracking numbers are copied unless some are given."""
    errors: dict[str, list[ValidationError]] = {}
    number = (number or "").strip()
    if not number:
        errors["number"] = [ValidationError("Enter the ERP's invoice number.", code="required")]
    elif len(number) > 40:
        errors["number"] = [ValidationError("Enter at most 40 characters.", code="max_length")]
    elif number.upper().startswith(INVOICE_PREFIX):
        errors["number"] = [
            ValidationError(
                f'Numbers starting "{INVOICE_PREFIX}" are the ones the portal gives: use the ERP\'s own.',
                code="invalid",
            )
        ]
    elif Invoice.objects.filter(number__iexact=number).exists():
        errors["number"] = [ValidationError(InvoiceErrorCode.NUMBER_TAKEN.label, code=InvoiceErrorCode.NUMBER_TAKEN)]
    currency_code = (currency_code or "").strip().upper()
    if not re.match(_CURRENCY, currency_code):
        errors["currency_code"] = [ValidationError("Enter a three-letter currency code (ISO 4217).", code="invalid")]
    original = _money(original_balance, "original_balance", errors)
    open_amount = original if open_balance is None else _money(open_balance, "open_balance", errors)
    taxes = _money(tax_total, "tax_total", errors)
    shipping = _money(shipping_total, "shipping_total", errors)
    if subtotal is not None:
        net = _money(subtotal, "subtotal", errors)
    else:
        net = original - taxes - shipping
        if net < 0 and not errors:
            errors["tax_total"] = [
                ValidationError("The tax and shipping are more than the invoice total.", code="out_of_range")
            ]
    if not errors and open_amount > original:
        errors["open_balance"] = [
            ValidationError("The open balance can not be more than the invoice total.", code="out_of_range")
        ]
    if due_date < issued_on:
        errors["due_date"] = [
            ValidationError("The due date can not be before the invoice date.", code="end_before_start")
        ]
    if order is not None and order.company_id != company.pk:
        errors["order"] = [ValidationError("Choose an order of this company.", code="invalid_choice")]
    if errors:
        raise field_errors(errors)
    if order is not None:
        customer = customer or order.placed_by
        purchase_order_number = purchase_order_number or order.po_number
        cost_centre = cost_centre or order.cost_centre
    tracking = tracking_numbers_cleaned(tracking_numbers)
    if not tracking and order is not None:
        tracking = order_tracking_numbers(order)
    try:
        with transaction.atomic():
            invoice = Invoice.objects.create(
                company=company, order=order, number=number, external_id=(external_id or "").strip()[:100],
                customer=customer, purchase_order_number=(purchase_order_number or "")[:60],
                cost_centre=(cost_centre or "")[:60], issued_on=issued_on, due_date=due_date,
                currency_code=currency_code, original_balance=original, open_balance=open_amount, subtotal=net,
                tax_total=taxes, shipping_total=shipping,
                status=invoice_status_for(original_balance=original, open_balance=open_amount),
                tracking_numbers=tracking, source=InvoiceSource.ERP,
            )  # fmt: skip
    except IntegrityError as exc:
        raise ValidationError(
            {"number": [ValidationError(InvoiceErrorCode.NUMBER_TAKEN.label, code=InvoiceErrorCode.NUMBER_TAKEN)]}
        ) from exc
    if pdf is not None:
        invoice.pdf.save(f"{uuid.uuid4().hex}.pdf", pdf, save=True)
    audit_record(
        action="invoice_recorded",
        summary=f"Invoice {invoice.number} recorded from the ERP ({original} {currency_code}).",
        user=by,
        company=company,
        target=invoice,
    )
    return invoice


def invoice_tracking_refresh(*, invoice: Invoice) -> Invoice:
    """Copy the tracking numbers of the order's shipments onto the invoice again (parcels shipped after it was
    issued): those that carried its lines, or every shipment of the order for an invoice without order lines."""
    if invoice.order_id is None:
        return invoice
    line_ids = set(invoice.lines.exclude(order_line=None).values_list("order_line_id", flat=True))
    order = cast(Order, invoice.order)  # its order_id is set
    invoice.tracking_numbers = order_tracking_numbers(order, line_ids or None)
    invoice.save(update_fields=["tracking_numbers", "updated_at"])
    return invoice


def invoice_pdf_ensure(*, invoice_id: int) -> bool:
    """Render and store the PDF of an issued invoice that has none (idempotent); True when the invoice has a PDF.
    An ERP invoice gets none from us: its document is the ERP's."""
    from invoices.pdf import invoice_pdf_render

    invoice = Invoice.objects.filter(pk=invoice_id).first()
    if invoice is None:
        return False
    if invoice.pdf:
        return True
    if invoice.source != InvoiceSource.ISSUED:
        return False
    content = invoice_pdf_render(invoice_id=invoice.pk)
    with transaction.atomic():
        locked = Invoice.objects.select_for_update().get(pk=invoice.pk)
        if locked.pdf:  # rendered meanwhile by another worker
            return True
        locked.pdf.save(f"{locked.number}.pdf", ContentFile(content), save=False)
        Invoice.objects.filter(pk=locked.pk).update(pdf=locked.pdf.name)
    return True
