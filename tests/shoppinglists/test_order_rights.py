"""ShoppingList.canAddToCart asks the storefront, which owns the purchase rule, without importing it
(ARCHITECTURE §3): the storefront contributes its check from StorefrontConfig.ready() (shoppinglists.permissions)."""

import pytest

from accounts.selectors import actor_for_user
from shoppinglists import permissions
from tests.shoppinglists import support

pytestmark = pytest.mark.django_db

CAN_ADD_TO_CART = "query($id: Int!) { shoppingList(id: $id) { canAddToCart } }"


def test_the_storefronts_purchase_rule_answers_can_add_to_cart(world, token_of, graphql):
    body = graphql(CAN_ADD_TO_CART, {"id": world.senior_list.pk}, token=token_of("senior"))

    assert body["data"]["shoppingList"]["canAddToCart"] is True


def test_without_a_contributed_check_nobody_may_order_from_a_list(world, token_of, graphql, monkeypatch):
    monkeypatch.setattr(permissions, "_LIST_ACTION_CHECKS", {})

    body = graphql(CAN_ADD_TO_CART, {"id": world.senior_list.pk}, token=token_of("senior"))

    assert body["data"]["shoppingList"]["canAddToCart"] is False
    assert permissions.order_rights(actor=actor_for_user(support.user("admin@acme.test"))).may_buy is False


def test_an_unknown_list_action_is_refused():
    with pytest.raises(ValueError, match="Unknown shopping list action 'reorder'"):
        permissions.list_action_register("reorder", lambda actor: True)
    with pytest.raises(ValueError, match="Unknown shopping list action 'reorder'"):
        permissions.list_action_allowed("reorder", None)
