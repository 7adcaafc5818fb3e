"""The company tree's users (issue 40): a parent unit's admin sees and manages the users of every unit below the one
they act for, a unit's admin only their unit's (and below), a sibling's or another company's users do not exist for
them (NOT_FOUND, nothing changed); new users join the acting unit or a unit below it (companyId); the rules that keep
a unit manageable hold in each unit; the audit log and the "created by" filter follow the tree; the users list takes
as many queries for a tree 2 deep as for one 6 deep."""

import datetime

import pytest

from accounts.models import AuditAction, AuditEvent, B2BToken, Company, CompanyMembership, CompanyRole, User
from quotes.models import Quote
from tests.factories.accounts import PASSWORD, TREE_REACH, CompanyFactory, MembershipFactory, tree_deepen
from tests.helpers import count_queries, error_code

pytestmark = pytest.mark.django_db

USERS = """
query($companyId: Int, $first: Int = 100) {
  users(first: $first, orderBy: "email", companyId: $companyId) {
    totalCount edges { node { id email role companyId companyName } } } }
"""
USER = "query($id: Int!) { user(userId: $id) { id email companyId companyName } }"
CREATE = """mutation($data: UserCreateInput!) { userCreate(userData: $data) { id email companyId companyName } }"""
UPDATE = """mutation($id: Int!, $data: UserUpdateInput!) {
  userUpdate(userId: $id, userData: $data) { id firstName role companyId } }"""
DELETE = "mutation($id: Int!) { userDelete(userId: $id) { result { message } } }"
RESEND = "mutation($id: Int!) { userInvitationResend(userId: $id) { result { message } } }"
ACT = "mutation($id: Int) { actForUnit(companyId: $id) { companyInfo { id } } }"
AUDIT = """query($companyId: Int) { companyAuditEvents(first: 100, companyId: $companyId) {
  totalCount edges { action summary companyId companyName } } }"""
CREATED_BY = """query($companyId: Int!) { createdByUser(companyId: $companyId, module: "quotes") { email } }"""

# Who is in which unit of northfield_tree().
UNIT_USERS = {
    "university": {"university_admin"},
    "chemistry": {"chemistry_admin", "chemistry_senior", "chemistry_senior_below"},
    "organic_lab": {"organic_senior", "organic_junior"},
    "biology": {"biology_admin"},
    "genetics_lab": {"genetics_senior"},
    "other": {"other_admin"},
}


def emails(keys: set[str]) -> list[str]:
    return sorted(f"{key.replace('_', '.')}@northfield.test" for key in keys)


def snapshot() -> tuple:
    """Users, memberships, live tokens and the audit log of user management."""
    return (
        list(User.objects.order_by("pk").values_list("email", "first_name", "last_name", "phone", "password")),
        list(
            CompanyMembership.objects.order_by("pk").values_list(
                "user_id", "company_id", "role", "custom_role_id", "acting_company_id"
            )
        ),
        B2BToken.objects.filter(revoked_at__isnull=True).count(),
        list(AuditEvent.objects.filter(action__startswith="company_user").values_list("action", "object_id")),
    )


# --- the list and one user ----------------------------------------------------------------------------------------

# caller → the users they see: those of the units they reach. The Genetics Lab's buyer is not a caller.
VISIBLE = {
    caller: set().union(*(UNIT_USERS[unit] for unit in units))
    for caller, units in TREE_REACH.items()
    if caller != "genetics_senior"
}


@pytest.mark.parametrize("caller", sorted(VISIBLE))
def test_the_users_list_covers_the_units_the_caller_reaches(tree, graphql, tree_sign_in, caller):
    body = graphql(USERS, token=tree_sign_in(caller))

    assert "errors" not in body, body
    rows = [edge["node"] for edge in body["data"]["users"]["edges"]]
    assert [row["email"] for row in rows] == emails(VISIBLE[caller])
    assert body["data"]["users"]["totalCount"] == len(VISIBLE[caller])
    for row in rows:
        member = CompanyMembership.objects.select_related("company").get(user_id=row["id"])
        assert (row["companyId"], row["companyName"]) == (member.company_id, member.company.name)


def test_a_parent_admin_filters_the_users_by_unit(tree, graphql, tree_sign_in):
    body = graphql(USERS, {"companyId": tree.organic_lab.pk}, token=tree_sign_in("university_admin"))

    assert [edge["node"]["email"] for edge in body["data"]["users"]["edges"]] == emails(UNIT_USERS["organic_lab"])
    assert {edge["node"]["companyName"] for edge in body["data"]["users"]["edges"]} == {"Organic Synthesis Lab"}


