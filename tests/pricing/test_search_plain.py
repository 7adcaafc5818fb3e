"""productsSearch answered as plain data (issue 21) gives the answers the per-field resolvers gave.

`REFERENCE` is the completion before plain data: the strawberry_django types with a resolver per field and the
resolver of 3f31940 (pricing/graphql/types.py, queries.py), copied here under a schema of their own with the same
type names. Each test runs the same document, variables and caller through the portal's schema and the reference
and compares the answers as JSON text (field order included) and their errors (message, path, locations).
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest
import strawberry
import strawberry_django
from strawberry.scalars import JSON
from strawberry_django.optimizer import DjangoOptimizerExtension

from accounts.models import Company
from bench.loadkit.documents import overlay_document
from portal.actor import PortalActor
from portal.errors import InputError
from portal.models import StorefrontConfig
from pricing import calculation, models, selectors
from pricing.graphql.queries import MAX_PRODUCT_IDS, MAX_SEARCH_RESULTS
from pricing.graphql.types import PRICE_ON_REQUEST_DESCRIPTION, absolute_url, product_url
from pricing.models import Availability, DiscountType, InventoryTracking, OptionType, PriceList
from pricing.options import format_limit
from pricing.services import product_search_text_refresh_all
from tests.plain_reference import assert_same_answer as same_answer
from tests.pricing.factories import (
    CategoryFactory,
    OptionFactory,
    OptionValueFactory,
    PriceListRecordFactory,
    ProductFactory,
    TierFactory,
    VariantFactory,
)

pytestmark = pytest.mark.django_db

# --- the reference: the per-field completion of 3f31940 ------------------------------------------------------------


@strawberry.type(name="BcCalculatedPrice")
class RefBcCalculatedPrice:
    tax_inclusive: Decimal
    tax_exclusive: Decimal


@strawberry.type(name="VariantOptionValue")
class RefVariantOptionValue:
    id: int
    label: str
    option_id: int
    option_display_name: str

    @classmethod
    def of(cls, value: models.OptionValue) -> RefVariantOptionValue:
        return cls(
            id=value.pk, label=value.label, option_id=value.option_id, option_display_name=value.option.display_name
        )


@strawberry_django.type(models.OptionValue, name="ProductOptionValue")
class RefProductOptionValue:
    label: str
    sort_order: int
    is_default: bool
    value_data: JSON

    @strawberry_django.field
    def id(self) -> int:
        return self.pk


def _limit(value: Decimal | None) -> Decimal | None:
    return Decimal(format_limit(value)) if value is not None else None


@strawberry.type(name="ProductOptionConfig")
class RefProductOptionConfig:
    text_min_length: int | None
    text_max_length: int | None
    text_max_lines: int | None
    number_limited: bool
    number_limit_mode: str
    number_lowest_value: Decimal | None
    number_highest_value: Decimal | None
    number_integers_only: bool
    default_value: str
    checkbox_label: str
    checked_by_default: bool
    file_max_size: int | None
    file_types: list[str]


@strawberry_django.type(models.ProductOption, name="ProductOptionType")
class RefProductOptionType:
    type: str
    display_name: str
    required: bool
    is_variant_option: bool
    sort_order: int

    @strawberry_django.field
    def id(self) -> int:
        return self.pk

    @strawberry_django.field
    def config(self) -> RefProductOptionConfig:
        return RefProductOptionConfig(
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

    @strawberry_django.field
    def option_values(self) -> list[RefProductOptionValue]:
        return list(self.values.all())


@strawberry_django.type(models.ProductVariant, name="ProductSearchVariant")
class RefProductSearchVariant:
    sku: str
    inventory_level: int
    purchasing_disabled: bool

    @strawberry_django.field
    def variant_id(self) -> int:
        return self.pk

    @strawberry_django.field
    def product_id(self) -> int:
        return self.product_id

    @strawberry_django.field
    def image_url(self, info: strawberry.Info) -> str | None:
        return absolute_url(info, self.image or getattr(self, "_search_product_image", ""))

    @strawberry_django.field
    def calculated_price(self) -> Decimal | None:
        price = getattr(self, "_search_price", None)
        return price.calculated_price.tax_exclusive if price else None

    @strawberry_django.field
    def bc_calculated_price(self) -> RefBcCalculatedPrice | None:
        price = getattr(self, "_search_price", None)
        if price is None:
            return None
        return RefBcCalculatedPrice(
            tax_inclusive=price.calculated_price.tax_inclusive, tax_exclusive=price.calculated_price.tax_exclusive
        )

    @strawberry_django.field
    def option_values(self) -> list[RefVariantOptionValue]:
        return [RefVariantOptionValue.of(value) for value in self.option_values.all()]


@strawberry_django.type(models.Product, name="ProductSearchResult")
class RefProductSearchResult:
    name: str
    sku: str
    slug: str
    brand: str
    cas_number: str
    availability: str
    inventory_tracking: str
    inventory_level: int
    purchasing_disabled: bool

    @strawberry_django.field
    def id(self) -> int:
        return self.pk

    @strawberry_django.field
    def base_price(self) -> Decimal | None:
        return getattr(self, "_search_base_price", None)

    @strawberry_django.field(description=PRICE_ON_REQUEST_DESCRIPTION, only=["availability"])
    def price_on_request(self) -> bool:
        return self.price_on_request

    @strawberry_django.field
    def image_url(self, info: strawberry.Info) -> str | None:
        return absolute_url(info, self.image)

    @strawberry_django.field
    def product_url(self, info: strawberry.Info) -> str | None:
        return product_url(info, self)

    @strawberry_django.field
    def variants(self) -> list[RefProductSearchVariant]:
        variants = list(self.variants.all())
        for variant in variants:
            variant._search_product_image = self.image
        return variants

    @strawberry_django.field
    def options(self) -> list[RefProductOptionType]:
        return [option for option in self.options.all() if option.is_variant_option]

    @strawberry_django.field
    def modifiers(self) -> list[RefProductOptionType]:
        return [option for option in self.options.all() if not option.is_variant_option]

    @strawberry_django.field
    def all_options(self) -> list[RefProductOptionType]:
        return list(self.options.all())


def _ref_page_prices(products: list, *, actor: PortalActor, currency_code: str | None) -> None:
    pricing = calculation.store_pricing(currency_code=currency_code)
    if calculation.prices_hidden_for(actor):
        return
    products = [product for product in products if not product.price_on_request]
    variants = [variant for product in products for variant in product.variants.all()]
    results = calculation.price_items(
        items=[calculation.PriceRequestItem(product_id=v.product_id, variant_id=v.pk, quantity=1) for v in variants],
        customer_group_id=calculation.customer_group_for(actor),
        currency_code=currency_code,
        pricing=pricing,
    )
    for variant, result in zip(variants, results, strict=True):
        variant._search_price = result
    for product in products:
        product._search_base_price = pricing.convert(product.base_price)


@strawberry.type(name="Query")
class RefQuery:
    @strawberry.field
    def products_search(
        self,
        info: strawberry.Info,
        search: str | None = None,
        product_ids: list[int] | None = None,
        currency_code: str | None = None,
        company_id: int | None = None,
        customer_group_id: int | None = None,
        category_filter: str | None = None,
        first: int = 50,
        offset: int = 0,
    ) -> list[RefProductSearchResult]:
        if search is not None and len(search) > selectors.MAX_QUERY_LENGTH:
            raise InputError(fields={"search": [f"Enter at most {selectors.MAX_QUERY_LENGTH} characters."]})
        if product_ids is not None and len(product_ids) > MAX_PRODUCT_IDS:
            raise InputError(
                f"Send at most {MAX_PRODUCT_IDS} productIds at a time.",
                fields={"productIds": [f"Send at most {MAX_PRODUCT_IDS}."]},
            )
        if first < 0 or offset < 0:
            raise InputError(fields={"first" if first < 0 else "offset": ["Enter 0 or more."]})
        if first > MAX_SEARCH_RESULTS:
            message = f"Ask for at most {MAX_SEARCH_RESULTS} products at a time."
            raise InputError(message, fields={"first": [message]})
        actor = info.context.actor
        products = list(
            selectors.product_search(
                query=search or "",
                category_slug=category_filter or None,
                product_ids=product_ids,
                customer_group_id=calculation.customer_group_for(actor),
                limit=first,
                offset=offset,
            )
        )
        _ref_page_prices(products, actor=actor, currency_code=currency_code)
        return products


REFERENCE = strawberry.Schema(query=RefQuery, extensions=[DjangoOptimizerExtension])


# --- running a document both ways ---------------------------------------------------------------------------------


def _answer(result) -> str:
    # Messages, paths and locations: the reference is a plain strawberry schema, without the portal's error codes.
    errors = [
        {"message": error.message, "path": error.path, "locations": [tuple(loc) for loc in error.locations or []]}
        for error in result.errors or []
    ]
    return json.dumps({"data": result.data, "errors": errors}, ensure_ascii=False)


def assert_same_answer(
    document: str, variables: dict | None = None, token: str | None = None, *, refused: bool = False
) -> dict:
    """The portal's answer equals the reference's, as JSON text; returns the portal's data. Without errors unless
    `refused`: then with errors."""
    return same_answer(REFERENCE, document, variables, token, refused=refused, answer=_answer)


# --- the catalog and the callers ----------------------------------------------------------------------------------


@pytest.fixture
def catalog(ethanol, sodium_chloride, drum, balance):
    """The shared test products, and more shapes: a product without variants, a swatch product whose variants have
    their own images, a file option, number limits, quantity breaks from 1 (store-wide and the Academic group's),
    a hidden and a zero-priced product, and categories."""
    academic = Company.objects.get(name="Acme Labs").customer_group
    buffer = ProductFactory(
        name="Buffer solution pH 7", sku="BF-0007", slug="buffer-ph-7", base_price=Decimal("12.50"),
        image="https://cdn.test/buffer.png", brand="Helix", cas_number="", inventory_tracking=InventoryTracking.PRODUCT,
        inventory_level=17, purchasing_disabled=True,
    )  # fmt: skip
    indicator = ProductFactory(
        name="Ethanol indicator set", sku="IN-0100", slug="indicator-set", base_price=Decimal("9.99"),
        image="storefront/products/indicator.svg", availability=Availability.PREORDER,
    )  # fmt: skip
    colour = OptionFactory(
        product=indicator, type=OptionType.SWATCH, display_name="Colour", is_variant_option=True, required=True,
        sort_order=0,
    )  # fmt: skip
    red = OptionValueFactory(option=colour, label="Red", sort_order=0, value_data={"colors": ["#ff0000"]})
    blue = OptionValueFactory(option=colour, label="Blue", sort_order=0, value_data={"colors": ["#0000ff", "#fff"]})
    OptionFactory(
        product=indicator, type=OptionType.FILE, display_name="Specification", sort_order=2,
        file_types="pdf, csv ,,txt", file_max_size=1_000_000,
    )  # fmt: skip
    OptionFactory(
        product=indicator, type=OptionType.NUMBERS_ONLY_TEXT, display_name="Amount", sort_order=2,
        number_limited="lowest", number_lowest_value=Decimal("0.5000"), number_integers_only=True,
        default_value="1",
    )  # fmt: skip
    OptionFactory(
        product=indicator, type=OptionType.MULTI_LINE_TEXT, display_name="Notes", sort_order=1, text_min_length=2,
        text_max_length=500, text_max_lines=5,
    )  # fmt: skip
    OptionFactory(
        product=indicator, type=OptionType.CHECKBOX, display_name="Gift wrap", sort_order=3,
        checkbox_label="Wrap it", checked_by_default=True,
    )  # fmt: skip
    v_red = VariantFactory(product=indicator, sku="IN-0100-R", price=Decimal("10.49"), image="/media/red.png",
                           sort_order=1, inventory_level=3)  # fmt: skip
    v_red.option_values.add(red)
    v_blue = VariantFactory(product=indicator, sku="IN-0100-B", price=None, sort_order=0, purchasing_disabled=True)
    v_blue.option_values.add(blue)
    VariantFactory(product=indicator, sku="IN-0100-X", price=Decimal("11.00"), sort_order=1,
                   image="https://cdn.test/x.png")  # fmt: skip
    TierFactory(product=indicator, min_quantity=1, max_quantity=4, discount_type=DiscountType.PRICE, amount=Decimal(1))
    price_list, _ = PriceList.objects.get_or_create(customer_group=academic, defaults={"name": "Academic"})
    TierFactory(
        product=indicator, price_list=price_list, min_quantity=1, discount_type=DiscountType.PERCENT, amount=Decimal(20)
    )
    PriceListRecordFactory(price_list=price_list, variant=v_red, price=Decimal("8.00"))
    ProductFactory(name="Ethanol, hidden", sku="HS-9999", base_price=Decimal("5"), is_visible=False)
    free = ProductFactory(name="Ethanol sample", sku="HS-0000", base_price=Decimal("0"))
    VariantFactory(product=free, sku="HS-0000-1", price=Decimal("0"))
    solvents = CategoryFactory(name="Solvents", slug="solvents")
    alcohols = CategoryFactory(name="Alcohols", slug="alcohols", parent=solvents)
    ethanol.categories.add(alcohols)
    buffer.categories.add(solvents)
    product_search_text_refresh_all()
    return {"ethanol": ethanol, "indicator": indicator, "buffer": buffer, "drum": drum, "balance": balance}


@pytest.fixture
def callers(demo_store, graphql, login):
    """Bearer tokens by caller (None: a guest)."""
    tokens = {"guest": None}
    for name, email in [("b2b", "senior@acme.test"), ("b2c", "b2c@demo.test"), ("pending", "admin@pendingbio.test"),
                        ("other company", "admin@globex.test"), ("super admin", "superadmin@demo.test")]:  # fmt: skip
        tokens[name] = login(email)
    tokens["masquerading super admin"] = login("superadmin@demo.test")
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    body = graphql(begin, {"id": Company.objects.get(name="Acme Labs").pk}, token=tokens["masquerading super admin"])
    assert "errors" not in body, body
    return tokens


# --- documents ------------------------------------------------------------------------------------------------------

OVERLAY = overlay_document("PRODUCT_SEARCH")

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

SHAPED = """
query Shaped($search: String, $withVariants: Boolean!, $skipModifiers: Boolean!, $currency: String, $ids: [Int!],
             $first: Int) {
  __typename
  hits: productsSearch(search: $search, currencyCode: $currency, productIds: $ids, first: $first) {
    key: id
    ...Head
    ... on ProductSearchResult { price: basePrice onRequest: priceOnRequest __typename }
    variants @include(if: $withVariants) { ...Variant again: sku calculatedPrice }
    modifiers @skip(if: $skipModifiers) { ...Option }
    options { id same: id optionValues { __typename label } ... @include(if: $withVariants) { displayName } }
    name
  }
  again: productsSearch(search: "HS-1001", first: 1) { name variants { sku calculatedPrice } imageUrl @skip(if: true) }
}
fragment Head on ProductSearchResult { name sku slug imageUrl productUrl availability }
fragment Variant on ProductSearchVariant {
  variantId imageUrl bcCalculatedPrice { taxInclusive ... on BcCalculatedPrice { exclusive: taxExclusive } }
  optionValues { ... on VariantOptionValue { optionId optionDisplayName } id }
}
fragment Option on ProductOptionType {
  id type config { fileTypes numberLowestValue numberHighestValue textMaxLength fileMaxSize }
  optionValues { id valueData isDefault }
}
"""

SMALL = """
query Small($search: String, $productIds: [Int!], $currencyCode: String, $first: Int, $offset: Int) {
  productsSearch(search: $search, productIds: $productIds, currencyCode: $currencyCode, first: $first,
                 offset: $offset) { id name basePrice variants { calculatedPrice } }
}
"""

CALLERS = ["guest", "b2b", "b2c", "pending", "other company", "super admin", "masquerading super admin"]
SEARCHES = [
    {"search": "acid", "productIds": None, "first": 8},  # the start-up mix's (bench/loadkit/mix.py)
    {"search": "ethanol", "productIds": None, "first": 8},
    {"search": "HS", "productIds": None, "first": 50},
    {"search": None, "productIds": None, "first": 100},
    {"search": None, "productIds": None, "first": 3},
    {"search": "", "productIds": None, "first": 2},
    {"search": "64-17-5", "productIds": None, "first": 8},
]


@pytest.mark.parametrize("caller", CALLERS)
def test_the_overlays_search_answers_as_before_for_every_caller(catalog, callers, caller):
    for variables in SEARCHES:
        assert_same_answer(OVERLAY, variables, callers[caller])

    data = assert_same_answer(OVERLAY, {"search": "ethanol", "productIds": None, "first": 8}, callers[caller])
    assert len(data["productsSearch"]) == 3  # the shape under test is not an empty list


def test_the_overlays_search_by_ids_answers_as_before(catalog, callers):
    ids = [catalog[name].pk for name in ("drum", "indicator", "buffer", "balance")]
    for caller in ("guest", "b2b"):
        data = assert_same_answer(OVERLAY, {"search": None, "productIds": ids, "first": 8}, callers[caller])
        assert {product["id"] for product in data["productsSearch"]} == set(ids)


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize(
    "variables",
    [
        {"search": "ethanol"},
        {"search": "indicator", "currencyCode": "EUR"},
        {"search": None, "first": 30, "currencyCode": "eur"},
        {"search": None, "first": 3, "offset": 2},
        {"categoryFilter": "solvents"},
        {"categoryFilter": "no-such-category"},
        {"categoryFilter": "alcohols", "search": "ethanol"},
        {"search": "ethanol", "customerGroupId": 1, "companyId": 1},
        {"search": "HS-1152"},
        {"search": "nothing like it"},
        {"first": 0},
    ],
)
def test_every_field_answers_as_before(catalog, callers, caller, variables):
    assert_same_answer(EVERY_FIELD, variables, callers[caller])


@pytest.mark.parametrize("caller", ["guest", "b2b", "pending", "masquerading super admin"])
@pytest.mark.parametrize(
    "variables",
    [
        {"search": "ethanol", "withVariants": True, "skipModifiers": False},
        {"search": "indicator", "withVariants": False, "skipModifiers": True, "currency": "EUR"},
        {"search": None, "withVariants": True, "skipModifiers": True, "first": 4},
        {"ids": [], "withVariants": True, "skipModifiers": False},
    ],
)
def test_aliases_fragments_typename_and_directives_answer_as_before(catalog, callers, caller, variables):
    data = assert_same_answer(SHAPED, variables, callers[caller])
    assert data["__typename"] == "Query"


def test_prices_differ_by_caller_as_before(catalog, callers):
    variables = {"search": "indicator", "productIds": None, "first": 8}
    prices = {}
    for caller in ("guest", "b2b", "b2c", "masquerading super admin"):
        data = assert_same_answer(OVERLAY, variables, callers[caller])
        prices[caller] = [v["calculatedPrice"] for v in data["productsSearch"][0]["variants"]]

    # The blue one takes the product's base price; 1 off from 1 unit (store-wide), 20% off for the Academic group.
    assert prices["guest"] == prices["b2c"] == ["8.99", "9.49", "10.00"]
    assert prices["b2b"] == prices["masquerading super admin"] == ["7.99", "6.40", "8.80"]


def test_a_price_on_request_product_has_no_prices_as_before(catalog, callers):
    for caller in CALLERS:
        data = assert_same_answer(EVERY_FIELD, {"search": "HS-1152"}, callers[caller])
        product = data["productsSearch"][0]
        assert (product["priceOnRequest"], product["basePrice"]) == (True, None)
        assert [(v["calculatedPrice"], v["bcCalculatedPrice"]) for v in product["variants"]] == [(None, None)]


def test_hidden_prices_of_a_pending_company_answer_as_before(catalog, callers):
    StorefrontConfig.objects.filter(key=calculation.PRICES_HIDDEN_CONFIG_KEY).update(value="1")
    from portal.startup_cache import store_data_changed

    store_data_changed()

    data = assert_same_answer(EVERY_FIELD, {"search": "ethanol"}, callers["pending"])
    assert {product["basePrice"] for product in data["productsSearch"]} == {None}
    assert_same_answer(EVERY_FIELD, {"search": "ethanol"}, callers["b2b"])


@pytest.mark.parametrize(
    "variables",
    [
        {"search": "x" * 201},
        {"first": MAX_SEARCH_RESULTS + 1},
        {"first": -1},
        {"offset": -1},
        {"productIds": list(range(MAX_PRODUCT_IDS + 1))},
        {"search": "ethanol", "currencyCode": "XXX"},
        {"search": "ethanol", "currencyCode": "ÉUR"},
    ],
)
def test_refusals_answer_as_before(catalog, callers, variables):
    for caller in ("guest", "b2b"):
        assert_same_answer(SMALL, variables, callers[caller], refused=True)


def test_a_search_of_every_product_answers_as_before_with_many_variants(catalog, callers):
    for n in range(30):
        product = ProductFactory(name=f"Acid {n:02d}", sku=f"AC-{n:02d}", base_price=Decimal(n + 1))
        for v in range(3):
            VariantFactory(product=product, sku=f"AC-{n:02d}-{v}", price=Decimal(v) if v else None, sort_order=-v)
    product_search_text_refresh_all()

    for caller in ("guest", "b2b"):
        data = assert_same_answer(EVERY_FIELD, {"search": "acid", "first": 40}, callers[caller])
        assert len(data["productsSearch"]) == 30
