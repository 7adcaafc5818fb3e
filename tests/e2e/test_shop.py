"""The reference shop in a real browser (issue 4, Done when 1)."""

import re
from decimal import Decimal

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from orders.models import Order
from tests.e2e.conftest import WAIT_MS


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def test_a_guest_finds_a_reagent_by_cas_number_configures_it_and_adds_it_to_the_cart(page, live_server, shop):
    page.set_default_timeout(WAIT_MS)
    page.goto(live_server.url + "/")
    page.get_by_label("Search the catalog").fill("64-17-5")
    page.get_by_role("button", name="Search").click()
    page.get_by_role("link", name="Ethanol, absolute, ≥99.8%", exact=True).click()
    expect(page.get_by_role("heading", name="Ethanol, absolute, ≥99.8%")).to_be_visible()

    price = page.locator("[data-price]")
    expect(price).to_have_text("$38.00")
    expect(page.locator(".product-form[data-ready]")).to_be_attached()
    page.get_by_label("Pack size").select_option(label="500 mL")
    expect(price).to_have_text("$121.60")
    expect(page.locator("[data-product-sku]")).to_have_text("HS-1001-500ML")
    page.get_by_label(re.compile("Ship a signed, printed certificate")).check()
    expect(price).to_have_text("$136.60")

    quantity = page.get_by_label("Quantity")
    quantity.fill("12")
    quantity.blur()
    expect(price).to_have_text("$129.77")  # 5% off from 10 units
    expect(page.locator("[data-tier-hint]")).to_have_text("Buy 38 more to pay $122.94 each.")

    page.get_by_role("button", name="Add to Cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    row = page.get_by_role("row", name=re.compile("Ethanol, absolute"))
    expect(row).to_contain_text("HS-1001-500ML")
    expect(row).to_contain_text("Printed certificate of analysis: Yes")
    expect(row.get_by_label(re.compile("Quantity of Ethanol"))).to_have_value("12")
    expect(page.get_by_label("Cart totals")).to_contain_text("$1,557.24")


def test_the_quantity_box_blocks_e_plus_and_minus_and_clamps(page, live_server, shop):
    page.goto(live_server.url + "/products/ethanol-absolute-998/")
    quantity = page.get_by_label("Quantity")
    quantity.fill("")
    quantity.press_sequentially("1e+-5")
    expect(quantity).to_have_value("15")
    quantity.fill("")
    quantity.blur()
    expect(quantity).to_have_value("1")
    quantity.fill("2000000")
    quantity.blur()
    expect(quantity).to_have_value("1000000")


def test_acme_admin_checks_out_on_account_and_the_order_is_stored_with_the_right_totals(page, live_server, shop):
    page.set_default_timeout(WAIT_MS)
    page.goto(live_server.url + "/login/")
    page.get_by_label("Email").fill("admin@acme.test")
    page.get_by_label("Password").fill("Demo1234")
    page.get_by_role("button", name="Sign in").click()

    page.goto(live_server.url + "/products/ethanol-absolute-998/")
    expect(page.locator("[data-price]")).to_have_text("$32.30")  # Acme Labs buys at the Academic price list
    page.get_by_label("Quantity").fill("2")
    page.get_by_role("button", name="Add to Cart").click()
    page.get_by_role("link", name="Proceed to checkout").click()

    page.get_by_label("Purchase order (pay on account)").check()
    page.get_by_label("PO number").fill("PO-2026-118")
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()

    order = Order.objects.get(po_number="PO-2026-118")  # the demo orders (seed_demo) are there too
    assert page.locator("[data-order-number]").inner_text() == f"#{order.number}"
    assert order.company.name == "Acme Labs"
    assert order.placed_by.email == "admin@acme.test"
    assert order.payment_method == "purchase_order" and order.po_number == "PO-2026-118"
    assert (order.subtotal, order.tax_total, order.shipping_total) == (
        Decimal("64.60"),
        Decimal("4.04"),
        Decimal("25.00"),
    )
    assert order.grand_total == Decimal("93.64")
    line = order.lines.get()
    assert (line.sku, line.quantity, line.unit_price) == ("HS-1001-100ML", 2, Decimal("32.30"))
