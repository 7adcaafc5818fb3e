"""Single sign-on through a real SAML 2.0 identity provider (pysaml2, tests/sso/saml_idp.py) to allauth's service
provider (python3-saml): signatures checked, and tampered, unsigned, wrong-audience, expired, replayed and
unknown-issuer responses refused, with nothing changed."""

from __future__ import annotations

import shutil

import pytest
from allauth.socialaccount.models import SocialAccount
from django.test import Client

from accounts.models import CompanyMembership, CompanyRole, User
from sso.models import EmailDomain, IdentityProvider, Protocol, RoleMappingRule
from sso.services import saml_metadata_parse
from tests.sso.conftest import saml_request_of, start_form
from tests.sso.saml_idp import SamlIdP, cert_body

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        shutil.which("xmlsec1") is None,
        reason="the test SAML identity provider (pysaml2) signs with the xmlsec1 program: apt-get install xmlsec1",
    ),
]

HOST = "localhost"  # python3-saml refuses single-label hosts such as "testserver" in its addresses
IDP_ENTITY = "https://idp.northfield.test/saml"
IDP_SSO = "https://idp.northfield.test/saml/sso"
SP_ACS = f"http://{HOST}/sso/saml/northfield-saml/acs/"
GRACE = "grace.hopper@northfield.test"
IDENTITY = {"mail": [GRACE], "givenName": ["Grace"], "sn": ["Hopper"], "isMemberOf": ["chemistry-admins"]}


@pytest.fixture
def visitor() -> Client:
    return Client(HTTP_HOST=HOST)


@pytest.fixture
def idp(tmp_path) -> SamlIdP:
    return SamlIdP(entity_id=IDP_ENTITY, sso_url=IDP_SSO, workdir=tmp_path / "idp")


@pytest.fixture
def saml_provider(tree, idp, visitor):
    """Chemistry's SAML provider (the department has its own, below the university), configured from the identity
    provider's uploaded metadata; the identity provider trusts our service provider's metadata."""
    provider = IdentityProvider.objects.create(
        company=tree.chemistry,
        protocol=Protocol.SAML,
        name="Northfield SAML",
        slug="northfield-saml",
        entity_id=IDP_ENTITY,
        sso_url=IDP_SSO,
        x509cert=cert_body(idp.cert_pem),
    )
    EmailDomain.objects.create(provider=provider, domain="northfield.test")
    RoleMappingRule.objects.create(
        provider=provider, position=1, value="chemistry-admins", unit=tree.chemistry, role=CompanyRole.ADMIN
    )
    RoleMappingRule.objects.create(
        provider=provider, position=2, value="organic-buyers", unit=tree.organic_lab, role=CompanyRole.JUNIOR_BUYER
    )
    sp_metadata = visitor.get("/sso/saml/northfield-saml/metadata/")
    assert sp_metadata.status_code == 200
    idp.trust(sp_metadata.content.decode())
    return provider


def _counts():
    return User.objects.count(), CompanyMembership.objects.count(), SocialAccount.objects.count()


def _to_idp(visitor, next_url: str = "/") -> tuple[str, str]:
    action, fields = start_form(visitor, f"/sso/northfield-saml/start/?next={next_url}")
    response = visitor.post(action, fields)
    assert response.status_code == 302, response.content[:500]
    assert response["Location"].startswith(IDP_SSO)
    return saml_request_of(response["Location"])


def _post_back(visitor, saml_response: str, relay_state: str):
    """The visitor posts the identity provider's answer to our ACS, which hands it on to acs/finish/."""
    response = visitor.post(
        "/sso/saml/northfield-saml/acs/", {"SAMLResponse": saml_response, "RelayState": relay_state}
    )
    assert response.status_code == 302
    return visitor.get(response["Location"])


def _refused(response) -> None:
    assert response.status_code in (401, 403), response.content[:300]
    assert 'data-code="SSO_FAILED"' in response.content.decode()
    assert "_auth_user_id" not in response.wsgi_request.session


def test_sign_in_creates_the_member_in_the_unit_and_role_the_groups_say(visitor, idp, saml_provider, tree):
    saml_request, relay_state = _to_idp(visitor, "/account.php")

    response = _post_back(visitor, idp.respond(saml_request, IDENTITY, name_id="grace-0001"), relay_state)

    assert response.status_code == 302
    assert response["Location"] == "/account.php"
    user = User.objects.get(email=GRACE)
    assert (user.first_name, user.last_name, user.has_usable_password()) == ("Grace", "Hopper", False)
    assert (user.membership.company, user.membership.role) == (tree.chemistry, CompanyRole.ADMIN)
    assert SocialAccount.objects.get(user=user).uid == "grace-0001"  # the NameID
    assert int(visitor.session["_auth_user_id"]) == user.pk


