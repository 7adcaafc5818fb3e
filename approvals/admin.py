"""Budgets, approval rules and purchase requests in Django admin (issue 41). Staff set budgets and rules for any unit
of a company tree; a request's decisions are taken by its approvers (portal or e-mail), and shown here read-only."""

from __future__ import annotations

from django.contrib import admin

from approvals.models import (
    ApprovalDecision,
    ApprovalRule,
    ApprovalTier,
    Budget,
    PurchaseRequest,
    RequestApprover,
)
from approvals.services.budgets import budget_figures


@admin.register(Budget)
class BudgetAdmin(admin.ModelAdmin):
    list_display = ["name", "company", "cost_centre", "user", "amount", "currency_code", "period", "hard", "is_active"]
    list_filter = ["period", "hard", "is_active"]
    search_fields = ["name", "cost_centre", "company__name"]
    autocomplete_fields = ["company", "user"]
    readonly_fields = ["figures"]

    @admin.display(description="This period")
    def figures(self, budget: Budget) -> str:
        if budget.pk is None:
            return "—"
        item = budget_figures([budget])[0]
        if not item.is_open:
            return "Closed: outside the grant's dates."
        currency = budget.currency_code
        return (
            f"committed {item.committed} {currency}, spent {item.spent} {currency}, "
            f"left {item.remaining} {currency} of {budget.amount} {currency}"
        )


class ApprovalTierInline(admin.TabularInline):
    model = ApprovalTier
    extra = 1
    autocomplete_fields = ["users"]


@admin.register(ApprovalRule)
class ApprovalRuleAdmin(admin.ModelAdmin):
    list_display = ["name", "company", "min_total", "currency_code", "cost_centre", "is_active", "allow_override"]
    list_filter = ["is_active", "allow_override", "off_price_list", "over_budget"]
    search_fields = ["name", "company__name", "cost_centre"]
    autocomplete_fields = ["company", "replaces", "category"]
    inlines = [ApprovalTierInline]


class ApprovalDecisionInline(admin.TabularInline):
    model = ApprovalDecision
    extra = 0
    can_delete = False
    readonly_fields = ["tier", "user", "decision", "reason", "via", "created_at"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class RequestApproverInline(admin.TabularInline):
    model = RequestApprover
    extra = 0
    can_delete = False
    readonly_fields = ["tier", "user"]

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(PurchaseRequest)
class PurchaseRequestAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "company",
        "requested_by",
        "status",
        "grand_total",
        "currency_code",
        "cost_centre",
        "created_at",
    ]
    list_filter = ["status"]
    search_fields = ["company__name", "requested_by__email", "cost_centre"]
    readonly_fields = [
        "company", "requested_by", "status", "currency_code", "grand_total", "cost_centre", "tiers", "current_tier",
        "reasons", "prices_held_until", "order", "rejection_reason", "resubmitted_from", "created_at", "decided_at",
        "draft",
    ]  # fmt: skip
    exclude = []
    inlines = [RequestApproverInline, ApprovalDecisionInline]

    def has_add_permission(self, request) -> bool:
        return False
