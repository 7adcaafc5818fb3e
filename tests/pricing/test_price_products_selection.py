"""priceProducts' answer as the client receives it, for every shape of selection and for bad variables (issue 37: the
answer is built as instances of the schema's types and completed by strawberry and graphql-core, no executor of our
own): aliases, fragments, `__typename`, `@include`/`@skip`, the parts made only when selected (options, lineTotal),
quantity breaks shared by a product's items, and graphql-core's own errors for bad variables."""

import json
from decimal import Decimal

import pytest

from pricing.models import Availability, OptionType
from tests.factories.pricing import OptionFactory, OptionValueFactory, ProductFactory, TierFactory, VariantFactory

pytestmark = pytest.mark.django_db

FULL = """
query Price($currencyCode: String!, $items: [PriceItemInput!]!, $channelId: Int) {
  priceProducts(currencyCode: $currencyCode, items: $items, channelId: $channelId) {
    productId variantId quantity currencyCode options { optionId valueId value }
    price { asEntered enteredInclusive taxExclusive taxInclusive }
    basePrice { taxExclusive } lineTotal { taxExclusive taxInclusive }
    bulkPricing { minimum maximum discountType discountAmount } appliedTier { minimum }
    nextTier { additionalQuantity minimum price { taxExclusive taxInclusive } }
    taxRate showInclusive priceOnRequest
  }
}
"""
SHAPED = """
query Shaped($items: [PriceItemInput!]!, $withTiers: Boolean!, $withoutTotal: Boolean!) {
  first: priceProducts(currencyCode: "USD", items: $items) {
    __typename id: productId ...Amounts t: __typename
    tiers: bulkPricing @include(if: $withTiers) { ...Tier __typename }
    ... on PricedProduct @skip(if: $withoutTotal) { lineTotal { taxInclusive } }
    nextTier { ... { minimum } price { __typename taxExclusive } }
  }
  again: priceProducts(currencyCode: "USD", items: $items) { productId price { taxExclusive } options { value } }
}
fragment Amounts on PricedProduct { price { taxExclusive again: taxExclusive } basePrice { ...Price } }
fragment Price on ProductPrice { asEntered taxInclusive }
fragment Tier on BulkPricingTier { minimum discountAmount m: minimum }
"""


@pytest.fixture
def catalog(store):
    """A product with a variant, a modifier and two quantity breaks; a plain product; a price-on-request one."""
    tiered = ProductFactory(base_price=Decimal("100.00"))
    variant = VariantFactory(product=tiered, price=Decimal("90.00"))
    grade = OptionFactory(product=tiered, type=OptionType.DROPDOWN)
    acs = OptionValueFactory(option=grade, price_adjuster="relative", price_adjustment=Decimal("5"))
    note = OptionFactory(product=tiered, type=OptionType.TEXT, required=False)
    TierFactory(product=tiered, min_quantity=10, max_quantity=49, discount_type="percent", amount=Decimal("10"))
    TierFactory(product=tiered, min_quantity=50, max_quantity=0, discount_type="fixed", amount=Decimal("70"))
    simple = ProductFactory(base_price=Decimal("12.34"))
    on_request = ProductFactory(base_price=Decimal("2950.00"), availability=Availability.DISABLED)
    return {"tiered": tiered, "variant": variant, "grade": grade, "acs": acs, "note": note, "simple": simple,
            "on_request": on_request}  # fmt: skip


def _items(c) -> list[dict]:
    option = {"optionId": c["grade"].pk, "valueId": c["acs"].pk}
    return [
        {"productId": c["tiered"].pk, "variantId": c["variant"].pk, "quantity": 12, "options": [option]},
        {"productId": c["tiered"].pk, "variantId": c["variant"].pk, "quantity": 60},
        {"productId": c["tiered"].pk, "quantity": 1, "options": [{"optionId": c["note"].pk, "value": "free text"}]},
        {"productId": c["simple"].pk},
        {"productId": c["on_request"].pk, "variantId": None, "quantity": 3},
    ]


def post(client, query: str, variables) -> dict:
    response = client.post(
        "/graphql", data=json.dumps({"query": query, "variables": variables}), content_type="application/json"
    )
    assert response.status_code == 200
    return response.json()


def _price(amount: str, with_tax: str) -> dict:
    return {"asEntered": amount, "enteredInclusive": False, "taxExclusive": amount, "taxInclusive": with_tax}


