"""Budgets and approvals in Chromium (issue 41, Done when 1): a junior buyer of Northfield University's Organic
Synthesis Lab orders about $6,000 on the lab's NIH grant; the university's rule (above $5,000: the lab's manager, then
the department's head) holds it; the lab manager approves from the e-mail's link, Chemistry's head from the portal's
inbox, and the order is placed, its amount committed on the grant. A second order is rejected with a reason, changed,
resubmitted and approved."""

import re
from decimal import Decimal

import pytest
from django.core import mail
from django.core.management import call_command
from playwright.sync_api import expect

from approvals.models import Budget, PurchaseRequest, PurchaseRequestStatus
from approvals.services.budgets import budget_figures
from orders.models import Order
from portal.models import StorefrontConfig
from tests.e2e.axe import assert_accessible
from tests.e2e.conftest import WAIT_MS, sign_in_through_the_overlay

GRANT = "NIH-R01-123"
JUNIOR = "lab.junior@northfield.test"
LAB_MANAGER = "lab.manager@northfield.test"
DEPARTMENT_HEAD = "chem.admin@northfield.test"
BALANCE = "/products/analytical-balance-220-g-x-01-mg/"
REVIEW_LINK = re.compile(r"https?://\S+/approvals/review/\S+/")


@pytest.fixture
def shop(demo):
    call_command("seed_demo")
    # The store lets junior buyers place orders (shell §6 junior_place_order); the rule decides which wait.
    StorefrontConfig.objects.filter(key="junior_place_order").update(value="1")


def _order_on_the_grant(page, url: str, quantity: int, po_number: str) -> PurchaseRequest:
    """The junior buyer's checkout on the grant: held for approval, the storefront says so."""
    page.goto(f"{url}{BALANCE}")
    expect(page.locator(".product-form[data-ready]")).to_be_attached()
    page.get_by_label("Quantity").fill(str(quantity))
    page.get_by_role("button", name="Add to Cart").click()
    expect(page).to_have_url(re.compile(r"/cart\.php$"))
    return _checkout(page, po_number)


def _checkout(page, po_number: str) -> PurchaseRequest:
    page.get_by_role("link", name="Proceed to checkout").click()
    return _fill_checkout(page, po_number)


def _fill_checkout(page, po_number: str) -> PurchaseRequest:
    shipping = page.get_by_role("group", name="Shipping address")
    address = shipping.get_by_role("textbox", name="Address", exact=True)
    if not address.input_value():
        address.fill("1 University Avenue, Chemistry Building")
        shipping.get_by_role("textbox", name="City").fill("Northfield")
        shipping.get_by_role("combobox", name="State / region").fill("MN")
        shipping.get_by_role("textbox", name="ZIP / postal code").fill("55057")
    page.get_by_label("Grant or cost-centre code (optional)").fill(GRANT)
    # Budget in view: the grant's figures follow the code typed.
    expect(page.locator("[data-budget-panel]")).to_contain_text("NIH R01 grant 123")
    page.get_by_label("Purchase order (pay on account)").check()
    page.get_by_label("PO number").fill(po_number)
    page.get_by_role("button", name="Place order").click()
    expect(page.get_by_role("heading", name="Your order awaits approval")).to_be_visible()
    held = PurchaseRequest.objects.get(draft__po_number=po_number, status=PurchaseRequestStatus.PENDING)
    expect(page.locator("[data-purchase-request]")).to_have_text(str(held.pk))
    return held


def _review_link(to: str, held: PurchaseRequest) -> str:
    (message,) = [m for m in mail.outbox if m.to == [to] and f"purchase request {held.pk} " in m.subject]
    return REVIEW_LINK.search(message.body).group(0)


def _committed_on_the_grant() -> Decimal:
    (figures,) = budget_figures([Budget.objects.get(cost_centre=GRANT)])
    return figures.committed


def _open_from_the_inbox(page, url: str, held: PurchaseRequest):
    """The approver's Approvals menu entry (with its count), the inbox, the request's page."""
    page.goto(f"{url}/#/approvals")
    page.reload()  # the page may be open already: the count is read as the portal starts
    menu = page.get_by_role("navigation", name="Portal menu")
    expect(menu.get_by_role("link", name=re.compile(r"^Approvals"))).to_contain_text("1")
    inbox = page.get_by_role("table", name="Awaiting my approval")
    inbox.get_by_role("link", name=f"Purchase request {held.pk}").click()
    expect(page.get_by_role("heading", level=1, name=re.compile(f"Purchase request {held.pk}"))).to_be_visible()


