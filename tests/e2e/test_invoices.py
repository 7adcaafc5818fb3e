"""Invoices in Chromium (issue 20, Done when 1 and 2).

1. Acme's admin opens the multi-invoice screen, sorts it by due date, expands a row, follows a parcel's tracking link
   (the carrier's page, in a new tab, never loaded from the test), sees the embedded PDF and downloads
   invoice-{number}.pdf.
2. Acme's admin pays two invoices on /invoice, one of them in part, through the storefront's invoice checkout with the
   test card; the receipt lists both with their amounts; back in the portal the balances and statuses have changed
   (on screen and in the database); the CSV exports of the paid and of the partly paid invoices hold them."""

import csv
import io
import re
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from invoices.demo import seed_invoices
from invoices.models import Invoice, InvoiceSource, InvoiceStatus, Receipt
from orders.demo import seed_orders
from pricing.demo import seed_catalog
from tests.e2e.axe import axe_violations, report
from tests.e2e.conftest import TOKEN_STATUS
from tracking.engine import recognize

ACME = "Acme Labs"
TEST_CARD = "4242 4242 4242 4242"
# The multi-invoice screen's first order (business §9): descending invoice number, numbers inside it compared as
# numbers ("INV-100010" after "INV-100009").
NUMBER_PARTS = re.compile(r"(\d+)")

# The bytes of a blob: URL of the page (a frame's src), read inside the page that made it.
BLOB_HEAD = """async (src) => {
    const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
    return {head: String.fromCharCode(...bytes.slice(0, 5)), size: bytes.length};
}"""


@pytest.fixture
def invoices(demo):
    """The demo catalog, orders and invoices (Acme's and Globex's, in every status)."""
    seed_catalog()
    seed_orders()
    seed_invoices()
    return Invoice.objects.filter(company__name=ACME)


def expect_no_axe_violation(page, where: str) -> None:
    """The invoice checkout and its receipt need a payment of the browser's own, so the accessibility check's page
    list cannot reach them: axe runs on them here, at 1280 and 375 px as there."""
    size = page.viewport_size
    found = []
    for width, height in ((1280, 800), (375, 740)):
        page.set_viewport_size({"width": width, "height": height})
        found += axe_violations(page, f"{where} at {width} px")
    page.set_viewport_size(size)
    assert not found, report(found)


def usd(amount: Decimal) -> str:
    """An amount as the portal and the storefront show US dollars (shell §9 default currency)."""
    return f"${amount:,.2f}"


def natural_key(number: str) -> list:
    return [int(part) if part.isdigit() else part.lower() for part in NUMBER_PARTS.split(number)]


def starting_with(number: str) -> re.Pattern:
    """A row header's text: the invoice number, then what a screen reader hears of its link."""
    return re.compile(rf"^{re.escape(number)}\b")


def pdf_response_of(invoice: Invoice):
    return lambda response: urlsplit(response.url).path == f"/api/v2/invoices/{invoice.pk}/pdf"


