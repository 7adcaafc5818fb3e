"""User management (issue 16): who may list, see, add, edit and delete a company's users — every operation over
anonymous, an individual customer, Acme's junior buyer, senior buyer and admin, Globex's admin, and the super admin
masquerading as Acme and not — with the exact refusal codes and nothing changed on a refusal; the list's search,
filters, order and paging, and its query count; the company's audit log for its admin."""

import pytest
from django.core import mail

from accounts.models import AuditEvent, B2BToken, Company, CompanyMembership, CompanyRole, User
from accounts.services import audit_record
from tests.factories.accounts import MembershipFactory, UserFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

USERS = """
query($first: Int, $offset: Int, $search: String, $role: Int, $customRoleId: Int, $orderBy: String) {
  users(first: $first, offset: $offset, search: $search, role: $role, customRoleId: $customRoleId, orderBy: $orderBy) {
    totalCount
    edges { node { id email firstName lastName phoneNumber role customRoleId companyRoleName
                   extraFields { fieldName fieldValue } invitationPending createdAt } }
  }
}
"""
USER = "query($id: Int!) { user(userId: $id) { id email firstName lastName role companyRoleName } }"
ROLES = "{ companyRoles { role customRoleId name grantable } }"
CREATE = """
mutation($data: UserCreateInput!) {
  userCreate(userData: $data) { id email firstName lastName phoneNumber role customRoleId companyRoleName
                                extraFields { fieldName fieldValue } invitationPending }
}
"""
UPDATE = """
mutation($id: Int!, $data: UserUpdateInput!) {
  userUpdate(userId: $id, userData: $data) { id firstName lastName phoneNumber role customRoleId companyRoleName }
}
"""
DELETE = "mutation($id: Int!) { userDelete(userId: $id) { result { message } } }"
RESEND = "mutation($id: Int!) { userInvitationResend(userId: $id) { result { message } } }"
CREATED_BY = """
query($companyId: Int!, $module: String!) { createdByUser(companyId: $companyId, module: $module) {
  id firstName lastName email } }
"""
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"

# Who calls: the demo accounts of tests/conftest.py's demo store, and the super admin in and out of a masquerade.
CALLERS = ["anonymous", "b2c", "junior", "senior", "admin", "globex_admin", "super_masquerading", "super"]
EMAILS = {
    "b2c": "b2c@demo.test",
    "junior": "junior@acme.test",
    "senior": "senior@acme.test",
    "admin": "admin@acme.test",
    "globex_admin": "admin@globex.test",
    "super_masquerading": "superadmin@demo.test",
    "super": "superadmin@demo.test",
}
# Who manages Acme's users: its admin, and the super admin acting as Acme.
ACME_MANAGERS = {"admin", "super_masquerading"}
ACME_VIEWERS = {"admin", "senior", "super_masquerading"}


def acme() -> Company:
    return Company.objects.get(name="Acme Labs")


def user_id(email: str) -> int:
    return User.objects.get(email=email).pk


@pytest.fixture
def token_of(demo_store, graphql, login):
    """The bearer token of a caller of CALLERS (None for anonymous); the masquerading one has begun on Acme."""

    def make(caller: str) -> str | None:
        if caller == "anonymous":
            return None
        token = login(EMAILS[caller])
        if caller == "super_masquerading":
            assert "errors" not in graphql(BEGIN, {"id": acme().pk}, token=token)
        return token

    return make


def refusal(caller: str, *, allowed: set[str], other_company: str = "NOT_FOUND") -> str | int | None:
    """The code a caller gets from an operation on Acme's users: None when allowed."""
    if caller in allowed:
        return None
    if caller == "anonymous":
        return 40101
    if caller == "globex_admin":
        return other_company
    return "PERMISSION_DENIED"


def snapshot() -> tuple:
    """Users, memberships, live tokens and the company audit log (masquerade bookkeeping aside)."""
    return (
        list(User.objects.order_by("pk").values_list("email", "first_name", "last_name", "phone", "password")),
        list(CompanyMembership.objects.order_by("pk").values_list("user_id", "company_id", "role", "custom_role_id")),
        B2BToken.objects.filter(revoked_at__isnull=True).count(),
        list(AuditEvent.objects.exclude(action__startswith="masquerade_").values_list("action", "object_id")),
    )


def new_user(**overrides) -> dict:
    return {"email": "new.buyer@acme.test", "firstName": "Nia", "lastName": "New", "role": 2, **overrides}


