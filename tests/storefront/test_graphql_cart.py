"""The cart API of shell §7 and checkoutLogin: who may reach which cart, and clean errors."""

import pytest

from pricing.models import Product
from storefront.models import Cart, CartLine
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

CART_FIELDS = "entityId currencyCode amounts { subtotal { value } } lineItems { physicalItems { sku quantity } }"
CREATE = f"""mutation($items: [CartLineItemInput!]!) {{
  createCart(createCartInput: {{lineItems: $items}}) {{ {CART_FIELDS} }} }}"""
ADD = f"""mutation($id: String!, $items: [CartLineItemInput!]!) {{
  addCartLineItems(addCartLineItemsInput: {{cartEntityId: $id, data: {{lineItems: $items}}}}) {{ {CART_FIELDS} }} }}"""
READ = f"query($id: String!) {{ cart(entityId: $id) {{ {CART_FIELDS} }} }}"
DELETE = "mutation($id: String!) { deleteCart(deleteCartInput: {cartEntityId: $id}) { deletedCartEntityId } }"
CHECKOUT = "mutation($id: String!) { checkoutLogin(cartData: {cartId: $id}) { result { redirectUrl } } }"


def _item(sku: str, quantity: int = 1) -> dict:
    product = Product.objects.get(variants__sku=sku)
    variant = product.variants.get(sku=sku)
    return {"productEntityId": product.pk, "variantEntityId": variant.pk, "quantity": quantity}


def test_create_read_add_and_delete_a_guest_cart(ethanol, sodium_chloride, graphql):
    created = graphql(CREATE, {"items": [_item("HS-1001-100ML", 2)]})["data"]["createCart"]
    assert created["lineItems"]["physicalItems"] == [{"sku": "HS-1001-100ML", "quantity": 2}]
    assert created["amounts"]["subtotal"]["value"] == "76.00"
    cart_id = created["entityId"]
    added = graphql(ADD, {"id": cart_id, "items": [_item("HS-1001-100ML", 3), _item("HS-1055-500G")]})
    items = added["data"]["addCartLineItems"]["lineItems"]["physicalItems"]
    assert items == [{"sku": "HS-1001-100ML", "quantity": 5}, {"sku": "HS-1055-500G", "quantity": 1}]
    assert graphql(READ, {"id": cart_id})["data"]["cart"]["entityId"] == cart_id
    assert graphql(DELETE, {"id": cart_id})["data"]["deleteCart"]["deletedCartEntityId"] == cart_id
    assert Cart.objects.count() == 0


def test_another_customers_cart_is_invisible_and_untouchable(ethanol, graphql, login):
    token = login("admin@acme.test")
    cart_id = graphql(CREATE, {"items": [_item("HS-1001-100ML")]}, token=token)["data"]["createCart"]["entityId"]
    globex = login("admin@globex.test")
    assert graphql(READ, {"id": cart_id}, token=globex)["data"]["cart"] is None
    assert graphql(READ, {"id": cart_id})["data"]["cart"] is None
    assert error_code(graphql(ADD, {"id": cart_id, "items": [_item("HS-1001-100ML")]}, token=globex)) == "NOT_FOUND"
    assert error_code(graphql(DELETE, {"id": cart_id}, token=globex)) == "NOT_FOUND"
    assert CartLine.objects.get().quantity == 1


def test_a_junior_buyer_may_not_create_a_cart(ethanol, graphql, login):
    body = graphql(CREATE, {"items": [_item("HS-1001-100ML")]}, token=login("junior@acme.test"))
    assert error_code(body) == "PERMISSION_DENIED"
    assert Cart.objects.count() == 0


@pytest.mark.parametrize("quantity", [0, -5, 1_000_001])
def test_bad_quantities_are_refused_and_no_cart_is_left(ethanol, graphql, quantity):
    body = graphql(CREATE, {"items": [_item("HS-1001-100ML", quantity)]})
    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["message"]
    assert Cart.objects.count() == 0


def test_unknown_product_and_empty_items_are_clean_errors(demo_store, graphql):
    assert error_code(graphql(CREATE, {"items": [{"productEntityId": 999999, "quantity": 1}]})) == "VALIDATION_ERROR"
    body = graphql(CREATE, {"items": []})
    assert body["errors"][0]["message"] == "No products being added."
    assert Cart.objects.count() == 0


def test_checkout_login_signs_the_buyer_in_to_checkout_once(ethanol, graphql, login, client):
    token = login("senior@acme.test")
    cart_id = graphql(CREATE, {"items": [_item("HS-1001-100ML")]}, token=token)["data"]["createCart"]["entityId"]
    url = graphql(CHECKOUT, {"id": cart_id}, token=token)["data"]["checkoutLogin"]["result"]["redirectUrl"]
    path = url.removeprefix("http://testserver")
    response = client.get(path)
    assert response["Location"] == "/checkout"
    page = client.get("/checkout").content.decode()
    assert "HS-1001-100ML" in page and "Place order" in page
    other = type(client)()
    assert other.get(path)["Location"] == "/cart.php"  # the link works once


def test_checkout_login_needs_a_token(ethanol, graphql):
    cart_id = graphql(CREATE, {"items": [_item("HS-1001-100ML")]})["data"]["createCart"]["entityId"]
    assert error_code(graphql(CHECKOUT, {"id": cart_id})) == 40101
