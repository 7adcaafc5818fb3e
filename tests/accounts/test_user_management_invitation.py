"""Adding a user (issue 16): the e-mail cases — a new address, one already in the company, an individual customer's,
and the addresses that cannot join, which all get one answer that names no company —, the invitation e-mail and its
link setting a first password, sign-in after it, removal ending every session, and the audit log."""

import re

import pytest
from django.core import mail

from accounts.models import AuditEvent, B2BToken, CompanyMembership, CompanyRole, CompanyStatus, User
from accounts.tasks import user_invitation_send
from tests.accounts.test_users import CREATE, DELETE, RESEND, UPDATE, acme, new_user, snapshot, user_id
from tests.factories.accounts import CompanyFactory, MembershipFactory, UserFactory
from tests.helpers import CUSTOMER_INFO, LOGIN, error_code

pytestmark = pytest.mark.django_db

RESET = """
mutation($uid: String!, $token: String!, $password: String!) {
  resetPassword(uid: $uid, token: $token, newPassword: $password) { result { message } }
}
"""
SESSIONS = """{ companyMasqueradeSessions(first: 10) { edges { node { events { action summary } } } } }"""
UNAVAILABLE = "This email address cannot be added to your company. Check the address, or ask the person to contact us."


@pytest.fixture
def admin_token(demo_store, login):
    return login("admin@acme.test")


@pytest.fixture
def add(graphql, admin_token, django_capture_on_commit_callbacks):
    """Acme's admin adds a user; the invitation is sent (on commit) before it returns."""

    def run(token: str | None = None, **data) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            return graphql(CREATE, {"data": new_user(**data)}, token=token or admin_token)

    return run


def invitation_link(message) -> tuple[str, str]:
    match = re.search(r"/#/forgotpassword\?uid=([\w-]+)&token=([\w-]+)&invited=1", message.body)
    assert match, message.body
    return match.group(1), match.group(2)


def sign_in(graphql, email: str, password: str) -> dict:
    return graphql(LOGIN, {"email": email, "password": password})


# --- a new address ------------------------------------------------------------------------------------------------


def test_a_new_user_is_invited_and_chooses_a_password_before_signing_in(add, graphql, settings):
    body = add(email="Nia.New@Acme.test", role=2)

    created = body["data"]["userCreate"]
    assert created["email"] == "nia.new@acme.test"
    assert created["invitationPending"] is True and created["companyRoleName"] == "Junior buyer"
    user = User.objects.get(email="nia.new@acme.test")
    assert not user.has_usable_password()
    assert error_code(sign_in(graphql, "nia.new@acme.test", "")) == "INVALID_CREDENTIALS"

    [message] = mail.outbox
    assert message.to == ["nia.new@acme.test"]
    assert message.subject == "You have been added to Acme Labs"
    assert "Alice Admin has added you to the business account of Acme Labs as Junior buyer." in message.body
    # Issue 36 item 14: no possessive built on the company's name ("Acme Labs's"), right for every name.
    assert "ask an admin of Acme Labs to send the invitation again" in message.body
    assert "Labs's" not in message.body
    assert f"{settings.SITE_URL}/#/forgotpassword?uid=" in message.body
    uid, token = invitation_link(message)

    chosen = graphql(RESET, {"uid": uid, "token": token, "password": "Pipette42"})
    assert chosen["data"]["resetPassword"]["result"]["message"].startswith("Your password has been changed.")
    signed_in = sign_in(graphql, "nia.new@acme.test", "Pipette42")["data"]["login"]["result"]
    assert signed_in["loginType"] == 1  # first login
    info = graphql(CUSTOMER_INFO, token=signed_in["token"])["data"]["customerInfo"]
    assert info["userInfo"]["role"] == 2 and info["companyInfo"]["companyName"] == "Acme Labs"
    # The link worked once.
    assert error_code(graphql(RESET, {"uid": uid, "token": token, "password": "Pipette43"})) == "INVALID_RESET_LINK"


