from django.contrib import admin

from portal.models import (
    Channel,
    Currency,
    Store,
    StoreFeatures,
    StorefrontConfig,
    TaxClass,
    TaxClassRate,
    TaxZone,
    TaxZoneRate,
    TranslationOverride,
)
from portal.services import translation_override_delete, translation_override_save


class StoreFeaturesInline(admin.StackedInline):
    model = StoreFeatures
    can_delete = False


@admin.register(Store)
class StoreAdmin(admin.ModelAdmin):
    list_display = ["name", "store_hash", "default_language", "default_currency", "multi_storefront_enabled"]
    inlines = [StoreFeaturesInline]


class StorefrontConfigInline(admin.TabularInline):
    model = StorefrontConfig
    extra = 0
    fields = ["key", "value", "extra_fields"]


@admin.register(Channel)
class ChannelAdmin(admin.ModelAdmin):
    list_display = [
        "channel_id",
        "name",
        "store",
        "is_enabled",
        "b2b_enabled",
        "platform",
        "translation_version",
    ]
    list_filter = ["is_enabled", "b2b_enabled", "platform"]
    inlines = [StorefrontConfigInline]


@admin.register(StorefrontConfig)
class StorefrontConfigAdmin(admin.ModelAdmin):
    list_display = ["key", "value", "channel"]
    list_filter = ["channel", "value"]
    list_editable = ["value"]
    search_fields = ["key"]


@admin.register(Currency)
class CurrencyAdmin(admin.ModelAdmin):
    list_display = ["code", "name", "token", "exchange_rate", "is_default", "enabled", "is_transactional"]
    list_filter = ["enabled", "is_default"]


@admin.register(TaxClass)
class TaxClassAdmin(admin.ModelAdmin):
    list_display = ["name", "store"]


class TaxClassRateInline(admin.TabularInline):
    model = TaxClassRate
    extra = 0


@admin.register(TaxZoneRate)
class TaxZoneRateAdmin(admin.ModelAdmin):
    list_display = ["name", "zone", "enabled", "priority"]
    inlines = [TaxClassRateInline]


class TaxZoneRateInline(admin.TabularInline):
    model = TaxZoneRate
    extra = 0
    show_change_link = True


@admin.register(TaxZone)
class TaxZoneAdmin(admin.ModelAdmin):
    list_display = ["name", "enabled", "priority", "show_inclusive"]
    inlines = [TaxZoneRateInline]


@admin.register(TranslationOverride)
class TranslationOverrideAdmin(admin.ModelAdmin):
    list_display = ["key", "page", "language", "channel", "text"]
    list_filter = ["language", "page", "channel"]
    search_fields = ["key", "text"]

    # Saving or deleting a text raises the channel's translation version (portal.services).
    def save_model(self, request, obj, form, change):
        translation_override_save(override=obj)

    def delete_model(self, request, obj):
        translation_override_delete(override=obj)

    def delete_queryset(self, request, queryset):
        for override in queryset.select_related("channel"):
            translation_override_delete(override=override)
