"""The company tree's address books (issue 40): a unit's book lists its own addresses and those of the units above it
(a department's ship-to shared with its labs: read-only there, `isInherited`), and, for a caller whose permissions
reach the units below, their addresses too (`companyId`, `unitName`, the company filter); a sibling's or another
company's addresses do not exist for the caller (NOT_FOUND, nothing changed). A unit's own default overrides the one it
inherits; the checkout offers the inherited addresses; the list takes as many queries for a tree 2 deep as for one 6
deep."""

import pytest

from accounts.models import Address, Company, CompanyRole, User
from accounts.selectors import AddressFilters, actor_for_user, address_list
from storefront.cart_views import checkout_saved_addresses
from tests.accounts.address_support import DETAIL, NEW_ADDRESS, snapshot
from tests.factories.accounts import PASSWORD, AddressFactory, CompanyFactory, MembershipFactory, tree_deepen
from tests.helpers import count_queries, error_code

pytestmark = pytest.mark.django_db

ROW = "id label companyId unitName isInherited inheritedFrom isDefaultShipping isDefaultBilling"
LIST = f"""query($companyId: Int, $isShipping: Boolean, $ownBook: Boolean = false) {{
  addresses(first: 100, orderBy: "label", companyId: $companyId, isShipping: $isShipping, ownBook: $ownBook) {{
    totalCount edges {{ node {{ {ROW} }} }} }} }}"""
ONE = f"query($id: Int!) {{ address(id: $id) {{ {ROW} }} }}"
DEFAULT_SHIPPING = f"{{ defaultShippingAddress {{ {ROW} }} }}"
CREATE = f"mutation($a: AddressInput!) {{ addressCreate(addressData: $a) {{ address {{ {ROW} }} }} }}"
UPDATE = f"""mutation($id: Int!, $a: AddressInput!) {{
  addressUpdate(id: $id, addressData: $a) {{ address {{ {ROW} }} }} }}"""
DELETE = "mutation($id: Int!) { addressDelete(id: $id) { id } }"
SET_DEFAULT = f"""mutation($id: Int!) {{ addressSetDefault(id: $id, kind: SHIPPING) {{ address {{ {ROW} }} }} }}"""
ACT = "mutation($id: Int) { actForUnit(companyId: $id) { companyInfo { id } } }"

# The label of each unit's address (one per unit), and which units' books hold which.
LABELS = {
    "university": "University receiving",
    "chemistry": "Chemistry dock",
    "organic_lab": "Organic bench",
    "biology": "Biology dock",
    "genetics_lab": "Genetics bench",
    "other": "Other office",
}
# caller → (their unit's own and below, inherited from above)
BOOKS = {
    "university_admin": ({"university", "chemistry", "organic_lab", "biology", "genetics_lab"}, set()),
    "chemistry_admin": ({"chemistry", "organic_lab"}, {"university"}),
    "chemistry_senior": ({"chemistry"}, {"university"}),  # no units below
    "chemistry_senior_below": ({"chemistry", "organic_lab"}, {"university"}),
    "organic_senior": ({"organic_lab"}, {"university", "chemistry"}),
    "organic_junior": ({"organic_lab"}, {"university", "chemistry"}),
    "biology_admin": ({"biology", "genetics_lab"}, {"university"}),
    "genetics_senior": ({"genetics_lab"}, {"university", "biology"}),
    "other_admin": ({"other"}, set()),
}


@pytest.fixture
def tree(tree):
    """The shared tree, with an address in each unit's book."""
    # The university's receiving is its default shipping address; Chemistry's dock overrides it for Chemistry.
    defaults = {"university", "chemistry", "other"}
    for unit, label in LABELS.items():
        AddressFactory(company=tree.unit(unit), label=label, is_default_shipping=unit in defaults)
    return tree


def address(label: str) -> Address:
    return Address.objects.get(label=label)


