"""Issue 13, item 3: a price the catalog hides ("Price on request" on the product page) is hidden on the quote
draft too, in its lines, its totals and its product search."""

import re

import pytest
from playwright.sync_api import expect

from pricing.demo import seed_catalog
from tests.e2e.conftest import WAIT_MS

DRUM = "HS-1152"  # Ethanol, absolute, 200 L drum: availability "disabled", catalog price $2,950.00
DRUM_NAME = "Ethanol, absolute, 200 L drum"
AMOUNT = re.compile(r"\d")  # any amount at all: the draft shows none for the drum


@pytest.fixture
def catalog(demo):
    seed_catalog()


def test_a_guest_quoting_the_price_on_request_drum_sees_price_on_request_on_the_draft_and_in_its_search(
    page, live_server, catalog
):
    page.set_default_timeout(WAIT_MS)

    # The product page hides the price, and offers the quote.
    page.goto(live_server.url + "/products/ethanol-absolute-200-l-drum/")
    expect(page.locator("[data-price]")).to_have_text("Price on request")
    page.get_by_role("button", name="Add to Quote").click()
    expect(page.locator("#helix-quote-toast")).to_have_text("Product was added to your quote.")

    # The draft: the line says "Price on request", and neither the line nor the totals carry an amount.
    page.get_by_role("button", name="Finish quote").click()
    expect(page.get_by_role("heading", name="Quote draft")).to_be_visible()
    products = page.get_by_role("table", name="Products")
    line = products.get_by_role("row").filter(has_text=DRUM_NAME)
    expect(line).to_contain_text(DRUM)
    expect(line.get_by_text("Price on request")).to_have_count(2)  # the unit price and the line total
    expect(line).not_to_contain_text("$")
    expect(page.get_by_test_id("quote-grand-total")).to_have_text("Price on request")
    expect(page.get_by_test_id("quote-subtotal")).not_to_have_text(AMOUNT)
    expect(page.get_by_test_id("quote-tax")).not_to_have_text(AMOUNT)

    # The draft's product search: the suggestion and the chosen product say "Price on request", with no amount.
    page.get_by_role("combobox", name="Search products").fill(DRUM)
    suggestion = page.get_by_role("option", name=re.compile(f"^{re.escape(DRUM_NAME)}"))
    expect(suggestion).to_contain_text("Price on request")
    expect(suggestion).not_to_contain_text("$")
    suggestion.click()
    chosen = page.get_by_role("group", name="Chosen product")
    expect(chosen.get_by_test_id("quote-search-variant")).to_have_text(f"SKU: {DRUM} · Price on request")
    expect(chosen).not_to_contain_text("$")
