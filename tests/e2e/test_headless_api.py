"""The headless JavaScript API on a storefront of another origin (issue 22, Done when 1 and 3): a plain page with
only the loader's script tag and its storefront token signs a buyer in through the portal, adds a product to the
quote draft through `window.helixPortal`, opens the draft and submits it; the same page on an origin the token does
not allow is refused. Every call is one of docs/headless.md's examples, run exactly as written there."""

import json
import re
import threading
from functools import partial
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import expect

from accounts.models import Company, User
from accounts.selectors import actor_for_user
from portal.models import Channel
from portal.storefront_tokens import issue_storefront_token
from pricing.demo import seed_catalog
from quotes.models import Quote, QuoteDraft
from shoppinglists.services.lists import shopping_list_create
from tests.e2e.conftest import WAIT_MS
from tests.e2e.storefront_site import StorefrontSite

DOCS = Path(__file__).resolve().parents[2] / "docs" / "headless.md"
EXAMPLE = re.compile(r"^```js example:(?P<name>[\w-]+)\n(?P<code>.*?)^```$", re.MULTILINE | re.DOTALL)


def docs_examples() -> dict[str, str]:
    """docs/headless.md's examples by name (```js example:<name> blocks)."""
    examples = {match["name"]: match["code"] for match in EXAMPLE.finditer(DOCS.read_text())}
    assert examples, "docs/headless.md has no ```js example:<name> blocks"
    return examples


EXAMPLES = docs_examples()


class StorefrontPage(StorefrontSite):
    """The page of this module's storefront (tests/e2e/storefront_site.py)."""


class Storefront:
    """One page on two origins of the same host: http://localhost:<port>, which the storefront token allows, and
    http://127.0.0.1:<port>, which it does not."""

    def __init__(self, page, port: int):
        self.page = page
        self.allowed = f"http://localhost:{port}"
        self.refused = f"http://127.0.0.1:{port}"
        self.token = ""  # the raw storefront token in the page's script tag

    def run(self, name: str, **values):
        """docs/headless.md's example `name`, as written, in the page (`values`: the names it leaves to the reader)."""
        code = EXAMPLES[name]
        return self.page.evaluate(f"async ({{ {', '.join(values)} }}) => {{\n{code}\n}}", values)

    def logs(self, text: str | re.Pattern):
        """Waits, around what the `with` block does, for the page to print `text` (or a line matching it)."""
        if isinstance(text, re.Pattern):
            return self.page.expect_console_message(lambda message: text.fullmatch(message.text) is not None)
        return self.page.expect_console_message(lambda message: message.text == text)


@pytest.fixture
def storefront(page, live_server, demo, settings):
    seed_catalog()  # HS-1001-100ML, the examples' product (the demo fixture seeds the store and its accounts)
    dist = settings.FRONTEND_DIST
    loader = json.loads((dist / ".vite" / "manifest.json").read_text())["src/loader.ts"]["file"]
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(StorefrontPage, directory=str(dist)))
    port = server.server_port
    raw, _ = issue_storefront_token(
        channel=Channel.objects.get(channel_id=1), allowed_origins=[f"http://localhost:{port}"]
    )
    StorefrontPage.page = (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><title>Headless lab supplies</title></head>"
        "<body><h1>Headless lab supplies</h1>"
        f"<script type='module' src='/{loader}' data-api-origin='{live_server.url}' data-channel-id='1'"
        f" data-storefront-token='{raw}'></script>"
        "</body></html>"
    ).encode()
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    page.set_default_timeout(WAIT_MS)
    shop = Storefront(page, port)
    shop.token = raw
    yield shop
    server.shutdown()
    server.server_close()


def sign_in_through_the_portal(page, storefront: Storefront, email: str) -> None:
    storefront.run("open-login")
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password").fill("Demo1234")
    with storefront.logs("signed in"):
        page.get_by_role("button", name="SIGN IN").click()