def test_the_invitation_goes_once_even_when_the_task_is_delivered_twice(add):
    add()
    event = AuditEvent.objects.get(action="company_user_added")

    user_invitation_send(event.pk)
    user_invitation_send.delay(event.pk)

    assert len(mail.outbox) == 1


def test_nobody_is_invited_who_left_before_the_e_mail_went(graphql, admin_token):
    graphql(CREATE, {"data": new_user()}, token=admin_token)  # the on-commit hook is not run here
    event = AuditEvent.objects.get(action="company_user_added")
    CompanyMembership.objects.filter(user__email="new.buyer@acme.test").delete()

    user_invitation_send(event.pk)

    assert mail.outbox == []


def test_the_invitation_can_be_sent_again_while_no_password_was_chosen(
    add, graphql, admin_token, django_capture_on_commit_callbacks
):
    add()
    new = user_id("new.buyer@acme.test")

    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            assert "errors" not in graphql(RESEND, {"id": new}, token=admin_token)
    assert len(mail.outbox) == 4
    assert error_code(graphql(RESEND, {"id": new}, token=admin_token)) == "TOO_MANY_REQUESTS"

    uid, token = invitation_link(mail.outbox[-1])
    graphql(RESET, {"uid": uid, "token": token, "password": "Pipette42"})
    body = graphql(RESEND, {"id": new}, token=admin_token)
    assert error_code(body) == "INVITATION_NOT_PENDING"
    assert error_code(graphql(RESEND, {"id": user_id("junior@acme.test")}, token=admin_token)) == (
        "INVITATION_NOT_PENDING"
    )


def test_a_masquerading_super_admins_invitation_names_the_company_only(
    demo_store, graphql, login, django_capture_on_commit_callbacks
):
    token = login("superadmin@demo.test")
    graphql("mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }", {"id": acme().pk}, token=token)

    with django_capture_on_commit_callbacks(execute=True):
        graphql(CREATE, {"data": new_user(role=1)}, token=token)

    [message] = mail.outbox
    assert "You have been added to the business account of Acme Labs as Senior buyer." in message.body
    assert "Sue" not in message.body and "superadmin" not in message.body


# --- addresses that exist ---------------------------------------------------------------------------------------


def test_an_address_already_in_the_company_says_so(add):
    before = snapshot()

    body = add(email="JUNIOR@acme.test", firstName="Jules", lastName="Again")

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["message"] == "A user with this email address is already in your company."
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"email": ["email_in_company"]}
    assert snapshot() == before
    assert mail.outbox == []


def test_an_individual_customer_joins_with_their_account(add, graphql):
    from quotes.models import Quote  # their history as an individual stays theirs

    individual = User.objects.get(email="b2c@demo.test")
    assert not CompanyMembership.objects.filter(user=individual).exists()

    body = add(email="b2c@demo.test", firstName="Ivy", lastName="Lab", phoneNumber="+1 617 555 0199", role=1)

    created = body["data"]["userCreate"]
    assert created == {
        "id": individual.pk, "email": "b2c@demo.test", "firstName": "Ivy", "lastName": "Lab",
        "phoneNumber": "+1 617 555 0199", "role": 1, "customRoleId": None, "companyRoleName": "Senior buyer",
        "extraFields": [], "invitationPending": False,
    }  # fmt: skip
    assert CompanyMembership.objects.get(user=individual).company == acme()
    # Their password still works, now as Acme's senior buyer.
    token = sign_in(graphql, "b2c@demo.test", "Demo1234")["data"]["login"]["result"]["token"]
    assert graphql(CUSTOMER_INFO, token=token)["data"]["customerInfo"]["userInfo"]["role"] == 1
    [message] = mail.outbox
    assert "Sign in with your existing account (b2c@demo.test) and password" in message.body
    assert "forgotpassword?uid" not in message.body
    assert AuditEvent.objects.get(action="company_user_added").changes["existingAccount"] is True
    assert Quote.objects.filter(user=individual).count() == 0