def acme_member(email: str, role: int = CompanyRole.JUNIOR_BUYER, **user_fields) -> CompanyMembership:
    return MembershipFactory(user=UserFactory(email=email, **user_fields), company=acme(), role=role)


# --- the permission matrix ------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_list_users(token_of, graphql, caller):
    body = graphql(USERS, {"orderBy": "email"}, token=token_of(caller))

    expected = refusal(caller, allowed=ACME_VIEWERS | {"globex_admin"})
    if expected is not None:
        assert error_code(body) == expected
        return
    emails = [edge["node"]["email"] for edge in body["data"]["users"]["edges"]]
    if caller == "globex_admin":
        assert emails == ["admin@globex.test"]  # Globex's own users, never Acme's
    else:
        assert emails == ["admin@acme.test", "junior@acme.test", "senior@acme.test"]


@pytest.mark.parametrize("caller", CALLERS)
def test_see_one_user(token_of, graphql, caller):
    body = graphql(USER, {"id": user_id("junior@acme.test")}, token=token_of(caller))

    expected = refusal(caller, allowed=ACME_VIEWERS)
    if expected is not None:
        assert error_code(body) == expected
        assert "junior@acme.test" not in str(body)
        return
    assert body["data"]["user"] == {
        "id": user_id("junior@acme.test"),
        "email": "junior@acme.test",
        "firstName": "Jules",
        "lastName": "Junior",
        "role": 2,
        "companyRoleName": "Junior buyer",
    }


@pytest.mark.parametrize("caller", CALLERS)
def test_company_roles(token_of, graphql, caller):
    body = graphql(ROLES, token=token_of(caller))

    expected = refusal(caller, allowed=ACME_VIEWERS | {"globex_admin"})
    if expected is not None:
        assert error_code(body) == expected
        return
    # Only an admin makes admins; the senior buyer may give their own role or less.
    assert body["data"]["companyRoles"] == [
        {"role": 0, "customRoleId": None, "name": "Admin", "grantable": caller != "senior"},
        {"role": 1, "customRoleId": None, "name": "Senior buyer", "grantable": True},
        {"role": 2, "customRoleId": None, "name": "Junior buyer", "grantable": True},
    ]


@pytest.mark.parametrize("caller", CALLERS)
def test_add_a_user(token_of, graphql, django_capture_on_commit_callbacks, caller):
    token = token_of(caller)
    before = snapshot()

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(CREATE, {"data": new_user()}, token=token)

    expected = refusal(caller, allowed=ACME_MANAGERS | {"globex_admin"})
    if expected is not None:
        assert error_code(body) == expected
        assert snapshot() == before
        assert mail.outbox == []
        return
    created = body["data"]["userCreate"]
    assert created["email"] == "new.buyer@acme.test" and created["invitationPending"] is True
    company = "Globex Research" if caller == "globex_admin" else "Acme Labs"
    assert CompanyMembership.objects.get(user__email="new.buyer@acme.test").company.name == company
    assert len(mail.outbox) == 1


@pytest.mark.parametrize("caller", CALLERS)
def test_edit_a_user(token_of, graphql, caller):
    token = token_of(caller)
    junior = user_id("junior@acme.test")
    before = snapshot()

    body = graphql(UPDATE, {"id": junior, "data": {"firstName": "Julia", "role": 1}}, token=token)

    expected = refusal(caller, allowed=ACME_MANAGERS)
    if expected is not None:
        assert error_code(body) == expected
        assert snapshot() == before
        return
    assert body["data"]["userUpdate"]["firstName"] == "Julia"
    assert CompanyMembership.objects.get(user_id=junior).role == CompanyRole.SENIOR_BUYER


@pytest.mark.parametrize("caller", CALLERS)
def test_delete_a_user(token_of, graphql, login, caller):
    junior_token = login("junior@acme.test")
    token = token_of(caller)
    junior = user_id("junior@acme.test")
    before = snapshot()

    body = graphql(DELETE, {"id": junior}, token=token)

    expected = refusal(caller, allowed=ACME_MANAGERS)
    if expected is not None:
        assert error_code(body) == expected
        assert snapshot() == before
        assert "errors" not in graphql("{ customerInfo { userInfo { role } } }", token=junior_token)
        return
    assert body["data"]["userDelete"]["result"]["message"] == "junior@acme.test was removed from the company."
    assert not CompanyMembership.objects.filter(user_id=junior).exists()
    assert error_code(graphql("{ customerInfo { userInfo { role } } }", token=junior_token)) == 40101


