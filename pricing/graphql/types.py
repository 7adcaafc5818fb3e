from __future__ import annotations

import re
from decimal import Decimal

import strawberry
from django.conf import settings
from django.templatetags.static import static
from django.urls import NoReverseMatch, get_script_prefix, get_urlconf, reverse
from strawberry.scalars import JSON

from pricing import calculation, models
from pricing.options import stock_problem, tracked_stock
from pricing.translations import OptionTexts

# Where the storefront shows a product when it names no route of its own (`storefront:product`).
PRODUCT_URL_FALLBACK = "/products/{slug}/"
PRICE_ON_REQUEST_DESCRIPTION = (
    'The catalog gives no price for this product ("Price on request", a product that cannot be bought): ask for '
    "a quote."
)

# --- prices ------------------------------------------------------------------------------------------------------


@strawberry.type(description="A price (business §3): as entered, whether entered with tax, without and with tax.")
class ProductPrice:
    as_entered: Decimal = strawberry.field(description="The price as entered in the catalog (excluding tax).")
    entered_inclusive: bool = strawberry.field(description="Whether catalog prices include tax (always false).")
    tax_exclusive: Decimal
    tax_inclusive: Decimal

    @classmethod
    def of(cls, price: calculation.Price) -> ProductPrice:
        return cls(
            as_entered=price.as_entered,
            entered_inclusive=price.entered_inclusive,
            tax_exclusive=price.tax_exclusive,
            tax_inclusive=price.tax_inclusive,
        )


@strawberry.type(description="A variant's price for quantity 1, without and with tax.")
class BcCalculatedPrice:
    tax_inclusive: Decimal
    tax_exclusive: Decimal


@strawberry.type(description="A quantity break (business §3 bulk_pricing).")
class BulkPricingTier:
    minimum: int
    maximum: int = strawberry.field(description="0 means no upper bound.")
    discount_type: str = strawberry.field(
        description="fixed: the unit price is discountAmount; percent: discountAmount percent off; "
        "price: discountAmount off the unit price."
    )
    discount_amount: Decimal = strawberry.field(description="In the requested currency; a percentage for percent.")

    @classmethod
    def of(cls, tier: calculation.BulkTier) -> BulkPricingTier:
        return cls(
            minimum=tier.minimum,
            maximum=tier.maximum,
            discount_type=tier.discount_type,
            discount_amount=tier.discount_amount,
        )


@strawberry.type(description="The next cheaper quantity break beyond the ordered quantity.")
class NextTierHint:
    additional_quantity: int = strawberry.field(description="How many more units reach the tier.")
    minimum: int = strawberry.field(description="The quantity at which the tier starts.")
    price: ProductPrice = strawberry.field(description="The unit price at that tier.")


@strawberry.type(description="An option chosen for a priced item.")
class PriceOptionSelection:
    option_id: int
    value_id: int | None
    value: str | None


@strawberry.type(description="The price of one item (business §3 price result); unit prices unless named total.")
class PricedProduct:
    product_id: int
    variant_id: int | None = strawberry.field(
        description="The priced variant: the one asked for, or the product's only variant."
    )
    quantity: int
    options: list[PriceOptionSelection]
    currency_code: str
    price: ProductPrice | None = strawberry.field(
        description="The unit price after the quantity break; null when the price is on request."
    )
    base_price: ProductPrice | None = strawberry.field(
        description="The unit price before the quantity break (base price plus option adjustments); null when the "
        "price is on request."
    )
    line_total: ProductPrice | None = strawberry.field(
        description="The unit price times the quantity; null when the price is on request."
    )
    bulk_pricing: list[BulkPricingTier] = strawberry.field(
        description="The product's quantity breaks for the caller's customer group (none when the price is on request)."
    )
    applied_tier: BulkPricingTier | None = strawberry.field(description="The break applied at this quantity.")
    next_tier: NextTierHint | None = strawberry.field(
        description="How many more units give a lower unit price, and that price; null when none does."
    )
    tax_rate: Decimal = strawberry.field(description="The tax rate applied, in percent.")
    show_inclusive: bool = strawberry.field(description="Whether the store's tax zone shows prices with tax.")
    price_on_request: bool = strawberry.field(
        default=False, description=PRICE_ON_REQUEST_DESCRIPTION + " No amount is given."
    )


@strawberry.input(description="An option of an item to price: a value id (multiple choice, checkbox) or a value.")
class PriceOptionInput:
    option_id: int
    value_id: int | None = None
    value: str | None = None


@strawberry.input(description="An item to price (business §3 pricing request item).")
class PriceItemInput:
    product_id: int
    variant_id: int | None = None
    quantity: int = 1
    options: list[PriceOptionInput] = strawberry.field(default_factory=list)


