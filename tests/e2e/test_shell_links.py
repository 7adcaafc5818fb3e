"""What the loader does on storefront pages (shell §2 link handling, shell §6 cart rule), in Chromium."""

import re

from playwright.sync_api import expect

# Links a third-party storefront theme has; the built-in storefront renders none of them.
THEME_LINKS = """
<nav aria-label="Theme account links"><ul>
  <li><a href="/account.php?action=account_details">Account details</a></li>
  <li><a href="/account.php?action=order_status">Order status</a></li>
  <li><a href="/account.php?action=view_returns">Returns</a></li>
  <li><a href="/account.php?action=inbox">Inbox</a></li>
  <li><a href="/account.php?action=recent_items">Recently viewed</a></li>
  <li><a href="/login.php">Theme sign-in</a></li>
  <li><a href="/login.php?action=reset_password">Theme password reset</a></li>
  <li><a href="#">Empty hash</a></li>
  <li><a href="/cart.php" class="theme-cart">Theme cart</a></li>
</ul></nav>
"""


def with_theme_links(page, portal):
    """Serves the storefront's home page with the theme's links added before the loader runs."""

    def add_links(route):
        response = route.fetch()
        route.fulfill(response=response, body=response.text().replace("<main", THEME_LINKS + "<main", 1))

    page.route(re.compile(re.escape(portal.url) + r"/(\?.*)?$"), add_links)
    page.goto(portal.url + "/")


def test_the_loader_removes_returns_inbox_and_recent_items_links(page, portal):
    with_theme_links(page, portal)
    links = page.get_by_role("navigation", name="Theme account links").get_by_role("link")
    expect(links).to_have_text(
        ["Account details", "Order status", "Theme sign-in", "Theme password reset", "Empty hash", "Theme cart"]
    )


def test_storefront_links_open_the_portal_pages_that_exist(page, portal):
    with_theme_links(page, portal)
    page.get_by_role("link", name="Theme password reset").click()
    expect(page).to_have_url(re.compile(r"/#/forgotpassword\?action=reset_password$"))
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()

    page.get_by_role("button", name="Close").click()
    page.get_by_role("link", name="Empty hash").click()
    expect(page).to_have_url(re.compile(r"/#/login$"))
    page.get_by_role("button", name="Close").click()

    # A guest opening the account details is asked to sign in first.
    page.get_by_role("link", name="Account details").click()
    expect(page).to_have_url(re.compile(r"/#/login\?loginFlag=3$"))
    page.get_by_role("button", name="Close").click()

    # Order status is the portal's orders page (shell §2 legacy links): a guest is asked to sign in first.
    page.get_by_role("link", name="Order status").click()
    expect(page).to_have_url(re.compile(r"/#/login\?loginFlag=3$"))


def test_search_clicks_are_left_alone(page, portal):
    page.goto(portal.url + "/")
    page.get_by_label("Search the catalog").fill("ethanol")
    page.get_by_role("button", name="Search").click()
    expect(page).to_have_url(re.compile(r"/search/\?q=ethanol$"))
    expect(page.locator("#b2b-portal-root")).to_have_count(0)


def test_without_purchase_enable_the_loader_removes_the_cart(page, portal):
    portal.sign_in("junior@acme.test")
    expect(page.get_by_role("heading", name="Shopping lists", exact=True)).to_be_visible()
    with_theme_links(page, portal)
    expect(page.get_by_role("link", name="Account details")).to_be_visible()
    expect(page.get_by_role("link", name="Theme cart")).to_have_count(0)

    # A signed-in user following the theme's sign-in link lands in the portal, not on the sign-in form.
    page.get_by_role("link", name="Theme sign-in").click()
    expect(page).to_have_url(re.compile(r"/#/shoppingLists$"))


def test_with_purchase_enable_the_cart_stays(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    with_theme_links(page, portal)
    expect(page.get_by_role("link", name="Theme cart")).to_be_visible()
    expect(page.get_by_role("link", name="Cart", exact=True)).to_be_visible()
