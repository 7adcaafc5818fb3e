"""seed_demo builds the demo catalog: about 200 products that exercise every option type, tier, stock state and price
list, idempotently and with a bounded number of queries."""

import re
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db.models import Count

from accounts.demo import INSTITUTION
from accounts.models import Company, CustomerGroup, User
from invoices.demo import DEMO_ERP_INVOICES, DEMO_INVOICES
from orders.demo import DEMO_ORDERS
from orders.models import Lot, Order
from pricing.demo import CATEGORIES, QUOTE_ONLY_MESSAGE, catalog_items, seed_catalog
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

pytestmark = pytest.mark.django_db

STATIC_DIR = Path(settings.BASE_DIR) / "storefront" / "static"
COUNTED = [Category, Product, ProductOption, OptionValue, ProductVariant, PriceList, PriceListRecord, BulkPricingTier]


# Placing one demo order: the order, its lines, its shipments with their checks, the status and date; since issue 38
# also its search text and the purchased-products summary of its company and its buyer (a lock, the groups read,
# bulk-written and their names, for each), kept again when the demo back-dates it; since issue 39 one read of whether a
# shipment's order came from a procurement system (its ship notice): a fixed number per order.
ORDER_QUERIES_EACH = 33
UNIT_QUERIES_EACH = 14  # a unit of the demo's institution: placed in the tree, its member and the audit log
# Issuing one demo invoice (issue 20): the order locked, its lines and those invoiced, the number, the invoice and its
# lines, the shipments' tracking numbers, the audit entry; a receipt and its line where it was paid; since issue 39 one
# read of whether its order came from a procurement system (the invoice document).
INVOICE_QUERIES_EACH = 17


def _seed_demo() -> None:
    call_command("seed_demo", stdout=StringIO())


def _counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in [*COUNTED, CustomerGroup, Company, User]}


@pytest.fixture
def catalog() -> dict[str, int]:
    """seed_demo run twice; returns the row counts after the first run."""
    _seed_demo()
    counts = _counts()
    _seed_demo()
    return counts


def test_the_catalog_has_about_200_products_in_the_six_home_page_departments(catalog):
    assert 180 <= Product.objects.count() <= 230
    per_category = dict(Category.objects.annotate(n=Count("products")).values_list("slug", "n"))
    assert set(per_category) == {slug for slug, _, _ in CATEGORIES}
    assert all(count >= 15 for count in per_category.values()), per_category
    assert not Product.objects.annotate(n=Count("categories")).exclude(n=1).exists()


def test_every_product_has_a_description_an_existing_image_and_its_departments_tax_class(catalog):
    for product in Product.objects.select_related("tax_class").prefetch_related("categories"):
        assert product.description, product.sku
        assert product.image.startswith("storefront/products/"), product.sku
        assert (STATIC_DIR / product.image).is_file(), product.image
        expected = {"chemicals-reagents": "Reagents", "lab-instruments": "Lab equipment"}.get(
            product.categories.get().slug, "Default"
        )
        assert product.tax_class.name == expected, product.sku


def test_the_product_images_are_small_svgs():
    images = list((STATIC_DIR / "storefront" / "products").glob("*.svg"))
    assert len(images) >= 8
    for image in images:
        assert image.stat().st_size < 2048, image.name
        assert image.read_text().startswith("<svg"), image.name


def test_all_eleven_option_types_appear_with_required_and_optional_options(catalog):
    assert set(ProductOption.objects.values_list("type", flat=True)) == set(OptionType.values)
    assert ProductOption.objects.filter(required=True, is_variant_option=False).exists()
    assert ProductOption.objects.filter(required=False).exists()
    # Variant options are multiple-choice types only, and required.
    variant_types = set(ProductOption.objects.filter(is_variant_option=True).values_list("type", flat=True))
    assert variant_types <= {OptionType.DROPDOWN, OptionType.RECTANGLES, OptionType.RADIO_BUTTONS, OptionType.SWATCH}
    assert not ProductOption.objects.filter(is_variant_option=True, required=False).exists()


