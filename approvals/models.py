"""Budgets and approval rules (issue 41).

A **budget** caps what a unit of a company tree (and the units below it), one cost centre or grant code, or one buyer
may spend in a period: a month, a quarter, a year, or a grant's own dates. What orders take from it is written in
its ledger (`BudgetCharge`): committed while an order awaits approval or is placed and not yet invoiced, spent once
invoiced, given back when the order is cancelled or the request rejected, withdrawn or expired. A hard budget
refuses an order it cannot cover; a soft one sends it for approval.

An **approval rule** of a unit holds the orders of that unit and every unit below it that match all its conditions
(total above an amount, a cost centre, a product category, a product off the company's price list, more lines than
a number, the buyer's role, a soft budget exceeded) for its **tiers** of approvers, in order: the holders of a role
in the ordering unit or a unit above it, or named users; any one of a tier approves for it. A unit may add rules of
its own, or replace one it inherits (`replaces`).

An order held by a rule is a **purchase request**: the order as the buyer submitted it, its prices held for a stated
time, the tiers it waits for and the decisions taken. The last approval places the order; a rejection gives the
reason, and the buyer may change the order and submit it again.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

from accounts.models import Company, CompanyRole
from orders.models import MONEY


class BudgetPeriod(models.TextChoices):
    MONTH = "month", "Month"
    QUARTER = "quarter", "Quarter"
    YEAR = "year", "Year"
    GRANT = "grant", "The grant's own dates"


class Budget(models.Model):
    company = models.ForeignKey(
        Company,
        on_delete=models.CASCADE,
        related_name="budgets",
        help_text="The unit whose orders it covers, with every unit below it.",
    )
    name = models.CharField(max_length=120)
    cost_centre = models.CharField(
        "cost centre or grant code",
        max_length=60,
        blank=True,
        help_text="Only orders with this code (any case). Blank: every order of the unit.",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="budgets",
        help_text="Only this buyer's orders. Blank: every buyer's.",
    )
    amount = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal(0))])
    currency_code = models.CharField(max_length=3)
    period = models.CharField(max_length=10, choices=BudgetPeriod.choices, default=BudgetPeriod.YEAR)
    starts_on = models.DateField(null=True, blank=True, help_text="A grant's first day.")
    ends_on = models.DateField(null=True, blank=True, help_text="A grant's last day.")
    hard = models.BooleanField(
        default=True, help_text="Hard: an order it cannot cover is refused. Soft: such an order goes for approval."
    )
    is_active = models.BooleanField(default=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["company_id", "name", "pk"]
        indexes = [models.Index(fields=["company", "is_active"], name="approvals_budget_company")]

    def __str__(self) -> str:
        return self.name


class ChargeState(models.TextChoices):
    """A charge's own state. A committed charge of an order counts as spent once the order is invoiced, and as given
    back once it is cancelled (read from the order: approvals.services.budgets.budget_figures)."""

    COMMITTED = "committed", "Committed"
    RELEASED = "released", "Released"


class PurchaseRequestStatus(models.TextChoices):
    PENDING = "pending", "Awaiting approval"
    PLACED = "placed", "Approved and placed"
    REJECTED = "rejected", "Rejected"
    WITHDRAWN = "withdrawn", "Withdrawn"
    EXPIRED = "expired", "Prices expired"


class PurchaseRequest(models.Model):
    """An order waiting for its approvers. `draft` is the order as submitted (lines at their prices, addresses,
    payment, cost centre: approvals.services.drafts); `tiers` the approvers it waits for, resolved when submitted:
    [{"rule": id, "ruleName": …, "label": …, "approverIds": [...]}, …]; `current_tier` the index of the tier whose
    turn it is."""

    company = models.ForeignKey(Company, on_delete=models.PROTECT, related_name="purchase_requests")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="purchase_requests"
    )
    status = models.CharField(
        max_length=12, choices=PurchaseRequestStatus.choices, default=PurchaseRequestStatus.PENDING, db_index=True
    )
    draft = models.JSONField()
    currency_code = models.CharField(max_length=3)
    grand_total = models.DecimalField(**MONEY)
    cost_centre = models.CharField(max_length=60, blank=True)
    tiers = models.JSONField(default=list)
    current_tier = models.PositiveSmallIntegerField(default=0)
    reasons = models.JSONField(default=list, help_text="Why it needs approval: the rules and budgets it met.")
    prices_held_until = models.DateTimeField()
    order = models.OneToOneField(
        "orders.Order", null=True, blank=True, on_delete=models.SET_NULL, related_name="purchase_request"
    )
    rejection_reason = models.TextField(blank=True)
    resubmitted_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="resubmissions"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    decided_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [models.Index(fields=["company", "status", "created_at"], name="approvals_request_company")]

    def __str__(self) -> str:
        return f"Purchase request {self.pk}"


class BudgetCharge(models.Model):
    """What one order (or a request awaiting approval) takes from one budget, in the budget's currency."""

    budget = models.ForeignKey(Budget, on_delete=models.CASCADE, related_name="charges")
    purchase_request = models.ForeignKey(
        PurchaseRequest, null=True, blank=True, on_delete=models.CASCADE, related_name="charges"
    )
    order = models.ForeignKey(
        "orders.Order", null=True, blank=True, on_delete=models.CASCADE, related_name="budget_charges"
    )
    amount = models.DecimalField(**MONEY)
    state = models.CharField(max_length=10, choices=ChargeState.choices, default=ChargeState.COMMITTED)
    charged_at = models.DateTimeField(help_text="When it was committed: the period it counts in.")

    class Meta:
        indexes = [
            models.Index(fields=["budget", "state", "charged_at"], name="approvals_charge_budget"),
        ]

    def __str__(self) -> str:
        return f"{self.amount} of {self.budget_id} ({self.state})"


