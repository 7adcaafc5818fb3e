"""Shopping lists in Django admin: staff read the buyers' lists and their products, and may correct a list's name or
description (through the service, so that the hotlist flag follows the name). Statuses and products are the buyers'
and their approvers' business: they are read-only here."""

from __future__ import annotations

from django.contrib import admin
from django.utils.html import format_html_join

from shoppinglists import services
from shoppinglists.models import ShoppingList, ShoppingListItem


class ShoppingListItemInline(admin.TabularInline):
    model = ShoppingListItem
    extra = 0
    fields = ("product", "variant", "quantity", "chosen_options", "note", "added_unit_price", "updated_at")
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="Options")
    def chosen_options(self, item: ShoppingListItem):
        if not item.options:
            return "—"
        return format_html_join("", "{}: {}<br>", ((str(o), str(v)) for o, v in item.options))


@admin.register(ShoppingList)
class ShoppingListAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "created_by", "status", "is_hotlist", "updated_at"]
    list_filter = ["status", "is_hotlist", "channel_id"]
    search_fields = ["name", "description", "company__name", "customer__email", "created_by__email"]
    fields = ["name", "description", "company", "customer", "created_by", "channel_id", "status", "reason",
              "is_hotlist", "reviewed_by", "reviewed_at", "created_at", "updated_at"]  # fmt: skip
    readonly_fields = ["company", "customer", "created_by", "channel_id", "status", "reason", "is_hotlist",
                       "reviewed_by", "reviewed_at", "created_at", "updated_at"]  # fmt: skip
    list_select_related = ["company", "customer", "created_by"]
    inlines = [ShoppingListItemInline]

    def has_add_permission(self, request):
        return False  # lists are the buyers' own: made in the portal

    @admin.display(description="Owner")
    def owner(self, shopping_list: ShoppingList) -> str:
        return str(shopping_list.company or shopping_list.customer)

    def save_model(self, request, obj, form, change):
        services.shopping_list_staff_rename(
            shopping_list=obj, name=form.cleaned_data["name"], description=form.cleaned_data.get("description", "")
        )
