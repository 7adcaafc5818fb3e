"""The bulk upload dialog in Chromium (issue 19, Done when 1, first half): Acme's senior buyer uploads a CSV file of
valid, unknown, badly counted and out-of-stock rows into one of their shopping lists, reads the Errors and Valid tabs,
downloads the error file and adds the valid lines to the list; the dialog passes axe at 1280 and 375 px; the quote
draft takes an upload too."""

import csv
import io
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.models import User
from pricing.demo import seed_catalog
from quotes.models import QuoteDraft
from shoppinglists.demo import seed_shopping_lists
from shoppinglists.models import ShoppingList
from tests.e2e.axe import axe_violations, report

LIST_NAME = "Weekly consumables"  # the senior buyer's approved demo list (shoppinglists/demo.py)

# Two valid rows of known pack sizes, an unknown SKU, a quantity in words, and a pack size without stock (DMSO 1 L:
# pricing/demo.py stock (40, 12, 0)): a list takes that line all the same, with its stock error (docs/api.md "Stock").
UPLOAD = "variant_sku,qty\nHS-1055-100G,10\nHS-9999-NOPE,1\nhs-1002-1l,ten\nHS-1006-1L,5\nHS-1003-1L,2\n"


@pytest.fixture
def lists(demo):
    seed_catalog()
    seed_shopping_lists()


def _choose_file(page, dialog, name: str, text: str) -> None:
    """The Upload file button opens the file chooser, as a person would use it."""
    with page.expect_file_chooser() as chooser:
        dialog.get_by_role("button", name="Upload file").click()
    chooser.value.set_files({"name": name, "mimeType": "text/csv", "buffer": text.encode()})


def _rows(table) -> list[list[str]]:
    rows = table.get_by_role("row").all()[1:]
    return [[cell.strip() for cell in row.get_by_role("cell").all_inner_texts()] for row in rows]


def _quantities(shopping_list: ShoppingList) -> dict[str, int]:
    found: dict[str, int] = {}
    for item in shopping_list.items.select_related("variant"):
        found[item.variant.sku] = found.get(item.variant.sku, 0) + item.quantity
    return found


