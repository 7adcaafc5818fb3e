"""Accessibility in Chromium: axe-core's WCAG 2.0/2.1 A and AA rules on every page, for the roles that reach it, at
1280 and 375 px, in English and German; any serious or critical violation fails (issue 15, Done when 1).

The pages are data: tests/e2e/a11y_pages.json, which frontend/src/app/a11yPages.test.ts compares with the overlay's
route table, so that a new page fails there until it is added here. For speed, one test per signed-in session walks
all its pages in one browser page per language: overlay pages are reached by setting the hash, the width changes
without reloading, and every violation is collected before the test fails, so that one run lists them all."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.core.management import call_command
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from accounts.models import Company, CompanyRole, User
from accounts.selectors import actor_for_user
from accounts.services.masquerade import masquerade_end_for_user
from approvals.models import ApprovalRule, ApprovalTier, Budget, BudgetPeriod, PurchaseRequest
from invoices.models import Invoice, InvoiceStatus
from pricing.models import ProductVariant
from quotes.models import Quote, QuoteStatus
from shoppinglists.models import ShoppingList, ShoppingListStatus
from tests.e2e.axe import Violation, axe_violations, report
from tests.e2e.conftest import WAIT_MS
from tests.factories.approvals import place

HERE = Path(__file__).parent
LOCALES_DIR = HERE.parents[1] / "frontend" / "src" / "locales"
PAGES = json.loads((HERE / "a11y_pages.json").read_text())
PASSWORD = "Demo1234"

# The browser's language chooses the overlay's and the injected buttons' language (lib/i18n/languages.ts).
BROWSER_LOCALES = {"en": "en-US", "de": "de-DE"}
SIZES = {"1280 px": {"width": 1280, "height": 800}, "375 px": {"width": 375, "height": 740}}
DESKTOP, MOBILE = SIZES

# The roles of the page list in the order one browser session meets them: the super admin masquerades from the
# dashboard, so the masquerading pages follow the super admin's own.
SESSIONS = {
    "guest": ["guest"],
    "senior buyer": ["seniorBuyer"],
    "company admin": ["admin"],
    "individual customer": ["individual"],
    "super admin": ["superAdmin", "superAdminMasquerading"],
}

# A page of the overlay is ready when the hash is the one asked for (no redirect), its main area shows a heading
# that was not there before the hash changed, and nothing in it is still loading.
PAGE_READY = """path => {
  const main = document.getElementById('b2b-portal-root')?.shadowRoot?.querySelector('main');
  const heading = main?.querySelector('h1');
  const here = path === null ? !location.hash.startsWith('#/login') : location.hash === '#' + path;
  return here && !!heading && !heading.a11yTourSeen && heading.textContent.trim() !== ''
    && !main.querySelector('[role="progressbar"], [aria-busy="true"]');
}"""
# Issue 15 "wide text": at 1280 px nothing scrolls sideways (the German quotes table did), the page itself included.
SIDEWAYS_SCROLLERS = """() => {
  const found = [];
  const scrolls = el => el.scrollWidth > el.clientWidth + 1;
  const finding = (el, target) => ({
    target,
    html: el.outerHTML.slice(0, 200),
    summary: `${el.scrollWidth} px of content in ${el.clientWidth} px`,
  });
  const visit = root => {
    for (const el of root.querySelectorAll('*')) {
      const overflow = getComputedStyle(el).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && scrolls(el)) {
        found.push(finding(el, `${el.tagName.toLowerCase()}.${el.classList[0] ?? ''}`));
      }
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(document);
  if (scrolls(document.scrollingElement)) found.push({...finding(document.scrollingElement, 'html'), html: ''});
  return found;
}"""
# What the overlay shows when a page did not become ready: the failure says which condition was missing.
PAGE_STATE = """() => {
  const main = document.getElementById('b2b-portal-root')?.shadowRoot?.querySelector('main');
  const heading = main?.querySelector('h1');
  const busy = main ? [...main.querySelectorAll('[role="progressbar"], [aria-busy="true"]')] : [];
  return {
    heading: heading ? heading.textContent.trim() : null,
    headingFromBefore: !!heading?.a11yTourSeen,
    loading: busy.map(el => `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') ?? ''}`.trim()),
    alerts: main ? [...main.querySelectorAll('[role="alert"]')].map(el => el.textContent.trim().slice(0, 120)) : [],
  };
}"""
MARK_HEADING_SEEN = """() => {
  const heading = document.getElementById('b2b-portal-root')?.shadowRoot?.querySelector('main h1');
  if (heading) heading.a11yTourSeen = true;
}"""
# After a resize: two frames (media-query listeners have run, React has drawn the layout), then the transitions
# that started (a drawer sliding in) have ended. Endless animations (spinners, skeletons) are not awaited.
SETTLE = """async () => {
  await new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const root = document.getElementById('b2b-portal-root')?.shadowRoot;
  const animations = [...document.getAnimations(), ...(root ? root.getAnimations() : [])];
  const ending = animations.filter(a => a.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map(a => a.finished.catch(() => null)));
}"""


def catalog(language: str, name: str) -> dict[str, str]:
    return json.loads((LOCALES_DIR / language / f"{name}.json").read_text())


def pages_for(role: str, kind: str) -> list[dict]:
    return [entry for entry in PAGES[kind] if role in entry["roles"]]


class Tour:
    """One browser page going through a role's pages in one language, collecting axe's findings (and, at 1280 px,
    anything that scrolls sideways)."""

    def __init__(self, page, base_url: str, language: str, params: dict[str, object]):
        self.page = page
        self.base_url = base_url
        self.language = language
        self.params = params
        self.portal = catalog(language, "portal")
        self.storefront = catalog(language, "storefront")
        self.found: list[Violation] = []
        self.width = DESKTOP
        self.draft_has_lines = False
        self.drawer_checked = False
        self.signed_in = False
        # Requests that failed or were refused, and the page's errors: a page that never became ready names them.
        self.troubles: list[str] = []
        page.on("requestfailed", lambda request: self.trouble(f"{request.method} {request.url}: {request.failure}"))
        page.on("response", lambda answer: answer.status >= 400 and self.trouble(f"{answer.status} {answer.url}"))
        page.on("pageerror", lambda error: self.trouble(f"page error: {error}"))

    def trouble(self, what: str) -> None:
        self.troubles.append(what)

    # Checking ----------------------------------------------------------------------------------------------------

    def check(self, where: str) -> None:
        """axe at both widths, starting with the current one (one resize per page)."""
        for width in (self.width, MOBILE if self.width == DESKTOP else DESKTOP):
            self.resize(width)
            self.found += axe_violations(self.page, f"{self.language} · {width} · {where}")
            if width == DESKTOP:
                self.found += self.sideways_scrollers(f"{self.language} · {width} · {where}")
            if width == MOBILE and self.signed_in and self.portal_open() and not self.drawer_checked:
                self.check_menu_drawer(where)

    def sideways_scrollers(self, where: str) -> list[Violation]:
        return [
            Violation(where, "sideways-scroll", "serious", "Nothing scrolls sideways at 1280 px", **found)
            for found in self.page.evaluate(SIDEWAYS_SCROLLERS)
        ]

    def resize(self, width: str) -> None:
        if width != self.width:
            self.page.set_viewport_size(SIZES[width])
            self.width = width
        self.page.evaluate(SETTLE)

    def check_menu_drawer(self, where: str) -> None:
        """The mobile layout's menu is a drawer behind the menu button: checked open, once per language."""
        self.page.get_by_role("button", name=self.portal["header.openMenu"], exact=True).click()
        drawer_menu = self.page.get_by_role("navigation", name=self.portal["menu.label"])
        expect(drawer_menu).to_be_visible()
        self.page.evaluate(SETTLE)
        self.found += axe_violations(self.page, f"{self.language} · {MOBILE} · menu drawer over {where}")
        self.page.keyboard.press("Escape")
        expect(drawer_menu).to_be_hidden()
        self.drawer_checked = True

    def portal_open(self) -> bool:
        return self.page.locator("#b2b-portal-root").is_visible()

    # The overlay -------------------------------------------------------------------------------------------------

    def open_overlay(self, path: str) -> None:
        already_there = self.page.evaluate("() => location.hash") == f"#{path}"
        if not already_there:
            self.page.evaluate(MARK_HEADING_SEEN)
            self.page.evaluate("path => { location.hash = path }", path)
        self.wait_for_page(path)

    def wait_for_page(self, path: str | None) -> None:
        try:
            self.page.wait_for_function(PAGE_READY, arg=path)
        except PlaywrightError:
            at = self.page.evaluate("() => location.hash")
            state = self.page.evaluate(PAGE_STATE)
            pytest.fail(
                f"{self.language}: the overlay did not show the page of #{path} (it is at {at}; it shows {state};"
                f" failed requests and errors: {self.troubles[-10:]})"
            )
        expect(self.page.locator("#b2b-portal-root")).to_have_attribute("lang", self.language)

    def overlay_page(self, entry: dict) -> None:
        path = entry.get("path", entry["route"]).format(**self.params)
        if entry.get("closesPortal"):
            # shell §2 "/": the blank landing closes the portal on the storefront page, which is what is checked.
            self.page.evaluate(MARK_HEADING_SEEN)
            self.page.evaluate("path => { location.hash = path }", path)
            expect(self.page.locator("#b2b-portal-root")).to_be_hidden()
            self.check(f"#{path} (portal closed over {self.page.url.split('#')[0]})")
            return
        self.open_overlay(path)
        self.check(f"#{path}")

    # The storefront ----------------------------------------------------------------------------------------------

    def storefront_page(self, entry: dict, role: str, later: list[dict]) -> None:
        url = self.base_url + entry["path"]
        if self.page.url != url:
            self.page.goto(url)
        if "injected" in entry:
            self.page.locator(entry["injected"]).first.wait_for()
        if self.draft_has_lines:
            expect(self.finish_quote_button()).to_be_visible()
        if entry["name"] == "home":
            self.expect_links_beside_search()
        if entry["name"] == "product" and role == "guest":
            self.add_to_quote()  # the toast and the floating "Finish quote" button are checked with the page
        self.check(f"{entry['name']} {entry['path']}")
        if entry["name"] == "product" and any(page["name"] in ("cart", "checkout") for page in later):
            self.page.get_by_role("button", name="Add to Cart").click()  # the storefront's own text: English
            self.page.wait_for_url(self.base_url + "/cart.php")

    def expect_links_beside_search(self) -> None:
        """WCAG 2.4.5 (multiple ways): the home page links to departments and products, not only to the search."""
        main = self.page.get_by_role("main")
        expect(main.locator('a[href^="/categories/"]').first).to_be_visible()
        expect(main.locator('a[href^="/products/"]').first).to_be_visible()

    def add_to_quote(self) -> None:
        self.page.get_by_role("button", name=self.storefront["button.addToQuote"]).click()
        expect(self.page.locator("#helix-quote-toast")).to_have_text(self.storefront["quote.added"])
        self.draft_has_lines = True
        expect(self.finish_quote_button()).to_be_visible()

    def finish_quote_button(self):
        return self.page.get_by_role("button", name=self.storefront["button.finishQuote"])

    # Becoming a role ---------------------------------------------------------------------------------------------

    def become(self, role: str) -> None:
        account = PAGES["roles"][role]
        self.drawer_checked = False  # each role's menu is its own
        if "signIn" in account:
            self.sign_in(account["signIn"])
        if "masqueradeAs" in account:
            self.masquerade_as(account["masqueradeAs"])

    def sign_in(self, email: str) -> None:
        self.page.goto(f"{self.base_url}/#/login")
        self.wait_for_page("/login")
        self.page.get_by_label(self.portal["login.email"]).fill(email)  # not exact: the label ends in " *" (required)
        self.page.get_by_label(self.portal["login.password"]).fill(PASSWORD)
        self.page.evaluate(MARK_HEADING_SEEN)
        self.page.get_by_role("button", name=self.portal["login.submit"], exact=True).click()
        self.wait_for_page(None)  # the role's landing page
        self.signed_in = True

    def masquerade_as(self, company: str) -> None:
        self.open_overlay("/dashboard")
        name = self.portal["dashboard.masqueradeAs"].replace("{company}", company)
        self.page.get_by_role("button", name=name, exact=True).click()
        expect(self.page.get_by_test_id("b2b-masquerade-bar")).to_be_visible()

    def visit_as(self, role: str) -> None:
        self.become(role)
        storefront = pages_for(role, "storefront")
        for index, entry in enumerate(storefront):
            self.storefront_page(entry, role, storefront[index + 1 :])
        for entry in pages_for(role, "overlay"):
            self.overlay_page(entry)
        assert self.drawer_checked or not self.signed_in, f"{role}: no overlay page was checked with the menu drawer"


def end_every_masquerade() -> None:
    for super_admin in User.objects.filter(is_super_admin=True):
        masquerade_end_for_user(user=super_admin)


@pytest.fixture
def shop(demo):
    call_command("seed_demo")


def test_every_role_of_the_page_list_is_checked_in_a_session():
    listed = {role for kind in ("storefront", "overlay") for entry in PAGES[kind] for role in entry["roles"]}
    toured = [role for roles in SESSIONS.values() for role in roles]
    assert sorted(toured) == sorted(set(toured)) == sorted(PAGES["roles"])
    assert listed == set(PAGES["roles"])
    # A role that a signed-in user becomes (the super admin masquerading) follows that user's role in its session.
    for roles in SESSIONS.values():
        for index, role in enumerate(roles):
            becomes = PAGES["roles"][role].get("becomes")
            assert becomes is None or roles[index - 1 : index] == [becomes], role


def _acme_purchase_request():
    """Issue 41: an approval rule and a budget of Acme Labs (its approvals pages list them), and a senior buyer's order
    that the rule holds (the request's page, with its admin's actions)."""
    acme = Company.objects.get(name="Acme Labs")
    rule = ApprovalRule.objects.create(
        company=acme, name="Orders above $50", min_total=Decimal("50"), currency_code="USD"
    )
    ApprovalTier.objects.create(rule=rule, position=0, role=CompanyRole.ADMIN, levels_up=0)
    Budget.objects.create(company=acme, name="Lab supplies", amount=Decimal("20000"), currency_code="USD",
                          period=BudgetPeriod.YEAR, hard=False)  # fmt: skip
    variant = ProductVariant.objects.select_related("product").filter(product__is_visible=True).order_by("pk").first()
    held = place(actor_for_user(User.objects.get(email="senior@acme.test")), [(variant, 2)])
    assert isinstance(held, PurchaseRequest)
    return held


@pytest.mark.parametrize("session", SESSIONS)
def test_no_page_has_a_serious_or_critical_axe_violation(session, browser, live_server, shop):
    open_quote = Quote.objects.filter(company__name="Acme Labs", status=QuoteStatus.OPEN).order_by("pk").first()
    # A list awaiting approval: its page shows the approval actions and the selectable table (issue 18).
    awaiting = ShoppingList.objects.filter(company__name="Acme Labs", status=ShoppingListStatus.READY_FOR_APPROVAL)
    acme_list = awaiting.order_by("pk").first()
    # An unpaid invoice: its page and its payment link show the pay form (issue 20).
    acme_invoice = Invoice.objects.filter(company__name="Acme Labs", status=InvoiceStatus.OPEN).order_by("pk").first()
    params = {"openQuote": open_quote.pk, "acmeShoppingList": acme_list.pk, "acmeInvoice": acme_invoice.pk,
              "acmeRequest": _acme_purchase_request().pk}  # fmt: skip
    found: list[Violation] = []
    for language, locale in BROWSER_LOCALES.items():
        context = browser.new_context(locale=locale, viewport=SIZES[DESKTOP])
        try:
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            tour = Tour(page, live_server.url, language, params)
            for role in SESSIONS[session]:
                tour.visit_as(role)
            found += tour.found
        finally:
            context.close()
            end_every_masquerade()  # a masquerade follows the super admin to the next language's browser
    assert not found, report(found)
