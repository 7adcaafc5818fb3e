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
