"""A company buyer's quote from submission to an order at the quoted prices, with the sales desk answering in
Django admin, in a real browser (issue 6, Done when 2)."""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from orders.models import Order
from quotes.models import Quote
from tests.e2e.conftest import WAIT_MS
from tests.helpers import pdf_text

ETHANOL = "Ethanol, absolute, ≥99.8%"


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def submit_quote_as_senior_buyer(page, portal) -> Quote:
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    page.goto(f"{portal.url}/products/ethanol-absolute-998/")
    page.get_by_label("Quantity").fill("4")
    page.get_by_role("button", name="Add to Quote").click()
    expect(page.locator("#helix-quote-toast")).to_have_text("Product was added to your quote.")

    page.get_by_role("button", name="Finish quote").click()
    expect(page.get_by_role("heading", name="Quote draft")).to_be_visible()
    expect(page.locator("#quote-contact-email")).to_have_value("senior@acme.test")  # the buyer's own details
    page.locator("#quote-contact-quoteTitle").fill("Ethanol for the teaching lab")
    page.get_by_role("button", name="Submit quote").click()
    expect(page.get_by_test_id("quote-number")).to_have_text(re.compile(r"^Quote number: Q-\d{6}$"))
    number = page.get_by_test_id("quote-number").inner_text().split(": ")[1]
    return Quote.objects.get(number=number)


def reprice_in_admin(browser, live_server, quote: Quote) -> None:
    """The sales desk, in its own browser session: a lower unit price, a reply, and the quote goes back."""
    context = browser.new_context()
    admin = context.new_page()
    admin.set_default_timeout(WAIT_MS)
    admin.goto(f"{live_server.url}/admin/login/")
    admin.get_by_label("E-mail address").fill("staff@demo.test")
    admin.get_by_label("Password").fill("Demo1234")
    admin.get_by_role("button", name="Log in").click()
    admin.goto(f"{live_server.url}/admin/quotes/quote/?queue=awaiting")
    admin.get_by_role("link", name=quote.number).click()
    admin.locator("input[name$='-0-quoted_price']").fill("28.00")
    admin.get_by_label("Message to the buyer").fill("Academic discount applied for this order size.")
    admin.get_by_role("button", name="Save", exact=True).click()
    expect(admin.locator(".messagelist")).to_contain_text("was changed successfully")
    context.close()


def test_a_senior_buyer_gets_a_repriced_quote_talks_to_the_supplier_and_orders_at_the_quoted_price(
    page, portal, browser, live_server, shop, tmp_path: Path
):
    quote = submit_quote_as_senior_buyer(page, portal)
    line = quote.lines.get()
    assert (line.sku, line.quantity, line.original_price) == ("HS-1001-100ML", 4, Decimal("32.30"))

    reprice_in_admin(browser, live_server, quote)
    quote.refresh_from_db()
    assert quote.revision == 1

    # The buyer finds the quote in the list and sees what changed in the new revision.
    portal.open("/quotes")
    expect(page.get_by_role("heading", name="Quotes", exact=True)).to_be_visible()
    page.get_by_role("link", name=quote.number).click()
    expect(page.get_by_role("heading", name=f"Quote {quote.number}")).to_be_visible()
    revisions = page.get_by_role("region", name="Revisions")
    expect(revisions).to_contain_text("Revision 1")
    expect(revisions.get_by_role("list", name="Changes in revision 1")).to_have_text(
        f"{ETHANOL} (HS-1001-100ML): Unit price: $32.30 (your price) → $28.00"
    )
    expect(page.get_by_test_id("quote-summary-original-subtotal")).to_have_text("$129.20")
    expect(page.get_by_test_id("quote-summary-quoted-subtotal")).to_have_text("$112.00")

    # A message each way.
    messages = page.get_by_role("region", name="Messages")
    thread = messages.get_by_role("list", name="Conversation with the supplier")
    expect(thread).to_contain_text("Academic discount applied for this order size.")
    reply = messages.get_by_label("Message to the supplier")
    reply.fill("Thank you. Can it ship by Friday?")
    messages.get_by_role("button", name="Send").click()
    # The thread, not the reply box (whose text also counts as content), shows the sent message.
    expect(thread.get_by_role("listitem").last).to_contain_text("Thank you. Can it ship by Friday?")
    expect(reply).to_have_value("")
    assert quote.messages.filter(from_staff=False, body="Thank you. Can it ship by Friday?").exists()

    # The PDF: a real file holding the quote's lines at the quoted price.
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Download PDF").click()
    pdf_path = tmp_path / "quote.pdf"
    download_info.value.save_as(pdf_path)
    content = pdf_path.read_bytes()
    assert content.startswith(b"%PDF-")
    text = pdf_text(content)
    assert quote.number in text and "HS-1001-100ML" in text and "$28.00" in text

    # Checkout at the quoted prices, with business §4's session values kept for the storefront.
    page.get_by_role("button", name="Proceed to checkout").click()
    expect(page).to_have_url(re.compile(r"/checkout$"))
    stored = page.evaluate(
        "['isNewStorefront', 'quoteCheckoutId', 'quoteDate'].map((key) => sessionStorage.getItem(key))"
    )
    assert stored[1] == str(quote.pk) and stored[0] in ("true", "false") and stored[2].isdigit()
    page.get_by_label("Purchase order (pay on account)").check()
    page.get_by_label("PO number").fill("PO-Q-7")
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()

    order = Order.objects.get(po_number="PO-Q-7")  # the demo orders (seed_demo) are there too
    order_line = order.lines.get()
    assert (order_line.sku, order_line.quantity, order_line.unit_price) == ("HS-1001-100ML", 4, Decimal("28.00"))
    assert order.subtotal == Decimal("112.00")
    quote.refresh_from_db()
    assert quote.status == "ordered" and quote.order_id == order.pk

    # Back in the portal, the quote reads "Ordered" and can no longer be checked out.
    portal.open(f"/quoteDetail/{quote.pk}")
    expect(page.get_by_role("heading", name=f"Quote {quote.number}")).to_be_visible()
    expect(page.get_by_text("Ordered", exact=True).first).to_be_visible()
    expect(page.get_by_role("button", name="Proceed to checkout")).to_have_count(0)
