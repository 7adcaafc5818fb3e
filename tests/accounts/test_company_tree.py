"""The company tree (issue 40): the move rule, acting for a unit below one's company and back, who may, and the query
counts of a caller deep in a tree."""

import pytest
from django.core.exceptions import ValidationError

from accounts.models import MAX_UNIT_DEPTH, AuditAction, AuditEvent, Company, CompanyMembership, CompanyRole, User
from accounts.selectors import actor_for_token, actor_for_user, company_units
from accounts.services import company_move, company_unit_create
from tests.factories.accounts import PASSWORD, MembershipFactory, tree_deepen
from tests.helpers import count_queries, error_code

pytestmark = pytest.mark.django_db

UNITS = "{ companyUnits { id companyName parentId depth isActing isHome } }"
ACT = """mutation($id: Int) { actForUnit(companyId: $id) {
  companyInfo { id companyName homeCompanyId homeCompanyName canSwitchUnits spansUnits } } }"""
INFO = "{ customerInfo { companyInfo { id companyName homeCompanyId canSwitchUnits spansUnits } } }"


def _tree_state() -> list:
    return list(Company.objects.order_by("pk").values_list("pk", "parent_id", "path", "depth", "has_children"))


# --- the tree and the move rule ----------------------------------------------------------------------------------


def test_units_are_placed_with_their_paths(tree):
    assert tree.organic_lab.tree_path == f"/{tree.university.pk}/{tree.chemistry.pk}/{tree.organic_lab.pk}/"
    assert tree.organic_lab.depth == 2
    assert tree.organic_lab.ancestor_ids == [tree.university.pk, tree.chemistry.pk]
    assert tree.university.has_children and tree.chemistry.has_children and not tree.organic_lab.has_children


def test_a_unit_moves_with_everything_below_it(tree):
    deep = company_unit_create(parent_id=tree.organic_lab.pk, name="Glovebox team")
    company_move(company_id=tree.chemistry.pk, parent_id=tree.biology.pk)
    for unit in (tree.chemistry, tree.organic_lab, deep, tree.biology, tree.university):
        unit.refresh_from_db()
    assert tree.chemistry.parent_id == tree.biology.pk and tree.chemistry.depth == 2
    assert deep.tree_path == f"{tree.biology.tree_path}{tree.chemistry.pk}/{tree.organic_lab.pk}/{deep.pk}/"
    assert deep.depth == 4
    assert tree.university.has_children and tree.biology.has_children
    assert AuditEvent.objects.filter(action=AuditAction.COMPANY_UNIT_MOVED, company=tree.chemistry).exists()
    # Moved out of its tree to the top level: the old parent keeps its flag only while it has units left.
    company_move(company_id=tree.genetics_lab.pk, parent_id=None)
    tree.genetics_lab.refresh_from_db()
    assert tree.genetics_lab.parent_id is None and tree.genetics_lab.tree_path == f"/{tree.genetics_lab.pk}/"
    assert Company.objects.get(pk=tree.biology.pk).has_children  # Chemistry is below it now


@pytest.mark.parametrize("target", ["chemistry", "organic_lab"])
def test_a_unit_cannot_become_its_own_descendant(tree, target):
    before = _tree_state()
    with pytest.raises(ValidationError) as refused:
        company_move(company_id=tree.chemistry.pk, parent_id=tree.unit(target).pk)
    assert "parent" in refused.value.message_dict
    assert _tree_state() == before


def test_the_tree_has_a_depth_limit(tree):
    parent = tree_deepen(tree.organic_lab, MAX_UNIT_DEPTH)
    with pytest.raises(ValidationError):
        company_unit_create(parent_id=parent.pk, name="One too deep")
    before = _tree_state()
    with pytest.raises(ValidationError):  # Chemistry's subtree is 8 levels deep: below Genetics Lab it would be 10+
        company_move(company_id=tree.chemistry.pk, parent_id=tree.genetics_lab.pk)
    assert _tree_state() == before


