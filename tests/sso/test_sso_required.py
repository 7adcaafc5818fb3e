"""A company that requires single sign-on refuses passwords at every door (SSO_REQUIRED): the API's `login`, the
storefront's sign-in form (as a page and as JSON) and the password reset request; `ssoSignIn` says where an address
signs in; a provider covers the units below its company unless a unit has its own; allauth's password pages are not
reachable; staff never see a client secret again."""

from __future__ import annotations

import pytest
from django.core import mail

from accounts.models import B2BToken, User
from sso.crypto import secret_decrypt
from sso.models import EmailDomain, IdentityProvider, Protocol
from sso.services import identity_provider_client_secret_set

pytestmark = pytest.mark.django_db

PASSWORD = "Secret123"
LOGIN = "mutation($d: LoginInput!) { login(loginData: $d) { result { token } } }"
RESET = "mutation($e: String!) { requestPasswordReset(email: $e) { result { message } } }"
SSO_SIGN_IN = "query($e: String!, $n: String) { ssoSignIn(email: $e, next: $n) { required startUrl providerName } }"


def _provider(company, *, slug="northfield", required=True, domain="northfield.test", enabled=True):
    provider = IdentityProvider.objects.create(
        company=company, protocol=Protocol.OIDC, name=f"{company.name} Login", slug=slug,
        server_url="https://login.northfield.test", client_id=slug, sso_required=required, enabled=enabled,
    )  # fmt: skip
    if domain:
        EmailDomain.objects.create(provider=provider, domain=domain)
    return provider


def _graphql_login(graphql, email):
    return graphql(LOGIN, {"d": {"email": email, "password": PASSWORD}})


def _code(answer) -> str:
    return answer["errors"][0]["extensions"]["code"]


@pytest.mark.parametrize("member", ["university_admin", "organic_junior", "genetics_senior"])
def test_the_api_login_is_refused_for_every_unit_below_a_company_that_requires_sso(graphql, tree, member):
    _provider(tree.university)

    answer = _graphql_login(graphql, tree.users[member].email)

    assert _code(answer) == "SSO_REQUIRED"
    assert "sign-in service" in answer["errors"][0]["message"]
    # What the overlay needs to send the buyer on: the organisation's sign-in and its name.
    extensions = answer["errors"][0]["extensions"]
    assert extensions["startUrl"].startswith("/sso/") and extensions["providerName"]
    assert B2BToken.objects.count() == 0


def test_an_address_of_the_domain_is_refused_before_the_password_is_looked_at(graphql, tree):
    _provider(tree.university)

    answer = graphql(LOGIN, {"d": {"email": "nobody@northfield.test", "password": "wrong"}})

    assert _code(answer) == "SSO_REQUIRED"


def test_a_member_with_an_address_of_another_domain_is_refused_after_the_password(graphql, tree):
    _provider(tree.university)
    member = tree.users["organic_senior"]
    User.objects.filter(pk=member.pk).update(email="organic.senior@gmail.test")

    wrong = graphql(LOGIN, {"d": {"email": "organic.senior@gmail.test", "password": "wrong"}})
    right = graphql(LOGIN, {"d": {"email": "organic.senior@gmail.test", "password": PASSWORD}})

    assert _code(wrong) == "INVALID_CREDENTIALS"  # says nothing about the account to whoever does not know it
    assert _code(right) == "SSO_REQUIRED"
    assert B2BToken.objects.count() == 0


def test_the_storefront_sign_in_form_is_refused_as_a_page_and_as_json(client, demo_store, tree):
    _provider(tree.university)
    email = tree.users["organic_senior"].email

    page = client.post("/login/", {"email": email, "password": PASSWORD, "next": "/cart/"})
    as_json = client.post("/login/", {"email": email, "password": PASSWORD}, HTTP_ACCEPT="application/json")

    assert page.status_code == 400
    assert "Your organisation signs you in with its own sign-in service" in page.content.decode()
    # The page links on to the organisation's sign-in, which comes back to where the buyer was going.
    assert 'href="/sso/' in page.content.decode() and "next=%2Fcart%2F" in page.content.decode()
    assert as_json.status_code == 403
    assert as_json.json()["errors"][0]["extensions"]["code"] == "SSO_REQUIRED"
    assert as_json.json()["errors"][0]["extensions"]["startUrl"].startswith("/sso/")
    assert "_auth_user_id" not in client.session


def test_the_password_reset_request_is_refused(graphql, tree):
    _provider(tree.university)

    answer = graphql(RESET, {"e": tree.users["organic_senior"].email})

    assert _code(answer) == "SSO_REQUIRED"
    assert mail.outbox == []


def test_a_member_under_another_address_gets_no_reset_link_and_the_usual_answer(graphql, tree):
    _provider(tree.university)
    User.objects.filter(pk=tree.users["organic_senior"].pk).update(email="organic.senior@gmail.test")

    answer = graphql(RESET, {"e": "organic.senior@gmail.test"})

    assert answer["data"]["requestPasswordReset"]["result"]["message"].startswith("If an account exists")
    assert mail.outbox == []


