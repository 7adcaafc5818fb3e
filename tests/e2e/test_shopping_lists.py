"""Shopping lists in Chromium (issue 18, Done when 1 and 2): Acme's junior buyer builds a list from a product page and
gets it approved after a rejection, then orders from it; a guest is asked to sign in; a B2C customer keeps a list of
their own."""

import re

import pytest
from django.core import mail
from playwright.sync_api import expect

from portal.models import StorefrontConfig
from pricing.demo import seed_catalog
from shoppinglists.models import ShoppingList, ShoppingListStatus
from storefront.models import CartLine

ETHANOL = "Ethanol, absolute, ≥99.8%"
ETHANOL_PAGE = "/products/ethanol-absolute-998/"
COA = "Ship a signed, printed certificate of analysis with the order"


@pytest.fixture
def catalog(demo):
    seed_catalog()


def _add_from_the_product_page(page, portal, *, new_list: str, pack: str, quantity: str) -> None:
    """On the ethanol page: a pack size, the printed certificate and a quantity, then Add to Shopping List into a new
    list; the portal's /pdp page adds it and closes, and the toast leads to the list."""
    page.goto(portal.url + ETHANOL_PAGE)
    page.get_by_label("Pack size").select_option(label=pack)
    page.get_by_label(COA).check()
    page.get_by_label("Quantity").fill(quantity)
    page.get_by_role("button", name="Add to Shopping List").click()

    expect(page.get_by_role("heading", level=1, name="Add to shopping list")).to_be_visible()
    # The page's choices came along, checked first (business §5): the pack's SKU, nothing missing.
    expect(page.get_by_test_id("pdp-variant-sku")).to_have_text(re.compile(r"^SKU: HS-1001-"))
    page.get_by_role("radio", name="A new list").check()
    page.get_by_label("List name").fill(new_list)
    page.get_by_role("button", name="Add to list").click()

    toast = page.locator("#helix-shopping-list-toast")
    expect(toast).to_contain_text("Products were added to your shopping list")
    toast.get_by_role("link", name=f"View {new_list}").click()
    expect(page.get_by_role("heading", level=1, name=new_list)).to_be_visible()