def rows(body: dict) -> dict[str, dict]:
    assert "errors" not in body, body
    return {edge["node"]["label"]: edge["node"] for edge in body["data"]["addresses"]["edges"]}


# --- reading ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", sorted(BOOKS))
def test_the_address_book_follows_the_tree(tree, graphql, tree_sign_in, caller):
    own, inherited = BOOKS[caller]

    listed = rows(graphql(LIST, token=tree_sign_in(caller)))

    assert set(listed) == {LABELS[unit] for unit in own | inherited}
    for unit in own | inherited:
        row = listed[LABELS[unit]]
        assert (row["companyId"], row["unitName"]) == (tree.unit(unit).pk, tree.unit(unit).name)
        assert row["isInherited"] is (unit in inherited)
        assert row["inheritedFrom"] == (tree.unit(unit).name if unit in inherited else None)


def test_a_lab_buyer_sees_the_departments_ship_to_as_inherited(tree, graphql, tree_sign_in):
    dock = address("Chemistry dock")

    body = graphql(ONE, {"id": dock.pk}, token=tree_sign_in("organic_senior"))

    assert body["data"]["address"] == {
        "id": dock.pk, "label": "Chemistry dock", "companyId": tree.chemistry.pk, "unitName": "Chemistry",
        "isInherited": True, "inheritedFrom": "Chemistry", "isDefaultShipping": True, "isDefaultBilling": False,
    }  # fmt: skip


@pytest.mark.parametrize(
    ("caller", "unit", "found"),
    [
        ("organic_senior", "chemistry", True),  # above: inherited
        ("organic_senior", "university", True),
        ("organic_senior", "biology", False),  # the department beside it
        ("organic_senior", "genetics_lab", False),  # a cousin
        ("chemistry_senior", "organic_lab", False),  # below, without the units below
        ("chemistry_senior_below", "organic_lab", True),
        ("university_admin", "genetics_lab", True),
        ("biology_admin", "chemistry", False),  # a sibling
        ("other_admin", "university", False),  # another company
        ("university_admin", "other", False),
    ],
)
def test_one_address_is_found_within_reach_only(tree, graphql, tree_sign_in, caller, unit, found):
    target = address(LABELS[unit])

    body = graphql(DETAIL, {"id": target.pk}, token=tree_sign_in(caller))

    if found:
        assert body["data"]["address"]["id"] == target.pk
    else:
        assert error_code(body) == "NOT_FOUND"


def test_a_parent_admin_filters_the_book_by_unit(tree, graphql, tree_sign_in):
    body = graphql(LIST, {"companyId": tree.organic_lab.pk}, token=tree_sign_in("university_admin"))

    assert set(rows(body)) == {"Organic bench"}


@pytest.mark.parametrize(
    ("caller", "unit"),
    [
        ("organic_senior", "chemistry"),  # above (its addresses are inherited, not a unit the caller works for)
        ("chemistry_senior", "organic_lab"),
        ("chemistry_admin", "biology"),
        ("other_admin", "university"),
    ],
)
def test_the_company_filter_refuses_a_unit_out_of_reach(tree, graphql, tree_sign_in, caller, unit):
    body = graphql(LIST, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}


# --- changing -----------------------------------------------------------------------------------------------------

EDITED = {**NEW_ADDRESS, "label": "Edited"}

# caller → what they get changing Chemistry's dock: None (allowed) or the refusal's code.
CHANGE_CHEMISTRY_DOCK = {
    "university_admin": None,  # a unit below
    "chemistry_admin": None,
    "chemistry_senior": None,  # their own unit's
    "organic_senior": "PERMISSION_DENIED",  # inherited: changed in Chemistry
    "organic_junior": "PERMISSION_DENIED",  # a junior buyer changes no address
    "biology_admin": "NOT_FOUND",  # a sibling's
    "genetics_senior": "NOT_FOUND",
    "other_admin": "NOT_FOUND",
}


