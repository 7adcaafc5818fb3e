"""The GraphQL proxy of shell §7 for storefronts on other platforms (issue 22): `POST /api/v2/proxy/graphql` runs only
the catalog, price and cart operations, as the bearer token's buyer (their company's prices) or, with the store hash
and channel id alone, as a guest; it is rate-limited, refuses everything else with its code, and never answers a 500
to a bad body."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from portal.models import Channel
from portal.storefront_tokens import issue_storefront_token
from pricing.models import Product
from quotes.models import QuoteDraft
from storefront.models import Cart
from tests.helpers import rest_refusal

pytestmark = pytest.mark.django_db

URL = "/api/v2/proxy/graphql"
STORE = {"storeHash": "helix-scientific", "channelId": 1}
SHOP = "https://shop.helix.test"
PRICE = """
query Price($items: [PriceItemInput!]!, $customerGroupId: Int) {
  priceProducts(currencyCode: "USD", items: $items, customerGroupId: $customerGroupId) {
    productId price { taxExclusive }
  }
}
"""
SEARCH = '{ productsSearch(search: "ethanol", first: 5) { name } }'
CREATE_CART = """
mutation($items: [CartLineItemInput!]!) {
  createCart(createCartInput: {lineItems: $items}) { entityId lineItems { physicalItems { sku quantity } } }
}
"""


def proxy(client: Client, body, *, token: str | None = None, **extra):
    if token:
        extra["HTTP_AUTHORIZATION"] = f"Bearer {token}"
    data = body if isinstance(body, bytes | str) else json.dumps(body)
    return client.post(URL, data, content_type="application/json", **extra)


def price_items(product: Product) -> list[dict]:
    variant = product.variants.get(sku="HS-1001-100ML")
    return [{"productId": product.pk, "variantId": variant.pk, "quantity": 1, "options": []}]


def acme_group_id() -> int:
    from accounts.models import Company

    return Company.objects.get(name="Acme Labs").customer_group_id


def unit_price(response) -> str:
    assert response.status_code == 200, response.content
    body = response.json()
    assert "errors" not in body, body
    return body["data"]["priceProducts"][0]["price"]["taxExclusive"]


# --- prices: the caller's, never another company's ------------------------------------------------------------------


def test_a_buyers_token_prices_for_their_company_and_the_store_alone_as_a_guest(ethanol, client, login):
    variables = {"items": price_items(ethanol)}

    acme = proxy(client, {"query": PRICE, "variables": variables}, token=login("senior@acme.test"))
    globex = proxy(client, {"query": PRICE, "variables": variables}, token=login("admin@globex.test"))
    guest = proxy(client, {"query": PRICE, "variables": variables, **STORE})

    assert unit_price(acme) == "32.30"  # Acme's group pays 85% of $38.00
    assert unit_price(globex) == "38.00"
    assert unit_price(guest) == "38.00"


def test_naming_another_companys_group_does_not_get_its_prices(ethanol, client, login):
    variables = {"items": price_items(ethanol), "customerGroupId": acme_group_id()}

    globex = proxy(client, {"query": PRICE, "variables": variables}, token=login("admin@globex.test"))
    guest = proxy(client, {"query": PRICE, "variables": variables, **STORE})

    assert unit_price(globex) == "38.00" and unit_price(guest) == "38.00"
    assert "32.30" not in globex.content.decode() + guest.content.decode()


def test_the_catalog_and_the_cart_work_through_the_proxy(ethanol, client):
    found = proxy(client, {"query": SEARCH, **STORE}).json()
    variant = ethanol.variants.get(sku="HS-1001-100ML")
    items = [{"productEntityId": ethanol.pk, "variantEntityId": variant.pk, "quantity": 2}]

    created = proxy(client, {"query": CREATE_CART, "variables": {"items": items}, **STORE}).json()

    assert found == {"data": {"productsSearch": [{"name": ethanol.name}]}}
    assert created["data"]["createCart"]["lineItems"]["physicalItems"] == [{"sku": "HS-1001-100ML", "quantity": 2}]
    assert Cart.objects.count() == 1


def test_graphql_errors_come_back_as_graphql_errors(demo_store, client):
    body = proxy(client, {"query": '{ cart(entityId: "not-a-cart") { entityId } }', **STORE}).json()

    assert body == {"data": {"cart": None}}


# --- only its operations ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "{ customerInfo { userType } }",
        "{ quotes { totalCount } }",
        '{ productsSearch(search: "x") { name } customerInfo { userType } }',
        "{ ...Leak } fragment Leak on Query { customerInfo { userType } }",
        "{ ... on Query { users { totalCount } } }",
        'mutation { login(loginData: {email: "senior@acme.test", password: "Demo1234", channelId: 1}) '
        "{ result { token } } }",
        'mutation { quoteDraftAddLines(lines: [{sku: "HS-1001-100ML", quantity: 1}]) { message } }',
        "mutation { logoutEverywhere { result { message } } }",
        "{ __schema { types { name } } }",
        '{ __type(name: "Query") { name } }',
        "subscription { cart { entityId } }",
        "{ priceProducts(currencyCode: \"USD\", items: []) { productId } } query Other { invoices { totalCount } }",
    ],
)  # fmt: skip
def test_operations_outside_the_list_are_refused_and_do_nothing(demo_store, client, login, query):
    token = login("senior@acme.test")
    drafts = QuoteDraft.objects.count()

    answer = proxy(client, {"query": query}, token=token)

    error = rest_refusal(answer, 403)
    assert error["extensions"] == {"code": "PROXY_OPERATION_NOT_ALLOWED"}
    assert error["message"].startswith("The proxy runs only the catalog, price and cart operations a storefront needs.")
    assert QuoteDraft.objects.count() == drafts
    # The token is still live: the proxy ran nothing (logoutEverywhere would have ended it).
    assert proxy(client, {"query": SEARCH}, token=token).status_code == 200


def test_typename_is_fine(demo_store, client):
    assert proxy(client, {"query": "{ __typename }", **STORE}).json() == {"data": {"__typename": "Query"}}


# --- who calls ---------------------------------------------------------------------------------------------------


def test_without_a_token_the_store_and_channel_are_needed(demo_store, client):
    missing = rest_refusal(proxy(client, {"query": SEARCH}), 400)
    other_store = rest_refusal(proxy(client, {"query": SEARCH, **STORE, "storeHash": "elsewhere"}), 404)
    no_channel = rest_refusal(proxy(client, {"query": SEARCH, **STORE, "channelId": 5}), 404)

    assert missing["extensions"]["code"] == "VALIDATION_ERROR"
    assert sorted(missing["extensions"]["fields"]) == ["channelId", "storeHash"]
    assert other_store["extensions"]["code"] == no_channel["extensions"]["code"] == "NOT_FOUND"


def test_a_disabled_channel_is_not_served(demo_store, client):
    Channel.objects.filter(channel_id=1).update(is_enabled=False)

    assert rest_refusal(proxy(client, {"query": SEARCH, **STORE}), 404)["extensions"]["code"] == "NOT_FOUND"


@pytest.mark.parametrize("token", ["garbage", "revoked"])
def test_a_token_that_is_sent_and_not_valid_is_40101_never_a_guest(demo_store, client, login, graphql, token):
    if token == "revoked":
        raw = login("senior@acme.test")
        graphql("mutation { logout { result { message } } }", token=raw)
    else:
        raw = "not-a-token"

    error = rest_refusal(proxy(client, {"query": SEARCH, **STORE}, token=raw), 401)

    assert error["extensions"] == {"code": 40101}


def test_a_storefront_token_for_another_channel_is_refused(demo_store, client):
    other = Channel.objects.create(store=demo_store, channel_id=2, name="Headless", platform="other")
    raw, _ = issue_storefront_token(channel=other, allowed_origins=[SHOP])

    answer = proxy(client, {"query": SEARCH, **STORE}, HTTP_X_STOREFRONT_TOKEN=raw, HTTP_ORIGIN=SHOP)
    own = proxy(client, {"query": SEARCH, **STORE, "channelId": 2}, HTTP_X_STOREFRONT_TOKEN=raw, HTTP_ORIGIN=SHOP)

    assert rest_refusal(answer, 403)["extensions"] == {"code": "STOREFRONT_TOKEN_REFUSED"}
    assert own.status_code == 200 and own["Access-Control-Allow-Origin"] == SHOP


# --- rate limit ------------------------------------------------------------------------------------------------------


def test_each_caller_is_rate_limited(demo_store, client, login, settings):
    settings.STOREFRONT_PROXY_REQUESTS_PER_MINUTE = 3
    token = login("senior@acme.test")

    guest = [proxy(client, {"query": SEARCH, **STORE}).status_code for _ in range(4)]
    buyer = [proxy(client, {"query": SEARCH}, token=token).status_code for _ in range(4)]
    refused = proxy(client, {"query": SEARCH, **STORE})

    assert guest == [200, 200, 200, 429]
    assert buyer == [200, 200, 200, 429]  # a user is counted on their own, not with the address's guests
    assert rest_refusal(refused, 429)["extensions"]["code"] == "TOO_MANY_REQUESTS"


# --- bad bodies: never a 500 ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "BAD_REQUEST"),
        (b"\xff\xfe", 400, "BAD_REQUEST"),
        (b"[" * 100_000 + b"]" * 100_000, 400, "BAD_REQUEST"),
        (b"1" * 5000, 400, "BAD_REQUEST"),
        (b"null", 400, "BAD_REQUEST"),
        (b'["query"]', 400, "BAD_REQUEST"),
        ({**STORE}, 400, "VALIDATION_ERROR"),
        ({"query": 5, **STORE}, 400, "VALIDATION_ERROR"),
        ({"query": SEARCH, "variables": [1], **STORE}, 400, "VALIDATION_ERROR"),
        ({"query": SEARCH, "operationName": {"a": 1}, **STORE}, 400, "VALIDATION_ERROR"),
        ({"query": SEARCH, **STORE, "channelId": "one"}, 400, "VALIDATION_ERROR"),
        ({"query": SEARCH, **STORE, "channelId": 2**63}, 400, "VALIDATION_ERROR"),
        ({"query": "{ productsSearch(search: \"\x00\") { totalCount } }", **STORE}, 400, "VALIDATION_ERROR"),
        ({"query": SEARCH, **STORE, "storeHash": "helix\x00"}, 400, "VALIDATION_ERROR"),
        ({"query": "{ productsSearch(", **STORE}, 400, "GRAPHQL_PARSE_FAILED"),
        ({"query": "{ " + "productsSearch { name } " * 1500 + "}", **STORE}, 400, "GRAPHQL_PARSE_FAILED"),
        ({"query": "x" * 50_001, **STORE}, 400, "VALIDATION_ERROR"),
    ],
    ids=lambda value: repr(value)[:40] if isinstance(value, bytes | dict) else None,
)  # fmt: skip
def test_a_body_the_proxy_does_not_take_is_refused_cleanly(demo_store, client, body, status, code):
    error = rest_refusal(proxy(client, body), status)

    assert error["extensions"]["code"] == code


def test_nul_bytes_in_the_variables_are_refused_before_anything_runs(ethanol, client):
    variant = ethanol.variants.get(sku="HS-1001-100ML")
    items = [{"productEntityId": ethanol.pk, "variantEntityId": variant.pk, "quantity": 1,
              "optionSelections": [{"optionEntityId": 1, "optionValue": "a\x00"}]}]  # fmt: skip

    answer = proxy(client, {"query": CREATE_CART, "variables": {"items": items}, **STORE})

    assert answer.status_code == 200
    assert answer.json()["errors"][0]["extensions"]["code"] in ("BAD_USER_INPUT", "GRAPHQL_VALIDATION_FAILED")
    assert Cart.objects.count() == 0


def test_a_form_body_or_a_get_is_refused(demo_store, client):
    form = client.post(URL, {"query": SEARCH, **STORE})
    get = client.get(URL)

    assert rest_refusal(form, 415)["extensions"]["code"] == "BAD_REQUEST"
    assert rest_refusal(get, 405)["extensions"]["code"] == "BAD_REQUEST"
