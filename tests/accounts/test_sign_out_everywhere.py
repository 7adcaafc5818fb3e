"""One sign-out ends the customer's session everywhere in the browser, and "sign out everywhere" ends it on every
device (issue 12): storefront sign-out revokes the B2B tokens handed over from that storefront session; the
`logoutEverywhere` mutation revokes every token of the user and ends all of their storefront sessions."""

import json

import pytest
from django.conf import settings
from django.test import Client

from accounts.models import B2BToken, Company, MasqueradeSession, User
from tests.helpers import CUSTOMER_INFO, LOGIN, error_code

pytestmark = pytest.mark.django_db

AUTHORIZE = """mutation($bcToken: String!) {
  authorization(authData: {bcToken: $bcToken, channelId: 1}) { result { token } } }"""
LOGOUT_EVERYWHERE = "mutation { logoutEverywhere { result { message } } }"
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { isAgenting } }"
JSON = {"HTTP_ACCEPT": "application/json"}
JWT = "/customer/current.jwt"


def post_graphql(client: Client, query: str, variables: dict | None = None, token: str | None = None) -> dict:
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    response = client.post(
        "/graphql",
        data=json.dumps({"query": query, "variables": variables or {}}),
        content_type="application/json",
        **headers,
    )
    return response.json()


def signed_in_on_storefront(browser: Client) -> bool:
    """Whether the browser's storefront session still hands over a customer (its JWT)."""
    response = browser.get(JWT, {"app_client_id": settings.PORTAL_APP_CLIENT_ID})
    return response.status_code == 200 and response["Content-Type"] == "application/jwt"


def overlay_sign_in(browser: Client, email: str) -> str:
    """What the overlay does (ARCHITECTURE §8): storefront sign-in, the customer JWT, its exchange for a token."""
    assert browser.post("/login/", {"email": email, "password": "Demo1234"}, **JSON).status_code == 200
    return overlay_take_over(browser)


def overlay_take_over(browser: Client) -> str:
    jwt = browser.get(JWT, {"app_client_id": settings.PORTAL_APP_CLIENT_ID}).content.decode()
    body = post_graphql(browser, AUTHORIZE, {"bcToken": jwt})
    return body["data"]["authorization"]["result"]["token"]


def api_login(email: str) -> str:
    return post_graphql(Client(), LOGIN, {"email": email, "password": "Demo1234"})["data"]["login"]["result"]["token"]


def works(token: str) -> bool:
    body = post_graphql(Client(), CUSTOMER_INFO, token=token)
    if "errors" in body:
        assert error_code(body) == 40101
        return False
    return True


# --- signing out of the storefront -------------------------------------------------------------------------------


def test_storefront_sign_out_revokes_that_browsers_token_but_not_the_same_users_token_in_another_browser(demo_store):
    laptop, phone = Client(), Client()
    laptop_token = overlay_sign_in(laptop, "admin@acme.test")
    phone_token = overlay_sign_in(phone, "admin@acme.test")
    api_token = api_login("admin@acme.test")

    response = laptop.post("/logout/", **JSON)

    assert response.json() == {"ok": True}
    assert not works(laptop_token)
    assert works(phone_token) and works(api_token)
    assert not signed_in_on_storefront(laptop)
    assert signed_in_on_storefront(phone)


def test_signing_in_again_as_the_same_customer_keeps_the_browsers_tokens_bound(demo_store):
    browser = Client()
    first = overlay_sign_in(browser, "senior@acme.test")
    # The storefront form again (Django rotates the session key): both tokens still end with the session.
    second = overlay_sign_in(browser, "senior@acme.test")

    browser.post("/logout/")

    assert not works(first) and not works(second)


def test_another_customer_signing_in_on_the_browser_ends_the_previous_customers_portal_session(demo_store):
    browser = Client()
    previous = overlay_sign_in(browser, "senior@acme.test")

    current = overlay_sign_in(browser, "junior@acme.test")

    assert not works(previous)
    assert works(current)


def test_storefront_sign_out_ends_the_masquerade_of_that_browsers_token(demo_store):
    browser = Client()
    token = overlay_sign_in(browser, "superadmin@demo.test")
    assert "errors" not in post_graphql(browser, BEGIN, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)

    browser.post("/logout/")

    session = MasqueradeSession.objects.get()
    assert session.ended_at is not None and session.end_reason == "signed_out"


# --- sign out everywhere -----------------------------------------------------------------------------------------


def test_sign_out_everywhere_revokes_every_token_ends_masquerades_and_storefront_sessions(demo_store):
    laptop, phone, other_user = Client(), Client(), Client()
    laptop_token = overlay_sign_in(laptop, "superadmin@demo.test")
    phone_token = overlay_sign_in(phone, "superadmin@demo.test")
    api_token = api_login("superadmin@demo.test")
    acme = Company.objects.get(name="Acme Labs").pk
    assert "errors" not in post_graphql(Client(), BEGIN, {"id": acme}, token=phone_token)
    others_token = overlay_sign_in(other_user, "admin@acme.test")

    body = post_graphql(laptop, LOGOUT_EVERYWHERE, token=laptop_token)

    assert body == {"data": {"logoutEverywhere": {"result": {"message": "You have been signed out everywhere."}}}}
    assert [works(token) for token in (laptop_token, phone_token, api_token)] == [False, False, False]
    assert not B2BToken.objects.filter(user__email="superadmin@demo.test", revoked_at__isnull=True).exists()
    assert list(MasqueradeSession.objects.values_list("end_reason", flat=True)) == ["signed_out"]
    assert not MasqueradeSession.objects.filter(ended_at__isnull=True).exists()
    # Every storefront session of the user has ended; another customer's has not.
    assert not signed_in_on_storefront(laptop)
    assert not signed_in_on_storefront(phone)
    assert signed_in_on_storefront(other_user) and works(others_token)
    # Signing in afterwards works as ever.
    assert works(overlay_sign_in(phone, "superadmin@demo.test"))


@pytest.mark.parametrize("token", [None, "not-a-token"])
def test_sign_out_everywhere_is_refused_for_a_guest_and_changes_nothing(demo_store, token):
    browser = Client()
    live = overlay_sign_in(browser, "admin@acme.test")
    epochs = dict(User.objects.values_list("email", "session_epoch"))

    body = post_graphql(Client(), LOGOUT_EVERYWHERE, token=token)

    assert body["data"] is None and error_code(body) == 40101
    assert works(live)
    assert not B2BToken.objects.filter(revoked_at__isnull=False).exists()
    assert dict(User.objects.values_list("email", "session_epoch")) == epochs
    assert signed_in_on_storefront(browser)
