"""Super-admin masquerading in Chromium (issue 5, Done when 3)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from accounts.models import Company
from tests.e2e.axe import assert_accessible


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def menu_entries(page) -> list[str]:
    menu = page.get_by_role("navigation", name="Portal menu")
    expect(menu).to_be_visible()
    return [text.strip() for text in menu.get_by_role("link").all_inner_texts()]


def test_the_super_admin_masquerades_as_acme_from_the_dashboard_and_acme_sees_the_session(page, portal, shop):
    portal.sign_in("superadmin@demo.test")
    expect(page).to_have_url(re.compile(r"#/dashboard$"))
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    assert menu_entries(page) == ["Dashboard", "My orders", "Account settings"]

    page.get_by_label("Search companies").fill("Acme")
    table = page.get_by_role("table", name="Dashboard")
    expect(table.get_by_role("row")).to_have_count(2)  # the header and Acme Labs
    table.get_by_role("button", name="Masquerade as Acme Labs").click()

    bar = page.get_by_test_id("b2b-masquerade-bar")
    expect(bar).to_contain_text("You are masquerading as Acme Labs")
    expect(bar.get_by_role("button", name="END MASQUERADE")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Acme Labs")
    expect(table.get_by_role("button", name="End masquerade as Acme Labs")).to_be_visible()
    assert "Quotes" in menu_entries(page)  # quotes are on while acting as a company, off otherwise

    # The storefront follows: Acme's prices and the server-rendered bar.
    portal.close()
    page.goto(portal.url + "/products/ethanol-absolute-998/")
    expect(page.locator("[data-price]")).to_have_text("$32.30")
    expect(page.locator("[data-b2b-masquerade-bar]")).to_contain_text("You are masquerading as Acme Labs")

    portal.open("/dashboard")
    page.get_by_test_id("b2b-masquerade-bar").get_by_role("button", name="END MASQUERADE").click()
    expect(page.get_by_test_id("b2b-masquerade-bar")).to_have_count(0)
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).not_to_contain_text("Acme Labs")
    assert menu_entries(page) == ["Dashboard", "My orders", "Account settings"]

    portal.close()
    page.goto(portal.url + "/products/ethanol-absolute-998/")
    expect(page.locator("[data-price]")).to_have_text("$38.00")
    expect(page.locator("[data-b2b-masquerade-bar]")).to_have_count(0)

    # Acme's admin sees the session in the audit list.
    portal.open("/login?loginFlag=3")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()  # the admin's landing page (shell §2)
    portal.open("/accountSettings")
    audit = page.get_by_role("table", name="Masquerade activity")
    expect(audit).to_contain_text("superadmin@demo.test")
    expect(audit).not_to_contain_text("Active now")


def test_a_masquerade_is_the_same_after_signing_in_again_and_one_end_on_the_storefront_ends_it(
    page, portal, shop, live_server
):
    """Issue 13: masquerade as Acme, close the browser, sign in again — the dashboard, the storefront bar and the
    prices agree; one END MASQUERADE on the storefront ends it for the portal too."""
    portal.sign_in("superadmin@demo.test")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    page.get_by_label("Search companies").fill("Acme")
    page.get_by_role("table", name="Dashboard").get_by_role("button", name="Masquerade as Acme Labs").click()
    expect(page.get_by_test_id("b2b-masquerade-bar")).to_contain_text("You are masquerading as Acme Labs")

    # "Closes the browser": a new browser context with nothing kept, signing in again.
    context, again = portal.sign_in_elsewhere("superadmin@demo.test")
    expect(again.get_by_test_id("b2b-masquerade-bar")).to_contain_text("You are masquerading as Acme Labs")
    # Issue 36: the new sign-in joined the masquerade still open in the other browser, and says so on arrival.
    notice = again.get_by_test_id("b2b-joined-masquerade")
    expect(notice).to_contain_text("You are still acting as Acme Labs")
    expect(notice).to_contain_text("in another tab or session and is still open")
    expect(notice.get_by_role("button", name="End masquerade as Acme Labs")).to_be_visible()
    again.evaluate("location.hash = ''")
    again.goto(f"{live_server.url}/products/ethanol-absolute-998/")
    expect(again.locator("[data-price]")).to_have_text("$32.30")
    bar = again.locator("[data-b2b-masquerade-bar]")
    expect(bar).to_contain_text("You are masquerading as Acme Labs")

    bar.get_by_role("button", name="END MASQUERADE").click()
    expect(again.locator("[data-b2b-masquerade-bar]")).to_have_count(0)
    expect(again.locator("[data-price]")).to_have_text("$38.00")
    again.goto(f"{live_server.url}/#/dashboard")
    expect(again.get_by_role("heading", name="Dashboard")).to_be_visible()
    expect(again.get_by_test_id("b2b-masquerade-bar")).to_have_count(0)
    expect(again.get_by_test_id("b2b-joined-masquerade")).to_have_count(0)  # ended: nothing left to tell
    context.close()

    # The first browser's portal agrees once it asks again.
    page.reload()
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    expect(page.get_by_test_id("b2b-masquerade-bar")).to_have_count(0)


def test_the_super_admin_adds_a_unit_and_moves_it_on_the_dashboard(page, portal, shop):
    """Issue 40: the dashboard shows the company trees; a unit is added below a department and moved to another,
    with the dialogs' confirmation, and both dialogs pass axe at 1280 and 375 px."""
    portal.sign_in("superadmin@demo.test")
    table = page.get_by_role("table", name="Dashboard")
    page.get_by_label("Search companies").fill("Chemistry")
    expect(table.get_by_role("row")).to_have_count(2)
    expect(table.get_by_role("row").nth(1)).to_contain_text("Northfield University")  # "Part of"

    table.get_by_role("button", name="More actions for Chemistry").click()
    page.get_by_role("menuitem", name="Add unit").click()
    dialog = page.get_by_role("dialog", name="Add a unit to Chemistry")
    dialog.get_by_label("Unit name").fill("Analytical Chemistry Lab")
    assert_accessible(page, "the Add unit dialog")
    dialog.get_by_role("button", name="ADD UNIT").click()
    expect(page.get_by_text("Analytical Chemistry Lab was added to Chemistry.")).to_be_visible()
    expect(dialog).to_have_count(0)

    page.get_by_label("Search companies").fill("Analytical")
    expect(table.get_by_role("row")).to_have_count(2)
    expect(table.get_by_role("row").nth(1)).to_contain_text("Chemistry")
    table.get_by_role("button", name="More actions for Analytical Chemistry Lab").click()
    page.get_by_role("menuitem", name="Move").click()
    dialog = page.get_by_role("dialog", name="Move Analytical Chemistry Lab")
    expect(dialog).to_contain_text("It is part of Chemistry now.")
    dialog.get_by_role("combobox", name=re.compile("Place it below")).fill("Biology")
    page.get_by_role("option", name=re.compile("^Biology")).click()
    expect(dialog.get_by_role("status")).to_contain_text("move below Biology")
    assert_accessible(page, "the Move dialog")
    dialog.get_by_role("button", name="MOVE").click()
    expect(page.get_by_text("Analytical Chemistry Lab was moved.")).to_be_visible()
    expect(table.get_by_role("row").nth(1)).to_contain_text("Biology")

    # Saved: the unit is Biology's, one level below the university's department.
    unit = Company.objects.get(name="Analytical Chemistry Lab")
    assert unit.parent.name == "Biology" and unit.depth == 2