def test_staff_move_a_unit_in_admin_and_cannot_make_a_cycle(client, tree):
    User.objects.create_user("treestaff@example.test", PASSWORD, is_staff=True, is_superuser=True)
    assert client.login(username="treestaff@example.test", password=PASSWORD)
    url = f"/admin/accounts/company/{tree.chemistry.pk}/change/"
    page = client.get(url).content.decode()
    assert "Organic Synthesis Lab" in page and "Northfield University" in page  # units below and above
    form = {
        "name": "Chemistry", "email": tree.chemistry.email, "phone": "", "customer_group": "",
        "address_line1": "", "address_line2": "", "city": "", "state": "", "zip_code": "", "country_code": "",
        "credit_currency": "USD", "credit_limit": "0", "available_credit": "0", "limit_purchases": "on",
        "extra_fields": "{}", "address_extra_fields": "{}",
        "memberships-TOTAL_FORMS": "0", "memberships-INITIAL_FORMS": "0",
    }  # fmt: skip
    before = _tree_state()
    refused = client.post(url, {**form, "parent": tree.organic_lab.pk})
    assert refused.status_code == 200 and "cannot be placed below itself" in refused.content.decode()
    assert _tree_state() == before
    moved = client.post(url, {**form, "parent": tree.biology.pk})
    assert moved.status_code == 302, moved.content.decode()[:2000]
    assert Company.objects.get(pk=tree.organic_lab.pk).tree_path.startswith(
        Company.objects.get(pk=tree.biology.pk).tree_path
    )


# --- acting for a unit -------------------------------------------------------------------------------------------


def test_a_parent_admin_lists_the_units_and_acts_for_one_and_back(graphql, tree_sign_in, tree):
    token = tree_sign_in("university_admin")
    units = graphql(UNITS, token=token)["data"]["companyUnits"]
    assert [(u["companyName"], u["depth"]) for u in units] == [
        ("Northfield University", 0), ("Biology", 1), ("Genetics Lab", 2), ("Chemistry", 1),
        ("Organic Synthesis Lab", 2),
    ]  # fmt: skip
    assert units[0]["isHome"] and units[0]["isActing"] and units[0]["parentId"] is None

    info = graphql(ACT, {"id": tree.organic_lab.pk}, token=token)["data"]["actForUnit"]["companyInfo"]
    assert info == {
        "id": tree.organic_lab.pk, "companyName": "Organic Synthesis Lab", "homeCompanyId": tree.university.pk,
        "homeCompanyName": "Northfield University", "canSwitchUnits": True, "spansUnits": False,
    }  # fmt: skip
    # Every session of the user follows: a new request, and the storefront's actor.
    assert graphql(INFO, token=token)["data"]["customerInfo"]["companyInfo"]["id"] == tree.organic_lab.pk
    assert actor_for_user(User.objects.get(pk=tree.users["university_admin"].pk)).company.pk == tree.organic_lab.pk
    assert AuditEvent.objects.filter(action=AuditAction.COMPANY_UNIT_ENTERED, company=tree.organic_lab).exists()

    back = graphql(ACT, {"id": None}, token=token)["data"]["actForUnit"]["companyInfo"]
    assert back["id"] == tree.university.pk and back["spansUnits"] is True


@pytest.mark.parametrize(
    ("key", "target", "allowed"),
    [
        ("university_admin", "genetics_lab", True),
        ("chemistry_admin", "organic_lab", True),
        ("chemistry_admin", "biology", False),  # a sibling
        ("chemistry_admin", "university", False),  # above their own
        ("chemistry_admin", "other", False),  # another company
        ("chemistry_senior", "organic_lab", False),  # not granted the units below
        ("chemistry_senior_below", "organic_lab", True),
        ("organic_senior", "chemistry", False),
        ("other_admin", "organic_lab", False),
    ],
)
def test_who_may_act_for_which_unit(graphql, tree_sign_in, tree, key, target, allowed):
    token = tree_sign_in(key)
    home = CompanyMembership.objects.get(user=tree.users[key]).company
    body = graphql(ACT, {"id": tree.unit(target).pk}, token=token)
    acting = CompanyMembership.objects.get(user=tree.users[key]).acting_company_id
    if allowed:
        assert body["data"]["actForUnit"]["companyInfo"]["id"] == tree.unit(target).pk
        assert acting == tree.unit(target).pk
    else:
        assert error_code(body) == "NOT_FOUND"
        assert acting is None  # nothing changed
        assert graphql(INFO, token=token)["data"]["customerInfo"]["companyInfo"]["id"] == home.pk


