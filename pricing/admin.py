from django import forms
from django.contrib import admin
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.uploadedfile import UploadedFile
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404
from django.urls import path, reverse

from accounts.uploads import PDF, clean_file_name, detect, size_label
from pricing.models import (
    BulkPricingTier,
    BulkUpload,
    Category,
    OptionValue,
    OptionValueTranslation,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductOptionTranslation,
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
        super().clean()
        cleaned = self.cleaned_data
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


# --- PDFs staff upload into private storage (issue 17): safety data sheets here, certificates of analysis in orders ---

MAX_STAFF_PDF_BYTES = 20_000_000


class _StoredFile:
    """What the file input shows of a private file, which has no URL: its uploaded name, linked to a staff download."""

    def __init__(self, url: str, name: str):
        self.url, self.name = url, name

    def __str__(self) -> str:
        return self.name


class PrivateFileInput(forms.ClearableFileInput):
    download_url = ""
    file_name = ""

    def is_initial(self, value):
        return bool(value and getattr(value, "name", ""))

    def format_value(self, value):
        if self.is_initial(value):
            return _StoredFile(self.download_url, self.file_name or "document.pdf")
        return None


class StaffPdfField(forms.FileField):
    """A PDF: named .pdf and a PDF by its content (accounts.uploads), at most MAX_STAFF_PDF_BYTES."""

    widget = PrivateFileInput

    def clean(self, data, initial=None):
        value = super().clean(data, initial)
        if isinstance(value, UploadedFile):
            if (value.size or 0) > MAX_STAFF_PDF_BYTES:
                raise ValidationError(f"Upload a PDF of at most {size_label(MAX_STAFF_PDF_BYTES)}.", code="too_big")
            value.seek(0)
            detected = detect(value.name or "", value.read(1024))
            value.seek(0)
            if detected is None or detected.kind != PDF:
                raise ValidationError("Upload a PDF: a file named .pdf whose content is a PDF.", code="not_pdf")
        return value


class StaffPdfFormMixin(forms.ModelForm):
    """A ModelForm's StaffPdfFields keep the uploaded file's name (`pdf_names`: file field → name field) and link the
    current file to its staff download (`pdf_downloads`: file field → admin URL name taking the object's id)."""

    pdf_names: dict[str, str] = {}
    pdf_downloads: dict[str, str] = {}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field, url_name in self.pdf_downloads.items():
            if field in self.fields and self.instance.pk:
                widget = self.fields[field].widget
                widget.download_url = reverse(url_name, args=[self.instance.pk])
                widget.file_name = getattr(self.instance, self.pdf_names[field])

    def clean(self):
        super().clean()
        cleaned = self.cleaned_data
        for field, name_field in self.pdf_names.items():
            if field in self.changed_data and field in cleaned:
                value = cleaned[field]
                setattr(self.instance, name_field, clean_file_name(value.name) if value else "")
        return cleaned


def private_pdf_response(model_admin: admin.ModelAdmin, request, stored, name: str) -> FileResponse:
    """A staff download of a private PDF (they have no URL)."""
    if not model_admin.has_view_permission(request):
        raise PermissionDenied
    if not stored:
        raise Http404("No file.")
    try:
        handle = stored.open("rb")
    except OSError as exc:
        raise Http404("The file is missing.") from exc
    return FileResponse(handle, as_attachment=True, filename=name or "document.pdf", content_type="application/pdf")


class ProductAdminForm(StaffPdfFormMixin, forms.ModelForm):
    safety_data_sheet = StaffPdfField(
        required=False, help_text="PDF. Buyers who ordered the product download it from their order."
    )
    pdf_names = {"safety_data_sheet": "safety_data_sheet_name"}
    pdf_downloads = {"safety_data_sheet": "admin:pricing_product_safety_data_sheet"}

    class Meta:
        model = Product
        fields = ["safety_data_sheet"]  # the admin's fieldsets name the rest


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
    readonly_fields = ["search_text", "created_at", "updated_at", "safety_data_sheet_name"]
    form = ProductAdminForm
    inlines = [VariantInline, OptionInline, BulkPricingTierInline]
    actions = [refresh_search_text]
    fieldsets = [
        (None, {"fields": ["name", "sku", "slug", "brand", "categories", "description", "image", "is_visible"]}),
        ("Chemistry", {"fields": ["cas_number", "synonyms"]}),
        ("Price and tax", {"fields": ["base_price", "tax_class"]}),
        ("Procurement systems", {"fields": ["unspsc", "unit_of_measure"]}),
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
        ("Documents", {"fields": ["safety_data_sheet", "safety_data_sheet_name"]}),
        ("Search", {"fields": ["search_text", "created_at", "updated_at"], "classes": ["collapse"]}),
    ]

    def get_urls(self):
        download = self.admin_site.admin_view(self.safety_data_sheet_download)
        own = [path("<int:pk>/safety-data-sheet/", download, name="pricing_product_safety_data_sheet")]
        return own + super().get_urls()

    def safety_data_sheet_download(self, request, pk: int):
        product = get_object_or_404(Product, pk=pk)
        return private_pdf_response(self, request, product.safety_data_sheet, product.safety_data_sheet_name)

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # After the inlines: the variants' SKUs are part of the search text.
        product_search_text_refresh(form.instance)


class OptionValueInline(admin.TabularInline):
    model = OptionValue
    extra = 0
    fields = ["label", "sort_order", "is_default", "price_adjuster", "price_adjustment", "value_data"]
    show_change_link = True  # a value's translations are edited on its own page


# Issue 36 item 13: an option's name and its values' labels in the other six languages (pricing.translations).
class ProductOptionTranslationInline(admin.TabularInline):
    model = ProductOptionTranslation
    extra = 0
    fields = ["language", "display_name", "checkbox_label"]
    verbose_name = "translation"
    verbose_name_plural = "translations (the English name shows in a language without one)"


class OptionValueTranslationInline(admin.TabularInline):
    model = OptionValueTranslation
    extra = 0
    fields = ["language", "label"]
    verbose_name = "translation"
    verbose_name_plural = "translations (the English label shows in a language without one)"


@admin.register(OptionValue)
class OptionValueAdmin(admin.ModelAdmin):
    list_display = ["label", "option", "sort_order"]
    search_fields = ["label", "option__display_name", "option__product__sku"]
    list_select_related = ["option__product"]
    autocomplete_fields = ["option"]
    fields = ["option", "label", "sort_order", "is_default", "price_adjuster", "price_adjustment", "value_data"]
    inlines = [OptionValueTranslationInline]


@admin.register(ProductOption)
class ProductOptionAdmin(admin.ModelAdmin):
    list_display = ["display_name", "product", "type", "required", "is_variant_option"]
    list_filter = ["type", "required", "is_variant_option"]
    search_fields = ["display_name", "product__name", "product__sku"]
    autocomplete_fields = ["product"]
    inlines = [ProductOptionTranslationInline, OptionValueInline]
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


# Kept out of the bulk upload's admin: the stored result, the worker's claim and the private files.
_BULK_UPLOAD_HIDDEN = ("result", "claim_token", "source", "error_file", "stock_error_file")


@admin.register(BulkUpload)
class BulkUploadAdmin(admin.ModelAdmin):
    """Read only: staff see what buyers uploaded and how it went (the files stay private; they expire in a day)."""

    list_display = ("created_at", "file_name", "user", "company", "status", "row_count", "valid_count", "error_count")
    list_filter = ("status", "is_to_cart")
    search_fields = ("file_name", "user__email", "company__name")
    date_hierarchy = "created_at"
    list_select_related = ("user", "company")
    exclude = _BULK_UPLOAD_HIDDEN
    readonly_fields = [field.name for field in BulkUpload._meta.fields if field.name not in _BULK_UPLOAD_HIDDEN]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
