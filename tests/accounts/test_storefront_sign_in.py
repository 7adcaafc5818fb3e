"""Storefront sign-in (Django session), the customer JWT and its exchange for a B2B token (ARCHITECTURE §8)."""

import time

import jwt
import pytest
from django.conf import settings

from accounts.models import B2BToken
from tests.helpers import CUSTOMER_INFO, error_code, rest_refusal

pytestmark = pytest.mark.django_db

AUTHORIZE = """
mutation($bcToken: String!, $channelId: Int!) {
  authorization(authData: {bcToken: $bcToken, channelId: $channelId}) {
    result { token loginType permissions { code } }
  }
}
"""
JSON = {"HTTP_ACCEPT": "application/json"}


def _jwt(client) -> str:
    response = client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID})
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/jwt"
    return response.content.decode()


def test_sign_in_form_signs_in_and_redirects_to_next(demo_store, client):
    response = client.post("/login/", {"email": "admin@acme.test", "password": "Demo1234", "next": "/cart.php"})
    assert response.status_code == 302
    assert response["Location"] == "/cart.php"
    assert "My account" in client.get("/").content.decode()


def test_sign_in_never_redirects_to_another_site(demo_store, client):
    response = client.post(
        "/login/", {"email": "admin@acme.test", "password": "Demo1234", "next": "https://evil.test/"}
    )
    assert response["Location"] == "/"


@pytest.mark.parametrize(("email", "password"), [("admin@acme.test", "nope12345"), ("ghost@acme.test", "Demo1234")])
def test_failed_sign_in_says_the_same_whether_or_not_the_account_exists(demo_store, client, email, password):
    response = client.post("/login/", {"email": email, "password": password}, **JSON)
    assert rest_refusal(response, 400) == {
        "message": "Your email address or password is incorrect. Please try again.",
        "extensions": {"code": "INVALID_CREDENTIALS"},
    }
    assert "_auth_user_id" not in client.session


def test_failed_sign_ins_make_that_address_wait_for_that_account_only(demo_store, client, clock):
    # Issue 12: a growing delay instead of a lock-out (the rules: tests/accounts/test_sign_in_throttling.py).
    for _ in range(5):
        client.post("/login/", {"email": "senior@acme.test", "password": "wrong-guess1"}, **JSON)
    response = client.post("/login/", {"email": "senior@acme.test", "password": "Demo1234"}, **JSON)
    assert rest_refusal(response, 429)["extensions"] == {"code": "TOO_MANY_ATTEMPTS", "retryAfter": 1}
    assert response["Retry-After"] == "1"
    assert "_auth_user_id" not in client.session
    # Another account is not held up by it.
    assert client.post("/login/", {"email": "admin@acme.test", "password": "Demo1234"}, **JSON).status_code == 200
    # The wait over, the right password is accepted.
    clock.advance(1)
    assert client.post("/login/", {"email": "senior@acme.test", "password": "Demo1234"}, **JSON).status_code == 200


def test_the_api_login_shares_the_throttling(demo_store, client, graphql, clock):
    from tests.helpers import LOGIN

    for _ in range(5):
        client.post("/login/", {"email": "junior@acme.test", "password": "wrong-guess1"}, **JSON)
    assert error_code(graphql(LOGIN, {"email": "junior@acme.test", "password": "Demo1234"})) == "TOO_MANY_ATTEMPTS"


def test_current_jwt_needs_a_signed_in_customer_and_the_right_client_id(demo_store, client):
    assert client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID}).status_code == 204
    client.login(username="admin@acme.test", password="Demo1234")
    assert client.get("/customer/current.jwt", {"app_client_id": "someone-else"}).status_code == 400
    assert client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID}).status_code == 200


def test_storefront_session_is_exchanged_for_a_b2b_token(demo_store, client, graphql):
    client.post("/login/", {"email": "admin@acme.test", "password": "Demo1234"}, **JSON)
    body = graphql(AUTHORIZE, {"bcToken": _jwt(client), "channelId": 1})
    result = body["data"]["authorization"]["result"]
    assert {"code": "purchase_enable"} in result["permissions"]
    me = graphql(CUSTOMER_INFO, token=result["token"])["data"]["customerInfo"]
    assert me["userInfo"]["email"] == "admin@acme.test"


def test_a_customer_jwt_works_once(demo_store, client, graphql):
    client.login(username="admin@acme.test", password="Demo1234")
    token = _jwt(client)
    assert "errors" not in graphql(AUTHORIZE, {"bcToken": token, "channelId": 1})
    body = graphql(AUTHORIZE, {"bcToken": token, "channelId": 1})
    assert error_code(body) == "INVALID_CUSTOMER_TOKEN"
    assert B2BToken.objects.count() == 1


def _forged(**claims) -> str:
    now = int(time.time())
    base = {"aud": "b2b-portal", "sub": "1", "iat": now, "exp": now + 60, "jti": "x", "channel_id": 1}
    return jwt.encode({**base, **claims}, settings.SECRET_KEY, algorithm="HS256")


@pytest.mark.parametrize(
    "token",
    [
        "not.a.jwt",
        "forged-with-another-key",
        "expired",
        "other-channel",
        "wrong-audience",
    ],
)
def test_bad_customer_jwts_are_refused_and_issue_nothing(demo_store, graphql, token):
    now = int(time.time())
    tokens = {
        "forged-with-another-key": jwt.encode(
            {"aud": "b2b-portal", "sub": "1", "iat": now, "exp": now + 60, "jti": "a", "channel_id": 1},
            "another-key-another-key-another-key",
            algorithm="HS256",
        ),
        "expired": _forged(iat=now - 600, exp=now - 300, jti="b"),
        "other-channel": _forged(channel_id=2, jti="c"),
        "wrong-audience": _forged(aud="someone-else", jti="d"),
    }
    body = graphql(AUTHORIZE, {"bcToken": tokens.get(token, token), "channelId": 1})
    assert error_code(body) == "INVALID_CUSTOMER_TOKEN"
    assert B2BToken.objects.count() == 0


def test_sign_out_ends_the_storefront_session(demo_store, client):
    client.login(username="admin@acme.test", password="Demo1234")
    response = client.post("/logout/")
    assert response["Location"] == "/#/login?loginFlag=3"
    assert client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID}).status_code == 204


def test_junior_buyer_has_no_cart_on_the_storefront(demo_store, client):
    client.login(username="junior@acme.test", password="Demo1234")
    html = client.get("/cart.php").content.decode()
    assert 'class="cart-link"' not in html
    assert 'class="cart-actions"' not in html
    assert "Your account cannot place orders." in html
    client.login(username="senior@acme.test", password="Demo1234")
    assert 'class="cart-link"' in client.get("/").content.decode()


def test_guest_has_the_cart(demo_store, client):
    assert 'class="cart-link"' in client.get("/").content.decode()
