"""Invoices in Django admin (issue 20): the list with its search and filters (overdue among them); "Issue an invoice
from an order" (all its lines not invoiced yet or those chosen, a due date, an optional PDF — WeasyPrint renders one
otherwise); "Record an ERP invoice" (the add page: number, external id, amounts, PDF checked like other uploads).
Amounts and statuses change only through payments (invoices.services.payment); receipts and payment requests are
read-only. The rules live in invoices.services."""

from __future__ import annotations

from decimal import Decimal
from typing import cast

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join

from accounts.models import Company
from invoices.models import (
    UNPAID_STATUSES,
    Invoice,
    InvoiceLine,
    InvoicePaymentRequest,
    InvoicePaymentRequestLine,
    InvoiceSource,
    InvoiceStatus,
    Receipt,
    ReceiptLine,
)
from invoices.pdf import invoice_pdf_file_name
from invoices.selectors import invoice_tracking, today
from invoices.services import issue
from orders.models import Order
from pricing.admin import StaffPdfField, private_pdf_response


def _form_errors(form: forms.Form, error: ValidationError) -> None:
    """A service's ValidationError onto the form: each field's errors beside it, the rest above the form."""
    aliases = {"order": "order_number"}
    if hasattr(error, "error_dict"):
        for name, problems in error.error_dict.items():
            name = aliases.get(name, name)
            form.add_error(name if name in form.fields else None, problems)
    else:
        form.add_error(None, error)


def _tracking_html(invoice: Invoice):
    items = invoice_tracking(invoice)
    if not items:
        return "—"
    return format_html_join(
        "",
        "{}<br>",
        (
            (
                format_html(
                    '{} · <a href="{}" target="_blank" rel="noopener noreferrer">{}</a>',
                    item.match.courier_name,
                    item.match.tracking_url,
                    item.number,
                )
                if item.match
                else format_html("{} · {} (not recognised: no tracking link)", item.carrier or "—", item.number),
            )
            for item in items
        ),
    )


class OverdueFilter(admin.SimpleListFilter):
    title = "overdue"
    parameter_name = "overdue"

    def lookups(self, request, model_admin):
        return [("yes", "Overdue"), ("no", "Not overdue")]

    def queryset(self, request, queryset):
        overdue = Q(status__in=UNPAID_STATUSES, due_date__lt=today())
        if self.value() == "yes":
            return queryset.filter(overdue)
        if self.value() == "no":
            return queryset.exclude(overdue)
        return queryset


class InvoiceLineInline(admin.TabularInline):
    model = InvoiceLine
    extra = 0
    fields = ("position", "sku", "name", "quantity", "unit_price", "line_total", "tax")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class InvoiceReceiptLineInline(admin.TabularInline):
    model = ReceiptLine
    extra = 0
    verbose_name = "payment"
    verbose_name_plural = "payments (receipt lines)"
    fields = ("receipt", "amount", "payment_status")
    readonly_fields = fields
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("receipt")


class InvoiceChangeForm(forms.ModelForm):
    """What staff may change on an invoice: its due date, the ERP's id and the PDF (a new upload, checked)."""

    pdf = StaffPdfField(label="PDF", required=False, help_text="A PDF of at most 20 MB replaces the current one.")

    class Meta:
        model = Invoice
        fields = ["due_date", "external_id", "pdf"]

    def clean_due_date(self):
        due = self.cleaned_data["due_date"]
        if due and due < self.instance.issued_on:
            raise ValidationError("The due date can not be before the invoice date.")
        return due


