from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.utils import timezone

from portal.models import (
    Channel,
    Currency,
    Store,
    StoreAdminCredential,
    StoreFeatures,
    StorefrontConfig,
    StorefrontToken,
    TaxClass,
    TaxClassRate,
    TaxZone,
    TaxZoneRate,
    TranslationOverride,
)
from portal.services import translation_override_delete, translation_override_save
from portal.storefront_tokens import (
    STOREFRONT_TOKEN_LIFETIME,
    issue_storefront_token,
    origins_validate,
    store_admin_credential_issue,
    store_admin_credentials_revoke,
    storefront_tokens_revoke,
)


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


# --- issue 22: storefront tokens and store admin credentials ---------------------------------------------------------
# Staff issue both here; the raw value is shown once, in the message after saving (only its hash is kept). Neither can
# be edited afterwards: revoke it and issue another.


class StorefrontTokenForm(forms.ModelForm):
    allowed_origins = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One exact origin a line, e.g. https://shop.example.com (scheme://host[:port], no path).",
    )
    expires_at = forms.DateTimeField(
        required=False, help_text="Empty: 7 days from now (shell §9), which is also the longest a token lives."
    )

    class Meta:
        model = StorefrontToken
        fields = ["channel", "allowed_origins", "expires_at"]

    def clean_allowed_origins(self) -> list[str]:
        values = [line.strip() for line in self.cleaned_data["allowed_origins"].replace(",", "\n").splitlines()]
        try:
            return origins_validate([value for value in values if value])
        except ValidationError as exc:
            raise forms.ValidationError(
                [message for messages_ in exc.message_dict.values() for message in messages_]
            ) from None

    def clean_expires_at(self):
        value = self.cleaned_data.get("expires_at")
        now = timezone.now()
        if value is not None and not now < value <= now + STOREFRONT_TOKEN_LIFETIME:
            raise forms.ValidationError("Choose a time in the next 7 days.")
        return value


@admin.register(StorefrontToken)
class StorefrontTokenAdmin(admin.ModelAdmin):
    list_display = ["id", "channel", "origins", "created_at", "expires_at", "revoked_at"]
    list_filter = ["channel", ("revoked_at", admin.EmptyFieldListFilter)]
    actions = ["revoke"]
    form = StorefrontTokenForm

    @admin.display(description="Allowed origins")
    def origins(self, obj: StorefrontToken) -> str:
        return ", ".join(obj.allowed_origins)

    def get_fields(self, request, obj=None):
        return ["channel", "origins", "created_at", "expires_at", "revoked_at"] if obj else super().get_fields(request)

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # nothing of an issued token is edited: revoke it (an action of the list) and issue another

    def save_model(self, request, obj, form, change):
        raw, token = issue_storefront_token(
            channel=form.cleaned_data["channel"],
            allowed_origins=form.cleaned_data["allowed_origins"],
            expires_at=form.cleaned_data.get("expires_at"),
        )
        obj.__dict__.update({field.attname: getattr(token, field.attname) for field in token._meta.concrete_fields})
        obj._state.adding = False
        messages.warning(
            request,
            f"The storefront token (shown this once; put it in the loader's data-storefront-token): {raw}",
        )

    @admin.action(description="Revoke the selected storefront tokens")
    def revoke(self, request, queryset):
        count = storefront_tokens_revoke(tokens=queryset)
        self.message_user(request, f"{count} storefront token(s) revoked.")


@admin.register(StoreAdminCredential)
class StoreAdminCredentialAdmin(admin.ModelAdmin):
    list_display = ["name", "store", "created_at", "revoked_at"]
    list_filter = [("revoked_at", admin.EmptyFieldListFilter)]
    actions = ["revoke"]

    def get_fields(self, request, obj=None):
        return ["name", "store", "created_at", "revoked_at"] if obj else ["store", "name"]

    def get_readonly_fields(self, request, obj=None):
        return ["store", "created_at", "revoked_at"] if obj else []

    def save_model(self, request, obj, form, change):
        if change:
            obj.save(update_fields=["name"])
            return
        raw, credential = store_admin_credential_issue(store=obj.store, name=obj.name)
        obj.__dict__.update(
            {field.attname: getattr(credential, field.attname) for field in credential._meta.concrete_fields}
        )
        obj._state.adding = False
        messages.warning(request, f"The store admin credential (shown this once; send it as X-Auth-Token): {raw}")

    @admin.action(description="Revoke the selected credentials")
    def revoke(self, request, queryset):
        count = store_admin_credentials_revoke(credentials=queryset)
        self.message_user(request, f"{count} credential(s) revoked.")
