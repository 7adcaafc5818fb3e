"""productsSearch, variantSku and productPurchasable through POST /graphql (business §3, §7)."""

from decimal import Decimal

import pytest

from accounts.models import CompanyStatus
from accounts.services import b2b_token_issue
from portal.models import StorefrontConfig
from pricing.models import InventoryTracking, OptionType, Product, ProductOption, ProductVariant
from pricing.services import product_search_text_refresh_all
from tests.factories.accounts import CompanyFactory, MembershipFactory
from tests.factories.pricing import (
    OptionFactory,
    OptionValueFactory,
    PriceListRecordFactory,
    ProductFactory,
    VariantFactory,
)
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

PRODUCTS_SEARCH = """
query Search($search: String, $productIds: [Int!], $currencyCode: String, $customerGroupId: Int, $companyId: Int,
             $categoryFilter: String, $first: Int, $offset: Int) {
  productsSearch(search: $search, productIds: $productIds, currencyCode: $currencyCode,
                 customerGroupId: $customerGroupId, companyId: $companyId, categoryFilter: $categoryFilter,
                 first: $first, offset: $offset) {
    id name sku basePrice casNumber availability inventoryTracking inventoryLevel imageUrl productUrl
    variants { variantId productId sku imageUrl calculatedPrice bcCalculatedPrice { taxInclusive taxExclusive }
               inventoryLevel purchasingDisabled optionValues { id label optionId optionDisplayName } }
    options { id displayName optionValues { id label } }
    modifiers { id type displayName required
                config { textMaxLength numberLimited numberLowestValue numberHighestValue fileTypes }
                optionValues { id label isDefault valueData } }
    allOptions { id }
  }
}
"""


def token_for(user) -> str:
    return b2b_token_issue(user=user).raw


@pytest.fixture
def ethanol(store):
    product = ProductFactory(name="Ethanol, absolute", sku="HS-1042", slug="ethanol-absolute", cas_number="64-17-5",
                             base_price=Decimal("40.00"), image="storefront/products/ethanol.svg",
                             inventory_tracking=InventoryTracking.VARIANT)  # fmt: skip
    size = OptionFactory(product=product, type=OptionType.RECTANGLES, display_name="Pack size", is_variant_option=True,
                         sort_order=1)  # fmt: skip
    small = OptionValueFactory(option=size, label="500 mL", sort_order=1)
    large = OptionValueFactory(option=size, label="2.5 L", sort_order=2)
    volume = OptionFactory(product=product, type=OptionType.NUMBERS_ONLY_TEXT, display_name="Volume (mL)",
                           number_limited="range", number_lowest_value=Decimal("10.0000"),
                           number_highest_value=Decimal("250.5000"), sort_order=3)  # fmt: skip
    coa = OptionFactory(product=product, type=OptionType.TEXT, display_name="PO reference", text_max_length=20,
                        sort_order=2)  # fmt: skip
    v_small = VariantFactory(product=product, sku="HS-1042-500", price=None, inventory_level=12)
    v_small.option_values.add(small)
    v_large = VariantFactory(
        product=product, sku="HS-1042-2500", price=Decimal("150.00"), image="https://cdn.test/l.png"
    )
    v_large.option_values.add(large)
    product_search_text_refresh_all()
    return {"product": product, "size": size, "small": small, "large": large, "coa": coa, "volume": volume,
            "v_small": v_small, "v_large": v_large}  # fmt: skip


