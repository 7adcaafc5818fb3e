"""A storefront on another origin signs its customers in through this server's storefront session: CORS with
credentials on the session endpoints only, for CORS_ALLOWED_ORIGINS only, and CSRF-checked POSTs that trust
exactly those origins (README "Production", docs/decisions.md)."""

import pytest
from django.conf import settings as django_settings
from django.test import Client

pytestmark = pytest.mark.django_db

SHOP = "https://shop.helix.test"
EVIL = "https://evil.test"


@pytest.fixture
def partner(settings):
    # In production CSRF_TRUSTED_ORIGINS takes every CORS origin from the environment (portal/settings.py).
    settings.CORS_ALLOWED_ORIGINS = [SHOP]
    settings.CSRF_TRUSTED_ORIGINS = [SHOP]
    return Client(enforce_csrf_checks=True)


def _csrf_token(client: Client, origin: str) -> tuple[str, object]:
    response = client.get("/api/v2/csrf-token", HTTP_ORIGIN=origin)
    assert response.status_code == 200 and response["Cache-Control"] == "no-store"
    return response.json()["csrfToken"], response


def _sign_in(client: Client, origin: str, token: str):
    return client.post(
        "/login/",
        {"email": "senior@acme.test", "password": "Demo1234"},
        HTTP_ORIGIN=origin,
        HTTP_ACCEPT="application/json",
        HTTP_X_CSRFTOKEN=token,
    )


def _customer_jwt(client: Client, origin: str):
    return client.get(
        "/customer/current.jwt", {"app_client_id": django_settings.PORTAL_APP_CLIENT_ID}, HTTP_ORIGIN=origin
    )


def test_an_allowed_storefront_signs_in_gets_the_jwt_and_signs_out_with_credentials(demo_store, partner):
    token, answer = _csrf_token(partner, SHOP)
    assert (answer["Access-Control-Allow-Origin"], answer["Access-Control-Allow-Credentials"]) == (SHOP, "true")

    preflight = partner.options(
        "/login/",
        HTTP_ORIGIN=SHOP,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST",
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="content-type,x-csrftoken",
    )
    assert preflight.status_code == 200
    assert (preflight["Access-Control-Allow-Origin"], preflight["Access-Control-Allow-Credentials"]) == (SHOP, "true")
    assert "x-csrftoken" in preflight["Access-Control-Allow-Headers"]

    signed_in = _sign_in(partner, SHOP, token)
    assert signed_in.status_code == 200 and signed_in.json()["ok"] is True
    assert signed_in["Access-Control-Allow-Credentials"] == "true"

    jwt = _customer_jwt(partner, SHOP)
    assert jwt.status_code == 200 and jwt.content.count(b".") == 2
    assert (jwt["Access-Control-Allow-Origin"], jwt["Access-Control-Allow-Credentials"]) == (SHOP, "true")

    token, _ = _csrf_token(partner, SHOP)  # signing in rotates the token
    signed_out = partner.post("/logout/", HTTP_ORIGIN=SHOP, HTTP_ACCEPT="application/json", HTTP_X_CSRFTOKEN=token)
    assert signed_out.status_code == 200 and signed_out.json() == {"ok": True}
    assert "_auth_user_id" not in partner.session


def test_another_origin_gets_no_credentials_and_cannot_sign_in_even_with_a_token(demo_store, partner):
    token, answer = _csrf_token(partner, EVIL)
    # The browser keeps the answer from the page: no CORS headers for an origin not on the list.
    assert "Access-Control-Allow-Origin" not in answer and "Access-Control-Allow-Credentials" not in answer
    refused = _sign_in(partner, EVIL, token)
    assert refused.status_code == 403
    assert "_auth_user_id" not in partner.session
    jwt = _customer_jwt(partner, EVIL)
    assert jwt.status_code == 204 and "Access-Control-Allow-Origin" not in jwt


def test_the_api_answers_an_allowed_storefront_without_credentials(demo_store, partner):
    response = partner.post(
        "/graphql",
        data={"query": "{ storeBasicInfo { storeName } }"},
        content_type="application/json",
        HTTP_ORIGIN=SHOP,
    )
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == SHOP
    assert "Access-Control-Allow-Credentials" not in response
    # Storefront pages are not the session hand-over either.
    page = partner.get("/cart.php", HTTP_ORIGIN=SHOP)
    assert "Access-Control-Allow-Credentials" not in page


def test_every_cors_origin_is_a_trusted_csrf_origin(monkeypatch):
    import importlib

    import portal.settings as portal_settings

    monkeypatch.setenv("CORS_ALLOWED_ORIGINS", f"{SHOP},https://other.helix.test")
    monkeypatch.setenv("CSRF_TRUSTED_ORIGINS", "https://admin.helix.test,https://shop.helix.test")
    try:
        reloaded = importlib.reload(portal_settings)
        assert reloaded.CSRF_TRUSTED_ORIGINS == [
            "https://admin.helix.test",
            SHOP,
            "https://other.helix.test",
        ]
    finally:
        monkeypatch.undo()
        importlib.reload(portal_settings)
