"""User management in Chromium (issue 16, Done when 1): Acme's admin adds a junior buyer, who activates the account
through the invitation e-mail and signs in; the admin promotes them (their menu changes at their next start-up) and
then removes them (their token stops working at once). One journey, two browsers."""

import re

from django.core import mail
from playwright.sync_api import expect

from accounts.models import User
from tests.e2e.conftest import TOKEN_STATUS, WAIT_MS, fill_new_password, menu_entries, sign_in_through_the_overlay

INVITATION_LINK = re.compile(r"https?://\S+#/forgotpassword\?uid=\S+&token=\S+&invited=1")
ACTIVATED = "Your account is active. Sign in with your email address and your new password."


def choose_role(page, dialog, role: str) -> None:
    dialog.get_by_role("combobox", name=re.compile(r"^Role")).click()
    page.get_by_role("listbox").get_by_role("option", name=role).click()


def row_action(page, name: str, action: str) -> None:
    page.get_by_role("button", name=f"Actions for {name}").click()
    page.get_by_role("menu").get_by_role("menuitem", name=action).click()


def test_an_admin_adds_a_junior_buyer_who_activates_the_account_then_promotes_and_removes_them(page, portal, browser):
    # Acme's admin adds Nia as a junior buyer.
    portal.sign_in("admin@acme.test")
    page.get_by_role("navigation", name="Portal menu").get_by_role("link", name="User management").click()
    expect(page.get_by_role("heading", level=1, name="User management")).to_be_visible()
    page.get_by_role("button", name="Add user").click()
    dialog = page.get_by_role("dialog", name="Add user")
    dialog.get_by_label("Email").fill("nia@acme.test")
    dialog.get_by_label("First name").fill("Nia")
    dialog.get_by_label("Last name").fill("New")
    choose_role(page, dialog, "Junior buyer")
    dialog.get_by_role("button", name="Add user").click()

    expect(page.get_by_text("Invitation sent to nia@acme.test.")).to_be_visible()
    row = page.get_by_role("row", name=re.compile(r"^Nia New"))
    expect(row).to_contain_text("Invitation pending")
    expect(row).to_contain_text("Junior buyer")
    assert not User.objects.get(email="nia@acme.test").has_usable_password()  # nobody can sign in yet

    # The invitation went out when the user was added (Celery, on commit), before the page had its answer.
    assert [message.to for message in mail.outbox] == [["nia@acme.test"]]
    link = INVITATION_LINK.search(mail.outbox[0].body).group(0)
    assert link.startswith(portal.url + "/#/forgotpassword?")

    context = browser.new_context()
    try:
        # Nia, in her own browser, opens the link, chooses a password and signs in.
        nia = context.new_page()
        nia.set_default_timeout(WAIT_MS)
        nia.goto(link)
        expect(nia.get_by_role("heading", name="Welcome! Activate your account")).to_be_visible()
        fill_new_password(nia, "Lab2024x")
        nia.get_by_role("button", name="ACTIVATE ACCOUNT").click()
        expect(nia).to_have_url(re.compile(r"#/login$"))
        expect(nia.get_by_text(ACTIVATED)).to_be_visible()

        sign_in_through_the_overlay(nia, portal.url, "nia@acme.test", "Lab2024x")
        # Where a junior buyer lands (shell §2: orders, shopping lists, account settings: the first with a page).
        expect(nia).to_have_url(re.compile(r"#/shoppingLists$"))
        expect(nia.get_by_test_id("user-summary")).to_contain_text("Nia New")
        assert "User management" not in menu_entries(nia)

        # The admin sees the invitation accepted, and makes Nia a senior buyer.
        page.reload()
        expect(row).to_contain_text("Junior buyer")
        expect(row).not_to_contain_text("Invitation pending")
        row_action(page, "Nia New", "Edit")
        dialog = page.get_by_role("dialog", name="Edit Nia New")
        expect(dialog.get_by_label("Email")).to_have_value("nia@acme.test")
        choose_role(page, dialog, "Senior buyer")
        dialog.get_by_role("button", name="Save changes").click()
        expect(page.get_by_text("Changes to Nia New saved.")).to_be_visible()
        expect(row).to_contain_text("Senior buyer")

        # Nia's menu follows at her next start-up: a senior buyer reads the company's users.
        nia.reload()
        expect(nia.get_by_role("heading", name="Shopping lists", exact=True)).to_be_visible()
        menu = nia.get_by_role("navigation", name="Portal menu")
        expect(menu.get_by_role("link", name="User management")).to_be_visible()
        token = nia.evaluate("sessionStorage.getItem('sf-B2BToken')")
        assert nia.evaluate(TOKEN_STATUS, token) == "ok"

        # The admin removes Nia; her token stops working at once.
        row_action(page, "Nia New", "Delete")
        page.get_by_role("dialog", name="Delete Nia New?").get_by_role("button", name="Delete user").click()
        expect(page.get_by_text("Nia New was removed from your company.")).to_be_visible()
        expect(row).to_have_count(0)
        assert nia.evaluate(TOKEN_STATUS, token) == 40101

        nia.reload()
        expect(nia).to_have_url(re.compile(r"#/login\?loginFlag=3&showTip=false$"))
        expect(nia.get_by_text("Your session has expired. Please sign in again.")).to_be_visible()
    finally:
        context.close()
