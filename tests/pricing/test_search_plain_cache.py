"""A productsSearch answer is cached (pricing/search_cache.py, issue 21; per customer group since issue 38), and
every change of what it shows is seen on the next request: each write — through the models' signals or the services
that send none — leaves the guest's next answer equal to one computed afresh, and different from the one before it."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal

import pytest
from django.core.cache import cache

from accounts.models import Company
from portal.models import Currency, StorefrontConfig, TaxClassRate
from pricing.models import InventoryTracking, OptionType, Product, ProductVariant
from pricing.services import (
    product_search_text_refresh,
    product_search_text_refresh_all,
    stock_consume,
    stock_restore,
)
from tests.factories.pricing import (
    CategoryFactory,
    OptionFactory,
    OptionValueFactory,
    ProductFactory,
    TierFactory,
    VariantFactory,
)

pytestmark = pytest.mark.django_db

# Every field of productsSearch (the store cache tests read it too: tests/portal/test_store_cache_clear.py).
EVERY_FIELD = """
query Every($search: String, $productIds: [Int!], $currencyCode: String, $customerGroupId: Int, $companyId: Int,
            $categoryFilter: String, $first: Int, $offset: Int) {
  productsSearch(search: $search, productIds: $productIds, currencyCode: $currencyCode,
                 customerGroupId: $customerGroupId, companyId: $companyId, categoryFilter: $categoryFilter,
                 first: $first, offset: $offset) {
    __typename name sku slug brand casNumber availability inventoryTracking inventoryLevel purchasingDisabled id
    basePrice priceOnRequest imageUrl productUrl
    variants { __typename sku inventoryLevel purchasingDisabled variantId productId imageUrl calculatedPrice
               bcCalculatedPrice { __typename taxInclusive taxExclusive }
               optionValues { __typename id label optionId optionDisplayName } }
    options { ...Option }
    modifiers { ...Option }
    allOptions { ...Option }
  }
}
fragment Option on ProductOptionType {
  __typename type displayName required isVariantOption sortOrder id
  config { __typename textMinLength textMaxLength textMaxLines numberLimited numberLimitMode numberLowestValue
           numberHighestValue numberIntegersOnly defaultValue checkboxLabel checkedByDefault fileMaxSize fileTypes }
  optionValues { __typename label sortOrder isDefault valueData id }
}
"""


@pytest.fixture
def shop(ethanol, demo_store):
    """Ethanol (HS-1001, stock per variant, a checkbox option, tiers) and a buffer with its stock per product, in a
    category under another."""
    buffer = ProductFactory(
        name="Ethanol buffer", sku="BF-0001", slug="ethanol-buffer", base_price=Decimal("12.50"),
        inventory_tracking=InventoryTracking.PRODUCT, inventory_level=40, image="storefront/products/buffer.svg",
    )  # fmt: skip
    VariantFactory(product=buffer, sku="BF-0001-1", price=None)
    solvents = CategoryFactory(name="Solvents", slug="solvents")
    alcohols = CategoryFactory(name="Alcohols", slug="alcohols")
    ethanol.categories.add(alcohols)
    buffer.categories.add(solvents)
    product_search_text_refresh_all()
    return {"ethanol": ethanol, "buffer": buffer, "solvents": solvents, "alcohols": alcohols}


def _guest(graphql, variables: dict) -> list[dict]:
    body = graphql(EVERY_FIELD, variables)
    assert "errors" not in body, body
    return body["data"]["productsSearch"]


def _first_variant(product: Product) -> ProductVariant:
    return product.variants.order_by("sort_order", "pk").first()


def _rename(shop):
    shop["ethanol"].name = "Ethanol, absolute, new label"
    shop["ethanol"].save()


def _reprice(shop):
    shop["ethanol"].base_price = Decimal("39.00")
    shop["ethanol"].save()


def _price_on_request(shop):
    shop["buffer"].availability = "disabled"
    shop["buffer"].save()


def _hide(shop):
    shop["buffer"].is_visible = False
    shop["buffer"].save()


def _delete_product(shop):
    shop["buffer"].delete()


def _variant_price(shop):
    variant = _first_variant(shop["ethanol"])
    variant.price = Decimal("37.00")
    variant.save()


def _variant_image(shop):
    variant = _first_variant(shop["ethanol"])
    variant.image = "https://cdn.test/100ml.png"
    variant.save()


def _variant_added(shop):
    VariantFactory(product=shop["buffer"], sku="BF-0001-2", price=Decimal("20"))


def _variant_deleted(shop):
    _first_variant(shop["ethanol"]).delete()


def _stock_taken_per_variant(shop):
    stock_consume(lines=[(shop["ethanol"].pk, _first_variant(shop["ethanol"]).pk, 5)])


def _stock_taken_per_product(shop):
    stock_consume(lines=[(shop["buffer"].pk, None, 3)])


def _stock_put_back(shop):
    stock_restore(lines=[(shop["ethanol"].pk, _first_variant(shop["ethanol"]).pk, 2), (shop["buffer"].pk, None, 1)])


def _option_added(shop):
    OptionFactory(product=shop["buffer"], type=OptionType.TEXT, display_name="Lot", text_max_length=12)


def _option_changed(shop):
    option = shop["ethanol"].options.get(display_name="Pack size")
    option.display_name = "Bottle"
    option.save()


def _option_deleted(shop):
    shop["ethanol"].options.get(type=OptionType.CHECKBOX).delete()


def _value_added(shop):
    OptionValueFactory(option=shop["ethanol"].options.get(display_name="Pack size"), label="10 L", sort_order=9)


def _value_changed(shop):
    value = shop["ethanol"].options.get(display_name="Pack size").values.get(label="1 L")
    value.label = "1 litre"
    value.save()


def _value_deleted(shop):
    shop["ethanol"].options.get(type=OptionType.CHECKBOX).values.get(label="Yes").delete()


def _variant_value_removed(shop):
    _first_variant(shop["ethanol"]).option_values.clear()


def _variant_value_added(shop):
    value = shop["ethanol"].options.get(display_name="Pack size").values.get(label="2.5 L")
    _first_variant(shop["ethanol"]).option_values.add(value)


def _tier_added(shop):
    TierFactory(product=shop["buffer"], min_quantity=1, discount_type="price", amount=Decimal("2.50"))


def _tier_changed(shop):
    tier = shop["ethanol"].bulk_tiers.get(min_quantity=10)
    tier.min_quantity = 1
    tier.save()


def _synonym_by_update(shop):
    Product.objects.filter(pk=shop["buffer"].pk).update(synonyms="Phosphate saline")
    product_search_text_refresh(Product.objects.get(pk=shop["buffer"].pk))


def _sku_by_update_refreshed_all(shop):
    ProductVariant.objects.filter(product=shop["buffer"]).update(sku="PBS-77")
    product_search_text_refresh_all()


def _category_added(shop):
    shop["buffer"].categories.add(shop["alcohols"])


def _category_removed(shop):
    shop["ethanol"].categories.remove(shop["alcohols"])


def _category_moved(shop):
    shop["alcohols"].parent = shop["solvents"]
    shop["alcohols"].save()


def _exchange_rate(shop):
    euro = Currency.objects.get(code="EUR")
    euro.exchange_rate = Decimal("0.95")
    euro.save()


def _tax_rate(shop):
    for rate in TaxClassRate.objects.all():
        rate.rate = Decimal("7.000")
        rate.save()


SEARCH = {"search": "ethanol"}
CHANGES: dict[str, tuple[Callable, dict]] = {
    "product renamed": (_rename, SEARCH),
    "product repriced": (_reprice, SEARCH),
    "product on request": (_price_on_request, SEARCH),
    "product hidden": (_hide, SEARCH),
    "product deleted": (_delete_product, SEARCH),
    "variant repriced": (_variant_price, SEARCH),
    "variant image": (_variant_image, SEARCH),
    "variant added": (_variant_added, SEARCH),
    "variant deleted": (_variant_deleted, SEARCH),
    "stock taken (per variant)": (_stock_taken_per_variant, SEARCH),
    "stock taken (per product)": (_stock_taken_per_product, SEARCH),
    "stock put back": (_stock_put_back, SEARCH),
    "option added": (_option_added, SEARCH),
    "option changed": (_option_changed, SEARCH),
    "option deleted": (_option_deleted, SEARCH),
    "option value added": (_value_added, SEARCH),
    "option value changed": (_value_changed, SEARCH),
    "option value deleted": (_value_deleted, SEARCH),
    "variant's option values cleared": (_variant_value_removed, SEARCH),
    "variant's option value added": (_variant_value_added, SEARCH),
    "quantity break added": (_tier_added, SEARCH),
    "quantity break changed": (_tier_changed, SEARCH),
    "search text of one product": (_synonym_by_update, {"search": "phosphate"}),
    "search text of all products": (_sku_by_update_refreshed_all, {"search": "PBS-77"}),
    "category added": (_category_added, {"categoryFilter": "alcohols"}),
    "category removed": (_category_removed, {"categoryFilter": "alcohols"}),
    "category moved": (_category_moved, {"categoryFilter": "solvents"}),
    "exchange rate": (_exchange_rate, {**SEARCH, "currencyCode": "EUR"}),
    "tax rate": (_tax_rate, SEARCH),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_change_is_seen_on_the_next_guest_search(shop, graphql, change):
    apply, variables = CHANGES[change]
    before = _guest(graphql, variables)
    assert _guest(graphql, variables) == before  # served from the cache

    apply(shop)
    after = _guest(graphql, variables)

    assert after != before
    cache.clear()
    assert _guest(graphql, variables) == after  # what the database says now


def test_a_guests_second_search_takes_no_query_and_other_arguments_are_other_entries(
    shop, graphql, django_assert_num_queries
):
    first = _guest(graphql, SEARCH)

    with django_assert_num_queries(0):
        again = _guest(graphql, SEARCH)
    in_euros = _guest(graphql, {**SEARCH, "currencyCode": "EUR"})
    page_two = _guest(graphql, {**SEARCH, "first": 1, "offset": 1})

    assert again == first
    assert in_euros != first and page_two == first[1:2]


def test_signed_in_callers_share_their_groups_answer_and_no_other(shop, graphql, login, django_assert_num_queries):
    """Issue 38: a buyer's search is cached per customer group and hidden prices — every buyer of the group shares
    it, a guest, another group and a pending company with prices hidden each get their own."""
    guest = _guest(graphql, SEARCH)
    senior, admin = login("senior@acme.test"), login("admin@acme.test")  # Acme's group pays 85%
    graphql(EVERY_FIELD, SEARCH, token=senior)

    # The token with the role's permissions: the answer is the group's, cached by the first buyer's search.
    with django_assert_num_queries(1):
        body = graphql(EVERY_FIELD, SEARCH, token=admin)

    def first_price(products: list[dict]) -> str | None:
        return next(p for p in products if p["sku"] == "HS-1001")["variants"][0]["calculatedPrice"]

    assert (first_price(guest), first_price(body["data"]["productsSearch"])) == ("38.00", "32.30")
    assert _guest(graphql, SEARCH) == guest

    acme = Company.objects.get(name="Acme Labs")
    acme.customer_group = None
    acme.save()  # moved out of its group: the guests' prices on its next search
    assert first_price(graphql(EVERY_FIELD, SEARCH, token=senior)["data"]["productsSearch"]) == "38.00"

    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    pending = graphql(EVERY_FIELD, SEARCH, token=login("admin@pendingbio.test"))["data"]["productsSearch"]
    assert first_price(pending) is None
    assert first_price(_guest(graphql, SEARCH)) == "38.00"


def test_the_cached_answer_takes_each_requests_own_host_for_its_urls(shop, client):
    def search(host: str) -> dict:
        response = client.post(
            "/graphql",
            data={"query": EVERY_FIELD, "variables": {"search": "buffer"}},
            content_type="application/json",
            HTTP_HOST=host,
        )
        product = response.json()["data"]["productsSearch"][0]
        return {"imageUrl": product["imageUrl"], "productUrl": product["productUrl"]}

    assert search("testserver") == {
        "imageUrl": "http://testserver/static/storefront/products/buffer.svg",
        "productUrl": "http://testserver/products/ethanol-buffer/",
    }
    assert search("localhost") == {
        "imageUrl": "http://localhost/static/storefront/products/buffer.svg",
        "productUrl": "http://localhost/products/ethanol-buffer/",
    }


def test_a_variant_changed_in_admin_is_seen_at_once(shop, graphql, client):
    before = _guest(graphql, SEARCH)
    variant = _first_variant(shop["ethanol"])
    client.login(username="staff@demo.test", password="Demo1234")

    response = client.post(
        f"/admin/pricing/productvariant/{variant.pk}/change/",
        {
            "product": str(shop["ethanol"].pk),
            "sku": "HS-1001-0.1L",
            "option_values": [str(value.pk) for value in variant.option_values.all()],
            "price": "36.50",
            "image": "",
            "inventory_level": "99",
            "sort_order": str(variant.sort_order),
        },
    )

    assert response.status_code == 302, response.content.decode()[:2000]
    after = _guest(graphql, SEARCH)
    ethanol = next(p for p in after if p["sku"] == "HS-1001")
    assert ethanol["variants"][0]["sku"] == "HS-1001-0.1L"
    assert (ethanol["variants"][0]["calculatedPrice"], ethanol["variants"][0]["inventoryLevel"]) == ("36.50", 99)
    assert after != before
    assert [p["sku"] for p in _guest(graphql, {"search": "HS-1001-0.1L"})] == ["HS-1001"]  # its new search text


def test_a_change_is_seen_again_after_its_transaction_commits(shop, graphql, django_capture_on_commit_callbacks):
    buffer = shop["buffer"]
    with django_capture_on_commit_callbacks(execute=False) as commit:
        stock_consume(lines=[(buffer.pk, None, 3)])
    # Before the commit, a concurrent request still reads the old stock, and caches it under the new generation…
    Product.objects.filter(pk=buffer.pk).update(inventory_level=40)
    assert next(p for p in _guest(graphql, SEARCH) if p["sku"] == "BF-0001")["inventoryLevel"] == 40
    # …which the commit (the change visible, the generation replaced again) leaves behind.
    Product.objects.filter(pk=buffer.pk).update(inventory_level=37)
    for callback in commit:
        callback()
    assert next(p for p in _guest(graphql, SEARCH) if p["sku"] == "BF-0001")["inventoryLevel"] == 37
