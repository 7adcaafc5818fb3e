"""An image or page path made absolute without build_absolute_uri's parsing (pricing.graphql.types.absolute_url,
issue 21) is the URL build_absolute_uri makes of it, for every kind of path and host."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from django.templatetags.static import static
from django.test import RequestFactory

from pricing.graphql.types import absolute_url

PATHS = [
    "/media/products/acid-1.jpg", "/p/sodium-chloride-500g/", "/media/a~b/c_d-e.f.png", "/", "/a/..", "/a/../b",
    "/a/./b", "//evil.example/x", "/media/ä.jpg", "/media/a b.jpg", "/media/x.jpg?w=1", "/media/x#top",
    "/media/%41.jpg", "products/acid-1.jpg", "http://cdn.example/x.jpg", "https://cdn.example/x.jpg", "",
]  # fmt: skip


@pytest.mark.parametrize("host", ["testserver", "shop.example:8443", "[::1]:8000"])
@pytest.mark.parametrize("secure", [False, True])
def test_the_url_is_build_absolute_uri_s(settings, host, secure):
    settings.ALLOWED_HOSTS = ["*"]
    request = RequestFactory().get("/graphql", HTTP_HOST=host, secure=secure)
    info = SimpleNamespace(context=SimpleNamespace(request=request))

    for path in PATHS:
        if not path:
            expected = None
        elif path.startswith("http"):
            expected = path
        else:
            expected = request.build_absolute_uri(path if path.startswith("/") else static(path))
        assert absolute_url(info, path) == expected, path
