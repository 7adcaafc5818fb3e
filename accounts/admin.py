from django import forms
from django.contrib import admin
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import FileResponse, Http404
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from accounts.models import (
    CUSTOM_FIELD_TYPES,
    AccountFormField,
    Address,
    AuditEvent,
    B2BToken,
    Company,
    CompanyMembership,
    CompanyStatus,
    CustomerGroup,
    MasqueradeSession,
    MediaFile,
    NewsletterSubscriber,
    RolePermission,
    RoleTemplate,
    User,
)
from accounts.permissions import Code
from accounts.services import (
    ESSENTIAL_FIELDS,
    MAX_REJECTION_REASON,
    account_form_field_config_errors,
    company_approve,
    company_move,
    company_reject,
    company_status_set,
    membership_role_changed_record,
)


class MembershipInline(admin.TabularInline):
    model = CompanyMembership
    fk_name = "company"
    extra = 0
    autocomplete_fields = ["user"]
    fields = ["user", "role", "custom_role", "subtree_access"]


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ["email"]
    list_display = ["email", "first_name", "last_name", "is_super_admin", "is_staff", "is_active"]
    list_filter = ["is_super_admin", "is_staff", "is_active"]
    search_fields = ["email", "first_name", "last_name"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Personal info"), {"fields": ("first_name", "last_name", "phone")}),
        (_("Portal"), {"fields": ("is_super_admin", "masquerade_companies", "force_password_reset", "extra_fields")}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)
    filter_horizontal = ["groups", "user_permissions", "masquerade_companies"]


def _changed_message(changed: int, status: CompanyStatus) -> str:
    return f"{changed} compan{'y' if changed == 1 else 'ies'} set to “{status.label}”."


class RejectionForm(forms.Form):
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "cols": 80}),
        max_length=MAX_REJECTION_REASON,
        help_text="The applicant reads this in the e-mail and in the portal, and may resubmit.",
    )


class CompanyForm(forms.ModelForm):
    """The company's form in admin: its place in the company tree is checked here (a unit cannot become its own
    descendant, the tree has at most MAX_UNIT_DEPTH levels below its root) and moved by `company_move`."""

    class Meta:
        model = Company
        fields = "__all__"  # noqa: DJ007 — the admin's fieldsets choose what is shown

    def clean_parent(self):
        parent = self.cleaned_data.get("parent")
        company = self.instance
        if parent is None or company.pk is None:
            return parent
        if parent.pk == company.pk or parent.tree_path.startswith(company.tree_path):
            raise ValidationError(f"{company.name} cannot be placed below itself or below one of its own units.")
        return parent


