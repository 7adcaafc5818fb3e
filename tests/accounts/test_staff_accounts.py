"""Issue 13, item 7: the supplier's staff work in Django admin. A staff account that is neither a super admin nor in a
company is no customer: the storefront and the portal refuse its sign-in (after the password, so nothing is
revealed to others), and nobody offers it "Convert to a business account"."""

import pytest
from django.conf import settings

from accounts.models import B2BToken, User
from accounts.selectors import actor_for_user, convert_link_applies
from accounts.services import customer_jwt_issue
from tests.helpers import LOGIN, error_code, rest_refusal

pytestmark = pytest.mark.django_db

STAFF_MESSAGE = (
    "This is a staff account: sign in to the store's administration instead. Customers use their own accounts."
)
AUTHORIZE = """
mutation($bcToken: String!, $channelId: Int!) {
  authorization(authData: {bcToken: $bcToken, channelId: $channelId}) { result { token } } }
"""


def test_the_portal_refuses_a_staff_accounts_sign_in(demo_store, graphql):
    body = graphql(LOGIN, {"email": "staff@demo.test", "password": "Demo1234"})

    assert (error_code(body), body["errors"][0]["message"]) == ("STAFF_ACCOUNT", STAFF_MESSAGE)
    assert not B2BToken.objects.exists()


def test_a_wrong_password_of_a_staff_account_is_only_wrong(demo_store, graphql):
    assert error_code(graphql(LOGIN, {"email": "staff@demo.test", "password": "nope1234"})) == "INVALID_CREDENTIALS"


def test_the_storefront_refuses_a_staff_accounts_sign_in(demo_store, client):
    response = client.post(
        "/login/", {"email": "staff@demo.test", "password": "Demo1234"}, HTTP_ACCEPT="application/json"
    )

    # A refusal (PermissionDenied) is 403 on every REST edge (issue 23; it was 400 here before).
    assert rest_refusal(response, 403)["extensions"]["code"] == "STAFF_ACCOUNT"
    assert "_auth_user_id" not in client.session


def test_a_staff_session_from_django_admin_gets_no_portal_token(demo_store, graphql):
    staff = User.objects.get(email="staff@demo.test")
    token = customer_jwt_issue(user=staff, app_client_id=settings.PORTAL_APP_CLIENT_ID, channel_id=1)

    assert error_code(graphql(AUTHORIZE, {"bcToken": token, "channelId": 1})) == "STAFF_ACCOUNT"
    assert not B2BToken.objects.exists()


def test_a_staff_account_is_never_offered_the_business_conversion(demo_store):
    assert convert_link_applies(actor_for_user(User.objects.get(email="staff@demo.test"))) is False
    assert convert_link_applies(actor_for_user(User.objects.get(email="b2c@demo.test"))) is True


def test_a_super_admin_who_is_staff_too_still_signs_in(demo_store, login):
    User.objects.filter(email="superadmin@demo.test").update(is_staff=True)
    assert login("superadmin@demo.test")