def test_the_option_configs_of_the_pipette_and_tip_products(catalog):
    calibration = ProductOption.objects.get(product__sku="HS-3001", type=OptionType.CHECKBOX)
    assert (calibration.display_name, calibration.checkbox_price_adjuster) == ("Calibration certificate", "relative")
    assert calibration.checkbox_price_adjustment == Decimal(45)
    engraving = ProductOption.objects.get(product__sku="HS-3001", type=OptionType.MULTI_LINE_TEXT)
    assert (engraving.display_name, engraving.text_max_lines) == ("Engraving text", 2)
    boxes = ProductOption.objects.get(product__sku="HS-3109", type=OptionType.NUMBERS_ONLY_TEXT)
    assert boxes.required and boxes.number_limited == "range" and boxes.number_integers_only
    assert (boxes.number_lowest_value, boxes.number_highest_value) == (1, 50)
    upload = ProductOption.objects.get(product__sku="HS-6024", type=OptionType.FILE)
    assert upload.required and upload.file_types == "pdf" and upload.file_max_size == 3_000_000
    colours = OptionValue.objects.filter(option__product__sku="HS-3104", option__type=OptionType.SWATCH)
    assert [value.value_data["colors"] for value in colours] == [["#EFEBDD"], ["#F2C230"], ["#2F7FD1"]]
    racks = OptionValue.objects.filter(option__type=OptionType.PRODUCT_LIST_WITH_IMAGES, option__product__sku="HS-3104")
    assert racks.count() == 2
    for value in racks:
        rack = Product.objects.get(pk=value.value_data["product_id"])
        assert value.value_data["image_url"] == rack.image
        assert (value.price_adjuster, value.price_adjustment) == (PriceAdjuster.RELATIVE, rack.base_price)


def test_the_instruments_warranty_adds_an_amount_or_a_percentage(catalog):
    warranty = ProductOption.objects.get(product__sku="HS-4006", display_name="Warranty")
    assert warranty.type == OptionType.DROPDOWN and warranty.required
    assert [(v.label, v.is_default, v.price_adjuster, v.price_adjustment) for v in warranty.values.all()] == [
        ("1 year included", True, "", 0),
        ("3 years", False, "relative", 390),
        ("5 years", False, "percentage", 12),
    ]


def test_pack_sizes_are_variants_with_their_own_sku_price_and_stock(catalog):
    ethanol = Product.objects.get(sku="HS-1001")
    assert ethanol.inventory_tracking == InventoryTracking.VARIANT
    pack_size = ethanol.options.get(is_variant_option=True)
    assert (pack_size.display_name, pack_size.type) == ("Pack size", OptionType.DROPDOWN)
    variants = list(ethanol.variants.prefetch_related("option_values"))
    assert [variant.sku for variant in variants] == ["HS-1001-100ML", "HS-1001-500ML", "HS-1001-1L", "HS-1001-2.5L"]
    assert [[value.label for value in variant.option_values.all()] for variant in variants] == [
        ["100 mL"], ["500 mL"], ["1 L"], ["2.5 L"]
    ]  # fmt: skip
    assert [variant.price for variant in variants] == [Decimal("38"), Decimal("121.60"), Decimal("205.20"), 437]
    assert [variant.inventory_level for variant in variants] == [120, 60, 25, 8]
    assert ethanol.base_price == variants[0].price
    # A discontinued pack size.
    assert ProductVariant.objects.get(sku="HS-1007-2.5L").purchasing_disabled