def test_a_provider_that_does_not_require_sso_leaves_passwords_alone(graphql, tree):
    _provider(tree.university, required=False)

    answer = _graphql_login(graphql, tree.users["organic_senior"].email)

    assert answer["data"]["login"]["result"]["token"]


def test_a_unit_with_its_own_provider_follows_its_own_not_the_one_above(graphql, tree):
    _provider(tree.university, required=True, domain=None)
    _provider(tree.biology, slug="biology", required=False, domain=None)

    genetics = _graphql_login(graphql, tree.users["genetics_senior"].email)
    organic = _graphql_login(graphql, tree.users["organic_senior"].email)
    other = _graphql_login(graphql, tree.users["other_admin"].email)

    assert genetics["data"]["login"]["result"]["token"]  # Biology's provider, which does not require SSO
    assert _code(organic) == "SSO_REQUIRED"  # the university's
    assert other["data"]["login"]["result"]["token"]  # Other Institute has none


def test_a_disabled_provider_requires_nothing(graphql, tree):
    _provider(tree.university, enabled=False)

    answer = _graphql_login(graphql, tree.users["organic_senior"].email)

    assert answer["data"]["login"]["result"]["token"]


# --- ssoSignIn ---------------------------------------------------------------------------------------------------


def test_sso_sign_in_answers_for_an_address_of_the_providers_domain(graphql, tree):
    _provider(tree.university)

    answer = graphql(SSO_SIGN_IN, {"e": "Anyone@Northfield.test", "n": "/#/orders"})

    assert answer["data"]["ssoSignIn"] == {
        "required": True,
        "startUrl": "/sso/northfield/start/?next=%2F%23%2Forders",
        "providerName": "Northfield University Login",
    }


@pytest.mark.parametrize("next_url", ["https://evil.test/", "//evil.test/x", "javascript:alert(1)", None])
def test_sso_sign_in_lands_only_on_this_sites_paths(graphql, tree, next_url):
    _provider(tree.university)

    answer = graphql(SSO_SIGN_IN, {"e": "a@northfield.test", "n": next_url})

    assert answer["data"]["ssoSignIn"]["startUrl"] == "/sso/northfield/start/?next=%2F"


@pytest.mark.parametrize("email", ["a@other.test", "a@sub.northfield.test", "northfield.test", "", "a@disabled.test"])
def test_sso_sign_in_is_null_for_any_other_address(graphql, tree, email):
    _provider(tree.university)
    _provider(tree.other, slug="disabled", domain="disabled.test", enabled=False)

    answer = graphql(SSO_SIGN_IN, {"e": email})

    assert answer == {"data": {"ssoSignIn": None}}


def test_the_start_page_of_an_unknown_provider_is_not_found(client, tree):
    assert client.get("/sso/nobody/start/").status_code == 404


# --- what is not exposed ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/accounts/3rdparty/", "/sso/login/",
     "/sso/signup/", "/sso/password/reset/", "/sso/3rdparty/signup/"],
)  # fmt: skip
def test_allauths_password_pages_are_not_reachable(client, path):
    assert client.get(path).status_code == 404
    assert client.post(path, {"email": "a@b.test", "password1": "x"}).status_code in (403, 404, 405)


# --- admin ----------------------------------------------------------------------------------------------------------


def test_the_client_secret_is_stored_encrypted_and_never_shown_back(client, tree):
    staff = User.objects.create_superuser(email="staff@supplier.test", password=PASSWORD)
    client.force_login(staff)

    response = client.post(
        "/admin/sso/identityprovider/add/",
        {
            "company": tree.university.pk, "protocol": "oidc", "name": "Northfield Login", "slug": "northfield",
            "enabled": "on", "server_url": "https://login.northfield.test", "client_id": "portal",
            "client_secret": "s3cr3t-value-of-the-client", "scopes": "openid profile email",
            "attribute_mapping": "{}", "domains-TOTAL_FORMS": "1", "domains-INITIAL_FORMS": "0",
            "domains-0-domain": "Northfield.TEST", "rules-TOTAL_FORMS": "0", "rules-INITIAL_FORMS": "0",
        },
    )  # fmt: skip

    assert response.status_code == 302, response.content.decode()[:3000]
    provider = IdentityProvider.objects.get(slug="northfield")
    assert "s3cr3t" not in provider.client_secret_encrypted
    assert secret_decrypt(provider.client_secret_encrypted) == "s3cr3t-value-of-the-client"
    assert list(provider.domains.values_list("domain", flat=True)) == ["northfield.test"]
    page = client.get(f"/admin/sso/identityprovider/{provider.pk}/change/").content.decode()
    assert "s3cr3t" not in page
    assert provider.client_secret_encrypted not in page
    assert "stored (encrypted; not shown)" in page


def test_saving_without_a_new_secret_keeps_the_stored_one(tree):
    provider = _provider(tree.university)
    identity_provider_client_secret_set(provider=provider, secret="first")
    provider.refresh_from_db()

    assert secret_decrypt(provider.client_secret_encrypted) == "first"
