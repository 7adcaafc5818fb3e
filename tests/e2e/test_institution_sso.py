"""Institutions in Chromium (issue 40, Done when 1): a buyer of Northfield University / Chemistry / Organic Synthesis
Lab signs in from the overlay through the real test OpenID Provider, lands as a senior buyer of the lab and orders;
Chemistry's admin signs in through the university's real SAML identity provider, sees that order in the department's
orders and not Biology's, and switches into the lab and back without the page ever going blank.

Who signs in where: the university signs its people in with its campus SAML provider (northfield.test), and the
Organic Synthesis Lab has an OpenID Connect provider of its own (organic.northfield.test). A unit's own provider
governs it and the units below it (docs/sso.md), so the lab's buyers can only be signed in by the lab's provider and
Chemistry's admin only by the university's."""

from __future__ import annotations

import re
import shutil

import pytest
import requests
from playwright.sync_api import expect

from accounts.models import Company, CompanyRole, User
from orders.models import Order
from sso.models import EmailDomain, IdentityProvider, Protocol, RoleMappingRule
from sso.services import identity_provider_client_secret_set
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import WAIT_MS
from tests.factories import pricing as catalog
from tests.factories.orders import OrderFactory
from tests.sso.oidc_op import CLIENT_SECRET, op_client, openid_provider_running
from tests.sso.saml_idp import SamlIdPServer, cert_body

LAB_PROVIDER = "organic-synthesis-lab"  # the lab's OpenID Connect provider (its slug; the test OP's client id)
LAB_PROVIDER_NAME = "Organic Lab ID"
UNIVERSITY_PROVIDER = "northfield"  # the university's SAML provider
UNIVERSITY_PROVIDER_NAME = "Northfield Login"
UNIVERSITY_IDP = "https://idp.northfield.test/saml"

BUYER = "rosa.lind@organic.northfield.test"  # not an account yet: the first sign-in makes it
CHEMISTRY_ADMIN = "chem.admin@northfield.test"  # the demo's Chemistry admin (accounts/demo.py INSTITUTION)
PO_NUMBER = "PO-OSL-2026-007"

pytestmark = pytest.mark.skipif(
    shutil.which("xmlsec1") is None,
    reason="the test SAML identity provider (pysaml2) signs with the xmlsec1 program: apt-get install xmlsec1",
)

# From now on, every animation frame until WATCHED: whether the Lab orders page (its heading and its table) was
# painted. A frame without them is a blank the person would have seen (one the browser never paints is never seen).
WATCH_THE_PAGE = """() => {
    const root = document.getElementById('b2b-portal-root').shadowRoot;
    const shown = (element) => element !== null && element.getClientRects().length > 0;
    const watch = {frames: 0, blank: 0, on: true};
    const frame = () => {
        if (!watch.on) return;
        const heading = root.querySelector('h1');
        const table = root.querySelector('table');
        const painted = shown(heading) && heading.textContent.trim() === 'Lab orders' && shown(table);
        watch.frames += 1;
        if (!painted) watch.blank += 1;
        requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    window.labOrdersWatch = watch;
}"""
WATCHED = "() => { window.labOrdersWatch.on = false; return window.labOrdersWatch; }"


CUSTOMER = """async () => {
    const r = await fetch('/graphql', {method: 'POST', headers: {'Content-Type': 'application/json',
      Authorization: 'Bearer ' + sessionStorage.getItem('sf-B2BToken')},
      body: JSON.stringify({query: '{ customerInfo { userInfo { email role } companyInfo { companyName } } }'})});
    return (await r.json()).data.customerInfo;
}"""


@pytest.fixture(scope="module")
def lab_op(live_server, tmp_path_factory):
    """The lab's OpenID Provider (node-oidc-provider), whose one client calls back to the live server."""
    with openid_provider_running([op_client(LAB_PROVIDER, live_server.url)], tmp_path_factory.mktemp("op")) as op:
        yield op


@pytest.fixture
def university_idp(tmp_path):
    """The university's SAML identity provider over HTTP, where Chemistry's admin is signed in."""
    identity = {"mail": [CHEMISTRY_ADMIN], "givenName": ["Carl"], "sn": ["Chemist"], "isMemberOf": ["chemistry-admins"]}
    with SamlIdPServer(entity_id=UNIVERSITY_IDP, workdir=tmp_path / "idp", identity=identity, name_id="nfu-42") as idp:
        yield idp


