from __future__ import annotations

from decimal import Decimal

import strawberry
import strawberry_django
from django.templatetags.static import static
from django.urls import NoReverseMatch, reverse
from strawberry.scalars import JSON

from portal.graphql.plain import plain_input
from pricing import calculation, models
from pricing.options import format_limit, stock_problem, tracked_stock

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


# Built from graphql-core's validated values without strawberry's per-field conversion: up to 500 items a request.
@plain_input
@strawberry.input(description="An option of an item to price: a value id (multiple choice, checkbox) or a value.")
class PriceOptionInput:
    option_id: int
    value_id: int | None = None
    value: str | None = None


@plain_input
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
    return info.context.request.build_absolute_uri(path if path.startswith("/") else static(path))


def product_url(info: strawberry.Info, product: models.Product) -> str | None:
    try:
        path = reverse("storefront:product", kwargs={"slug": product.slug})
    except NoReverseMatch:
        path = PRODUCT_URL_FALLBACK.format(slug=product.slug)
    return absolute_url(info, path)


@strawberry.type(description="A variant's value of one variant option.")
class VariantOptionValue:
    id: int
    label: str
    option_id: int
    option_display_name: str

    @classmethod
    def of(cls, value: models.OptionValue) -> VariantOptionValue:
        return cls(
            id=value.pk, label=value.label, option_id=value.option_id, option_display_name=value.option.display_name
        )


@strawberry_django.type(models.OptionValue, description="A value of a multiple-choice or checkbox option.")
class ProductOptionValue:
    label: str
    sort_order: int
    is_default: bool
    value_data: JSON = strawberry_django.field(
        description="image_url, product_id (product list), colors (swatch), checked_value (checkbox)."
    )

    @strawberry_django.field(description="The value id, sent back as the option's value.")
    def id(self) -> int:
        return self.pk


def _limit(value: Decimal | None) -> Decimal | None:
    """10.0000 → 10, 2.5000 → 2.5: limits as the validation messages write them (business §5)."""
    return Decimal(format_limit(value)) if value is not None else None


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


@strawberry_django.type(models.ProductOption, description="A product option (business §3 Option).")
class ProductOptionType:
    type: str = strawberry_django.field(
        description="text, numbers_only_text, multi_line_text, date, checkbox, radio_buttons, dropdown, "
        "rectangles, file, swatch or product_list_with_images."
    )
    display_name: str
    required: bool
    is_variant_option: bool = strawberry_django.field(description="Its values form the product's variants.")
    sort_order: int

    @strawberry_django.field(description="The option id (attribute[{id}] in the storefront's form).")
    def id(self) -> int:
        return self.pk

    @strawberry_django.field(description="The option's limits and defaults.")
    def config(self) -> ProductOptionConfig:
        return ProductOptionConfig(
            text_min_length=self.text_min_length,
            text_max_length=self.text_max_length,
            text_max_lines=self.text_max_lines,
            number_limited=bool(self.number_limited),
            number_limit_mode=self.number_limited,
            number_lowest_value=_limit(self.number_lowest_value),
            number_highest_value=_limit(self.number_highest_value),
            number_integers_only=self.number_integers_only,
            default_value=self.default_value,
            checkbox_label=self.checkbox_label,
            checked_by_default=self.checked_by_default,
            file_max_size=self.file_max_size,
            file_types=[ext.strip() for ext in self.file_types.split(",") if ext.strip()],
        )

    @strawberry_django.field(description="The option's values (multiple-choice and checkbox options).")
    def option_values(self) -> list[ProductOptionValue]:
        return list(self.values.all())


@strawberry_django.type(models.ProductVariant, description="A variant of a search result (business §3).")
class ProductSearchVariant:
    sku: str
    inventory_level: int
    purchasing_disabled: bool

    @strawberry_django.field
    def variant_id(self) -> int:
        return self.pk

    @strawberry_django.field
    def product_id(self) -> int:
        return self.product_id

    @strawberry_django.field(description="The variant's image, else the product's.")
    def image_url(self, info: strawberry.Info) -> str | None:
        return absolute_url(info, self.image or getattr(self, "_search_product_image", ""))

    @strawberry_django.field(
        description="The caller's unit price for quantity 1, excluding tax; null when hidden or on request."
    )
    def calculated_price(self) -> Decimal | None:
        price = getattr(self, "_search_price", None)
        return price.calculated_price.tax_exclusive if price else None

    @strawberry_django.field(description="The caller's unit price for quantity 1 with and without tax.")
    def bc_calculated_price(self) -> BcCalculatedPrice | None:
        price = getattr(self, "_search_price", None)
        if price is None:
            return None
        return BcCalculatedPrice(
            tax_inclusive=price.calculated_price.tax_inclusive, tax_exclusive=price.calculated_price.tax_exclusive
        )

    @strawberry_django.field(description="The variant's values of the variant options.")
    def option_values(self) -> list[VariantOptionValue]:
        return [VariantOptionValue.of(value) for value in self.option_values.all()]


@strawberry_django.type(models.Product, description="A product as search results show it (business §3).")
class ProductSearchResult:
    name: str
    sku: str = strawberry_django.field(description="The catalog number.")
    slug: str
    brand: str
    cas_number: str = strawberry_django.field(description="The CAS registry number; empty when none.")
    availability: str = strawberry_django.field(
        description="available, disabled (not purchasable, may still be quoted) or preorder."
    )
    inventory_tracking: str = strawberry_django.field(description="none, product or variant.")
    inventory_level: int = strawberry_django.field(description="Stock when tracked per product.")
    purchasing_disabled: bool

    @strawberry_django.field
    def id(self) -> int:
        return self.pk

    @strawberry_django.field(
        description="The catalog price in the requested currency; null when prices are hidden or on request."
    )
    def base_price(self) -> Decimal | None:
        return getattr(self, "_search_base_price", None)

    @strawberry_django.field(description=PRICE_ON_REQUEST_DESCRIPTION + " Its prices are null.", only=["availability"])
    def price_on_request(self) -> bool:
        return self.price_on_request

    @strawberry_django.field
    def image_url(self, info: strawberry.Info) -> str | None:
        return absolute_url(info, self.image)

    @strawberry_django.field
    def product_url(self, info: strawberry.Info) -> str | None:
        return product_url(info, self)

    @strawberry_django.field
    def variants(self) -> list[ProductSearchVariant]:
        variants = list(self.variants.all())
        for variant in variants:
            variant._search_product_image = self.image
        return variants

    @strawberry_django.field(description="The variant options (their values form the variants).")
    def options(self) -> list[ProductOptionType]:
        return [option for option in self.options.all() if option.is_variant_option]

    @strawberry_django.field(description="The options that are not variant options (they may adjust the price).")
    def modifiers(self) -> list[ProductOptionType]:
        return [option for option in self.options.all() if not option.is_variant_option]

    @strawberry_django.field(description="Every option: variant options and modifiers.")
    def all_options(self) -> list[ProductOptionType]:
        return list(self.options.all())


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
        cls, info: strawberry.Info, variant: models.ProductVariant, price: calculation.PriceResult | None
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
            option_values=[VariantOptionValue.of(value) for value in variant.option_values.all()],
        )
