"""priceProducts through POST /graphql (business §3, §7): the shape, the caller's own group, hidden prices for
pending companies, bad input, and a constant number of queries."""

from decimal import Decimal

import pytest

from accounts.models import CompanyStatus
from accounts.services import b2b_token_issue
from portal.models import StorefrontConfig
from pricing.models import OptionType, ProductVariant
from tests.factories.accounts import CompanyFactory, MembershipFactory, UserFactory
from tests.factories.pricing import (
    OptionFactory,
    OptionValueFactory,
    PriceListRecordFactory,
    ProductFactory,
    TierFactory,
    VariantFactory,
)
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

PRICE_PRODUCTS = """
query Price($currencyCode: String!, $items: [PriceItemInput!]!, $customerGroupId: Int, $channelId: Int) {
  priceProducts(currencyCode: $currencyCode, items: $items, customerGroupId: $customerGroupId, channelId: $channelId) {
    productId variantId quantity currencyCode options { optionId valueId value }
    price { asEntered enteredInclusive taxExclusive taxInclusive }
    basePrice { taxExclusive }
    lineTotal { taxExclusive taxInclusive }
    bulkPricing { minimum maximum discountType discountAmount }
    appliedTier { minimum }
    nextTier { additionalQuantity minimum price { taxExclusive taxInclusive } }
    taxRate showInclusive
  }
}
"""


def token_for(user) -> str:
    return b2b_token_issue(user=user).raw


@pytest.fixture
def two_companies(store):
    """A variant at 100 with a record of 80 for Acme's group and 60 for Globex's, and a buyer in each company."""
    product = ProductFactory(base_price=Decimal("100.00"))
    variant = VariantFactory(product=product, price=None)
    acme_record = PriceListRecordFactory(variant=variant, price=Decimal("80.00"))
    globex_record = PriceListRecordFactory(variant=variant, price=Decimal("60.00"))
    acme = CompanyFactory(name="Acme", customer_group=acme_record.price_list.customer_group)
    globex = CompanyFactory(name="Globex", customer_group=globex_record.price_list.customer_group)
    return {
        "product": product,
        "variant": variant,
        "acme": acme,
        "globex": globex,
        "acme_buyer": MembershipFactory(company=acme).user,
        "globex_buyer": MembershipFactory(company=globex).user,
    }


def _item(product, variant=None, quantity=1, options=()):
    return {"productId": product.pk, "variantId": variant.pk if variant else None, "quantity": quantity,
            "options": list(options)}  # fmt: skip


def test_a_guest_gets_the_price_result_shape(store, graphql):
    product = ProductFactory(base_price=Decimal("100.00"))
    grade = OptionFactory(product=product, type=OptionType.DROPDOWN)
    acs = OptionValueFactory(option=grade, price_adjuster="relative", price_adjustment=Decimal("5"))
    TierFactory(product=product, min_quantity=10, max_quantity=0, discount_type="percent", amount=Decimal("10"))

    item = _item(product, quantity=4, options=[{"optionId": grade.pk, "valueId": acs.pk}])

    body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": [item]})

    assert "errors" not in body, body
    assert body["data"]["priceProducts"] == [
        {
            "productId": product.pk,
            "variantId": None,
            "quantity": 4,
            "currencyCode": "USD",
            "options": [{"optionId": grade.pk, "valueId": acs.pk, "value": None}],
            "price": {"asEntered": "105.00", "enteredInclusive": False, "taxExclusive": "105.00",
                      "taxInclusive": "111.56"},
            "basePrice": {"taxExclusive": "105.00"},
            "lineTotal": {"taxExclusive": "420.00", "taxInclusive": "446.24"},
            "bulkPricing": [{"minimum": 10, "maximum": 0, "discountType": "percent", "discountAmount": "10"}],
            "appliedTier": None,
            "nextTier": {"additionalQuantity": 6, "minimum": 10,
                         "price": {"taxExclusive": "94.50", "taxInclusive": "100.41"}},
            "taxRate": "6.25",
            "showInclusive": False,
        }
    ]  # fmt: skip


def test_a_buyer_gets_their_companys_group_price_even_when_naming_another_group(two_companies, graphql):
    c = two_companies
    globex_group = c["globex"].customer_group_id
    variables = {"currencyCode": "USD", "items": [_item(c["product"], c["variant"])], "customerGroupId": globex_group}

    acme = graphql(PRICE_PRODUCTS, variables, token=token_for(c["acme_buyer"]))
    globex = graphql(PRICE_PRODUCTS, variables, token=token_for(c["globex_buyer"]))
    guest = graphql(PRICE_PRODUCTS, variables)

    assert acme["data"]["priceProducts"][0]["price"]["taxExclusive"] == "80.00"
    assert globex["data"]["priceProducts"][0]["price"]["taxExclusive"] == "60.00"
    assert guest["data"]["priceProducts"][0]["price"]["taxExclusive"] == "100.00"
    assert "60.00" not in str(acme) and "60.00" not in str(guest)


