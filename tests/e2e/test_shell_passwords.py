"""Forgot password and account settings in Chromium (issue 3)."""

import re

from django.core import mail
from playwright.sync_api import expect

from accounts.models import User
from tests.e2e.conftest import fill_new_password

LINK = re.compile(r"https?://\S+#/forgotpassword\?uid=\S+&token=\S+")


# The reset mail is sent while the server answers the request (Celery runs eagerly in the tests; the task is queued on
# the commit that ends the mutation): once the page shows the server's answer, the mail is in the outbox or never will
# be. The tests wait for that answer, never for time to pass.


def sent_mail(count: int = 1):
    assert len(mail.outbox) == count
    return mail.outbox[-1]


def test_forgot_password_end_to_end(page, portal):
    portal.open("/login")
    page.get_by_role("link", name="Forgot your password?").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()
    page.get_by_label("Email Address").fill("senior@acme.test")
    page.get_by_role("button", name="SEND RESET LINK").click()
    expect(
        page.get_by_text("If an account exists for that e-mail address, we have sent a link to reset the password.")
    ).to_be_visible()

    message = sent_mail()
    assert message.to == ["senior@acme.test"]
    link = LINK.search(message.body).group(0)
    assert link.startswith(portal.url + "/#/forgotpassword?")

    page.goto(link)
    expect(page.get_by_role("heading", name="Set a new password")).to_be_visible()
    fill_new_password(page, "Lab2024x")
    page.get_by_role("button", name="SAVE PASSWORD").click()

    expect(page).to_have_url(re.compile(r"#/login$"))
    expect(page.get_by_text("Your password has been changed. Sign in with your new password.")).to_be_visible()
    assert User.objects.get(email="senior@acme.test").check_password("Lab2024x")

    portal.sign_in("senior@acme.test", "Lab2024x")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()

    # The link works once: the password it was made for has changed.
    page.goto(link)
    fill_new_password(page, "Lab2025y")
    page.get_by_role("button", name="SAVE PASSWORD").click()
    expect(page.get_by_text("This password reset link is invalid or has expired.")).to_be_visible()
    page.get_by_role("link", name="Request a new link").click()
    expect(page.get_by_role("heading", name="Reset your password")).to_be_visible()


def test_an_unknown_address_gets_the_same_answer_and_no_mail(page, portal):
    portal.open("/forgotpassword")
    page.get_by_label("Email Address").fill("nobody@nowhere.test")
    page.get_by_role("button", name="SEND RESET LINK").click()
    expect(
        page.get_by_text("If an account exists for that e-mail address, we have sent a link to reset the password.")
    ).to_be_visible()
    assert mail.outbox == []


def test_account_settings_edits_persist(page, portal):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()  # the landing page (shell §2)
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()
    expect(page.get_by_text("Signed in as senior@acme.test")).to_be_visible()
    expect(page.get_by_label("Email", exact=True)).to_have_value("senior@acme.test")
    expect(page.get_by_label("Email", exact=True)).not_to_be_editable()

    page.get_by_label("First name").fill("Samuel")
    page.get_by_label("Phone number").fill("+1 617 555 0199")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your account settings have been saved.")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Samuel Senior")

    user = User.objects.get(email="senior@acme.test")
    assert (user.first_name, user.last_name, user.phone) == ("Samuel", "Senior", "+1 617 555 0199")

    page.reload()
    expect(page.get_by_label("First name")).to_have_value("Samuel")


def test_account_settings_refuse_a_bad_phone_and_a_wrong_current_password(page, portal):
    portal.sign_in("senior@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()

    page.get_by_label("Phone number").fill("call me")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Enter a valid phone number", exact=False)).to_be_visible()
    page.get_by_label("Phone number").fill("+1 617 555 0101")

    page.get_by_label("Current password").fill("Wrong1234")
    fill_new_password(page, "Lab2024x")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your current password is incorrect.")).to_be_visible()
    assert User.objects.get(email="senior@acme.test").check_password("Demo1234")


def test_changing_the_password_keeps_this_session_and_the_new_password_signs_in(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Account settings")).to_be_visible()

    page.get_by_label("Current password").fill("Demo1234")
    fill_new_password(page, "Lab2024x")
    page.get_by_role("button", name="Save changes").click()
    expect(page.get_by_text("Your account settings have been saved.")).to_be_visible()
    assert User.objects.get(email="admin@acme.test").check_password("Lab2024x")

    # Still signed in: the page works without a new sign-in.
    page.reload()
    expect(page.get_by_test_id("user-summary")).to_contain_text("Alice Admin")

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3$"))
    portal.sign_in("admin@acme.test", "Lab2024x")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
