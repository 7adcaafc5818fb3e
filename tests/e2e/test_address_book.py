"""A senior buyer's new shipping address, from the address book to the quote draft and an order, in a real browser
(issue 16, Done when 2)."""

import pytest
from playwright.sync_api import expect

from accounts.models import Address
from orders.models import Order
from pricing.demo import seed_catalog
from quotes.models import QuoteDraft


@pytest.fixture
def catalog(demo):
    seed_catalog()


def _choose(page, scope, combobox: str, option: str) -> None:
    """An MUI select: open it, pick the option from its list."""
    scope.get_by_role("combobox", name=combobox).click()
    page.get_by_role("listbox").get_by_role("option", name=option, exact=True).click()


def test_a_senior_buyer_adds_a_default_shipping_address_and_uses_it_on_a_quote_and_an_order(page, portal, catalog):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)

    # The address book: a new shipping address, then made the default.
    portal.open("/addresses")
    expect(page.get_by_role("heading", name="Addresses", exact=True)).to_be_visible()
    page.get_by_role("button", name="Add address").click()
    dialog = page.get_by_role("dialog", name="Add address")
    dialog.get_by_label("Label").fill("Freezer farm")
    dialog.get_by_label("First name").fill("Barbara")
    dialog.get_by_label("Last name").fill("McClintock")
    _choose(page, dialog, "Country", "United States")
    _choose(page, dialog, "State or province", "Massachusetts")
    dialog.get_by_label("Address line 1").fill("7 Cold Spring Road")
    dialog.get_by_label("Address line 2").fill("Basement")
    dialog.get_by_label("City").fill("Boston")
    dialog.get_by_label("ZIP or postal code").fill("02115")
    dialog.get_by_label("Phone number").fill("+1 617 555 0177")
    dialog.get_by_role("checkbox", name="Billing", exact=True).uncheck()
    dialog.get_by_role("button", name="Add address").click()
    card = page.get_by_role("article", name="Freezer farm")
    expect(card).to_contain_text("7 Cold Spring Road")
    address = Address.objects.get(label="Freezer farm")
    assert (address.company.name, address.is_shipping, address.is_billing) == ("Acme Labs", True, False)

    card.get_by_role("button", name="Set as default: Freezer farm").click()
    page.get_by_role("menuitem", name="Default shipping address").click()
    expect(card.get_by_text("Default shipping")).to_be_visible()
    # The previous default gave up its badge.
    expect(page.get_by_text("Default shipping", exact=True)).to_have_count(1)
    address.refresh_from_db()
    assert address.is_default_shipping

    # The quote draft: "choose from saved" offers the default first and fills the block.
    portal.open("/quoteDraft")
    shipping = page.get_by_role("group", name="Shipping address")
    shipping.get_by_role("combobox", name="Choose from saved addresses").click()
    first = page.get_by_role("listbox").get_by_role("option").first
    expect(first).to_contain_text("Freezer farmDefault")
    first.click()
    expect(shipping.get_by_label("Address", exact=True)).to_have_value("7 Cold Spring Road")
    expect(shipping.get_by_label("First name")).to_have_value("Barbara")
    page.get_by_role("button", name="Save details").click()
    expect(page.get_by_text("Your quote details have been saved.")).to_be_visible()
    saved = QuoteDraft.objects.get(user__email="senior@acme.test").shipping_address
    assert (saved["addressId"], saved["address"], saved["apartment"], saved["state"]) == (
        address.pk,
        "7 Cold Spring Road",
        "Basement",
        "MA",
    )

    # The checkout: the default is preselected; choosing another address and back refills the fields.
    portal.close()
    page.goto(f"{portal.url}/products/ethanol-absolute-998/")
    page.get_by_role("button", name="Add to Cart").click()
    page.get_by_role("link", name="Proceed to checkout").click()
    ship_to = page.get_by_label("Ship to")
    expect(ship_to).to_have_value(str(address.pk))
    expect(page.get_by_role("textbox", name="Address", exact=True)).to_have_value("7 Cold Spring Road")
    dock = Address.objects.get(company__name="Acme Labs", label="Receiving dock")
    ship_to.select_option(str(dock.pk))
    expect(page.get_by_role("textbox", name="Address", exact=True)).to_have_value(dock.address_line1)
    ship_to.select_option(str(address.pk))
    shipping_fields = page.get_by_role("group", name="Shipping address")
    expect(shipping_fields.get_by_label("Apartment, suite, building (optional)")).to_have_value("Basement")
    # Issue 36 item 14: the invoice goes to the book's default billing address (Acme's accounts payable), or to the
    # shipping address when the buyer says so.
    payables = Address.objects.get(company__name="Acme Labs", label="Accounts payable")
    billing = page.get_by_role("group", name="Billing address", exact=True)
    expect(billing.get_by_role("radio", name="A different billing address")).to_be_checked()
    expect(billing.get_by_label("Bill to")).to_have_value(str(payables.pk))
    billing.get_by_role("radio", name="Same as the shipping address").check()
    expect(billing.get_by_label("Bill to")).to_be_hidden()
    billing.get_by_role("radio", name="A different billing address").check()
    expect(billing.get_by_label("Bill to")).to_be_visible()
    page.get_by_label("Test card (no real payment is taken)").check()
    page.get_by_label("Card number").fill("4242 4242 4242 4242")
    page.get_by_label("Expiry (MM/YY)").fill("12/39")
    page.get_by_label("CVC").fill("123")
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()

    order = Order.objects.get(placed_by__email="senior@acme.test")
    assert order.shipping_address == {
        "first_name": "Barbara",
        "last_name": "McClintock",
        "company": "",
        "address_line1": "7 Cold Spring Road",
        "address_line2": "Basement",
        "city": "Boston",
        "state": "MA",
        "zip_code": "02115",
        "country_code": "US",
        "phone": "+1 617 555 0177",
        "address_id": address.pk,
    }
    assert (order.billing_address["address_id"], order.billing_address["address_line2"]) == (
        payables.pk,
        "Finance office, 4th floor",
    )
