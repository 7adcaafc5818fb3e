"""The stock check and the quote-button rule (business §4), and taking ordered stock."""

import pytest
from django.core.exceptions import ValidationError

from pricing.models import Availability, InventoryTracking, Product, ProductVariant
from pricing.options import quote_button_visible, stock_check, stock_problem
from pricing.services import stock_consume
from tests.factories.pricing import ProductFactory, VariantFactory

pytestmark = pytest.mark.django_db


def test_an_available_untracked_product_passes_in_any_quantity():
    product = ProductFactory(inventory_tracking=InventoryTracking.NONE, inventory_level=0)

    assert stock_problem(product, None, 1_000_000) is None


def test_a_disabled_product_is_not_available():
    product = ProductFactory(availability=Availability.DISABLED)

    problem = stock_problem(product, None, 1)

    assert problem == "This product is not available for purchase."
    assert problem.code == "not_available"


def test_purchasing_disabled_uses_the_products_own_message_when_it_has_one():
    product = ProductFactory(purchasing_disabled=True, purchasing_disabled_message="Call us for hazardous goods.")

    assert stock_problem(product, None, 1) == "Call us for hazardous goods."


def test_a_variant_with_purchasing_disabled_is_not_available():
    variant = VariantFactory(purchasing_disabled=True)

    assert stock_problem(variant.product, variant, 1).code == "not_available"
    assert stock_problem(variant.product, None, 1) is None


def test_product_tracking_limits_the_quantity_to_the_products_stock():
    product = ProductFactory(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=1200)

    assert stock_problem(product, None, 1200) is None
    problem = stock_problem(product, None, 1201)
    assert problem == "Only 1,200 in stock."
    assert (problem.code, problem.in_stock) == ("insufficient_stock", 1200)


def test_variant_tracking_limits_the_quantity_to_the_variants_stock():
    variant = VariantFactory(product__inventory_tracking=InventoryTracking.VARIANT, product__inventory_level=0,
                             inventory_level=3)  # fmt: skip

    assert stock_problem(variant.product, variant, 3) is None
    assert stock_problem(variant.product, variant, 4) == "Only 3 in stock."


def test_no_stock_is_out_of_stock():
    product = ProductFactory(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=0)

    problem = stock_problem(product, None, 1)

    assert (problem, problem.code) == ("This product is out of stock.", "out_of_stock")


def test_stock_check_raises_with_the_code():
    product = ProductFactory(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=0)

    with pytest.raises(ValidationError) as raised:
        stock_check(product, None, 1)

    assert (raised.value.messages, raised.value.code) == (["This product is out of stock."], "out_of_stock")


# --- quote button (business §4) ---


@pytest.mark.parametrize(
    ("availability", "purchasing_disabled", "tracking", "stock", "quantity", "visible"),
    [
        (Availability.AVAILABLE, False, InventoryTracking.NONE, 0, 5, True),
        (Availability.AVAILABLE, False, InventoryTracking.PRODUCT, 5, 5, True),
        (Availability.AVAILABLE, False, InventoryTracking.PRODUCT, 5, 6, False),
        (Availability.AVAILABLE, True, InventoryTracking.NONE, 0, 1, False),
        (Availability.DISABLED, False, InventoryTracking.NONE, 0, 1, False),
        (Availability.PREORDER, False, InventoryTracking.NONE, 0, 1, False),
    ],
)
def test_the_quote_button_shows_only_on_purchasable_products_in_stock(
    availability, purchasing_disabled, tracking, stock, quantity, visible
):
    product = ProductFactory(availability=availability, purchasing_disabled=purchasing_disabled,
                             inventory_tracking=tracking, inventory_level=stock)  # fmt: skip

    assert quote_button_visible(product, None, quantity, non_purchasable_quote_enabled=False) is visible


def test_the_non_purchasable_switch_shows_the_quote_button_anyway():
    product = ProductFactory(availability=Availability.DISABLED, inventory_tracking=InventoryTracking.PRODUCT,
                             inventory_level=0)  # fmt: skip

    assert quote_button_visible(product, None, 10, non_purchasable_quote_enabled=True) is True


def test_the_quote_button_follows_the_variants_stock_and_purchasing():
    variant = VariantFactory(product__inventory_tracking=InventoryTracking.VARIANT, inventory_level=2)
    blocked = VariantFactory(product=variant.product, purchasing_disabled=True, inventory_level=100)

    assert quote_button_visible(variant.product, variant, 2, non_purchasable_quote_enabled=False) is True
    assert quote_button_visible(variant.product, variant, 3, non_purchasable_quote_enabled=False) is False
    assert quote_button_visible(variant.product, blocked, 1, non_purchasable_quote_enabled=False) is False


# --- taking stock ---


def test_stock_consume_takes_tracked_stock_and_leaves_untracked_alone():
    tracked = ProductFactory(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=10)
    untracked = ProductFactory(inventory_tracking=InventoryTracking.NONE, inventory_level=4)
    variant = VariantFactory(product__inventory_tracking=InventoryTracking.VARIANT, inventory_level=7)

    stock_consume(lines=[(tracked.pk, None, 3), (tracked.pk, None, 2), (untracked.pk, None, 9),
                         (variant.product_id, variant.pk, 7)])  # fmt: skip

    assert Product.objects.get(pk=tracked.pk).inventory_level == 5
    assert Product.objects.get(pk=untracked.pk).inventory_level == 4
    assert ProductVariant.objects.get(pk=variant.pk).inventory_level == 0


def test_stock_consume_refuses_short_stock_and_changes_nothing():
    tracked = ProductFactory(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=10)
    variant = VariantFactory(product__inventory_tracking=InventoryTracking.VARIANT, inventory_level=1)

    with pytest.raises(ValidationError) as raised:
        stock_consume(lines=[(tracked.pk, None, 3), (variant.product_id, variant.pk, 2)])

    assert (raised.value.messages, raised.value.code) == (["Only 1 in stock."], "insufficient_stock")
    assert Product.objects.get(pk=tracked.pk).inventory_level == 10
    assert ProductVariant.objects.get(pk=variant.pk).inventory_level == 1
