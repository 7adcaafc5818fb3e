"""The storefront-session edges' CSRF check (portal.rest.authentication, issue 22 and issue 37 Must 2): Django's check,
run through its middleware's public hooks, whose origin check alone also accepts a storefront token's origin on a
request carrying that token. These call the check directly, past portal.middleware's token guard (which refuses a
token sent from another origin before any view), so that the check itself is what refuses."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.middleware.csrf import get_token
from django.test import RequestFactory
from rest_framework.request import Request

from portal.models import Channel
from portal.rest.authentication import StorefrontSessionAuthentication
from portal.rest.errors import RestError
from portal.storefront_tokens import issue_storefront_token

SHOP = "https://shop.helix.test"
OTHER_SHOP = "https://other-shop.helix.test"
EVIL = "https://evil.test"

pytestmark = pytest.mark.django_db


@pytest.fixture
def token(demo_store):
    _, token = issue_storefront_token(channel=Channel.objects.get(channel_id=1), allowed_origins=[SHOP])
    return token


@pytest.fixture
def csrf() -> tuple[str, str]:
    """A CSRF cookie's secret and a token for it, as the csrf-token edge hands a page them."""
    page = RequestFactory().get("/")
    masked = get_token(page)
    return page.META["CSRF_COOKIE"], masked


def check(*, origin: str | None, storefront_token, cookie: str | None, header: str | None) -> str | None:
    """The check's refusal (its message), None when the request passes it."""
    factory = RequestFactory()
    if cookie is not None:
        factory.cookies[settings.CSRF_COOKIE_NAME] = cookie
    headers = {"HTTP_ORIGIN": origin} if origin is not None else {}
    if header is not None:
        headers["HTTP_X_CSRFTOKEN"] = header
    django_request = factory.post("/login/", {}, secure=True, **headers)
    django_request.storefront_token = storefront_token  # what portal.middleware's guard sets
    try:
        StorefrontSessionAuthentication().authenticate(Request(django_request))
    except RestError as refusal:
        assert refusal.status_code == 403
        return str(refusal.detail)
    finally:
        # The origin the check read in place of the token's is put back.
        assert django_request.META.get("HTTP_ORIGIN") == origin
    return None


def test_the_tokens_origin_with_the_csrf_token_passes(token, csrf):
    cookie, header = csrf

    assert check(origin=SHOP, storefront_token=token, cookie=cookie, header=header) is None


def test_the_tokens_origin_without_the_csrf_token_is_refused(token, csrf):
    cookie, header = csrf

    no_header = check(origin=SHOP, storefront_token=token, cookie=cookie, header=None)
    no_cookie = check(origin=SHOP, storefront_token=token, cookie=None, header=header)
    wrong = check(origin=SHOP, storefront_token=token, cookie=cookie, header="x" * len(header))

    assert no_header == "CSRF verification failed: CSRF token missing."
    assert no_cookie == "CSRF verification failed: CSRF cookie not set."
    assert wrong is not None and wrong.startswith("CSRF verification failed: CSRF token from the 'X-Csrftoken'")


def test_a_valid_token_does_not_open_another_origin(token, csrf):
    cookie, header = csrf

    for origin in (EVIL, OTHER_SHOP, "null"):
        refusal = check(origin=origin, storefront_token=token, cookie=cookie, header=header)
        assert (
            refusal
            == f"CSRF verification failed: Origin checking failed - {origin} does not match any trusted origins."
        )


def test_without_the_token_the_tokens_origin_is_not_trusted(token, csrf):
    cookie, header = csrf

    refusal = check(origin=SHOP, storefront_token=None, cookie=cookie, header=header)

    assert refusal == f"CSRF verification failed: Origin checking failed - {SHOP} does not match any trusted origins."


def test_the_sites_own_origin_passes_as_django_lets_it(csrf):
    cookie, header = csrf

    assert check(origin="https://testserver", storefront_token=None, cookie=cookie, header=header) is None
    assert check(origin="https://testserver", storefront_token=None, cookie=cookie, header=None) is not None
