from django.contrib import admin

from orders.models import Order, OrderLine


class OrderLineInline(admin.TabularInline):
    model = OrderLine
    extra = 0
    readonly_fields = ["product", "variant", "sku", "name", "options", "quantity", "unit_price", "unit_tax",
                       "line_total", "line_tax"]  # fmt: skip
    can_delete = False


@admin.register(Order)
class OrderAdmin(admin.ModelAdmin):
    list_display = ["number", "customer_email", "company", "status", "grand_total", "currency_code", "created_at"]
    list_filter = ["status", "payment_method", "currency_code"]
    search_fields = ["number", "customer_email", "po_number", "company__name"]
    readonly_fields = ["number", "company", "placed_by", "customer_email", "currency_code", "exchange_rate",
                       "subtotal", "tax_total", "shipping_total", "grand_total", "payment_method", "po_number",
                       "billing_address", "shipping_address", "customer_message", "created_at"]  # fmt: skip
    list_select_related = ["company"]
    inlines = [OrderLineInline]