def test_a_junior_buyers_list_is_rejected_changed_approved_and_ordered_from(page, portal, catalog, browser):
    portal.sign_in("junior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)

    _add_from_the_product_page(page, portal, new_list="Practical 3 solvents", pack="500 mL", quantity="3")
    shopping_list = ShoppingList.objects.get(name="Practical 3 solvents")
    item = shopping_list.items.get()
    assert (shopping_list.status, shopping_list.created_by.email) == (ShoppingListStatus.DRAFT, "junior@acme.test")
    assert (item.variant.sku, item.quantity, len(item.options)) == ("HS-1001-500ML", 3, 1)
    products = page.get_by_role("table", name="Products")
    row = products.get_by_role("row").filter(has_text="HS-1001-500ML")
    expect(row).to_contain_text("Pack size: 500 mL")
    expect(row).to_contain_text("Printed certificate of analysis: Yes")

    page.get_by_role("button", name="Submit for approval").click()
    expect(page.get_by_text("This list is waiting for approval.")).to_be_visible()
    list_path = f"/shoppingList/{shopping_list.pk}"

    # The senior buyer, in their own browser, rejects it with a reason.
    context, senior = portal.sign_in_elsewhere("senior@acme.test")
    try:
        expect(senior.get_by_role("button", name="SIGN IN")).to_have_count(0)
        senior.evaluate("path => { location.hash = path }", list_path)
        expect(senior.get_by_role("heading", level=1, name="Practical 3 solvents")).to_be_visible()
        senior.get_by_role("button", name="Reject").click()
        dialog = senior.get_by_role("dialog", name="Reject Practical 3 solvents")
        dialog.get_by_label("Reason").fill("Take 6 bottles: there are two groups this term.")
        dialog.get_by_role("button", name="Reject list").click()
        expect(senior.get_by_test_id("shopping-list-rejection")).to_be_visible()

        # The junior sees why, changes the quantity (the list returns to draft) and submits it again.
        page.reload()
        rejection = page.get_by_test_id("shopping-list-rejection")
        expect(rejection).to_contain_text("Take 6 bottles: there are two groups this term.")
        quantity = page.get_by_role("spinbutton", name=f"Quantity of {ETHANOL}")
        quantity.fill("6")
        quantity.press("Enter")
        expect(page.get_by_text("This list is a draft: submit it for approval when it is complete.")).to_be_visible()
        page.get_by_role("button", name="Submit for approval").click()
        expect(page.get_by_text("This list is waiting for approval.")).to_be_visible()
        shopping_list.refresh_from_db()
        assert (shopping_list.status, shopping_list.items.get().quantity) == (ShoppingListStatus.READY_FOR_APPROVAL, 6)

        # The senior approves it.
        senior.reload()
        senior.get_by_role("button", name="Approve").click()
        expect(senior.get_by_role("button", name="Approve")).to_have_count(0)
        expect(senior.locator('[data-status="0"]')).to_have_text("Approved")
    finally:
        context.close()

    # Issue 36 item 9: the junior is told (on the list and by e-mail) who approved it and what happens next: with
    # junior_place_order off, ask the approver to order it.
    page.reload()
    approval = page.get_by_test_id("shopping-list-approval")
    expect(approval).to_contain_text(re.compile(r"^Approved by Sam Senior on "))
    expect(approval).to_contain_text("Ask Sam Senior to order it")
    expect(page.get_by_text("submit the list for approval and ask them to order it")).to_have_count(0)
    (approved_mail,) = [m for m in mail.outbox if m.to == ["junior@acme.test"] and "is approved" in m.subject]
    assert f"{portal.url}/#{list_path}" in approved_mail.body

    # With junior_place_order on, the junior puts the list's selected products into the cart.
    StorefrontConfig.objects.filter(key="junior_place_order").update(value=StorefrontConfig.Value.ON)
    page.reload()
    expect(page.get_by_test_id("shopping-list-approval")).to_contain_text(
        "What happens next: select its products and choose “Add selected to cart” to order them."
    )
    products = page.get_by_role("table", name="Products")
    products.get_by_role("checkbox", name=f"Select {ETHANOL} (HS-1001-500ML)").check()
    footer = page.get_by_test_id("shopping-list-footer")
    expect(footer.get_by_role("status")).to_have_text("1 product selected")
    footer.get_by_role("button", name="Add selected to cart").click()
    report = page.get_by_role("dialog", name="1 product added to your cart")
    expect(report.get_by_test_id("transfer-added")).to_contain_text(f"6 × {ETHANOL} (HS-1001-500ML)")
    # The junior's own cart holds the line, with its option (the cart page itself is the storefront's: see below).
    line = CartLine.objects.get(cart__user__email="junior@acme.test")
    assert (line.variant.sku, line.quantity, len(line.options)) == ("HS-1001-500ML", 6, 1)
    report.get_by_role("link", name="Go to cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))


def test_a_guest_is_asked_to_sign_in_and_a_b2c_customer_keeps_a_list_of_their_own(page, portal, catalog):
    entry = StorefrontConfig.objects.get(key="shopping_list_on_product_page")
    entry.extra_fields = {**entry.extra_fields, "enableForGuest": "1"}
    entry.save()

    # A guest: the button is there (enableForGuest), and asks to sign in or register (registration is on).
    page.goto(portal.url + ETHANOL_PAGE)
    page.get_by_role("button", name="Add to Shopping List").click()
    message = page.get_by_test_id("shopping-list-guest-message")
    expect(message).to_contain_text("Sign in or create an account to keep shopping lists")
    expect(message.get_by_role("link", name="Sign in")).to_be_visible()
    expect(message.get_by_role("link", name="Register")).to_be_visible()
    assert not ShoppingList.objects.exists()

    # The B2C customer adds the product to a list of their own, which their lists page shows.
    portal.sign_in("b2c@demo.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    _add_from_the_product_page(page, portal, new_list="Home lab", pack="100 mL", quantity="2")
    own = ShoppingList.objects.get(name="Home lab")
    assert (own.company_id, own.customer.email, own.status) == (None, "b2c@demo.test", ShoppingListStatus.APPROVED)
    # An individual's lists have no approval: no status, no submit.
    expect(page.get_by_role("button", name="Submit for approval")).to_have_count(0)

    page.get_by_role("link", name="Back to shopping lists").click()
    expect(page.get_by_role("heading", level=1, name="Shopping lists")).to_be_visible()
    card = page.get_by_role("article", name="Home lab")
    expect(card).to_contain_text("1 product")
    expect(page.get_by_role("article")).to_have_count(1)
