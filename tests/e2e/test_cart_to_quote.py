"""The storefront cart's "Add All to Quote" in a real browser (issue 13, business §3 "Cart", §4 cart-to-quote)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from quotes.models import QuoteDraft
from storefront.models import Cart
from tests.e2e.conftest import WAIT_MS

PIPETTE = "LabPro single-channel adjustable pipette"
ENGRAVING = "Lab 3 · bench 2"


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def toast(page):
    return page.locator("#helix-quote-toast")


def put_the_configured_pipette_in_the_cart(page, base_url: str, price: str = "$310.88") -> None:
    """The volume range (a variant option), the calibration certificate (a checkbox) and an engraving (text), at the
    buyer's `price`."""
    page.goto(f"{base_url}/products/labpro-single-channel-adjustable-pipette/")
    page.get_by_role("radiogroup", name="Volume range").get_by_label("10–100 µL").check()
    page.get_by_label(re.compile("Add a traceable calibration certificate")).check()
    page.get_by_label("Engraving text").fill(ENGRAVING)
    page.get_by_role("button", name="Add to Cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    row = page.get_by_role("row", name=re.compile(PIPETTE))
    expect(row).to_contain_text("Calibration certificate: Yes")
    expect(row).to_contain_text(f"Engraving text: {ENGRAVING}")
    expect(row).to_contain_text(price)


def expect_the_draft_holds_the_pipette_as_in_the_cart(page) -> None:
    page.get_by_role("button", name="Finish quote").click()
    expect(page.get_by_role("heading", name="Quote draft")).to_be_visible()
    row = page.get_by_role("table", name="Products").get_by_role("row", name=re.compile(PIPETTE))
    expect(row).to_contain_text("HS-3001-100UL")
    expect(row).to_contain_text("Volume range: 10–100 µL")
    expect(row).to_contain_text("Calibration certificate: Yes")  # ticked
    expect(row).to_contain_text(f"Engraving text: {ENGRAVING}")
    expect(row).to_contain_text("$310.88")


def test_add_all_to_quote_carries_every_option_of_the_cart_line_at_the_carts_price(page, portal, shop):
    portal.sign_in("admin@globex.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    put_the_configured_pipette_in_the_cart(page, portal.url)

    page.get_by_role("button", name="Add All to Quote").click()
    expect(toast(page)).to_have_text("Product was added to your quote.")

    expect_the_draft_holds_the_pipette_as_in_the_cart(page)
    draft = QuoteDraft.objects.get(user__email="admin@globex.test")
    assert draft.lines.count() == 1
    assert draft.cart_id == str(Cart.objects.get(user__email="admin@globex.test").pk)  # business §4


def test_add_all_to_quote_in_a_second_tab_adds_the_signed_in_customers_cart(page, portal, shop):
    portal.sign_in("admin@globex.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    put_the_configured_pipette_in_the_cart(page, portal.url)

    # Another tab of the same browser: the storefront session is shared, the first tab's session storage is not.
    second = page.context.new_page()
    second.set_default_timeout(WAIT_MS)
    second.goto(f"{portal.url}/cart.php")
    expect(second.get_by_role("row", name=re.compile(PIPETTE))).to_contain_text("$310.88")
    second.get_by_role("button", name="Add All to Quote").click()
    expect(toast(second)).to_have_text("Product was added to your quote.")

    expect_the_draft_holds_the_pipette_as_in_the_cart(second)
    assert QuoteDraft.objects.get(user__email="admin@globex.test").lines.count() == 1
    assert not QuoteDraft.objects.filter(user__isnull=True).exists()  # nothing went to a guest draft


def test_add_all_to_quote_after_a_browser_restart_adds_the_signed_in_customers_cart(page, portal, browser, shop):
    portal.sign_in("admin@globex.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    put_the_configured_pipette_in_the_cart(page, portal.url)

    # The browser restarted with its session restored: the cookies and local storage, not the session storage.
    kept = page.context.storage_state()
    page.context.close()
    restarted = browser.new_context(storage_state=kept).new_page()
    restarted.set_default_timeout(WAIT_MS)
    restarted.goto(f"{portal.url}/cart.php")
    restarted.get_by_role("button", name="Add All to Quote").click()
    expect(toast(restarted)).to_have_text("Product was added to your quote.")

    expect_the_draft_holds_the_pipette_as_in_the_cart(restarted)
    assert QuoteDraft.objects.get(user__email="admin@globex.test").lines.count() == 1
    restarted.context.close()