def test_a_senior_buyer_uploads_a_csv_into_a_shopping_list(page, portal, lists):
    senior = User.objects.get(email="senior@acme.test")
    shopping_list = ShoppingList.objects.get(name=LIST_NAME, created_by=senior)
    before = _quantities(shopping_list)
    assert "HS-1055-100G" not in before and "HS-1006-1L" not in before and "HS-1003-1L" not in before

    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    portal.open(f"/shoppingList/{shopping_list.pk}")
    expect(page.get_by_role("heading", level=1, name=LIST_NAME)).to_be_visible()

    panel = page.get_by_test_id("shopping-list-add-panel")
    panel.get_by_role("button", name="Bulk upload").click()
    dialog = page.get_by_role("dialog", name="Bulk upload")
    expect(dialog.get_by_text("Drag & drop file here")).to_be_visible()
    expect(dialog.get_by_text("File types: CSV, maximum size: 50MB.")).to_be_visible()
    expect(dialog.get_by_role("button", name="add to list")).to_have_count(0)

    # The static sample template downloads.
    with page.expect_download() as sample:
        dialog.get_by_role("link", name="Download sample").click()
    assert Path(sample.value.path()).read_text().splitlines()[0] == "variant_sku,qty"

    # A file that is not CSV is refused at once (business §5), in the red filled alert.
    _choose_file(page, dialog, "order.txt", "not a table")
    alert = dialog.get_by_role("alert")
    expect(alert).to_have_text("Table structure is wrong. Please download sample and follow its structure.")
    expect(alert).to_have_class(
        re.compile(r"\bMuiAlert-filled\b.*\bMuiAlert-colorError\b|\bMuiAlert-colorError\b.*\bMuiAlert-filled\b")
    )

    found = axe_violations(page, "bulk upload, step one")
    assert not found, report(found)

    _choose_file(page, dialog, "weekly.csv", UPLOAD)
    expect(dialog.get_by_test_id("bulk-upload-file-name")).to_have_text("weekly.csv")
    expect(dialog.get_by_role("alert")).to_have_count(0)
    # issue 36 item 11: what was read, in one sentence.
    expect(dialog.get_by_test_id("bulk-upload-summary")).to_have_text(
        "5 rows read: 3 valid rows for 3 products; 2 rows with errors"
    )
    tabs = dialog.get_by_role("tab")
    expect(tabs).to_have_text(["Errors (2)", "Valid (3)"])
    expect(tabs.first).to_have_attribute("aria-selected", "true")

    errors = dialog.get_by_role("table", name="Rows with errors")
    expect(errors.get_by_role("row")).to_have_count(3)
    assert _rows(errors) == [
        ["HS-9999-NOPE", "1", "3", "This SKU is not in the catalog."],
        ["hs-1002-1l", "ten", "4", "Enter a whole number from 1 to 1,000,000."],
    ]
    expect(dialog.get_by_text("Products per page:")).to_be_visible()

    # The error file: the signed link downloads the error rows, with the spreadsheet's line numbers.
    with page.expect_download() as download:
        dialog.get_by_role("link", name="Download the error file").click()
    assert download.value.suggested_filename == "weekly-errors.csv"
    rows = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8-sig"))))
    assert rows[0] == ["SKU", "Qty", "Row", "Error"]
    assert [row[:3] for row in rows[1:]] == [["HS-9999-NOPE", "1", "3"], ["hs-1002-1l", "ten", "4"]]

    dialog.get_by_role("tab", name="Valid (3)").click()
    valid = dialog.get_by_role("table", name="Valid products")
    expect(valid.get_by_role("row")).to_have_count(4)
    assert _rows(valid) == [["HS-1055-100G", "10"], ["HS-1006-1L\nOut of stock", "5"], ["HS-1003-1L", "2"]]

    # axe on the end step, at both widths (the dialog fills the screen on a phone).
    found = axe_violations(page, "bulk upload, results, 1280 px")
    page.set_viewport_size({"width": 375, "height": 740})
    expect(dialog).to_be_visible()
    found += axe_violations(page, "bulk upload, results, 375 px")
    page.set_viewport_size({"width": 1280, "height": 800})
    assert not found, report(found)

    dialog.get_by_role("button", name="add to list").click()
    expect(page.get_by_role("dialog", name="Bulk upload")).to_have_count(0)
    expect(page.get_by_text("Products were added to your shopping list")).to_be_visible()
    note = panel.get_by_test_id("bulk-upload-stock-note")
    expect(note).to_contain_text("1 product is beyond the available stock.")
    expect(note.get_by_role("link", name="Download the stock error file")).to_be_visible()

    # The list shows the new lines, and holds them.
    products = page.get_by_role("table", name="Products")
    for sku in ("HS-1055-100G", "HS-1006-1L", "HS-1003-1L"):
        expect(products.get_by_role("row").filter(has_text=sku)).to_have_count(1)
    after = _quantities(shopping_list)
    assert {sku: after[sku] for sku in ("HS-1055-100G", "HS-1006-1L", "HS-1003-1L")} == {
        "HS-1055-100G": 10,
        "HS-1006-1L": 5,
        "HS-1003-1L": 2,
    }
    assert {sku: qty for sku, qty in after.items() if sku in before} == before


def test_a_bulk_upload_adds_to_the_quote_draft(page, portal, lists):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("button", name="SIGN IN")).to_have_count(0)
    portal.open("/quoteDraft")
    expect(page.get_by_role("heading", level=1, name="Quote draft")).to_be_visible()

    page.get_by_role("button", name="Bulk upload").click()
    dialog = page.get_by_role("dialog", name="Bulk upload")
    # issue 36 item 11: a spreadsheet saved in German separates its cells with semicolons; the two rows of one pack
    # size are merged, and the dialog says so.
    _choose_file(page, dialog, "angebot.csv", "Artikelnummer;Menge\r\nHS-1003-1L;3\r\nHS-1003-1L;4\r\n")
    expect(dialog.get_by_test_id("bulk-upload-summary")).to_have_text(
        "2 rows read: 2 valid rows for 1 product; 0 rows with errors"
    )
    expect(dialog.get_by_role("tab")).to_have_text(["Valid (1)"])
    expect(dialog.get_by_role("table", name="Valid products")).to_contain_text("2 rows merged")
    dialog.get_by_role("button", name="Add to quote").click()
    expect(page.get_by_role("dialog", name="Bulk upload")).to_have_count(0)
    expect(page.get_by_text("Product was added to your quote.")).to_be_visible()

    draft = QuoteDraft.objects.get(user__email="senior@acme.test")
    assert [(line.variant.sku, line.quantity) for line in draft.lines.select_related("variant")] == [("HS-1003-1L", 7)]
