from django.contrib import admin

from storefront.models import ContactRequest


@admin.register(ContactRequest)
class ContactRequestAdmin(admin.ModelAdmin):
    list_display = ["name", "email", "organisation", "topic", "created_at", "notified_at"]
    list_filter = ["topic"]
    search_fields = ["name", "email", "organisation", "message"]
    readonly_fields = ["created_at", "notified_at"]
