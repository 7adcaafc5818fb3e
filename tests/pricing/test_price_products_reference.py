"""priceProducts answers as the resolver of 0b665da answered (issue 21's later fast paths): the items built into
`PriceItemInput`s while their variable is coerced (no second walk by strawberry's input building), the engine's
request items made without their frozen `__init__`, and the answer's dicts made only for the fields the operation
selects, each Price, tier and tier list once.

`REFERENCE` is that resolver, copied here under a schema of its own (the same types, the portal's executor and
extensions). Each test runs the same document, variables and caller through both and compares the answers as JSON
text: the data, field order, and every error's message, path, locations and code.
"""

from __future__ import annotations

from contextlib import contextmanager
from decimal import Decimal
from typing import Annotated, Any
from unittest import mock

import pytest
import strawberry
from graphql import parse

from accounts.models import CompanyStatus
from accounts.services import b2b_token_issue
from portal.errors import InputError, PortalError
from portal.graphql import plain
from portal.graphql.plain import Later, PlainData, plain_variable_values
from portal.models import StorefrontConfig
from portal.schema import schema
from portal.selectors import DEFAULT_CHANNEL_ID, channel_get
from pricing import calculation
from pricing.errors import PRICES_HIDDEN_MESSAGE, PricingErrorCode
from pricing.graphql import queries
from pricing.graphql.queries import MAX_ITEM_OPTIONS, MAX_PRICE_ITEMS, _bounded
from pricing.graphql.types import PricedProduct, PriceItemInput, PriceOptionInput
from pricing.models import Availability, OptionType
from tests.factories import CompanyFactory, MembershipFactory
from tests.plain_reference import assert_same_answer, reference_schema
from tests.pricing.factories import OptionFactory, OptionValueFactory, ProductFactory, TierFactory, VariantFactory

pytestmark = pytest.mark.django_db

# --- the reference: priceProducts of 0b665da -----------------------------------------------------------------------


@strawberry.type(name="Query")
class RefQuery:
    @strawberry.field
    def price_products(
        self,
        info: strawberry.Info,
        currency_code: str,
        items: list[PriceItemInput],
        channel_id: int = DEFAULT_CHANNEL_ID,
        customer_group_id: Annotated[int | None, strawberry.argument(description="Ignored: see the field.")] = None,
    ) -> list[PricedProduct]:
        _bounded("items", items, MAX_PRICE_ITEMS)
        for index, item in enumerate(items):
            if len(item.options) > MAX_ITEM_OPTIONS:
                raise InputError(fields={f"items.{index}.options": [f"Send at most {MAX_ITEM_OPTIONS} options."]})
        actor = info.context.actor
        channel = channel_get(channel_id=channel_id)
        if calculation.prices_hidden_for(actor, channel_id=channel.channel_id):
            raise PortalError(PRICES_HIDDEN_MESSAGE, code=PricingErrorCode.PRICES_HIDDEN)
        results = calculation.price_items(
            items=[
                calculation.PriceRequestItem(
                    product_id=item.product_id,
                    variant_id=item.variant_id,
                    quantity=item.quantity,
                    options=[
                        (option.option_id, option.value_id if option.value_id is not None else option.value)
                        for option in item.options
                    ],
                )
                for item in items
            ],
            customer_group_id=calculation.customer_group_for(actor),
            currency_code=currency_code,
        )
        tiers: dict[int, Any] = {}
        return PlainData([_ref_priced(result, item, tiers) for result, item in zip(results, items, strict=True)])


