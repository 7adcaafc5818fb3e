"""Quote drafts, quotes, their lines, revisions, messages and attachments (business §3, §4; ARCHITECTURE §8).

Lifecycle: a draft (one per signed-in user, or per guest draft key) → submitted as a quote (open, awaiting the
supplier) → priced by staff or by auto-quoting (a revision each time) → ordered (checked out) or expired.
Amounts are in the quote's currency with 2 decimals and exclude tax unless named otherwise.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from portal.money import DecimalDigits
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from quotes.files import attachment_storage, attachment_upload_to

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 2}
FIRST_QUOTE_NUMBER = 100_000


class QuoteStatus(models.TextChoices):
    """The statuses a buyer filters by. An open quote past its expiry date reads as expired at once, before
    the periodic task stores it (`selectors.effective_status`)."""

    OPEN = "open", "Open"
    ORDERED = "ordered", "Ordered"
    EXPIRED = "expired", "Expired"


class QuoteDraft(models.Model):
    """The request-a-quote draft (business §3 "Draft quote"): a signed-in user's, or a guest's reached by the
    random draft key the client keeps (only its SHA-256 is stored)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="quote_drafts"
    )
    # A super admin's draft built while masquerading belongs to that company (issue 12): one draft per user and
    # company acted for, never carried across a masquerade's beginning or end. Null for everyone else.
    masquerade_company = models.ForeignKey(
        "accounts.Company", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    key_hash = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)
    channel_id = models.PositiveIntegerField(default=1)
    cart_id = models.CharField(max_length=64, blank=True, help_text="The cart the lines came from (business §4).")
    contact_name = models.CharField(max_length=150, blank=True)
    contact_email = models.EmailField(blank=True)
    company_name = models.CharField(max_length=200, blank=True)
    phone_number = models.CharField(max_length=40, blank=True)
    quote_title = models.CharField(max_length=200, blank=True)
    shipping_address = models.JSONField(default=dict, blank=True)
    billing_address = models.JSONField(default=dict, blank=True)
    note = models.TextField(blank=True)
    currency_code = models.CharField(max_length=3, default="USD")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True, db_index=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(user__isnull=False, key_hash__isnull=True)
                | models.Q(user__isnull=True, key_hash__isnull=False),
                name="quotes_draft_user_or_key",
            ),
            models.CheckConstraint(
                condition=models.Q(masquerade_company__isnull=True) | models.Q(user__isnull=False),
                name="quotes_draft_masquerade_of_user",
            ),
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(masquerade_company__isnull=True), name="quotes_draft_one_per_user"
            ),
            models.UniqueConstraint(
                fields=["user", "masquerade_company"],
                condition=models.Q(masquerade_company__isnull=False),
                name="quotes_draft_one_per_masquerade",
            ),
        ]

    def __str__(self) -> str:
        return f"Quote draft of {self.user or 'a guest'}"


class QuoteDraftLine(models.Model):
    """business §3 "Quote draft line". Prices are live: they are computed when the draft is read."""

    draft = models.ForeignKey(QuoteDraft, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey("pricing.Product", on_delete=models.CASCADE, related_name="+")
    variant = models.ForeignKey("pricing.ProductVariant", on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveIntegerField()
    options = models.JSONField(
        default=list, blank=True, help_text="[[option_id, value], …] of the modifier options, sorted by option id."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.variant_id}"


class Quote(models.Model):
    number = models.CharField(max_length=20, unique=True, null=True, blank=True, help_text="Q-100001 and on.")
    status = models.CharField(max_length=10, choices=QuoteStatus.choices, default=QuoteStatus.OPEN, db_index=True)
    channel_id = models.PositiveIntegerField(default=1)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="quotes",
        help_text="Who requested it; empty for a guest.",
    )
    company = models.ForeignKey(
        "accounts.Company", null=True, blank=True, on_delete=models.PROTECT, related_name="quotes"
    )
    access_salt = models.CharField(
        max_length=32, blank=True, editable=False, help_text="Guest quotes: the access key is derived from it."
    )
    title = models.CharField(max_length=200, blank=True)
    contact_name = models.CharField(max_length=150)
    contact_email = models.EmailField()
    company_name = models.CharField(max_length=200, blank=True)
    phone_number = models.CharField(max_length=40, blank=True)
    shipping_address = models.JSONField(default=dict, blank=True)
    billing_address = models.JSONField(default=dict, blank=True)
    note = models.TextField(blank=True, help_text="The buyer's note at submission.")
    cart_id = models.CharField(max_length=64, blank=True)
    currency_code = models.CharField(max_length=3, default="USD")
    # What the supplier sets (each change is a revision).
    discount_percent = models.DecimalField(
        max_digits=5,
        decimal_places=2,
        default=Decimal(0),
        validators=[MinValueValidator(Decimal(0)), MaxValueValidator(Decimal(100))],
        help_text="Overall discount in percent, taken off every quoted unit price.",
    )
    shipping_total = models.DecimalField(
        **MONEY, null=True, blank=True, help_text="Empty: shipping is calculated at checkout."
    )
    expires_on = models.DateField(help_text="The last day the quote can be ordered.")
    sales_rep = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="quotes_as_sales_rep",
        limit_choices_to={"is_staff": True},
    )
    revision = models.PositiveIntegerField(default=0, help_text="0: as submitted; 1 and on: priced by the supplier.")
    # Totals, kept in step with the lines by the services (the list shows and sorts by them).
    # Null while a line's price is on request and the supplier has not priced it (issue 13: never revealed).
    original_subtotal = models.DecimalField(**MONEY, null=True, blank=True, default=Decimal(0))
    quoted_subtotal = models.DecimalField(**MONEY, null=True, blank=True)
    tax_total = models.DecimalField(**MONEY, null=True, blank=True)
    grand_total = models.DecimalField(**MONEY, null=True, blank=True)
    order = models.ForeignKey("orders.Order", null=True, blank=True, on_delete=models.SET_NULL, related_name="quotes")
    ordered_at = models.DateTimeField(null=True, blank=True)
    staff_notified_at = models.DateTimeField(null=True, blank=True, editable=False)
    buyer_notified_at = models.DateTimeField(null=True, blank=True, editable=False)
    expiry_reminder_sent_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        indexes = [
            models.Index(fields=["company", "-created_at"], name="quotes_company_created"),
            models.Index(fields=["user", "-created_at"], name="quotes_user_created"),
            models.Index(fields=["status", "expires_on"], name="quotes_status_expiry"),
            # issue 38: the list's count by status (open / expired read the expiry date) from the index alone.
            models.Index(fields=["company", "status", "expires_on"], name="quotes_company_status_expiry"),
        ]

    def __str__(self) -> str:
        return self.number or f"Quote {self.pk}"

    @property
    def is_priced(self) -> bool:
        return self.revision > 0


