"""Issue 13: after signing in through the overlay and closing it, the storefront page shows the customer as they are
now (its header offers "My account" and "Sign out", not "Sign in")."""

import re

from playwright.sync_api import expect

from pricing.demo import seed_catalog


def test_closing_the_portal_after_signing_in_updates_the_storefront_header(page, portal):
    page.goto(portal.url + "/")
    account = page.get_by_role("navigation", name="Account")
    expect(account.get_by_role("link", name="Sign in")).to_be_visible()

    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    expect(page.get_by_role("button", name="Close")).to_be_visible()
    page.get_by_role("button", name="Close").click()

    expect(page).to_have_url(re.compile(r"/$"))
    expect(account.get_by_role("link", name="My account")).to_be_visible()
    expect(account.get_by_role("link", name="Sign in")).to_have_count(0)
    expect(account.get_by_role("button", name="Sign out")).to_be_visible()


def test_a_guests_page_load_logs_no_error(page, portal):
    """Issue 13: a guest is not an error — no 401 for /customer/current.jwt, nothing in the console."""
    seed_catalog()
    errors: list[str] = []
    failed: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("response", lambda response: failed.append(response.url) if response.status >= 400 else None)

    page.goto(portal.url + "/products/ethanol-absolute-998/")
    expect(page.get_by_role("button", name="Add to Quote")).to_be_visible()
    portal.open("/login")
    expect(page.get_by_role("button", name="SIGN IN")).to_be_visible()

    assert (errors, failed) == ([], [])