@pytest.mark.parametrize(
    ("caller", "unit"),
    [
        ("chemistry_admin", "biology"),  # a sibling
        ("chemistry_admin", "university"),  # the unit above
        ("chemistry_senior", "organic_lab"),  # below, without the units below
        ("other_admin", "organic_lab"),  # another company
    ],
)
def test_the_company_filter_refuses_a_unit_out_of_reach(tree, graphql, tree_sign_in, caller, unit):
    body = graphql(USERS, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}


@pytest.mark.parametrize(
    ("caller", "target", "allowed"),
    [
        ("university_admin", "organic_junior", True),
        ("chemistry_admin", "organic_junior", True),
        ("chemistry_senior_below", "organic_junior", True),
        ("organic_senior", "organic_junior", True),
        ("chemistry_senior", "organic_junior", False),
        ("biology_admin", "organic_junior", False),
        ("other_admin", "organic_junior", False),
        ("chemistry_admin", "university_admin", False),
        ("organic_senior", "chemistry_senior", False),
        ("genetics_senior", "biology_admin", False),
    ],
)
def test_one_user_is_found_within_reach_only(tree, graphql, tree_sign_in, caller, target, allowed):
    body = graphql(USER, {"id": tree.users[target].pk}, token=tree_sign_in(caller))

    if allowed:
        assert body["data"]["user"]["email"] == tree.users[target].email
        assert body["data"]["user"]["companyId"] == tree.users[target].membership.company_id
    else:
        assert error_code(body) == "NOT_FOUND"


# --- changing and removing -----------------------------------------------------------------------------------------

# caller → what they get on a user of the Organic Synthesis Lab: None (allowed) or the refusal's code.
MANAGE_ORGANIC = {
    "university_admin": None,
    "chemistry_admin": None,
    "chemistry_senior": "PERMISSION_DENIED",  # a senior buyer holds no user actions
    "chemistry_senior_below": "PERMISSION_DENIED",
    "organic_junior": "PERMISSION_DENIED",
    "biology_admin": "NOT_FOUND",  # a sibling's users do not exist for them
    "genetics_senior": "PERMISSION_DENIED",
    "other_admin": "NOT_FOUND",
}


@pytest.mark.parametrize("caller", sorted(MANAGE_ORGANIC))
def test_updating_a_lab_user_follows_the_tree(tree, graphql, tree_sign_in, caller):
    token = tree_sign_in(caller)
    target = tree.users["organic_senior"]
    before = snapshot()

    body = graphql(UPDATE, {"id": target.pk, "data": {"firstName": "Rosalind", "role": 2}}, token=token)

    refusal = MANAGE_ORGANIC[caller]
    if refusal is None:
        assert body["data"]["userUpdate"] == {
            "id": target.pk, "firstName": "Rosalind", "role": 2, "companyId": tree.organic_lab.pk,
        }  # fmt: skip
        target.refresh_from_db()
        assert target.first_name == "Rosalind" and target.membership.role == CompanyRole.JUNIOR_BUYER
        event = AuditEvent.objects.get(action=AuditAction.COMPANY_USER_UPDATED, object_id=str(target.pk))
        assert event.company_id == tree.organic_lab.pk
    else:
        assert error_code(body) == refusal
        assert snapshot() == before


@pytest.mark.parametrize("caller", sorted(MANAGE_ORGANIC))
def test_removing_a_lab_user_follows_the_tree(tree, graphql, tree_sign_in, caller):
    token = tree_sign_in(caller)
    target = tree.users["organic_junior"]
    before = snapshot()

    body = graphql(DELETE, {"id": target.pk}, token=token)

    refusal = MANAGE_ORGANIC[caller]
    if refusal is None:
        assert "errors" not in body, body
        assert not CompanyMembership.objects.filter(user=target).exists()
    else:
        assert error_code(body) == refusal
        assert snapshot() == before


