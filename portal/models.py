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


class Currency(models.Model):
    """A currency the store sells in (shell §3), with its display format and exchange rate to the default."""

    class TokenLocation(models.TextChoices):
        LEFT = "left", "Left"
        RIGHT = "right", "Right"

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="currencies")
    code = models.CharField(max_length=3)
    name = models.CharField(max_length=60)
    token = models.CharField(max_length=8, help_text="The symbol, e.g. $ or €.")
    token_location = models.CharField(max_length=5, choices=TokenLocation.choices, default=TokenLocation.LEFT)
    decimal_token = models.CharField(max_length=1, default=".")
    thousands_token = models.CharField(max_length=1, default=",", blank=True)
    decimal_places = models.PositiveSmallIntegerField(default=2)
    exchange_rate = models.DecimalField(
        max_digits=14, decimal_places=6, default=1, help_text="Units of this currency per unit of the default one."
    )
    is_default = models.BooleanField(default=False)
    enabled = models.BooleanField(default=True)
    is_transactional = models.BooleanField(default=True, help_text="Orders can be placed in it.")
    auto_update = models.BooleanField(default=False)
    country_iso2 = models.CharField(max_length=2, blank=True)

    class Meta:
        verbose_name_plural = "currencies"
        ordering = ["-is_default", "code"]
        constraints = [
            models.UniqueConstraint(fields=["store", "code"], name="portal_currency_store_code_unique"),
            models.UniqueConstraint(
                fields=["store"], condition=models.Q(is_default=True), name="portal_one_default_currency"
            ),
        ]

    def __str__(self) -> str:
        return self.code


class TaxClass(models.Model):
    """A class of goods taxed alike (e.g. "Lab equipment", "Reagents"); products carry one."""

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="tax_classes")
    name = models.CharField(max_length=100)

    class Meta:
        verbose_name_plural = "tax classes"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class TaxZone(models.Model):
    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="tax_zones")
    name = models.CharField(max_length=100)
    enabled = models.BooleanField(default=True)
    priority = models.PositiveSmallIntegerField(default=0)
    show_inclusive = models.BooleanField(default=False, help_text="Show prices including tax in this zone.")
    country_codes = models.JSONField(default=list, blank=True, help_text="ISO country codes the zone covers.")

    class Meta:
        ordering = ["priority", "name"]

    def __str__(self) -> str:
        return self.name


class TaxZoneRate(models.Model):
    zone = models.ForeignKey(TaxZone, on_delete=models.CASCADE, related_name="rates")
    name = models.CharField(max_length=100)
    enabled = models.BooleanField(default=True)
    priority = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["priority", "name"]

    def __str__(self) -> str:
        return f"{self.zone}: {self.name}"


class TaxClassRate(models.Model):
    zone_rate = models.ForeignKey(TaxZoneRate, on_delete=models.CASCADE, related_name="class_rates")
    tax_class = models.ForeignKey(TaxClass, on_delete=models.CASCADE)
    rate = models.DecimalField(max_digits=6, decimal_places=3, help_text="Percent, e.g. 6.250")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["zone_rate", "tax_class"], name="portal_class_rate_unique")]

    def __str__(self) -> str:
        return f"{self.tax_class}: {self.rate}%"


class TranslationOverride(models.Model):
    """A store's own wording for one overlay text, on top of the bundled catalogs (shell §4 translations)."""

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=2, choices=Language.choices)
    page = models.CharField(
        max_length=40, default="global", help_text="The page set (e.g. global, login, orders, quotes)."
    )
    key = models.CharField(max_length=150, help_text="The message key, e.g. login.title")
    text = models.TextField()

    class Meta:
        ordering = ["page", "key", "language"]
        constraints = [
            models.UniqueConstraint(
                fields=["channel", "language", "page", "key"], name="portal_translation_override_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.page}/{self.key} [{self.language}]"


class StorefrontToken(models.Model):
    """A storefront token (shell §7 `storeFrontToken`, issue 22): what a storefront's pages carry in the loader's
    script tag so that this API answers them from their origins. Only its SHA-256 is stored; it is bound to one
    channel and to exact origins, expires (shell §9: 7 days) and can be revoked by staff."""

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="storefront_tokens")
    key_hash = models.CharField(max_length=64, unique=True)
    allowed_origins = models.JSONField(
        default=list, help_text='Exact origins the token is used from: "scheme://host[:port]", e.g. https://shop.test.'
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"storefront token of {self.channel} (expires {self.expires_at:%Y-%m-%d %H:%M})"


class StoreAdminCredential(models.Model):
    """A credential of a store's admin tool (shell §7 REST, `X-Auth-Token`): it sets a channel's storefront type and
    asks for storefront tokens. Staff create it in Django admin, which shows the raw value once; only its SHA-256 is
    stored."""

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="admin_credentials")
    name = models.CharField(max_length=100, help_text="Who or what uses it, e.g. the theme's build tool.")
    key_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = "store admin credential"

    def __str__(self) -> str:
        return self.name