def _unavailable_addresses() -> list[str]:
    """Every kind of address that cannot join Acme."""
    pending = CompanyFactory(name="Pending Lab", status=CompanyStatus.PENDING)
    MembershipFactory(user=UserFactory(email="someone@pending.test"), company=pending, role=CompanyRole.ADMIN)
    UserFactory(email="staff.member@helix.test", is_staff=True)
    UserFactory(email="closed@example.test", is_active=False)
    return [
        "admin@globex.test",  # another company's admin
        "someone@pending.test",  # a pending company's user
        "superadmin@demo.test",
        "staff.member@helix.test",
        "closed@example.test",
    ]


def test_every_address_that_cannot_join_gets_one_answer_naming_no_company(add):
    addresses = _unavailable_addresses()
    before = snapshot()

    answers = [add(email=email.upper(), firstName="Eve", lastName="Probe") for email in addresses]

    assert all(error_code(body) == "VALIDATION_ERROR" for body in answers)
    errors = [body["errors"] for body in answers]
    assert all(error == errors[0] for error in errors)  # word for word the same, whoever it was
    assert errors[0][0]["message"] == UNAVAILABLE
    assert errors[0][0]["extensions"]["fieldCodes"] == {"email": ["email_unavailable"]}
    assert "Globex" not in str(answers) and "Pending" not in str(answers)
    assert snapshot() == before
    assert mail.outbox == []


def test_probing_for_addresses_that_cannot_join_is_held(add, graphql, login, django_capture_on_commit_callbacks):
    for n in range(10):
        assert error_code(add(email="admin@globex.test")) == "VALIDATION_ERROR", n

    held = add(email="fresh@acme.test")

    assert error_code(held) == "TOO_MANY_REQUESTS"
    assert not User.objects.filter(email="fresh@acme.test").exists()
    # Another company is not held by Acme's probing.
    with django_capture_on_commit_callbacks(execute=True):
        other = graphql(CREATE, {"data": new_user(email="fresh@globex.test")}, token=login("admin@globex.test"))
    assert other["data"]["userCreate"]["email"] == "fresh@globex.test"


# --- removal ----------------------------------------------------------------------------------------------------


def test_a_removed_user_is_signed_out_everywhere_and_keeps_an_individual_account(
    demo_store, graphql, admin_token, login, client
):
    from quotes.models import Quote

    junior = User.objects.get(email="junior@acme.test")
    Quote.objects.create(
        user=junior, company=acme(), contact_name="Jules", contact_email=junior.email, expires_on="2030-01-01"
    )
    api_token = login("junior@acme.test")
    client.force_login(junior)  # a storefront session of theirs
    epoch = junior.session_epoch

    body = graphql(DELETE, {"id": junior.pk}, token=admin_token)

    assert "errors" not in body, body
    assert error_code(graphql(CUSTOMER_INFO, token=api_token)) == 40101
    assert not B2BToken.objects.filter(user=junior, revoked_at__isnull=True).exists()
    junior.refresh_from_db()
    assert junior.session_epoch == epoch + 1 and junior.is_active
    assert Quote.objects.get(user=junior).company == acme()  # the company's quote still names them
    # They may sign in again, as an individual customer with nothing of the company's.
    again = graphql(CUSTOMER_INFO, token=login("junior@acme.test"))["data"]["customerInfo"]
    assert again["userInfo"]["role"] == 99 and again["companyInfo"] is None


def test_a_removed_user_can_be_added_again(demo_store, graphql, admin_token, add):
    graphql(DELETE, {"id": user_id("junior@acme.test")}, token=admin_token)

    body = add(email="junior@acme.test", firstName="Jules", lastName="Junior", role=2)

    assert body["data"]["userCreate"]["id"] == user_id("junior@acme.test")