def test_a_unit_member_sees_only_their_unit(graphql, tree_sign_in, tree):
    token = tree_sign_in("organic_senior")
    info = graphql(INFO, token=token)["data"]["customerInfo"]["companyInfo"]
    assert info == {
        "id": tree.organic_lab.pk, "companyName": "Organic Synthesis Lab", "homeCompanyId": tree.organic_lab.pk,
        "canSwitchUnits": False, "spansUnits": False,
    }  # fmt: skip
    assert graphql(UNITS, token=token)["data"]["companyUnits"] == [
        {"id": tree.organic_lab.pk, "companyName": "Organic Synthesis Lab", "parentId": None, "depth": 0,
         "isActing": True, "isHome": True},
    ]  # fmt: skip


def test_a_unit_moved_out_of_reach_is_no_longer_acted_for(graphql, tree_sign_in, tree):
    token = tree_sign_in("chemistry_admin")
    graphql(ACT, {"id": tree.organic_lab.pk}, token=token)
    company_move(company_id=tree.organic_lab.pk, parent_id=tree.biology.pk)
    assert graphql(INFO, token=token)["data"]["customerInfo"]["companyInfo"]["id"] == tree.chemistry.pk
    assert CompanyMembership.objects.get(user=tree.users["chemistry_admin"]).acting_company_id is None


def test_the_reach_of_company_wide_permissions(tree, tree_sign_in):
    def actor(key):
        return actor_for_token(tree_sign_in(key))

    lab, chem = tree.organic_lab.pk, tree.chemistry.pk
    assert set(actor("university_admin").unit_ids) == {
        tree.university.pk,
        chem,
        lab,
        tree.biology.pk,
        tree.genetics_lab.pk,
    }
    assert set(actor("chemistry_admin").unit_ids) == {chem, lab}
    assert actor("chemistry_senior").unit_ids == (chem,)
    assert set(actor("chemistry_senior_below").unit_ids) == {chem, lab}
    assert actor("organic_senior").unit_ids == (lab,)
    assert actor("other_admin").unit_ids == (tree.other.pk,)
    assert [unit.name for unit, _ in company_units(actor("chemistry_admin"))] == ["Chemistry", "Organic Synthesis Lab"]


# --- query counts constant in the depth of the tree ---------------------------------------------------------------


def _queries(graphql, token: str, query: str) -> int:
    queries, body = count_queries(lambda: graphql(query, token=token))
    assert "errors" not in body, body
    return queries


@pytest.mark.parametrize("query", [INFO, UNITS])
def test_query_counts_do_not_grow_with_the_depth_of_the_tree(graphql, login, query):
    counts = {}
    for depth in (2, 6):
        top = MembershipFactory(role=CompanyRole.ADMIN, user__email=f"top{depth}@example.test")
        leaf = tree_deepen(top.company, depth)
        member = MembershipFactory(role=CompanyRole.ADMIN, company=leaf, user__email=f"leaf{depth}@example.test")
        top_token, leaf_token = login(top.user.email, PASSWORD), login(member.user.email, PASSWORD)
        graphql(ACT, {"id": leaf.pk}, token=top_token)
        counts[depth] = (_queries(graphql, top_token, query), _queries(graphql, leaf_token, query))
    assert counts[2] == counts[6]


# --- the super admin's dashboard ---------------------------------------------------------------------------------

MOVE = """mutation($c: Int!, $p: Int) { superAdminMoveCompany(companyId: $c, parentId: $p) {
  companyId companyName parentId parentName depth } }"""
ADD_UNIT = """mutation($p: Int!, $n: String!) { superAdminCreateUnit(parentId: $p, companyName: $n) {
  companyId companyName parentId parentName depth status } }"""
COMPANIES = """{ superAdminCompanies(orderBy: "companyName", first: 30) {
  edges { node { companyName parentId parentName depth } } } }"""