def test_the_admin_sorts_by_due_date_tracks_a_parcel_views_and_downloads_an_invoice_pdf(
    page, portal, invoices, tmp_path
):
    # An invoice issued from an order (so with a PDF, rendered on first request) whose parcels the engine knows.
    issued = invoices.filter(source=InvoiceSource.ISSUED).exclude(tracking_numbers=[]).order_by("number")
    tracked, parcel = next(
        (invoice, item["number"])
        for invoice in issued
        for item in invoice.tracking_numbers
        if recognize(item["number"])
    )
    carrier_url = recognize(parcel)[0].tracking_url

    portal.sign_in("admin@acme.test")
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Invoices").click()
    expect(page).to_have_url(re.compile(r"#/multi-invoice$"))
    expect(page.get_by_role("heading", level=1, name="Invoices")).to_be_visible()
    table = page.get_by_role("table", name="Invoices")

    # Every invoice, without paging, newest number first (business §9) ...
    newest_first = sorted(invoices.values_list("number", flat=True), key=natural_key, reverse=True)
    expect(table.get_by_role("rowheader")).to_have_text([starting_with(number) for number in newest_first])
    # ... then by due date, soonest first, on the client; the sort is kept in the address.
    page.get_by_role("button", name="Due date").click()
    expect(page).to_have_url(re.compile(r"#/multi-invoice\?sort=dueDate$"))
    soonest_due = list(invoices.order_by("due_date", "-number").values_list("number", flat=True))
    assert soonest_due != newest_first  # the demo data makes the two orders differ: the sort is seen to work
    expect(table.get_by_role("rowheader")).to_have_text([starting_with(number) for number in soonest_due])
    expect(table.get_by_role("columnheader", name="Due date")).to_have_attribute("aria-sort", "ascending")
    # Clicked again: latest due first.
    page.get_by_role("button", name="Due date").click()
    expect(page).to_have_url(re.compile(r"#/multi-invoice\?sort=-dueDate$"))
    expect(table.get_by_role("rowheader")).to_have_text([starting_with(number) for number in reversed(soonest_due)])

    # The expanded row fetches the invoice's PDF (a real one) and shows it embedded, 300 px high and resizable.
    with page.expect_response(pdf_response_of(tracked)) as pdf_info:
        page.get_by_role("button", name=f"Show the details of invoice {tracked.number}").click()
    expect(page.get_by_role("button", name=f"Hide the details of invoice {tracked.number}")).to_have_attribute(
        "aria-expanded", "true"
    )
    assert pdf_info.value.ok
    assert pdf_info.value.headers["content-type"].startswith("application/pdf")
    # The signed link the panel used answers the PDF to a plain request too.
    answer = page.request.get(pdf_info.value.url)
    assert answer.ok and answer.body().startswith(b"%PDF-")
    frame = page.get_by_title(f"Invoice {tracked.number} (PDF)")
    expect(frame).to_have_attribute("src", re.compile(r"^blob:"))
    shown = page.evaluate(BLOB_HEAD, frame.get_attribute("src"))
    assert shown["head"] == "%PDF-" and shown["size"] == len(answer.body())
    panel = page.get_by_test_id("invoice-pdf-panel")
    expect(panel).to_have_css("resize", "vertical")
    expect(panel).to_have_css("height", "300px")

    # A parcel's tracking link: the tracking engine's carrier page, in a new tab. The carrier's site is stood in for.
    tracking = page.get_by_role("list", name=f"Tracking numbers of invoice {tracked.number}")
    link = tracking.get_by_role("link", name=f"{parcel} (opens in a new tab)")
    expect(link).to_have_attribute("href", carrier_url)
    expect(link).to_have_attribute("target", "_blank")
    carrier_host = urlsplit(carrier_url).hostname
    page.context.route(
        lambda url: urlsplit(url).hostname == carrier_host,
        lambda route: route.fulfill(body="<title>Carrier tracking</title>", content_type="text/html"),
    )
    with page.context.expect_page() as carrier_info:
        link.click()
    carrier = carrier_info.value
    carrier.wait_for_load_state()
    assert carrier.url == carrier_url
    expect(carrier).to_have_title("Carrier tracking")  # the stand-in, not the carrier's site
    carrier.close()
    expect(page).to_have_url(re.compile(r"#/multi-invoice\?sort=-dueDate$"))  # the portal stays where it was

    # The row menu downloads the PDF as invoice-{number}.pdf.
    page.get_by_role("button", name=f"Actions for invoice {tracked.number}").click()
    with page.expect_download() as download_info:
        page.get_by_role("menuitem", name="Download PDF").click()
    download = download_info.value
    assert download.suggested_filename == f"invoice-{tracked.number}.pdf"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    assert saved.read_bytes().startswith(b"%PDF-")


