"""Reads of the invoices app (issue 20): invoices scoped to what the caller may see, with what the API says of each
(the overdue status, the payments in progress) annotated in the same query; their filters and sorting (business §5,
§7), the balances of `invoiceStats`, the receipts and their lines.

The one place that scopes invoices is `invoices_visible_to`; receipts are scoped by `receipts_visible_to`."""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from decimal import ROUND_HALF_UP, Decimal

from django.core.exceptions import PermissionDenied
from django.db.models import (
    BooleanField,
    Case,
    CharField,
    Count,
    DecimalField,
    F,
    IntegerField,
    OrderBy,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Cast, Coalesce
from django.utils import timezone

from accounts.models import User
from accounts.selectors import Actor
from invoices import permissions
from invoices.errors import INVOICE_NOT_FOUND_MESSAGE, ORDER_BY_REQUIRED_MESSAGE, RECEIPT_NOT_FOUND_MESSAGE
from invoices.models import (
    UNPAID_STATUSES,
    ApiInvoice,
    Invoice,
    InvoiceLine,
    InvoicePaymentRequestLine,
    InvoiceSource,
    InvoiceStatus,
    InvoiceTally,
    PaymentRequestStatus,
    Receipt,
    ReceiptLine,
)
from orders.models import Order
from portal.errors import NotFound, field_error
from portal.models import Currency
from tracking.engine import TrackingMatch, recognize

MAX_SEARCH_LENGTH = 100
MAX_IDS = 500  # chosen invoices of one export (business §2 "export selected")
DEFAULT_DECIMAL_PLACES = 2  # business §9
MAX_DECIMAL_PLACES = 6
_MAX_ID_DIGITS = 12
_MONEY_FIELD = DecimalField(max_digits=14, decimal_places=2)


def today() -> datetime.date:
    """The store's today: an invoice is overdue from the day after its due date."""
    return timezone.localdate()


# --- who sees what -------------------------------------------------------------------------------------------------


def units_filter(company_ids: Sequence[int], field: str = "company_id") -> Q:
    """The filter on a company field (its name) that keeps these companies: an equality for one, as before the tree."""
    if len(company_ids) == 1:
        return Q(**{field: company_ids[0]})
    return Q(**{f"{field}__in": tuple(company_ids)})


@dataclass(frozen=True)
class InvoiceScope:
    """Whose invoices an actor reaches with a permission code: those of the companies `company_ids` (level 2: the
    unit they work in, and the units below it when their company-wide permissions reach those — issue 40), or only
    those of the orders `customer` placed in the unit they work in (level 1)."""

    company_ids: tuple[int, ...]
    customer_id: int | None


def invoice_scope(actor: Actor, code: str) -> InvoiceScope | None:
    """The actor's scope for `code` (invoices.permissions); None without the code or a company: no invoice."""
    level = permissions.invoice_scope_level(actor, code)
    company = actor.b2b_company
    if level == 0 or company is None:
        return None
    if level < permissions.COMPANY:
        if actor.user is None:  # a level without a user (a guest's is 0): no invoice of anyone's
            return None
        return InvoiceScope(company_ids=(company.pk,), customer_id=actor.user.pk)
    return InvoiceScope(company_ids=actor.unit_ids, customer_id=None)


def invoices_visible_to(*, actor: Actor, code: str) -> QuerySet[Invoice]:
    """The invoices the actor reaches with a permission code (`invoice_scope`): at level 2 every invoice of the
    company they work in (and of the units below it their company-wide permissions reach), at level 1 the invoices
    of the orders they placed in it; none without the code."""
    scope = invoice_scope(actor, code)
    if scope is None:
        return Invoice.objects.none()
    invoices = Invoice.objects.filter(units_filter(scope.company_ids))
    if scope.customer_id is not None:
        invoices = invoices.filter(customer_id=scope.customer_id)
    return invoices


def invoice_units(actor: Actor, scope: InvoiceScope, filters: InvoiceFilters | None) -> tuple[int, ...]:
    """The companies of the scope a list shows: all of them, or the one unit its company filter names (issue 40:
    `Actor.units_chosen`, refused on companyId for a unit out of the actor's reach)."""
    if filters is None or filters.company_id is None:
        return scope.company_ids
    chosen = actor.units_chosen(filters.company_id)
    return tuple(pk for pk in scope.company_ids if pk in chosen)


def invoice_count(invoices: QuerySet, *, actor: Actor, filters: InvoiceFilters | None, code: str) -> int:
    """How many invoices `invoices` (the actor's `invoices_visible_to` with `code`, filtered by `filters`) holds.
    Without a filter but the company filter it is the sum of the invoices' tally over the same scope (InvoiceTally:
    a row or a few per unit, however many invoices the units have); with one, counted."""
    scope = invoice_scope(actor, code)
    unfiltered = filters is None or replace(filters, company_id=None) == InvoiceFilters(order_by=filters.order_by)
    if scope is None or not unfiltered:
        return invoices.count()
    units = invoice_units(actor, scope, filters)
    if not units:
        return 0
    tally = InvoiceTally.objects.filter(units_filter(units, "company_key"))
    if scope.customer_id is not None:
        tally = tally.filter(customer_key=scope.customer_id)
    return tally.aggregate(total=Sum("count"))["total"] or 0


def invoice_access_check(actor: Actor, code: str) -> None:
    """A caller without the code at all is refused (PERMISSION_DENIED); whatever they may not see past that is
    NOT_FOUND, the same for another company's invoice as for a missing one."""
    if permissions.invoice_scope_level(actor, code) == 0:
        raise PermissionDenied


def parse_invoice_id(ref: str | int | None) -> int | None:
    text = str(ref if ref is not None else "").strip()
    if not text or not text.isascii() or not text.isdigit() or len(text) > _MAX_ID_DIGITS:
        return None
    return int(text)


def with_api_fields(invoices: QuerySet[Invoice], *, on: datetime.date | None = None) -> QuerySet[ApiInvoice]:
    """Each invoice with what the API says of it, in the same query: `is_overdue` (unpaid and past its due date),
    `api_status` (3 when overdue, else the stored 0 / 1 / 2) and `pending_payment_count` (the payments in progress
    through checkout that include it)."""
    day = on or today()
    pending = (
        InvoicePaymentRequestLine.objects.filter(invoice=OuterRef("pk"), request__status=PaymentRequestStatus.PENDING)
        .order_by()
        .values("invoice")
        .annotate(count=Count("request", distinct=True))
        .values("count")
    )
    overdue = Q(status__in=UNPAID_STATUSES, due_date__lt=day)
    return invoices.annotate(
        is_overdue=Case(When(overdue, then=Value(True)), default=Value(False), output_field=BooleanField()),
        api_status=Case(
            When(overdue, then=Value(int(InvoiceStatus.OVERDUE))), default=F("status"), output_field=IntegerField()
        ),
        pending_payment_count=Coalesce(Subquery(pending, output_field=IntegerField()), 0),
    )


def invoice_for(actor: Actor, ref: str | int | None, code: str = permissions.GET_INVOICE_DETAIL) -> ApiInvoice:
    """The invoice of that id the actor reaches with `code`. PermissionDenied when they lack the code; NotFound
    ("Invoice not found.") for another company's invoice, a colleague's at level 1, a missing or a malformed id."""
    invoice_access_check(actor, code)
    pk = parse_invoice_id(ref)
    invoice = None
    if pk is not None:
        invoices = with_api_fields(invoices_visible_to(actor=actor, code=code))
        invoice = invoices.select_related("order", "customer", "company").filter(pk=pk).first()
    if invoice is None:
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    return invoice


def invoice_detail(*, actor: Actor, ref: str | int | None) -> ApiInvoice:
    """`invoice(id)`: the invoice with its order, customer, lines and payments (receipt lines with their receipts), in
    a fixed number of queries whatever their numbers."""
    invoice_access_check(actor, permissions.GET_INVOICE_DETAIL)
    pk = parse_invoice_id(ref)
    if pk is None:
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    invoice = (
        with_api_fields(invoices_visible_to(actor=actor, code=permissions.GET_INVOICE_DETAIL))
        .select_related("order", "customer", "company")
        .prefetch_related(
            Prefetch("lines", queryset=InvoiceLine.objects.order_by("position", "pk")),
            Prefetch(
                "receipt_lines",
                queryset=ReceiptLine.objects.select_related("receipt").order_by("-receipt__created_at", "-pk"),
            ),
        )
        .filter(pk=pk)
        .first()
    )
    if invoice is None:
        raise NotFound(INVOICE_NOT_FOUND_MESSAGE)
    return invoice


def invoice_has_pdf(invoice: Invoice) -> bool:
    """An invoice has a PDF when one is stored, or when it is ours to render (an issued invoice: WeasyPrint renders it
    when it is issued, or on its first download). An ERP invoice recorded without its PDF has none."""
    return bool(invoice.pdf) or invoice.source == InvoiceSource.ISSUED


# --- the list ------------------------------------------------------------------------------------------------------

# orderBy → the fields it sorts by (ties broken by -pk). business §9: the overlay's default is "-invoiceNumber".
INVOICE_ORDERINGS: dict[str, tuple[str, ...]] = {
    "invoiceNumber": ("number",),
    "orderNumber": ("order__number",),
    "purchaseOrderNumber": ("purchase_order_number",),
    "costCentre": ("cost_centre",),
    "invoiceDate": ("issued_on",),
    "dueDate": ("due_date",),
    "originalBalance": ("original_balance",),
    "openBalance": ("open_balance",),
    "status": ("api_status",),
    "createdAt": ("created_at",),
}
STATUS_VALUES = tuple(int(status) for status in InvoiceStatus)


@dataclass(frozen=True)
class InvoiceFilters:
    search: str = ""
    status: int | None = None  # the status the API shows: 0 open, 1 partially paid, 2 paid, 3 overdue
    date_from: datetime.date | None = None  # the invoice date (issued on), inclusive
    date_to: datetime.date | None = None
    due_date_from: datetime.date | None = None
    due_date_to: datetime.date | None = None
    ids: tuple[int, ...] = field(default_factory=tuple)  # chosen invoices only (the export of selected rows)
    order_by: str = ""
    company_id: int | None = None  # issue 40: one unit's invoices, of the units the actor reaches


def _ordering(order_by: str) -> list[OrderBy | str]:
    descending = order_by.startswith("-")
    fields = INVOICE_ORDERINGS.get(order_by.removeprefix("-"))
    if fields is None:
        raise field_error(
            "orderBy", f"Sort by one of: {', '.join(INVOICE_ORDERINGS)} (prefix - to reverse).", code="invalid_choice"
        )
    # Nulls (an ERP invoice of no order) sort as the largest values on every database, as PostgreSQL sorts them
    # by default (its indexes serve the same order); SQLite would put them first.
    columns = [F(name).desc(nulls_first=True) if descending else F(name).asc(nulls_last=True) for name in fields]
    return [*columns, "-pk"]


def filters_checked(filters: InvoiceFilters, *, order_by_required: bool = True) -> InvoiceFilters:
    """The filters when they are valid; ValidationError on the offending field otherwise."""
    if order_by_required and not filters.order_by:
        raise field_error("orderBy", ORDER_BY_REQUIRED_MESSAGE, code="required")
    if filters.order_by:
        _ordering(filters.order_by)
    if filters.status is not None and filters.status not in STATUS_VALUES:
        raise field_error(
            "status", "Choose 0 (open), 1 (partially paid), 2 (paid) or 3 (overdue).", code="invalid_choice"
        )
    if len(filters.search or "") > MAX_SEARCH_LENGTH:
        raise field_error("search", f"Enter at most {MAX_SEARCH_LENGTH} characters.", code="max_length")
    if len(filters.ids) > MAX_IDS:
        raise field_error("idIn", f"Choose at most {MAX_IDS} invoices.", code="too_many_invoices")
    for low, high, name in (
        (filters.date_from, filters.date_to, "dateTo"),
        (filters.due_date_from, filters.due_date_to, "dueDateTo"),
    ):
        if low and high and high < low:
            raise field_error(name, "The end date is before the start date.", code="end_before_start")
    return filters


def _search_filter(search: str) -> Q:
    """business §7 search: the invoice number, its order's number, the PO number, the grant or cost-centre code (and
    the ERP's external id)."""
    found = (
        Q(number__icontains=search)
        | Q(purchase_order_number__icontains=search)
        | Q(cost_centre__icontains=search)
        | Q(external_id__icontains=search)
    )
    digits = search.lstrip("#")
    if digits.isascii() and digits.isdigit():
        found |= Q(order_number_text__contains=digits)
    return found


def invoices_filtered(invoices: QuerySet[ApiInvoice], filters: InvoiceFilters) -> QuerySet[ApiInvoice]:
    """`invoices` (annotated by `with_api_fields`) narrowed by the filters and sorted by `orderBy` (newest number
    first when none is given)."""
    if filters.ids:
        invoices = invoices.filter(pk__in=filters.ids)
    if filters.status is not None:
        invoices = invoices.filter(api_status=filters.status)
    if filters.date_from:
        invoices = invoices.filter(issued_on__gte=filters.date_from)
    if filters.date_to:
        invoices = invoices.filter(issued_on__lte=filters.date_to)
    if filters.due_date_from:
        invoices = invoices.filter(due_date__gte=filters.due_date_from)
    if filters.due_date_to:
        invoices = invoices.filter(due_date__lte=filters.due_date_to)
    search = (filters.search or "").strip()[:MAX_SEARCH_LENGTH]
    if search:
        invoices = invoices.annotate(order_number_text=Cast("order__number", output_field=CharField())).filter(
            _search_filter(search)
        )
    ordering: list[OrderBy | str] = _ordering(filters.order_by) if filters.order_by else ["-number", "-pk"]
    return invoices.order_by(*ordering)


# What an invoice of a list shows of its order and of who placed it (InvoiceNode: orderNumber, canViewOrder, billTo;
# customerName): an order's search texts and other addresses, a user's password and settings stay unread.
INVOICE_ORDER_COLUMNS = ("number", "company_id", "placed_by_id", "billing_address")
INVOICE_CUSTOMER_COLUMNS = ("first_name", "last_name", "email")


def invoice_list(
    *, actor: Actor, filters: InvoiceFilters, code: str = permissions.GET_INVOICES
) -> QuerySet[ApiInvoice]:
    """`invoices`: the caller's invoices (get_invoices; level 2 the company's, level 1 those of the orders they
    placed), filtered and sorted, each with its order and customer; the caller pages it. PermissionDenied without
    the code; ValidationError for a missing orderBy (business §5) or a filter out of range."""
    invoice_access_check(actor, code)
    filters_checked(filters)
    invoices = with_api_fields(invoices_visible_to(actor=actor, code=code))
    if filters.company_id is not None:
        scope = invoice_scope(actor, code)
        invoices = invoices.filter(units_filter(invoice_units(actor, scope, filters) if scope else ()))
    # The page's orders and customers are read apart (issue 38): joined, they made PostgreSQL sort every invoice of
    # the company on disk under the joins when no index gave the order (73,606 invoices by -dueDate: 92 ms, and 1.2 s
    # once a kept connection's generic plan joined every invoice); alone, the page is a top-N sort of one table.
    return invoices_filtered(
        invoices.select_related("company").prefetch_related(
            Prefetch("order", queryset=Order.objects.only(*INVOICE_ORDER_COLUMNS)),
            Prefetch("customer", queryset=User.objects.only(*INVOICE_CUSTOMER_COLUMNS)),
        ),
        filters,
    )


def _page_parts(invoices: QuerySet[ApiInvoice], filters: InvoiceFilters) -> list[QuerySet[ApiInvoice]] | None:
    """The sorts no index serves whole (issue 38), as parts that follow one another in the page's order, each sorted
    by what an index gives: by status, the API's four status groups (the overdue one depends on today), each newest
    first; by order number, the invoices of an order (walked along the orders' number index) and those of none
    (after them ascending where the database sorts nulls last, before them descending). None for the other sorts."""
    key, descending = filters.order_by.removeprefix("-"), filters.order_by.startswith("-")
    if key == "status":
        day = today()
        unpaid_overdue = Q(status__in=UNPAID_STATUSES, due_date__lt=day)
        groups = [
            Q(status=InvoiceStatus.OPEN, due_date__gte=day),
            Q(status=InvoiceStatus.PARTIALLY_PAID, due_date__gte=day),
            Q(status=InvoiceStatus.PAID),
            unpaid_overdue | Q(status=InvoiceStatus.OVERDUE),
        ]
        if descending:
            groups.reverse()
        return [invoices.filter(group).order_by("-pk") for group in groups]
    if key == "orderNumber":
        # Planned for this company's own size on every execution (portal.settings: force_custom_plan), PostgreSQL
        # walks the orders' number index for a large company instead of sorting its invoices under the join.
        with_order = invoices.filter(order__number__isnull=False)
        with_order = with_order.order_by("-order__number" if descending else "order__number", "-pk")
        without_order = invoices.filter(order__isnull=True).order_by("-pk")
        # Invoices of no order sort as the largest numbers (`_ordering`): after the others ascending, first descending.
        return [without_order, with_order] if descending else [with_order, without_order]
    return None


def invoice_page(
    invoices: QuerySet[ApiInvoice], filters: InvoiceFilters, *, offset: int, first: int
) -> list[ApiInvoice]:
    """The page of `invoice_list` from `offset`. By status or order number the page's ids are read first, part by part
    (`_page_parts`: at most offset + first ids of each, a few index entries, where one query sorted every invoice of
    the company by a CASE or under a join with every order), then their rows; the order is that of the one query."""
    parts = _page_parts(invoices, filters) if filters.order_by else None
    if parts is None:
        return list(invoices[offset : offset + first])
    ids: list[int] = []
    for part in parts:
        ids += part.values_list("pk", flat=True)[: offset + first]
    page_ids = ids[offset : offset + first]
    rows = {invoice.pk: invoice for invoice in invoices.order_by().filter(pk__in=page_ids)}
    return [rows[pk] for pk in page_ids if pk in rows]


# --- invoiceStats ----------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InvoiceStats:
    total_balance: Decimal
    overdue_balance: Decimal
    currency_code: str
    invoice_count: int
    overdue_count: int


def _default_currency() -> tuple[str, dict[str, Decimal]]:
    """The store's default currency code (USD when none is set, shell §9) and each currency's rate to it (units of
    the currency per unit of the default one)."""
    currencies = list(Currency.objects.order_by("-is_default", "code"))
    default = next((currency.code for currency in currencies if currency.is_default), "USD")
    rates: dict[str, Decimal] = {}
    for currency in currencies:
        rates.setdefault(currency.code, currency.exchange_rate)
    rates[default] = Decimal(1)
    return default, rates


def invoice_stats(
    *, actor: Actor, status: int | None = None, decimal_places: int = DEFAULT_DECIMAL_PLACES
) -> InvoiceStats:
    """`invoiceStats`: the open balance of the caller's invoices (get_invoices scope) and of those overdue, in the
    store's default currency (each invoice's open balance converted at the store's exchange rate of its currency),
    rounded half-up to `decimal_places`. Without `status`, the unpaid invoices (open, partially paid, overdue); with
    it, the invoices the API shows in that status."""
    invoice_access_check(actor, permissions.GET_INVOICES)
    if status is not None and status not in STATUS_VALUES:
        raise field_error(
            "status", "Choose 0 (open), 1 (partially paid), 2 (paid) or 3 (overdue).", code="invalid_choice"
        )
    if not 0 <= decimal_places <= MAX_DECIMAL_PLACES:
        raise field_error("decimalPlaces", f"Enter 0 to {MAX_DECIMAL_PLACES}.", code="out_of_range")
    invoices = with_api_fields(invoices_visible_to(actor=actor, code=permissions.GET_INVOICES))
    invoices = invoices.filter(api_status=status) if status is not None else invoices.filter(status__in=UNPAID_STATUSES)
    rows = (
        invoices.order_by()
        .values("currency_code")
        .annotate(
            total=Sum("open_balance"),
            overdue=Sum(Case(When(is_overdue=True, then=F("open_balance")), default=Value(Decimal(0))),
                        output_field=_MONEY_FIELD),
            count=Count("pk"),
            overdue_count=Count("pk", filter=Q(is_overdue=True)),
        )
    )  # fmt: skip
    default, rates = _default_currency()
    total = overdue = Decimal(0)
    count = overdue_count = 0
    for row in rows:
        rate = rates.get(row["currency_code"]) or Decimal(1)
        total += (row["total"] or Decimal(0)) / rate
        overdue += (row["overdue"] or Decimal(0)) / rate
        count += row["count"]
        overdue_count += row["overdue_count"]
    quantum = Decimal(1).scaleb(-decimal_places)
    return InvoiceStats(
        total_balance=total.quantize(quantum, rounding=ROUND_HALF_UP),
        overdue_balance=overdue.quantize(quantum, rounding=ROUND_HALF_UP),
        currency_code=default,
        invoice_count=count,
        overdue_count=overdue_count,
    )


# --- tracking numbers ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InvoiceTracking:
    """A tracking number carried on an invoice, with what the tracking engine reads of it (no query)."""

    number: str
    carrier: str
    match: TrackingMatch | None


def invoice_tracking(invoice: Invoice) -> list[InvoiceTracking]:
    """The invoice's tracking numbers ([{"number", "carrier"}] copied from its order's shipments), each with the first
    format of the tracking engine it is valid in (business §3 tracking result), or None when none recognises it."""
    found = []
    for item in invoice.tracking_numbers or []:
        if not isinstance(item, dict) or not str(item.get("number") or "").strip():
            continue
        number = str(item["number"]).strip()
        matches = recognize(number)
        found.append(
            InvoiceTracking(
                number=number, carrier=str(item.get("carrier") or ""), match=matches[0] if matches else None
            )
        )
    return found


# --- receipts ------------------------------------------------------------------------------------------------------


def receipts_visible_to(*, actor: Actor) -> QuerySet[Receipt]:
    """The receipts the actor may read: get_invoice_payments_history at level 2, every receipt of their company (and
    of the units below it their company-wide permissions reach: issue 40); at level 1, the receipts of payments they
    made and those that paid an invoice of an order they placed. Whoever may pay (pay_invoice) reads the receipts of
    the payments they made (the page after paying). In a unit below another, a payment made above it (by a parent's
    admin) of the unit's invoices is read as well: `receipt_lines_in_reach` keeps its lines of those invoices."""
    company = actor.b2b_company
    history = permissions.invoice_scope_level(actor, permissions.GET_INVOICE_PAYMENTS_HISTORY)
    payer = permissions.can_pay_invoices(actor)
    if company is None or (history == 0 and not payer):
        return Receipt.objects.none()
    below_another = company.parent_id is not None
    if history >= permissions.COMPANY:
        visible = units_filter(actor.unit_ids)
        if below_another:
            paid_above = ReceiptLine.objects.filter(units_filter(actor.unit_ids, "invoice__company_id"))
            visible |= Q(pk__in=paid_above.values("receipt_id"))
        return Receipt.objects.filter(visible)
    mine = Q(payer=actor.user)
    if history >= permissions.OWN:
        mine |= Q(pk__in=ReceiptLine.objects.filter(invoice__customer=actor.user).values("receipt_id"))
        if below_another:
            paid_above = ReceiptLine.objects.filter(invoice__customer=actor.user, invoice__company=company)
            return Receipt.objects.filter((Q(company=company) & mine) | Q(pk__in=paid_above.values("receipt_id")))
    return Receipt.objects.filter(company=company).filter(mine)


def receipt_lines_in_reach(actor: Actor) -> Q | None:
    """In a unit below another (issue 40), the lines of the receipts it reads that are its own: those of its
    receipts, and of a payment made above it, the lines of its invoices (not those of its sibling units paid with
    them). None elsewhere: every line of a receipt it reads is its own."""
    company = actor.b2b_company
    if company is None or company.parent_id is None:
        return None
    history = permissions.invoice_scope_level(actor, permissions.GET_INVOICE_PAYMENTS_HISTORY)
    units = actor.unit_ids if history >= permissions.COMPANY else (company.pk,)
    return units_filter(units, "receipt__company_id") | units_filter(units, "invoice__company_id")


def receipt_access_check(actor: Actor) -> None:
    if permissions.invoice_scope_level(actor, permissions.GET_INVOICE_PAYMENTS_HISTORY) == 0 and not (
        permissions.can_pay_invoices(actor)
    ):
        raise PermissionDenied


def receipt_detail(*, actor: Actor, ref: str | int | None) -> Receipt:
    """`receipt(id)`: the receipt with its lines and their invoices, in a fixed number of queries. PermissionDenied
    without get_invoice_payments_history or pay_invoice; NotFound ("Receipt not found.") for anything else."""
    receipt_access_check(actor)
    pk = parse_invoice_id(ref)
    receipt = None
    if pk is not None:
        lines = ReceiptLine.objects.select_related("invoice").order_by("pk")
        in_reach = receipt_lines_in_reach(actor)
        if in_reach is not None:
            lines = lines.filter(in_reach)
        receipt = (
            receipts_visible_to(actor=actor)
            .select_related("payer")
            .prefetch_related(Prefetch("lines", queryset=lines))
            .filter(pk=pk)
            .first()
        )
    if receipt is None:
        raise NotFound(RECEIPT_NOT_FOUND_MESSAGE)
    return receipt


RECEIPT_LINE_ORDERINGS: dict[str, tuple[str, ...]] = {
    "createdAt": ("receipt__created_at",),
    "amount": ("amount",),
    "invoiceNumber": ("invoice__number",),
    "referenceNumber": ("receipt__reference_number",),
    "paymentStatus": ("payment_status",),
}


@dataclass(frozen=True)
class ReceiptLineFilters:
    invoice_id: int | None = None
    receipt_id: int | None = None
    search: str = ""
    date_from: datetime.date | None = None
    date_to: datetime.date | None = None
    order_by: str = "-createdAt"


def receipt_line_list(*, actor: Actor, filters: ReceiptLineFilters) -> QuerySet[ReceiptLine]:
    """`allReceiptLines`: the payment lines the caller may read (receipts_visible_to, limited at level 1 to the lines
    of invoices they see), newest first unless `orderBy` says otherwise; each with its receipt and invoice."""
    receipt_access_check(actor)
    order_by = filters.order_by or "-createdAt"
    fields = RECEIPT_LINE_ORDERINGS.get(order_by.removeprefix("-"))
    if fields is None:
        raise field_error(
            "orderBy",
            f"Sort by one of: {', '.join(RECEIPT_LINE_ORDERINGS)} (prefix - to reverse).",
            code="invalid_choice",
        )
    if len(filters.search or "") > MAX_SEARCH_LENGTH:
        raise field_error("search", f"Enter at most {MAX_SEARCH_LENGTH} characters.", code="max_length")
    lines = ReceiptLine.objects.filter(receipt__in=receipts_visible_to(actor=actor))
    if permissions.invoice_scope_level(actor, permissions.GET_INVOICE_PAYMENTS_HISTORY) < permissions.COMPANY:
        lines = lines.filter(Q(receipt__payer=actor.user) | Q(invoice__customer=actor.user))
    in_reach = receipt_lines_in_reach(actor)
    if in_reach is not None:
        lines = lines.filter(in_reach)
    if filters.invoice_id is not None:
        lines = lines.filter(invoice_id=filters.invoice_id)
    if filters.receipt_id is not None:
        lines = lines.filter(receipt_id=filters.receipt_id)
    if filters.date_from:
        lines = lines.filter(receipt__created_at__date__gte=filters.date_from)
    if filters.date_to:
        lines = lines.filter(receipt__created_at__date__lte=filters.date_to)
    search = (filters.search or "").strip()
    if search:
        lines = lines.filter(
            Q(invoice__number__icontains=search)
            | Q(receipt__reference_number__icontains=search)
            | Q(receipt__payer_name__icontains=search)
        )
    prefix = "-" if order_by.startswith("-") else ""
    return lines.select_related("receipt", "invoice").order_by(*[f"{prefix}{name}" for name in fields], f"{prefix}pk")


# --- the older list (GET /api/invoice) -------------------------------------------------------------------------------

MAX_LEGACY_ROWS = 1000


def legacy_invoice_rows(*, actor: Actor) -> tuple[list[ApiInvoice], int]:
    """business §3 "Invoice row", §2 multi-invoice screen: every invoice of the caller (get_invoices scope), newest
    number first, at most MAX_LEGACY_ROWS of them (the screen sorts on the client); and how many there are."""
    invoice_access_check(actor, permissions.GET_INVOICES)
    invoices = with_api_fields(invoices_visible_to(actor=actor, code=permissions.GET_INVOICES)).select_related("order")
    total = invoice_count(invoices, actor=actor, filters=None, code=permissions.GET_INVOICES)
    return list(invoices.order_by("-number", "-pk")[:MAX_LEGACY_ROWS]), total


def invoice_ids_checked(ids: Sequence[object]) -> tuple[int, ...]:
    """Invoice ids as given by a client (strings or numbers) → ints; ValidationError on `idIn` for any other."""
    parsed = []
    for ref in ids:
        pk = parse_invoice_id(ref)  # type: ignore[arg-type]
        if pk is None:
            raise field_error("idIn", "Give invoice ids.", code="invalid")
        parsed.append(pk)
    return tuple(dict.fromkeys(parsed))
