"""The catalog in Django admin: pages open, saving a product refreshes its search text, tiers are checked."""

from decimal import Decimal

import pytest
from django.urls import reverse

from pricing.models import BulkPricingTier, Product, ProductVariant
from pricing.selectors import product_search
from tests.factories.pricing import (
    CategoryFactory,
    OptionFactory,
    OptionValueFactory,
    PriceListRecordFactory,
    ProductFactory,
    VariantFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(store):
    product = ProductFactory(name="Ethanol, absolute", sku="HS-1042", cas_number="64-17-5")
    option = OptionFactory(product=product, display_name="Pack size", type="rectangles", is_variant_option=True)
    OptionValueFactory(option=option, label="500 mL")
    record = PriceListRecordFactory(variant=VariantFactory(product=product, sku="HS-1042-500"))
    CategoryFactory()
    return {"product": product, "option": option, "record": record}


@pytest.mark.parametrize("model", ["category", "product", "productoption", "productvariant", "pricelist"])
def test_every_catalog_page_opens(admin_client, catalog, model):
    assert admin_client.get(reverse(f"admin:pricing_{model}_changelist")).status_code == 200
    assert admin_client.get(reverse(f"admin:pricing_{model}_add")).status_code == 200


def test_the_change_pages_open(admin_client, catalog):
    pages = [
        reverse("admin:pricing_product_change", args=[catalog["product"].pk]),
        reverse("admin:pricing_productoption_change", args=[catalog["option"].pk]),
        reverse("admin:pricing_productvariant_change", args=[catalog["record"].variant_id]),
        reverse("admin:pricing_pricelist_change", args=[catalog["record"].price_list_id]),
    ]

    assert [admin_client.get(page).status_code for page in pages] == [200, 200, 200, 200]


def test_products_are_searched_by_name_sku_and_cas(admin_client, catalog):
    url = reverse("admin:pricing_product_changelist")

    for term in ("ethanol", "HS-1042", "64-17-5", "HS-1042-500"):
        assert "Ethanol, absolute" in admin_client.get(url, {"q": term}).content.decode()


def _inline_management(prefix: str, total: int = 0, initial: int = 0) -> dict:
    return {f"{prefix}-TOTAL_FORMS": str(total), f"{prefix}-INITIAL_FORMS": str(initial),
            f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "1000"}  # fmt: skip


def _product_form(**overrides) -> dict:
    data = {
        "name": "Acetonitrile, HPLC grade", "sku": "HS-5120", "slug": "acetonitrile-hplc", "brand": "Helix",
        "description": "Gradient grade.", "image": "", "is_visible": "on", "cas_number": "75-05-8",
        "synonyms": "Methyl cyanide\nMeCN", "base_price": "58.00", "tax_class": "", "availability": "available",
        "purchasing_disabled_message": "", "inventory_tracking": "none", "inventory_level": "0",
        **_inline_management("variants", 1), **_inline_management("options"), **_inline_management("bulk_tiers", 1),
        "variants-0-sku": "HS-5120-4L", "variants-0-price": "180.00", "variants-0-inventory_level": "3",
        "variants-0-image": "", "variants-0-sort_order": "0",
        "bulk_tiers-0-min_quantity": "10", "bulk_tiers-0-max_quantity": "0", "bulk_tiers-0-discount_type": "percent",
        "bulk_tiers-0-amount": "5", "bulk_tiers-0-price_list": "",
    }  # fmt: skip
    data.update(overrides)
    return data


def test_adding_a_product_with_variants_refreshes_its_search_text(admin_client, store):
    response = admin_client.post(reverse("admin:pricing_product_add"), _product_form())

    assert response.status_code == 302, response.content.decode()[:2000]
    product = Product.objects.get(sku="HS-5120")
    assert ProductVariant.objects.get(product=product).sku == "HS-5120-4L"
    assert BulkPricingTier.objects.get(product=product).amount == Decimal("5")
    for query in ("HS 5120 4L", "75058", "MeCN", "methyl cyanide"):
        assert [p.pk for p in product_search(query=query)] == [product.pk], query


def test_a_tier_whose_maximum_is_below_its_minimum_is_refused(admin_client, store):
    response = admin_client.post(
        reverse("admin:pricing_product_add"), _product_form(**{"bulk_tiers-0-max_quantity": "5"})
    )

    assert response.status_code == 200
    assert "Enter 0 (no upper bound) or a number not below the minimum." in response.content.decode()
    assert not Product.objects.filter(sku="HS-5120").exists()


def test_changing_a_variant_sku_on_its_own_page_refreshes_the_products_search_text(admin_client, catalog):
    variant = catalog["record"].variant
    url = reverse("admin:pricing_productvariant_change", args=[variant.pk])

    response = admin_client.post(
        url,
        {"product": catalog["product"].pk, "sku": "HS-1042-1L", "price": "", "image": "", "inventory_level": "0",
         "sort_order": "0", "option_values": []},
    )  # fmt: skip

    assert response.status_code == 302, response.content.decode()[:2000]
    assert [p.sku for p in product_search(query="hs10421l")] == ["HS-1042"]
    assert list(product_search(query="HS-1042-500")) == []


def test_the_refresh_action_rewrites_the_search_text(admin_client, catalog):
    Product.objects.update(search_text="")

    admin_client.post(
        reverse("admin:pricing_product_changelist"),
        {"action": "refresh_search_text", "_selected_action": [catalog["product"].pk]},
    )

    assert [p.sku for p in product_search(query="64175")] == ["HS-1042"]
