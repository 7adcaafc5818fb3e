"""Portal shell in Chromium (issue 3): sign-in through the storefront for every kind of user, their menu and
landing page, the gates, sign-out and expired sessions."""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from accounts.models import B2BToken, User
from tests.e2e.conftest import TOKEN_STATUS, menu_entries
from tests.helpers import until_state

JWT_STATUS = """async () => (await fetch('/customer/current.jwt?app_client_id=helix-buyer-portal&channel_id=1',
    {credentials: 'include'})).status"""

# e-mail, the name the header shows, the company it shows (None: none).
ACCOUNTS = [
    ("admin@acme.test", "Alice Admin", "Acme Labs"),
    ("senior@acme.test", "Sam Senior", "Acme Labs"),
    ("junior@acme.test", "Jules Junior", "Acme Labs"),
    ("admin@globex.test", "Grace Globex", "Globex Research"),
    ("b2c@demo.test", "Ivy Individual", None),
    ("superadmin@demo.test", "Sue Superadmin", None),
    ("admin@pendingbio.test", "Pat Pending", "Pending Bio"),
]
# The menu pages that exist so far, as each account's role and permission codes allow them (shell §2, §6): the
# company's orders ("Lab orders"), its invoices and user management for those who read the company's (admins, senior
# buyers), their own orders for all but the junior buyer, shopping lists, quick order and addresses for every customer;
# issue 41's approvals (purchase requests) for a company's users.
COMPANY_READER_MENU = [
    "My orders", "Lab orders", "Approvals", "Invoices", "Quotes", "Shopping lists", "Quick order", "Addresses",
    "User management", "Account settings",
]  # fmt: skip
BUYER_MENU = ["My orders", "Quotes", "Shopping lists", "Quick order", "Addresses", "Account settings"]
MENUS = {
    "admin@acme.test": COMPANY_READER_MENU,
    "senior@acme.test": COMPANY_READER_MENU,
    "junior@acme.test": ["Approvals", "Quotes", "Shopping lists", "Quick order", "Addresses", "Account settings"],
    "admin@globex.test": COMPANY_READER_MENU,
    "b2c@demo.test": BUYER_MENU,
    "superadmin@demo.test": ["Dashboard", "My orders", "Account settings"],
    "admin@pendingbio.test": BUYER_MENU,
}


@pytest.mark.parametrize(("email", "name", "company"), ACCOUNTS, ids=[account[0] for account in ACCOUNTS])
def test_each_demo_account_signs_in_through_the_overlay_and_sees_exactly_its_menu_and_landing_page(
    page, portal, email, name, company
):
    portal.sign_in(email)

    # The super admin lands on the dashboard (shell §2), everyone else on their orders, the junior buyer (who has
    # none) on their shopping lists (shell §2 landing order: orders, shopping lists, account settings — the first
    # with a page). A super admin who is not masquerading has quotes off.
    if email == "superadmin@demo.test":
        expect(page).to_have_url(re.compile(r"#/dashboard$"))
        expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    elif email == "junior@acme.test":
        expect(page).to_have_url(re.compile(r"#/shoppingLists$"))
        expect(page.get_by_role("heading", name="Shopping lists", exact=True)).to_be_visible()
    else:
        expect(page).to_have_url(re.compile(r"#/orders$"))
        expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    assert menu_entries(page) == MENUS[email]
    summary = page.get_by_test_id("user-summary")
    expect(summary).to_contain_text(name)
    if company:
        expect(summary).to_contain_text(company)
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()
    # The storefront session is signed in too (cart, checkout): it hands out the customer's JWT.
    assert page.evaluate(JWT_STATUS) == 200


def test_a_junior_buyer_typing_the_user_management_route_is_sent_to_the_landing_page(page, portal):
    portal.sign_in("junior@acme.test")
    expect(page).to_have_url(re.compile(r"#/shoppingLists$"))
    page.evaluate("location.hash = '#/user-management'")
    expect(page).to_have_url(re.compile(r"#/shoppingLists$"))
    expect(page.get_by_role("heading", name="Shopping lists", exact=True)).to_be_visible()


@pytest.mark.parametrize("route", ["/orders", "/user-management", "/accountSettings"])
def test_a_guest_typing_a_protected_route_lands_on_sign_in_with_flag_3(page, portal, route):
    portal.open(route)
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3$"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    # Issue 36: a guest who never signed in is asked to, not told they were signed out.
    expect(page.get_by_text("Please sign in to continue.")).to_be_visible()
    expect(page.get_by_text("You have been signed out.")).to_have_count(0)


def test_a_customer_signed_in_on_the_storefront_arrives_signed_in(page, portal):
    page.goto(portal.url + "/login/")
    page.locator("main").get_by_label("Email").fill("senior@acme.test")
    page.locator("main").get_by_label("Password").fill("Demo1234")
    page.locator("main").get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("link", name="My account")).to_be_visible()

    page.get_by_role("link", name="My account").click()
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Sam Senior")
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')")


