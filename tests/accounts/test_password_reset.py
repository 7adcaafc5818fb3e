"""Forgot password: the request, the e-mail through a Celery task, the reset (issue 3)."""

import json
import re

import pytest
from django.core import mail

from accounts.models import B2BToken, User
from tests.helpers import CUSTOMER_INFO, LOGIN, error_code

pytestmark = pytest.mark.django_db

REQUEST = "mutation($email: String!) { requestPasswordReset(email: $email) { result { message } } }"
RESET = """mutation($uid: String!, $token: String!, $password: String!) {
  resetPassword(uid: $uid, token: $token, newPassword: $password) { result { message } } }"""
SAME = "If an account exists for that e-mail address, we have sent a link to reset the password."


def _link_parts() -> tuple[str, str]:
    match = re.search(r"#/forgotpassword\?uid=([\w-]+)&token=([\w-]+)", mail.outbox[-1].body)
    assert match, mail.outbox[-1].body
    return match.group(1), match.group(2)


def test_reset_request_e_mails_a_link(demo_store, graphql, settings, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(REQUEST, {"email": "Senior@Acme.test"})
    assert body["data"]["requestPasswordReset"]["result"]["message"] == SAME
    assert [m.to for m in mail.outbox] == [["senior@acme.test"]]
    assert f"{settings.SITE_URL}/#/forgotpassword?uid=" in mail.outbox[0].body


@pytest.mark.parametrize("host", ["evil.test", "testserver:6666"])
def test_the_reset_link_is_on_the_site_url_whatever_host_the_request_names(
    demo_store, client, settings, django_capture_on_commit_callbacks, host
):
    settings.SITE_URL = "https://portal.helix.test"
    settings.ALLOWED_HOSTS = ["*"]  # a server answering any host: the forged one must still not reach the link
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            "/graphql",
            data=json.dumps({"query": REQUEST, "variables": {"email": "senior@acme.test"}}),
            content_type="application/json",
            HTTP_HOST=host,
        )
    [message] = mail.outbox
    assert "https://portal.helix.test/#/forgotpassword?uid=" in message.body
    assert host not in message.body


def test_reset_request_for_an_unknown_e_mail_says_the_same_and_sends_nothing(
    demo_store, graphql, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(REQUEST, {"email": "nobody@acme.test"})
    assert body["data"]["requestPasswordReset"]["result"]["message"] == SAME
    assert mail.outbox == []


def test_reset_requests_are_rate_limited_per_address(demo_store, graphql, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(8):
            graphql(REQUEST, {"email": "senior@acme.test"})
    assert len(mail.outbox) == 5


def test_reset_sets_the_password_ends_every_session_and_the_link_works_once(
    demo_store, graphql, login, django_capture_on_commit_callbacks
):
    old_token = login("senior@acme.test")
    User.objects.filter(email="senior@acme.test").update(force_password_reset=True)
    with django_capture_on_commit_callbacks(execute=True):
        graphql(REQUEST, {"email": "senior@acme.test"})
    uid, token = _link_parts()
    body = graphql(RESET, {"uid": uid, "token": token, "password": "NewPass99"})
    assert body["data"]["resetPassword"]["result"]["message"] == "Your password has been changed. You can now sign in."
    assert error_code(graphql(CUSTOMER_INFO, token=old_token)) == 40101
    assert not User.objects.get(email="senior@acme.test").force_password_reset
    assert "errors" not in graphql(LOGIN, {"email": "senior@acme.test", "password": "NewPass99"})
    again = graphql(RESET, {"uid": uid, "token": token, "password": "Another99"})
    assert error_code(again) == "INVALID_RESET_LINK"


def test_reset_with_a_weak_password_says_why_and_changes_nothing(
    demo_store, graphql, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        graphql(REQUEST, {"email": "senior@acme.test"})
    uid, token = _link_parts()
    body = graphql(RESET, {"uid": uid, "token": token, "password": "abcdefgh"})
    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"]["password"] == [
        "Passwords must be at least 7 characters and contain both letters and numbers."
    ]
    assert User.objects.get(email="senior@acme.test").check_password("Demo1234")


@pytest.mark.parametrize(("uid", "token"), [("MQ", "bad-token"), ("!!", "x"), ("OTk5OTk", "abc-def")])
def test_reset_with_a_bad_link_is_refused(demo_store, graphql, uid, token):
    assert error_code(graphql(RESET, {"uid": uid, "token": token, "password": "NewPass99"})) == "INVALID_RESET_LINK"


def test_forced_reset_blocks_sign_in_and_login_state_says_so(demo_store, graphql):
    User.objects.filter(email="junior@acme.test").update(force_password_reset=True)
    state = "query($e: String!) { userLoginState(email: $e) { forcePasswordReset } }"
    assert graphql(state, {"e": "junior@acme.test"})["data"]["userLoginState"]["forcePasswordReset"] is True
    assert graphql(state, {"e": "nobody@acme.test"})["data"]["userLoginState"]["forcePasswordReset"] is False
    assert (
        error_code(graphql(LOGIN, {"email": "junior@acme.test", "password": "Demo1234"})) == "PASSWORD_RESET_REQUIRED"
    )
    assert B2BToken.objects.count() == 0