def export_csv(page, tmp_path, status: str) -> list[dict[str, str]]:
    """The list filtered by a status, exported ("Export CSV" → "Filtered invoices"); the file's rows."""
    page.get_by_role("combobox", name="Status").click()
    page.get_by_role("option", name=status, exact=True).click()
    expect(page).to_have_url(re.compile(r"#/invoice\?.*status="))
    page.get_by_role("button", name="Export CSV").click()
    with page.expect_download() as download_info:
        page.get_by_role("menuitem", name="Filtered invoices").click()
    download = download_info.value
    assert download.suggested_filename.endswith(".csv")
    saved = tmp_path / f"{status}.csv"
    download.save_as(saved)
    text = saved.read_bytes().decode("utf-8-sig")
    return list(csv.DictReader(io.StringIO(text)))


def test_the_admin_pays_two_invoices_one_in_part_through_checkout_and_exports_them(page, portal, invoices, tmp_path):
    # An open invoice (nothing paid yet) is paid in part; a partly paid one is paid off. Neither is overdue, so that
    # the list's status is the stored one (overdue is shown instead of open or partially paid).
    not_due = invoices.filter(due_date__gte=timezone.localdate())
    in_part = not_due.filter(status=InvoiceStatus.OPEN, source=InvoiceSource.ISSUED).order_by("number").first()
    paid_off = not_due.filter(status=InvoiceStatus.PARTIALLY_PAID).order_by("number").first()
    earlier_paid = invoices.get(status=InvoiceStatus.PAID)
    for invoice in (in_part, paid_off):
        assert invoice.currency_code == "USD"
    part = (in_part.open_balance / 4).quantize(Decimal("0.01"))
    rest = paid_off.open_balance
    receipts_before = set(Receipt.objects.values_list("pk", flat=True))

    portal.sign_in("admin@acme.test")
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Invoices").click()
    page.get_by_role("link", name="Pay or export invoices").click()
    expect(page).to_have_url(re.compile(r"#/invoice$"))
    expect(page.get_by_role("heading", level=1, name="Pay invoices")).to_be_visible()
    table = page.get_by_role("table", name="Invoices to pay")
    expect(table.get_by_role("rowheader")).to_have_count(invoices.count())

    def row_of(invoice: Invoice):
        return table.get_by_role("row").filter(has=page.get_by_role("rowheader", name=starting_with(invoice.number)))

    # Two invoices ticked: each amount starts at the open balance; one is lowered to a part payment.
    table.get_by_role("checkbox", name=f"Select invoice {in_part.number}").check()
    table.get_by_role("checkbox", name=f"Select invoice {paid_off.number}").check()
    amount = table.get_by_role("textbox", name=f"Amount to pay on invoice {in_part.number}")
    expect(amount).to_have_value(f"{in_part.open_balance:.2f}")
    rest_amount = table.get_by_role("textbox", name=f"Amount to pay on invoice {paid_off.number}")
    expect(rest_amount).to_have_value(f"{rest:.2f}")
    amount.fill(f"{part:.2f}")
    selection = page.get_by_role("region", name="Selected invoices")
    expect(selection.get_by_role("status")).to_have_text("2 invoices selected")
    expect(selection.get_by_test_id("invoice-selection-total")).to_have_text(f"To pay: {usd(part + rest)}")

    # Pay selected → the storefront's invoice checkout (signed in there by the checkout login).
    selection.get_by_role("button", name="Pay selected").click()
    expect(page).to_have_url(re.compile(r"/checkout/invoices/[0-9a-f-]{36}/$"))
    expect(page.get_by_role("heading", level=1, name="Pay invoices")).to_be_visible()
    lines = page.locator("tr[data-invoice-number]")
    expect(lines).to_have_count(2)
    partial_line = lines.filter(has=page.get_by_role("rowheader", name=in_part.number, exact=True))
    expect(partial_line).to_contain_text(usd(part))
    expect(partial_line).to_contain_text("Part payment")
    full_line = lines.filter(has=page.get_by_role("rowheader", name=paid_off.number, exact=True))
    expect(full_line).to_contain_text(usd(rest))
    expect(full_line).not_to_contain_text("Part payment")
    expect(page.locator("[data-payment-total]")).to_have_text(usd(part + rest))

    expect_no_axe_violation(page, "invoice checkout")

    # The test card.
    page.get_by_label("Name on card").fill("Ada Admin")
    page.get_by_label("Card number").fill(TEST_CARD)
    page.get_by_label("Expiry (MM/YY)").fill("12/39")
    page.get_by_label("CVC").fill("123")
    page.get_by_role("button", name=f"Pay {usd(part + rest)}").click()

    # The receipt lists both invoices with the amounts paid and what each is now.
    expect(page).to_have_url(re.compile(r"/checkout/invoices/receipts/\d+/$"))
    expect(page.get_by_role("heading", level=1, name="Payment received")).to_be_visible()
    receipt_lines = page.locator("table.receipt-lines tr[data-invoice-number]")
    expect(receipt_lines).to_have_count(2)
    partial_receipt = receipt_lines.filter(has=page.get_by_role("rowheader", name=in_part.number, exact=True))
    left = in_part.open_balance - part
    expect(partial_receipt.get_by_role("cell")).to_have_text(
        [re.compile(re.escape(usd(part))), "Status: Partially paid", re.compile(re.escape(usd(left)))]
    )
    full_receipt = receipt_lines.filter(has=page.get_by_role("rowheader", name=paid_off.number, exact=True))
    expect(full_receipt.get_by_role("cell")).to_have_text(
        [re.compile(re.escape(usd(rest))), "Status: Paid", re.compile(re.escape(usd(Decimal(0))))]
    )
    expect(page.locator("[data-receipt-total]")).to_have_text(usd(part + rest))
    expect_no_axe_violation(page, "invoice receipt")

    # In the database: one receipt of the test card with a line per invoice; the balances and statuses changed.
    (receipt,) = Receipt.objects.exclude(pk__in=receipts_before)
    expect(page.locator("[data-receipt-number]")).to_have_text(receipt.reference_number)
    assert receipt.reference_number.startswith("TC-")
    assert receipt.payment_type == "Test card •••• 4242"
    assert receipt.total_amount == part + rest
    assert {(line.invoice_id, line.amount, line.payment_status) for line in receipt.lines.all()} == {
        (in_part.pk, part, InvoiceStatus.PARTIALLY_PAID),
        (paid_off.pk, rest, InvoiceStatus.PAID),
    }
    now_in_part, now_paid_off = Invoice.objects.get(pk=in_part.pk), Invoice.objects.get(pk=paid_off.pk)
    assert (now_in_part.status, now_in_part.open_balance) == (InvoiceStatus.PARTIALLY_PAID, in_part.open_balance - part)
    assert (now_paid_off.status, now_paid_off.open_balance) == (InvoiceStatus.PAID, Decimal(0))

    # Back in the portal: the list shows the new balances and statuses.
    page.get_by_role("link", name="Back to invoices").click()
    expect(page).to_have_url(re.compile(r"#/invoice$"))
    table = page.get_by_role("table", name="Invoices to pay")
    expect(row_of(in_part).get_by_role("cell")).to_contain_text(
        ["Partially paid", usd(in_part.original_balance), usd(in_part.open_balance - part)]
    )
    expect(row_of(paid_off).get_by_role("cell")).to_contain_text(
        ["Paid", usd(paid_off.original_balance), usd(Decimal(0))]
    )
    expect(row_of(paid_off).get_by_role("checkbox")).not_to_be_checked()  # the selection went with the payment

    # The CSV of the paid invoices holds the one paid off now (and the one paid before), not the one paid in part ...
    paid_rows = {row["Invoice number"]: row for row in export_csv(page, tmp_path, "Paid")}
    expect(table.get_by_role("rowheader")).to_have_count(2)
    assert set(paid_rows) == {paid_off.number, earlier_paid.number}
    assert paid_rows[paid_off.number]["Status"] == "Paid"
    assert paid_rows[paid_off.number]["Amount paid"] == f"{paid_off.original_balance:.2f}"
    assert paid_rows[paid_off.number]["Open balance"] == "0.00"
    # ... which the CSV of the partly paid invoices holds, with what was paid on it.
    partly_rows = {row["Invoice number"]: row for row in export_csv(page, tmp_path, "Partially paid")}
    assert in_part.number in partly_rows
    assert paid_off.number not in partly_rows
    assert partly_rows[in_part.number]["Status"] == "Partially paid"
    assert partly_rows[in_part.number]["Amount paid"] == f"{part:.2f}"
    assert partly_rows[in_part.number]["Open balance"] == f"{in_part.open_balance - part:.2f}"