@admin.register(Company)
class CompanyAdmin(admin.ModelAdmin):
    form = CompanyForm
    list_display = [
        "name", "unit_of", "email", "status", "customer_group", "credit_enabled", "city", "country_code", "created_at",
    ]  # fmt: skip
    list_filter = ["status", "customer_group", "credit_enabled", "country_code"]
    search_fields = ["name", "email"]
    list_select_related = ["parent", "customer_group"]
    autocomplete_fields = ["parent"]
    inlines = [MembershipInline]
    actions = ["set_status_approved", "set_status_rejected", "set_status_inactive", "set_status_deleted"]
    fieldsets = (
        (None, {"fields": ("name", "email", "phone", "status", "customer_group")}),
        (
            "Company tree",
            {
                "fields": (
                    "parent",
                    "units_above",
                    "units_below",
                    "quotes_feature",
                    "shopping_lists_feature",
                    "quick_order_feature",
                ),  # fmt: skip
                "description": "An institution's faculty, department or lab is a unit below it. Moving a unit moves "
                "the units below it and all their history; the admins of the units above see and act for it. A unit "
                "passes its price list (customer group), credit line and feature switches to the units below it "
                "unless they set their own.",
            },
        ),
        (
            "Application",
            {
                "fields": ("applied_by", "submitted_at", "reviewed_at", "rejection_reason", "attachment_links"),
                "description": "Approve or reject (with a reason) with the actions of the company list: the applicant "
                "is e-mailed and the decision is recorded in the audit log.",
            },
        ),
        ("Address", {"fields": ("address_line1", "address_line2", "city", "state", "zip_code", "country_code")}),
        (
            "Credit",
            {
                "fields": (
                    "credit_enabled",
                    "credit_currency",
                    "credit_limit",
                    "available_credit",
                    "limit_purchases",
                    "credit_hold",
                    "uses_parent_credit",
                )
            },
        ),
        ("Extra fields", {"fields": ("extra_fields", "address_extra_fields"), "classes": ("collapse",)}),
    )

    @admin.display(description="Unit of", ordering="parent__name")
    def unit_of(self, obj: Company) -> str:
        return obj.parent.name if obj.parent_id and obj.parent else "—"

    @admin.display(description="Units above")
    def units_above(self, obj: Company) -> str:
        if obj is None or obj.pk is None or not obj.ancestor_ids:
            return "— (a top-level company)"
        names = dict(Company.objects.filter(pk__in=obj.ancestor_ids).values_list("pk", "name"))
        return " › ".join(names.get(pk, "?") for pk in obj.ancestor_ids)

    @admin.display(description="Units below")
    def units_below(self, obj: Company) -> str:
        if obj is None or obj.pk is None or not obj.has_children:
            return "—"
        below = Company.objects.filter(path__startswith=obj.tree_path).exclude(pk=obj.pk).order_by("depth", "name")
        return format_html_join(
            mark_safe("<br>"),  # noqa: S308 - a constant
            '{}<a href="{}">{}</a>',
            (
                (" " * (unit.depth - obj.depth - 1), reverse("admin:accounts_company_change", args=[unit.pk]),
                 unit.name)
                for unit in below
            ),
        )  # fmt: skip

    def save_model(self, request, obj, form, change):
        """The tree's fields change only through `company_move`, which moves the units below too."""
        parent_id = obj.parent_id
        before = Company.objects.filter(pk=obj.pk).values_list("parent_id", flat=True).first() if change else None
        obj.parent_id = before
        super().save_model(request, obj, form, change)
        if parent_id != obj.parent_id:
            try:
                moved = company_move(company_id=obj.pk, parent_id=parent_id, by=request.user)
            except ValidationError as exc:
                self.message_user(request, " ".join(exc.messages), level="error")
            else:
                obj.parent_id, obj.path, obj.depth = moved.parent_id, moved.path, moved.depth

    def get_readonly_fields(self, request, obj=None):
        readonly = ["applied_by", "submitted_at", "reviewed_at", "rejection_reason", "attachment_links",
                    "units_above", "units_below"]  # fmt: skip
        # The status changes only through the actions, which e-mail the applicant and write the audit log.
        return [*readonly, "status"] if obj is not None else readonly

    @admin.display(description="Attachments")
    def attachment_links(self, obj: Company) -> str:
        if obj is None or obj.pk is None:
            return "—"
        files = list(obj.attachments.all())
        if not files:
            return "—"
        return format_html_join(
            mark_safe("<br>"),  # noqa: S308 - a constant
            '<a href="{}">{}</a> ({} bytes, {})',
            (
                (
                    reverse("admin:accounts_company_attachment", args=[obj.pk, f.pk]),
                    f.original_name,
                    f.size,
                    f.content_type,
                )
                for f in files
            ),
        )

    def get_urls(self):
        return [
            path(
                "<int:company_id>/attachments/<uuid:file_id>/",
                self.admin_site.admin_view(self.attachment_download),
                name="accounts_company_attachment",
            ),
            *super().get_urls(),
        ]

    def attachment_download(self, request, company_id: int, file_id):
        """Staff download an application's file; it is never served anywhere else."""
        company = Company.objects.filter(pk=company_id).first()
        if company is None or not self.has_view_permission(request, company):
            raise PermissionDenied
        media = MediaFile.objects.filter(pk=file_id, company=company).first()
        if media is None:
            raise Http404("No such file.")
        response = FileResponse(
            media.file.open("rb"), as_attachment=True, filename=media.original_name, content_type=media.content_type
        )
        response["X-Content-Type-Options"] = "nosniff"
        response["Content-Security-Policy"] = "sandbox"
        return response

    @admin.action(description="Approve selected companies", permissions=["change"])
    def set_status_approved(self, request, queryset):
        changed = company_approve(company_ids=list(queryset.values_list("pk", flat=True)), by=request.user)
        self.message_user(request, _changed_message(changed, CompanyStatus.APPROVED))

    @admin.action(description="Reject selected companies (with a reason)…", permissions=["change"])
    def set_status_rejected(self, request, queryset):
        """An intermediate page asks for the reason; the rejection happens when it is submitted."""
        form = RejectionForm(request.POST if "apply" in request.POST else None)
        if form.is_bound and form.is_valid():
            try:
                changed = company_reject(
                    company_ids=list(queryset.values_list("pk", flat=True)),
                    reason=form.cleaned_data["reason"],
                    by=request.user,
                )
            except ValidationError as exc:
                form.add_error("reason", exc.message_dict.get("reason", exc.messages))
            else:
                self.message_user(request, _changed_message(changed, CompanyStatus.REJECTED))
                return None
        return TemplateResponse(
            request,
            "admin/accounts/company/reject_reason.html",
            {
                **self.admin_site.each_context(request),
                "title": "Reject companies",
                "opts": self.model._meta,
                "companies": queryset,
                "form": form,
                "action_checkbox_name": ACTION_CHECKBOX_NAME,
                "action": "set_status_rejected",
            },
        )

    @admin.action(description="Deactivate selected companies", permissions=["change"])
    def set_status_inactive(self, request, queryset):
        changed = company_status_set(
            company_ids=list(queryset.values_list("pk", flat=True)), status=CompanyStatus.INACTIVE, by=request.user
        )
        self.message_user(request, _changed_message(changed, CompanyStatus.INACTIVE))

    @admin.action(description="Mark selected companies deleted", permissions=["change"])
    def set_status_deleted(self, request, queryset):
        changed = company_status_set(
            company_ids=list(queryset.values_list("pk", flat=True)), status=CompanyStatus.DELETED, by=request.user
        )
        self.message_user(request, _changed_message(changed, CompanyStatus.DELETED))

    def save_formset(self, request, form, formset, change):
        if formset.model is not CompanyMembership:
            return super().save_formset(request, form, formset, change)
        previous = {
            f.instance.pk: f.initial.get("role")
            for f in formset.forms
            if f.instance.pk and {"role", "custom_role"} & set(f.changed_data)
        }
        super().save_formset(request, form, formset, change)
        for membership in formset.queryset.model.objects.filter(pk__in=previous).select_related("user", "company"):
            if previous[membership.pk] is not None:
                membership_role_changed_record(
                    membership=membership, previous_role=previous[membership.pk], by=request.user
                )