@pytest.mark.parametrize("caller", CALLERS)
def test_send_the_invitation_again(token_of, graphql, django_capture_on_commit_callbacks, caller):
    invited = acme_member("invited@acme.test")
    invited.user.set_unusable_password()
    invited.user.save()
    token = token_of(caller)
    before = snapshot()

    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(RESEND, {"id": invited.user_id}, token=token)

    expected = refusal(caller, allowed=ACME_MANAGERS)
    if expected is not None:
        assert error_code(body) == expected
        assert snapshot() == before
        assert mail.outbox == []
        return
    assert body["data"]["userInvitationResend"]["result"]["message"] == (
        "The invitation was sent again to invited@acme.test."
    )
    assert [m.to for m in mail.outbox] == [["invited@acme.test"]]


@pytest.mark.parametrize("caller", CALLERS)
def test_created_by_user(token_of, graphql, caller):
    body = graphql(CREATED_BY, {"companyId": acme().pk, "module": "quotes"}, token=token_of(caller))

    # The junior buyer reads their own quotes (level 1): they may ask, and hear only of themselves.
    expected = refusal(caller, allowed={"junior", "senior", "admin", "super_masquerading"}, other_company=None)
    if caller == "globex_admin":
        expected = "PERMISSION_DENIED"
    if expected is not None:
        assert error_code(body) == expected
        return
    assert body["data"]["createdByUser"] == []


# --- refusals on Acme's users by Globex's admin, whatever the id -------------------------------------------------


@pytest.mark.parametrize(
    ("operation", "variables"),
    [
        (USER, {}),
        (UPDATE, {"data": {"firstName": "Hacked"}}),
        (UPDATE, {"data": {"role": 0}}),
        (DELETE, {}),
        (RESEND, {}),
    ],
)
def test_another_companys_users_do_not_exist_for_an_admin(token_of, graphql, operation, variables):
    token = token_of("globex_admin")
    before = snapshot()

    for email in ("admin@acme.test", "senior@acme.test", "b2c@demo.test", "superadmin@demo.test"):
        body = graphql(operation, {"id": user_id(email), **variables}, token=token)
        assert error_code(body) == "NOT_FOUND"
        assert body["errors"][0]["message"] == "User not found."
    assert error_code(graphql(operation, {"id": 987654, **variables}, token=token)) == "NOT_FOUND"
    assert snapshot() == before


def test_a_user_of_a_pending_company_manages_nobody(demo_store, graphql, login):
    token = login("admin@pendingbio.test")

    assert error_code(graphql(USERS, {"orderBy": "email"}, token=token)) == "PERMISSION_DENIED"
    assert error_code(graphql(CREATE, {"data": new_user()}, token=token)) == "PERMISSION_DENIED"
    assert not User.objects.filter(email="new.buyer@acme.test").exists()


# --- the list: search, filters, order, paging --------------------------------------------------------------------


@pytest.fixture
def admin_token(demo_store, login):
    return login("admin@acme.test")


def listed(graphql, token, **variables) -> list[str]:
    body = graphql(USERS, {"orderBy": "email", **variables}, token=token)
    assert "errors" not in body, body
    return [edge["node"]["email"] for edge in body["data"]["users"]["edges"]]


