"""The walking skeleton end to end: storefront page → loader → hash route → GraphQL → database (issue 2)."""

import json
import re

from django.conf import settings
from playwright.sync_api import expect

from portal.models import Store


def test_storefront_loads_only_the_loader_until_a_portal_route_opens(page, portal):
    scripts = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto(portal.url + "/")
    expect(page.get_by_role("heading", name="Reagents, antibodies and lab equipment for research")).to_be_visible()
    page.wait_for_load_state("networkidle")
    # The loader (with the few small modules the bundler gives it as static imports, shared with lazy chunks), and
    # the one small chunk of the storefront texts in the browser's language (issue 14 §3): nothing of the portal.
    manifest = json.loads((settings.FRONTEND_DIST / ".vite" / "manifest.json").read_text())
    loader = manifest["src/loader.ts"]
    loader_files = sorted(
        f.rsplit("/", 1)[-1] for f in [loader["file"], *(manifest[i]["file"] for i in loader.get("imports", []))]
    )
    fetched = sorted(s.rsplit("/", 1)[-1] for s in scripts if "/static/portal/" in s)
    assert [name for name in fetched if name not in loader_files] == [
        next(name for name in fetched if name.startswith("storefront"))
    ]
    assert sorted(set(fetched) & set(loader_files)) == loader_files
    assert len(loader_files) <= 4, loader_files  # the loader stays one request and a few tiny ones
    assert len(scripts) == len(loader_files) + 1
    expect(page.locator("#b2b-portal-root")).to_have_count(0)


def test_portal_opens_on_a_hash_route_shows_store_data_and_closes_when_the_hash_is_cleared(page, portal):
    page.goto(portal.url + "/")
    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    # The store's name comes from storeBasicInfo over /graphql.
    expect(page.locator("#b2b-portal-root").get_by_text("Helix Scientific").first).to_be_visible()
    expect(page.get_by_role("progressbar", name="Loading")).to_have_count(0)

    portal.close()
    expect(page.get_by_role("heading", name="Sign In")).to_have_count(0)
    expect(page.get_by_role("heading", name="Reagents, antibodies and lab equipment for research")).to_be_visible()

    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    page.evaluate("location.hash = '#/'")
    expect(page.get_by_role("heading", name="Sign In")).to_have_count(0)


def test_data_shown_comes_from_the_database(page, portal):
    Store.objects.update(name="Helix Scientific Europe")
    portal.open("/login")
    expect(page.locator("#b2b-portal-root").get_by_text("Helix Scientific Europe").first).to_be_visible()


def test_sign_in_shows_the_account_and_sign_out_ends_the_session(page, portal):
    portal.sign_in("admin@acme.test")
    expect(page).to_have_url(re.compile(r"#/orders$"))
    portal.open("/accountSettings")  # the account's details
    root = page.locator("#b2b-portal-root")
    expect(root.get_by_text("admin@acme.test")).to_be_visible()
    expect(root.get_by_text("Acme Labs")).to_be_visible()
    token = page.evaluate("sessionStorage.getItem('sf-B2BToken')")
    assert token

    page.get_by_role("button", name="Sign out").click()
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3"))
    assert page.evaluate("sessionStorage.getItem('sf-B2BToken')") is None
    # The token is revoked on the server, not only forgotten by the browser.
    status = page.evaluate(
        """async (token) => {
            const r = await fetch('/graphql', {method: 'POST',
              headers: {'Content-Type': 'application/json', Authorization: 'Bearer ' + token},
              body: JSON.stringify({query: '{ customerInfo { userType } }'})});
            return (await r.json()).errors[0].extensions.code;
        }""",
        token,
    )
    assert status == 40101


def test_wrong_password_shows_the_servers_message(page, portal):
    portal.sign_in("admin@acme.test", "not-the-password1")
    expect(page.get_by_text("Your email address or password is incorrect. Please try again.")).to_be_visible()
    expect(page).to_have_url(re.compile(r"#/login"))


def test_an_expired_token_sends_the_user_to_sign_in_without_the_tip(page, portal):
    page.goto(portal.url + "/")
    page.evaluate("sessionStorage.setItem('sf-B2BToken', 'expired-or-bogus')")
    portal.open("/accountSettings")
    expect(page).to_have_url(re.compile(r"#/login\?loginFlag=3&showTip=false"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()


def test_portal_renders_nothing_when_the_channel_is_not_b2b_enabled(page, portal, demo):
    Store.objects.update(multi_storefront_enabled=True)
    demo.channels.update(b2b_enabled=False)
    portal.open("/login")
    expect(page.get_by_role("progressbar", name="Loading")).to_have_count(0)
    page.wait_for_load_state("networkidle")
    expect(page.get_by_role("heading", name="Sign In")).to_have_count(0)


def test_mobile_layout_at_375_px(page, portal):
    page.set_viewport_size({"width": 375, "height": 740})
    portal.open("/login")
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    box = page.get_by_role("button", name="SIGN IN").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 375
