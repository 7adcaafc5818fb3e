from django.contrib import admin
from django.utils.html import format_html_join

from accounts.countries import postal_address_from
from orders.models import Order, OrderLine

# The checkout form's address fields → the parts of a postal address.
ORDER_ADDRESS_KEYS = {
    "name": ("first_name", "last_name"), "company": "company", "street": "address_line1", "street2": "address_line2",
    "city": "city", "state": "state", "postcode": "zip_code", "country": "country_code",
}  # fmt: skip


def _address_html(address: dict):
    """An order address as its country's post writes it, a line each (not the stored JSON)."""
    lines = postal_address_from(address, keys=ORDER_ADDRESS_KEYS)
    if address.get("phone"):
        lines.append(address["phone"])
    return format_html_join("", "{}<br>", ((line,) for line in lines)) or "—"


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 0
    readonly_fields = ["product", "variant", "sku", "name", "chosen_options", "quantity", "unit_price", "unit_tax",
                       "line_total", "line_tax"]  # fmt: skip
    exclude = ["options"]
    can_delete = False

    @admin.display(description="Options")
    def chosen_options(self, line: OrderLine):
        options = [option for option in line.options or [] if isinstance(option, dict)]
        if not options:
            return "—"
        return format_html_join("", "{}: {}<br>", ((o.get("name", ""), o.get("value", "")) for o in options))


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ["number", "customer_email", "company", "status", "grand_total", "currency_code", "created_at"]
    list_filter = ["status", "payment_method", "currency_code"]
    search_fields = ["number", "customer_email", "po_number", "company__name"]
    readonly_fields = ["number", "company", "placed_by", "customer_email", "currency_code", "exchange_rate",
                       "subtotal", "tax_total", "shipping_total", "grand_total", "payment_method", "po_number",
                       "billing", "shipping", "customer_message", "created_at"]  # fmt: skip
    exclude = ["billing_address", "shipping_address"]
    list_select_related = ["company"]
    inlines = [OrderLineInline]

    @admin.display(description="Billing address")
    def billing(self, order: Order):
        return _address_html(order.billing_address)

    @admin.display(description="Shipping address")
    def shipping(self, order: Order):
        return _address_html(order.shipping_address)
