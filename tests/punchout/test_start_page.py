"""`GET /punchout/start/{token}/` (issue 39 "Setup"): the StartPage of a setup response signs the buyer's browser in
once, within ten minutes, with a cart of the session's own; any other token answers 410 and signs nobody in."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from punchout import services
from punchout.cxml import SetupRequest
from punchout.models import PunchoutSession
from storefront.models import Cart
from tests.factories.accounts import MembershipFactory
from tests.punchout.support import ARIBA, connection_for, cxml_post, document_of, start_url_of, status_of

pytestmark = pytest.mark.django_db

NO_LONGER_VALID = "This PunchOut link is no longer valid"
USED_OR_OLD = "It was used already, or it is more than ten minutes old."


def signed_in_as(browser: Client) -> str | None:
    user_id = browser.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).email if user_id else None


def opened(connection) -> tuple[PunchoutSession, str]:
    """A session opened by a setup request of `connection`'s system, and its StartPage token."""
    setup = SetupRequest(
        operation="create",
        buyer_cookie="1J3YVWU9QWMTB",
        return_url=ARIBA.return_url,
        email=ARIBA.email,
        first_name="",
        last_name="",
    )
    return services.punchout_session_open(connection=connection, setup=setup, payload_id="")


def assert_refused_page(response) -> None:
    assert response.status_code == 410
    assert response["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"
    page = response.content.decode()
    assert NO_LONGER_VALID in page and USED_OR_OLD in page
    assert "sf_cart_id" not in response.cookies


def test_the_start_page_of_a_setup_response_signs_the_buyer_in_with_a_new_cart(demo_store, client):
    connection_for(ARIBA)
    setup = cxml_post(client, document_of(ARIBA))
    assert status_of(setup) == (200, "200", "")
    browser = Client()

    response = browser.get(start_url_of(setup))

    session = PunchoutSession.objects.get()
    assert (response.status_code, response["Location"]) == (302, "/")
    assert "no-store" in response["Cache-Control"].split(", ")
    assert signed_in_as(browser) == ARIBA.email == session.user.email
    assert browser.session["punchout_session"] == session.pk
    cookie = response.cookies["sf_cart_id"]
    assert (cookie.value, cookie["httponly"], cookie["samesite"]) == (str(session.cart_id), True, "Lax")
    cart = Cart.objects.get(pk=session.cart_id)
    assert (cart.user, cart.lines.count()) == (session.user, 0)
    assert session.started_at is not None and session.started_at <= timezone.now()


def test_the_start_page_opens_once(demo_store, client):
    connection_for(ARIBA)
    start_url = start_url_of(cxml_post(client, document_of(ARIBA)))
    Client().get(start_url)
    session = PunchoutSession.objects.get()
    other = Client()

    again = other.get(start_url)

    assert_refused_page(again)
    assert signed_in_as(other) is None
    assert PunchoutSession.objects.get().cart_id == session.cart_id
    assert Cart.objects.filter(user=session.user).count() == 1


def test_an_expired_start_page_signs_nobody_in(demo_store):
    session, token = opened(connection_for(ARIBA))
    PunchoutSession.objects.filter(pk=session.pk).update(start_expires_at=timezone.now() - timedelta(seconds=1))
    browser = Client()

    response = browser.get(f"/punchout/start/{token}/")

    assert_refused_page(response)
    assert signed_in_as(browser) is None
    session.refresh_from_db()
    assert (session.started_at, session.cart) == (None, None)


class Clock:
    """`timezone` as punchout.services reads it, at a time the test sets."""

    def __init__(self, at):
        self.at = at

    def now(self):
        return self.at


def test_a_start_page_is_valid_for_ten_minutes(demo_store, monkeypatch):
    clock = Clock(timezone.now())
    monkeypatch.setattr(services, "timezone", clock)
    connection = connection_for(ARIBA)
    _, in_time = opened(connection)
    _, too_late = opened(connection)
    browser, late_browser = Client(), Client()

    clock.at += timedelta(minutes=10, seconds=-1)
    response = browser.get(f"/punchout/start/{in_time}/")
    clock.at += timedelta(seconds=1)
    late = late_browser.get(f"/punchout/start/{too_late}/")

    assert response.status_code == 302 and signed_in_as(browser) == ARIBA.email
    assert_refused_page(late)
    assert signed_in_as(late_browser) is None


@pytest.mark.parametrize("token", ["unknown-token", "a" * 43, "x" * 200])
def test_an_unknown_or_overlong_token_signs_nobody_in(demo_store, token):
    opened(connection_for(ARIBA))
    browser = Client()

    response = browser.get(f"/punchout/start/{token}/")

    assert_refused_page(response)
    assert signed_in_as(browser) is None
    assert PunchoutSession.objects.get().started_at is None


def test_a_buyer_closed_since_the_setup_is_not_signed_in(demo_store):
    session, token = opened(connection_for(ARIBA))
    User.objects.filter(pk=session.user_id).update(is_active=False)
    browser = Client()

    response = browser.get(f"/punchout/start/{token}/")

    assert_refused_page(response)
    assert signed_in_as(browser) is None


def test_a_connection_switched_off_since_the_setup_signs_nobody_in(demo_store):
    connection = connection_for(ARIBA)
    _, token = opened(connection)
    connection.is_active = False
    connection.save()
    browser = Client()

    response = browser.get(f"/punchout/start/{token}/")

    assert_refused_page(response)
    assert signed_in_as(browser) is None


def test_the_start_page_switches_a_browser_signed_in_as_someone_else(demo_store):
    connection = connection_for(ARIBA)
    _, token = opened(connection)
    browser = Client()
    browser.force_login(MembershipFactory().user)

    response = browser.get(f"/punchout/start/{token}/")

    assert response.status_code == 302
    assert signed_in_as(browser) == ARIBA.email