def test_every_variant_has_a_unique_sku_and_one_value_of_each_variant_option(catalog):
    skus = list(ProductVariant.objects.values_list("sku", flat=True))
    assert len(skus) == len(set(skus))
    for product in Product.objects.prefetch_related("options", "variants__option_values__option"):
        variant_options = [option for option in product.options.all() if option.is_variant_option]
        variants = list(product.variants.all())
        if not variant_options:
            # A product without variant options has one base variant with its own catalog number.
            assert [(v.sku, v.price, v.option_values.count()) for v in variants] == [(product.sku, None, 0)]
            continue
        assert len(variants) == variant_options[0].values.count() >= 2, product.sku
        for variant in variants:
            assert variant.sku.startswith(f"{product.sku}-")
            assert [value.option for value in variant.option_values.all()] == variant_options


def test_quote_only_out_of_stock_and_low_stock_products(catalog):
    quote_only = Product.objects.filter(availability=Availability.DISABLED)
    assert quote_only.count() >= 5
    assert set(quote_only.values_list("purchasing_disabled_message", flat=True)) == {QUOTE_ONLY_MESSAGE}
    assert quote_only.filter(sku="HS-4004", categories__slug="lab-instruments").exists()
    assert not PriceListRecord.objects.filter(variant__product__availability=Availability.DISABLED).exists()
    out_of_stock = Product.objects.filter(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=0)
    assert {"HS-4020", "HS-5010"} <= set(out_of_stock.values_list("sku", flat=True))
    low_stock = Product.objects.filter(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=3)
    assert "HS-4008" in set(low_stock.values_list("sku", flat=True))
    sold_out_sizes = ProductVariant.objects.filter(
        product__inventory_tracking=InventoryTracking.VARIANT, inventory_level=0
    ).values_list("sku", flat=True)
    assert "HS-1006-1L" in set(sold_out_sizes)


def test_bulk_tiers_of_every_discount_type_store_wide_and_for_the_academic_price_list(catalog):
    store_wide = BulkPricingTier.objects.filter(price_list=None)
    assert set(store_wide.values_list("discount_type", flat=True)) == set(DiscountType.values)
    tips = [
        (tier.min_quantity, tier.max_quantity, tier.discount_type, tier.amount)
        for tier in store_wide.filter(product__sku="HS-3101")
    ]
    assert tips == [(5, 9, "price", 1), (10, 19, "percent", 5), (20, 0, "fixed", Decimal("8.50"))]
    ethanol = store_wide.filter(product__sku="HS-1001").values_list("min_quantity", "max_quantity", "amount")
    assert list(ethanol) == [(10, 49, 5), (50, 0, 10)]
    academic = BulkPricingTier.objects.filter(price_list__customer_group__name="Academic")
    assert academic.filter(product__sku="HS-3101", discount_type=DiscountType.FIXED).exists()
    assert academic.values("product").distinct().count() >= 5


def cas_number_is_valid(cas: str) -> bool:
    """The CAS check digit: the sum of the other digits times their position from the right, modulo 10."""
    if not re.fullmatch(r"\d{2,7}-\d{2}-\d", cas):
        return False
    digits = cas.replace("-", "")
    body, check = digits[:-1], int(digits[-1])
    return sum(int(digit) * position for position, digit in enumerate(reversed(body), start=1)) % 10 == check


def test_reagents_have_real_cas_numbers_and_synonyms(catalog):
    cas_numbers = list(Product.objects.exclude(cas_number="").values_list("cas_number", flat=True))
    assert len(cas_numbers) >= 50
    assert [cas for cas in cas_numbers if not cas_number_is_valid(cas)] == []
    ethanol = Product.objects.get(sku="HS-1001")
    assert (ethanol.cas_number, ethanol.synonyms.splitlines()[:2]) == ("64-17-5", ["Ethyl alcohol", "EtOH"])
    tris = Product.objects.get(cas_number="77-86-1")
    assert {"Trometamol", "THAM"} <= set(tris.synonyms.splitlines())
    assert "64175" in ethanol.search_text
    assert not Product.objects.filter(search_text="").exists()


@pytest.mark.parametrize(
    ("cas", "valid"),
    [("64-17-5", True), ("7647-14-5", True), ("10035-04-8", True), ("64-17-6", False), ("7647145", False), ("", False)],
)
def test_the_cas_check_digit_rule(cas, valid):
    assert cas_number_is_valid(cas) is valid


