"""A storefront on another origin (README "Production": one script tag naming the API origin): the overlay bundle
is served by that storefront's host, like a CDN would, and the API is this server. A customer signs in through the
overlay — the storefront session, its CSRF token and the customer JWT all cross origins with credentials — works
with their quotes over the bearer-token API, and signs out everywhere."""

import json
import re
import threading
from functools import partial
from http.server import ThreadingHTTPServer

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from tests.e2e.conftest import WAIT_MS
from tests.e2e.storefront_site import StorefrontSite

JWT_STATUS = """async (api) => (await fetch(api + '/customer/current.jwt?app_client_id=helix-buyer-portal&channel_id=1',
    {credentials: 'include'})).status"""


class PartnerShop(StorefrontSite):
    """The page of this module's storefront (tests/e2e/storefront_site.py)."""


@pytest.fixture
def partner_shop(live_server, demo, settings):
    """The partner storefront's origin: http://localhost on a port of its own — another origin than the API's, on
    the same site, as shop.example.com is beside portal.example.com (so the default SameSite=Lax cookies serve)."""
    call_command("seed_demo")  # Acme's quotes
    dist = settings.FRONTEND_DIST
    loader = json.loads((dist / ".vite" / "manifest.json").read_text())["src/loader.ts"]["file"]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(PartnerShop, directory=str(dist)))
    origin = f"http://localhost:{server.server_port}"
    PartnerShop.page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Partner lab supplies</title></head>"
        "<body><h1>Partner lab supplies</h1>"
        f"<script type='module' src='/{loader}' data-api-origin='{live_server.url}' data-channel-id='1'></script>"
        "</body></html>"
    ).encode()
    # What the partner's deployment sets in the environment (CSRF_TRUSTED_ORIGINS follows CORS_ALLOWED_ORIGINS).
    # The live server reads both per request: django-cors-headers always, Django's CSRF check when it first meets
    # a cross-origin POST (this test's is the first).
    settings.CORS_ALLOWED_ORIGINS = [origin]
    settings.CSRF_TRUSTED_ORIGINS = [origin]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield origin
    server.shutdown()
    server.server_close()


def test_a_customer_signs_in_through_the_overlay_on_a_partner_storefront_and_out_again(page, live_server, partner_shop):
    assert live_server.url.startswith("http://localhost:") and live_server.url != partner_shop
    page.set_default_timeout(WAIT_MS)
    page.goto(f"{partner_shop}/#/login")
    expect(page.get_by_role("heading", name="Partner lab supplies")).to_be_attached()

    page.get_by_label("Email").fill("senior@acme.test")
    page.get_by_label("Password").fill("Demo1234")
    page.get_by_role("button", name="SIGN IN").click()
    # The senior buyer's landing page: their orders, from the API on the other origin.
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Sam Senior")
    assert page.evaluate(JWT_STATUS, live_server.url) == 200  # the storefront session, across origins

    # The company's quotes, from the API on the other origin.
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Quotes").click()
    expect(page.get_by_role("heading", name="Quotes", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name=re.compile(r"^Q-\d{6}$")).first).to_be_visible()

    page.get_by_role("button", name="SIGN OUT").click()
    expect(page).to_have_url(re.compile(r"#/login"))
    expect(page.get_by_role("button", name="SIGN IN")).to_be_visible()
    assert page.evaluate(JWT_STATUS, live_server.url) == 204  # signed out on the server too: nobody to hand over
