"""Budgets, approval rules and purchase requests in Django admin (issue 41). Staff set budgets and rules for any unit
of a company tree; a request's decisions are taken by its approvers (portal or e-mail), and shown here read-only."""

from __future__ import annotations

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.template.response import TemplateResponse

from approvals.models import (
    ApprovalDecision,
    ApprovalRule,
    ApprovalTier,
    Budget,
    PurchaseRequest,
    RequestApprover,
)
from approvals.services.budgets import budget_figures
from approvals.services.requests import purchase_request_staff_decide
from portal.errors import NotFound


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
    actions = ["approve_waiting_tier", "reject_requests"]

    def has_add_permission(self, request) -> bool:
        return False

    def _decide(self, request, queryset, *, approve: bool, reason: str = "") -> None:
        decided = 0
        for held in queryset.order_by("pk"):
            try:
                purchase_request_staff_decide(by=request.user, request_id=held.pk, approve=approve, reason=reason)
            except ValidationError as error:
                self.message_user(request, f"Request {held.pk}: {' '.join(error.messages)}", messages.ERROR)
            except (PermissionDenied, NotFound) as error:
                self.message_user(request, f"Request {held.pk}: {error}", messages.ERROR)
            else:
                decided += 1
        if decided:
            done = "approved for the tier whose turn it was" if approve else "rejected"
            self.message_user(request, f"{decided} request{'s' if decided != 1 else ''} {done}.", messages.SUCCESS)

    @admin.action(description="Approve for the tier whose turn it is (as the store)", permissions=["change"])
    def approve_waiting_tier(self, request, queryset):
        """For a tier nobody can decide any more (its approvers left) or a company without approvers: the last tier's
        approval places the order."""
        self._decide(request, queryset, approve=True, reason="Approved by the store.")

    @admin.action(description="Reject (as the store, with a reason)", permissions=["change"])
    def reject_requests(self, request, queryset):
        reason = request.POST.get("reason", "").replace("\x00", "").strip()
        if "apply" in request.POST and reason:
            self._decide(request, queryset, approve=False, reason=reason)
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": "Reject purchase requests",
            "requests": list(queryset.select_related("company")),
            "reason": reason,
            "error": "Give a reason: the buyer is told it." if "apply" in request.POST else "",
            "back": request.get_full_path(),
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/approvals/purchaserequest/reject.html", context)