def test_three_customer_groups_each_with_a_price_list(catalog):
    assert set(CustomerGroup.objects.values_list("name", flat=True)) == {"Retail", "Academic", "Industry"}
    assert set(PriceList.objects.values_list("customer_group__name", flat=True)) == {"Retail", "Academic", "Industry"}
    groups = dict(Company.objects.values_list("name", "customer_group__name"))
    assert groups == {
        "Acme Labs": "Academic",
        "Globex Research": "Industry",
        "Pending Bio": "Academic",
        "Rejected Chem": "Academic",
        # Issue 40: the university's units have no group of their own and price with the university's.
        "Northfield University": "Academic",
        "Chemistry": None,
        "Organic Synthesis Lab": None,
        "Biology": None,
        "Molecular Genetics Lab": None,
    }
    assert User.objects.get(email="b2c@demo.test").customer_group.name == "Retail"
    assert not PriceListRecord.objects.filter(price_list__customer_group__name="Retail").exists()
    academic = PriceListRecord.objects.get(price_list__customer_group__name="Academic", variant__sku="HS-1001-100ML")
    industry = PriceListRecord.objects.get(price_list__customer_group__name="Industry", variant__sku="HS-1001-100ML")
    assert (academic.price, industry.price) == (Decimal("32.30"), Decimal("34.96"))  # 85% and 92% of $38
    assert PriceListRecord.objects.filter(price_list__customer_group__name="Academic").count() >= 200
    assert not PriceListRecord.objects.filter(
        price_list__customer_group__name="Academic", variant__product__categories__slug="lab-instruments"
    ).exists()


def test_a_second_run_creates_nothing_and_keeps_staff_edits(catalog):
    assert _counts() == catalog
    Product.objects.filter(sku="HS-1055").update(base_price=Decimal("19.99"), name="Sodium chloride (staff edit)")
    Company.objects.filter(name="Acme Labs").update(customer_group=CustomerGroup.objects.get(name="Industry"))
    PriceListRecord.objects.filter(variant__sku="HS-1055-100G").delete()
    _seed_demo()
    sodium_chloride = Product.objects.get(sku="HS-1055")
    assert (sodium_chloride.name, sodium_chloride.base_price) == ("Sodium chloride (staff edit)", Decimal("19.99"))
    assert Company.objects.get(name="Acme Labs").customer_group.name == "Industry"
    assert not PriceListRecord.objects.filter(variant__sku="HS-1055-100G").exists()


def test_seeding_takes_a_bounded_number_of_queries(django_assert_max_num_queries):
    # Bulk inserts: the query count does not grow with the catalog (200 products, 400+ variants, 600+ records).
    # The demo orders go through the real order and shipment services one order at a time (issue 17): their
    # queries grow with the number of demo orders, never with the catalog; so do the demo invoices (issue 20).
    # Northfield University's units (issue 40) are placed one at a time through the tree service too, and its users
    # (a unit's member each) with them; its approval rule and budgets (issue 41) are a few rows.
    invoices = len(DEMO_INVOICES) + len(DEMO_ERP_INVOICES)
    orders = ORDER_QUERIES_EACH * len(DEMO_ORDERS) + INVOICE_QUERIES_EACH * invoices
    members = sum(len(users) for _name, _parent, users in INSTITUTION)
    with django_assert_max_num_queries(400 + orders + UNIT_QUERIES_EACH * len(INSTITUTION) + 5 * members + 20):
        _seed_demo()
    Order.objects.all().delete()  # shipped lots are kept while a shipment names them (Lot.product is protected)
    Lot.objects.all().delete()
    Product.objects.all().delete()
    with django_assert_max_num_queries(80):
        assert seed_catalog() == len(catalog_items())
    with django_assert_max_num_queries(15):
        assert seed_catalog() == 0