def _decide(page, action: str, reason: str = "") -> None:
    """Approve or Reject: the request's button, then the dialog's (with its reason): two clicks."""
    page.get_by_role("group", name="Decide on this request").get_by_role("button", name=action).click()
    dialog = page.get_by_role("dialog", name=re.compile(f"^{action} purchase request"))
    if reason:
        dialog.get_by_role("textbox").fill(reason)
    dialog.get_by_role("button", name=action, exact=True).click()
    expect(dialog).to_have_count(0)


def test_a_grant_order_above_5000_waits_for_the_lab_manager_and_the_department_head(page, portal, shop, browser):
    url = portal.url
    sign_in_through_the_overlay(page, url, JUNIOR)
    expect(page.get_by_test_id("user-summary")).to_contain_text("Organic Synthesis Lab")
    held = _order_on_the_grant(page, url, quantity=2, po_number="NF-41-001")
    assert_accessible(page, "the held order's confirmation page")
    assert Decimal("5000") < held.grand_total < Decimal("7000")
    assert not Order.objects.filter(po_number="NF-41-001").exists()
    assert _committed_on_the_grant() == held.grand_total  # awaiting approval counts as committed

    # The lab manager approves from the e-mail: its link opens the request, one click approves.
    manager = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        review = manager.new_page()
        review.set_default_timeout(WAIT_MS)
        review.goto(_review_link(LAB_MANAGER, held))
        expect(review.get_by_role("heading", name=f"Purchase request {held.pk}")).to_be_visible()
        assert_accessible(review, "the e-mail's review page")
        review.get_by_role("button", name="Approve").click()
        expect(review.get_by_role("status")).to_contain_text("The request now goes to its next approvers")
    finally:
        manager.close()

    # Chemistry's head approves from the portal's inbox: the order is placed.
    head = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        admin = head.new_page()
        admin.set_default_timeout(WAIT_MS)
        sign_in_through_the_overlay(admin, url, DEPARTMENT_HEAD)
        expect(admin.get_by_test_id("user-summary")).to_contain_text("Chemistry")
        _open_from_the_inbox(admin, url, held)
        assert_accessible(admin, "a purchase request awaiting the department head")
        _decide(admin, "Approve")
        order = Order.objects.get(po_number="NF-41-001")
        expect(admin.get_by_role("link", name=f"order #{order.number}")).to_be_visible()
        assert (order.company.name, order.placed_by.email, order.cost_centre) == (
            "Organic Synthesis Lab",
            JUNIOR,
            GRANT,
        )
        assert order.grand_total == held.grand_total

        # The grant's committed amount shows the order, on the department's budgets page.
        assert _committed_on_the_grant() == order.grand_total
        admin.goto(f"{url}/#/approvals/budgets")
        grant_row = admin.get_by_role("row").filter(has_text="NIH R01 grant 123")
        expect(grant_row).to_contain_text(f"{order.grand_total:,.2f}")
    finally:
        head.close()

    # A second order: the lab manager rejects it in the portal, with a reason.
    held = _order_on_the_grant(page, url, quantity=2, po_number="NF-41-002")
    reason = "Use the department's purchase order NF-CHEM-7 for instruments."
    manager = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        lab = manager.new_page()
        lab.set_default_timeout(WAIT_MS)
        sign_in_through_the_overlay(lab, url, LAB_MANAGER)
        expect(lab.get_by_test_id("user-summary")).to_contain_text("Organic Synthesis Lab")
        _open_from_the_inbox(lab, url, held)
        _decide(lab, "Reject", reason=reason)
        expect(lab.get_by_text(f"Reason: {reason}")).to_be_visible()
        assert PurchaseRequest.objects.get(pk=held.pk).status == PurchaseRequestStatus.REJECTED
        assert _committed_on_the_grant() == Order.objects.get(po_number="NF-41-001").grand_total  # given back

        # The buyer sees why, changes the order (the PO number asked for) and submits it again.
        page.goto(f"{url}/#/approvals/{held.pk}")
        expect(page.get_by_text(f"Reason: {reason}")).to_be_visible()
        page.get_by_role("button", name="Change and resubmit").click()
        expect(page).to_have_url(re.compile(r"/checkout$"))
        again = _fill_checkout(page, "NF-CHEM-7")
        assert again.grand_total == held.grand_total

        # Approved again: the lab manager in the portal, the department head from the e-mail.
        _open_from_the_inbox(lab, url, again)
        _decide(lab, "Approve")
    finally:
        manager.close()
    head = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        review = head.new_page()
        review.set_default_timeout(WAIT_MS)
        review.goto(_review_link(DEPARTMENT_HEAD, again))
        review.get_by_role("button", name="Approve").click()
        placed = Order.objects.get(po_number="NF-CHEM-7")
        expect(review.get_by_role("status")).to_contain_text(f"The order #{placed.number} is placed")
    finally:
        head.close()
    page.goto(f"{url}/#/approvals/{again.pk}")
    expect(page.get_by_role("link", name=f"order #{placed.number}")).to_be_visible()
