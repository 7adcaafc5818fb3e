"""Catalog factories, and the few products built from them that the quote and storefront tests share. No test relies
on the demo catalog: each builds the products it needs."""

from decimal import Decimal

import factory

from accounts.models import CustomerGroup
from pricing.models import (
    Availability,
    BulkPricingTier,
    Category,
    DiscountType,
    InventoryTracking,
    OptionType,
    OptionValue,
    PriceAdjuster,
    PriceList,
    PriceListRecord,
    Product,
    ProductOption,
    ProductVariant,
)
from pricing.services import product_search_text_refresh


class CategoryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Category

    name = factory.Sequence(lambda n: f"Category {n}")
    slug = factory.Sequence(lambda n: f"category-{n}")


class ProductFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Product
        skip_postgeneration_save = True

    name = factory.Sequence(lambda n: f"Product {n}")
    # A pattern no test spells out, so that a sequence never meets a catalog number a test chose ("HS-1001").
    sku = factory.Sequence(lambda n: f"TP-{n:05d}")
    slug = factory.Sequence(lambda n: f"product-{n}")
    base_price = Decimal("100.00")

    @factory.post_generation
    def refresh_search_text(obj, create, extracted, **kwargs):
        if create:
            product_search_text_refresh(obj)


class VariantFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProductVariant

    product = factory.SubFactory(ProductFactory)
    sku = factory.Sequence(lambda n: f"HS-V{n:05d}")


class OptionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ProductOption

    product = factory.SubFactory(ProductFactory)
    type = OptionType.TEXT
    display_name = factory.Sequence(lambda n: f"Option {n}")


class OptionValueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OptionValue

    option = factory.SubFactory(OptionFactory, type=OptionType.DROPDOWN)
    label = factory.Sequence(lambda n: f"Value {n}")


class CustomerGroupFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CustomerGroup

    name = factory.Sequence(lambda n: f"Group {n}")


class PriceListFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PriceList

    name = factory.Sequence(lambda n: f"Price list {n}")
    customer_group = factory.SubFactory(CustomerGroupFactory)


class PriceListRecordFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PriceListRecord

    price_list = factory.SubFactory(PriceListFactory)
    variant = factory.SubFactory(VariantFactory)
    price = Decimal("80.00")


class TierFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = BulkPricingTier

    product = factory.SubFactory(ProductFactory)
    min_quantity = 10
    max_quantity = 0
    discount_type = "percent"
    amount = Decimal("10")


# --- Builders ---------------------------------------------------------------------------------------------------


def product_in_packs(
    *, sku: str, packs: list[tuple[str, str, str, int]], option_type: str = OptionType.DROPDOWN, **fields
) -> Product:
    """A product sold in pack sizes (business §3 variant option): one required value, and one variant of its own SKU
    (`<sku>-<suffix>`), price and stock, per (label, SKU suffix, price, stock); the first pack is the default and
    the stock is tracked per variant."""
    product = ProductFactory(
        sku=sku,
        base_price=Decimal(packs[0][2]),
        inventory_tracking=InventoryTracking.VARIANT,
        inventory_level=sum(stock for *_, stock in packs),
        **fields,
    )
    option = OptionFactory(
        product=product, type=option_type, display_name="Pack size", required=True, is_variant_option=True
    )
    for position, (label, suffix, price, stock) in enumerate(packs):
        value = OptionValueFactory(option=option, label=label, sort_order=position, is_default=position == 0)
        made = VariantFactory(
            product=product, sku=f"{sku}-{suffix}", price=Decimal(price), inventory_level=stock, sort_order=position
        )
        made.option_values.add(value)
    product_search_text_refresh(product)  # with the variants' SKUs
    return product


def group_prices(group: CustomerGroup, product: Product, rate: str) -> None:
    """The customer group's price list (business §3) sells every variant of the product at `rate` × its list price."""
    price_list, _ = PriceList.objects.get_or_create(customer_group=group, defaults={"name": f"{group.name} prices"})
    for variant in product.variants.all():
        list_price = variant.price if variant.price is not None else product.base_price
        PriceListRecordFactory(
            price_list=price_list, variant=variant, price=(list_price * Decimal(rate)).quantize(Decimal("0.01"))
        )


