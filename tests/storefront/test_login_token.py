"""`storefrontLoginToken` and `GET /login/token/{token}` (shell §7, fire and forget; issue 22): the portal's signed-in
caller signs the storefront in once — never twice, never with a forged, expired or voided token."""

from __future__ import annotations

import time

import pytest
from django.core import signing
from django.test import Client

from accounts.models import User
from storefront.login_tokens import LOGIN_TOKEN_MAX_AGE, LOGIN_TOKEN_SALT
from tests.helpers import error_code, rest_refusal

pytestmark = pytest.mark.django_db

ISSUE = "mutation { storefrontLoginToken { token } }"


@pytest.fixture
def issue(graphql, login):
    def run(email: str = "senior@acme.test") -> str:
        body = graphql(ISSUE, token=login(email))
        assert "errors" not in body, body
        return body["data"]["storefrontLoginToken"]["token"]

    return run


def signed_in_as(client: Client) -> str | None:
    user_id = client.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).email if user_id else None


def test_the_token_signs_the_storefront_in_once(demo_store, issue):
    token = issue()
    browser, other = Client(), Client()

    first = browser.get(f"/login/token/{token}")
    second = other.get(f"/login/token/{token}")

    assert first.status_code == 204 and first["Cache-Control"] == "no-store"
    assert signed_in_as(browser) == "senior@acme.test"
    assert rest_refusal(second, 403)["extensions"] == {"code": "INVALID_LOGIN_TOKEN"}
    assert signed_in_as(other) is None


def test_with_next_it_goes_on_signed_in_or_to_the_sign_in_page(demo_store, issue):
    token = issue()
    browser = Client()

    used = browser.get(f"/login/token/{token}?next=/cart.php")
    again = Client().get(f"/login/token/{token}?next=/cart.php")
    away = Client().get(f"/login/token/{issue()}?next=https://evil.test/")

    assert (used.status_code, used["Location"]) == (302, "/cart.php")
    assert (again.status_code, again["Location"]) == (302, "/login/?next=%2Fcart.php")
    assert (away.status_code, away["Location"]) == (302, "/")


def test_it_switches_the_storefront_from_another_customer(demo_store, issue):
    browser = Client()
    browser.force_login(User.objects.get(email="admin@globex.test"))

    browser.get(f"/login/token/{issue('senior@acme.test')}")

    assert signed_in_as(browser) == "senior@acme.test"


class SignedLongAgo(signing.TimestampSigner):
    """Signs as if it were 121 seconds ago: one second past a login token's two minutes (LOGIN_TOKEN_MAX_AGE)."""

    def timestamp(self):
        return signing.b62_encode(int(time.time()) - LOGIN_TOKEN_MAX_AGE - 1)


@pytest.mark.parametrize("kind", ["forged", "garbage", "expired", "long"])
def test_a_token_that_is_not_ours_or_too_old_signs_nobody_in(demo_store, kind):
    senior = User.objects.get(email="senior@acme.test")
    data = {"user": senior.pk, "epoch": senior.session_epoch, "nonce": "n"}
    token = {
        "forged": signing.dumps(data, salt="another.salt"),
        "garbage": "not-a-token",
        "expired": SignedLongAgo(salt=LOGIN_TOKEN_SALT).sign_object(data, compress=True),
        "long": "a" * 5000,
    }[kind]
    browser = Client()

    answer = browser.get(f"/login/token/{token}")

    assert rest_refusal(answer, 403)["extensions"] == {"code": "INVALID_LOGIN_TOKEN"}
    assert signed_in_as(browser) is None


def test_a_token_signed_within_two_minutes_is_taken(demo_store):
    senior = User.objects.get(email="senior@acme.test")
    data = {"user": senior.pk, "epoch": senior.session_epoch, "nonce": "fresh"}

    class SignedJustNow(signing.TimestampSigner):
        def timestamp(self):
            return signing.b62_encode(int(time.time()) - LOGIN_TOKEN_MAX_AGE + 5)

    browser = Client()
    answer = browser.get(f"/login/token/{SignedJustNow(salt=LOGIN_TOKEN_SALT).sign_object(data, compress=True)}")

    assert answer.status_code == 204 and signed_in_as(browser) == "senior@acme.test"


def test_signing_out_everywhere_voids_the_tokens_already_issued(demo_store, issue, graphql, login):
    token = issue()
    graphql("mutation { logoutEverywhere { result { message } } }", token=login("senior@acme.test"))
    browser = Client()

    assert rest_refusal(browser.get(f"/login/token/{token}"), 403)["extensions"]["code"] == "INVALID_LOGIN_TOKEN"
    assert signed_in_as(browser) is None


def test_a_guest_or_a_dead_token_gets_no_login_token(demo_store, graphql):
    assert error_code(graphql(ISSUE)) == 40101
    assert error_code(graphql(ISSUE, token="not-a-token")) == 40101


def test_only_get_is_served(demo_store, issue):
    token = issue()
    browser = Client()

    answer = browser.post(f"/login/token/{token}")

    assert answer.status_code in (403, 405)
    assert signed_in_as(browser) is None