def test_a_later_sign_in_moves_the_member_to_the_unit_the_groups_say_now(visitor, idp, saml_provider, tree):
    saml_request, relay_state = _to_idp(visitor)
    _post_back(visitor, idp.respond(saml_request, IDENTITY, name_id="grace-0001"), relay_state)
    visitor.logout()

    saml_request, relay_state = _to_idp(visitor)
    moved = {**IDENTITY, "isMemberOf": ["organic-buyers"]}
    response = _post_back(visitor, idp.respond(saml_request, moved, name_id="grace-0001"), relay_state)

    assert response.status_code == 302
    membership = User.objects.get(email=GRACE).membership
    assert (membership.company, membership.role) == (tree.organic_lab, CompanyRole.JUNIOR_BUYER)


def test_a_tampered_assertion_is_refused(visitor, idp, saml_provider):
    import base64

    saml_request, relay_state = _to_idp(visitor)
    signed = base64.b64decode(idp.respond(saml_request, IDENTITY, name_id="grace-0001")).decode()
    assert signed.count(GRACE) == 1
    tampered = base64.b64encode(signed.replace(GRACE, "mallory@northfield.test").encode()).decode()
    before = _counts()

    _refused(_post_back(visitor, tampered, relay_state))
    assert _counts() == before


def test_an_unsigned_response_is_refused(visitor, idp, saml_provider):
    saml_request, relay_state = _to_idp(visitor)
    unsigned = idp.respond(saml_request, IDENTITY, name_id="grace-0001", sign_response=False, sign_assertion=False)
    before = _counts()

    _refused(_post_back(visitor, unsigned, relay_state))
    assert _counts() == before


def test_an_assertion_for_another_audience_is_refused(visitor, idp, saml_provider, tmp_path):
    other_sp = visitor.get("/sso/saml/northfield-saml/metadata/").content.decode()
    other_sp = other_sp.replace(f'entityID="http://{HOST}/sso/saml/northfield-saml/metadata/"',
                                'entityID="https://other-supplier.test/saml/metadata/"')  # fmt: skip
    idp.trust(visitor.get("/sso/saml/northfield-saml/metadata/").content.decode(), other_sp)
    saml_request, relay_state = _to_idp(visitor)
    response = idp.respond(
        saml_request, IDENTITY, name_id="grace-0001", audience="https://other-supplier.test/saml/metadata/"
    )
    before = _counts()

    _refused(_post_back(visitor, response, relay_state))
    assert _counts() == before


def test_an_expired_assertion_is_refused(visitor, idp, saml_provider):
    saml_request, relay_state = _to_idp(visitor)
    expired = idp.respond(saml_request, IDENTITY, name_id="grace-0001", lifetime={"minutes": -10})
    before = _counts()

    _refused(_post_back(visitor, expired, relay_state))
    assert _counts() == before


def test_a_replayed_response_is_refused_in_the_same_and_in_another_browser(visitor, idp, saml_provider):
    saml_request, relay_state = _to_idp(visitor)
    saml_response = idp.respond(saml_request, IDENTITY, name_id="grace-0001")
    assert _post_back(visitor, saml_response, relay_state).status_code == 302
    visitor.logout()
    before = _counts()

    _refused(_post_back(visitor, saml_response, relay_state))
    _refused(_post_back(Client(HTTP_HOST=HOST), saml_response, relay_state))
    assert _counts() == before


@pytest.mark.parametrize("rogue", ["other entity, other key", "trusted entity, other key"])
def test_a_response_of_an_unknown_issuer_is_refused(visitor, idp, saml_provider, tmp_path, rogue):
    entity = "https://rogue.test/saml" if rogue.startswith("other entity") else IDP_ENTITY
    impostor = SamlIdP(entity_id=entity, sso_url=IDP_SSO, workdir=tmp_path / "rogue")
    impostor.trust(visitor.get("/sso/saml/northfield-saml/metadata/").content.decode())
    saml_request, relay_state = _to_idp(visitor)
    before = _counts()

    _refused(_post_back(visitor, impostor.respond(saml_request, IDENTITY, name_id="grace-0001"), relay_state))
    assert _counts() == before


def test_an_unsolicited_response_is_refused(visitor, idp, saml_provider):
    """IdP-initiated sign-in is off (forced): a response that answers no request of this visitor is refused."""
    other = Client(HTTP_HOST=HOST)
    saml_request, _relay = _to_idp(other)
    saml_response = idp.respond(saml_request, IDENTITY, name_id="grace-0001")
    before = _counts()

    _refused(_post_back(visitor, saml_response, ""))
    assert _counts() == before


def test_uploaded_metadata_gives_the_entity_the_sign_in_url_and_the_certificate(idp, saml_provider):
    metadata = saml_metadata_parse(idp.metadata_xml.encode())

    assert (metadata.entity_id, metadata.sso_url) == (IDP_ENTITY, IDP_SSO)
    assert metadata.x509cert == cert_body(idp.cert_pem)
