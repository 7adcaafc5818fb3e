"""Quick order in Chromium (issue 19): Acme's senior buyer pastes a block copied from a spreadsheet into the quick order
pad, sees the unknown SKU flagged and adds the rest to the storefront's cart (Done when 2); puts the valid rows of a CSV
file into the cart through the pad's bulk upload (Done when 1, second half); and orders again a product they bought,
at today's price, from the purchased products."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import expect

from accounts.models import Company
from orders.demo import seed_orders
from orders.models import OrderLine
from pricing import calculation
from pricing.demo import seed_catalog
from pricing.models import PriceListRecord, ProductVariant
from storefront.models import Cart

SENIOR = "senior@acme.test"

# The overlay lives in a shadow root: a paste goes to the field that has focus there, as Ctrl+V would send it.
PASTE_INTO_FOCUSED = """(text) => {
  let field = document.activeElement;
  while (field?.shadowRoot?.activeElement) field = field.shadowRoot.activeElement;
  const data = new DataTransfer();
  data.setData('text/plain', text);
  const init = {clipboardData: data, bubbles: true, cancelable: true, composed: true};
  field.dispatchEvent(new ClipboardEvent('paste', init));
}"""


@pytest.fixture
def quick_order(demo):
    """The demo catalog and the demo orders (Acme's senior buyer has ordered sodium chloride, ethanol, …)."""
    seed_catalog()
    seed_orders()


def cart_lines(email: str) -> dict[str, int]:
    """The SKUs and quantities of the buyer's own storefront cart."""
    cart = Cart.objects.filter(user__email=email, quote__isnull=True).order_by("-updated_at").first()
    if cart is None:
        return {}
    return {line.variant.sku: line.quantity for line in cart.lines.select_related("variant")}


def open_quick_order(page, portal):
    portal.sign_in(SENIOR)
    expect(page).to_have_url(re.compile(r"#/orders$"))
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Quick order").click()
    expect(page.get_by_role("heading", level=1, name="Quick order")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/purchased-products$"))
    return page.get_by_role("complementary", name="Quick order pad")


def test_a_pasted_block_fills_the_pad_flags_the_unknown_sku_and_the_rest_goes_into_the_cart(page, portal, quick_order):
    pad = open_quick_order(page, portal)

    # Five lines copied from a spreadsheet (its header line too); one catalog number does not exist, one is a CAS number
    # of a single pack size (L-glutamine).
    block = "Catalog number\tQuantity\nHS-1001-500ML\t2\nHS-1055-100G\t3\nHS-9999-XX\t1\n56-85-9\t4\nHS-1030-100G\t1\n"
    pad.get_by_label("SKU, row 1").click()
    page.evaluate(PASTE_INTO_FOCUSED, block)

    expect(pad.get_by_text("5 rows pasted.")).to_be_visible()
    for number, sku in enumerate(["HS-1001-500ML", "HS-1055-100G", "HS-9999-XX", "56-85-9", "HS-1030-100G"], start=1):
        expect(pad.get_by_label(f"SKU, row {number}")).to_have_value(sku)
    unknown = pad.get_by_role("group", name="Row 3")
    expect(unknown).to_contain_text("This SKU is not in the catalog.")
    expect(unknown.get_by_label("SKU, row 3")).to_have_attribute("aria-invalid", "true")
    expect(pad.get_by_role("group", name="Row 4")).to_contain_text("L-Glutamine, 200 mM · HS-6007")

    pad.get_by_role("button", name="Add to cart").click()
    report = page.get_by_role("dialog", name="4 products added to your cart")
    expect(report.get_by_test_id("transfer-added").get_by_role("listitem")).to_have_count(4)
    expect(report).to_contain_text("1 row of the pad was not added: it stays there, marked.")
    assert cart_lines(SENIOR) == {"HS-1001-500ML": 2, "HS-1055-100G": 3, "HS-6007": 4, "HS-1030-100G": 1}

    # The unknown SKU stays in the pad, flagged; the storefront's cart shows the four lines.
    report.get_by_role("button", name="Close").click()
    expect(pad.get_by_label("SKU, row 1")).to_have_value("HS-9999-XX")
    expect(pad.get_by_role("group", name="Row 1")).to_contain_text("This SKU is not in the catalog.")
    pad.get_by_role("button", name="Add to cart").click()
    expect(pad.get_by_role("alert")).to_contain_text("1 row needs attention: correct it or clear it.")
    page.goto(f"{portal.url}/cart.php")
    expect(page.locator("tr[data-line-id]")).to_have_count(4)


def test_the_valid_rows_of_a_bulk_upload_go_into_the_cart(page, portal, quick_order, tmp_path):
    pad = open_quick_order(page, portal)
    csv = tmp_path / "reorder.csv"
    # A valid row, an unknown SKU, a quantity that is not a number, a product out of stock, another valid row.
    csv.write_text("variant_sku,qty\nHS-1001-500ML,2\nHS-9999-XX,1\nHS-1055-100G,ten\nHS-1006-1L,2\nHS-1030-100G,3\n")

    pad.get_by_role("button", name="Bulk upload").click()
    dialog = page.get_by_role("dialog", name="Bulk upload")
    dialog.locator("input[type=file]").set_input_files(str(csv))
    expect(dialog.get_by_role("tab", name="Errors (3)")).to_be_visible()
    expect(dialog.get_by_role("tab", name="Valid (2)")).to_be_visible()
    dialog.get_by_role("button", name="Add to cart").click()

    report = page.get_by_role("dialog", name="2 products added to your cart")
    expect(report.get_by_test_id("transfer-added").get_by_role("listitem")).to_have_count(2)
    expect(page.get_by_role("dialog", name="Bulk upload")).to_have_count(0)
    assert cart_lines(SENIOR) == {"HS-1001-500ML": 2, "HS-1030-100G": 3}


def test_a_purchased_product_is_listed_at_today_s_price_and_goes_into_the_cart(page, portal, quick_order):
    line = OrderLine.objects.filter(order__placed_by__email=SENIOR, variant__sku="HS-1055-500G").first()
    assert line is not None
    # The price changed since the order (the catalog's and Acme's price list's): the list shows today's, for Acme's
    # customer group.
    acme = Company.objects.get(name="Acme Labs")
    ProductVariant.objects.filter(sku="HS-1055-500G").update(price=Decimal("70.00"))
    PriceListRecord.objects.filter(variant__sku="HS-1055-500G", price_list__customer_group=acme.customer_group).update(
        price=Decimal("59.50")
    )
    [today] = calculation.price_items(
        items=[calculation.PriceRequestItem(product_id=line.product_id, variant_id=line.variant_id)],
        customer_group_id=acme.customer_group_id,
        currency_code="USD",
    )
    price = f"${today.calculated_price.tax_exclusive:,.2f}"
    assert today.calculated_price.tax_exclusive != line.unit_price

    open_quick_order(page, portal)
    page.get_by_role("search", name="Filter purchased products").get_by_label("Search").fill("HS-1055-500G")
    table = page.get_by_role("table", name="Purchased products")
    expect(table.get_by_role("rowheader")).to_have_count(1)
    row = table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=re.compile(re.escape(line.name))))
    expect(row).to_contain_text("SKU HS-1055-500G")
    expect(row).to_contain_text(price)

    quantity = row.get_by_label(f"Quantity of {line.name}")
    quantity.fill("3")
    quantity.press("Enter")
    expect(row.get_by_role("checkbox", name=f"Select {line.name} (HS-1055-500G)")).to_be_checked()
    page.get_by_role("group", name="Selected products").get_by_role("button", name="Add selected to cart").click()

    report = page.get_by_role("dialog", name="1 product added to your cart")
    expect(report.get_by_test_id("transfer-added")).to_contain_text(f"3 × {line.name} (HS-1055-500G)")
    assert cart_lines(SENIOR) == {"HS-1055-500G": 3}
    report.get_by_role("link", name="Go to cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    expect(page.locator("tr[data-line-id]").filter(has_text="HS-1055-500G")).to_contain_text(price)