def test_order_by_is_required_with_the_shell_message(admin_token, graphql):
    body = graphql(USERS, {}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["message"] == ORDER_BY_REQUIRED
    assert body["errors"][0]["extensions"]["fields"] == {"orderBy": [ORDER_BY_REQUIRED]}


def test_an_unknown_order_is_refused(admin_token, graphql):
    body = graphql(USERS, {"orderBy": "password"}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"orderBy": ["invalid_choice"]}


def test_search_matches_every_word_in_email_names_or_phone(admin_token, graphql):
    acme_member("dora.fischer@acme.test", first_name="Dora", last_name="Fischer", phone="+49 30 1234 5678")
    acme_member("dan.fisher@acme.test", first_name="Dan", last_name="Fisher")

    assert listed(graphql, admin_token, search="fisch") == ["dora.fischer@acme.test"]
    assert listed(graphql, admin_token, search="FISHER dan") == ["dan.fisher@acme.test"]
    assert listed(graphql, admin_token, search="1234") == ["dora.fischer@acme.test"]
    assert listed(graphql, admin_token, search="acme.test do") == ["dora.fischer@acme.test"]
    assert listed(graphql, admin_token, search="fis") == ["dan.fisher@acme.test", "dora.fischer@acme.test"]
    assert listed(graphql, admin_token, search="globex") == []


def test_filter_by_built_in_and_custom_role(admin_token, graphql):
    from accounts.models import RoleTemplate

    lab_manager = RoleTemplate.objects.create(name="Lab manager", role=CompanyRole.CUSTOM)
    stores = RoleTemplate.objects.create(name="Stores", role=CompanyRole.CUSTOM)
    MembershipFactory(user=UserFactory(email="lm@acme.test"), company=acme(), role=5, custom_role=lab_manager)
    MembershipFactory(user=UserFactory(email="st@acme.test"), company=acme(), role=5, custom_role=stores)

    assert listed(graphql, admin_token, role=2) == ["junior@acme.test"]
    assert listed(graphql, admin_token, role=0) == ["admin@acme.test"]
    assert listed(graphql, admin_token, role=5) == ["lm@acme.test", "st@acme.test"]
    assert listed(graphql, admin_token, customRoleId=stores.pk) == ["st@acme.test"]
    body = graphql(USERS, {"orderBy": "email", "role": 7}, token=admin_token)
    assert error_code(body) == "VALIDATION_ERROR" and "role" in body["errors"][0]["extensions"]["fields"]


def test_order_and_paging(admin_token, graphql):
    acme_member("a.zeta@acme.test", first_name="zoe", last_name="Adams")

    assert listed(graphql, admin_token, orderBy="-email") == [
        "senior@acme.test", "junior@acme.test", "admin@acme.test", "a.zeta@acme.test",
    ]  # fmt: skip
    # Names sort regardless of case; the role sorts admin first.
    assert listed(graphql, admin_token, orderBy="firstName") == [
        "admin@acme.test", "junior@acme.test", "senior@acme.test", "a.zeta@acme.test",
    ]  # fmt: skip
    assert listed(graphql, admin_token, orderBy="lastName")[0] == "a.zeta@acme.test"
    assert listed(graphql, admin_token, orderBy="role")[:3] == [
        "admin@acme.test",
        "senior@acme.test",
        "junior@acme.test",
    ]
    page = graphql(USERS, {"orderBy": "email", "first": 2, "offset": 1}, token=admin_token)["data"]["users"]
    assert page["totalCount"] == 4
    assert [edge["node"]["email"] for edge in page["edges"]] == ["admin@acme.test", "junior@acme.test"]


@pytest.mark.parametrize(
    ("variables", "field"),
    [
        ({"first": 101}, "first"),
        ({"first": -1}, "first"),
        ({"offset": -1}, "offset"),
        ({"search": "x" * 101}, "search"),
    ],
)
def test_page_and_search_bounds(admin_token, graphql, variables, field):
    body = graphql(USERS, {"orderBy": "email", **variables}, token=admin_token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert list(body["errors"][0]["extensions"]["fields"]) == [field]


def test_a_level_1_grant_shows_only_the_caller(demo_store, graphql, login):
    from accounts.models import RolePermission

    RolePermission.objects.filter(template__role=1, template__is_builtin=True, code="get_users").update(level=1)

    assert listed(graphql, login("senior@acme.test")) == ["senior@acme.test"]


def test_the_node_says_everything_the_page_shows(admin_token, graphql):
    member = acme_member("pending@acme.test", first_name="Pia", last_name="Pending", phone="+1 617 555 0100")
    member.user.set_unusable_password()
    member.user.extra_fields = {"badge": "42"}
    member.user.save()

    body = graphql(USERS, {"orderBy": "email", "search": "pending"}, token=admin_token)

    node = body["data"]["users"]["edges"][0]["node"]
    assert node == {
        "id": member.user_id,
        "email": "pending@acme.test",
        "firstName": "Pia",
        "lastName": "Pending",
        "phoneNumber": "+1 617 555 0100",
        "role": 2,
        "customRoleId": None,
        "companyRoleName": "Junior buyer",
        "extraFields": [{"fieldName": "badge", "fieldValue": "42"}],
        "invitationPending": True,
        "createdAt": node["createdAt"],
    }
    assert node["createdAt"].startswith(str(member.created_at.date()))


# --- query counts ---------------------------------------------------------------------------------------------

LIST_QUERIES = 3  # the token (with the user, membership, company, custom role, the role's grants), the count, the page


def test_the_list_takes_the_same_queries_for_3_or_13_users(admin_token, graphql, django_assert_num_queries):
    from accounts.models import RoleTemplate

    with django_assert_num_queries(LIST_QUERIES):
        assert len(listed(graphql, admin_token, first=50)) == 3
    custom = RoleTemplate.objects.create(name="Lab manager", role=CompanyRole.CUSTOM)
    for n in range(10):
        MembershipFactory(
            user=UserFactory(email=f"member{n}@acme.test"), company=acme(), role=5 if n % 2 else 1,
            custom_role=custom if n % 2 else None,
        )  # fmt: skip
    with django_assert_num_queries(LIST_QUERIES):
        assert len(listed(graphql, admin_token, first=50)) == 13


def test_created_by_takes_the_same_queries_for_any_number_of_creators(admin_token, graphql, django_assert_num_queries):
    from tests.accounts.test_user_management_created_by import quote_by

    quote_by("senior@acme.test")
    variables = {"companyId": acme().pk, "module": "quotes"}
    with django_assert_num_queries(2):  # the token with the grants, the users
        body = graphql(CREATED_BY, variables, token=admin_token)
    assert len(body["data"]["createdByUser"]) == 1
    for n in range(5):
        quote_by(acme_member(f"buyer{n}@acme.test", role=CompanyRole.SENIOR_BUYER).user.email)
    with django_assert_num_queries(2):
        body = graphql(CREATED_BY, variables, token=admin_token)
    assert len(body["data"]["createdByUser"]) == 6


# --- the company's audit log for its admin (`companyAuditEvents`) -------------------------------------------------

EVENTS = """
query($first: Int, $offset: Int) { companyAuditEvents(first: $first, offset: $offset) {
  totalCount edges { id action summary actorEmail byMasquerade createdAt } } }
"""


@pytest.mark.parametrize("caller", CALLERS)
def test_only_the_companys_admin_reads_its_log(token_of, graphql, caller):
    audit_record(action="company_approved", summary="Acme Labs approved", company=acme())

    body = graphql(EVENTS, token=token_of(caller))

    if caller == "anonymous":
        assert error_code(body) == 40101
    elif caller in ("admin", "globex_admin"):
        summaries = [event["summary"] for event in body["data"]["companyAuditEvents"]["edges"]]
        assert summaries == (["Acme Labs approved"] if caller == "admin" else [])
    else:
        assert error_code(body) == "PERMISSION_DENIED"


def test_user_management_shows_in_the_log_newest_first(token_of, graphql):
    token = token_of("admin")
    graphql(CREATE, {"data": new_user()}, token=token)
    graphql(UPDATE, {"id": user_id("new.buyer@acme.test"), "data": {"role": 1}}, token=token)
    graphql(DELETE, {"id": user_id("new.buyer@acme.test")}, token=token)

    log = graphql(EVENTS, {"first": 2}, token=token)["data"]["companyAuditEvents"]

    assert log["totalCount"] == 3
    assert [(e["action"], e["actorEmail"], e["byMasquerade"]) for e in log["edges"]] == [
        ("company_user_removed", "admin@acme.test", False),
        ("membership_role_changed", "admin@acme.test", False),
    ]
    rest = graphql(EVENTS, {"first": 2, "offset": 2}, token=token)["data"]["companyAuditEvents"]["edges"]
    assert [e["summary"] for e in rest] == ["new.buyer@acme.test added as Junior buyer"]


def test_the_log_takes_the_same_queries_for_any_length(token_of, graphql, django_assert_num_queries):
    token = token_of("admin")
    company = acme()
    audit_record(action="company_approved", summary="approved", company=company)
    with django_assert_num_queries(3):  # the token with the grants, the page, the count
        assert len(graphql(EVENTS, {"first": 50}, token=token)["data"]["companyAuditEvents"]["edges"]) == 1
    AuditEvent.objects.bulk_create(
        AuditEvent(action="order_placed", summary=f"order {n}", company=company) for n in range(20)
    )
    with django_assert_num_queries(3):
        assert len(graphql(EVENTS, {"first": 50}, token=token)["data"]["companyAuditEvents"]["edges"]) == 21
