"""priceProducts over POST /graphql answers byte for byte as before issue 21's fast paths (portal.graphql.plain): the
variables coerced by `plain_variable_values` or by graphql-core, the answer projected by the compiled projector or
completed by the completers — for selections with aliases, fragments, __typename, @include/@skip and nulls, and for
bad variables of every kind, whose errors are graphql-core's own."""

import json
from contextlib import contextmanager
from decimal import Decimal
from unittest import mock

import pytest

from portal.graphql import caching, plain
from pricing.models import Availability, OptionType
from tests.pricing.factories import OptionFactory, OptionValueFactory, ProductFactory, TierFactory, VariantFactory

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
  again: priceProducts(currencyCode: "EUR", items: $items) { productId price { taxExclusive } options { value } }
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


@contextmanager
def as_before():
    """Variables coerced by graphql-core and plain data completed by the completers: the paths before the fast ones."""
    with (
        mock.patch.object(plain, "_plain_operation", lambda *_args: None),
        mock.patch.object(plain, "projector", lambda _shape: None),
    ):
        yield


def post(client, query: str, variables) -> tuple[int, bytes]:
    response = client.post(
        "/graphql", data=json.dumps({"query": query, "variables": variables}), content_type="application/json"
    )
    return response.status_code, response.content


def same_as_before(client, query: str, variables) -> dict:
    now = post(client, query, variables)
    with as_before():
        before = post(client, query, variables)
    assert now == before
    return json.loads(now[1])


def test_a_full_answer_is_the_same_as_before(catalog, client):
    body = same_as_before(client, FULL, {"currencyCode": "USD", "items": _items(catalog)})

    assert "errors" not in body
    answer = body["data"]["priceProducts"]
    assert [item["priceOnRequest"] for item in answer] == [False, False, False, False, True]
    assert answer[0]["appliedTier"] == {"minimum": 10}
    assert answer[4]["price"] is None and answer[4]["bulkPricing"] == []


@pytest.mark.parametrize(("with_tiers", "without_total"), [(True, False), (False, True)])
def test_aliases_fragments_typename_and_directives_answer_as_before(catalog, client, with_tiers, without_total):
    body = same_as_before(
        client, SHAPED, {"items": _items(catalog), "withTiers": with_tiers, "withoutTotal": without_total}
    )

    assert "errors" not in body
    first = body["data"]["first"][0]
    assert first["__typename"] == first["t"] == "PricedProduct"
    assert ("tiers" in first) is with_tiers
    assert ("lineTotal" in first) is not without_total


def test_the_fast_paths_answer_a_plain_request(catalog, client):
    caching.clear()  # the document's projector is otherwise kept from an earlier request of the same text
    calls = []
    coerce, project = plain.plain_variable_values, plain.projector

    def counted(name, function):
        def count(*args):
            result = function(*args)
            calls.append((name, result is not None))
            return result

        return count

    with (
        mock.patch.object(plain, "plain_variable_values", counted("variables", coerce)),
        mock.patch.object(plain, "projector", counted("projector", project)),
    ):
        status, _body = post(client, FULL, {"currencyCode": "USD", "items": _items(catalog)})

    assert status == 200
    assert calls == [("variables", True), ("projector", True)]

    calls.clear()
    with (
        mock.patch.object(plain, "plain_variable_values", counted("variables", coerce)),
        mock.patch.object(plain, "projector", counted("projector", project)),
    ):
        status, _body = post(client, FULL, {"currencyCode": "USD", "items": _items(catalog)})

    assert status == 200
    assert calls == [("variables", True)]  # the projector kept for the document's selection


BAD_ITEMS = [
    [{"productId": "x"}],  # a string for an Int
    [{"productId": "5"}],
    [{"productId": None}],  # null in a non-null field
    [{"productId": 2**31}],  # out of the Int range
    [{"productId": -(2**31) - 1}],
    [{"productId": 1.5}],
    [{"productId": True}],
    [{"productId": 1, "zzz": 1}],  # an unknown field
    [{"variantId": 1}],  # a required field missing
    [{"productId": 1, "quantity": None}],
    [{"productId": 1, "options": [{"value": "x"}]}],
    [{"productId": 1, "options": [{"optionId": "one"}]}],
    [None],  # null in a list of non-null
    "not a list",
    5,
    None,
]


@pytest.mark.parametrize("items", BAD_ITEMS)
def test_bad_variables_are_refused_as_before(catalog, client, items):
    body = same_as_before(client, FULL, {"currencyCode": "USD", "items": items})

    assert body["data"] is None
    assert body["errors"]


@pytest.mark.parametrize(
    "variables",
    [
        {"items": [{"productId": 1}]},  # $currencyCode missing
        {"currencyCode": None, "items": []},
        {"currencyCode": 5, "items": []},
        {"currencyCode": "USD", "items": [], "channelId": "1"},
        {"currencyCode": "USD"},
    ],
)
def test_other_bad_variables_are_refused_as_before(catalog, client, variables):
    body = same_as_before(client, FULL, variables)

    assert body["data"] is None
    assert body["errors"]


def test_values_graphql_core_accepts_otherwise_answer_as_before(catalog, client):
    simple, tiered = catalog["simple"].pk, catalog["tiered"].pk
    note = {"optionId": catalog["note"].pk, "value": "a note"}
    cases = [
        {"currencyCode": "USD", "items": {"productId": simple}},  # a single item for the list
        {"currencyCode": "USD", "items": [{"productId": simple, "quantity": 2.0}]},  # 2.0 for an Int
        {"currencyCode": "USD", "items": [{"productId": tiered, "options": note}]},  # a single option
    ]
    for variables in cases:
        body = same_as_before(client, FULL, variables)
        assert "errors" not in body, body


def test_text_postgresql_cannot_store_is_refused_as_before(catalog, client):
    items = [{"productId": catalog["tiered"].pk, "options": [{"optionId": catalog["note"].pk, "value": "a\x00b"}]}]

    body = same_as_before(client, FULL, {"currencyCode": "USD", "items": items})

    assert body["data"] is None
    assert body["errors"][0]["extensions"]["fields"] == {"items.0.options.0.value": [body["errors"][0]["message"]]}


def test_too_many_items_or_options_are_refused_as_before(catalog, client):
    simple = catalog["simple"].pk
    many_options = [{"optionId": catalog["grade"].pk, "value": "x"}] * 51

    too_many = [{"productId": simple}] * 501, [{"productId": simple, "options": many_options}]
    messages = ["Send at most 500 items at a time.", "Some fields are not valid."]
    for items, message in zip(too_many, messages, strict=True):
        body = same_as_before(client, FULL, {"currencyCode": "USD", "items": items})
        assert body["data"] is None
        assert body["errors"][0]["message"] == message