@admin.register(CompanyMembership)
class CompanyMembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "company", "role", "custom_role"]
    list_filter = ["role", "company"]
    search_fields = ["user__email", "company__name"]
    autocomplete_fields = ["user", "company"]

    def save_model(self, request, obj, form, change):
        previous = form.initial.get("role") if change and {"role", "custom_role"} & set(form.changed_data) else None
        super().save_model(request, obj, form, change)
        if previous is not None:
            membership_role_changed_record(membership=obj, previous_role=previous, by=request.user)


@admin.register(CustomerGroup)
class CustomerGroupAdmin(admin.ModelAdmin):
    search_fields = ["name"]


class RolePermissionForm(forms.ModelForm):
    code = forms.ChoiceField(choices=Code.choices)

    class Meta:
        model = RolePermission
        fields = ["code", "level"]


class RolePermissionInline(admin.TabularInline):
    model = RolePermission
    form = RolePermissionForm
    extra = 0


@admin.register(RoleTemplate)
class RoleTemplateAdmin(admin.ModelAdmin):
    list_display = ["name", "role", "is_builtin"]
    list_filter = ["role", "is_builtin"]
    inlines = [RolePermissionInline]

    def get_readonly_fields(self, request, obj=None):
        return ["role", "is_builtin"] if obj and obj.is_builtin else ["is_builtin"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return not (obj and obj.is_builtin) and super().has_delete_permission(request, obj)


@admin.register(B2BToken)
class B2BTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "created_at", "expires_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__email"]
    readonly_fields = ["user", "key_hash", "created_at", "expires_at"]

    def has_add_permission(self, request) -> bool:
        return False