class ApprovalRule(models.Model):
    company = models.ForeignKey(
        Company,
        on_delete=models.CASCADE,
        related_name="approval_rules",
        help_text="The unit whose orders it holds, with every unit below it.",
    )
    name = models.CharField(max_length=120)
    is_active = models.BooleanField(default=True)
    replaces = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="replaced_by",
        help_text="A rule of a unit above that this one replaces for this unit and the units below it.",
    )
    # Conditions: every one that is set must hold.
    min_total = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="The order's total (tax and shipping included) is above this."
    )
    currency_code = models.CharField(max_length=3, blank=True, help_text="The currency of the amount above.")
    cost_centre = models.CharField(max_length=60, blank=True, help_text="The order's cost centre or grant code.")
    category = models.ForeignKey(
        "pricing.Category",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        help_text="A product of this category is ordered.",
    )
    off_price_list = models.BooleanField(default=False, help_text="A product off the company's price list.")
    min_lines = models.PositiveIntegerField(null=True, blank=True, help_text="More lines than this.")
    buyer_roles = models.JSONField(default=list, blank=True, help_text="The buyer's role is one of these codes.")
    over_budget = models.BooleanField(default=False, help_text="The order exceeds a soft budget.")
    allow_override = models.BooleanField(
        default=False, help_text="A company admin may approve for every tier at once (written to the audit log)."
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["company_id", "name", "pk"]
        indexes = [models.Index(fields=["company", "is_active"], name="approvals_rule_company")]

    def __str__(self) -> str:
        return self.name


class ApprovalTier(models.Model):
    """One step of a rule: any one of its approvers approves for it."""

    rule = models.ForeignKey(ApprovalRule, on_delete=models.CASCADE, related_name="tiers")
    position = models.PositiveSmallIntegerField(default=0)
    role = models.IntegerField(
        choices=CompanyRole.choices, null=True, blank=True, help_text="The holders of this role approve."
    )
    levels_up = models.PositiveSmallIntegerField(
        default=0, help_text="In which unit: 0 the ordering unit, 1 the unit above it, 2 the one above that…"
    )
    users = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="approval_tiers")

    class Meta:
        ordering = ["rule_id", "position", "pk"]

    def __str__(self) -> str:
        return f"Tier {self.position + 1} of {self.rule_id}"


class Decision(models.TextChoices):
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"
    OVERRIDDEN = "overridden", "Approved by override"


class RequestApprover(models.Model):
    """Who may approve a request at each of its tiers (resolved when it was submitted): the approvals inbox reads
    these, by user, for the tier whose turn it is."""

    purchase_request = models.ForeignKey(PurchaseRequest, on_delete=models.CASCADE, related_name="approvers")
    tier = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="approver_of")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["purchase_request", "tier", "user"], name="approvals_approver_unique")
        ]
        indexes = [models.Index(fields=["user", "tier"], name="approvals_approver_user")]

    def __str__(self) -> str:
        return f"{self.user_id} at tier {self.tier} of {self.purchase_request_id}"


class ApprovalDecision(models.Model):
    purchase_request = models.ForeignKey(PurchaseRequest, on_delete=models.CASCADE, related_name="decisions")
    tier = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL)
    decision = models.CharField(max_length=10, choices=Decision.choices)
    reason = models.TextField(blank=True)
    via = models.CharField(max_length=10, default="portal", help_text="portal, email or admin.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.decision} at tier {self.tier} of {self.purchase_request_id}"
