"""Orders placed through the storefront's checkout, with price snapshots (issue 4)."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from accounts.models import Company

MONEY = {"max_digits": 14, "decimal_places": 2}


class OrderStatus(models.TextChoices):
    AWAITING_PAYMENT = "awaiting_payment", "Awaiting payment"
    AWAITING_FULFILLMENT = "awaiting_fulfillment", "Awaiting fulfillment"
    SHIPPED = "shipped", "Shipped"
    COMPLETED = "completed", "Completed"
    CANCELLED = "cancelled", "Cancelled"


class PaymentMethod(models.TextChoices):
    """ARCHITECTURE §8: purchase order / on account (company credit), and a clearly labelled test card."""

    PURCHASE_ORDER = "purchase_order", "Purchase order (pay on account)"
    TEST_CARD = "test_card", "Test card (no real payment is taken)"


class Order(models.Model):
    number = models.PositiveIntegerField(unique=True, help_text="The order number customers see.")
    company = models.ForeignKey(Company, null=True, blank=True, on_delete=models.PROTECT, related_name="orders")
    placed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="orders"
    )
    customer_email = models.EmailField()
    status = models.CharField(max_length=30, choices=OrderStatus.choices, default=OrderStatus.AWAITING_FULFILLMENT)
    currency_code = models.CharField(max_length=3)
    exchange_rate = models.DecimalField(max_digits=14, decimal_places=6, default=1)
    subtotal = models.DecimalField(**MONEY, help_text="Excluding tax.")
    tax_total = models.DecimalField(**MONEY)
    shipping_total = models.DecimalField(**MONEY, default=0)
    grand_total = models.DecimalField(**MONEY)
    payment_method = models.CharField(max_length=30, choices=PaymentMethod.choices)
    po_number = models.CharField("PO number", max_length=60, blank=True)
    billing_address = models.JSONField(default=dict)
    shipping_address = models.JSONField(default=dict)
    customer_message = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Order #{self.number}"


class OrderLine(models.Model):
    """A line as it was bought: product data and prices are copied, so later catalog changes do not alter it."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey("pricing.Product", null=True, blank=True, on_delete=models.SET_NULL)
    variant = models.ForeignKey("pricing.ProductVariant", null=True, blank=True, on_delete=models.SET_NULL)
    sku = models.CharField(max_length=64)
    name = models.CharField(max_length=255)
    options = models.JSONField(default=list, blank=True, help_text="[{'name': …, 'value': …}] as chosen.")
    quantity = models.PositiveIntegerField()
    unit_price = models.DecimalField(**MONEY, help_text="Excluding tax, in the order's currency.")
    unit_tax = models.DecimalField(**MONEY)
    line_total = models.DecimalField(**MONEY, help_text="Excluding tax.")
    line_tax = models.DecimalField(**MONEY)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.sku}"