def test_a_payment_link_without_a_session_says_to_sign_in_first(page, portal, invoices):
    """shell §2: a payment link opened without a session goes to the sign-in page with login flag 7."""
    invoice = invoices.order_by("pk").first()
    portal.open(f"/payment/{invoice.pk}")
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=7$"))
    expect(page.get_by_text("Sign in first to pay this invoice.")).to_be_visible()
    expect(page.get_by_text("Please sign in with a company account to view invoices.")).to_be_visible()


def test_invoice_links_keep_a_b2c_customer_and_a_super_admin_signed_in(page, portal, invoices):
    """Issue 36 item 7: an invoice link opened by a user without a company account (reloaded, or in a new tab) never
    ends the session: the landing page says why, or the invoice pages offer a company sign-in of the user's choosing."""
    invoice = invoices.order_by("pk").first()
    portal.sign_in("b2c@demo.test")
    expect(page.get_by_role("heading", level=1, name="My orders")).to_be_visible()
    token = page.evaluate("sessionStorage.getItem('sf-B2BToken')")

    for route in ("/invoice", "/multi-invoice"):
        portal.open(route)
        page.reload()
        expect(page).to_have_url(re.compile(r"#/orders$"))
        expect(page.get_by_role("heading", level=1, name="My orders")).to_be_visible()
        expect(
            page.get_by_role("status").filter(
                has_text="Invoices are not available for your account. They are issued to company accounts."
            )
        ).to_be_visible()
    portal.open(f"/invoiceDetail/{invoice.pk}")
    page.reload()
    expect(page.get_by_role("heading", level=1, name="Invoice")).to_be_visible()
    expect(
        page.get_by_text(
            "Invoices are issued to company accounts, and you’re signed in with a personal account.", exact=False
        )
    ).to_be_visible()
    portal.open(f"/payment/{invoice.pk}")
    page.reload()
    expect(page.get_by_role("heading", level=1, name="Pay an invoice")).to_be_visible()
    expect(page.get_by_text("Invoices are paid from a company account.", exact=False)).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") == token
    assert page.evaluate(TOKEN_STATUS, token) == "ok"

    # A new tab has no B2B token of its own: the storefront session is taken over there too, and kept.
    tab = page.context.new_page()
    tab.goto(f"{portal.url}/#/invoice")
    expect(tab).to_have_url(re.compile(r"#/orders$"))
    expect(tab.get_by_role("heading", level=1, name="My orders")).to_be_visible()
    expect(tab.get_by_text("Invoices are not available for your account.", exact=False)).to_be_visible()
    tab.close()
    assert page.evaluate(TOKEN_STATUS, token) == "ok"

    # Only the customer's own choice signs them out, to sign in with a company account (login flag 7).
    page.get_by_role("button", name="Sign in with a company account").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=7$"))
    expect(page.get_by_text("Please sign in with a company account to view invoices.")).to_be_visible()
    assert page.evaluate(TOKEN_STATUS, token) == 40101

    # A super admin who is not masquerading lands on the dashboard and is told how to see a company's invoices.
    portal.sign_in("superadmin@demo.test")
    expect(page.get_by_role("heading", level=1, name="Dashboard")).to_be_visible()
    portal.open("/multi-invoice")
    page.reload()
    expect(page).to_have_url(re.compile(r"#/dashboard$"))
    expect(
        page.get_by_text("Invoices are not available until you masquerade as a company.", exact=False)
    ).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") is not None
