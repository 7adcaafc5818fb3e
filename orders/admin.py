"""Orders in Django admin (issues 4 and 17): the order as bought (read-only), its shipments recorded by staff with the
lines and lots in each, the lots with their certificates of analysis, and the order's completion or cancellation.

The rules live in orders.services: a shipment's lines are checked by `shipment_lines_check` (never above the ordered
quantity across shipments, a lot of the line's product), the status follows the shipments (`order_status_refresh`),
and completing or cancelling goes through `order_complete` / `order_cancel`."""

from __future__ import annotations

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db.models import Prefetch
from django.forms.models import BaseInlineFormSet
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join

from orders import services
from orders.models import Lot, Order, OrderLine, Shipment, ShipmentLine
from orders.selectors import order_address_lines, shipment_tracking
from pricing.admin import StaffPdfField, StaffPdfFormMixin, private_pdf_response


def _address_html(address: dict):
    """An order address as its country's post writes it, a line each (not the stored JSON)."""
    lines = order_address_lines(address)
    if address.get("phone"):
        lines.append(address["phone"])
    return format_html_join("", "{}<br>", ((line,) for line in lines)) or "—"


def _tracking_html(tracking_number: str):
    """What the buyer gets for the number: the courier the tracking engine recognises and its tracking link."""
    if not tracking_number:
        return "—"
    match = shipment_tracking(tracking_number)
    if match is None:
        return "Not recognised: the buyer sees the number without a tracking link."
    return format_html(
        '{} ({}) — <a href="{}" target="_blank" rel="noopener noreferrer">tracking page</a>',
        match.courier_name,
        match.name,
        match.tracking_url,
    )


# --- orders ---------------------------------------------------------------------------------------------------------


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 0
    readonly_fields = ["product", "variant", "sku", "name", "chosen_options", "quantity", "unit_price", "unit_tax",
                       "line_total", "line_tax"]  # fmt: skip
    exclude = ["options", "raw_options"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="Options")
    def chosen_options(self, line: OrderLine):
        options = [option for option in line.options or [] if isinstance(option, dict)]
        if not options:
            return "—"
        return format_html_join("", "{}: {}<br>", ((o.get("name", ""), o.get("value", "")) for o in options))


class ShipmentInline(admin.TabularInline):
    """The order's shipments at a glance; each is recorded and changed on its own page (its lines and lots)."""

    model = Shipment
    extra = 0
    fields = ("shipped_at", "carrier", "tracking_number", "recognised_courier", "shipped_lines", "comment")
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    def get_queryset(self, request):
        lines = ShipmentLine.objects.select_related("order_line", "lot")
        return super().get_queryset(request).prefetch_related(Prefetch("lines", queryset=lines))

    @admin.display(description="Courier and tracking link")
    def recognised_courier(self, shipment: Shipment):
        return _tracking_html(shipment.tracking_number)

    @admin.display(description="Lines")
    def shipped_lines(self, shipment: Shipment):
        return format_html_join(
            "",
            "{} × {}{}<br>",
            (
                (line.quantity, line.order_line.sku, f" (lot {line.lot.number})" if line.lot else "")
                for line in shipment.lines.all()
            ),
        )


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ["number", "customer_email", "company", "status", "grand_total", "currency_code", "created_at"]
    list_filter = ["status", "payment_method", "currency_code"]
    search_fields = ["number", "customer_email", "po_number", "company__name"]
    # The status follows the shipments, and staff complete or cancel an order with the actions (orders.services).
    readonly_fields = ["number", "status", "record_shipment", "company", "placed_by", "customer_email",
                       "currency_code", "exchange_rate", "subtotal", "tax_total", "shipping_total", "grand_total",
                       "payment_method", "credit_charged", "po_number", "billing", "shipping", "customer_message",
                       "created_at"]  # fmt: skip
    exclude = ["billing_address", "shipping_address"]
    list_select_related = ["company"]
    inlines = [OrderLineInline, ShipmentInline]
    actions = ["mark_completed", "cancel"]

    @admin.display(description="Billing address")
    def billing(self, order: Order):
        return _address_html(order.billing_address)

    @admin.display(description="Shipping address")
    def shipping(self, order: Order):
        return _address_html(order.shipping_address)

    @admin.display(description="Shipments")
    def record_shipment(self, order: Order):
        if order.pk is None:
            return "—"
        url = f"{reverse('admin:orders_shipment_add')}?order={order.pk}"
        return format_html('<a class="addlink" href="{}">Record a shipment</a>', url)

    def _each(self, request, queryset, change, done: str) -> None:
        changed = 0
        for order in queryset.order_by("number"):
            try:
                change(order=order, by=request.user)
            except ValidationError as error:
                self.message_user(request, " ".join(error.messages), messages.ERROR)
            else:
                changed += 1
        if changed:
            self.message_user(request, f"{changed} order{'s' if changed != 1 else ''} {done}.", messages.SUCCESS)

    @admin.action(description="Mark selected orders completed", permissions=["change"])
    def mark_completed(self, request, queryset):
        self._each(request, queryset, services.order_complete, "marked completed")

    @admin.action(description="Cancel selected orders (none of it shipped)", permissions=["change"])
    def cancel(self, request, queryset):
        self._each(request, queryset, services.order_cancel, "cancelled")


# --- shipments ------------------------------------------------------------------------------------------------------


