from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from pricing.models import (
    BulkPricingTier,
    Category,
    OptionValue,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.services import product_search_text_refresh, product_search_text_refresh_all


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "parent", "sort_order"]
    list_filter = ["parent"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}


class VariantInline(admin.TabularInline):
    model = ProductVariant
    extra = 0
    fields = ["sku", "price", "inventory_level", "purchasing_disabled", "image", "sort_order"]
    show_change_link = True  # the variant's option values are chosen on its own page


class OptionInline(admin.TabularInline):
    model = ProductOption
    extra = 0
    fields = ["display_name", "type", "required", "is_variant_option", "sort_order"]
    show_change_link = True  # limits, defaults and values are edited on the option's own page


class BulkPricingTierForm(forms.ModelForm):
    class Meta:
        model = BulkPricingTier
        fields = ["price_list", "min_quantity", "max_quantity", "discount_type", "amount"]

    def clean(self):
        cleaned = super().clean()
        minimum, maximum = cleaned.get("min_quantity"), cleaned.get("max_quantity")
        if minimum is not None and maximum and maximum < minimum:
            raise ValidationError({"max_quantity": "Enter 0 (no upper bound) or a number not below the minimum."})
        if cleaned.get("discount_type") == "percent" and (cleaned.get("amount") or 0) > 100:
            raise ValidationError({"amount": "A percentage off is at most 100."})
        return cleaned


class BulkPricingTierInline(admin.TabularInline):
    model = BulkPricingTier
    form = BulkPricingTierForm
    extra = 0
    verbose_name = "bulk pricing tier"
    verbose_name_plural = "bulk pricing tiers (a customer group's tiers replace the store-wide ones)"


@admin.action(description="Refresh the search text of the selected products")
def refresh_search_text(modeladmin, request, queryset):
    count = product_search_text_refresh_all(products=queryset)
    modeladmin.message_user(request, f"Search text refreshed for {count} product{'s' if count != 1 else ''}.")


@admin.register(Product)
class ProductAdmin(admin.ModelAdmin):
    list_display = ["name", "sku", "cas_number", "base_price", "availability", "inventory_tracking", "is_visible"]
    list_filter = ["is_visible", "availability", "inventory_tracking", "purchasing_disabled", "categories"]
    search_fields = ["name", "sku", "cas_number", "synonyms", "variants__sku"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["categories"]
    readonly_fields = ["search_text", "created_at", "updated_at"]
    inlines = [VariantInline, OptionInline, BulkPricingTierInline]
    actions = [refresh_search_text]
    fieldsets = [
        (None, {"fields": ["name", "sku", "slug", "brand", "categories", "description", "image", "is_visible"]}),
        ("Chemistry", {"fields": ["cas_number", "synonyms"]}),
        ("Price and tax", {"fields": ["base_price", "tax_class"]}),
        (
            "Availability and stock",
            {
                "fields": [
                    "availability",
                    "purchasing_disabled",
                    "purchasing_disabled_message",
                    "inventory_tracking",
                    "inventory_level",
                ]
            },
        ),  # fmt: skip
        ("Search", {"fields": ["search_text", "created_at", "updated_at"], "classes": ["collapse"]}),
    ]

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # After the inlines: the variants' SKUs are part of the search text.
        product_search_text_refresh(form.instance)


class OptionValueInline(admin.TabularInline):
    model = OptionValue
    extra = 0
    fields = ["label", "sort_order", "is_default", "price_adjuster", "price_adjustment", "value_data"]


@admin.register(ProductOption)
class ProductOptionAdmin(admin.ModelAdmin):
    list_display = ["display_name", "product", "type", "required", "is_variant_option"]
    list_filter = ["type", "required", "is_variant_option"]
    search_fields = ["display_name", "product__name", "product__sku"]
    autocomplete_fields = ["product"]
    inlines = [OptionValueInline]
    fieldsets = [
        (None, {"fields": ["product", "display_name", "type", "required", "is_variant_option", "sort_order"]}),
        ("Text", {"fields": ["text_min_length", "text_max_length", "text_max_lines"]}),
        (
            "Number",
            {"fields": ["number_limited", "number_lowest_value", "number_highest_value", "number_integers_only"]},
        ),
        ("Default and checkbox", {"fields": ["default_value", "checkbox_label", "checked_by_default"]}),
        ("Checkbox price", {"fields": ["checkbox_price_adjuster", "checkbox_price_adjustment"]}),
        ("File", {"fields": ["file_max_size", "file_types"]}),
    ]


@admin.register(ProductVariant)
class ProductVariantAdmin(admin.ModelAdmin):
    list_display = ["sku", "product", "price", "inventory_level", "purchasing_disabled"]
    list_filter = ["purchasing_disabled"]
    search_fields = ["sku", "product__name", "product__sku"]
    autocomplete_fields = ["product"]
    filter_horizontal = ["option_values"]

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        if db_field.name == "option_values":
            # Only the values of the product's own variant options.
            variant_id = request.resolver_match.kwargs.get("object_id") if request.resolver_match else None
            values = OptionValue.objects.filter(option__is_variant_option=True).select_related("option")
            product_id = ProductVariant.objects.filter(pk=variant_id).values("product_id")[:1] if variant_id else None
            kwargs["queryset"] = values.filter(option__product_id__in=product_id) if product_id is not None else values
        return super().formfield_for_manytomany(db_field, request, **kwargs)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        product_search_text_refresh(obj.product)

    def delete_model(self, request, obj):
        product = obj.product
        super().delete_model(request, obj)
        product_search_text_refresh(product)


class PriceListRecordInline(admin.TabularInline):
    model = PriceListRecord
    extra = 0
    autocomplete_fields = ["variant"]


@admin.register(PriceList)
class PriceListAdmin(admin.ModelAdmin):
    list_display = ["name", "customer_group"]
    search_fields = ["name", "customer_group__name"]
    inlines = [PriceListRecordInline]