@pytest.mark.parametrize("caller", sorted(CHANGE_CHEMISTRY_DOCK))
@pytest.mark.parametrize("operation", ["update", "delete", "set_default"])
def test_changing_a_departments_address_follows_the_tree(tree, graphql, tree_sign_in, caller, operation):
    token = tree_sign_in(caller)
    dock = address("Chemistry dock")
    if operation == "set_default":  # the dock is not the default yet
        Address.objects.filter(pk=dock.pk).update(is_default_shipping=False)
    before = snapshot()

    if operation == "update":
        body = graphql(UPDATE, {"id": dock.pk, "a": EDITED}, token=token)
    elif operation == "delete":
        body = graphql(DELETE, {"id": dock.pk}, token=token)
    else:
        body = graphql(SET_DEFAULT, {"id": dock.pk}, token=token)

    refusal = CHANGE_CHEMISTRY_DOCK[caller]
    if refusal is not None:
        assert error_code(body) == refusal
        assert snapshot() == before
        if caller == "organic_senior":
            assert body["errors"][0]["message"] == (
                "This address is Chemistry's, shared with the units below it: it can only be changed there."
            )
        return
    assert "errors" not in body, body
    if operation == "update":
        assert body["data"]["addressUpdate"]["address"]["label"] == "Edited"
        assert Address.objects.get(pk=dock.pk).company == tree.chemistry
    elif operation == "delete":
        assert not Address.objects.filter(pk=dock.pk).exists()
    else:
        assert Address.objects.get(pk=dock.pk).is_default_shipping
        # Chemistry's book has one default; the university's keeps its own.
        assert Address.objects.filter(company=tree.chemistry, is_default_shipping=True).count() == 1
        assert address("University receiving").is_default_shipping


@pytest.mark.parametrize(
    ("caller", "allowed"),
    [
        ("chemistry_senior_below", True),
        ("chemistry_admin", True),
        ("organic_senior", True),
        ("chemistry_senior", False),  # without the units below: it does not exist for them
        ("biology_admin", False),
    ],
)
def test_changing_a_labs_address_follows_the_tree(tree, graphql, tree_sign_in, caller, allowed):
    token = tree_sign_in(caller)
    bench = address("Organic bench")
    before = snapshot()

    body = graphql(UPDATE, {"id": bench.pk, "a": EDITED}, token=token)

    if allowed:
        assert body["data"]["addressUpdate"]["address"]["unitName"] == "Organic Synthesis Lab"
        assert body["data"]["addressUpdate"]["address"]["isInherited"] is False
        assert Address.objects.get(pk=bench.pk).label == "Edited"
    else:
        assert error_code(body) == "NOT_FOUND"
        assert snapshot() == before


def test_a_parent_admin_acting_for_a_lab_cannot_change_the_departments_address_there(tree, graphql, tree_sign_in):
    token = tree_sign_in("chemistry_admin")
    assert "errors" not in graphql(ACT, {"id": tree.organic_lab.pk}, token=token)
    dock = address("Chemistry dock")
    before = snapshot()

    body = graphql(UPDATE, {"id": dock.pk, "a": EDITED}, token=token)

    # In the lab's book the department's dock is inherited, as for the lab's own buyers.
    assert error_code(body) == "PERMISSION_DENIED"
    assert snapshot() == before
    assert rows(graphql(LIST, token=token))["Chemistry dock"]["isInherited"] is True


def test_a_new_address_goes_to_the_book_of_the_unit_the_caller_acts_for(tree, graphql, tree_sign_in):
    body = graphql(CREATE, {"a": NEW_ADDRESS}, token=tree_sign_in("organic_senior"))

    created = body["data"]["addressCreate"]["address"]
    assert (created["companyId"], created["isInherited"]) == (tree.organic_lab.pk, False)
    assert Address.objects.get(pk=created["id"]).company == tree.organic_lab


# --- inheritance and overriding ------------------------------------------------------------------------------------


