"""Orders placed through the storefront's checkout, with price snapshots (issue 4); their shipments, and the lots
shipped with their certificates of analysis (issue 17)."""

from __future__ import annotations

import uuid
from pathlib import PurePath

from django.conf import settings
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Lower

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
    search_text = models.TextField(
        blank=True, editable=False, help_text="What the orders search reads (issue 38): the number, the PO number and "
        "the lines' names and SKUs, apart, upper-cased by the database (orders.services.order_search_texts)."
    )  # fmt: skip
    search_skus = models.TextField(blank=True, editable=False, help_text="The lines' SKUs, apart.")

    class Meta:
        ordering = ["-created_at"]
        # The lists' first pages (issue 38): the company's, by status, the caller's own — newest first, as sorted.
        indexes = [
            models.Index(fields=["company", "created_at", "id"], name="orders_company_created"),
            models.Index(fields=["company", "status", "created_at", "id"], name="orders_company_status_created"),
            models.Index(fields=["placed_by", "company", "created_at", "id"], name="orders_placer_created"),
        ]

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


class PurchasedProduct(models.Model):
    """What one buyer, or one company, has bought of a product, variant and options, over their orders that are not
    cancelled (issue 38): the purchasedProducts list read from here instead of grouping every order line of the
    company at each request. Kept by orders.purchased_summary, which order_create and order_cancel call."""

    owner = models.CharField(
        max_length=40, help_text="Whose purchases: 'c<company id>' (the company's), 'u<user id>c<company id>' or "
        "'u<user id>' (a buyer's, in a company or outside any)."
    )  # fmt: skip
    key = models.CharField(max_length=64, help_text="A digest of the product, variant, SKU and options.")
    product = models.ForeignKey(
        "pricing.Product", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    variant = models.ForeignKey(
        "pricing.ProductVariant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    sku = models.CharField(max_length=64)
    options = models.JSONField(default=list, blank=True)
    raw_options = models.JSONField(default=list, blank=True)
    name = models.CharField(max_length=255, help_text="The greatest name of its lines, as Max(name) gives.")
    last_ordered_at = models.DateTimeField()
    quantity_ordered = models.BigIntegerField(default=0)
    order_count = models.PositiveIntegerField(default=0)
    latest_line_id = models.BigIntegerField(default=0)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "key"], name="orders_purchased_owner_key")]
        indexes = [
            models.Index(fields=["owner", "last_ordered_at"], name="orders_purch_owner_last"),
            models.Index(models.F("owner"), Lower("name"), name="orders_purch_owner_name"),
            models.Index(fields=["owner", "sku"], name="orders_purch_owner_sku"),
            models.Index(fields=["owner", "quantity_ordered"], name="orders_purch_owner_qty"),
            models.Index(fields=["owner", "order_count"], name="orders_purch_owner_count"),
            # The product and variant are looked up only when one is deleted (SET_NULL).
            models.Index(fields=["product"], name="orders_purch_product"),
            models.Index(fields=["variant"], name="orders_purch_variant"),
        ]

    def __str__(self) -> str:
        return f"{self.owner}: {self.sku}"


class PurchasedProductName(models.Model):
    """A PurchasedProduct's figures per name as ordered (a product renamed between orders has several): the search
    matches the lines' names, so a search counts only the lines whose name matches, as it did over the lines."""

    purchased = models.ForeignKey(PurchasedProduct, on_delete=models.CASCADE, related_name="names")
    owner = models.CharField(max_length=40, help_text="The PurchasedProduct's, so the search reads one table.")
    sku = models.CharField(max_length=64, help_text="The PurchasedProduct's, so the search reads one table.")
    name = models.CharField(max_length=255)
    compact_sku = models.CharField(
        max_length=64,
        blank=True,
        help_text="REPLACE(UPPER(sku), '-', ''), by the database: the search without hyphens.",
    )
    last_ordered_at = models.DateTimeField()
    quantity_ordered = models.BigIntegerField(default=0)
    order_count = models.PositiveIntegerField(default=0)
    latest_line_id = models.BigIntegerField(default=0)

    class Meta:
        # On PostgreSQL the search reads trigram indexes of UPPER(name), UPPER(sku) and compact_sku (migration 0010).
        constraints = [models.UniqueConstraint(fields=["purchased", "name"], name="orders_purchased_name_unique")]
        indexes = [models.Index(fields=["owner"], name="orders_purch_name_owner")]

    def __str__(self) -> str:
        return f"{self.owner}: {self.sku} {self.name}"


class OrderTally(models.Model):
    """How many orders a company, a placer and a status have (issue 38): the lists' totals without a search or a date
    are sums of these rows, not counts over a company's whole history. Kept by database triggers on the orders table
    in each writer's transaction (portal/tallies.py, migration 0012): never written by the application."""

    company_key = models.BigIntegerField(help_text="The company's id; 0 for an order of no company.")
    placer_key = models.BigIntegerField(help_text="The id of who placed it; 0 for none.")
    status = models.CharField(max_length=30)
    count = models.BigIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["company_key", "placer_key", "status"], name="orders_tally_unique")
        ]

    def __str__(self) -> str:
        return f"{self.company_key}/{self.placer_key}/{self.status}: {self.count}"
