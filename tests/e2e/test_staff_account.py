"""Issue 13, item 7: a staff account signs in to Django admin, not to the portal: the overlay says so, keeps no
session and offers no "Convert to a business account"."""

from playwright.sync_api import expect


def test_a_staff_account_is_told_to_use_the_administration_and_gets_no_portal_session(page, portal):
    portal.sign_in("staff@demo.test")

    expect(page.get_by_role("alert")).to_contain_text("This is a staff account: sign in to the store’s administration")
    expect(page.get_by_role("button", name="SIGN IN")).to_be_visible()
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") is None
    portal.close()
    page.goto(portal.url + "/")
    account = page.get_by_role("navigation", name="Account")
    expect(account.get_by_role("link", name="Sign in")).to_be_visible()
    expect(page.get_by_text("Convert to a business account")).to_have_count(0)
