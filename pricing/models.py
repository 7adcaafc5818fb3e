"""The catalog: products, variants, options and modifiers, price lists and bulk tiers (business §3), and the bulk
CSV uploads checked against it (issue 19).

Prices are entered in the store's default currency and exclude tax; `pricing.calculation` converts, taxes
and applies tiers. Variant options (multiple-choice types) form the variants; the other options are modifiers,
whose values may adjust the price.
"""

from __future__ import annotations

import datetime
import secrets
import uuid
from decimal import Decimal
from pathlib import PurePath

from django.conf import settings
from django.core.validators import MinValueValidator, RegexValidator
from django.db import models

from accounts.models import Company, CustomerGroup
from portal.models import Language, TaxClass
from portal.money import DecimalDigits

MONEY: DecimalDigits = {"max_digits": 14, "decimal_places": 4}


def private_storage():
    """Safety data sheets and bulk uploads with their result files are downloaded through the portal's checked links,
    never a public URL."""
    from accounts.storage import private_storage as storage

    return storage()


def safety_data_sheet_upload_to(instance, filename: str) -> str:
    extension = PurePath(filename).suffix.lower()[:6]
    return f"catalog/sds/{uuid.uuid4().hex}{extension}"


class Category(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=140, unique=True)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    description = models.TextField(blank=True)
    sort_order = models.IntegerField(default=0)

    class Meta:
        verbose_name_plural = "categories"
        ordering = ["sort_order", "name"]

    def __str__(self) -> str:
        return self.name


class Availability(models.TextChoices):
    """business §3: `disabled` means the product cannot be bought (it may still be quoted)."""

    AVAILABLE = "available", "Available"
    DISABLED = "disabled", "Not purchasable"
    PREORDER = "preorder", "Pre-order"


def is_price_on_request(availability: str) -> bool:
    """Issue 13: a product that cannot be bought (availability "disabled") has no catalog price for buyers: the
    product page says "Price on request", and so does every other read path (search, pricing, quote draft, quote,
    PDF, cart) until the supplier prices it in a quote. The one rule; staff still see the price in admin."""
    return availability == Availability.DISABLED


class InventoryTracking(models.TextChoices):
    NONE = "none", "Not tracked"
    PRODUCT = "product", "Per product"
    VARIANT = "variant", "Per variant"


class Product(models.Model):
    name = models.CharField(max_length=255)
    sku = models.CharField("catalog number", max_length=64, unique=True)
    slug = models.SlugField(max_length=255, unique=True)
    description = models.TextField(blank=True)
    categories = models.ManyToManyField(Category, related_name="products", blank=True)
    brand = models.CharField(max_length=100, blank=True)
    base_price = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal(0))])
    tax_class = models.ForeignKey(TaxClass, null=True, blank=True, on_delete=models.SET_NULL)
    availability = models.CharField(max_length=10, choices=Availability.choices, default=Availability.AVAILABLE)
    purchasing_disabled = models.BooleanField(default=False)
    purchasing_disabled_message = models.CharField(max_length=255, blank=True)
    inventory_tracking = models.CharField(
        max_length=10, choices=InventoryTracking.choices, default=InventoryTracking.NONE
    )
    inventory_level = models.IntegerField(default=0, help_text="Stock when tracked per product.")
    is_visible = models.BooleanField(default=True)
    # Chemistry-aware search (issue 4): the CAS registry number and other names of the substance.
    cas_number = models.CharField("CAS number", max_length=20, blank=True, db_index=True)
    synonyms = models.TextField(blank=True, help_text="Other names, one per line.")
    search_text = models.TextField(
        blank=True, editable=False, help_text="Normalised name, catalog numbers, CAS number and synonyms."
    )
    image = models.CharField(max_length=255, blank=True, help_text="Image URL or static path.")
    # What a procurement system files a line under (issue 39: punchout carts and purchase orders).
    unspsc = models.CharField(
        "UNSPSC code", max_length=8, blank=True, validators=[RegexValidator(r"^\d{8}$", "Eight digits.")],
        help_text="The UN/SPSC commodity code, e.g. 41121500; empty: the lab-equipment segment 41000000.",
    )  # fmt: skip
    unit_of_measure = models.CharField(
        max_length=3, default="EA", blank=True,
        validators=[RegexValidator(r"^[A-Z0-9]{2,3}$", "A UN/ECE Rec 20 code.")],
        help_text="The unit a quantity counts (UN/ECE Recommendation 20: EA each, PK pack, BX box, KGM, LTR …); "
        "empty: EA.",
    )  # fmt: skip
    safety_data_sheet = models.FileField(
        storage=private_storage,
        upload_to=safety_data_sheet_upload_to,
        max_length=255,
        blank=True,
        help_text="PDF. Buyers who ordered the product download it from their order (issue 17).",
    )
    safety_data_sheet_name = models.CharField(max_length=255, blank=True, help_text="The file's name as uploaded.")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name"]
        indexes = [
            # productsSearch walks a rank's candidates in name order and stops at the page (issue 38). The search
            # text's trigram index is PostgreSQL's and made by migration 0007 alone (SQLite has none).
            models.Index(fields=["name", "id"], name="pricing_product_name_id"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.sku})"

    @property
    def price_on_request(self) -> bool:
        """The catalog hides this product's price from buyers (`is_price_on_request`)."""
        return is_price_on_request(self.availability)


