"""The built-in storefront's pages and the overlay loader tag."""

import json

import pytest
from django.core import mail

from accounts.models import User
from storefront.models import ContactRequest

pytestmark = pytest.mark.django_db


@pytest.fixture
def built_overlay(tmp_path, settings):
    manifest_dir = tmp_path / ".vite"
    manifest_dir.mkdir()
    (manifest_dir / "manifest.json").write_text(
        json.dumps({"src/loader.ts": {"file": "assets/loader-abc123.js", "isEntry": True, "src": "src/loader.ts"}})
    )
    settings.FRONTEND_DIST = tmp_path
    return tmp_path


def test_home_page_has_header_footer_content_and_the_overlay_loader(demo_store, client, built_overlay):
    html = client.get("/").content.decode()
    assert '<form class="search" role="search" action="/search/"' in html
    assert 'href="#/login"' in html
    assert 'href="/cart.php"' in html
    assert "Shop by department" in html
    assert "400 Discovery Drive" in html
    assert (
        '<script type="module" src="/static/portal/assets/loader-abc123.js" data-api-origin="http://testserver"'
        ' data-channel-id="1" data-store-hash="helix-scientific" data-app-client-id="helix-buyer-portal"></script>'
    ) in html


def test_the_home_page_offers_sign_in_to_guests_and_the_account_to_signed_in_customers(demo_store, client):
    assert "Sign in to your business account" in client.get("/").content.decode()
    client.force_login(User.objects.get(email="senior@acme.test"))
    html = client.get("/").content.decode()
    assert '<a class="button" href="#/accountSettings">Go to your account</a>' in html
    assert "Sign in to your business account" not in html


def test_every_storefront_page_loads_the_overlay(demo_store, client, built_overlay):
    for url in ["/", "/search/?q=ethanol", "/cart.php"]:
        assert "/static/portal/assets/loader-abc123.js" in client.get(url).content.decode(), url


def test_without_a_built_overlay_the_page_still_renders_and_says_why(demo_store, client, tmp_path, settings):
    settings.FRONTEND_DIST = tmp_path / "missing"
    response = client.get("/")
    assert response.status_code == 200
    assert "The portal overlay is not built: run `make frontend`." in response.content.decode()


def test_search_with_no_match_says_so(demo_store, client):
    html = client.get("/search/", {"q": "<script>x</script>"}).content.decode()
    assert "No products match “&lt;script&gt;x&lt;/script&gt;”" in html


def test_empty_cart_says_so(demo_store, client):
    assert "Your cart is empty." in client.get("/cart.php").content.decode()


def test_contact_form_sends_the_question_to_the_sales_desk_once(demo_store, client, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            "/",
            {
                "name": "Dr. Ada Chen",
                "email": "ada@uni.test",
                "organisation": "Uni Lab",
                "topic": "product",
                "message": "Is the 500 g pack of Tris available in molecular biology grade?",
            },
        )
    assert response.status_code == 302
    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["sales@helix-scientific.test"]
    assert sent.reply_to == ["ada@uni.test"]
    assert "Tris" in sent.body
    assert ContactRequest.objects.get().notified_at is not None
    assert "A specialist will answer your question" in client.get("/").content.decode()


def test_contact_form_with_bad_input_keeps_the_text_and_says_what_is_wrong(demo_store, client):
    response = client.post("/", {"name": "", "email": "not-an-email", "topic": "product", "message": "Hello"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "Enter a valid email address." in html
    assert "This field is required." in html
    assert "Hello</textarea>" in html
    assert ContactRequest.objects.count() == 0
    assert mail.outbox == []