@admin.register(Invoice)
class InvoiceAdmin(admin.ModelAdmin):
    form = InvoiceChangeForm
    list_display = ["number", "company", "order_link", "status_shown", "issued_on", "due_date", "original_balance",
                    "open_balance", "currency_code", "source", "has_pdf"]  # fmt: skip
    list_filter = [OverdueFilter, "status", "source", "currency_code", ("company", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["number", "external_id", "purchase_order_number", "cost_centre", "order__number", "company__name"]
    list_select_related = ["company", "order"]
    date_hierarchy = "issued_on"
    readonly_fields = ["number", "company", "order_link", "customer", "source", "status_shown", "issued_on",
                       "currency_code", "subtotal", "shipping_total", "tax_total", "original_balance", "open_balance",
                       "purchase_order_number", "cost_centre", "tracking", "pdf_download", "created_at",
                       "updated_at"]  # fmt: skip
    fieldsets = [
        (None, {"fields": ["number", "company", "order_link", "customer", "source", "status_shown", "external_id"]}),
        ("Dates", {"fields": ["issued_on", "due_date"]}),
        ("Amounts", {"fields": ["currency_code", "subtotal", "shipping_total", "tax_total", "original_balance",
                                "open_balance"]}),
        ("Order references", {"fields": ["purchase_order_number", "cost_centre", "tracking"]}),
        ("Document", {"fields": ["pdf_download", "pdf"]}),
        (None, {"fields": ["created_at", "updated_at"]}),
    ]  # fmt: skip
    inlines = [InvoiceLineInline, InvoiceReceiptLineInline]
    actions = ["refresh_tracking", "render_pdf"]

    # --- columns ---

    @admin.display(description="Order", ordering="order__number")
    def order_link(self, invoice: Invoice):
        order = invoice.order  # no query when there is none
        if order is None:
            return "—"
        url = reverse("admin:orders_order_change", args=[invoice.order_id])
        return format_html('<a href="{}">#{}</a>', url, order.number)

    @admin.display(description="Status", ordering="status")
    def status_shown(self, invoice: Invoice) -> str:
        label = InvoiceStatus(invoice.status).label
        if invoice.status in UNPAID_STATUSES and invoice.due_date < today():
            return f"Overdue ({label.lower()})"
        return label

    @admin.display(description="PDF", boolean=True)
    def has_pdf(self, invoice: Invoice) -> bool:
        return bool(invoice.pdf)

    @admin.display(description="Tracking numbers")
    def tracking(self, invoice: Invoice):
        return _tracking_html(invoice)

    @admin.display(description="Current PDF")
    def pdf_download(self, invoice: Invoice):
        if not invoice.pk or not invoice.pdf:
            if invoice.pk and invoice.source == InvoiceSource.ISSUED:
                return "Rendered by WeasyPrint at its first download (or with the action “Render the PDF again”)."
            return "None: buyers are told there is no PDF."
        url = reverse("admin:invoices_invoice_pdf", args=[invoice.pk])
        return format_html('<a href="{}">{}</a>', url, invoice_pdf_file_name(invoice))

    # --- pages ---

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("issue/", view(self.issue_view), name="invoices_invoice_issue"),
            path("<int:pk>/pdf/", view(self.pdf_view), name="invoices_invoice_pdf"),
            *super().get_urls(),
        ]

    def pdf_view(self, request, pk: int):
        invoice = get_object_or_404(Invoice, pk=pk)
        return private_pdf_response(self, request, invoice.pdf, invoice_pdf_file_name(invoice))

    def has_delete_permission(self, request, obj=None):
        # An invoice is a legal document: it is never deleted here (credit notes are the ERP's).
        return False

    def add_view(self, request, form_url="", extra_context=None):
        """The add page records an invoice from the ERP (an issued invoice comes from an order: issue_view)."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = ErpInvoiceForm(request.POST or None, request.FILES or None)
        if request.method == "POST" and form.is_valid():
            data = form.cleaned_data
            try:
                invoice = issue.invoice_record_erp(
                    company=data["company"], number=data["number"], external_id=data["external_id"],
                    issued_on=data["issued_on"], due_date=data["due_date"], currency_code=data["currency_code"],
                    original_balance=data["original_balance"], open_balance=data["open_balance"],
                    subtotal=data["subtotal"], tax_total=data["tax_total"] or Decimal(0),
                    shipping_total=data["shipping_total"] or Decimal(0),
                    purchase_order_number=data["purchase_order_number"],
                    cost_centre=data["cost_centre"], order=data["order"],
                    tracking_numbers=data["tracking_numbers"], pdf=data["pdf"], by=request.user,
                )  # fmt: skip
            except ValidationError as error:
                _form_errors(form, error)
            else:
                self.log_addition(request, invoice, [{"added": {}}])
                self.message_user(request, f"Invoice {invoice.number} recorded.", messages.SUCCESS)
                return HttpResponseRedirect(reverse("admin:invoices_invoice_change", args=[invoice.pk]))
        return self._form_page(request, form, title="Record an invoice from the ERP", submit="Record invoice")

    def issue_view(self, request):
        """Issue an invoice from an order: find the order by its number, tick lines (none ticked: every line not
        invoiced yet), a due date (the store's payment terms by default), an optional PDF."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        number = request.POST.get("order_number") or request.GET.get("order_number") or ""
        order = None
        if str(number).strip().isdigit() and len(str(number).strip()) < 12:
            order = Order.objects.select_related("company").filter(number=int(str(number).strip())).first()
        form = IssueInvoiceForm(request.POST or None, request.FILES or None, order=order,
                                initial={"order_number": number})  # fmt: skip
        if request.method == "POST" and request.POST.get("issue") and order is not None and form.is_valid():
            data = form.cleaned_data
            try:
                invoice = issue.invoice_issue_from_order(
                    order,
                    [int(pk) for pk in data["lines"]] or None,
                    data["due_date"],
                    request.user,
                    pdf=data["pdf"],
                )
            except ValidationError as error:
                _form_errors(form, error)
            else:
                self.log_addition(request, invoice, [{"added": {}}])
                self.message_user(
                    request,
                    f"Invoice {invoice.number} issued for order #{order.number}: {invoice.original_balance} "
                    f"{invoice.currency_code}, due {invoice.due_date:%d %b %Y}.",
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:invoices_invoice_change", args=[invoice.pk]))
        elif number and order is None:
            form.add_error("order_number", "No order has this number.")
        return self._form_page(
            request, form, title="Issue an invoice from an order", submit="Issue invoice" if order else "Find order",
            order=order, submit_name="issue" if order else "find",
        )  # fmt: skip

    def _form_page(self, request, form, *, title: str, submit: str, order=None, submit_name: str = "save"):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": title,
            "form": form,
            "order": order,
            "submit": submit,
            "submit_name": submit_name,
            "has_view_permission": self.has_view_permission(request),
            "media": form.media,
        }
        return TemplateResponse(request, "admin/invoices/invoice/staff_form.html", context)

    def changelist_view(self, request, extra_context=None):
        extra = {"issue_url": reverse("admin:invoices_invoice_issue"), **(extra_context or {})}
        return super().changelist_view(request, extra_context=extra)

    # --- actions ---

    @admin.action(description="Copy the tracking numbers from the order's shipments again", permissions=["change"])
    def refresh_tracking(self, request, queryset):
        count = 0
        for invoice in queryset.select_related("order"):
            if invoice.order_id:
                issue.invoice_tracking_refresh(invoice=invoice)
                count += 1
        self.message_user(request, f"Tracking numbers copied again on {count} invoice{'s' if count != 1 else ''}.")

    @admin.action(description="Render the PDF again (issued invoices)", permissions=["change"])
    def render_pdf(self, request, queryset):
        count = 0
        for invoice in queryset.filter(source=InvoiceSource.ISSUED):
            Invoice.objects.filter(pk=invoice.pk).update(pdf="")
            if issue.invoice_pdf_ensure(invoice_id=invoice.pk):
                count += 1
        self.message_user(request, f"{count} PDF{'s' if count != 1 else ''} rendered.")


# The browser's own date picker: no admin calendar script on these two pages of ours.
DATE_INPUT = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


class ErpInvoiceForm(forms.Form):
    required_css_class = "required"
    company = forms.ModelChoiceField(queryset=Company.objects.order_by("name"))
    number = forms.CharField(max_length=40, help_text="The ERP's invoice number.")
    external_id = forms.CharField(label="External id", max_length=100, required=False)
    order_number = forms.IntegerField(
        label="Order number", required=False, min_value=1, max_value=10**11,
        help_text="Optional: the order's number. Its placer, PO number, cost centre and tracking numbers are taken.",
    )  # fmt: skip
    purchase_order_number = forms.CharField(label="PO number", max_length=60, required=False)
    cost_centre = forms.CharField(label="Grant or cost centre", max_length=60, required=False)
    issued_on = forms.DateField(label="Invoice date", widget=DATE_INPUT, initial=timezone.localdate)
    due_date = forms.DateField(widget=DATE_INPUT)
    currency_code = forms.CharField(max_length=3, initial="USD")
    original_balance = forms.DecimalField(label="Invoice total", max_digits=14, decimal_places=2, min_value=0)
    open_balance = forms.DecimalField(
        max_digits=14, decimal_places=2, min_value=0, required=False, help_text="Empty: the whole total is owed."
    )
    subtotal = forms.DecimalField(
        max_digits=14, decimal_places=2, min_value=0, required=False, help_text="Empty: total − tax − shipping."
    )
    tax_total = forms.DecimalField(max_digits=14, decimal_places=2, min_value=0, required=False)
    shipping_total = forms.DecimalField(max_digits=14, decimal_places=2, min_value=0, required=False)
    tracking_numbers = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=False,
        help_text="One per line: the number, then a comma and the carrier. Empty: the order's shipments'.",
    )  # fmt: skip
    pdf = StaffPdfField(label="PDF", required=False, help_text="The ERP's PDF, at most 20 MB. Without one, buyers "
                        "are told there is no PDF.")  # fmt: skip

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        number = cleaned.get("order_number")
        cleaned["order"] = Order.objects.filter(number=number).first() if number else None
        if number and cleaned["order"] is None:
            self.add_error("order_number", "No order has this number.")
        items = []
        for line in (cleaned.get("tracking_numbers") or "").splitlines():
            number, _, carrier = line.partition(",")
            if number.strip():
                items.append({"number": number.strip(), "carrier": carrier.strip()})
        cleaned["tracking_numbers"] = items
        return cleaned


class IssueInvoiceForm(forms.Form):
    required_css_class = "required"
    order_number = forms.CharField(label="Order number", max_length=12)
    lines = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple, required=False,
        help_text="None ticked: every line not invoiced yet. A line is invoiced once.",
    )  # fmt: skip
    due_date = forms.DateField(widget=DATE_INPUT, required=False)
    pdf = StaffPdfField(label="PDF", required=False, help_text="Optional: without one, the portal renders it.")

    def __init__(self, *args, order: Order | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.order = order
        if order is None:
            for name in ("lines", "due_date", "pdf"):
                del self.fields[name]
            return
        invoiced = issue.invoiced_order_line_ids(order)
        cast(forms.ChoiceField, self.fields["lines"]).choices = [  # declared a MultipleChoiceField above
            (str(line.pk), f"{line.sku} — {line.name}: {line.quantity} × {line.unit_price} {order.currency_code}")
            for line in order.lines.order_by("pk")
            if line.pk not in invoiced
        ]
        days = issue.payment_terms_days()
        self.fields["due_date"].initial = issue.default_due_date(timezone.localdate())
        self.fields["due_date"].help_text = f"Empty: {days} days after today (the store's payment terms)."


# --- receipts and payments in progress (read-only) ------------------------------------------------------------------


class ReceiptLineInline(admin.TabularInline):
    model = ReceiptLine
    extra = 0
    fields = ("invoice", "amount", "payment_status")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Receipt)
