"""The SSO tests' identity providers (issue 40): a real OpenID Provider (node-oidc-provider, tests/sso/op/, one
process per xdist worker on a free port, started once and awaited by its ready line) and a real SAML identity
provider (pysaml2, tests/sso/saml_idp.py, in the test's process: it signs with the xmlsec1 program).

The Django test client is the browser at our end; `requests` is the browser at the OpenID Provider's (its own
development login and consent forms). Only the back channel (discovery, token, userinfo) is allauth's own HTTP."""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urljoin, urlsplit

import pytest
import requests

from accounts.models import CompanyRole
from sso.models import EmailDomain, IdentityProvider, Protocol, RoleMappingRule
from sso.services import identity_provider_client_secret_set
from tests.factories.accounts import northfield_tree
from tests.sso.oidc_op import CLIENT_SECRET, OpenIDProvider, op_client, openid_provider_running

SITE = "http://testserver"
# The OpenID Provider's clients: our providers' slugs, each with its callback address.
OP_CLIENTS = ("northfield", "expired-northfield", "other-institute")


@pytest.fixture(scope="session")
def oidc_op(tmp_path_factory) -> OpenIDProvider:
    clients = [op_client(client_id, SITE) for client_id in OP_CLIENTS]
    with openid_provider_running(clients, tmp_path_factory.mktemp("op")) as provider:
        yield provider


@pytest.fixture
def tree(db):
    return northfield_tree()


def oidc_provider_create(tree, issuer: str, *, slug: str = "northfield", client_id: str | None = None, **fields):
    """Northfield University's OpenID Connect provider: the domain northfield.test; the group organic-buyers →
    Organic Synthesis Lab as senior buyer, chemistry-admins → Chemistry as admin."""
    provider = IdentityProvider.objects.create(
        company=fields.pop("company", tree.university),
        protocol=Protocol.OIDC,
        name="Northfield Login",
        slug=slug,
        server_url=issuer,
        client_id=client_id or slug,
        scopes="openid profile email groups",
        **fields,
    )
    identity_provider_client_secret_set(provider=provider, secret=CLIENT_SECRET)
    return provider


def northfield_rules(provider, tree) -> None:
    EmailDomain.objects.create(provider=provider, domain="northfield.test")
    RoleMappingRule.objects.create(
        provider=provider, position=1, value="organic-buyers", unit=tree.organic_lab, role=CompanyRole.SENIOR_BUYER
    )
    RoleMappingRule.objects.create(
        provider=provider, position=2, value="chemistry-admins", unit=tree.chemistry, role=CompanyRole.ADMIN
    )


@pytest.fixture
def oidc_provider(tree, oidc_op):
    provider = oidc_provider_create(tree, oidc_op.issuer)
    northfield_rules(provider, tree)
    return provider


# --- the browser -------------------------------------------------------------------------------------------------


def start_form(client, start_url: str) -> tuple[str, dict[str, str]]:
    """Open our start page; returns its form's action and fields (what its script posts)."""
    page = client.get(start_url)
    assert page.status_code == 200, page.content[:300]
    text = page.content.decode()
    action = html.unescape(re.search(r'<form id="sso-start" method="post" action="([^"]+)"', text).group(1))
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', text))
    return action, {name: html.unescape(value) for name, value in fields.items()}


def to_provider(client, slug: str, next_url: str = "/"):
    """Our side of the start: the start page, its POST to allauth; returns allauth's redirect to the provider."""
    action, fields = start_form(client, f"/sso/{slug}/start/?next={next_url}")
    response = client.post(action, fields)
    assert response.status_code == 302, response.content[:500]
    return response["Location"]


def op_sign_in(url: str, login: str) -> str:
    """Sign in at the OpenID Provider as `login` (its login form, then its consent form); returns the address it
    sends the browser back to (our callback with the code and the state)."""
    browser = requests.Session()
    response = browser.get(url, allow_redirects=False, timeout=10)
    for _ in range(12):
        if response.status_code in (302, 303):
            location = urljoin(response.url, response.headers["Location"])
            if location.startswith(SITE):
                return location
            response = browser.get(location, allow_redirects=False, timeout=10)
            continue
        form = re.search(r'<form[^>]*action="([^"]+)"', response.text)
        assert form, f"no form at the provider: {response.status_code} {response.text[:500]}"
        fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', response.text))
        fields.update(login=login, password="any")
        response = browser.post(
            urljoin(response.url, html.unescape(form.group(1))), data=fields, allow_redirects=False, timeout=10
        )
    raise AssertionError("the provider never sent the browser back")


def local(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.path}?{parts.query}" if parts.query else parts.path


def oidc_sign_in(client, login: str, *, slug: str = "northfield", next_url: str = "/"):
    """The whole round: start page → provider → back to our callback. Returns our callback's response."""
    back = op_sign_in(to_provider(client, slug, next_url), login)
    return client.get(local(back))


def saml_request_of(location: str) -> tuple[str, str]:
    """The SAMLRequest and RelayState of allauth's redirect to the identity provider."""
    query = parse_qs(urlsplit(location).query, keep_blank_values=True)
    return query["SAMLRequest"][0], query["RelayState"][0]
