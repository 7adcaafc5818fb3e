"""Reads of single sign-on (issue 40): which identity provider an e-mail address or a company signs in with."""

from __future__ import annotations

from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode

from accounts.models import Company
from sso.models import IdentityProvider

MAX_EMAIL = 254


def email_domain(email: str) -> str:
    """The domain of an address, lower-case ("" when it has none)."""
    local, at, domain = email.strip().lower().rpartition("@")
    return domain if at and local else ""


def provider_for_email(email: str) -> IdentityProvider | None:
    """The enabled provider whose e-mail domains hold the address's domain (exactly; a subdomain is another domain).
    What it says is the domain's, the same for every address of it: never whether an account exists."""
    domain = email_domain(email[:MAX_EMAIL])
    if not domain:
        return None
    return IdentityProvider.objects.filter(enabled=True, domains__domain=domain).select_related("company").first()


def provider_for_company(company: Company) -> IdentityProvider | None:
    """The provider that signs in the company's people: its own, or else the nearest unit above it that has one
    (enabled), in one query however deep the tree."""
    return (
        IdentityProvider.objects.filter(enabled=True, company_id__in=[*company.ancestor_ids, company.pk])
        .select_related("company")
        .order_by("-company__depth")
        .first()
    )


def provider_reaches(provider: IdentityProvider, company: Company) -> bool:
    """Whether `company` is the provider's company or a unit below it that no nearer provider of its own governs."""
    if not company.tree_path.startswith(provider.company.tree_path):
        return False
    governing = provider_for_company(company)
    return governing is not None and governing.pk == provider.pk


def provider_by_slug(slug: str) -> IdentityProvider | None:
    return IdentityProvider.objects.filter(slug=slug, enabled=True).select_related("company").first()


def safe_next(next_url: str | None) -> str:
    """A path of this site to land on after signing in; anything else (another site, "//host", a scheme) is "/"."""
    if not next_url or len(next_url) > 2000 or not next_url.startswith("/"):
        return "/"
    return next_url if url_has_allowed_host_and_scheme(next_url, allowed_hosts=set()) else "/"


def sso_start_url(provider: IdentityProvider, next_url: str | None = None) -> str:
    """The page that sends the browser to the provider (`ssoSignIn`'s startUrl)."""
    return f"{reverse('sso_start', kwargs={'slug': provider.slug})}?{urlencode({'next': safe_next(next_url)})}"
