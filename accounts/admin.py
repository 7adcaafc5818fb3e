from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import B2BToken, Company, CompanyMembership, User


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
        (_("Portal"), {"fields": ("is_super_admin",)}),
        (
            _("Permissions"),
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        (_("Important dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)


@admin.register(Company)
class CompanyAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "status", "city", "country_code", "created_at"]
    list_filter = ["status", "country_code"]
    search_fields = ["name", "email"]
    inlines = [MembershipInline]


@admin.register(B2BToken)
class B2BTokenAdmin(admin.ModelAdmin):
    list_display = ["user", "created_at", "expires_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__email"]
    readonly_fields = ["user", "key_hash", "created_at", "expires_at"]

    def has_add_permission(self, request) -> bool:
        return False