# --- the audit log ------------------------------------------------------------------------------------------------


def test_every_change_is_in_the_audit_log(add, graphql, admin_token):
    add(role=2)
    new = user_id("new.buyer@acme.test")
    graphql(UPDATE, {"id": new, "data": {"firstName": "Nina", "phoneNumber": "+1 617 555 0100"}}, token=admin_token)
    graphql(UPDATE, {"id": new, "data": {"role": 1}}, token=admin_token)
    graphql(UPDATE, {"id": new, "data": {"role": 1, "firstName": "Nina"}}, token=admin_token)  # no change at all
    graphql(DELETE, {"id": new}, token=admin_token)

    events = list(
        AuditEvent.objects.filter(company=acme()).order_by("pk").values_list("action", "actor_email", "summary")
    )
    assert events == [
        ("company_user_added", "admin@acme.test", "new.buyer@acme.test added as Junior buyer"),
        ("company_user_updated", "admin@acme.test", "new.buyer@acme.test: details changed (first_name, phone)"),
        ("membership_role_changed", "admin@acme.test", "new.buyer@acme.test: Junior buyer → Senior buyer"),
        ("company_user_removed", "admin@acme.test", "new.buyer@acme.test (Senior buyer) removed from the company"),
    ]
    # User management's events point at the user; a role change (issue 5's event) at the membership it changed.
    targets = set(AuditEvent.objects.filter(company=acme()).values_list("object_type", flat=True))
    assert targets == {"accounts.user", "accounts.companymembership"}
    user_events = AuditEvent.objects.filter(company=acme(), object_type="accounts.user")
    assert set(user_events.values_list("object_id", flat=True)) == {str(new)}


def test_a_masquerading_super_admins_changes_are_in_their_session_for_the_admin_to_see(
    demo_store, graphql, login, django_capture_on_commit_callbacks
):
    token = login("superadmin@demo.test")
    graphql("mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }", {"id": acme().pk}, token=token)
    with django_capture_on_commit_callbacks(execute=True):
        graphql(CREATE, {"data": new_user()}, token=token)
    graphql(UPDATE, {"id": user_id("new.buyer@acme.test"), "data": {"role": 1}}, token=token)

    events = graphql(SESSIONS, token=login("admin@acme.test"))["data"]["companyMasqueradeSessions"]["edges"][0]
    actions = [event["action"] for event in events["node"]["events"]]
    assert actions == [
        "masquerade_began", "company_user_added", "masquerade_action", "membership_role_changed", "masquerade_action",
    ]  # fmt: skip
    assert AuditEvent.objects.get(action="company_user_added").actor_email == "superadmin@demo.test"


LINK_VALID = "query($uid: String!, $token: String!) { passwordResetLinkValid(uid: $uid, token: $token) }"


def test_a_used_invitation_link_is_said_to_be_used_before_its_form(add, graphql):
    """Issue 36 item 14: the page asks whether the link still sets a password, and shows a used one no form."""
    add(email="nia.new@acme.test", role=2)
    uid, token = invitation_link(mail.outbox[0])
    password_before = User.objects.get(email="nia.new@acme.test").password

    assert graphql(LINK_VALID, {"uid": uid, "token": token})["data"]["passwordResetLinkValid"] is True
    assert User.objects.get(email="nia.new@acme.test").password == password_before  # asking changes nothing

    graphql(RESET, {"uid": uid, "token": token, "password": "Pipette42"})

    assert graphql(LINK_VALID, {"uid": uid, "token": token})["data"]["passwordResetLinkValid"] is False
    for bad_uid, bad_token in [("!!", token), (uid, "nope"), ("x" * 65, token), (uid, "t" * 129)]:
        assert graphql(LINK_VALID, {"uid": bad_uid, "token": bad_token})["data"]["passwordResetLinkValid"] is False
