"""Single sign-on through a real OpenID Provider (node-oidc-provider, tests/sso/conftest.py): the code flow with
PKCE as allauth runs it, the person's first sign-in, later ones, and every refusal (nothing changed by any)."""

from __future__ import annotations

import pytest
from allauth.socialaccount.models import SocialAccount
from django.conf import settings

from accounts.models import AuditEvent, CompanyMembership, CompanyRole, User
from sso.models import RoleMappingRule
from tests.sso.conftest import local, oidc_provider_create, oidc_sign_in, op_sign_in, to_provider

pytestmark = pytest.mark.django_db

ADA = "ada.lovelace@northfield.test"


def _counts():
    return User.objects.count(), CompanyMembership.objects.count(), SocialAccount.objects.count()


def _refused(response, code: str) -> None:
    assert response.status_code in (401, 403), response.content[:300]
    assert f'data-code="{code}"' in response.content.decode()
    assert "_auth_user_id" not in response.wsgi_request.session


def test_first_sign_in_creates_the_member_in_the_unit_and_role_the_groups_say(client, oidc_op, oidc_provider, tree):
    oidc_op.accounts(**{ADA: {"given_name": "Ada", "family_name": "Lovelace", "groups": ["staff", "organic-buyers"]}})

    response = oidc_sign_in(client, ADA, next_url="/cart.php")

    assert response.status_code == 302
    assert response["Location"] == "/cart.php"
    user = User.objects.get(email=ADA)
    assert (user.first_name, user.last_name, user.has_usable_password()) == ("Ada", "Lovelace", False)
    assert (user.membership.company, user.membership.role) == (tree.organic_lab, CompanyRole.SENIOR_BUYER)
    assert SocialAccount.objects.get(user=user).uid == ADA  # the provider's subject
    assert SocialAccount.objects.get(user=user).provider == "northfield"
    assert int(client.session["_auth_user_id"]) == user.pk
    added = AuditEvent.objects.get(action="company_user_added", object_id=str(user.pk))
    assert added.summary == f"{ADA} added as Senior buyer on first sign-in from single sign-on (Northfield Login)"


def test_the_storefront_session_is_handed_over_to_the_overlay_as_after_a_password_sign_in(
    client, graphql, oidc_op, oidc_provider, demo_store
):
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    oidc_sign_in(client, ADA)

    jwt = client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID})
    assert jwt.status_code == 200
    answer = graphql(
        "mutation($a: AuthorizationInput!) { authorization(authData: $a) { result { token } } }",
        {"a": {"bcToken": jwt.content.decode(), "channelId": 1}},
    )

    token = answer["data"]["authorization"]["result"]["token"]
    me = graphql("{ customerInfo { userInfo { email role } } }", token=token)
    assert me["data"]["customerInfo"]["userInfo"] == {"email": ADA, "role": CompanyRole.SENIOR_BUYER}


def test_a_later_sign_in_brings_name_unit_and_role_up_to_date(client, oidc_op, oidc_provider, tree):
    oidc_op.accounts(**{ADA: {"given_name": "Ada", "groups": ["organic-buyers"]}})
    oidc_sign_in(client, ADA)
    client.logout()
    oidc_op.accounts(**{ADA: {"given_name": "Augusta", "groups": ["chemistry-admins"]}})

    response = oidc_sign_in(client, ADA)

    assert response.status_code == 302
    user = User.objects.get(email=ADA)
    assert user.first_name == "Augusta"
    assert (user.membership.company, user.membership.role) == (tree.chemistry, CompanyRole.ADMIN)
    assert SocialAccount.objects.filter(user=user).count() == 1
    assert AuditEvent.objects.filter(action="membership_unit_changed", object_id=str(user.membership.pk)).count() == 1
    assert AuditEvent.objects.filter(action="membership_role_changed", object_id=str(user.membership.pk)).count() == 1


def test_an_existing_member_of_the_tree_is_linked_not_duplicated(client, oidc_op, oidc_provider, tree):
    member = tree.users["organic_junior"]
    oidc_op.accounts(**{member.email: {"groups": ["organic-buyers"]}})

    response = oidc_sign_in(client, member.email)

    assert response.status_code == 302
    member.membership.refresh_from_db()
    assert member.membership.role == CompanyRole.SENIOR_BUYER  # what the provider's groups say now
    assert SocialAccount.objects.get(user=member).uid == member.email
    member.refresh_from_db()
    assert member.has_usable_password()  # its password is its own; the company may require SSO instead


def test_a_person_the_mapping_places_nowhere_is_refused_without_a_default(client, oidc_op, oidc_provider):
    oidc_op.accounts(**{ADA: {"groups": ["visitors"]}})
    before = _counts()

    response = oidc_sign_in(client, ADA)

    _refused(response, "SSO_NO_UNIT")
    assert _counts() == before


