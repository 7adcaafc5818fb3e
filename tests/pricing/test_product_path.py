"""product_path (issue 21): the reversed path worked out once per URLconf and script prefix gives what Django's
reverse gives, for every slug, under another script prefix or URLconf, and with no product route at all."""

from __future__ import annotations

import pytest
from django.test import override_settings
from django.urls import NoReverseMatch, clear_url_caches, get_script_prefix, path, reverse, set_script_prefix

from pricing.graphql import types
from pricing.graphql.types import PRODUCT_URL_FALLBACK, product_path

SLUGS = ["tris-buffer-1m", "A_b-9", "x", "product-slug-marker-0", "ä-umlaut", "two words", "a/b", "", "50%", "q?x=1"]


def _reversed(slug: str) -> str:
    try:
        return reverse("storefront:product", kwargs={"slug": slug})
    except NoReverseMatch:
        return PRODUCT_URL_FALLBACK.format(slug=slug)


@pytest.fixture(autouse=True)
def _fresh_templates():
    types._product_path_templates.clear()
    yield
    types._product_path_templates.clear()


@pytest.mark.parametrize("slug", SLUGS)
def test_it_is_what_reverse_gives(slug):
    assert product_path(slug) == _reversed(slug)
    assert product_path(slug) == _reversed(slug)  # and again, from the kept template


@pytest.mark.parametrize("prefix", ["/", "/shop/", "/b2b/portal/"])
def test_it_follows_the_script_prefix(prefix):
    before = get_script_prefix()
    set_script_prefix(prefix)
    try:
        for slug in SLUGS:
            assert product_path(slug) == _reversed(slug)
        assert product_path("tris").startswith(prefix)
    finally:
        set_script_prefix(before)


urlpatterns = [path("catalogue/item/<slug:slug>.html", lambda request, slug: None, name="product")]
without = [path("elsewhere/", lambda request: None, name="other")]


def _urlconf(patterns):
    module = type("urls", (), {"urlpatterns": patterns})
    return module


@pytest.mark.parametrize(
    ("patterns", "expected"),
    [
        ([path("", (urlpatterns, "storefront", "storefront"))], "/catalogue/item/tris.html"),
        (without, "/products/tris/"),  # no storefront:product: the fallback
    ],
)
def test_it_follows_another_urlconf(patterns, expected):
    with override_settings(ROOT_URLCONF=_urlconf(patterns)):
        clear_url_caches()
        try:
            assert product_path("tris") == expected
            for slug in SLUGS:
                assert product_path(slug) == _reversed(slug)
        finally:
            clear_url_caches()
    assert product_path("tris") == _reversed("tris")


def test_the_kept_templates_stay_bounded_whatever_the_prefixes():
    before = get_script_prefix()
    try:
        for n in range(150):
            set_script_prefix(f"/p{n}/")
            assert product_path("tris") == _reversed("tris") == f"/p{n}/products/tris/"
            assert len(types._product_path_templates) <= 64
    finally:
        set_script_prefix(before)
