"""Issue 13, item 4: whatever path a buyer takes through a quote checkout, after the quote's order the cart is the
buyer's own again, and quoted prices never reach a later order."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from orders.models import Order
from pricing.demo import seed_catalog
from pricing.models import Product
from quotes.models import QuoteStatus
from tests.quotes.support import make_quote


@pytest.fixture
def priced_quote(demo):
    seed_catalog()
    return make_quote("senior@acme.test", lines=[("HS-1001-100ML", 2)], priced=True)


def _proceed_to_checkout(page, portal, quote) -> None:
    portal.open(f"/quoteDetail/{quote.pk}")
    expect(page.get_by_role("heading", name=f"Quote {quote.number}")).to_be_visible()
    page.get_by_role("button", name="Proceed to checkout").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))


def _place_order_on_account(page, po_number: str) -> None:
    page.get_by_label("Purchase order (pay on account)").check()
    page.get_by_label("PO number").fill(po_number)
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()


def test_after_ordering_a_quote_left_once_the_cart_is_the_buyers_own_and_orders_at_live_prices(
    page, portal, priced_quote
):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    portal.close()
    # The buyer's own cart, before the quote checkout.
    salt = Product.objects.get(variants__sku="HS-1055-500G")
    page.goto(f"{portal.url}/products/{salt.slug}/")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_role("heading", name="Your cart")).to_be_visible()
    own_line = page.locator("table").get_by_text("Sodium chloride", exact=False).first
    expect(own_line).to_be_visible()

    # Proceed to checkout from the quote, leave to shop (the product goes to the buyer's own cart, not into the
    # quote's), and proceed again.
    _proceed_to_checkout(page, portal, priced_quote)
    page.goto(f"{portal.url}/products/{salt.slug}/")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page.get_by_role("heading", name="Your cart")).to_be_visible()
    _proceed_to_checkout(page, portal, priced_quote)
    _place_order_on_account(page, "PO-QUOTE-1")
    quote_order = Order.objects.get(po_number="PO-QUOTE-1")
    priced_quote.refresh_from_db()
    assert (priced_quote.status, priced_quote.order_id) == (QuoteStatus.ORDERED, quote_order.pk)

    # The cart is the buyer's own again: their line is back, the quote's lines are gone.
    page.goto(f"{portal.url}/cart.php")
    expect(page.locator("table").get_by_text("Sodium chloride", exact=False).first).to_be_visible()
    expect(page.locator("table").get_by_text("HS-1001-100ML")).to_have_count(0)
    page.get_by_role("link", name="Proceed to checkout").click()
    _place_order_on_account(page, "PO-OWN-1")
    later = Order.objects.get(po_number="PO-OWN-1")
    ((sku, quantity, unit_price),) = later.lines.values_list("sku", "quantity", "unit_price")
    assert (sku.startswith("HS-1055-"), quantity) == (True, 2)  # both adds of the buyer's own, at live prices
    assert unit_price > Decimal(0)