@pytest.fixture
def institution(demo, live_server, lab_op, university_idp):
    """The demo's Northfield University tree with its two identity providers, a product to order and an order of the
    Biology department's Molecular Genetics Lab."""
    university = Company.objects.get(name="Northfield University", parent=None)
    chemistry = Company.objects.get(name="Chemistry", parent=university)
    organic_lab = Company.objects.get(name="Organic Synthesis Lab", parent=chemistry)

    lab = IdentityProvider.objects.create(
        company=organic_lab, protocol=Protocol.OIDC, name=LAB_PROVIDER_NAME, slug=LAB_PROVIDER,
        server_url=lab_op.issuer, client_id=LAB_PROVIDER, scopes="openid profile email groups",
    )  # fmt: skip
    identity_provider_client_secret_set(provider=lab, secret=CLIENT_SECRET)
    EmailDomain.objects.create(provider=lab, domain="organic.northfield.test")
    RoleMappingRule.objects.create(
        provider=lab, position=1, value="purchasing", unit=organic_lab, role=CompanyRole.SENIOR_BUYER
    )
    lab_op.accounts(**{BUYER: {"given_name": "Rosa", "family_name": "Lind", "groups": ["chemists", "purchasing"]}})

    campus = IdentityProvider.objects.create(
        company=university, protocol=Protocol.SAML, name=UNIVERSITY_PROVIDER_NAME, slug=UNIVERSITY_PROVIDER,
        entity_id=UNIVERSITY_IDP, sso_url=university_idp.sso_url, x509cert=cert_body(university_idp.idp.cert_pem),
    )  # fmt: skip
    EmailDomain.objects.create(provider=campus, domain="northfield.test")
    RoleMappingRule.objects.create(
        provider=campus, position=1, value="chemistry-admins", unit=chemistry, role=CompanyRole.ADMIN
    )
    # The identity provider's administrator registers our service provider from its metadata.
    metadata = requests.get(f"{live_server.url}/sso/saml/{UNIVERSITY_PROVIDER}/metadata/", timeout=30)
    assert metadata.status_code == 200, metadata.text[:300]
    university_idp.idp.trust(metadata.text)

    catalog.ethanol()
    genetics_buyer = User.objects.get(email="genetics.buyer@northfield.test")
    return OrderFactory(placed_by=genetics_buyer, company=genetics_buyer.membership.company, lines=1)


