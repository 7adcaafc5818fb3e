from django.contrib import admin

from portal.models import Channel, Store, StoreFeatures, StorefrontConfig


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
