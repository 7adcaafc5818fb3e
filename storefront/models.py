import uuid

from django.conf import settings
from django.db import models


class ContactRequest(models.Model):
    """A question sent from the storefront to the supplier's technical specialists."""

    class Topic(models.TextChoices):
        PRODUCT = "product", "Product or application question"
        ORDER = "order", "Order, delivery or invoice"
        ACCOUNT = "account", "Business account"
        OTHER = "other", "Something else"

    name = models.CharField(max_length=150)
    email = models.EmailField()
    organisation = models.CharField(max_length=200, blank=True)
    topic = models.CharField(max_length=20, choices=Topic.choices, default=Topic.PRODUCT)
    message = models.TextField(max_length=5000)
    created_at = models.DateTimeField(auto_now_add=True)
    notified_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the sales desk was e-mailed (set once; the task is idempotent).",
    )

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} <{self.email}>: {self.get_topic_display()}"


class Cart(models.Model):
    """A shopping cart. Its id travels in a cookie (shell §7); a signed-in customer's cart is also tied to them."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="carts"
    )
    # A super admin's cart filled while masquerading belongs to that company (issue 12): it is not the cart of
    # another masquerade, nor of the super admin after it ends. Null for everyone else.
    masquerade_company = models.ForeignKey(
        "accounts.Company", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    currency_code = models.CharField(max_length=3, default="USD")
    quote = models.ForeignKey(
        "quotes.Quote",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="carts",
        help_text="A cart made by the quote checkout: its lines are priced at the quote's prices.",
    )
    # Issue 20: a cart that pays invoices holds no products; what it pays is its payment request's amounts.
    invoice_payment = models.OneToOneField(
        "invoices.InvoicePaymentRequest",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="A cart that pays invoices (invoiceCreateBcCart): the amounts of this payment request.",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"Cart {self.id}"


class CartLine(models.Model):
    cart = models.ForeignKey(Cart, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey("pricing.Product", on_delete=models.CASCADE)
    variant = models.ForeignKey("pricing.ProductVariant", null=True, blank=True, on_delete=models.CASCADE)
    quantity = models.PositiveIntegerField()
    options = models.JSONField(
        default=list, blank=True, help_text="[[option_id, value], …] sorted by option id (modifier choices)."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.variant or self.product}"


class SavedCostCentre(models.Model):
    """The grant or cost-centre code a buyer last gave at checkout (issue 20), prefilled at their next checkout. Kept
    per user and the company they bought for: a super admin masquerading as two companies keeps one for each."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    company = models.ForeignKey("accounts.Company", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    code = models.CharField("grant or cost-centre code", max_length=60, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(company__isnull=True), name="storefront_costcentre_user"
            ),
            models.UniqueConstraint(
                fields=["user", "company"],
                condition=models.Q(company__isnull=False),
                name="storefront_costcentre_company",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.code or '(none)'} for user {self.user_id}"