def test_a_guest_searches_by_catalog_number_and_gets_the_result_shape(ethanol, graphql):
    e = ethanol

    body = graphql(PRODUCTS_SEARCH, {"search": "hs 1042 500"})

    assert "errors" not in body, body
    assert body["data"]["productsSearch"] == [
        {
            "id": e["product"].pk,
            "name": "Ethanol, absolute",
            "sku": "HS-1042",
            "basePrice": "40.00",
            "casNumber": "64-17-5",
            "availability": "available",
            "inventoryTracking": "variant",
            "inventoryLevel": 0,
            "imageUrl": "http://testserver/static/storefront/products/ethanol.svg",
            "productUrl": "http://testserver/products/ethanol-absolute/",
            "variants": [
                {"variantId": e["v_small"].pk, "productId": e["product"].pk, "sku": "HS-1042-500",
                 "imageUrl": "http://testserver/static/storefront/products/ethanol.svg", "calculatedPrice": "40.00",
                 "bcCalculatedPrice": {"taxInclusive": "42.50", "taxExclusive": "40.00"}, "inventoryLevel": 12,
                 "purchasingDisabled": False,
                 "optionValues": [{"id": e["small"].pk, "label": "500 mL", "optionId": e["size"].pk,
                                   "optionDisplayName": "Pack size"}]},
                {"variantId": e["v_large"].pk, "productId": e["product"].pk, "sku": "HS-1042-2500",
                 "imageUrl": "https://cdn.test/l.png", "calculatedPrice": "150.00",
                 "bcCalculatedPrice": {"taxInclusive": "159.38", "taxExclusive": "150.00"}, "inventoryLevel": 0,
                 "purchasingDisabled": False,
                 "optionValues": [{"id": e["large"].pk, "label": "2.5 L", "optionId": e["size"].pk,
                                   "optionDisplayName": "Pack size"}]},
            ],
            "options": [{"id": e["size"].pk, "displayName": "Pack size",
                         "optionValues": [{"id": e["small"].pk, "label": "500 mL"},
                                          {"id": e["large"].pk, "label": "2.5 L"}]}],
            "modifiers": [{"id": e["coa"].pk, "type": "text", "displayName": "PO reference", "required": False,
                           "config": {"textMaxLength": 20, "numberLimited": False, "numberLowestValue": None,
                                      "numberHighestValue": None, "fileTypes": []},
                           "optionValues": []},
                          {"id": e["volume"].pk, "type": "numbers_only_text", "displayName": "Volume (mL)",
                           "required": False,
                           "config": {"textMaxLength": None, "numberLimited": True, "numberLowestValue": "10",
                                      "numberHighestValue": "250.5", "fileTypes": []},
                           "optionValues": []}],
            "allOptions": [{"id": e["size"].pk}, {"id": e["coa"].pk}, {"id": e["volume"].pk}],
        }
    ]  # fmt: skip


@pytest.mark.parametrize("search", ["64-17-5", "64175", "HS-1042-2500", "ethanol"])
def test_chemistry_aware_search_over_the_api(ethanol, graphql, search):
    body = graphql(PRODUCTS_SEARCH, {"search": search})

    assert [p["sku"] for p in body["data"]["productsSearch"]] == ["HS-1042"]


def test_prices_convert_to_the_requested_currency(ethanol, graphql):
    body = graphql(PRODUCTS_SEARCH, {"search": "ethanol", "currencyCode": "EUR"})

    product = body["data"]["productsSearch"][0]
    assert product["basePrice"] == "36.80"
    assert [v["calculatedPrice"] for v in product["variants"]] == ["36.80", "138.00"]


def test_a_buyer_sees_their_groups_prices_whatever_group_or_company_they_name(ethanol, graphql):
    mine = PriceListRecordFactory(variant=ethanol["v_small"], price=Decimal("30.00"))
    theirs = PriceListRecordFactory(variant=ethanol["v_small"], price=Decimal("10.00"))
    buyer = MembershipFactory(company=CompanyFactory(customer_group=mine.price_list.customer_group)).user
    other_company = CompanyFactory(customer_group=theirs.price_list.customer_group)
    variables = {"search": "ethanol", "customerGroupId": theirs.price_list.customer_group_id,
                 "companyId": other_company.pk}  # fmt: skip

    as_buyer = graphql(PRODUCTS_SEARCH, variables, token=token_for(buyer))
    as_guest = graphql(PRODUCTS_SEARCH, variables)

    def prices(body):
        variants = body["data"]["productsSearch"][0]["variants"]
        return [(v["calculatedPrice"], v["bcCalculatedPrice"]["taxInclusive"]) for v in variants]

    assert prices(as_buyer) == [("30.00", "31.88"), ("150.00", "159.38")]
    assert prices(as_guest) == [("40.00", "42.50"), ("150.00", "159.38")]