def _continue_with_the_organisation(page, base_url: str, email: str, provider_name: str) -> None:
    """The overlay's sign-in: an address of an SSO domain offers its organisation's sign-in instead of a password."""
    page.goto(f"{base_url}/#/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.get_by_label("Email").fill(email)
    page.get_by_role("button", name=re.compile(f"^Continue with {re.escape(provider_name)}$", re.IGNORECASE)).click()


def _never_blank(watched: dict, what: str) -> None:
    assert watched["frames"] > 0, f"no frame painted while {what}"
    assert watched["blank"] == 0, f"{watched['blank']} of {watched['frames']} frames without the page while {what}"


def test_a_lab_buyer_signs_in_with_openid_connect_and_orders_and_the_department_admin_sees_it_through_saml(
    page, portal, browser, institution, university_idp
):
    biology_order = institution

    # The lab's buyer signs in from the overlay at the lab's OpenID Provider: its login form, then its consent.
    _continue_with_the_organisation(page, portal.url, BUYER, LAB_PROVIDER_NAME)
    page.get_by_placeholder("Enter any login").fill(BUYER)
    page.get_by_placeholder("and password").fill("any")
    page.get_by_role("button", name="Sign-in").click()
    page.get_by_role("button", name="Continue").click()

    # Back in the overlay, signed in: a senior buyer of the lab (the mapping's "purchasing" group), on their orders.
    expect(page.get_by_role("heading", level=1, name="My orders")).to_be_visible()
    expect(page.get_by_test_id("user-summary")).to_have_text(re.compile(r"Rosa Lind\s*Organic Synthesis Lab"))
    assert page.evaluate(CUSTOMER) == {
        "userInfo": {"email": BUYER, "role": 1},  # 1: senior buyer
        "companyInfo": {"companyName": "Organic Synthesis Lab"},
    }
    assert not User.objects.get(email=BUYER).has_usable_password()  # made by the sign-in: no password of ours

    # The storefront session is the same sign-in: the buyer orders on account.
    portal.close()
    page.goto(f"{portal.url}/products/ethanol-absolute-998/")
    expect(page.locator(".product-form[data-ready]")).to_be_attached()
    page.get_by_label("Quantity").fill("3")
    page.get_by_role("button", name="Add to Cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    page.get_by_role("link", name="Proceed to checkout").click()
    expect(page.get_by_label("E-mail")).to_have_value(BUYER)
    shipping = page.get_by_role("group", name="Shipping address")  # the lab's book is empty yet: typed in
    shipping.get_by_role("textbox", name="Address", exact=True).fill("1 University Avenue, Chemistry Building")
    shipping.get_by_role("textbox", name="City").fill("Northfield")
    shipping.get_by_role("combobox", name="State / region").fill("MN")
    shipping.get_by_role("textbox", name="ZIP / postal code").fill("55057")
    page.get_by_label("Purchase order (pay on account)").check()
    page.get_by_label("PO number").fill(PO_NUMBER)
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Thank you for your order")).to_be_visible()
    lab_order = Order.objects.get(po_number=PO_NUMBER)
    assert page.locator("[data-order-number]").inner_text() == f"#{lab_order.number}"
    assert (lab_order.company.name, lab_order.placed_by.email) == ("Organic Synthesis Lab", BUYER)

    # Chemistry's admin, in their own browser, signs in at the university's SAML identity provider.
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    admin = context.new_page()
    admin.set_default_timeout(WAIT_MS)
    try:
        _continue_with_the_organisation(admin, portal.url, CHEMISTRY_ADMIN, UNIVERSITY_PROVIDER_NAME)
        expect(admin.get_by_role("heading", level=1, name="My orders")).to_be_visible()  # an admin's landing
        expect(admin.get_by_test_id("user-summary")).to_have_text(re.compile(r"Carl Chemist\s*Chemistry"))
        assert university_idp.answered == [f"{portal.url}/sso/saml/{UNIVERSITY_PROVIDER}/acs/"]
        admin.get_by_role("navigation", name="Portal menu").get_by_role("link", name="Lab orders").click()

        # The department's orders: the lab's order with its company, and nothing of Biology's.
        heading = admin.get_by_role("heading", level=1, name="Lab orders")
        table = admin.get_by_role("table", name="Lab orders")
        expect(heading).to_be_visible()
        company_column = table.get_by_role("columnheader", name="Company")
        lab_row = table.get_by_role("row").filter(
            has=admin.get_by_role("rowheader", name=str(lab_order.number), exact=True)
        )
        expect(company_column).to_be_visible()
        expect(lab_row.get_by_role("cell", name="Organic Synthesis Lab", exact=True)).to_be_visible()
        expect(table.get_by_role("rowheader")).to_have_count(1)
        expect(table.get_by_role("rowheader", name=str(biology_order.number), exact=True)).to_have_count(0)

        # Into the lab and back, in place: the page stays painted throughout each switch, in the same document.
        admin.evaluate("window.sameDocument = 'the page before the switches'")  # a reload would take it away
        admin.evaluate(WATCH_THE_PAGE)
        admin.get_by_role("button", name="Acting for: Chemistry. Switch unit").click()
        units = admin.get_by_role("dialog", name="Act for a unit").get_by_role("list", name="Units")
        units.get_by_role("button", name=re.compile(r"^Organic Synthesis Lab")).click()
        expect(heading).to_be_visible()
        expect(table).to_be_visible()
        bar = admin.get_by_role("region", name="Unit you act for")
        expect(bar).to_have_text(re.compile(r"Acting for Organic Synthesis Lab \(Chemistry\)"))
        expect(admin.get_by_role("dialog", name="Act for a unit")).to_have_count(0)
        expect(admin.get_by_role("button", name="Acting for: Organic Synthesis Lab. Switch unit")).to_be_visible()
        expect(company_column).to_have_count(0)  # the lab's own orders now: it has no units below
        expect(lab_row).to_be_visible()
        expect(table.get_by_role("rowheader")).to_have_count(1)
        _never_blank(admin.evaluate(WATCHED), "switching into Organic Synthesis Lab")

        assert_accessible(admin, "Lab orders, acting for Organic Synthesis Lab")  # 375 px shows the orders otherwise

        admin.evaluate(WATCH_THE_PAGE)
        bar.get_by_role("button", name="Back to Chemistry").click()
        expect(heading).to_be_visible()
        expect(table).to_be_visible()
        expect(bar).to_have_count(0)
        expect(admin.get_by_role("button", name="Acting for: Chemistry. Switch unit")).to_be_visible()
        expect(company_column).to_be_visible()
        expect(lab_row.get_by_role("cell", name="Organic Synthesis Lab", exact=True)).to_be_visible()
        expect(table.get_by_role("rowheader")).to_have_count(1)
        _never_blank(admin.evaluate(WATCHED), "switching back to Chemistry")
        assert admin.evaluate("window.sameDocument") == "the page before the switches"
    finally:
        context.close()