def test_a_person_no_rule_places_goes_to_the_default_unit(client, oidc_op, oidc_provider, tree):
    oidc_provider.default_unit, oidc_provider.default_role = tree.biology, CompanyRole.JUNIOR_BUYER
    oidc_provider.save()
    oidc_op.accounts(**{ADA: {"groups": []}})

    oidc_sign_in(client, ADA)

    membership = User.objects.get(email=ADA).membership
    assert (membership.company, membership.role) == (tree.biology, CompanyRole.JUNIOR_BUYER)


@pytest.mark.parametrize("who", ["other_admin", "individual", "staff", "super_admin"])
def test_an_account_outside_the_providers_company_is_never_taken_over(client, oidc_op, oidc_provider, tree, who):
    if who == "other_admin":
        email = tree.users["other_admin"].email  # Other Institute's admin, with a northfield.test address
    else:
        email = f"{who.replace('_', '.')}@northfield.test"
        User.objects.create_user(
            email=email, password="Secret123", is_staff=who == "staff", is_super_admin=who == "super_admin"
        )
    oidc_op.accounts(**{email: {"groups": ["organic-buyers"]}})
    before = _counts()

    response = oidc_sign_in(client, email)

    _refused(response, "SSO_ACCOUNT_UNAVAILABLE")
    assert _counts() == before
    assert not hasattr(User.objects.get(email=email), "membership") or who == "other_admin"


def test_an_address_outside_the_providers_domains_is_refused(client, oidc_op, oidc_provider):
    oidc_op.accounts(**{"ada@elsewhere.test": {"groups": ["organic-buyers"]}})
    before = _counts()

    response = oidc_sign_in(client, "ada@elsewhere.test")

    _refused(response, "SSO_EMAIL_DOMAIN")
    assert _counts() == before


def test_a_replayed_callback_is_refused(client, oidc_op, oidc_provider, django_user_model):
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    back = op_sign_in(to_provider(client, "northfield"), ADA)
    assert client.get(local(back)).status_code == 302
    client.logout()
    before = _counts()

    again = client.get(local(back))

    _refused(again, "SSO_FAILED")
    assert _counts() == before


def test_a_callback_replayed_in_another_browser_is_refused(client, oidc_op, oidc_provider):
    from django.test import Client

    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    back = op_sign_in(to_provider(client, "northfield"), ADA)
    before = _counts()

    response = Client().get(local(back))

    _refused(response, "SSO_FAILED")
    assert _counts() == before


def test_a_tampered_authorization_code_is_refused(client, oidc_op, oidc_provider):
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    back = op_sign_in(to_provider(client, "northfield"), ADA)
    code = back.split("code=")[1].split("&")[0]
    before = _counts()

    response = client.get(local(back.replace(code, code[:-4] + ("AAAA" if not code.endswith("AAAA") else "BBBB"))))

    _refused(response, "SSO_FAILED")
    assert _counts() == before


def test_a_code_issued_to_another_client_is_refused(client, oidc_op, oidc_provider, tree):
    """The code flow's audience: a code the provider issued to another relying party (Other Institute's) cannot be
    redeemed with ours."""
    from django.test import Client

    other = oidc_provider_create(tree, oidc_op.issuer, slug="other-institute", company=tree.other)
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    ours = op_sign_in(to_provider(client, "northfield"), ADA)
    theirs = op_sign_in(to_provider(Client(), other.slug), ADA)
    their_code = theirs.split("code=")[1].split("&")[0]
    our_code = ours.split("code=")[1].split("&")[0]
    before = _counts()

    response = client.get(local(ours.replace(our_code, their_code)))

    _refused(response, "SSO_FAILED")
    assert _counts() == before


def test_an_expired_id_token_is_refused(client, oidc_op, tree):
    """The provider's client `expired-…` issues id_tokens that expired before they were issued."""
    provider = oidc_provider_create(tree, oidc_op.issuer, slug="expired-northfield")
    from tests.sso.conftest import northfield_rules

    northfield_rules(provider, tree)
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    before = _counts()

    response = oidc_sign_in(client, ADA, slug="expired-northfield")

    _refused(response, "SSO_FAILED")
    assert _counts() == before


def test_an_id_token_of_another_issuer_is_refused(client, oidc_op, tree):
    """The provider is configured as http://127.0.0.1:<port>; the server there names itself http://localhost:<port>
    and signs its id_tokens so. The issuer is pinned to the configured one (OIDC Discovery §4.3): refused."""
    configured = oidc_op.issuer.replace("localhost", "127.0.0.1")
    provider = oidc_provider_create(tree, configured)
    from tests.sso.conftest import northfield_rules

    northfield_rules(provider, tree)
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    before = _counts()

    response = oidc_sign_in(client, ADA)

    _refused(response, "SSO_FAILED")
    assert _counts() == before


def test_a_rule_whose_unit_left_the_providers_tree_places_nobody(client, oidc_op, oidc_provider, tree):
    RoleMappingRule.objects.filter(provider=oidc_provider, value="organic-buyers").update(unit=tree.other)
    oidc_op.accounts(**{ADA: {"groups": ["organic-buyers"]}})
    before = _counts()

    response = oidc_sign_in(client, ADA)

    _refused(response, "SSO_NO_UNIT")
    assert _counts() == before