def test_an_individual_prices_with_their_own_group(two_companies, graphql):
    c = two_companies
    individual = UserFactory(customer_group_id=c["globex"].customer_group_id)

    body = graphql(PRICE_PRODUCTS, {"currencyCode": "EUR", "items": [_item(c["product"], c["variant"])]},
                   token=token_for(individual))  # fmt: skip

    assert body["data"]["priceProducts"][0]["price"]["taxExclusive"] == "55.20"  # 60 × 0.92


def _hide_prices_from_pending(value: str = "1") -> None:
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value=value)


def test_a_pending_company_gets_prices_hidden_when_the_store_hides_them(two_companies, graphql):
    _hide_prices_from_pending()
    pending = MembershipFactory(company=CompanyFactory(status=CompanyStatus.PENDING)).user
    variables = {"currencyCode": "USD", "items": [_item(two_companies["product"])]}

    body = graphql(PRICE_PRODUCTS, variables, token=token_for(pending))

    assert body["data"] is None
    assert error_code(body) == "PRICES_HIDDEN"
    assert body["errors"][0]["message"] == (
        "Your account is pending approval. Products, pricing and ordering will be enabled after approval"
    )
    assert "priceProducts" in str(body["errors"][0]["path"])
    # The approved company's buyer still gets prices; with the switch off the pending one does too.
    assert "errors" not in graphql(PRICE_PRODUCTS, variables, token=token_for(two_companies["acme_buyer"]))
    _hide_prices_from_pending("0")
    assert "errors" not in graphql(PRICE_PRODUCTS, variables, token=token_for(pending))


@pytest.mark.parametrize(("quantity", "code"), [(0, "VALIDATION_ERROR"), (-1, "VALIDATION_ERROR"),
                                                 (1_000_001, "VALIDATION_ERROR"), (2.5, "BAD_USER_INPUT"),
                                                 ("7", "BAD_USER_INPUT"), (2**31, "BAD_USER_INPUT")])  # fmt: skip
def test_bad_quantities_are_clean_input_errors(store, graphql, quantity, code):
    product = ProductFactory()
    item = {**_item(product), "quantity": quantity}

    body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": [item]})

    assert body["data"] is None
    assert error_code(body) == code
    if code == "VALIDATION_ERROR":
        assert body["errors"][0]["extensions"]["fields"] == {
            "items.0.quantity": ["Enter a whole number from 1 to 1,000,000."]
        }


def test_an_unknown_product_or_variant_is_a_validation_error(store, graphql):
    product = ProductFactory()
    foreign = VariantFactory()

    items = [_item(product), {"productId": 123456}, _item(product, foreign)]

    body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": items})

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {
        "items.1.productId": ["Product 123456 does not exist."],
        "items.2.variantId": [f"Variant {foreign.pk} does not belong to product {product.pk}."],
    }


def test_more_than_500_items_are_refused(store, graphql, django_assert_num_queries):
    product = ProductFactory()

    with django_assert_num_queries(0):
        body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": [_item(product)] * 501})

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {"items": ["Send at most 500."]}


def test_an_unknown_currency_or_channel_is_refused(store, graphql):
    product = ProductFactory()

    currency = graphql(PRICE_PRODUCTS, {"currencyCode": "GBP", "items": [_item(product)]})
    channel = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": [_item(product)], "channelId": 99})

    assert (error_code(currency), currency["errors"][0]["extensions"]["fields"]) == (
        "VALIDATION_ERROR", {"currencyCode": ["Unknown currency."]},
    )  # fmt: skip
    assert error_code(channel) == "NOT_FOUND"


def test_a_missing_items_argument_is_a_bad_user_input(store, graphql):
    body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD"})

    assert error_code(body) == "BAD_USER_INPUT"


@pytest.mark.parametrize("count", [10, 500])
def test_pricing_takes_the_same_queries_for_10_and_500_items(two_companies, graphql, django_assert_num_queries, count):
    c = two_companies
    product = c["product"]
    ProductVariant.objects.bulk_create(ProductVariant(product=product, sku=f"EXTRA-{n}") for n in range(count))
    grade = OptionFactory(product=product, type=OptionType.DROPDOWN)
    acs = OptionValueFactory(option=grade, price_adjuster="percentage", price_adjustment=Decimal("10"))
    TierFactory(product=product, min_quantity=2, discount_type="price", amount=Decimal("1"))
    variants = list(product.variants.order_by("pk"))[:count]
    items = [_item(product, v, 2, [{"optionId": grade.pk, "valueId": acs.pk}]) for v in variants]
    token = token_for(c["acme_buyer"])

    # the token with its user, company and the role's permissions, the channels (cached after this:
    # portal.selectors.channel_get), then the four of the engine (three of them the store pricing's, cached after
    # this: pricing.calculation.store_pricing; products, their tiers and the options in one round trip)
    with django_assert_num_queries(6):
        body = graphql(PRICE_PRODUCTS, {"currencyCode": "USD", "items": items}, token=token)

    assert len(body["data"]["priceProducts"]) == count
    assert body["data"]["priceProducts"][0]["price"]["taxExclusive"] == "87.00"  # 80 + 10% − 1