# --- catalog -----------------------------------------------------------------------------------------------------


def absolute_url(info: strawberry.Info, path: str) -> str | None:
    """An image or page path as an absolute URL (the overlay runs on other sites' pages)."""
    if not path:
        return None
    if path.startswith(("http://", "https://")):
        return path
    request = info.context.request
    if re.fullmatch(_PLAIN_PATH, path) and "/./" not in path and "/../" not in path:
        # What build_absolute_uri gives such a path (issue 21: a search page makes a dozen): its scheme and host
        # before the path, which urlsplit and iri_to_uri would leave as it is.
        return f"{request.scheme}://{request.get_host()}{path}"
    return request.build_absolute_uri(path if path.startswith("/") else static(path))


def product_path(slug: str) -> str:
    """The storefront's path of a product page: what `reverse` gives, which costs ~50–140 µs a call (a search page
    asks for one per product). A slug the `<slug>` converter takes has only characters reverse leaves as they are,
    so it goes into the path reversed once per URLconf and script prefix."""
    if re.fullmatch(_SLUG, slug):
        key = (get_urlconf(), settings.ROOT_URLCONF, get_script_prefix())
        template = _product_path_templates.get(key)
        if template is None:
            if len(_product_path_templates) >= 64:  # a bound, whatever script prefixes requests come with
                _product_path_templates.clear()
            template = _product_path_templates[key] = _product_path_template()
        if template[1]:
            return template[0] + slug + template[2]
    return _reversed_product_path(slug)


_SLUG = r"[-a-zA-Z0-9_]+"  # Django's slug path converter
# An absolute path of characters that neither urlsplit nor iri_to_uri changes (not `//`, no query or fragment).
_PLAIN_PATH = r"/(?!/)[-a-zA-Z0-9_./~]*"
_SLUG_MARKER = "product-slug-marker-0"
# (urlconf, ROOT_URLCONF, script prefix) -> the reversed path around the marker slug (prefix, marker, suffix); with
# no route to reverse, ("", "", ""): every slug then takes the slow path.
_product_path_templates: dict[tuple, tuple[str, str, str]] = {}


def _product_path_template() -> tuple[str, str, str]:
    try:
        return reverse("storefront:product", kwargs={"slug": _SLUG_MARKER}).partition(_SLUG_MARKER)
    except NoReverseMatch:
        return ("", "", "")


def _reversed_product_path(slug: str) -> str:
    try:
        return reverse("storefront:product", kwargs={"slug": slug})
    except NoReverseMatch:
        return PRODUCT_URL_FALLBACK.format(slug=slug)


def product_url(info: strawberry.Info, product: models.Product) -> str | None:
    return absolute_url(info, product_path(product.slug))


@strawberry.type(description="A variant's value of one variant option.")
class VariantOptionValue:
    id: int
    label: str
    option_id: int
    option_display_name: str

    @classmethod
    def of(cls, value: models.OptionValue, texts: OptionTexts | None = None) -> VariantOptionValue:
        """The value, in the language of `texts` (pricing.translations) when given."""
        label, name = value.label, value.option.display_name
        if texts is not None:
            label, name = texts.value_label(value.pk, label), texts.option_name(value.option_id, name)
        return cls(id=value.pk, label=label, option_id=value.option_id, option_display_name=name)


# The search result types below are built whole by productsSearch (pricing/graphql/search.py `search_results`).


@strawberry.type(description="A value of a multiple-choice or checkbox option.")
class ProductOptionValue:
    label: str
    sort_order: int
    is_default: bool
    value_data: JSON = strawberry.field(
        description="image_url, product_id (product list), colors (swatch), checked_value (checkbox)."
    )
    id: int = strawberry.field(description="The value id, sent back as the option's value.")


@strawberry.type(description="An option's configuration (business §3 option config).")
class ProductOptionConfig:
    text_min_length: int | None
    text_max_length: int | None
    text_max_lines: int | None
    number_limited: bool
    number_limit_mode: str = strawberry.field(description="lowest, highest, range, or empty for no limit.")
    number_lowest_value: Decimal | None
    number_highest_value: Decimal | None
    number_integers_only: bool
    default_value: str
    checkbox_label: str
    checked_by_default: bool
    file_max_size: int | None = strawberry.field(description="Bytes.")
    file_types: list[str]