@pytest.fixture
def super_token(login):
    from tests.factories.accounts import UserFactory

    UserFactory(email="tree.super@example.test", is_super_admin=True)
    return login("tree.super@example.test", PASSWORD)


def test_the_dashboard_shows_each_company_with_its_place_in_the_tree(graphql, super_token, tree):
    nodes = [e["node"] for e in graphql(COMPANIES, token=super_token)["data"]["superAdminCompanies"]["edges"]]
    lab = next(node for node in nodes if node["companyName"] == "Organic Synthesis Lab")
    assert lab == {"companyName": "Organic Synthesis Lab", "parentId": tree.chemistry.pk, "parentName": "Chemistry",
                   "depth": 2}  # fmt: skip


TREE_ORDER = """query($o: String) { superAdminCompanies(orderBy: $o, first: 30) {
  edges { node { companyName depth } } } }"""


def test_the_dashboard_lists_companies_in_tree_order(graphql, super_token, tree):
    from tests.factories.accounts import CompanyFactory

    loose = CompanyFactory(name="Aardvark Labs")  # a top-level company made without a path
    assert loose.path == ""
    edges = graphql(TREE_ORDER, {"o": "tree"}, token=super_token)["data"]["superAdminCompanies"]["edges"]
    rows = [edge["node"] for edge in edges]
    names = [row["companyName"] for row in rows]
    university = names.index("Northfield University")
    # every unit comes after the unit above it, and a parent's units follow it before the next top-level company
    below = names[university : university + 5]
    units = {"Northfield University", "Chemistry", "Organic Synthesis Lab", "Biology", "Genetics Lab"}
    assert set(below) == units
    assert below.index("Organic Synthesis Lab") == below.index("Chemistry") + 1
    assert below.index("Genetics Lab") == below.index("Biology") + 1
    assert [row["depth"] for row in rows[university : university + 5]].count(0) == 1
    assert "Aardvark Labs" in names
    backwards = graphql(TREE_ORDER, {"o": "-tree"}, token=super_token)["data"]["superAdminCompanies"]["edges"]
    assert [e["node"]["companyName"] for e in backwards] == names[::-1]


def test_a_super_admin_adds_and_moves_units_from_the_dashboard(graphql, super_token, tree):
    added = graphql(ADD_UNIT, {"p": tree.biology.pk, "n": "Cell Biology Lab"}, token=super_token)
    unit = added["data"]["superAdminCreateUnit"]
    assert unit["parentName"] == "Biology" and unit["depth"] == 2 and unit["status"] == 1

    moved = graphql(MOVE, {"c": tree.organic_lab.pk, "p": tree.biology.pk}, token=super_token)
    assert moved["data"]["superAdminMoveCompany"]["parentName"] == "Biology"

    before = _tree_state()
    cycle = graphql(MOVE, {"c": tree.university.pk, "p": tree.genetics_lab.pk}, token=super_token)
    assert error_code(cycle) == "VALIDATION_ERROR"
    assert "parent" in cycle["errors"][0]["extensions"]["fields"]
    blank = graphql(ADD_UNIT, {"p": tree.biology.pk, "n": "  "}, token=super_token)
    assert list(blank["errors"][0]["extensions"]["fields"]) == ["companyName"]
    assert _tree_state() == before


def test_only_super_admins_manage_the_tree_and_only_companies_in_their_reach(graphql, tree_sign_in, super_token, tree):
    from accounts.models import User

    before = _tree_state()
    admin = tree_sign_in("university_admin")
    assert error_code(graphql(MOVE, {"c": tree.organic_lab.pk, "p": None}, token=admin)) == "PERMISSION_DENIED"
    assert error_code(graphql(ADD_UNIT, {"p": tree.chemistry.pk, "n": "Mine"}, token=admin)) == "PERMISSION_DENIED"
    User.objects.get(email="tree.super@example.test").masquerade_companies.set([tree.other])
    assert error_code(graphql(MOVE, {"c": tree.organic_lab.pk, "p": tree.other.pk}, token=super_token)) == "NOT_FOUND"
    assert error_code(graphql(ADD_UNIT, {"p": tree.chemistry.pk, "n": "X"}, token=super_token)) == "NOT_FOUND"
    assert _tree_state() == before