def test_sign_out_revokes_the_token_and_ends_the_storefront_session(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    token = page.evaluate("sessionStorage.getItem('sf-B2BToken')")
    assert page.evaluate(JWT_STATUS) == 200

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3$"))
    expect(page.get_by_text("You have been signed out.")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") is None
    assert page.evaluate(TOKEN_STATUS, token) == 40101
    assert page.evaluate(JWT_STATUS) == 204  # nobody signed in (not an error)

    # Reloading the signed-out page does not sign anybody back in.
    page.reload()
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") is None


def test_signing_out_of_the_storefront_ends_the_overlays_session_in_that_browser(page, portal):
    # Issue 12: signed in on the storefront's own form, the customer opens the overlay, which takes the storefront
    # session over with a B2B token of its own.
    page.goto(portal.url + "/login/")
    page.locator("main").get_by_label("Email").fill("senior@acme.test")
    page.locator("main").get_by_label("Password").fill("Demo1234")
    page.locator("main").get_by_role("button", name="Sign in").click()
    page.get_by_role("link", name="My account").click()
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    token = page.evaluate("sessionStorage.getItem('sf-B2BToken')")
    assert page.evaluate(TOKEN_STATUS, token) == "ok"

    # The overlay's own `logout` is kept from the server, so that only the storefront's sign-out can end the token.
    def keep_overlay_logout_away(route):
        if "mutation Logout" in (route.request.post_data or ""):
            route.abort()
        else:
            route.continue_()

    page.route("**/graphql", keep_overlay_logout_away)
    portal.close()
    page.locator("header").get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3$"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()

    assert page.evaluate(TOKEN_STATUS, token) == 40101
    assert page.evaluate(JWT_STATUS) != 200  # nobody signed in on the storefront any more


def test_sign_out_everywhere_ends_the_sessions_of_every_browser(page, portal):
    other_browser, other = portal.sign_in_elsewhere("admin@acme.test")
    expect(other.get_by_role("heading", name="My orders")).to_be_visible()
    other_token = other.evaluate("sessionStorage.getItem('sf-B2BToken')")
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()

    page.get_by_role("button", name="End all sessions").click()
    dialog = page.get_by_role("dialog", name="Sign out everywhere?")
    dialog.get_by_role("button", name="End all sessions").click()

    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3$"))
    expect(page.get_by_text("You have been signed out on all devices.")).to_be_visible()
    assert page.evaluate(JWT_STATUS) != 200  # nobody signed in on the storefront any more
    assert other.evaluate(TOKEN_STATUS, other_token) == 40101
    assert other.evaluate(JWT_STATUS) != 200
    other_browser.close()


def test_a_wrong_password_and_a_blocked_account_are_explained(page, portal):
    portal.sign_in("admin@acme.test", "not-the-password1")
    expect(page.get_by_text("Your email address or password is incorrect. Please try again.")).to_be_visible()

    User.objects.filter(email="senior@acme.test").update(force_password_reset=True)
    page.get_by_label("Email").fill("senior@acme.test")
    page.get_by_label("Password").fill("Demo1234")
    page.get_by_role("button", name="SIGN IN").click()
    alert = page.get_by_role("alert").filter(has_text="You need to set a new password before you can sign in.")
    expect(alert).to_be_visible()
    alert.get_by_role("link", name="Set a new password").click()
    expect(page).to_have_url(re.compile(r"#/forgotpassword$"))


def test_a_revoked_token_at_start_up_leads_to_sign_in_without_the_tip(page, portal):
    portal.sign_in("senior@acme.test")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    # The page's own requests have their answers (the list's count is shown): none is left to meet the revoked token
    # and clear it before the reload, which would then start without a token and take the shop's session over.
    expect(page.get_by_role("status").filter(has_text=re.compile(r"^\d+ orders?$"))).to_be_visible()

    def token_the_page_holds_refused() -> bool:
        # Every token is revoked, also one the page may have been given since the last look (the tail of sign-in, on
        # a loaded machine), until the token the page holds is the one the server refuses: the reload must meet it.
        B2BToken.objects.update(revoked_at=timezone.now())
        token = page.evaluate("sessionStorage.getItem('sf-B2BToken')")
        assert token, "the page lost its token before the reload"
        return page.evaluate(TOKEN_STATUS, token) == 40101

    until_state(token_the_page_holds_refused, "the token the page holds refused")

    page.reload()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3&showTip=false$"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    expect(page.get_by_text("Your session has expired. Please sign in again.")).to_be_visible()
    expect(page.get_by_text("You have been signed out.")).to_have_count(0)


def test_a_token_that_expires_while_the_portal_is_open_leads_to_sign_in_without_the_tip(page, portal):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    B2BToken.objects.update(expires_at=timezone.now())

    page.get_by_role("button", name="Save changes").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3&showTip=false$"))
    expect(page.get_by_text("Your session has expired. Please sign in again.")).to_be_visible()
    expect(page.get_by_text("You have been signed out.")).to_have_count(0)
