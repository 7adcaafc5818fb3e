"""A list's products (business §3–§5, issue 18): adding by SKU or product and variant, options validated as the quote
draft validates them, the merge rule, quantity bounds, changing and removing, and their live prices."""

import json
from decimal import Decimal

import pytest

from pricing.options import REQUIRED_OPTIONS_MESSAGE
from shoppinglists.models import ShoppingListItem
from tests.factories.shoppinglists import ShoppingListItemFactory
from tests.helpers import error_code
from tests.shoppinglists import support
from tests.shoppinglists.support import snapshot

pytestmark = pytest.mark.django_db

ADD = support.items_create()


def _certificate(product):
    option = product.options.get(display_name="Printed certificate of analysis")
    return option, option.values.get(label="Yes")


def _items(world) -> list[tuple[str, int, list]]:
    return list(
        ShoppingListItem.objects.filter(shopping_list=world.senior_list)
        .order_by("pk")
        .values_list("variant__sku", "quantity", "options")
    )


def test_adding_by_sku_and_by_product_with_options(world, ethanol, token_of, graphql):
    option, yes = _certificate(ethanol)
    large = support.variant("HS-1001-1L")

    body = graphql(
        ADD,
        {
            "id": world.senior_list.pk,
            "items": [
                {"sku": "hs-1001-500ml", "quantity": 3, "productNote": " For bench 4 "},
                {"productId": ethanol.pk, "variantId": large.pk, "quantity": 2,
                 "options": [{"optionId": option.pk, "optionValue": str(yes.pk)}]},
            ],
        },
        token=token_of("senior"),
    )  # fmt: skip

    answer = body["data"]["shoppingListsItemsCreate"]
    assert answer["message"] == "Products were added to your shopping list"
    assert _items(world) == [
        ("HS-1001-100ML", 2, []),
        ("HS-1001-500ML", 3, []),
        ("HS-1001-1L", 2, [[option.pk, str(yes.pk)]]),
    ]
    by_sku = {item["variantSku"]: item for item in answer["items"]}
    assert by_sku["HS-1001-500ML"]["productNote"] == "For bench 4"
    certified = by_sku["HS-1001-1L"]
    assert json.loads(certified["optionList"]) == [{"optionId": option.pk, "optionValue": str(yes.pk)}]
    assert [(o["optionName"], o["value"]) for o in certified["options"]] == [
        ("Pack size", "1 L"),
        ("Printed certificate of analysis", "Yes"),
    ]
    # Acme pays 85% of $205.20 for 1 L, plus the certificate's $15.
    assert Decimal(certified["basePrice"]) == Decimal("189.42")
    assert Decimal(certified["priceWhenAdded"]) == Decimal("189.42")
    assert answer["shoppingList"]["itemCount"] == 3


def test_the_same_product_with_the_same_options_adds_to_its_quantity(world, ethanol, token_of, graphql):
    option, yes = _certificate(ethanol)
    token = token_of("senior")
    plain = {"sku": "HS-1001-100ML", "quantity": 3}
    certified = {**plain, "options": [{"optionId": option.pk, "optionValue": str(yes.pk)}]}

    graphql(ADD, {"id": world.senior_list.pk, "items": [plain, plain]}, token=token)
    graphql(ADD, {"id": world.senior_list.pk, "items": [certified]}, token=token)

    # 2 already on the list + 3 + 3; the certified one is another item.
    assert _items(world) == [("HS-1001-100ML", 8, []), ("HS-1001-100ML", 3, [[option.pk, str(yes.pk)]])]


def test_a_variant_options_value_stands_for_the_variant(world, ethanol, token_of, graphql):
    pack = ethanol.options.get(display_name="Pack size")
    half_litre = pack.values.get(label="500 mL")

    by_pack = {"productId": ethanol.pk, "options": [{"optionId": pack.pk, "optionValue": str(half_litre.pk)}]}

    graphql(ADD, {"id": world.senior_list.pk, "items": [by_pack]}, token=token_of("senior"))

    assert _items(world)[-1] == ("HS-1001-500ML", 1, [])


@pytest.mark.parametrize(
    ("quantity", "already", "ok"),
    [(0, 0, False), (-1, 0, False), (1, 0, True), (1_000_000, 0, False), (999_998, 0, True), (999_999, 0, False)],
    ids=["zero", "negative", "one", "million-plus-two", "up-to-a-million", "million-and-one"],
)
def test_quantities_are_1_to_1000000_after_merging(world, token_of, graphql, quantity, already, ok):
    # The list holds 2 of HS-1001-100ML already.
    before = snapshot()

    body = graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-100ML", "quantity": quantity}]},
                   token=token_of("senior"))  # fmt: skip

    if ok:
        assert "errors" not in body
        assert _items(world) == [("HS-1001-100ML", 2 + quantity, [])]
    else:
        assert error_code(body) == "SHOPPING_LIST_QUANTITY_OUT_OF_RANGE"
        assert body["errors"][0]["message"] == "The quantity of each product in a shopping list is 1-1000000."
        assert snapshot() == before