class ReceiptAdmin(ReadOnlyAdmin):
    list_display = ["reference_number", "company", "payer_name", "total_amount", "currency_code", "payment_type",
                    "created_at"]  # fmt: skip
    list_filter = ["currency_code", ("company", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["reference_number", "payer_name", "company__name", "lines__invoice__number"]
    list_select_related = ["company"]
    date_hierarchy = "created_at"
    fields = ("reference_number", "company", "payer", "payer_name", "payment_type", "transaction_type",
              "currency_code", "total_amount", "created_at")  # fmt: skip
    readonly_fields = fields
    inlines = [ReceiptLineInline]


class PaymentRequestLineInline(admin.TabularInline):
    model = InvoicePaymentRequestLine
    extra = 0
    fields = ("invoice", "amount")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(InvoicePaymentRequest)
class InvoicePaymentRequestAdmin(ReadOnlyAdmin):
    list_display = ["pk", "company", "user", "currency_code", "status", "cart_id", "created_at"]
    list_filter = ["status"]
    search_fields = ["cart_id", "company__name", "user__email", "lines__invoice__number"]
    list_select_related = ["company", "user"]
    fields = ("company", "user", "cart_id", "currency_code", "status", "created_at")
    readonly_fields = fields
    inlines = [PaymentRequestLineInline]