def reagent_tiers(product: Product) -> None:
    """Store-wide quantity breaks (business §9 percent tiers): 10–49 5% off, 50 and more 10% off."""
    TierFactory(
        product=product, min_quantity=10, max_quantity=49, discount_type=DiscountType.PERCENT, amount=Decimal(5)
    )
    TierFactory(
        product=product, min_quantity=50, max_quantity=0, discount_type=DiscountType.PERCENT, amount=Decimal(10)
    )


def ethanol() -> Product:
    """HS-1001, a reagent in four pack sizes — 100 mL $38.00 (120 in stock), 500 mL $121.60 (60), 1 L $205.20 (25),
    2.5 L $437.00 (8) — with CAS number and synonyms, the reagent tiers and an optional printed certificate of
    analysis (a checkbox, +$15)."""
    product = product_in_packs(
        sku="HS-1001",
        name="Ethanol, absolute, ≥99.8%",
        slug="ethanol-absolute-998",
        cas_number="64-17-5",
        synonyms="Ethyl alcohol\nEtOH\nAbsolute alcohol",
        packs=[
            ("100 mL", "100ML", "38.00", 120),
            ("500 mL", "500ML", "121.60", 60),
            ("1 L", "1L", "205.20", 25),
            ("2.5 L", "2.5L", "437.00", 8),
        ],
    )
    certificate = OptionFactory(
        product=product,
        type=OptionType.CHECKBOX,
        display_name="Printed certificate of analysis",
        sort_order=1,
        checkbox_price_adjuster=PriceAdjuster.RELATIVE,
        checkbox_price_adjustment=Decimal("15.00"),
    )
    OptionValueFactory(option=certificate, label="Yes", sort_order=0, value_data={"checked_value": True})
    OptionValueFactory(
        option=certificate, label="No", sort_order=1, is_default=True, value_data={"checked_value": False}
    )
    reagent_tiers(product)
    return product


def sodium_chloride() -> Product:
    """HS-1055, a solid in three pack sizes — 100 g $18.00 (200 in stock), 500 g $61.20 (80), 1 kg $106.20 (40) —
    with the reagent tiers."""
    product = product_in_packs(
        sku="HS-1055",
        name="Sodium chloride, ≥99.5%",
        slug="sodium-chloride-995",
        option_type=OptionType.RECTANGLES,
        packs=[("100 g", "100G", "18.00", 200), ("500 g", "500G", "61.20", 80), ("1 kg", "1KG", "106.20", 40)],
    )
    reagent_tiers(product)
    return product


def ethanol_drum() -> Product:
    """HS-1152, sold on request only (availability "disabled"): its $2,950.00 is never shown to a buyer."""
    product = ProductFactory(
        sku="HS-1152",
        name="Ethanol, absolute, 200 L drum",
        slug="ethanol-absolute-200-l-drum",
        base_price=Decimal("2950.00"),
        availability=Availability.DISABLED,
        purchasing_disabled_message="Price on request: ask for a quote",
    )
    VariantFactory(product=product, sku="HS-1152")
    product_search_text_refresh(product)
    return product


def analytical_balance() -> Product:
    """HS-4006 at $3,250.00, with a required warranty: 1 year included, 3 years +$390, 5 years +12%."""
    product = ProductFactory(
        sku="HS-4006",
        name="Analytical balance, 220 g × 0.1 mg",
        slug="analytical-balance-220-g-x-01-mg",
        base_price=Decimal("3250.00"),
    )
    VariantFactory(product=product, sku="HS-4006")
    warranty = OptionFactory(product=product, type=OptionType.DROPDOWN, display_name="Warranty", required=True)
    OptionValueFactory(option=warranty, label="1 year included", sort_order=0, is_default=True)
    OptionValueFactory(
        option=warranty,
        label="3 years",
        sort_order=1,
        price_adjuster=PriceAdjuster.RELATIVE,
        price_adjustment=Decimal("390.00"),
    )
    OptionValueFactory(
        option=warranty,
        label="5 years",
        sort_order=2,
        price_adjuster=PriceAdjuster.PERCENTAGE,
        price_adjustment=Decimal("12.00"),
    )
    product_search_text_refresh(product)
    return product