def test_prices_are_null_for_a_pending_company_when_the_store_hides_them(ethanol, graphql):
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    pending = MembershipFactory(company=CompanyFactory(status=CompanyStatus.PENDING)).user

    body = graphql(PRODUCTS_SEARCH, {"search": "ethanol"}, token=token_for(pending))

    product = body["data"]["productsSearch"][0]
    assert product["basePrice"] is None
    assert [(v["calculatedPrice"], v["bcCalculatedPrice"]) for v in product["variants"]] == [(None, None)] * 2


def test_zero_priced_products_are_left_out(ethanol, graphql):
    free = ProductFactory(name="Ethanol sample", base_price=Decimal("0"))
    VariantFactory(product=free, price=Decimal("0"))
    product_search_text_refresh_all()

    body = graphql(PRODUCTS_SEARCH, {"search": "ethanol"})

    assert [p["name"] for p in body["data"]["productsSearch"]] == ["Ethanol, absolute"]


def test_first_is_at_most_100_and_pages_follow_offset(store, graphql):
    Product.objects.bulk_create(
        Product(name=f"Buffer {n:03d}", sku=f"BUF-{n:03d}", slug=f"buffer-{n}", base_price=Decimal("1"))
        for n in range(105)
    )

    full = graphql(PRODUCTS_SEARCH, {"first": 100})
    refused = graphql(PRODUCTS_SEARCH, {"first": 101})  # issue 12: refused, never silently cut to 100
    page = graphql(PRODUCTS_SEARCH, {"first": 2, "offset": 103})

    assert len(full["data"]["productsSearch"]) == 100
    assert error_code(refused) == "VALIDATION_ERROR"
    assert refused["errors"][0]["extensions"]["fields"] == {"first": ["Ask for at most 100 products at a time."]}
    assert [p["name"] for p in page["data"]["productsSearch"]] == ["Buffer 103", "Buffer 104"]


@pytest.mark.parametrize(
    ("variables", "field"),
    [({"search": "x" * 201}, "search"), ({"productIds": list(range(501))}, "productIds"), ({"first": -1}, "first"),
     ({"offset": -5}, "offset"), ({"currencyCode": "XYZ"}, "currencyCode")],
)  # fmt: skip
def test_bad_search_input_is_a_validation_error(store, graphql, variables, field):
    body = graphql(PRODUCTS_SEARCH, variables)

    assert error_code(body) == "VALIDATION_ERROR"
    assert list(body["errors"][0]["extensions"]["fields"]) == [field]


def _catalog_page(count: int) -> None:
    """`count` products of three variants each, with a variant option and a modifier with values."""
    products = Product.objects.bulk_create(
        Product(name=f"Reagent {n:03d}", sku=f"RG-{n:03d}", slug=f"reagent-{n}", base_price=Decimal("5"))
        for n in range(count)
    )
    ProductVariant.objects.bulk_create(
        ProductVariant(product=p, sku=f"{p.sku}-{v}", price=Decimal(v + 1)) for p in products for v in range(3)
    )
    ProductOption.objects.bulk_create(
        ProductOption(product=p, type=OptionType.DROPDOWN, display_name="Grade") for p in products
    )
    for option in ProductOption.objects.all():
        OptionValueFactory(option=option, label="ACS")
    for variant in ProductVariant.objects.all():
        variant.option_values.add(OptionValueFactory(option__product_id=variant.product_id, label=variant.sku))
    product_search_text_refresh_all()


@pytest.mark.parametrize(
    ("count", "first", "queries"),
    # a page larger than what is found: the best rank is read to its end, then the next one (issue 38: a rank is
    # read only while the page is not full)
    [(5, 100, 12), (50, 100, 12),
     # a page the best rank fills, of 12 or 60 found
     (12, 8, 10), (60, 8, 10)],
)  # fmt: skip
def test_a_page_of_results_takes_the_same_queries_whatever_the_number_of_products(
    store, graphql, django_assert_num_queries, count, first, queries
):
    _catalog_page(count)
    buyer = MembershipFactory(company=CompanyFactory(customer_group=PriceListRecordFactory().price_list.customer_group))
    token = token_for(buyer.user)

    # token with the role's permissions; the best rank's size (counted up to SEARCH_SORT_CAP), its candidates in name
    # order, those of them priced for the group (with their columns), the next rank's size and candidates when the
    # page is not full; variants with their option
    # values, options with their values; currency, tax zone, rates; products with their variants and group records,
    # and their tiers (engine, one round trip)
    with django_assert_num_queries(queries):
        body = graphql(PRODUCTS_SEARCH, {"search": "reagent", "first": first}, token=token)

    assert len(body["data"]["productsSearch"]) == min(count, first)
    assert len(body["data"]["productsSearch"][0]["variants"]) == 3


