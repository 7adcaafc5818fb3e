"""The portal's texts in Chromium: one catalog per language, only the active one fetched (issue 14 §3)."""

import json
from pathlib import Path
from urllib.parse import urlparse

import pytest
from django.conf import settings
from playwright.sync_api import expect

LANGUAGES = ["en", "zh", "fr", "nl", "de", "it", "es"]  # shell §5


def catalog_files() -> dict[str, str]:
    """Each language's catalog chunk in the built overlay, from Vite's manifest: file name → language."""
    manifest = json.loads((Path(settings.FRONTEND_DIST) / ".vite" / "manifest.json").read_text())
    chunks = {language: manifest[f"src/locales/{language}/portal.json?catalog"] for language in LANGUAGES}
    return {Path(chunk["file"]).name: language for language, chunk in chunks.items()}


@pytest.mark.browser_context_args(locale="de-DE")
def test_a_german_browser_fetches_the_german_catalog_only_and_the_overlay_root_says_de(page, portal):
    catalogs = catalog_files()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(Path(urlparse(request.url).path).name))

    portal.open("/login")
    expect(page.get_by_role("heading", name="Anmelden")).to_be_visible()
    expect(page.get_by_role("button", name="ANMELDEN")).to_be_visible()
    expect(page.locator("#b2b-portal-root")).to_have_attribute("lang", "de")
    page.wait_for_load_state("networkidle")

    assert [catalogs[name] for name in fetched if name in catalogs] == ["de"]


def test_an_english_browser_fetches_the_english_catalog_only(page, portal):
    catalogs = catalog_files()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(Path(urlparse(request.url).path).name))

    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    expect(page.locator("#b2b-portal-root")).to_have_attribute("lang", "en")
    page.wait_for_load_state("networkidle")

    assert [catalogs[name] for name in fetched if name in catalogs] == ["en"]
