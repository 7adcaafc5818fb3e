"""Registration, company approval and B2B conversion in Chromium (issue 5, Done when 1 and 2)."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from accounts import services
from accounts.models import Company, User
from portal.models import StorefrontConfig

PDF = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"

CART_ADD_STATUS = """async () => {
    const form = document.querySelector('form input[name=product_id]').form;
    form.querySelectorAll('select').forEach((select) => {
        if (!select.value && select.options.length > 1) select.selectedIndex = 1;
    });
    const body = new FormData(form);
    body.set('qty', '1');
    const csrf = document.cookie.split('; ').find((c) => c.startsWith('csrftoken=')).split('=')[1];
    const r = await fetch('/cart/add/', {method: 'POST', body, headers: {'X-CSRFToken': csrf}, credentials: 'include'});
    return {status: r.status, text: await r.text()};
}"""


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def choose(page, label: str, option: str):
    page.get_by_role("combobox", name=label).click()
    page.get_by_role("option", name=option, exact=True).click()


def fill_company_and_address(page, company: str):
    page.get_by_label("Company name").fill(company)
    page.get_by_label("Company email").fill("office@kestrel.test")
    page.get_by_label("Company phone number").fill("+1 617 555 0199")
    choose(page, "Institution type", "Industry")
    page.get_by_label("VAT or tax ID").fill("US-99-1234567")
    page.locator("input[type=file]").set_input_files(
        files=[{"name": "registration.pdf", "mimeType": "application/pdf", "buffer": PDF}]
    )
    expect(page.get_by_text("File registration.pdf successfully added.")).to_be_visible()


def fill_address(page):
    choose(page, "Country", "United States")
    choose(page, "State / province", "Massachusetts")
    page.get_by_label("Address line 1").fill("12 Harbor St")
    page.get_by_label("City").fill("Boston")
    page.get_by_label("ZIP / postal code").fill("02110")


def test_a_business_applies_with_an_extra_field_and_an_attachment_waits_for_approval_then_gets_b2b_menus(
    page, portal, shop
):
    StorefrontConfig.objects.filter(key="company_auto_approval").update(value="0")
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")

    portal.open("/login")
    page.get_by_role("link", name="CREATE ACCOUNT").click()
    expect(page).to_have_url(re.compile(r"#/register$"))
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    expect(page.get_by_label("Business account")).to_be_checked()

    # Contact information: the browser checks the shell §5 rules before anything is sent.
    page.get_by_label("First name").fill("Kim")
    page.get_by_label("Last name").fill("Kestrel")
    page.get_by_label("Email address").fill("kim@kestrel")
    page.get_by_label("Phone number").fill("12")
    page.get_by_role("button", name="NEXT").click()
    expect(page.get_by_text("Enter a valid email address, for example name@company.com.")).to_be_visible()
    expect(page.get_by_text("Enter a valid phone number.")).to_be_visible()
    page.get_by_label("Email address").fill("kim@kestrel.test")
    page.get_by_label("Phone number").fill("+1 617 555 0142")
    page.get_by_label("Sign me up for the newsletter").check()
    page.get_by_role("button", name="NEXT").click()

    # Company information with the custom extra fields and an attachment through the drop zone.
    expect(page.get_by_role("heading", name="Company information")).to_be_visible()
    page.get_by_role("button", name="NEXT").click()
    expect(page.get_by_text("Institution type is required.")).to_be_visible()
    fill_company_and_address(page, "Kestrel Assays")
    page.get_by_role("button", name="NEXT").click()

    expect(page.get_by_role("heading", name="Address")).to_be_visible()
    fill_address(page)
    page.get_by_role("button", name="NEXT").click()

    page.locator("input[name=password]").fill("short")
    page.locator("input[name=confirmPassword]").fill("short")
    page.get_by_role("button", name="SUBMIT").click()
    expect(page.get_by_text("Use at least 7 characters with at least one letter and one digit.")).to_be_visible()
    page.locator("input[name=password]").fill("Pipette4u2")
    page.locator("input[name=confirmPassword]").fill("Pipette4u2")
    page.get_by_role("button", name="SUBMIT").click()

    finish = page.get_by_role("status")
    expect(finish).to_contain_text("will gain access to business features after approval")
    expect(finish).to_contain_text("check your email for details")
    company = Company.objects.get(name="Kestrel Assays")
    assert company.status == 0
    assert company.extra_fields.get("institutionType") == "industry"
    assert company.attachments.count() == 1

    # Signed in as the applicant: the portal's pending tip (prices hidden too).
    page.get_by_role("button", name="SIGN IN").click()
    expect(page).to_have_url(re.compile(r"#/orders$"))
    expect(page.get_by_text("Products, pricing and ordering will be enabled after approval")).to_be_visible()

    # The storefront shows no price, and the server refuses the cart.
    page.goto(portal.url + "/products/ethanol-absolute-998/")
    expect(page.get_by_text("Pricing will be shown after your account is approved.").first).to_be_visible()
    expect(page.locator("[data-price]")).to_have_count(0)
    answer = page.evaluate(CART_ADD_STATUS)
    assert answer["status"] == 403
    assert "pending approval" in answer["text"]

    # The storefront's cart page: the pending tip, once per session.
    page.goto(portal.url + "/cart.php")
    expect(page.locator("#b2b-pending-tip")).to_contain_text("pending approval")
    page.reload()
    expect(page.locator("#b2b-pending-tip")).to_have_count(0)

    # Staff approve; signed in again, the applicant is the company's admin.
    services.company_approve(company_ids=[company.pk], by=User.objects.get(email="staff@demo.test"))
    portal.open("/login?loginFlag=3")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    portal.sign_in("kim@kestrel.test", "Pipette4u2")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    expect(page.get_by_test_id("user-summary")).to_contain_text("Kestrel Assays")
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Masquerade activity")).to_be_visible()
    expect(page.get_by_text("Products, pricing and ordering will be enabled after approval")).to_have_count(0)


def test_an_individual_customer_converts_to_a_business_account_through_the_convert_link(page, portal, shop):
    portal.sign_in("b2c@demo.test")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    portal.open("/accountSettings")
    expect(page.get_by_role("link", name="Convert to a business account").first).to_be_visible()
    portal.close()
    page.reload()

    # The storefront's own convert link (shell §4 rule, rendered by the server).
    page.locator("a.convert-link").click()
    expect(page.get_by_role("heading", name="Apply for a business account")).to_be_visible()
    fill_company_and_address(page, "Ivy Labs")
    fill_address(page)
    page.get_by_role("button", name="SUBMIT APPLICATION").click()

    expect(page.get_by_text("Your account is now a business account.")).to_be_visible()
    page.get_by_role("button", name="CONTINUE").click()
    # The company's admin now: their landing page is their orders (shell §2).
    expect(page).to_have_url(re.compile(r"#/orders$"))
    expect(page.get_by_test_id("user-summary")).to_contain_text("Ivy Labs")
    portal.open("/accountSettings")
    expect(page.get_by_role("heading", name="Masquerade activity")).to_be_visible()
    user = User.objects.get(email="b2c@demo.test")
    assert user.membership.company.name == "Ivy Labs"
