"""“Add selected to cart” (issue 18): the chosen products into the caller's own storefront cart, each checked by
business §4's stock check on its own — what can be bought is added, the rest is reported with its code."""

import pytest

from accounts.models import Company
from portal.models import StorefrontConfig
from pricing.models import Product, ProductOption, ProductVariant
from storefront.models import Cart, CartLine
from tests.factories.shoppinglists import ShoppingListFactory, ShoppingListItemFactory
from tests.helpers import error_code
from tests.shoppinglists import support
from tests.shoppinglists.support import snapshot

pytestmark = pytest.mark.django_db

ADD_TO_CART = support.add_to_cart()


def _item(world, sku: str, quantity: int, **fields):
    return ShoppingListItemFactory(
        shopping_list=world.senior_list, variant=support.variant(sku), quantity=quantity, **fields
    )


def _cart() -> list[tuple[str, int]]:
    return list(CartLine.objects.order_by("variant__sku").values_list("variant__sku", "quantity"))


def test_what_passes_the_stock_check_is_added_and_the_rest_reported(world, ethanol, sodium_chloride, token_of, graphql):
    # The list: 2 × HS-1001-100ML (120 in stock) already; 2.5 L has 8 in stock, 1 kg of salt 40.
    too_many = _item(world, "HS-1001-2.5L", 9)
    gone = _item(world, "HS-1055-1KG", 1)
    Product.objects.filter(pk=sodium_chloride.pk).update(is_visible=False)
    disabled = _item(world, "HS-1001-1L", 1)
    ProductVariant.objects.filter(sku="HS-1001-1L").update(purchasing_disabled=True)
    empty = _item(world, "HS-1001-500ML", 1)
    ProductVariant.objects.filter(sku="HS-1001-500ML").update(inventory_level=0)

    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk}, token=token_of("senior"))

    answer = body["data"]["shoppingListAddToCart"]
    assert [(i["sku"], i["quantity"], i["code"]) for i in answer["added"]] == [("HS-1001-100ML", 2, None)]
    assert sorted((i["itemId"], i["code"], i["reason"]) for i in answer["notAdded"]) == sorted([
        (too_many.pk, "OUT_OF_STOCK", "Only 8 in stock."),
        (gone.pk, "PRODUCT_UNAVAILABLE", "This product is no longer available."),
        (disabled.pk, "PURCHASE_DISABLED", "This product is not available for purchase."),
        (empty.pk, "OUT_OF_STOCK", "This product is out of stock."),
    ])  # fmt: skip
    assert answer["cartEntityId"] == str(Cart.objects.get().pk)
    assert _cart() == [("HS-1001-100ML", 2)]


def test_a_product_sold_on_request_only_is_unavailable(world, drum, token_of, graphql):
    drum_item = _item(world, "HS-1152", 1)

    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [drum_item.pk]}, token=token_of("senior"))

    (refused,) = body["data"]["shoppingListAddToCart"]["notAdded"]
    assert (refused["code"], refused["reason"]) == ("PRODUCT_UNAVAILABLE", "Price on request: ask for a quote")
    # Nothing was added: no empty cart is left behind.
    assert body["data"]["shoppingListAddToCart"]["cartEntityId"] is None
    assert not Cart.objects.exists()


def test_options_no_longer_valid_are_reported(world, balance, token_of, graphql):
    warranty = ProductOption.objects.get(product=balance, display_name="Warranty")
    three_years = warranty.values.get(label="3 years")
    item = _item(world, "HS-4006", 1, options=[[warranty.pk, str(three_years.pk)]])
    three_years.delete()

    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [item.pk]}, token=token_of("senior"))

    (refused,) = body["data"]["shoppingListAddToCart"]["notAdded"]
    assert (refused["code"], refused["reason"]) == ("OPTIONS_CHANGED", "Please choose a valid value in Warranty.")


def test_only_the_chosen_items_go_and_they_merge_into_the_callers_cart(world, ethanol, token_of, graphql):
    chosen = _item(world, "HS-1001-500ML", 3)
    _item(world, "HS-1001-1L", 1)
    token = token_of("senior")

    first = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [chosen.pk]}, token=token)
    again = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [chosen.pk]}, token=token)

    assert (
        first["data"]["shoppingListAddToCart"]["cartEntityId"] == again["data"]["shoppingListAddToCart"]["cartEntityId"]
    )
    assert _cart() == [("HS-1001-500ML", 6)]
    assert Cart.objects.get().user.email == "senior@acme.test"


def test_the_cart_line_past_the_stock_is_reported(world, ethanol, token_of, graphql):
    item = _item(world, "HS-1001-2.5L", 5)  # 8 in stock
    token = token_of("senior")
    graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [item.pk]}, token=token)

    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [item.pk]}, token=token)

    (refused,) = body["data"]["shoppingListAddToCart"]["notAdded"]
    assert (refused["code"], refused["reason"]) == ("OUT_OF_STOCK", "Only 8 in stock.")
    assert _cart() == [("HS-1001-2.5L", 5)]


def test_an_item_of_another_list_is_refused_and_nothing_is_added(world, token_of, graphql):
    other = world.junior_draft.items.get()
    before = snapshot()

    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk, "itemIds": [other.pk]}, token=token_of("senior"))

    assert body["errors"][0]["extensions"]["fieldCodes"] == {"itemIds": ["unknown_item"]}
    assert snapshot() == before


def test_the_individual_customer_orders_from_their_own_list(world, token_of, graphql):
    body = graphql(support.add_to_cart("customer"), {"id": world.b2c_list.pk}, token=token_of("b2c"))

    assert [i["sku"] for i in body["data"]["customerShoppingListAddToCart"]["added"]] == ["HS-1001-100ML"]
    assert Cart.objects.get().user.email == "b2c@demo.test"


def test_a_masquerading_super_admin_fills_the_companys_cart(world, token_of, graphql):
    body = graphql(ADD_TO_CART, {"id": world.senior_list.pk}, token=token_of("super_masquerading"))

    assert "errors" not in body
    cart = Cart.objects.get()
    assert (cart.user.email, cart.masquerade_company_id) == ("superadmin@demo.test", world.acme.pk)


def test_a_pending_company_user_blocked_from_ordering_is_refused(world, token_of, graphql):
    Company.objects.filter(pk=world.acme.pk).update(status=0)
    StorefrontConfig.objects.filter(key="block_pending_account_order_creation").update(value="1")
    mine = ShoppingListFactory(name="Mine", customer=support.user("senior@acme.test"))
    ShoppingListItemFactory(shopping_list=mine, variant=world.small)
    before = snapshot()

    body = graphql(support.add_to_cart("customer"), {"id": mine.pk}, token=token_of("senior"))

    assert error_code(body) == "PERMISSION_DENIED"
    assert body["errors"][0]["message"].startswith("Your account is pending approval.")
    assert snapshot() == before
