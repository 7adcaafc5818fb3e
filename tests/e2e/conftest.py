"""Browser journeys: the real overlay in headless Chromium against Django's live server."""

import os
import re

# pytest-playwright runs an event loop in the main thread; Django's ORM calls from the test body are safe here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from playwright.sync_api import expect  # noqa: E402

from accounts.demo import seed_accounts  # noqa: E402
from portal.demo import seed_store  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HERE = Path(__file__).parent

# How long an action or an assertion waits for what it needs before the test fails. A wait ends as soon as what it waits
# for is there, so the limit only decides how long a page that never gets there is watched: it is set far above what a
# loaded 2-core CI machine needs (once, a page that takes 0.5 s here was still loading after 15 s there).
WAIT_MS = 60_000
expect.set_options(timeout=WAIT_MS)


def pytest_collection_modifyitems(items):
    for item in items:
        if Path(str(item.fspath)).is_relative_to(HERE):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture
def demo(transactional_db):
    """The demo store and accounts in the live server's database."""
    store = seed_store()
    seed_accounts()
    return store


# A page's evaluate(TOKEN_STATUS, token): 'ok' while the B2B token works, else the error code (40101 when revoked).
TOKEN_STATUS = """async (token) => {
    const r = await fetch('/graphql', {method: 'POST',
      headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + token},
      body: JSON.stringify({query: '{ customerInfo { userType } }'})});
    const body = await r.json();
    return body.errors ? body.errors[0].extensions.code : 'ok';
}"""


def menu_entries(page) -> list[str]:
    menu = page.get_by_role("navigation", name="Portal menu")
    expect(menu).to_be_visible()
    return [text.strip() for text in menu.get_by_role("link").all_inner_texts()]


# Required labels end in " *"; the forgot-password form itself is named "Set a new password".
NEW_PASSWORD = re.compile(r"^New password")


def fill_new_password(page, password: str) -> None:
    """The new password and its confirmation, as every password form asks them."""
    page.get_by_label(NEW_PASSWORD).fill(password)
    page.get_by_label("Confirm new password").fill(password)


def sign_in_through_the_overlay(page, url: str, email: str, password: str = "Demo1234") -> None:
    page.goto(f"{url}/#/login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="SIGN IN").click()


@pytest.fixture
def portal(page, live_server, demo, settings, browser):
    """A page on the storefront home, with helpers to drive the overlay."""
    page.set_default_timeout(WAIT_MS)
    settings.SITE_URL = live_server.url  # e-mailed links (password reset) lead to this server

    class Portal:
        url = live_server.url

        def open(self, route: str = "/login"):
            page.goto(f"{live_server.url}/#{route}")

        def close(self):
            page.evaluate("location.hash = ''")

        def sign_in(self, email: str, password: str = "Demo1234"):
            sign_in_through_the_overlay(page, live_server.url, email, password)

        def sign_in_elsewhere(self, email: str, password: str = "Demo1234"):
            """Sign in in another browser (a new context: no cookies, no storage); returns (context, page)."""
            context = browser.new_context()
            other = context.new_page()
            other.set_default_timeout(WAIT_MS)
            sign_in_through_the_overlay(other, live_server.url, email, password)
            return context, other

    return Portal()