@strawberry.type(description="A product option (business §3 Option).")
class ProductOptionType:
    type: str = strawberry.field(
        description="text, numbers_only_text, multi_line_text, date, checkbox, radio_buttons, dropdown, "
        "rectangles, file, swatch or product_list_with_images."
    )
    display_name: str
    required: bool
    is_variant_option: bool = strawberry.field(description="Its values form the product's variants.")
    sort_order: int
    id: int = strawberry.field(description="The option id (attribute[{id}] in the storefront's form).")
    config: ProductOptionConfig = strawberry.field(description="The option's limits and defaults.")
    option_values: list[ProductOptionValue] = strawberry.field(
        description="The option's values (multiple-choice and checkbox options)."
    )


@strawberry.type(description="A variant of a search result (business §3).")
class ProductSearchVariant:
    sku: str
    inventory_level: int
    purchasing_disabled: bool
    variant_id: int
    product_id: int
    image_url: str | None = strawberry.field(description="The variant's image, else the product's.")
    calculated_price: Decimal | None = strawberry.field(
        description="The caller's unit price for quantity 1, excluding tax; null when hidden or on request."
    )
    bc_calculated_price: BcCalculatedPrice | None = strawberry.field(
        description="The caller's unit price for quantity 1 with and without tax."
    )
    option_values: list[VariantOptionValue] = strawberry.field(
        description="The variant's values of the variant options."
    )


@strawberry.type(description="A product as search results show it (business §3).")
class ProductSearchResult:
    name: str
    sku: str = strawberry.field(description="The catalog number.")
    slug: str
    brand: str
    cas_number: str = strawberry.field(description="The CAS registry number; empty when none.")
    availability: str = strawberry.field(
        description="available, disabled (not purchasable, may still be quoted) or preorder."
    )
    inventory_tracking: str = strawberry.field(description="none, product or variant.")
    inventory_level: int = strawberry.field(description="Stock when tracked per product.")
    purchasing_disabled: bool
    id: int
    base_price: Decimal | None = strawberry.field(
        description="The catalog price in the requested currency; null when prices are hidden or on request."
    )
    price_on_request: bool = strawberry.field(description=PRICE_ON_REQUEST_DESCRIPTION + " Its prices are null.")
    image_url: str | None
    product_url: str | None
    variants: list[ProductSearchVariant]
    options: list[ProductOptionType] = strawberry.field(
        description="The variant options (their values form the variants)."
    )
    modifiers: list[ProductOptionType] = strawberry.field(
        description="The options that are not variant options (they may adjust the price)."
    )
    all_options: list[ProductOptionType] = strawberry.field(description="Every option: variant options and modifiers.")


@strawberry.type(description="Whether a product (or one of its variants) can be bought (business §7).")
class ProductPurchasable:
    availability: str
    inventory_level: int
    inventory_tracking: str
    purchasing_disabled: bool


@strawberry.type(description="A variant found by its SKU (business §7 variantSku).")
class VariantSkuResult:
    product_id: int
    variant_id: int
    variant_sku: str
    base_sku: str = strawberry.field(description="The product's catalog number.")
    product_name: str
    product_url: str | None
    image_url: str | None
    availability: str
    inventory_tracking: str
    inventory_level: int = strawberry.field(description="The tracked stock (the variant's when tracked per variant).")
    purchasing_disabled: bool
    is_stock: bool = strawberry.field(description="Whether one unit passes the stock check (business §4).")
    calculated_price: ProductPrice | None = strawberry.field(
        description="The caller's unit price for quantity 1; null when prices are hidden or on request."
    )
    price_on_request: bool = strawberry.field(description=PRICE_ON_REQUEST_DESCRIPTION + " Its price is null.")
    option_values: list[VariantOptionValue]

    @classmethod
    def of(
        cls,
        info: strawberry.Info,
        variant: models.ProductVariant,
        price: calculation.PriceResult | None,
        texts: OptionTexts | None = None,
    ) -> VariantSkuResult:
        product = variant.product
        stock = tracked_stock(product, variant)
        return cls(
            product_id=product.pk,
            variant_id=variant.pk,
            variant_sku=variant.sku,
            base_sku=product.sku,
            product_name=product.name,
            product_url=product_url(info, product),
            image_url=absolute_url(info, variant.image or product.image),
            availability=product.availability,
            inventory_tracking=product.inventory_tracking,
            inventory_level=stock if stock is not None else product.inventory_level,
            purchasing_disabled=product.purchasing_disabled or variant.purchasing_disabled,
            is_stock=stock_problem(product, variant, 1) is None,
            calculated_price=(
                ProductPrice.of(price.calculated_price) if price and not product.price_on_request else None
            ),
            price_on_request=product.price_on_request,
            option_values=[VariantOptionValue.of(value, texts) for value in variant.option_values.all()],
        )