def test_a_storefront_on_another_origin_quotes_through_the_headless_api(page, storefront):
    page.goto(f"{storefront.allowed}/")
    expect(page.get_by_role("heading", name="Headless lab supplies")).to_be_visible()
    with storefront.logs("Helix portal API version 1"):
        storefront.run("ready")
    storefront.run("events")
    with storefront.logs("guest"):
        storefront.run("current-user")

    # The buyer signs in on the portal's own page, opened by the storefront's script.
    sign_in_through_the_portal(page, storefront, "senior@acme.test")
    expect(page.get_by_role("heading", name="My orders")).to_be_visible()
    storefront.run("close")
    expect(page.get_by_role("heading", name="My orders")).to_have_count(0)
    with storefront.logs("Sam Senior, Acme Labs"):
        storefront.run("current-user")

    # The storefront's own "Add to quote": the draft holds the product, and the page heard of it.
    with (
        storefront.logs("quote changed: quoteDraftAddLines"),
        storefront.logs("Product was added to your quote. (1 line)"),
    ):
        storefront.run("add-to-quote")
    # A refusal names the server's code and message; nothing is added.
    with storefront.logs(re.compile(r"HelixPortalError QUOTE_QUANTITY_OUT_OF_RANGE: .+")):
        storefront.run("errors")

    shopping_list = shopping_list_create(actor=actor_for_user(User.objects.get(email="senior@acme.test")), name="Lab")
    with storefront.logs(f"added to {shopping_list.name}"):
        storefront.run("add-to-shopping-list", shoppingListId=shopping_list.pk)
    item = shopping_list.items.get()
    assert (item.variant.sku, item.quantity, item.note) == ("HS-1001-100ML", 2, "For the teaching lab")

    # The draft, opened by the storefront, completed and submitted in the portal.
    storefront.run("open-draft")
    expect(page.get_by_role("heading", name="Quote draft")).to_be_visible()
    expect(page.locator("#quote-contact-email")).to_have_value("senior@acme.test")
    page.locator("#quote-contact-quoteTitle").fill("Ethanol through the headless API")
    with storefront.logs("quote changed: quoteDraftSubmit"):
        page.get_by_role("button", name="Submit quote").click()
    expect(page.get_by_test_id("quote-number")).to_have_text(re.compile(r"^Quote number: Q-\d{6}$"))
    number = page.get_by_test_id("quote-number").inner_text().split(": ")[1]
    line = Quote.objects.get(number=number).lines.get()
    assert (line.sku, line.quantity) == ("HS-1001-100ML", 4)

    # Signing out in the portal ends the session the page follows.
    page.get_by_role("button", name="SIGN OUT").click()
    expect(page.get_by_role("button", name="SIGN IN")).to_be_visible()
    with storefront.logs("guest"):
        storefront.run("current-user")


def test_a_super_admin_masquerades_through_the_headless_api(page, storefront):
    acme = Company.objects.get(name="Acme Labs")
    page.goto(f"{storefront.allowed}/")
    storefront.run("ready")
    storefront.run("events")
    sign_in_through_the_portal(page, storefront, "superadmin@demo.test")
    expect(page.get_by_role("heading", name="Dashboard")).to_be_visible()
    storefront.run("close")

    with storefront.logs("acting for Acme Labs"):
        storefront.run("begin-masquerade", companyId=acme.pk)
    with storefront.logs("Sue Superadmin, Acme Labs"):
        storefront.run("current-user")
    # The portal, opened again, acts for Acme too.
    storefront.run("open-draft")
    expect(page.get_by_test_id("b2b-masquerade-bar")).to_contain_text("You are masquerading as Acme Labs")
    storefront.run("close")
    with storefront.logs("masquerade ended: role 4"):
        storefront.run("end-masquerade")


def test_the_same_page_on_an_origin_the_token_does_not_allow_is_refused(page, storefront, client):
    drafts_before = QuoteDraft.objects.count()
    page.goto(f"{storefront.refused}/")
    storefront.run("ready")
    # The browser gets no CORS answer for this origin: the call fails and nothing reaches a draft.
    with storefront.logs(re.compile(r"HelixPortalError NETWORK_ERROR: .+")):
        storefront.run("errors")
    assert QuoteDraft.objects.count() == drafts_before

    # And the server itself refuses the token from there, whatever the browser would do with the answer.
    answer = client.post(
        "/graphql",
        data={"query": "{ customerInfo { userType } }"},
        content_type="application/json",
        headers={"Origin": storefront.refused, "X-Storefront-Token": storefront.token},
    )
    assert answer.status_code == 403
    assert answer.json()["errors"][0]["extensions"]["code"] == "STOREFRONT_TOKEN_REFUSED"


def test_every_example_of_the_docs_is_run_here():
    runs = set(re.findall(r'\.run\(\s*"([\w-]+)"', Path(__file__).read_text()))
    assert runs == set(EXAMPLES)
