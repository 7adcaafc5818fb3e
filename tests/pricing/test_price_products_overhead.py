"""priceProducts' work around the engine (issue 21): the items' defaults named in the compiled input coercer instead of
made by a call per item, the answer's dicts made by one function per request, and a quantity-break list shared by a
product's items projected once. Each answers as graphql-core, strawberry and the completers answer."""

from decimal import Decimal

import pytest
from graphql import parse

from portal.graphql import plain
from portal.graphql.plain import plain_variable_values
from portal.schema import schema
from pricing.graphql.queries import _Parts, _pricer
from pricing.graphql.types import PriceItemInput, PriceOptionInput
from tests.plain_reference import request_context
from tests.pricing.test_price_products_plain import _items, as_before, catalog, same_as_before  # noqa: F401

pytestmark = pytest.mark.django_db

PRICE = """
query Price($items: [PriceItemInput!]!) {
  priceProducts(currencyCode: "USD", items: $items) {
    productId quantity options { optionId valueId value } price { taxExclusive }
    bulkPricing { minimum discountAmount } tiers: bulkPricing { maximum }
  }
}
"""


def _coerced_items(items: list) -> list | None:
    definitions = parse(PRICE).definitions[0].variable_definitions
    coerced = plain_variable_values(schema._schema, definitions, {"items": items})
    return None if coerced is None else coerced.coerced["items"]


def test_missing_fields_take_the_schema_s_defaults_and_each_item_its_own_option_list():
    items = _coerced_items([{"productId": 1}, {"productId": 2}, {"productId": 3, "options": [{"optionId": 4}]}])

    first, second, third = items
    assert (first.variant_id, first.quantity, first.options) == (None, 1, [])
    assert first.options is not second.options  # a list of its own: the resolver's callers may change it
    assert [type(item) for item in items] == [PriceItemInput] * 3
    assert [(type(o), o.option_id, o.value_id, o.value) for o in third.options] == [(PriceOptionInput, 4, None, None)]


def test_an_option_sent_alone_for_its_list_is_left_to_graphql_core_and_answered_as_before(catalog, client):  # noqa: F811
    option = {"optionId": catalog["grade"].pk, "valueId": catalog["acs"].pk}
    items = [{"productId": catalog["tiered"].pk, "variantId": catalog["variant"].pk, "options": option}]

    body = same_as_before(client, PRICE, {"items": items})

    assert _coerced_items(items) is None  # not plainly valid: graphql-core makes it a list of one
    assert body["data"]["priceProducts"][0]["options"] == [{**option, "value": None}]


def test_items_of_one_product_share_its_projected_quantity_breaks(catalog):  # noqa: F811
    items = _items(catalog)[:2]  # two items of the tiered product

    result = schema.execute_sync(PRICE, variable_values={"items": items}, context_value=request_context(None))
    with as_before():
        before = schema.execute_sync(PRICE, variable_values={"items": items}, context_value=request_context(None))

    assert result.errors is None, result.errors
    assert result.data == before.data
    first, second = result.data["priceProducts"]
    assert [tier["minimum"] for tier in first["bulkPricing"]] == [10, 50]
    assert first["bulkPricing"] is second["bulkPricing"] and first["tiers"] is second["tiers"]


def test_the_answer_of_an_item_makes_options_only_when_they_are_selected():
    class Price:
        as_entered = tax_exclusive = tax_inclusive = Decimal("1.00")
        entered_inclusive = False

    class Result:
        product_id, variant_id, quantity, currency_code = 1, None, 2, "USD"
        price_on_request, show_inclusive, tax_rate = False, False, Decimal("0")
        calculated_price = base_price = Price()
        bulk_pricing, applied_tier, next_tier = [], None, None

    item = PriceItemInput(product_id=1, options=[PriceOptionInput(option_id=3, value_id=4)])
    unselected = _pricer(_Parts(False, False, False, False, False))(Result(), item)
    selected = _pricer(_Parts(True, True, False, False, True))(Result(), item)

    assert unselected["options"] is None and unselected["basePrice"] is None  # never read: not selected
    assert selected["options"] == [{"optionId": 3, "valueId": 4, "value": None}]
    assert selected["price"] is selected["basePrice"]  # one Price object, one dict
    assert (selected["bulkPricing"], selected["nextTier"]) == ([], None)


def test_a_list_met_again_in_an_item_is_projected_once_and_a_bad_one_left_to_the_completers():
    tier = ("object", False, "Tier", (("minimum", "minimum", ("leaf", False, plain.GraphQLInt)),))
    item = ("object", False, "Item", (("tiers", "tiers", ("list", True, tier)),))
    project = plain.projector(("list", False, item))
    shared = [{"minimum": 10}]

    answer = project([{"tiers": shared}, {"tiers": shared}, {"tiers": [{"minimum": 10}]}, {"tiers": None}])

    assert answer == [{"tiers": [{"minimum": 10}]}] * 3 + [{"tiers": None}]
    assert answer[0]["tiers"] is answer[1]["tiers"] and answer[2]["tiers"] is not answer[0]["tiers"]
    with pytest.raises(plain._NotPlain):
        project([{"tiers": shared}, {"tiers": ({"minimum": 10},)}])  # not a list: the completers answer


def test_fields_selected_through_fragments_and_directives_are_made_and_the_others_not(catalog, client):  # noqa: F811
    document = """
    query($items: [PriceItemInput!]!, $no: Boolean!) {
      priceProducts(currencyCode: "USD", items: $items) {
        ...Chosen basePrice @include(if: $no) { taxExclusive }
        ... on PricedProduct @skip(if: $no) { nextTier { minimum } }
      }
    }
    fragment Chosen on PricedProduct { options { optionId } lineTotal @skip(if: $no) { taxInclusive } }
    """

    body = same_as_before(client, document, {"items": _items(catalog), "no": False})

    first = body["data"]["priceProducts"][0]
    assert list(first) == ["options", "lineTotal", "nextTier"]
    assert first["options"] == [{"optionId": catalog["grade"].pk}]
