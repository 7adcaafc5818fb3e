"""The store, its channels and the storefront configuration (shell §3)."""

from django.core.validators import FileExtensionValidator
from django.db import models


class Language(models.TextChoices):
    """shell §5: the seven supported languages."""

    EN = "en", "English"
    ZH = "zh", "Chinese"
    FR = "fr", "French"
    NL = "nl", "Dutch"
    DE = "de", "German"
    IT = "it", "Italian"
    ES = "es", "Spanish"


class Store(models.Model):
    """The supplier's store. The portal serves one store; `store_current()` returns it."""

    store_hash = models.SlugField(max_length=40, unique=True, help_text="Public identifier of the store.")
    name = models.CharField(max_length=200)
    logo = models.FileField(
        upload_to="store/",
        blank=True,
        validators=[FileExtensionValidator(["png", "jpg", "jpeg", "svg", "webp", "gif"])],
    )
    address = models.TextField(blank=True, help_text="Postal address shown in the storefront footer and on PDFs.")
    support_email = models.EmailField(blank=True)
    support_phone = models.CharField(max_length=40, blank=True)
    default_language = models.CharField(max_length=2, choices=Language.choices, default=Language.EN)
    default_currency = models.CharField(max_length=3, default="USD")
    multi_storefront_enabled = models.BooleanField(
        default=False,
        help_text="When on, the portal shows only on channels with B2B enabled (shell §1).",
    )

    def __str__(self) -> str:
        return self.name


class Channel(models.Model):
    """A sales channel (storefront site) of the store: shell §3 "store site"."""

    class Platform(models.TextChoices):
        NATIVE = "native", "Built-in storefront"
        OTHER = "other", "Third-party storefront"

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="channels")
    channel_id = models.PositiveIntegerField(unique=True, help_text="Public channel id (shell §9: default 1).")
    name = models.CharField(max_length=100)
    urls = models.JSONField(default=list, blank=True, help_text="The site's URLs.")
    icon_url = models.URLField(blank=True)
    logo = models.FileField(upload_to="channels/", blank=True)
    is_enabled = models.BooleanField(default=True)
    b2b_enabled = models.BooleanField("B2B enabled", default=True)
    type = models.CharField(max_length=30, default="storefront")
    platform = models.CharField(max_length=20, choices=Platform.choices, default=Platform.NATIVE)
    translation_version = models.PositiveIntegerField(
        default=1, help_text="Raise it to make every overlay fetch the translations again."
    )

    class Meta:
        ordering = ["channel_id"]

    def __str__(self) -> str:
        return f"{self.name} (channel {self.channel_id})"


class StorefrontConfig(models.Model):
    """One storefront configuration entry: `value` '1' means on (shell §3)."""

    class Value(models.TextChoices):
        OFF = "0", "Off"
        ON = "1", "On"

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="configs")
    key = models.CharField(max_length=80)
    value = models.CharField(max_length=1, choices=Value.choices, default=Value.OFF)
    extra_fields = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["key"]
        constraints = [models.UniqueConstraint(fields=["channel", "key"], name="portal_config_channel_key_unique")]
        verbose_name = "storefront config entry"
        verbose_name_plural = "storefront config entries"

    def __str__(self) -> str:
        return f"{self.key} = {self.value}"


class StoreFeatures(models.Model):
    """The server's feature-flag config (shell §3, `storefrontConfig`): which portal features are on."""

    store = models.OneToOneField(Store, on_delete=models.CASCADE, related_name="features")
    account_settings = models.BooleanField(default=True)
    address_book = models.BooleanField(default=True)
    buy_again = models.BooleanField(default=True)
    dashboard = models.BooleanField(default=True)
    invoice = models.BooleanField(default=True)
    messages = models.BooleanField(default=True)
    orders = models.BooleanField(default=True)
    quick_order_pad = models.BooleanField(default=True)
    quotes = models.BooleanField(default=True)
    shopping_lists = models.BooleanField(default=True)
    trade_professional_application = models.BooleanField(default=False)
    user_management = models.BooleanField(default=True)
    wish_lists = models.BooleanField(default=True)

    class Meta:
        verbose_name = "portal features"
        verbose_name_plural = "portal features"

    def __str__(self) -> str:
        return f"Features of {self.store}"
