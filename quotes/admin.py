"""The sales desk's side of quotes (issue 6): the open-quotes queue, pricing a quote and sending it back.

Saving a quote's change form goes through `services.quote_send_back`: changed quoted prices, quantities, the
overall discount, shipping or the expiry date make a new revision that is e-mailed to the buyer with the reply;
a reply alone is e-mailed as a message. The buyer's data is read-only.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, TypedDict

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from quotes import files, services
from quotes.models import Quote, QuoteAttachment, QuoteDraft, QuoteLine, QuoteStatus
from quotes.notifications import describe_changes
from quotes.pdf import quote_pdf_file_name, quote_pdf_render
from quotes.selectors import effective_status, today

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations


class _LineCount(TypedDict):
    n_lines: int  # QuoteDraftAdmin.get_queryset's annotation


class AwaitingSupplierFilter(admin.SimpleListFilter):
    """The queue: open quotes the supplier has not priced yet, or whose buyer wrote last."""

    title = "queue"
    parameter_name = "queue"

    def lookups(self, request, model_admin):
        return [("awaiting", "Awaiting the supplier"), ("priced", "Priced, open")]

    def queryset(self, request, queryset):
        open_quotes = queryset.filter(status=QuoteStatus.OPEN, expires_on__gte=today())
        if self.value() == "awaiting":
            return open_quotes.filter(revision=0)
        if self.value() == "priced":
            return open_quotes.filter(revision__gt=0)
        return queryset


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    def __init__(self, *args, **kwargs):
        kwargs.setdefault("widget", MultipleFileInput())
        super().__init__(*args, **kwargs)

    def clean(self, data, initial=None):
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)] if data else []


class QuoteAdminForm(forms.ModelForm):
    reply = forms.CharField(
        label="Message to the buyer",
        required=False,
        max_length=services.MAX_MESSAGE_LENGTH,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Sent with the new revision, or on its own when nothing else changed.",
    )
    new_files = MultipleFileField(
        label="Attach files",
        required=False,
        help_text="PDF, Word, Excel, CSV or images, at most 3 MB each.",
    )

    class Meta:
        model = Quote
        fields = ["sales_rep", "discount_percent", "shipping_total", "expires_on"]

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        if self.instance.pk and self.instance.status == QuoteStatus.ORDERED and self.has_changed():
            raise ValidationError("This quote has been ordered: it can no longer be changed.")
        shipping = cleaned.get("shipping_total")
        if shipping is not None and shipping < 0:
            self.add_error("shipping_total", "Enter an amount of 0 or more.")
        uploads = cleaned.get("new_files") or []
        existing = self.instance.attachments.filter(from_staff=True).count() if self.instance.pk else 0
        if existing + len(uploads) > files.MAX_STAFF_FILES:
            self.add_error("new_files", f"A quote holds at most {files.MAX_STAFF_FILES} files of the supplier.")
        for upload in uploads:
            try:
                files.check_upload(upload)
            except ValidationError as exc:
                self.add_error("new_files", exc.messages)
        return cleaned


class QuoteLineInline(admin.TabularInline):
    model = QuoteLine
    fields = [
        "sku",
        "name",
        "options_shown",
        "original_price",
        "price_on_request",
        "quantity",
        "quoted_price",
        "tax_rate",
    ]
    readonly_fields = ["sku", "name", "options_shown", "original_price", "price_on_request", "tax_rate"]
    extra = 0
    max_num = 0
    can_delete = False
    verbose_name_plural = (
        "lines (quoted price per unit, before the overall discount; empty = the original price, except a price on "
        "request, which the buyer never sees: price it, or it stays unpriced)"
    )

    @admin.display(description="options")
    def options_shown(self, line: QuoteLine) -> str:
        return ", ".join(f"{o['name']}: {o['value']}" for o in line.option_labels) or "—"


@admin.register(Quote)
class QuoteAdmin(admin.ModelAdmin):
    form = QuoteAdminForm
    inlines = [QuoteLineInline]
    list_display = [
        "number", "title", "company", "contact_name", "status_shown", "revision", "grand_total", "expires_on",
        "created_at",
    ]  # fmt: skip
    list_filter = [AwaitingSupplierFilter, "status", "company"]
    list_select_related = ["company"]
    search_fields = ["number", "title", "contact_email", "contact_name", "company_name", "lines__sku"]
    ordering = ["-created_at"]
    date_hierarchy = "created_at"
    readonly_fields = [
        "number", "status_shown", "revision", "user", "company", "contact_name", "contact_email", "company_name",
        "phone_number", "title", "addresses", "note", "cart_id", "currency_code", "totals", "order", "created_at",
        "pdf_link", "thread", "files_shown", "revision_history",
    ]  # fmt: skip
    fieldsets = [
        (None, {"fields": ["number", "status_shown", "revision", "created_at", "order", "pdf_link"]}),
        (
            "Buyer",
            {
                "fields": [
                    "user",
                    "company",
                    "contact_name",
                    "contact_email",
                    "company_name",
                    "phone_number",
                    "title",
                    "addresses",
                    "note",
                    "cart_id",
                ]
            },
        ),  # fmt: skip
        (
            "Your answer (saving sends changes to the buyer as a new revision)",
            {"fields": ["sales_rep", "discount_percent", "shipping_total", "expires_on", "reply", "new_files"]},
        ),
        ("Totals", {"fields": ["currency_code", "totals"]}),
        ("Messages and files", {"fields": ["thread", "files_shown"]}),
        ("Revisions", {"fields": ["revision_history"]}),
    ]

    def has_add_permission(self, request) -> bool:
        return False  # quotes come from buyers

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("company", "user", "sales_rep", "order")

    @admin.display(description="status", ordering="status")
    def status_shown(self, quote: Quote) -> str:
        return effective_status(quote)

    @admin.display(description="addresses")
    def addresses(self, quote: Quote) -> str:
        def one(address: dict) -> str:
            parts = [
                f"{address.get('firstName', '')} {address.get('lastName', '')}".strip(),
                address.get("companyName", ""), address.get("address", ""), address.get("apartment", ""),
                f"{address.get('zipCode', '')} {address.get('city', '')}".strip(), address.get("state", ""),
                address.get("country", ""), address.get("phoneNumber", ""),
            ]  # fmt: skip
            return ", ".join(p for p in parts if p) or "—"

        return format_html(
            "Ship to: {}<br>Bill to: {}", one(quote.shipping_address or {}), one(quote.billing_address or {})
        )

    @admin.display(description="totals")
    def totals(self, quote: Quote) -> str:
        return format_html(
            "Original subtotal {} · quoted subtotal {} · tax {} · shipping {} · grand total {}",
            "price on request" if quote.original_subtotal is None else quote.original_subtotal,
            quote.quoted_subtotal or "—", quote.tax_total or "—",
            quote.shipping_total if quote.shipping_total is not None else "at checkout", quote.grand_total or "—",
        )  # fmt: skip

    @admin.display(description="PDF")
    def pdf_link(self, quote: Quote) -> str:
        if not quote.pk:
            return "—"
        return format_html(
            '<a href="{}" target="_blank">Open the PDF</a>', reverse("admin:quotes_quote_pdf", args=[quote.pk])
        )

    @admin.display(description="messages")
    def thread(self, quote: Quote) -> str:
        rows = [
            (m.created_at.strftime("%Y-%m-%d %H:%M"), m.author_name, "supplier" if m.from_staff else "buyer", m.body)
            for m in quote.messages.all()
        ]
        if not rows:
            return "—"
        return format_html_join("", "<p><strong>{} {} ({})</strong><br>{}</p>", rows)

    @admin.display(description="files")
    def files_shown(self, quote: Quote) -> str:
        rows = [
            (reverse("admin:quotes_attachment_download", args=[a.pk]), a.file_name,
             "supplier" if a.from_staff else "buyer", a.size)
            for a in quote.attachments.all()
        ]  # fmt: skip
        if not rows:
            return "—"
        return format_html_join("", '<p><a href="{}">{}</a> ({}, {} bytes)</p>', rows)

    @admin.display(description="revisions")
    def revision_history(self, quote: Quote) -> str:
        rows = []
        for revision in quote.revisions.select_related("created_by"):
            who = "buyer" if not revision.by_supplier else (
                "auto-quoting" if revision.automatic else str(revision.created_by or "supplier")
            )  # fmt: skip
            changes = "; ".join(describe_changes(revision.changes)) or "—"
            rows.append((revision.number, revision.created_at.strftime("%Y-%m-%d %H:%M"), who, changes))
        return format_html_join("", "<p><strong>Revision {}</strong> {} by {}: {}</p>", rows) if rows else "—"

    # --- saving through the service --------------------------------------------------------------------------------

    def save_model(self, request, obj: Quote, form, change: bool) -> None:
        # The answer is written by `save_related` through the service, once the lines' formset is known too.
        if "sales_rep" in form.changed_data:
            Quote.objects.filter(pk=obj.pk).update(sales_rep=form.cleaned_data["sales_rep"])

    def save_related(self, request, form, formsets, change: bool) -> None:
        lines: dict[int, services.LineChange] = {}
        for formset in formsets:
            # Nothing is saved through the formset (the service writes); the admin's change message reads these.
            formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
            if formset.model is not QuoteLine:
                continue
            for line_form in formset.forms:
                data = getattr(line_form, "cleaned_data", None) or {}
                line = data.get("id")
                if line is not None:
                    lines[line.pk] = services.LineChange(quantity=data["quantity"], quoted_price=data["quoted_price"])
        cleaned = form.cleaned_data
        revision = services.quote_send_back(
            quote_id=form.instance.pk,
            staff_user=request.user,
            lines=lines,
            discount_percent=cleaned.get("discount_percent") or Decimal(0),
            shipping_total=cleaned.get("shipping_total"),
            expires_on=cleaned.get("expires_on"),
            message=cleaned.get("reply", ""),
            uploads=cleaned.get("new_files") or [],
        )
        if revision is not None:
            messages.success(request, f"Revision {revision.number} was sent to {form.instance.contact_email}.")
        elif cleaned.get("reply"):
            messages.success(request, "Your message was sent to the buyer.")

    # --- file and PDF downloads for staff -----------------------------------------------------------------------

    def get_urls(self):
        own = [
            path(
                "attachment/<int:pk>/download/",
                self.admin_site.admin_view(self.attachment_download),
                name="quotes_attachment_download",
            ),
            path("<int:pk>/pdf/", self.admin_site.admin_view(self.pdf_view), name="quotes_quote_pdf"),
        ]
        return own + super().get_urls()

    def attachment_download(self, request, pk: int):
        if not self.has_view_permission(request):
            raise PermissionDenied
        attachment = get_object_or_404(QuoteAttachment, pk=pk, quote__isnull=False)
        try:
            handle = attachment.file.open("rb")
        except OSError as exc:
            raise Http404("The file is missing.") from exc
        return FileResponse(
            handle, as_attachment=True, filename=attachment.file_name, content_type=attachment.content_type
        )

    def pdf_view(self, request, pk: int):
        if not self.has_view_permission(request):
            raise PermissionDenied
        quote = get_object_or_404(Quote, pk=pk)
        response = HttpResponse(quote_pdf_render(quote_id=quote.pk), content_type="application/pdf")
        response["Content-Disposition"] = f'inline; filename="{quote_pdf_file_name(quote)}"'
        return response


@admin.register(QuoteDraft)
class QuoteDraftAdmin(admin.ModelAdmin):
    """Drafts are the buyers' work in progress: staff may look (a buyer on the phone), not edit."""

    list_display = ["pk", "user", "contact_email", "quote_title", "line_count", "updated_at"]
    list_select_related = ["user"]
    search_fields = ["user__email", "contact_email", "quote_title"]
    ordering = ["-updated_at"]

    def get_queryset(self, request):
        from django.db.models import Count

        return super().get_queryset(request).annotate(n_lines=Count("lines"))

    @admin.display(description="lines", ordering="n_lines")
    def line_count(self, draft: WithAnnotations[QuoteDraft, _LineCount]) -> int:
        return draft.n_lines

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
