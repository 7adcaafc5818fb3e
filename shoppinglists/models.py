"""Shopping lists and their items (business §3, §4; ARCHITECTURE §8 statuses; issue 18).

A list is a company's (made by one of its users, or by a super admin masquerading as it) or an individual (B2C)
customer's own. A junior buyer's list starts as a draft and needs a holder of approve_draft_shopping_list to approve
it before the junior may order from it; everyone else's lists are approved from the start. Deleting a list marks it
deleted (20): it leaves every read, and its items stay for the record.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from portal.money import DecimalDigits
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 2}
MAX_NAME_LENGTH = 200
MAX_DESCRIPTION_LENGTH = 1000
MAX_REASON_LENGTH = 1000
MAX_NOTE_LENGTH = 1000


class ShoppingListStatus(models.IntegerChoices):
    """ARCHITECTURE §8 (the portal sends and filters by the numbers)."""

    APPROVED = 0, "Approved"
    DELETED = 20, "Deleted"
    DRAFT = 30, "Draft"
    READY_FOR_APPROVAL = 40, "Ready for approval"
    REJECTED = 50, "Rejected"


class ShoppingList(models.Model):
    company = models.ForeignKey(
        "accounts.Company",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="shopping_lists",
        help_text="The company whose list it is; empty for an individual customer's own list.",
    )
    customer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="shopping_lists",
        help_text="The individual (B2C) customer whose own list it is; empty for a company's list.",
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who made it (a company's list stays the company's when its maker leaves).",
    )
    channel_id = models.PositiveIntegerField(default=1)
    name = models.CharField(max_length=MAX_NAME_LENGTH)
    description = models.TextField(blank=True, max_length=MAX_DESCRIPTION_LENGTH)
    status = models.IntegerField(choices=ShoppingListStatus.choices, default=ShoppingListStatus.APPROVED, db_index=True)
    reason = models.TextField(
        blank=True, max_length=MAX_REASON_LENGTH, help_text="Why the approver rejected it (shown to its maker)."
    )
    # business §4: a list whose name, letters only and case-insensitive, contains "hotlist" is hidden from the tables
    # and not counted. Kept in step with the name by the services, so that the lists filter in SQL on any database.
    is_hotlist = models.BooleanField(default=False, editable=False)
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Who last approved or rejected it.",
    )
    reviewed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, help_text="The list's last activity (its items' changes too).")

    class Meta:
        ordering = ["-updated_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(company__isnull=False, customer__isnull=True)
                | models.Q(company__isnull=True, customer__isnull=False),
                name="shoppinglists_company_or_customer",
            ),
        ]
        indexes = [
            models.Index(fields=["company", "-updated_at"], name="shoppinglists_company_updated"),
            models.Index(fields=["customer", "-updated_at"], name="shoppinglists_customer_updated"),
        ]

    def __str__(self) -> str:
        return self.name


class ShoppingListItem(models.Model):
    """business §3 "Shopping list item": a product, its variant, the quantity and the modifier options as the quote
    draft stores them. Prices are live (read for the reader's customer group); the price when it was added is kept
    for comparison."""

    shopping_list = models.ForeignKey(ShoppingList, on_delete=models.CASCADE, related_name="items")
    product = models.ForeignKey("pricing.Product", on_delete=models.CASCADE, related_name="+")
    variant = models.ForeignKey("pricing.ProductVariant", on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField(
        validators=[MinValueValidator(QUANTITY_MIN), MaxValueValidator(QUANTITY_MAX)]
    )
    options = models.JSONField(
        default=list, blank=True, help_text="[[option_id, value], …] of the modifier options, sorted by option id."
    )
    note = models.TextField(blank=True, max_length=MAX_NOTE_LENGTH)
    added_unit_price = models.DecimalField(
        **MONEY,
        null=True,
        blank=True,
        help_text="The unit price excluding tax, in the store's default currency, for the group of whoever added it "
        "(empty when it had no price then).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]  # business §9: a list's products are shown newest change first

    def __str__(self) -> str:
        return f"{self.quantity} × {self.variant_id}"
