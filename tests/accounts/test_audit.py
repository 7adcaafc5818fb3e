"""The audit log (issue 5, beyond the anchors): masquerade sessions with what was done in them, shown to the
masqueraded company's admin only; approvals, rejections and role changes recorded; staff read it in admin."""

import pytest

from accounts.models import AuditEvent, Company, CompanyMembership, MasqueradeSession
from accounts.selectors import actor_for_token
from accounts.services import audit_record, membership_role_set
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

SESSIONS = """
query($first: Int, $offset: Int) { companyMasqueradeSessions(first: $first, offset: $offset) {
  totalCount edges { node { id superAdminName superAdminEmail beganAt endedAt isActive eventCount
                            events { action summary createdAt } } } } }
"""
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
END = "mutation($id: Int!) { superAdminEndMasquerade(companyId: $id) { id } }"
UPDATE_SETTINGS = """
mutation { updateAccountSettings(accountSettings: {firstName: "Sue", lastName: "Superadmin"}) { userInfo { id } } }
"""


def acme() -> Company:
    return Company.objects.get(name="Acme Labs")


@pytest.fixture
def acme_session(demo_store, graphql, login):
    """The demo super admin masqueraded as Acme Labs, did one thing, and ended the masquerade."""
    token = login("superadmin@demo.test")
    graphql(BEGIN, {"id": acme().pk}, token=token)
    graphql(UPDATE_SETTINGS, token=token)
    graphql(END, {"id": acme().pk}, token=token)
    return MasqueradeSession.objects.get()


def test_acmes_admin_sees_the_session_and_what_was_done(acme_session, graphql, login):
    body = graphql(SESSIONS, token=login("admin@acme.test"))

    connection = body["data"]["companyMasqueradeSessions"]
    assert connection["totalCount"] == 1
    node = connection["edges"][0]["node"]
    assert node["superAdminName"] == "Sue Superadmin"
    assert node["superAdminEmail"] == "superadmin@demo.test"
    assert node["endedAt"] is not None and node["isActive"] is False
    assert [e["action"] for e in node["events"]] == ["masquerade_began", "masquerade_action", "masquerade_ended"]
    assert node["eventCount"] == 3
    assert node["events"][1]["summary"] == "superadmin@demo.test as Acme Labs: updateAccountSettings"


def test_an_open_session_shows_as_active(demo_store, graphql, login):
    graphql(BEGIN, {"id": acme().pk}, token=login("superadmin@demo.test"))

    node = graphql(SESSIONS, token=login("admin@acme.test"))["data"]["companyMasqueradeSessions"]["edges"][0]["node"]

    assert node["isActive"] is True and node["endedAt"] is None


def test_another_companys_admin_sees_nothing_of_it(acme_session, graphql, login):
    body = graphql(SESSIONS, token=login("admin@globex.test"))

    assert body["data"]["companyMasqueradeSessions"] == {"totalCount": 0, "edges": []}


@pytest.mark.parametrize(
    "email",
    ["senior@acme.test", "junior@acme.test", "b2c@demo.test", "admin@pendingbio.test", "superadmin@demo.test"],
)
def test_only_a_company_admin_may_read_it(acme_session, graphql, login, email):
    assert error_code(graphql(SESSIONS, token=login(email))) == "PERMISSION_DENIED"


def test_anonymous_gets_40101(acme_session, graphql):
    assert error_code(graphql(SESSIONS)) == 40101


def test_the_masquerading_super_admin_cannot_read_the_companys_log(demo_store, graphql, login):
    token = login("superadmin@demo.test")
    graphql(BEGIN, {"id": acme().pk}, token=token)

    assert error_code(graphql(SESSIONS, token=token)) == "PERMISSION_DENIED"


def test_paging_is_bounded(acme_session, graphql, login):
    assert error_code(graphql(SESSIONS, {"first": 51}, token=login("admin@acme.test"))) == "VALIDATION_ERROR"


@pytest.mark.parametrize("sessions", [1, 6])
def test_the_session_list_takes_a_constant_number_of_queries(
    demo_store, graphql, login, django_assert_num_queries, sessions
):
    super_token = login("superadmin@demo.test")
    for _ in range(sessions):
        graphql(BEGIN, {"id": acme().pk}, token=super_token)
        graphql(UPDATE_SETTINGS, token=super_token)
        graphql(END, {"id": acme().pk}, token=super_token)
    token = login("admin@acme.test")

    # The token with the role's grants; the count; the sessions; their events.
    with django_assert_num_queries(4):
        body = graphql(SESSIONS, token=token)

    assert body["data"]["companyMasqueradeSessions"]["totalCount"] == sessions


def test_audit_record_takes_the_masquerade_from_the_actor(demo_store, graphql, login):
    token = login("superadmin@demo.test")
    graphql(BEGIN, {"id": acme().pk}, token=token)
    actor = actor_for_token(token)

    event = audit_record(action="quote_created", summary="Quote 42 created", actor=actor, target=acme())

    assert event.masquerade_session == MasqueradeSession.objects.get()
    assert event.company == acme() and event.actor.email == "superadmin@demo.test"
    assert (event.object_type, event.object_id) == ("accounts.company", str(acme().pk))


def test_mutations_outside_a_masquerade_are_not_logged(demo_store, graphql, login):
    graphql(UPDATE_SETTINGS, token=login("admin@acme.test"))

    assert AuditEvent.objects.filter(action="masquerade_action").count() == 0


def test_role_changes_are_recorded(demo_store):
    membership = CompanyMembership.objects.get(user__email="senior@acme.test")

    membership_role_set(membership=membership, role=2)
    membership_role_set(membership=membership, role=2)  # no change, no event

    event = AuditEvent.objects.get(action="membership_role_changed")
    assert event.summary == "senior@acme.test: Senior buyer → Junior buyer"
    assert event.changes["role"] == [1, 2]


def test_staff_read_the_log_in_admin_but_cannot_change_it(acme_session, client):
    client.login(username="staff@demo.test", password="Demo1234")
    event = AuditEvent.objects.first()

    assert "masquerade_began" in client.get("/admin/accounts/auditevent/").content.decode()
    assert client.get(f"/admin/accounts/masqueradesession/{acme_session.pk}/change/").status_code == 200
    assert client.get("/admin/accounts/auditevent/add/").status_code == 403
    client.post(f"/admin/accounts/auditevent/{event.pk}/delete/", {"post": "yes"})
    assert AuditEvent.objects.filter(pk=event.pk).exists()


@pytest.mark.parametrize(
    "page",
    ["auditevent", "masqueradesession", "mediafile", "newslettersubscriber", "accountformfield", "company/add",
     "accountformfield/add"],
)  # fmt: skip
def test_staff_pages_of_issue_5_open(acme_session, client, page):
    client.login(username="staff@demo.test", password="Demo1234")

    assert client.get(f"/admin/accounts/{page}/").status_code == 200