def test_a_required_option_missing_is_refused_with_the_product_pages_message(world, balance, token_of, graphql):
    before = snapshot()

    body = graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-4006"}]}, token=token_of("senior"))

    assert body["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"items.0.options": [REQUIRED_OPTIONS_MESSAGE]},
        "fieldCodes": {"items.0.options": ["invalid_option"]},
    }
    assert snapshot() == before


@pytest.mark.parametrize(
    ("items", "code", "field"),
    [
        ([], "NO_PRODUCTS", "items"),
        ([{"quantity": 1}], "NO_SKU", "items.0.sku"),
        ([{"sku": "NOPE-1"}], "VALIDATION_ERROR", "items.0.sku"),
        ([{"sku": "HS-1001-500ML"}, {"sku": "HS-1001-100ML", "productNote": "x" * 1001}], "VALIDATION_ERROR",
         "items.1.productNote"),
    ],
    ids=["none", "no-sku", "unknown-sku", "note-too-long"],
)  # fmt: skip
def test_nothing_is_added_when_any_item_fails(world, token_of, graphql, items, code, field):
    before = snapshot()

    body = graphql(ADD, {"id": world.senior_list.pk, "items": items}, token=token_of("senior"))

    assert error_code(body) == code
    assert list(body["errors"][0]["extensions"]["fields"]) == [field]
    assert snapshot() == before


def test_a_list_holds_at_most_500_products(world, token_of, graphql):
    items = [
        ShoppingListItemFactory.build(shopping_list=world.senior_list, variant=world.small, options=[[9_000 + n, "x"]])
        for n in range(499)
    ]
    ShoppingListItem.objects.bulk_create(items)  # 500 with the list's own
    before = snapshot()

    body = graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-500ML"}]}, token=token_of("senior"))

    assert error_code(body) == "SHOPPING_LIST_TOO_MANY_ITEMS"
    assert snapshot() == before


def test_changing_an_items_options_to_those_of_another_merges_them(world, ethanol, token_of, graphql):
    option, yes = _certificate(ethanol)
    token = token_of("senior")
    certified_item = {
        "sku": "HS-1001-100ML",
        "quantity": 5,
        "options": [{"optionId": option.pk, "optionValue": str(yes.pk)}],
    }
    graphql(ADD, {"id": world.senior_list.pk, "items": [certified_item]}, token=token)
    certified = [i for i in ShoppingListItem.objects.filter(shopping_list=world.senior_list) if i.options][0]

    body = graphql(
        support.items_update(),
        {"id": world.senior_list.pk, "itemId": certified.pk, "data": {"options": []}},
        token=token,
    )

    assert "errors" not in body
    assert _items(world) == [("HS-1001-100ML", 7, [])]
    assert [item["quantity"] for item in body["data"]["shoppingListsItemsUpdate"]["items"]] == [7]


def test_changing_quantity_variant_and_note(world, token_of, graphql):
    item = world.senior_list.items.get()
    large = support.variant("HS-1001-1L")

    body = graphql(
        support.items_update(),
        {"id": world.senior_list.pk, "itemId": item.pk,
         "data": {"quantity": 4, "variantId": large.pk, "productNote": "Cold room"}},
        token=token_of("senior"),
    )  # fmt: skip

    (changed,) = body["data"]["shoppingListsItemsUpdate"]["items"]
    assert (changed["variantSku"], changed["quantity"], changed["productNote"]) == ("HS-1001-1L", 4, "Cold room")
    assert Decimal(changed["priceWhenAdded"]) == Decimal("174.42")  # another configuration: today's price


@pytest.mark.parametrize("quantity", [0, 1_000_001])
def test_an_items_quantity_stays_within_bounds(world, token_of, graphql, quantity):
    item = world.senior_list.items.get()
    before = snapshot()

    body = graphql(support.items_update(), {"id": world.senior_list.pk, "itemId": item.pk,
                                            "data": {"quantity": quantity}}, token=token_of("senior"))  # fmt: skip

    assert error_code(body) == "SHOPPING_LIST_QUANTITY_OUT_OF_RANGE"
    assert snapshot() == before


def test_an_item_of_another_list_cannot_be_changed_through_this_one(world, token_of, graphql):
    other = world.junior_draft.items.get()
    before = snapshot()

    updated = graphql(support.items_update(), {"id": world.senior_list.pk, "itemId": other.pk,
                                               "data": {"quantity": 9}}, token=token_of("senior"))  # fmt: skip
    removed = graphql(support.items_delete(), {"id": world.senior_list.pk, "itemIds": [other.pk]},
                      token=token_of("senior"))  # fmt: skip

    assert updated["errors"][0]["extensions"]["fieldCodes"] == {"itemId": ["unknown_item"]}
    assert removed["errors"][0]["extensions"]["fieldCodes"] == {"itemIds": ["unknown_item"]}
    assert snapshot() == before


