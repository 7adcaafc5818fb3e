"""Orders in Chromium (issue 17, Done when 1 and 2): Acme's senior buyer finds a shipped order, follows its tracking
link, downloads the certificate of analysis of a lot it received and reorders two of its lines into the storefront's
cart; Acme's admin sees every order of the company in "Lab orders", which a junior buyer can neither see nor open."""

import re

import pytest
from playwright.sync_api import expect

from accounts.models import User
from orders.demo import seed_orders
from orders.models import Order, OrderStatus, ShipmentLine
from pricing.demo import seed_catalog
from tests.e2e.conftest import menu_entries
from tests.factories.orders import OrderFactory
from tracking.engine import recognize


@pytest.fixture
def orders(demo):
    """The demo catalog and the demo orders (Acme's, Globex's and the individual customer's)."""
    seed_catalog()
    seed_orders()


def test_a_senior_buyer_tracks_a_shipped_order_downloads_a_lot_certificate_and_reorders_two_lines(
    page, portal, orders, tmp_path
):
    shipped = Order.objects.filter(placed_by__email="senior@acme.test", status=OrderStatus.SHIPPED).get()
    shipment = shipped.shipments.get()
    certified = ShipmentLine.objects.filter(shipment=shipment, lot__isnull=False).exclude(lot__certificate="")
    certified = certified.select_related("lot", "order_line").order_by("pk").first()
    first, second = shipped.lines.order_by("pk")[:2]

    # The senior buyer lands on their orders (shell §2) and opens the shipped one.
    portal.sign_in("senior@acme.test")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    expect(page.get_by_role("heading", level=1, name="My orders")).to_be_visible()
    table = page.get_by_role("table", name="My orders")
    expect(table.get_by_role("rowheader")).to_have_count(
        Order.objects.filter(placed_by__email="senior@acme.test").count()
    )
    table.get_by_role("link", name=str(shipped.number), exact=True).click()
    expect(page.get_by_role("heading", level=1, name=f"Order {shipped.number}")).to_be_visible()
    expect(page).to_have_url(re.compile(rf"#/orderDetail/{shipped.number}$"))

    # Its tracking link is the carrier's page for that number (the tracking engine's first match), in a new tab.
    shipments = page.get_by_role("region", name="Shipments")
    tracking = shipments.get_by_role("link", name=f"{shipment.tracking_number} (opens in a new tab)")
    expect(tracking).to_have_attribute("href", recognize(shipment.tracking_number)[0].tracking_url)
    expect(tracking).to_have_attribute("target", "_blank")
    expect(tracking).to_have_attribute("rel", "noopener noreferrer")

    # The certificate of analysis of a lot it received: a real PDF download.
    certificate = shipments.get_by_role(
        "link", name=f"Certificate of analysis for lot {certified.lot.number} of {certified.order_line.name} (PDF)"
    )
    with page.expect_download() as download_info:
        certificate.click()
    saved = tmp_path / "certificate.pdf"
    download_info.value.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF-")
    assert download_info.value.suggested_filename.endswith(".pdf")

    # Two lines ticked, reordered into the cart; the report says so and leads to the storefront's cart.
    products = page.get_by_role("table", name="Products")
    products.get_by_role("checkbox", name=f"Select {first.name} ({first.sku})").check()
    products.get_by_role("checkbox", name=f"Select {second.name} ({second.sku})").check()
    page.get_by_role("button", name="Reorder").click()
    report = page.get_by_role("dialog", name="2 products added to your cart")
    expect(report.get_by_test_id("transfer-added").get_by_role("listitem")).to_have_count(2)
    report.get_by_role("link", name="Go to cart").click()

    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    lines = page.locator("tr[data-line-id]")
    expect(lines).to_have_count(2)
    expect(lines.filter(has_text=first.sku)).to_contain_text(first.name)
    expect(lines.filter(has_text=second.sku)).to_contain_text(second.name)
    quantity = lines.filter(has_text=first.sku).get_by_label(f"Quantity of {first.name}")
    expect(quantity).to_have_value(str(first.quantity))


def test_the_admin_sees_every_lab_order_and_a_junior_buyer_cannot_reach_them(page, portal, orders):
    acme_orders = Order.objects.filter(company__name="Acme Labs")
    by_colleague = acme_orders.filter(placed_by__email="senior@acme.test").order_by("-number").first()

    portal.sign_in("admin@acme.test")
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Lab orders").click()
    expect(page.get_by_role("heading", level=1, name="Lab orders")).to_be_visible()
    table = page.get_by_role("table", name="Lab orders")
    expect(table.get_by_role("rowheader")).to_have_count(acme_orders.count())
    row = table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=str(by_colleague.number), exact=True))
    expect(row).to_contain_text("Sam Senior")

    # A junior buyer, in their own browser: no "Lab orders" in the menu, and typing the address leads to their landing.
    # shell §2 landing order: orders (none for a junior), shopping lists, account settings — the first with a page.
    landing = re.compile(r"#/(shoppingLists|accountSettings)$")
    context, junior = portal.sign_in_elsewhere("junior@acme.test")
    try:
        expect(junior).to_have_url(landing)
        landed_on = junior.url
        assert "Lab orders" not in menu_entries(junior)
        junior.evaluate("location.hash = '#/company-orders'")
        expect(junior).to_have_url(landed_on)
        expect(junior.get_by_role("heading", level=1, name="Lab orders")).to_have_count(0)
        # Issue 36: the redirect says why.
        why = "Your account doesn’t have access to that page."
        expect(junior.get_by_role("status").filter(has_text=why)).to_be_visible()
        # shell §2 lets a junior open an order's page: the one they placed, never a colleague's (the server decides).
        own = OrderFactory(placed_by=User.objects.get(email="junior@acme.test"), company=by_colleague.company, lines=1)
        junior.evaluate(f"location.hash = '#/orderDetail/{own.number}'")
        expect(junior.get_by_role("heading", level=1, name=f"Order {own.number}")).to_be_visible()
        junior.evaluate(f"location.hash = '#/orderDetail/{by_colleague.number}'")
        expect(junior.get_by_role("heading", level=1, name="Order not found")).to_be_visible()
    finally:
        context.close()