def test_a_lab_ships_to_its_departments_default_until_it_has_its_own(tree, graphql, tree_sign_in):
    token = tree_sign_in("organic_senior")

    # The nearest default above the lab: Chemistry's dock, which overrides the university's receiving.
    inherited = graphql(DEFAULT_SHIPPING, token=token)["data"]["defaultShippingAddress"]
    listed = rows(graphql(LIST, token=token))

    assert (inherited["label"], inherited["isInherited"]) == ("Chemistry dock", True)
    assert listed["Chemistry dock"]["isDefaultShipping"] is True
    assert listed["University receiving"]["isDefaultShipping"] is False

    # The lab overrides it with its own.
    created = graphql(CREATE, {"a": {**NEW_ADDRESS, "label": "Lab door", "isDefaultShipping": True}}, token=token)
    assert "errors" not in created, created

    own = graphql(DEFAULT_SHIPPING, token=token)["data"]["defaultShippingAddress"]
    listed = rows(graphql(LIST, token=token))
    assert (own["label"], own["isInherited"]) == ("Lab door", False)
    assert {label for label, row in listed.items() if row["isDefaultShipping"]} == {"Lab door"}
    # The department's book is as it was: its dock is still its default.
    assert address("Chemistry dock").is_default_shipping
    chemistry = rows(graphql(LIST, token=tree_sign_in("chemistry_senior")))
    assert {label for label, row in chemistry.items() if row["isDefaultShipping"]} == {"Chemistry dock"}


def test_the_checkout_offers_the_inherited_addresses(tree):
    actor = actor_for_user(User.objects.get(pk=tree.users["organic_senior"].pk))

    offered = checkout_saved_addresses(actor)

    assert [saved.label for saved in offered] == ["Chemistry dock", "Organic bench", "University receiving"]


def test_the_own_book_leaves_out_the_units_below(tree, graphql, tree_sign_in):
    actor = actor_for_user(User.objects.get(pk=tree.users["chemistry_senior_below"].pk))

    everything = address_list(actor=actor, filters=AddressFilters(order_by="label"))
    own_book = address_list(actor=actor, filters=AddressFilters(order_by="label", own_book=True))
    picker = rows(graphql(LIST, {"ownBook": True}, token=tree_sign_in("chemistry_senior_below")))

    assert [row.label for row in everything] == ["Chemistry dock", "Organic bench", "University receiving"]
    assert [row.label for row in own_book] == ["Chemistry dock", "University receiving"]
    assert list(picker) == ["Chemistry dock", "University receiving"]


# --- query counts ------------------------------------------------------------------------------------------------


def chain(depth: int) -> list[tuple[Company, User]]:
    """A company with a line of `depth` units below it, two addresses in each (the root's first is its default), and
    an admin in each unit."""
    root = CompanyFactory(name=f"Root {depth}")
    units = [root]
    tree_deepen(root, depth, each=units.append)
    members = []
    for unit in units:
        unit = Company.objects.get(pk=unit.pk)
        AddressFactory(company=unit, is_default_shipping=unit.pk == root.pk)
        AddressFactory(company=unit)
        members.append((unit, MembershipFactory(company=unit, role=CompanyRole.ADMIN).user))
    return members


def list_queries(graphql, login, user: User, expected_rows: int) -> int:
    token = login(user.email, PASSWORD)
    queries, body = count_queries(lambda: graphql(LIST, token=token))
    assert body["data"]["addresses"]["totalCount"] == expected_rows
    return queries


def test_the_address_list_takes_as_many_queries_however_deep_the_tree(db, graphql, login):
    shallow = chain(2)
    deep = chain(6)

    # The root's admin reads the books of every unit below; the deepest unit's inherits from every unit above.
    assert list_queries(graphql, login, shallow[0][1], 6) == list_queries(graphql, login, deep[0][1], 14)
    assert list_queries(graphql, login, shallow[-1][1], 6) == list_queries(graphql, login, deep[-1][1], 14)