class OptionType(models.TextChoices):
    """The eleven option types of business §3."""

    TEXT = "text", "Text"
    NUMBERS_ONLY_TEXT = "numbers_only_text", "Numbers-only text"
    MULTI_LINE_TEXT = "multi_line_text", "Multi-line text"
    DATE = "date", "Date"
    CHECKBOX = "checkbox", "Checkbox"
    RADIO_BUTTONS = "radio_buttons", "Radio buttons"
    DROPDOWN = "dropdown", "Dropdown"
    RECTANGLES = "rectangles", "Rectangles"
    FILE = "file", "File"
    SWATCH = "swatch", "Swatch"
    PRODUCT_LIST_WITH_IMAGES = "product_list_with_images", "Product list with images"


MULTIPLE_CHOICE_TYPES = frozenset(
    {OptionType.RADIO_BUTTONS, OptionType.DROPDOWN, OptionType.RECTANGLES, OptionType.SWATCH,
     OptionType.PRODUCT_LIST_WITH_IMAGES}
)  # fmt: skip


class NumberLimit(models.TextChoices):
    NONE = "", "No limit"
    LOWEST = "lowest", "Lowest value"
    HIGHEST = "highest", "Highest value"
    RANGE = "range", "Lowest and highest value"


class ProductOption(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="options")
    type = models.CharField(max_length=30, choices=OptionType.choices)
    display_name = models.CharField(max_length=100)
    required = models.BooleanField(default=False)
    is_variant_option = models.BooleanField(
        default=False, help_text="Its values form the product's variants (multiple-choice types only)."
    )
    sort_order = models.IntegerField(default=0)
    # config (business §3)
    text_min_length = models.PositiveIntegerField(null=True, blank=True)
    text_max_length = models.PositiveIntegerField(null=True, blank=True)
    text_max_lines = models.PositiveIntegerField(null=True, blank=True)
    number_limited = models.CharField(max_length=10, choices=NumberLimit.choices, blank=True, default="")
    number_lowest_value = models.DecimalField(max_digits=14, decimal_places=4, null=True, blank=True)
    number_highest_value = models.DecimalField(max_digits=14, decimal_places=4, null=True, blank=True)
    number_integers_only = models.BooleanField(default=False)
    default_value = models.CharField(max_length=255, blank=True)
    checkbox_label = models.CharField(max_length=255, blank=True)
    checked_by_default = models.BooleanField(default=False)
    file_max_size = models.PositiveIntegerField(null=True, blank=True, help_text="Bytes.")
    file_types = models.CharField(max_length=200, blank=True, help_text="Comma-separated extensions, e.g. pdf,csv")
    # A checkbox modifier may change the price when ticked.
    checkbox_price_adjuster = models.CharField(max_length=10, blank=True, default="")
    checkbox_price_adjustment = models.DecimalField(**MONEY, default=0)

    class Meta:
        ordering = ["sort_order", "pk"]

    def __str__(self) -> str:
        return f"{self.product.sku}: {self.display_name}"