def _ref_priced(result: calculation.PriceResult, item: PriceItemInput, tiers: dict[int, Any]) -> dict:
    options = (
        [{"optionId": option.option_id, "valueId": option.value_id, "value": option.value} for option in item.options]
        if item.options
        else []
    )
    if result.price_on_request:
        price = base_price = line_total = applied_tier = next_tier = None
        bulk_pricing = []
    else:
        price = _ref_price(result.calculated_price)
        base_price = _ref_price(result.base_price)
        line_total = Later(lambda r: _ref_price(r.line_total), result)
        bulk_pricing = _ref_tiers(result.bulk_pricing, tiers)
        applied_tier = _ref_tier(result.applied_tier, tiers) if result.applied_tier else None
        hint = result.next_tier
        next_tier = (
            {"additionalQuantity": hint.additional_quantity, "minimum": hint.minimum,
             "price": _ref_price(hint.unit_price)}
            if hint
            else None
        )  # fmt: skip
    return {
        "productId": result.product_id,
        "variantId": result.variant_id,
        "quantity": result.quantity,
        "options": options,
        "currencyCode": result.currency_code,
        "price": price,
        "basePrice": base_price,
        "lineTotal": line_total,
        "bulkPricing": bulk_pricing,
        "appliedTier": applied_tier,
        "nextTier": next_tier,
        "taxRate": result.tax_rate,
        "showInclusive": result.show_inclusive,
        "priceOnRequest": result.price_on_request,
    }


def _ref_price(price: calculation.Price) -> dict:
    return {"asEntered": price.as_entered, "enteredInclusive": price.entered_inclusive,
            "taxExclusive": price.tax_exclusive, "taxInclusive": price.tax_inclusive}  # fmt: skip


def _ref_tiers(bulk_pricing: list, tiers: dict[int, Any]) -> list[dict]:
    plain_tiers = tiers.get(id(bulk_pricing))
    if plain_tiers is None:
        plain_tiers = tiers[id(bulk_pricing)] = [_ref_tier(tier, tiers) for tier in bulk_pricing]
    return plain_tiers


def _ref_tier(tier: calculation.BulkTier, tiers: dict[int, Any]) -> dict:
    plain_tier = tiers.get(id(tier))
    if plain_tier is None:
        plain_tier = tiers[id(tier)] = {
            "minimum": tier.minimum,
            "maximum": tier.maximum,
            "discountType": tier.discount_type,
            "discountAmount": tier.discount_amount,
        }
    return plain_tier


REFERENCE = reference_schema(RefQuery)

# --- documents, data and callers -------------------------------------------------------------------------------------

FULL = """
query Price($currencyCode: String!, $items: [PriceItemInput!]!, $channelId: Int) {
  priceProducts(currencyCode: $currencyCode, items: $items, channelId: $channelId) {
    productId variantId quantity currencyCode options { optionId valueId value }
    price { asEntered enteredInclusive taxExclusive taxInclusive }
    basePrice { asEntered taxExclusive } lineTotal { taxExclusive taxInclusive }
    bulkPricing { minimum maximum discountType discountAmount } appliedTier { minimum discountAmount }
    nextTier { additionalQuantity minimum price { taxExclusive taxInclusive } }
    taxRate showInclusive priceOnRequest
  }
}
"""
# The bench's selection (bench/loadkit/mix.py): no options, basePrice, lineTotal or appliedTier.
BENCH = """
query($items: [PriceItemInput!]!) { priceProducts(currencyCode: "EUR", items: $items) { productId
  variantId quantity price { asEntered enteredInclusive taxExclusive taxInclusive }
  bulkPricing { minimum maximum discountType discountAmount } nextTier { additionalQuantity minimum } } }
"""
# Each costlier part selected through a fragment, an inline fragment, an alias or a directive, or not at all.
SHAPED = """
query Shaped($items: [PriceItemInput!]!, $a: Boolean!, $b: Boolean!) {
  first: priceProducts(currencyCode: "USD", items: $items) {
    productId ...Parts o: options @include(if: $a) { value }
    ... on PricedProduct @skip(if: $b) { lineTotal { taxInclusive } nextTier { minimum } }
    base: basePrice @include(if: $b) { taxInclusive }
  }
  second: priceProducts(currencyCode: "EUR", items: $items) { productId price { taxExclusive } }
  third: priceProducts(currencyCode: "USD", items: $items) { appliedTier { minimum } nextTier @skip(if: $a) {
    price { asEntered } } }
}
fragment Parts on PricedProduct { appliedTier @include(if: $a) { maximum } options @skip(if: $b) { optionId } }
"""
DIRECTIVES = [{"a": True, "b": False}, {"a": False, "b": True}, {"a": True, "b": True}, {"a": False, "b": False}]


