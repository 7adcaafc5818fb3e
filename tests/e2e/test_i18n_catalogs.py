"""The portal's texts in Chromium: one catalog per language, split into parts by key prefix; only the active
language's parts that the screen shows are fetched (issue 14 §3, docs/decisions.md "Catalog parts")."""

import json
import re
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings
from playwright.sync_api import expect

from orders.demo import seed_orders
from orders.models import Order
from pricing.demo import seed_catalog

LANGUAGES = ["en", "zh", "fr", "nl", "de", "it", "es"]  # shell §5
LOCALES_DIR = Path(__file__).resolve().parents[2] / "frontend" / "src" / "locales"
PART_KEY = re.compile(r"^src/locales/(\w+)/portal\.json\?catalog&part=(\w+)$")


def catalog_parts() -> dict[str, tuple[str, str]]:
    """Each catalog part's chunk in the built overlay, from Vite's manifest: file name → (language, part)."""
    manifest = json.loads((Path(settings.FRONTEND_DIST) / ".vite" / "manifest.json").read_text())
    parts = {
        Path(chunk["file"]).name: (match.group(1), match.group(2))
        for key, chunk in manifest.items()
        if (match := PART_KEY.match(key))
    }
    assert {language for language, _ in parts.values()} == set(LANGUAGES)
    return parts


def record_parts(page) -> list[tuple[str, str]]:
    """The catalog parts the page fetches from now on, in order."""
    parts = catalog_parts()
    fetched: list[tuple[str, str]] = []
    page.on(
        "request",
        lambda request: (name := Path(urlparse(request.url).path).name) in parts and fetched.append(parts[name]),
    )
    return fetched


def german(key: str) -> str:
    return json.loads((LOCALES_DIR / "de" / "portal.json").read_text())[key]


def keys_on_screen(page) -> list[str]:
    """Catalog keys shown instead of their texts (`orders.title.mine`)."""
    text = page.locator("#b2b-portal-root").inner_text()
    return [key for key in json.loads((LOCALES_DIR / "en" / "portal.json").read_text()) if key in text]


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_german_browser_fetches_the_german_shell_part_only_and_the_overlay_root_says_de(page, portal):
    fetched = record_parts(page)

    portal.open("/login")
    expect(page.get_by_role("heading", name="Anmelden")).to_be_visible()
    expect(page.get_by_role("button", name="ANMELDEN")).to_be_visible()
    expect(page.locator("#b2b-portal-root")).to_have_attribute("lang", "de")
    page.wait_for_load_state("networkidle")

    assert fetched == [("de", "shell")]


def test_an_english_browser_fetches_the_english_shell_part_only(page, portal):
    fetched = record_parts(page)

    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    expect(page.locator("#b2b-portal-root")).to_have_attribute("lang", "en")
    page.wait_for_load_state("networkidle")

    assert fetched == [("en", "shell")]


@pytest.mark.browser_context_args(locale="de-DE")
def test_signing_in_fetches_the_landing_pages_part_and_a_page_opened_later_its_own_never_showing_a_key(page, portal):
    seed_catalog()
    seed_orders()
    fetched = record_parts(page)

    # A senior buyer lands on their orders (shell §2): the orders part comes with the page.
    portal.open("/login")
    page.get_by_label(german("login.email")).fill("senior@acme.test")
    page.get_by_label(german("login.password")).fill("Demo1234")
    page.get_by_role("button", name=german("login.submit")).click()
    expect(page.get_by_role("heading", level=1, name=german("orders.title.mine"))).to_be_visible()
    # Amounts as German writes them, with the store's "$" (issue 36 item 13): "1.965,63 $", not "$1,965.63".
    order = Order.objects.filter(placed_by__email="senior@acme.test").order_by("-grand_total").first()
    english = f"{order.grand_total:,.2f}"
    total = english.replace(",", " ").replace(".", ",").replace(" ", ".") + "\u00a0$"
    expect(page.get_by_role("table").get_by_text(total, exact=True)).to_be_visible()
    expect(page.get_by_role("table").get_by_text(f"${english}", exact=True)).to_have_count(0)
    page.wait_for_load_state("networkidle")
    assert fetched == [("de", "shell"), ("de", "orders")]
    assert keys_on_screen(page) == []

    # The address book, opened from the menu, fetches its own part, once.
    page.get_by_role("navigation").get_by_role("link", name=german("menu.addresses")).click()
    expect(page.get_by_role("heading", level=1, name=german("addresses.title"))).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert fetched == [("de", "shell"), ("de", "orders"), ("de", "addresses")]
    assert keys_on_screen(page) == []