class PriceAdjuster(models.TextChoices):
    NONE = "", "None"
    RELATIVE = "relative", "Add an amount"
    PERCENTAGE = "percentage", "Add a percentage"


class OptionValue(models.Model):
    option = models.ForeignKey(ProductOption, on_delete=models.CASCADE, related_name="values")
    label = models.CharField(max_length=150)
    sort_order = models.IntegerField(default=0)
    is_default = models.BooleanField(default=False)
    value_data = models.JSONField(
        default=dict, blank=True, help_text="Swatch colors, image_url, product_id (product list), checked_value."
    )
    price_adjuster = models.CharField(max_length=10, choices=PriceAdjuster.choices, blank=True, default="")
    price_adjustment = models.DecimalField(**MONEY, default=0)

    class Meta:
        ordering = ["sort_order", "pk"]

    def __str__(self) -> str:
        return self.label


# Issue 36 item 13: the catalog's option texts are written in English, the portal's base language (shell §4); staff
# add their wording in the other six languages, and a buyer reading one of them gets it (the English text where
# there is none). pricing/translations.py applies them.
TRANSLATED_LANGUAGES = [(code, label) for code, label in Language.choices if code != Language.EN]


class ProductOptionTranslation(models.Model):
    option = models.ForeignKey(ProductOption, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=2, choices=TRANSLATED_LANGUAGES)
    display_name = models.CharField(max_length=100)
    checkbox_label = models.CharField(
        max_length=255, blank=True, help_text="A checkbox option's label; empty: the English label."
    )

    class Meta:
        ordering = ["language"]
        constraints = [models.UniqueConstraint(fields=["option", "language"], name="pricing_option_translation_unique")]

    def __str__(self) -> str:
        return f"{self.display_name} [{self.language}]"


class OptionValueTranslation(models.Model):
    value = models.ForeignKey(OptionValue, on_delete=models.CASCADE, related_name="translations")
    language = models.CharField(max_length=2, choices=TRANSLATED_LANGUAGES)
    label = models.CharField(max_length=150)

    class Meta:
        ordering = ["language"]
        constraints = [
            models.UniqueConstraint(fields=["value", "language"], name="pricing_option_value_translation_unique")
        ]

    def __str__(self) -> str:
        return f"{self.label} [{self.language}]"


class ProductVariant(models.Model):
    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="variants")
    sku = models.CharField(max_length=64, unique=True)
    option_values = models.ManyToManyField(OptionValue, blank=True, related_name="variants")
    price = models.DecimalField(**MONEY, null=True, blank=True, help_text="Empty: the product's base price.")
    image = models.CharField(max_length=255, blank=True)
    inventory_level = models.IntegerField(default=0, help_text="Stock when tracked per variant.")
    purchasing_disabled = models.BooleanField(default=False)
    sort_order = models.IntegerField(default=0)

    class Meta:
        ordering = ["sort_order", "pk"]

    def __str__(self) -> str:
        return self.sku


class PriceList(models.Model):
    """The prices of one customer group (business §3 price lists)."""

    name = models.CharField(max_length=100)
    customer_group = models.OneToOneField(CustomerGroup, on_delete=models.CASCADE, related_name="price_list")

    def __str__(self) -> str:
        return self.name


class PriceListRecord(models.Model):
    price_list = models.ForeignKey(PriceList, on_delete=models.CASCADE, related_name="records")
    variant = models.ForeignKey(ProductVariant, on_delete=models.CASCADE, related_name="price_records")
    price = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal(0))])

    class Meta:
        constraints = [models.UniqueConstraint(fields=["price_list", "variant"], name="pricing_record_unique")]

    def __str__(self) -> str:
        return f"{self.price_list}: {self.variant} = {self.price}"


class DiscountType(models.TextChoices):
    """business §9: fixed replaces the price, percent takes a percentage off, price takes an amount off."""

    FIXED = "fixed", "Fixed price"
    PERCENT = "percent", "Percent off"
    PRICE = "price", "Amount off"