@pytest.fixture
def catalog(store):
    """A product with variants, a modifier and two quantity breaks; a plain product; a price-on-request one."""
    tiered = ProductFactory(base_price=Decimal("100.00"))
    variant = VariantFactory(product=tiered, price=Decimal("90.00"))
    other_variant = VariantFactory(product=tiered, price=Decimal("95.00"))
    grade = OptionFactory(product=tiered, type=OptionType.DROPDOWN)
    acs = OptionValueFactory(option=grade, price_adjuster="relative", price_adjustment=Decimal("5"))
    note = OptionFactory(product=tiered, type=OptionType.TEXT, required=False)
    TierFactory(product=tiered, min_quantity=10, max_quantity=49, discount_type="percent", amount=Decimal("10"))
    TierFactory(product=tiered, min_quantity=50, max_quantity=0, discount_type="fixed", amount=Decimal("70"))
    simple = ProductFactory(base_price=Decimal("12.34"))
    on_request = ProductFactory(base_price=Decimal("2950.00"), availability=Availability.DISABLED)
    return {"tiered": tiered, "variant": variant, "other_variant": other_variant, "grade": grade, "acs": acs,
            "note": note, "simple": simple, "on_request": on_request}  # fmt: skip


def _items(c) -> list[dict]:
    option = {"optionId": c["grade"].pk, "valueId": c["acs"].pk}
    tiered, variant = c["tiered"].pk, c["variant"].pk
    return [
        {"productId": tiered, "variantId": variant, "quantity": 12, "options": [option]},
        {"productId": tiered, "variantId": variant, "quantity": 60},
        {"productId": tiered, "variantId": variant, "quantity": 12, "options": [option]},  # the same price again
        {"productId": tiered, "variantId": c["other_variant"].pk, "quantity": 1},
        {"productId": tiered, "quantity": 1, "options": [{"optionId": c["note"].pk, "value": "free text"}]},
        {"productId": tiered, "variantId": variant, "quantity": 49, "options": [option, {"optionId": c["note"].pk,
                                                                                       "value": None}]},
        {"productId": c["simple"].pk},
        {"productId": c["on_request"].pk, "variantId": None, "quantity": 3},
    ]  # fmt: skip


@contextmanager
def coerced_by_graphql_core():
    """Variables coerced by graphql-core (dicts, built into inputs by strawberry) and plain data completed by the
    completers: the paths that answer whatever the fast ones do not."""
    with (
        mock.patch.object(plain, "_plain_operation", lambda *_args: None),
        mock.patch.object(plain, "projector", lambda _shape: None),
    ):
        yield


def same_as_reference(document: str, variables: dict, token: str | None = None, *, refused: bool = False) -> dict:
    """The portal's answer is the reference's, on the fast paths and on graphql-core's."""
    data = assert_same_answer(REFERENCE, document, variables, token, refused=refused)
    with coerced_by_graphql_core():
        assert assert_same_answer(REFERENCE, document, variables, token, refused=refused) == data
    return data


# --- answers ---------------------------------------------------------------------------------------------------------


def test_every_field_answers_as_before(catalog):
    for currency in ("USD", "EUR"):
        data = same_as_reference(FULL, {"currencyCode": currency, "items": _items(catalog)})

        answer = data["priceProducts"]
        assert [item["priceOnRequest"] for item in answer] == [False] * 7 + [True]
        assert answer[0]["appliedTier"] == {"minimum": 10, "discountAmount": "10"}
        assert answer[0]["price"] == answer[2]["price"] and answer[0]["options"][0]["valueId"] == catalog["acs"].pk
        assert answer[5]["options"][1] == {"optionId": catalog["note"].pk, "valueId": None, "value": None}


def test_the_benchs_selection_answers_as_before(catalog):
    data = same_as_reference(BENCH, {"items": _items(catalog)})

    assert data["priceProducts"][0]["nextTier"] == {"additionalQuantity": 38, "minimum": 50}