TIERS = [
    {"minimum": 10, "maximum": 49, "discountType": "percent", "discountAmount": "10"},
    {"minimum": 50, "maximum": 0, "discountType": "fixed", "discountAmount": "70.00"},
]


def test_a_full_answer_gives_every_field_of_every_item(catalog, client):
    c = catalog
    body = post(client, FULL, {"currencyCode": "USD", "items": _items(c)})

    assert "errors" not in body
    first, sixty, noted, simple, on_request = body["data"]["priceProducts"]
    assert first == {
        "productId": c["tiered"].pk, "variantId": c["variant"].pk, "quantity": 12, "currencyCode": "USD",
        "options": [{"optionId": c["grade"].pk, "valueId": c["acs"].pk, "value": None}],
        "price": _price("85.50", "90.84"), "basePrice": {"taxExclusive": "95.00"},
        "lineTotal": {"taxExclusive": "1026.00", "taxInclusive": "1090.08"},
        "bulkPricing": TIERS, "appliedTier": {"minimum": 10},
        "nextTier": {"additionalQuantity": 38, "minimum": 50,
                     "price": {"taxExclusive": "70.00", "taxInclusive": "74.38"}},
        "taxRate": "6.25", "showInclusive": False, "priceOnRequest": False,
    }  # fmt: skip
    assert (sixty["price"], sixty["appliedTier"], sixty["nextTier"]) == (
        _price("70.00", "74.38"),
        {"minimum": 50},
        None,
    )
    assert sixty["bulkPricing"] == TIERS and sixty["options"] == []
    assert noted["options"] == [{"optionId": c["note"].pk, "valueId": None, "value": "free text"}]
    assert (simple["variantId"], simple["quantity"], simple["price"], simple["bulkPricing"]) == (
        None,
        1,
        _price("12.34", "13.11"),
        [],
    )
    assert on_request == {
        "productId": c["on_request"].pk, "variantId": None, "quantity": 3,
        "currencyCode": "USD", "options": [], "price": None, "basePrice": None, "lineTotal": None,
        "bulkPricing": [], "appliedTier": None, "nextTier": None, "taxRate": "6.25", "showInclusive": False,
        "priceOnRequest": True,
    }  # fmt: skip


@pytest.mark.parametrize(("with_tiers", "without_total"), [(True, False), (False, True)])
def test_aliases_fragments_typename_and_directives_shape_the_answer(catalog, client, with_tiers, without_total):
    body = post(client, SHAPED, {"items": _items(catalog), "withTiers": with_tiers, "withoutTotal": without_total})

    assert "errors" not in body
    first = body["data"]["first"][0]
    expected = {
        "__typename": "PricedProduct", "id": catalog["tiered"].pk,
        "price": {"taxExclusive": "85.50", "again": "85.50"},
        "basePrice": {"asEntered": "95.00", "taxInclusive": "100.94"}, "t": "PricedProduct",
    }  # fmt: skip
    if with_tiers:
        expected["tiers"] = [
            {"minimum": 10, "discountAmount": "10", "m": 10, "__typename": "BulkPricingTier"},
            {"minimum": 50, "discountAmount": "70.00", "m": 50, "__typename": "BulkPricingTier"},
        ]
    if not without_total:
        expected["lineTotal"] = {"taxInclusive": "1090.08"}
    expected["nextTier"] = {"minimum": 50, "price": {"__typename": "ProductPrice", "taxExclusive": "70.00"}}
    assert first == expected
    assert list(first) == list(expected)  # in the selection's order
    again = body["data"]["again"]
    assert [item["options"] for item in again] == [[{"value": None}], [], [{"value": "free text"}], [], []]
    assert again[4] == {"productId": catalog["on_request"].pk, "price": None, "options": []}


def test_fields_selected_through_fragments_and_directives_are_answered_and_the_others_left_out(catalog, client):
    document = """
    query($items: [PriceItemInput!]!, $no: Boolean!) {
      priceProducts(currencyCode: "USD", items: $items) {
        ...Chosen basePrice @include(if: $no) { taxExclusive }
        ... on PricedProduct @skip(if: $no) { nextTier { minimum } }
      }
    }
    fragment Chosen on PricedProduct { options { optionId } lineTotal @skip(if: $no) { taxInclusive } }
    """

    first = post(client, document, {"items": _items(catalog), "no": False})["data"]["priceProducts"][0]
    skipped = post(client, document, {"items": _items(catalog), "no": True})["data"]["priceProducts"][0]

    assert first == {
        "options": [{"optionId": catalog["grade"].pk}],
        "lineTotal": {"taxInclusive": "1090.08"},
        "nextTier": {"minimum": 50},
    }
    assert skipped == {"options": [{"optionId": catalog["grade"].pk}], "basePrice": {"taxExclusive": "95.00"}}


