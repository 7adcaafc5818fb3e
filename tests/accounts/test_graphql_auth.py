"""Sign-in through the API, customerInfo per demo account, sign-out (ARCHITECTURE §8, shell §4)."""

import pytest

from accounts.models import B2BToken, User
from accounts.selectors import token_hash
from tests.helpers import CUSTOMER_INFO, LOGIN, error_code

pytestmark = pytest.mark.django_db

WRONG = "Your email address or password is incorrect. Please try again."


@pytest.mark.parametrize(
    ("email", "role", "user_type", "company", "role_name"),
    [
        ("admin@acme.test", 0, 3, "Acme Labs", "Admin"),
        ("senior@acme.test", 1, 3, "Acme Labs", "Senior buyer"),
        ("junior@acme.test", 2, 3, "Acme Labs", "Junior buyer"),
        ("admin@globex.test", 0, 3, "Globex Research", "Admin"),
        ("b2c@demo.test", 99, 2, None, ""),
        ("superadmin@demo.test", 3, 6, None, "Super admin"),
        # shell §4: B2C unless the company is approved.
        ("admin@pendingbio.test", 99, 3, "Pending Bio", "Admin"),
        ("admin@rejectedchem.test", 99, 3, "Rejected Chem", "Admin"),
    ],
)
def test_customer_info_resolves_the_role_of_each_demo_account(
    demo_store, graphql, login, email, role, user_type, company, role_name
):
    body = graphql(CUSTOMER_INFO, token=login(email))
    info = body["data"]["customerInfo"]
    assert info["userInfo"]["role"] == role
    assert info["userInfo"]["email"] == email
    assert info["userInfo"]["companyRoleName"] == role_name
    assert info["userType"] == user_type
    assert (info["companyInfo"] or {}).get("companyName") == company


def test_first_sign_in_is_a_first_login_then_general(demo_store, graphql):
    first = graphql(LOGIN, {"email": "senior@acme.test", "password": "Demo1234"})
    second = graphql(LOGIN, {"email": "senior@acme.test", "password": "Demo1234"})
    assert first["data"]["login"]["result"]["loginType"] == 1
    assert second["data"]["login"]["result"]["loginType"] == 2


def test_sign_in_ignores_e_mail_case_and_spaces(demo_store, graphql):
    body = graphql(LOGIN, {"email": "  Admin@ACME.test ", "password": "Demo1234"})
    assert body["data"]["login"]["result"]["token"]


@pytest.mark.parametrize(
    ("email", "password"),
    [("admin@acme.test", "wrong-password1"), ("nobody@acme.test", "Demo1234"), ("", "")],
    ids=["wrong-password", "unknown-email", "empty"],
)
def test_failed_sign_in_says_the_same_for_every_cause(demo_store, graphql, email, password):
    body = graphql(LOGIN, {"email": email, "password": password})
    assert body["data"] is None
    assert error_code(body) == "INVALID_CREDENTIALS"
    assert body["errors"][0]["message"] == WRONG
    assert B2BToken.objects.count() == 0


def test_inactive_user_cannot_sign_in(demo_store, graphql):
    User.objects.filter(email="senior@acme.test").update(is_active=False)
    assert error_code(graphql(LOGIN, {"email": "senior@acme.test", "password": "Demo1234"})) == "INVALID_CREDENTIALS"


def test_over_long_credentials_are_refused_without_work(demo_store, graphql):
    body = graphql(LOGIN, {"email": "a" * 300 + "@x.test", "password": "x"})
    assert error_code(body) == "VALIDATION_ERROR"


def test_token_is_stored_only_as_a_hash(demo_store, login):
    token = login("admin@acme.test")
    stored = B2BToken.objects.get()
    assert stored.key_hash == token_hash(token)
    assert token not in stored.key_hash


def test_sign_out_revokes_the_token(demo_store, graphql, login):
    token = login("admin@acme.test")
    other = login("admin@acme.test")
    body = graphql("mutation { logout { result { message } } }", token=token)
    assert body["data"]["logout"]["result"]["message"] == "You have been signed out."
    assert error_code(graphql(CUSTOMER_INFO, token=token)) == 40101
    # Only that session ends: another device stays signed in.
    assert graphql(CUSTOMER_INFO, token=other)["data"]["customerInfo"]["userInfo"]["email"] == "admin@acme.test"


def test_sign_out_without_a_token_is_40101_and_revokes_nothing(demo_store, graphql, login):
    login("admin@acme.test")
    assert error_code(graphql("mutation { logout { result { message } } }")) == 40101
    assert B2BToken.objects.filter(revoked_at__isnull=False).count() == 0


def test_deactivating_a_user_ends_their_sessions(demo_store, graphql, login):
    token = login("junior@acme.test")
    User.objects.filter(email="junior@acme.test").update(is_active=False)
    assert error_code(graphql(CUSTOMER_INFO, token=token)) == 40101


def test_customer_info_takes_a_constant_number_of_queries(demo_store, graphql, login, django_assert_num_queries):
    token = login("admin@acme.test")
    with django_assert_num_queries(1):  # the token with user, membership, company and the role's grants
        graphql(CUSTOMER_INFO, token=token)