class OrderLineChoiceField(forms.ModelChoiceField):
    def label_from_instance(self, line: OrderLine) -> str:
        return f"{line.sku} — {line.name} ({line.quantity} ordered)"


class ShipmentLineFormSet(BaseInlineFormSet):
    """The lines of a shipment together: services.shipment_lines_check says whether they may ship."""

    def clean(self):
        super().clean()
        if any(self.errors) or not self.instance.order_id:
            return
        kept = [
            form
            for form in self.forms
            if form.cleaned_data.get("order_line") and not form.cleaned_data.get("DELETE", False)
        ]
        lines = [
            services.ShipmentLineData(
                order_line_id=form.cleaned_data["order_line"].pk,
                quantity=form.cleaned_data.get("quantity") or 0,
                lot_id=form.cleaned_data["lot"].pk if form.cleaned_data.get("lot") else None,
            )
            for form in kept
        ]
        if not lines:
            raise ValidationError("Add the lines that went in this shipment.")
        try:
            services.shipment_lines_check(order=self.instance.order, shipment_id=self.instance.pk, lines=lines)
        except ValidationError as error:
            for key, problems in error.error_dict.items():
                if key.isdigit():
                    kept[int(key)].add_error(None, problems)
                else:
                    raise ValidationError(problems) from error


class ShipmentLineInline(admin.TabularInline):
    model = ShipmentLine
    formset = ShipmentLineFormSet
    extra = 1
    fields = ["order_line", "quantity", "lot"]
    autocomplete_fields = ["lot"]

    def get_formset(self, request, obj=None, **kwargs):
        # The order lines offered are the order's: the shipment's, or on the add page the one chosen (?order=).
        request._shipment_order_id = obj.order_id if obj is not None else _int(request.POST.get("order"))
        if request._shipment_order_id is None:
            request._shipment_order_id = _int(request.GET.get("order"))
        return super().get_formset(request, obj, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        if db_field.name == "order_line":
            order_id = getattr(request, "_shipment_order_id", None)
            lines = OrderLine.objects.filter(order_id=order_id) if order_id is not None else OrderLine.objects.none()
            kwargs["queryset"] = lines.order_by("pk")
            kwargs["form_class"] = OrderLineChoiceField
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def _int(value) -> int | None:
    text = str(value or "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


@admin.register(Shipment)
class ShipmentAdmin(admin.ModelAdmin):
    list_display = ["__str__", "order", "carrier", "tracking_number", "recognised_courier", "shipped_at"]
    list_select_related = ["order"]
    search_fields = ["tracking_number", "order__number", "carrier"]
    date_hierarchy = "shipped_at"
    autocomplete_fields = ["order"]
    fields = ["order", "carrier", "tracking_number", "recognised_courier", "shipped_at", "comment"]
    readonly_fields = ["recognised_courier"]
    inlines = [ShipmentLineInline]

    def get_readonly_fields(self, request, obj=None):
        # A shipment's lines belong to its order: it never moves to another.
        return [*self.readonly_fields, "order"] if obj is not None else self.readonly_fields

    @admin.display(description="Recognised courier")
    def recognised_courier(self, shipment: Shipment):
        return _tracking_html(shipment.tracking_number)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        services.order_status_refresh(order=form.instance.order)
        if not change:  # a new shipment, its lines saved: told once (issue 39: the procurement system's ship notice)
            services.shipment_recorded(shipment=form.instance)

    def delete_model(self, request, obj):
        order = obj.order
        super().delete_model(request, obj)
        services.order_status_refresh(order=order)

    def delete_queryset(self, request, queryset):
        orders = list(Order.objects.filter(pk__in=queryset.values("order_id")))
        super().delete_queryset(request, queryset)
        for order in orders:
            services.order_status_refresh(order=order)


# --- lots -----------------------------------------------------------------------------------------------------------


class LotAdminForm(StaffPdfFormMixin, forms.ModelForm):
    certificate = StaffPdfField(
        label="Certificate of analysis",
        required=False,
        help_text="PDF. Buyers who received this lot download it from their order.",
    )
    pdf_names = {"certificate": "certificate_name"}
    pdf_downloads = {"certificate": "admin:orders_lot_certificate"}

    class Meta:
        model = Lot
        fields = ["product", "number", "manufactured_on", "expires_on", "certificate"]


@admin.register(Lot)
class LotAdmin(admin.ModelAdmin):
    form = LotAdminForm
    list_display = ["number", "product", "manufactured_on", "expires_on", "has_certificate"]
    list_select_related = ["product"]
    search_fields = ["number", "product__name", "product__sku"]
    autocomplete_fields = ["product"]
    fields = ["product", "number", "manufactured_on", "expires_on", "certificate", "certificate_name"]
    readonly_fields = ["certificate_name"]

    @admin.display(description="Certificate", boolean=True)
    def has_certificate(self, lot: Lot) -> bool:
        return bool(lot.certificate)

    def get_urls(self):
        download = self.admin_site.admin_view(self.certificate_download)
        return [path("<int:pk>/certificate/", download, name="orders_lot_certificate"), *super().get_urls()]

    def certificate_download(self, request, pk: int):
        lot = get_object_or_404(Lot, pk=pk)
        return private_pdf_response(self, request, lot.certificate, lot.certificate_name)