class QuoteLine(models.Model):
    """A product of a quote, copied at submission (later catalog changes do not alter it)."""

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="lines")
    product = models.ForeignKey("pricing.Product", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    variant = models.ForeignKey(
        "pricing.ProductVariant", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    sku = models.CharField(max_length=64)
    name = models.CharField(max_length=255)
    image = models.CharField(max_length=255, blank=True)
    options = models.JSONField(default=list, blank=True, help_text="[[option_id, value], …] as chosen.")
    option_labels = models.JSONField(default=list, blank=True, help_text="[{'name': …, 'value': …}] as shown.")
    quantity = models.PositiveIntegerField(
        validators=[MinValueValidator(QUANTITY_MIN), MaxValueValidator(QUANTITY_MAX)]
    )
    original_price = models.DecimalField(
        **MONEY,
        help_text="The buyer's live unit price at submission (for a price on request: the catalog price, shown to "
        "staff only).",
    )
    price_on_request = models.BooleanField(
        default=False,
        help_text="The catalog hid this product's price when it was quoted: the buyer sees no original price, and "
        "the line is unpriced until staff enter a quoted price.",
    )
    quoted_price = models.DecimalField(
        **MONEY,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal(0))],
        help_text="The supplier's unit price.",
    )
    tax_rate = models.DecimalField(max_digits=6, decimal_places=3, default=Decimal(0), help_text="Percent.")

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.sku}"


class QuoteRevision(models.Model):
    """A version of a quote: 0 as submitted, then one per change by the supplier (or by auto-quoting), with
    what changed since the previous one."""

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    by_supplier = models.BooleanField(default=True)
    automatic = models.BooleanField(default=False, help_text="Priced by auto-quoting.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    snapshot = models.JSONField(default=dict, help_text="Quantities, prices, discount, shipping and expiry.")
    changes = models.JSONField(default=list, help_text="What changed since the previous revision.")
    message = models.TextField(blank=True, help_text="The staff's message sent with the revision.")
    buyer_notified_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [models.UniqueConstraint(fields=["quote", "number"], name="quotes_revision_unique")]

    def __str__(self) -> str:
        return f"{self.quote} revision {self.number}"


class QuoteMessage(models.Model):
    """The message thread between the buyer and the supplier's staff."""

    quote = models.ForeignKey(Quote, on_delete=models.CASCADE, related_name="messages")
    from_staff = models.BooleanField(default=False)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    author_name = models.CharField(max_length=150)
    body = models.TextField(max_length=2000)
    notified_at = models.DateTimeField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.author_name}: {self.body[:40]}"


class QuoteAttachment(models.Model):
    """A file of the buyer (on the draft, then on the quote) or of the staff (on the quote). Stored privately and
    downloaded only through `quotes.views` after the caller's rights are checked."""

    quote = models.ForeignKey(Quote, null=True, blank=True, on_delete=models.CASCADE, related_name="attachments")
    draft = models.ForeignKey(QuoteDraft, null=True, blank=True, on_delete=models.CASCADE, related_name="attachments")
    from_staff = models.BooleanField(default=False)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    file = models.FileField(storage=attachment_storage, upload_to=attachment_upload_to, max_length=255)
    file_name = models.CharField(max_length=255)
    size = models.PositiveIntegerField()
    content_type = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(quote__isnull=False) | models.Q(draft__isnull=False),
                name="quotes_attachment_has_owner",
            )
        ]

    def __str__(self) -> str:
        return self.file_name
