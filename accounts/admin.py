from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import (
    B2BToken,
    Company,
    CompanyMembership,
    CompanyStatus,
    CustomerGroup,
    RolePermission,
    RoleTemplate,
    User,
)
from accounts.permissions import Code
from accounts.services import company_status_set


class MembershipInline(admin.TabularInline):
    model = CompanyMembership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    ordering = ["email"]
    list_display = ["email", "first_name", "last_name", "is_super_admin", "is_staff", "is_active"]
    list_filter = ["is_super_admin", "is_staff", "is_active"]
    search_fields = ["email", "first_name", "last_name"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Personal info"), {"fields": ("first_name", "last_name", "phone")}),
        (_("Portal"), {"fields": ("is_super_admin", "force_password_reset")}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)


def _status_action(status: CompanyStatus, label: str):
    def action(modeladmin, request, queryset):
        changed = company_status_set(company_ids=list(queryset.values_list("pk", flat=True)), status=status)
        modeladmin.message_user(request, f"{changed} compan{'y' if changed == 1 else 'ies'} set to “{status.label}”.")

    action.__name__ = f"set_status_{status.name.lower()}"
    action.short_description = label
    return action


@admin.register(Company)
class CompanyAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "status", "customer_group", "credit_enabled", "city", "country_code", "created_at"]
    list_filter = ["status", "customer_group", "credit_enabled", "country_code"]
    search_fields = ["name", "email"]
    inlines = [MembershipInline]
    actions = [
        _status_action(CompanyStatus.APPROVED, "Approve selected companies"),
        _status_action(CompanyStatus.REJECTED, "Reject selected companies"),
        _status_action(CompanyStatus.INACTIVE, "Deactivate selected companies"),
    ]
    fieldsets = (
        (None, {"fields": ("name", "email", "phone", "status", "customer_group")}),
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
                )
            },
        ),
        ("Extra fields", {"fields": ("extra_fields",), "classes": ("collapse",)}),
    )


@admin.register(CompanyMembership)
class CompanyMembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "company", "role", "custom_role"]
    list_filter = ["role", "company"]
    search_fields = ["user__email", "company__name"]
    autocomplete_fields = ["user", "company"]


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
