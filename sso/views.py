"""The page that sends a browser to its company's identity provider (issue 40): `ssoSignIn`'s startUrl."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET

from sso.models import IdentityProvider, Protocol
from sso.selectors import provider_by_slug, safe_next


def provider_login_url(provider: IdentityProvider) -> str:
    """allauth's sign-in address of the provider: a POST there sends the browser on to the provider."""
    if provider.protocol == Protocol.OIDC:
        return reverse("openid_connect_login", kwargs={"provider_id": provider.slug})
    return reverse("saml_login", kwargs={"organization_slug": provider.slug})


@never_cache
@ensure_csrf_cookie
@require_GET
def start(request: HttpRequest, slug: str) -> HttpResponse:
    """`GET /sso/<slug>/start/?next=/path`: a page that posts itself to allauth's sign-in for the provider (allauth
    starts a sign-in on a POST only, SOCIALACCOUNT_LOGIN_ON_GET off: a link or an image cannot start one), with a
    button for a browser without JavaScript. On return the browser lands on `next` (a path of this site)."""
    provider = provider_by_slug(slug)
    if provider is None:
        raise Http404("No such sign-in service.")
    context = {"provider": provider, "action": provider_login_url(provider), "next": safe_next(request.GET.get("next"))}
    return render(request, "sso/start.html", context)