def test_items_of_one_product_answer_its_quantity_breaks_each(catalog, client):
    items = _items(catalog)[:2]  # two items of the tiered product: the engine gives them one tier list

    answer = post(client, SHAPED, {"items": items, "withTiers": True, "withoutTotal": True})["data"]["first"]

    assert answer[0]["tiers"] == answer[1]["tiers"]
    assert [tier["minimum"] for tier in answer[1]["tiers"]] == [10, 50]


INVALID = "Variable '$items' has invalid value"
BAD_ITEMS = [
    ([{"productId": "x"}], f"{INVALID} at [0].productId: Int cannot represent non-integer value: 'x'"),
    ([{"productId": None}], f"{INVALID} at [0].productId: Expected value of non-null type 'Int!' not to be None."),
    (
        [{"productId": 2**31}],
        f"{INVALID} at [0].productId: Int cannot represent non 32-bit signed integer value: 2147483648",
    ),
    (
        [{"productId": 1, "zzz": 1}],
        f"{INVALID} at [0]: Expected value of type 'PriceItemInput' not to include unknown field 'zzz', found: "
        "{'productId': 1, 'zzz': 1}.",
    ),
    (
        [{"variantId": 1}],
        f"{INVALID} at [0]: Expected value of type 'PriceItemInput' to include required field 'productId', found: "
        "{'variantId': 1}.",
    ),
    ([None], f"{INVALID} at [0]: Expected value of non-null type 'PriceItemInput!' not to be None."),
    (None, f"{INVALID}: Expected value of non-null type '[PriceItemInput!]!' not to be None."),
]


@pytest.mark.parametrize(("items", "message"), BAD_ITEMS)
def test_bad_variables_are_refused_with_graphql_cores_message(catalog, client, items, message):
    body = post(client, FULL, {"currencyCode": "USD", "items": items})

    assert body["data"] is None
    assert [error["message"] for error in body["errors"]] == [message]


def test_values_graphql_core_coerces_are_answered(catalog, client):
    simple, tiered = catalog["simple"].pk, catalog["tiered"].pk
    note = {"optionId": catalog["note"].pk, "value": "a note"}

    single = post(client, FULL, {"currencyCode": "USD", "items": {"productId": simple}})  # one item for the list
    whole = post(client, FULL, {"currencyCode": "USD", "items": [{"productId": simple, "quantity": 2.0}]})
    one_option = post(client, FULL, {"currencyCode": "USD", "items": [{"productId": tiered, "options": note}]})

    assert single["data"]["priceProducts"][0]["quantity"] == 1
    assert whole["data"]["priceProducts"][0]["quantity"] == 2
    assert one_option["data"]["priceProducts"][0]["options"] == [{**note, "valueId": None}]


def test_text_postgresql_cannot_store_is_refused(catalog, client):
    items = [{"productId": catalog["tiered"].pk, "options": [{"optionId": catalog["note"].pk, "value": "a\x00b"}]}]

    body = post(client, FULL, {"currencyCode": "USD", "items": items})

    assert body["data"] is None
    assert body["errors"][0]["extensions"]["fields"] == {"items.0.options.0.value": [body["errors"][0]["message"]]}


def test_too_many_items_or_options_are_refused(catalog, client):
    simple = catalog["simple"].pk
    many_options = [{"optionId": catalog["grade"].pk, "value": "x"}] * 51

    items_body = post(client, FULL, {"currencyCode": "USD", "items": [{"productId": simple}] * 501})
    options_body = post(
        client, FULL, {"currencyCode": "USD", "items": [{"productId": simple, "options": many_options}]}
    )

    assert items_body["data"] is None
    assert items_body["errors"][0]["message"] == "Send at most 500 items at a time."
    assert options_body["data"] is None
    assert options_body["errors"][0]["extensions"]["fields"] == {"items.0.options": ["Send at most 50 options."]}
