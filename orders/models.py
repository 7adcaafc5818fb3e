"""Orders placed through the storefront's checkout, with price snapshots (issue 4); their shipments, and the lots
shipped with their certificates of analysis (issue 17)."""

from __future__ import annotations

import uuid
from pathlib import PurePath

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models

from accounts.models import Company
from portal.money import DecimalDigits

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 2}


class OrderStatus(models.TextChoices):
    AWAITING_PAYMENT = "awaiting_payment", "Awaiting payment"
    AWAITING_FULFILLMENT = "awaiting_fulfillment", "Awaiting fulfillment"
    PARTIALLY_SHIPPED = "partially_shipped", "Partially shipped"
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
    credit_charged = models.DecimalField(
        **MONEY,
        default=0,
        help_text="Company credit the order took at checkout (in the store's base currency), given back if cancelled.",
    )
    po_number = models.CharField("PO number", max_length=60, blank=True)
    cost_centre = models.CharField(
        max_length=60, blank=True, help_text="Grant or cost-centre code the buyer gave at checkout"
    )
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
    raw_options = models.JSONField(
        default=list, blank=True, help_text="[[option_id, value], …] as the cart held them: what a reorder adds."
    )
    quantity = models.PositiveIntegerField()
    unit_price = models.DecimalField(**MONEY, help_text="Excluding tax, in the order's currency.")
    unit_tax = models.DecimalField(**MONEY)
    line_total = models.DecimalField(**MONEY, help_text="Excluding tax.")
    line_tax = models.DecimalField(**MONEY)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.sku}"


def private_storage():
    """Certificates are private: never under a public URL (the shared private storage of `accounts.storage`)."""
    from accounts.storage import private_storage as storage

    return storage()


def certificate_upload_to(instance, filename: str) -> str:
    extension = PurePath(filename).suffix.lower()[:6]
    return f"orders/certificates/{uuid.uuid4().hex}{extension}"


class Lot(models.Model):
    """A manufacturing lot (batch) of a product, with its certificate of analysis (a PDF staff upload)."""

    product = models.ForeignKey("pricing.Product", on_delete=models.PROTECT, related_name="lots")
    number = models.CharField("lot number", max_length=64)
    manufactured_on = models.DateField(null=True, blank=True)
    expires_on = models.DateField("retest or expiry date", null=True, blank=True)
    certificate = models.FileField(
        "certificate of analysis",
        storage=private_storage,
        upload_to=certificate_upload_to,
        max_length=255,
        blank=True,
        help_text="PDF. Buyers who received this lot download it from their order.",
    )
    certificate_name = models.CharField(max_length=255, blank=True, help_text="The file's name as uploaded.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["product_id", "number"]
        constraints = [models.UniqueConstraint(fields=["product", "number"], name="orders_lot_unique_number")]

    def __str__(self) -> str:
        return f"Lot {self.number}"


class Shipment(models.Model):
    """A parcel sent for an order: its carrier and tracking number, and the lines (and lots) in it."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="shipments")
    carrier = models.CharField(
        max_length=100, blank=True, help_text="As staff name it; the tracking link comes from the number."
    )
    tracking_number = models.CharField(max_length=64, blank=True)
    shipped_at = models.DateTimeField()
    comment = models.CharField(max_length=255, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["shipped_at", "pk"]

    def __str__(self) -> str:
        return f"Shipment {self.tracking_number or self.pk} of order #{self.order.number}"


class ShipmentLine(models.Model):
    shipment = models.ForeignKey(Shipment, on_delete=models.CASCADE, related_name="lines")
    order_line = models.ForeignKey(OrderLine, on_delete=models.CASCADE, related_name="shipment_lines")
    quantity = models.PositiveIntegerField(validators=[MinValueValidator(1)])
    lot = models.ForeignKey(Lot, null=True, blank=True, on_delete=models.PROTECT, related_name="shipment_lines")

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.order_line.sku}"
