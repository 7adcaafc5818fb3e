"""The supplier's staff set up procurement systems' connections and read what was exchanged (issue 39)."""

from __future__ import annotations

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import transaction

from punchout import selectors, services
from punchout.models import (
    OutboundState,
    PunchoutConnection,
    PunchoutDocument,
    PunchoutOutbound,
    PunchoutPurchaseOrder,
    PunchoutSession,
)


class PunchoutConnectionForm(forms.ModelForm):
    documents_url = forms.URLField(
        label="Documents URL", required=False, assume_scheme="https",
        help_text="The procurement system's cXML endpoint for order confirmations, ship notices and invoices.",
    )  # fmt: skip
    new_secret = forms.CharField(
        label="New shared secret",
        required=False,
        strip=False,
        widget=forms.PasswordInput(render_value=False, attrs={"autocomplete": "new-password"}),
        help_text="The cXML SharedSecret or OCI PASSWORD the procurement system sends (at least 8 characters). It is "
        "kept hashed and never shown again; leave empty to keep the current one.",
    )

    class Meta:
        model = PunchoutConnection
        fields = [
            "company", "name", "system", "protocol", "is_active", "sender_domain", "sender_identity", "from_domain",
            "from_identity", "to_domain", "to_identity", "return_origins", "user_mode", "fixed_user", "new_user_role",
            "cost_centre_fields", "documents_url", "documents_secret",
        ]  # fmt: skip
        widgets = {"documents_secret": forms.PasswordInput(render_value=True)}

    def clean_new_secret(self) -> str:
        secret = self.cleaned_data.get("new_secret", "")
        if secret and len(secret) < 8:
            raise ValidationError("A shared secret has at least 8 characters.")
        if not secret and not (self.instance.pk and self.instance.secret_hash):
            raise ValidationError("A new connection needs its shared secret.")
        return secret

    def clean_return_origins(self) -> str:
        lines = [line.strip() for line in self.cleaned_data.get("return_origins", "").splitlines() if line.strip()]
        wrong = [line for line in lines if not selectors.return_url_allowed_origin(line)]
        if wrong:
            raise ValidationError(f"Not an origin (https://host[:port]): {', '.join(wrong[:3])}")
        return "\n".join(lines)

    def clean(self):
        cleaned = super().clean() or {}
        company, user = cleaned.get("company"), cleaned.get("fixed_user")
        if cleaned.get("user_mode") == "fixed":
            membership = getattr(user, "membership", None) if user is not None else None
            if membership is None or company is None or membership.company_id != company.pk:
                self.add_error("fixed_user", "Choose a user of the connection's company.")
            elif user is not None and (user.is_staff or user.is_superuser or user.is_super_admin):
                self.add_error("fixed_user", "Choose a buyer: staff and super admins never sign in from a punchout.")
        return cleaned


@admin.register(PunchoutConnection)
class PunchoutConnectionAdmin(admin.ModelAdmin):
    form = PunchoutConnectionForm
    list_display = ("name", "company", "system", "protocol", "sender_identity", "is_active", "has_secret")
    list_filter = ("system", "protocol", "is_active")
    search_fields = ("name", "company__name", "sender_identity", "from_identity")
    autocomplete_fields = ("company",)
    raw_id_fields = ("fixed_user",)
    fieldsets = (
        (None, {"fields": ("company", "name", "system", "protocol", "is_active")}),
        (
            "Procurement system's identities",
            {
                "fields": (
                    "sender_domain",
                    "sender_identity",
                    "new_secret",
                    "from_domain",
                    "from_identity",
                    "to_domain",
                    "to_identity",
                    "return_origins",
                )
            },
        ),  # fmt: skip
        ("Buyers", {"fields": ("user_mode", "fixed_user", "new_user_role", "cost_centre_fields")}),
        ("Documents to the procurement system", {"fields": ("documents_url", "documents_secret")}),
    )

    @admin.display(boolean=True, description="shared secret set")
    def has_secret(self, obj: PunchoutConnection) -> bool:
        return bool(obj.secret_hash)

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        secret = form.cleaned_data.get("new_secret")
        if secret:
            services.connection_secret_set(connection=obj, secret=secret)


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(PunchoutSession)
class PunchoutSessionAdmin(ReadOnlyAdmin):
    list_display = ("pk", "connection", "user", "operation", "created_at", "started_at", "transferred_at")
    list_filter = ("operation", "connection__system")
    search_fields = ("user__email", "connection__name", "payload_id")
    exclude = ("start_token_hash",)
    list_select_related = ("connection", "user")


@admin.register(PunchoutDocument)
class PunchoutDocumentAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "connection", "direction", "kind", "status_code", "payload_id")
    list_filter = ("direction", "kind", "status_code")
    search_fields = ("payload_id", "connection__name")
    list_select_related = ("connection",)


@admin.register(PunchoutPurchaseOrder)
class PunchoutPurchaseOrderAdmin(ReadOnlyAdmin):
    list_display = ("po_number", "connection", "order", "created_at")
    search_fields = ("po_number", "payload_id", "order__number")
    list_select_related = ("connection", "order")


@admin.register(PunchoutOutbound)
class PunchoutOutboundAdmin(ReadOnlyAdmin):
    """The documents owed to procurement systems: a failed one says why; "Send again" queues it once more."""

    list_display = ("created_at", "purchase_order", "kind", "object_id", "state", "attempts", "sent_at", "last_error")
    list_filter = ("kind", "state")
    list_select_related = ("purchase_order",)
    actions = ["send_again"]

    @admin.action(description="Send again")
    def send_again(self, request, queryset):
        from punchout.tasks import punchout_outbound_send

        ids = list(queryset.filter(state=OutboundState.FAILED).values_list("pk", flat=True))
        queryset.filter(pk__in=ids).update(state=OutboundState.PENDING, last_error="")
        transaction.on_commit(lambda: [punchout_outbound_send.delay(outbound_id) for outbound_id in ids])
        self.message_user(request, f"{len(ids)} document(s) queued again.")
