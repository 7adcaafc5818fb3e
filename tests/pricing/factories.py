"""Catalog factories for the pricing tests (the demo catalog is seeded elsewhere and not relied on here)."""

from decimal import Decimal

import factory

from accounts.models import CustomerGroup
from pricing.models import (
    BulkPricingTier,
    Category,
    OptionType,
    OptionValue,
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
    sku = factory.Sequence(lambda n: f"HS-{1000 + n}")
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