class BulkPricingTier(models.Model):
    """A quantity break: applies when the quantity is within min and max (max 0 = no upper bound)."""

    product = models.ForeignKey(Product, on_delete=models.CASCADE, related_name="bulk_tiers")
    price_list = models.ForeignKey(
        PriceList, null=True, blank=True, on_delete=models.CASCADE, help_text="Empty: for every customer group."
    )
    min_quantity = models.PositiveIntegerField(validators=[MinValueValidator(1)])
    max_quantity = models.PositiveIntegerField(default=0, help_text="0 means no upper bound.")
    discount_type = models.CharField(max_length=10, choices=DiscountType.choices)
    amount = models.DecimalField(**MONEY, validators=[MinValueValidator(Decimal(0))])

    class Meta:
        ordering = ["min_quantity"]

    def __str__(self) -> str:
        return f"{self.product.sku} {self.min_quantity}-{self.max_quantity or '∞'}: {self.discount_type} {self.amount}"


# --- bulk CSV uploads (issue 19; the rest of the feature is pricing.bulk_upload) ---------------------------------

# Uploads, their result and their files are kept this long, then purged (bulk_upload.services.bulk_uploads_purge);
# an expired upload is not found any more.
UPLOAD_RETENTION = datetime.timedelta(hours=24)


def new_upload_key() -> str:
    return secrets.token_urlsafe(24)  # 32 characters, 192 bits


class UploadStatus(models.TextChoices):
    PENDING = "pending", "Waiting for a worker"
    RUNNING = "running", "Being validated"
    DONE = "done", "Validated"
    FAILED = "failed", "Refused"


class BulkUpload(models.Model):
    """A bulk CSV upload (business §3 upload result, §7 productUpload / productAnonUpload) and the files it leaves.

    An upload is validated once — in the request for a small file or a list of rows, by a Celery job for a large file —
    and keeps its result (the valid products, the first error rows, the stock-error SKUs) and its two CSV files (the
    error file and the stock error file) in private storage for UPLOAD_RETENTION, then it is purged. Its `key` is the
    public id: long and random, because a guest's upload is reached by it alone."""

    key = models.CharField(max_length=64, unique=True, default=new_upload_key, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="bulk_uploads"
    )
    company = models.ForeignKey(
        Company,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="bulk_uploads",
        help_text="The company the uploader acted in (the masqueraded one for a super admin): its users reach it.",
    )
    # business §6: role 100's call (productAnonUpload) carries no channel.
    channel_id = models.PositiveIntegerField(null=True, blank=True)
    currency_code = models.CharField(max_length=3, blank=True)
    is_to_cart = models.BooleanField(default=False)
    with_modifiers = models.BooleanField(default=False)
    file_name = models.CharField(max_length=255, blank=True, help_text="The uploaded file's name; empty for rows.")
    file_size = models.BigIntegerField(default=0)
    source = models.FileField(
        storage=private_storage, max_length=255, blank=True, help_text="The CSV until a worker has validated it."
    )

    status = models.CharField(max_length=10, choices=UploadStatus.choices, default=UploadStatus.PENDING)
    progress = models.PositiveSmallIntegerField(default=0, help_text="Percent of the file validated.")
    # The claim of the worker validating it (a conditional UPDATE takes it), and its heartbeat: a claim without a
    # heartbeat for JOB_STALE_SECONDS (a worker that died) fails the upload as interrupted (issue 36 item 1).
    claim_token = models.CharField(max_length=32, blank=True)
    heartbeat_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    row_count = models.PositiveIntegerField(default=0)
    valid_count = models.PositiveIntegerField(default=0)
    error_count = models.PositiveIntegerField(default=0)
    result = models.JSONField(default=dict, blank=True)
    error_file = models.FileField(storage=private_storage, max_length=255, blank=True)
    stock_error_file = models.FileField(storage=private_storage, max_length=255, blank=True)
    failure_code = models.CharField(max_length=40, blank=True)
    failure_message = models.CharField(max_length=255, blank=True)

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Bulk upload {self.file_name or 'of rows'} ({self.get_status_display()})"