@pytest.mark.parametrize(
    ("caller", "target"),
    [
        ("chemistry_admin", "university_admin"),  # the unit above
        ("chemistry_admin", "biology_admin"),  # a sibling
        ("biology_admin", "chemistry_senior"),
        ("other_admin", "chemistry_senior"),  # another company
    ],
)
def test_a_unit_admin_cannot_touch_users_above_or_beside_it(tree, graphql, tree_sign_in, caller, target):
    token = tree_sign_in(caller)
    before = snapshot()
    user_id = tree.users[target].pk

    assert error_code(graphql(UPDATE, {"id": user_id, "data": {"firstName": "X"}}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(DELETE, {"id": user_id}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(RESEND, {"id": user_id}, token=token)) == "NOT_FOUND"
    assert snapshot() == before


def test_a_parent_admin_acting_for_a_lab_manages_its_users(tree, graphql, tree_sign_in):
    token = tree_sign_in("university_admin")
    assert "errors" not in graphql(ACT, {"id": tree.organic_lab.pk}, token=token)

    body = graphql(UPDATE, {"id": tree.users["organic_junior"].pk, "data": {"role": 1}}, token=token)

    assert body["data"]["userUpdate"]["role"] == 1
    # Acting for the lab, the users of the units above it and beside it are out of reach.
    assert error_code(graphql(USER, {"id": tree.users["chemistry_senior"].pk}, token=token)) == "NOT_FOUND"
    listed = graphql(USERS, token=token)["data"]["users"]["edges"]
    assert [edge["node"]["email"] for edge in listed] == emails(UNIT_USERS["organic_lab"])


def test_each_unit_keeps_its_last_admin(tree, graphql, tree_sign_in):
    token = tree_sign_in("university_admin")
    chemistry_admin = tree.users["chemistry_admin"]
    before = snapshot()

    demoted = graphql(UPDATE, {"id": chemistry_admin.pk, "data": {"role": 1}}, token=token)
    removed = graphql(DELETE, {"id": chemistry_admin.pk}, token=token)

    # The university's admin is an admin too, but of the unit above: Chemistry would have none of its own.
    assert error_code(demoted) == "LAST_ADMIN"
    assert error_code(removed) == "LAST_ADMIN"
    assert snapshot() == before


def test_an_admin_still_cannot_remove_or_demote_themself(tree, graphql, tree_sign_in):
    token = tree_sign_in("chemistry_admin")
    MembershipFactory(company=tree.chemistry, role=CompanyRole.ADMIN)  # not the last admin
    me = tree.users["chemistry_admin"].pk
    before = snapshot()

    assert error_code(graphql(DELETE, {"id": me}, token=token)) == "CANNOT_DELETE_SELF"
    assert error_code(graphql(UPDATE, {"id": me, "data": {"role": 1}}, token=token)) == "CANNOT_CHANGE_OWN_ROLE"
    assert snapshot() == before


# --- adding users ----------------------------------------------------------------------------------------------


def new_user(email: str, **overrides) -> dict:
    return {"email": email, "firstName": "Nia", "lastName": "New", "role": 2, **overrides}


def test_a_new_user_joins_the_unit_the_admin_acts_for(tree, graphql, tree_sign_in):
    body = graphql(CREATE, {"data": new_user("nia@northfield.test")}, token=tree_sign_in("chemistry_admin"))

    assert body["data"]["userCreate"]["companyId"] == tree.chemistry.pk
    assert body["data"]["userCreate"]["companyName"] == "Chemistry"
    assert CompanyMembership.objects.get(user__email="nia@northfield.test").company == tree.chemistry


def test_a_parent_admin_adds_a_user_to_a_unit_below(tree, graphql, tree_sign_in):
    data = new_user("nia@northfield.test", companyId=tree.organic_lab.pk)

    body = graphql(CREATE, {"data": data}, token=tree_sign_in("university_admin"))

    assert body["data"]["userCreate"]["companyName"] == "Organic Synthesis Lab"
    assert CompanyMembership.objects.get(user__email="nia@northfield.test").company == tree.organic_lab
    event = AuditEvent.objects.get(action=AuditAction.COMPANY_USER_ADDED)
    assert event.company_id == tree.organic_lab.pk


def test_a_parent_admin_acting_for_a_lab_adds_users_to_the_lab(tree, graphql, tree_sign_in):
    token = tree_sign_in("chemistry_admin")
    assert "errors" not in graphql(ACT, {"id": tree.organic_lab.pk}, token=token)

    body = graphql(CREATE, {"data": new_user("nia@northfield.test")}, token=token)

    assert body["data"]["userCreate"]["companyId"] == tree.organic_lab.pk


@pytest.mark.parametrize(
    ("caller", "unit"),
    [
        ("chemistry_admin", "biology"),  # a sibling
        ("chemistry_admin", "university"),  # the unit above
        ("biology_admin", "organic_lab"),  # a cousin
        ("other_admin", "organic_lab"),  # another company
    ],
)
def test_a_user_cannot_be_added_to_a_unit_out_of_reach(tree, graphql, tree_sign_in, caller, unit):
    token = tree_sign_in(caller)
    before = snapshot()

    body = graphql(CREATE, {"data": new_user("nia@northfield.test", companyId=tree.unit(unit).pk)}, token=token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}
    assert snapshot() == before
    assert not User.objects.filter(email="nia@northfield.test").exists()


def test_a_user_of_a_unit_below_is_already_in_the_company(tree, graphql, tree_sign_in):
    token = tree_sign_in("university_admin")
    before = snapshot()

    body = graphql(CREATE, {"data": new_user(tree.users["organic_junior"].email)}, token=token)

    assert body["errors"][0]["extensions"]["fieldCodes"] == {"email": ["email_in_company"]}
    assert snapshot() == before


def test_a_parent_admin_resends_a_lab_users_invitation(tree, graphql, tree_sign_in, mailoutbox):
    token = tree_sign_in("university_admin")
    created = graphql(CREATE, {"data": new_user("nia@northfield.test", companyId=tree.organic_lab.pk)}, token=token)
    user_id = created["data"]["userCreate"]["id"]

    body = graphql(RESEND, {"id": user_id}, token=token)

    assert body["data"]["userInvitationResend"]["result"]["message"] == (
        "The invitation was sent again to nia@northfield.test."
    )
    sibling = tree_sign_in("biology_admin")
    before = snapshot()
    assert error_code(graphql(RESEND, {"id": user_id}, token=sibling)) == "NOT_FOUND"
    assert snapshot() == before


# --- the audit log and "created by" -------------------------------------------------------------------------------


def test_the_audit_log_follows_the_tree(tree, graphql, tree_sign_in):
    graphql(CREATE, {"data": new_user("nia@northfield.test", companyId=tree.organic_lab.pk)},
            token=tree_sign_in("university_admin"))  # fmt: skip
    graphql(CREATE, {"data": new_user("gus@northfield.test")}, token=tree_sign_in("biology_admin"))

    everything = graphql(AUDIT, token=tree_sign_in("university_admin"))["data"]["companyAuditEvents"]["edges"]
    lab = graphql(AUDIT, {"companyId": tree.organic_lab.pk}, token=tree_sign_in("university_admin"))
    chemistry = graphql(AUDIT, token=tree_sign_in("chemistry_admin"))["data"]["companyAuditEvents"]["edges"]
    biology = graphql(AUDIT, {"companyId": tree.organic_lab.pk}, token=tree_sign_in("biology_admin"))

    added = {(edge["summary"].split()[0], edge["companyName"]) for edge in everything if "added as" in edge["summary"]}
    assert added == {("nia@northfield.test", "Organic Synthesis Lab"), ("gus@northfield.test", "Biology")}
    assert {edge["companyId"] for edge in lab["data"]["companyAuditEvents"]["edges"]} == {tree.organic_lab.pk}
    assert not any("gus@" in edge["summary"] for edge in chemistry)
    assert biology["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}


def quote_by(user: User, company: Company) -> Quote:
    return Quote.objects.create(
        user=user, company=company, contact_name="Buyer", contact_email=user.email,
        expires_on=datetime.date(2030, 1, 1),
    )  # fmt: skip


def test_created_by_follows_the_tree(tree, graphql, tree_sign_in):
    quote_by(tree.users["organic_senior"], tree.organic_lab)
    quote_by(tree.users["chemistry_senior"], tree.chemistry)
    quote_by(tree.users["genetics_senior"], tree.genetics_lab)

    def creators(caller: str, unit: str) -> list[str] | str:
        body = graphql(CREATED_BY, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))
        if "errors" in body:
            return error_code(body)
        return sorted(row["email"] for row in body["data"]["createdByUser"])

    assert creators("chemistry_admin", "chemistry") == emails({"chemistry_senior", "organic_senior"})
    assert creators("chemistry_admin", "organic_lab") == emails({"organic_senior"})
    assert creators("university_admin", "university") == emails(
        {"chemistry_senior", "organic_senior", "genetics_senior"}
    )
    assert creators("chemistry_senior", "chemistry") == emails({"chemistry_senior"})  # no units below
    assert creators("chemistry_senior", "organic_lab") == "PERMISSION_DENIED"
    assert creators("biology_admin", "organic_lab") == "PERMISSION_DENIED"
    assert creators("chemistry_admin", "university") == "PERMISSION_DENIED"
    assert creators("other_admin", "chemistry") == "PERMISSION_DENIED"


# --- query counts ------------------------------------------------------------------------------------------------


def chain(depth: int) -> tuple[User, list[Company]]:
    """A company with a line of `depth` units below it, two users in each, and its admin."""
    root = CompanyFactory(name=f"Root {depth}")
    units = [root]
    tree_deepen(root, depth, each=units.append)
    for unit in units:
        MembershipFactory.create_batch(2, company=unit, role=CompanyRole.JUNIOR_BUYER)
    admin = MembershipFactory(company=Company.objects.get(pk=root.pk), role=CompanyRole.ADMIN).user
    return admin, units


def users_list_queries(graphql, login, admin: User, expected_rows: int) -> int:
    token = login(admin.email, PASSWORD)
    queries, body = count_queries(lambda: graphql(USERS, token=token))
    assert body["data"]["users"]["totalCount"] == expected_rows
    return queries


def test_the_users_list_takes_as_many_queries_however_deep_the_tree(db, graphql, login):
    shallow_admin, shallow = chain(2)
    deep_admin, deep = chain(6)

    shallow_count = users_list_queries(graphql, login, shallow_admin, 2 * len(shallow) + 1)
    deep_count = users_list_queries(graphql, login, deep_admin, 2 * len(deep) + 1)

    assert shallow_count == deep_count