# --- variantSku ---

VARIANT_SKU = """
query Skus($skus: [String!]!, $currencyCode: String) {
  variantSku(variantSkus: $skus, currencyCode: $currencyCode) {
    productId variantId variantSku baseSku productName productUrl imageUrl availability inventoryTracking
    inventoryLevel purchasingDisabled isStock calculatedPrice { taxExclusive taxInclusive }
    optionValues { label optionDisplayName }
  }
}
"""


def test_variant_sku_returns_known_skus_in_order(ethanol, graphql):
    body = graphql(VARIANT_SKU, {"skus": ["hs-1042-2500", "UNKNOWN", "HS-1042-500"], "currencyCode": "EUR"})

    assert "errors" not in body, body
    assert [(v["variantSku"], v["inventoryLevel"], v["isStock"], v["calculatedPrice"]["taxExclusive"])
            for v in body["data"]["variantSku"]] == [("HS-1042-2500", 0, False, "138.00"),
                                                     ("HS-1042-500", 12, True, "36.80")]  # fmt: skip
    first = body["data"]["variantSku"][0]
    assert (first["baseSku"], first["productName"], first["optionValues"]) == (
        "HS-1042", "Ethanol, absolute", [{"label": "2.5 L", "optionDisplayName": "Pack size"}],
    )  # fmt: skip


def test_variant_sku_hides_prices_from_a_pending_company_and_caps_the_list(ethanol, graphql):
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    pending = MembershipFactory(company=CompanyFactory(status=CompanyStatus.PENDING)).user

    hidden = graphql(VARIANT_SKU, {"skus": ["HS-1042-500"]}, token=token_for(pending))
    too_many = graphql(VARIANT_SKU, {"skus": ["x"] * 101})

    assert hidden["data"]["variantSku"][0]["calculatedPrice"] is None
    assert (error_code(too_many), too_many["errors"][0]["extensions"]["fields"]) == (
        "VALIDATION_ERROR", {"variantSkus": ["Send at most 100."]},
    )  # fmt: skip


# --- productPurchasable ---

PURCHASABLE = """
query P($productId: Int!, $sku: String) {
  productPurchasable(productId: $productId, sku: $sku) {
    availability inventoryLevel inventoryTracking purchasingDisabled
  }
}
"""


def test_product_purchasable_reports_the_product_or_its_variant(ethanol, graphql):
    ethanol["v_large"].purchasing_disabled = True
    ethanol["v_large"].save()
    product_id = ethanol["product"].pk

    whole = graphql(PURCHASABLE, {"productId": product_id})
    small = graphql(PURCHASABLE, {"productId": product_id, "sku": "hs-1042-500"})
    large = graphql(PURCHASABLE, {"productId": product_id, "sku": "HS-1042-2500"})

    assert whole["data"]["productPurchasable"] == {
        "availability": "available", "inventoryLevel": 12, "inventoryTracking": "variant", "purchasingDisabled": False,
    }  # fmt: skip
    assert small["data"]["productPurchasable"]["inventoryLevel"] == 12
    assert large["data"]["productPurchasable"] == {
        "availability": "available", "inventoryLevel": 0, "inventoryTracking": "variant", "purchasingDisabled": True,
    }  # fmt: skip


def test_product_purchasable_of_an_unknown_or_hidden_product_or_sku_is_not_found(ethanol, graphql):
    hidden = ProductFactory(is_visible=False)

    for variables in ({"productId": 999999}, {"productId": hidden.pk},
                      {"productId": ethanol["product"].pk, "sku": "OTHER"}):  # fmt: skip
        assert error_code(graphql(PURCHASABLE, variables)) == "NOT_FOUND"