class AccountFormFieldForm(forms.ModelForm):
    class Meta:
        model = AccountFormField
        fields = ["form_type", "group", "field_name", "label", "field_type", "is_required", "visible",
                  "value_configs", "order"]  # fmt: skip

    def clean_field_name(self):
        name = self.cleaned_data["field_name"]
        if not name[:1].isalpha() or not name.replace("_", "").isalnum() or not name.isascii():
            raise forms.ValidationError("Use letters and digits only, starting with a letter (e.g. labSize).")
        return name

    def clean(self):
        super().clean()
        data = self.cleaned_data
        custom = self.instance.pk is None or self.instance.custom
        if custom:
            if data.get("field_type") not in CUSTOM_FIELD_TYPES:
                self.add_error(
                    "field_type", "Custom fields are text, multi-line text, number, dropdown, checkbox or date."
                )
            if data.get("group") == 5:
                self.add_error("group", "Custom fields belong to the contact, additional, company or address step.")
            for message in account_form_field_config_errors(
                field_type=data.get("field_type", ""), value_configs=data.get("value_configs")
            ):
                self.add_error("value_configs", message)
        elif self.instance.field_name in ESSENTIAL_FIELDS and not (data.get("is_required") and data.get("visible")):
            raise forms.ValidationError("This field is essential: it stays required and visible.")
        return data


class AccountFormFieldListForm(forms.ModelForm):
    """The list's editable columns: an essential built-in field stays required and visible."""

    def clean(self):
        super().clean()
        data = self.cleaned_data
        essential = not self.instance.custom and self.instance.field_name in ESSENTIAL_FIELDS
        if essential and not (data.get("is_required", True) and data.get("visible", True)):
            raise forms.ValidationError("This field is essential: it stays required and visible.")
        return data


@admin.register(AccountFormField)
class AccountFormFieldAdmin(admin.ModelAdmin):
    """The registration forms' fields (`accountFormFields`): relabel, reorder, require or hide the built-in ones,
    add custom extra fields."""

    form = AccountFormFieldForm
    list_display = ["label", "field_name", "form_type", "group", "field_type", "is_required", "visible", "custom",
                    "order"]  # fmt: skip
    list_filter = ["form_type", "group", "custom", "field_type"]
    list_editable = ["is_required", "visible", "order"]
    search_fields = ["label", "field_name"]

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and not obj.custom:
            return ["form_type", "group", "field_name", "field_type", "custom"]
        if obj is not None:
            return ["form_type", "field_name", "custom"]  # answers are stored under the name
        return ["custom"]

    def has_delete_permission(self, request, obj=None) -> bool:
        return not (obj and not obj.custom) and super().has_delete_permission(request, obj)

    def get_changelist_form(self, request, **kwargs):
        return super().get_changelist_form(request, form=AccountFormFieldListForm, **kwargs)