@pytest.mark.parametrize("directives", DIRECTIVES)
def test_parts_selected_through_fragments_aliases_and_directives_answer_as_before(catalog, directives):
    data = same_as_reference(SHAPED, {"items": _items(catalog), **directives})

    first = data["first"][0]
    assert ("o" in first) is directives["a"]
    assert ("options" in first) is not directives["b"]
    assert ("lineTotal" in first) is not directives["b"]
    assert ("base" in first) is directives["b"]


def test_items_as_a_literal_answer_as_before(catalog):
    tiered, variant = catalog["tiered"].pk, catalog["variant"].pk
    document = (
        f'{{ priceProducts(currencyCode: "USD", items: [{{productId: {tiered}, variantId: {variant}, quantity: 12, '
        f"options: [{{optionId: {catalog['grade'].pk}, valueId: {catalog['acs'].pk}}}]}}, "
        f"{{productId: {catalog['simple'].pk}}}]) {{ productId options {{ valueId }} price {{ taxExclusive }} }} }}"
    )

    data = same_as_reference(document, {})

    assert len(data["priceProducts"]) == 2


def test_an_empty_list_answers_as_before(catalog):
    assert same_as_reference(FULL, {"currencyCode": "USD", "items": []}) == {"priceProducts": []}


def test_a_signed_in_buyer_and_a_pending_company_answer_as_before(catalog):
    buyer = MembershipFactory().user
    pending = MembershipFactory(company=CompanyFactory(status=CompanyStatus.PENDING)).user
    variables = {"currencyCode": "USD", "items": _items(catalog)}

    same_as_reference(FULL, variables, b2b_token_issue(user=buyer).raw)
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    same_as_reference(FULL, variables, b2b_token_issue(user=pending).raw, refused=True)


# --- refusals -----------------------------------------------------------------------------------------------------


def _bad(c, **changes) -> list[dict]:
    items = _items(c)
    items[1] = {**items[1], **changes}
    return items


BAD_ITEMS = {
    "a string for an Int": lambda c: _bad(c, productId="1"),
    "a float for an Int": lambda c: _bad(c, quantity=2.5),
    "a boolean for an Int": lambda c: _bad(c, variantId=True),
    "null productId": lambda c: _bad(c, productId=None),
    "null quantity": lambda c: _bad(c, quantity=None),
    "null options": lambda c: _bad(c, options=None),
    "a null item": lambda c: [*_items(c), None],
    "a null option": lambda c: _bad(c, options=[None]),
    "quantity 0": lambda c: _bad(c, quantity=0),
    "quantity -1": lambda c: _bad(c, quantity=-1),
    "quantity above the maximum": lambda c: _bad(c, quantity=1_000_001),
    "quantity above the Int range": lambda c: _bad(c, quantity=2**31),
    "an unknown field": lambda c: _bad(c, price=1),
    "an option without its id": lambda c: _bad(c, options=[{"valueId": 1}]),
    "an unknown product": lambda c: _bad(c, productId=999_999),
    "an unknown variant": lambda c: _bad(c, variantId=999_999),
    "a variant of another product": lambda c: _bad(c, productId=c["simple"].pk),
    "an unknown option value": lambda c: _bad(c, options=[{"optionId": c["grade"].pk, "valueId": 999_999}]),
    "NUL in an option's value": lambda c: _bad(c, options=[{"optionId": c["note"].pk, "value": "a\x00b"}]),
    "an unpaired surrogate": lambda c: _bad(c, options=[{"optionId": c["note"].pk, "value": "a\ud800"}]),
    "too many options": lambda c: _bad(c, options=[{"optionId": c["note"].pk, "value": "x"}] * (MAX_ITEM_OPTIONS + 1)),
    "too many items": lambda c: [{"productId": c["simple"].pk}] * (MAX_PRICE_ITEMS + 1),
    "an object for the list": lambda c: {"productId": c["simple"].pk, "quantity": 0},
}


@pytest.mark.parametrize("case", BAD_ITEMS)
def test_bad_items_are_refused_as_before(catalog, case):
    data = same_as_reference(FULL, {"currencyCode": "USD", "items": BAD_ITEMS[case](catalog)}, refused=True)

    assert data is None