def test_removing_products(world, token_of, graphql):
    token = token_of("senior")
    graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-500ML"}]}, token=token)
    first = world.senior_list.items.order_by("pk").first()

    body = graphql(support.items_delete(), {"id": world.senior_list.pk, "itemIds": [first.pk]}, token=token)

    assert body["data"]["shoppingListsItemsDelete"]["shoppingList"]["itemCount"] == 1
    assert _items(world) == [("HS-1001-500ML", 1, [])]


# --- prices ------------------------------------------------------------------------------------------------------


def test_prices_and_totals_follow_the_callers_customer_group(world, ethanol, token_of, graphql):
    # The list: 2 × HS-1001-100ML. Acme pays 85% of $38.00; the individual customer the list price.
    graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-500ML", "quantity": 10}]},
            token=token_of("senior"))  # fmt: skip

    detail = graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token_of("admin"))["data"]["shoppingList"]

    by_sku = {edge["node"]["variantSku"]: edge["node"] for edge in detail["products"]["edges"]}
    small, half = by_sku["HS-1001-100ML"], by_sku["HS-1001-500ML"]
    assert Decimal(small["basePrice"]) == Decimal("32.30")
    # 10 and more: 5% off (the reagent tiers) of 85% of $121.60 = $103.36 → $98.19.
    assert (Decimal(half["basePrice"]), Decimal(half["discount"])) == (Decimal("98.19"), Decimal("5.17"))
    assert Decimal(half["lineTotal"]) == Decimal("981.90")
    assert half["nextTier"] == {"additionalQuantity": 40, "minimum": 50, "price": {"taxExclusive": "93.02"}}
    assert detail["isShowGrandTotal"] is True
    assert Decimal(detail["subtotal"]) == Decimal("64.60") + Decimal("981.90")
    assert Decimal(detail["totalDiscount"]) == Decimal("51.70")
    assert Decimal(detail["grandTotal"]) == Decimal(detail["subtotal"]) + Decimal(detail["totalTax"])

    mine = graphql(support.CUSTOMER_DETAIL, {"id": world.b2c_list.pk}, token=token_of("b2c"))["data"]
    assert Decimal(mine["customerShoppingList"]["products"]["edges"][0]["node"]["basePrice"]) == Decimal("38.00")


def test_a_masquerading_super_admin_sees_the_companys_prices(world, token_of, graphql):
    detail = graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token_of("super_masquerading"))

    node = detail["data"]["shoppingList"]["products"]["edges"][0]["node"]
    assert Decimal(node["basePrice"]) == Decimal("32.30")


def test_a_price_on_request_hides_the_totals(world, drum, token_of, graphql):
    token = token_of("senior")
    graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1152"}]}, token=token)

    detail = graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token)["data"]["shoppingList"]

    drum_item = next(e["node"] for e in detail["products"]["edges"] if e["node"]["variantSku"] == "HS-1152")
    assert (drum_item["priceOnRequest"], drum_item["basePrice"], drum_item["priceError"]) == (True, None, None)
    assert (drum_item["purchasable"], drum_item["stockCode"]) == (False, "not_available")
    assert (detail["isShowGrandTotal"], detail["grandTotal"], detail["subtotal"]) == (False, None, None)


def test_items_page_newest_change_first_and_search(world, token_of, graphql):
    token = token_of("senior")
    graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-500ML"}]}, token=token)
    graphql(ADD, {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-1L"}]}, token=token)

    def skus(**variables):
        body = graphql(support.DETAIL, {"id": world.senior_list.pk, **variables}, token=token)
        products = body["data"]["shoppingList"]["products"]
        return products["totalCount"], [edge["node"]["variantSku"] for edge in products["edges"]]

    assert skus() == (3, ["HS-1001-1L", "HS-1001-500ML", "HS-1001-100ML"])
    assert skus(orderBy="sku") == (3, ["HS-1001-100ML", "HS-1001-1L", "HS-1001-500ML"])
    assert skus(first=1, offset=1) == (3, ["HS-1001-500ML"])
    assert skus(search="500ml") == (1, ["HS-1001-500ML"])
    assert error_code(graphql(support.DETAIL, {"id": world.senior_list.pk, "orderBy": ""}, token=token)) == (
        "VALIDATION_ERROR"
    )
    refused = graphql(support.DETAIL, {"id": world.senior_list.pk, "first": 501}, token=token)
    assert refused["errors"][0]["extensions"]["fields"] == {"first": ["Ask for at most 500 products at a time."]}