class _ReadOnlyAdmin(admin.ModelAdmin):
    """Records staff look at, never edit (the audit log is append-only)."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(MediaFile)
class MediaFileAdmin(_ReadOnlyAdmin):
    list_display = ["original_name", "company", "content_type", "size", "uploaded_by", "created_at", "download"]
    list_filter = ["request_type", "content_type"]
    search_fields = ["original_name", "company__name", "uploaded_by__email"]
    fields = ("original_name", "company", "request_type", "content_type", "size", "uploaded_by", "created_at",
              "download")  # fmt: skip
    readonly_fields = fields

    @admin.display(description="Download")
    def download(self, obj: MediaFile) -> str:
        if obj.company_id is None:
            return "not attached yet"
        return format_html(
            '<a href="{}">download</a>', reverse("admin:accounts_company_attachment", args=[obj.company_id, obj.pk])
        )


@admin.register(NewsletterSubscriber)
class NewsletterSubscriberAdmin(admin.ModelAdmin):
    list_display = ["email", "first_name", "last_name", "source", "channel_id", "created_at"]
    list_filter = ["source", "channel_id"]
    search_fields = ["email", "first_name", "last_name"]
    readonly_fields = ["user", "created_at"]


class AuditEventInline(admin.TabularInline):
    model = AuditEvent
    fields = ("created_at", "action", "summary")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ["created_at", "pk"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(MasqueradeSession)
class MasqueradeSessionAdmin(_ReadOnlyAdmin):
    list_display = ["super_admin_email", "company_name", "began_at", "ended_at", "end_reason"]
    list_filter = ["end_reason", "company"]
    search_fields = ["super_admin_email", "company_name"]
    date_hierarchy = "began_at"
    fields = ("super_admin", "super_admin_email", "company", "company_name", "began_at", "ended_at", "end_reason")
    readonly_fields = fields
    inlines = [AuditEventInline]


@admin.register(AuditEvent)
class AuditEventAdmin(_ReadOnlyAdmin):
    list_display = ["created_at", "action", "summary", "actor_email", "company", "masquerade_session"]
    list_filter = ["action", "company"]
    search_fields = ["summary", "actor_email", "company__name"]
    date_hierarchy = "created_at"
    fields = ("created_at", "action", "summary", "actor", "actor_email", "company", "object_type", "object_id",
              "changes", "masquerade_session")  # fmt: skip
    readonly_fields = fields
    list_select_related = ["company", "masquerade_session"]


# --- address book (issue 16) -------------------------------------------------------------------------------------


class AddressAdminForm(forms.ModelForm):
    """Staff's edits pass the API's checks (country and state from the store's lists, the phone rule, the store's
    custom address fields); the model's constraints keep one default of each kind per address book."""

    class Meta:
        model = Address
        fields = ["company", "customer", "label", "first_name", "last_name", "company_name", "address_line1",
                  "address_line2", "city", "state", "zip_code", "country_code", "phone", "is_shipping", "is_billing",
                  "is_default_shipping", "is_default_billing", "extra_fields"]  # fmt: skip

    TEXTS = ("label", "first_name", "last_name", "company_name", "address_line1", "address_line2", "city", "state",
             "zip_code", "phone")  # fmt: skip

    def clean(self):
        from accounts.models import FormType
        from accounts.services import AddressData, address_values_check
        from accounts.services.addresses import ADDRESS_MODEL_FIELDS

        super().clean()

        cleaned = self.cleaned_data
        given_extra = cleaned.get("extra_fields")
        extra = given_extra if isinstance(given_extra, dict) else {}
        data = AddressData(
            **{name: cleaned.get(name) or "" for name in self.TEXTS},
            country=cleaned.get("country_code") or "",
            is_shipping=bool(cleaned.get("is_shipping")),
            is_billing=bool(cleaned.get("is_billing")),
            is_default_shipping=bool(cleaned.get("is_default_shipping")),
            is_default_billing=bool(cleaned.get("is_default_billing")),
            extra_fields=tuple((str(k), str(v)) for k, v in extra.items()),
        )
        form_type = FormType.PERSONAL if cleaned.get("customer") else FormType.BUSINESS
        try:
            values = address_values_check(data, form_type=form_type)
        except ValidationError as exc:
            for key, errors in exc.error_dict.items():
                field = ADDRESS_MODEL_FIELDS.get(key.split(".", 1)[0])
                if field not in self.errors:  # the form field's own error (required, too long) says it already
                    self.add_error(field if field in self.fields else None, errors)
            return cleaned
        # The checked values: a country or state given by name is stored as its code.
        cleaned.update(values)
        return cleaned


@admin.register(Address)
class AddressAdmin(admin.ModelAdmin):
    form = AddressAdminForm
    list_display = ["__str__", "address_book", "first_name", "last_name", "city", "country_code",
                    "is_default_shipping", "is_default_billing", "updated_at"]  # fmt: skip
    list_filter = ["is_shipping", "is_billing", "is_default_shipping", "is_default_billing", "country_code"]
    search_fields = ["label", "first_name", "last_name", "company_name", "address_line1", "city", "zip_code",
                     "company__name", "customer__email"]  # fmt: skip
    list_select_related = ["company", "customer"]
    autocomplete_fields = ["company", "customer"]
    readonly_fields = ["created_by", "created_at", "updated_at"]
    fieldsets = (
        ("Address book", {"fields": ("company", "customer"), "description": "A company's, or an individual "
                          "customer's own: exactly one."}),
        (None, {"fields": ("label", "first_name", "last_name", "company_name", "address_line1", "address_line2",
                           "city", "state", "zip_code", "country_code", "phone")}),
        ("Use", {"fields": ("is_shipping", "is_billing", "is_default_shipping", "is_default_billing")}),
        (None, {"fields": ("extra_fields", "created_by", "created_at", "updated_at")}),
    )  # fmt: skip

    @admin.display(description="address book", ordering="company__name")
    def address_book(self, obj: Address) -> str:
        return str(obj.company or obj.customer)

    def save_model(self, request, obj: Address, form, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