@pytest.mark.parametrize(
    "variables",
    [
        {"currencyCode": "XXX"},  # an unknown currency
        {"currencyCode": "USD", "channelId": 999},  # an unknown channel
        {"currencyCode": "USD", "channelId": "1"},
    ],
)
def test_other_refusals_answer_as_before(catalog, variables):
    same_as_reference(FULL, {"items": _items(catalog), **variables}, refused=True)


def test_the_most_items_and_options_answer_as_before(catalog):
    note = {"optionId": catalog["note"].pk, "value": "x"}
    items = [{"productId": catalog["tiered"].pk, "quantity": 1 + n % 60, "options": [note] * (n % 3)}
             for n in range(MAX_PRICE_ITEMS)]  # fmt: skip
    items[0]["options"] = [note] * MAX_ITEM_OPTIONS

    data = same_as_reference(FULL, {"currencyCode": "USD", "items": items})

    assert len(data["priceProducts"]) == MAX_PRICE_ITEMS


# --- the parts -----------------------------------------------------------------------------------------------------


def _coerced_items(variables: dict) -> list:
    definitions = parse(FULL).definitions[0].variable_definitions
    coerced = plain_variable_values(schema._schema, definitions, {"currencyCode": "USD", **variables})
    return coerced.coerced["items"]


def test_the_items_variable_is_coerced_into_the_inputs_strawberry_builds():
    options = [{"optionId": 3, "valueId": 4}, {"optionId": 5, "value": "text"}, {"optionId": 6, "valueId": None}]
    raw = [{"productId": 1}, {"productId": 2, "variantId": 7, "quantity": 3, "options": options}]

    built = _coerced_items({"items": raw})

    assert built == [
        PriceItemInput(product_id=1, variant_id=None, quantity=1, options=[]),
        PriceItemInput(product_id=2, variant_id=7, quantity=3, options=[
            PriceOptionInput(option_id=3, value_id=4, value=None), PriceOptionInput(option_id=5, value_id=None,
                                                                                     value="text"),
            PriceOptionInput(option_id=6, value_id=None, value=None)]),
    ]  # fmt: skip
    assert [type(item) for item in built] == [PriceItemInput, PriceItemInput]
    assert {type(option) for option in built[1].options} == {PriceOptionInput}


def test_the_schemas_default_options_list_is_a_new_list_each_time():
    first, second = _coerced_items({"items": [{"productId": 1}]})[0], _coerced_items({"items": [{"productId": 1}]})[0]

    first.options.append("changed")

    assert second.options == []


def test_an_engine_request_item_is_the_one_its_constructor_makes():
    option_values = [PriceOptionInput(option_id=3, value_id=4, value=None),
                     PriceOptionInput(option_id=5, value_id=None, value="text"),
                     PriceOptionInput(option_id=6, value_id=None, value=None)]  # fmt: skip
    for item in (PriceItemInput(product_id=1, variant_id=None, quantity=1, options=[]),
                 PriceItemInput(product_id=2, variant_id=7, quantity=3, options=option_values)):  # fmt: skip
        made = queries._request_item(item, item.options)
        expected = calculation.PriceRequestItem(
            product_id=item.product_id,
            variant_id=item.variant_id,
            quantity=item.quantity,
            options=[(o.option_id, o.value_id if o.value_id is not None else o.value) for o in item.options],
        )

        assert made == expected
        assert vars(made) == vars(expected)
        assert type(made) is calculation.PriceRequestItem


def test_item_and_option_variables_inside_a_literal_answer_as_before(catalog):
    document = """
    query($item: PriceItemInput!, $option: PriceOptionInput!, $product: Int!) {
      priceProducts(currencyCode: "USD", items: [$item, {productId: $product, quantity: 12, options: [$option]}]) {
        productId quantity options { optionId valueId value } price { taxExclusive } basePrice { taxExclusive }
      }
    }
    """
    option = {"optionId": catalog["grade"].pk, "valueId": catalog["acs"].pk}
    variables = {"item": _items(catalog)[0], "option": option, "product": catalog["tiered"].pk}

    data = same_as_reference(document, variables)

    assert [item["options"] for item in data["priceProducts"]] == [[{**option, "value": None}]] * 2
