"""Every shopping list operation × every kind of caller (issue 18, Done when 3): allowed, or refused with the exact
code — and a refusal changes nothing (lists, items, carts, the audit log)."""

import pytest

from tests.helpers import error_code
from tests.shoppinglists import support
from tests.shoppinglists.support import CALLERS, snapshot

pytestmark = pytest.mark.django_db

OK = "ok"
DENIED = "PERMISSION_DENIED"
NOT_FOUND = "NOT_FOUND"
EXPIRED = 40101

# The company's operations on the senior buyer's approved Acme list: Acme's senior buyer, admin and the super admin
# masquerading as Acme reach it; the junior buyer (level 1) and Globex's admin do not see it; the individual customer
# and the super admin who is not masquerading hold no company list at all.
ON_SENIOR_LIST = {
    "anonymous": EXPIRED, "b2c": DENIED, "junior": NOT_FOUND, "senior": OK, "admin": OK, "other_admin": NOT_FOUND,
    "super_masquerading": OK, "super": DENIED,
}  # fmt: skip
COMPANY_READ_ALL = {
    "anonymous": EXPIRED, "b2c": DENIED, "junior": OK, "senior": OK, "admin": OK, "other_admin": OK,
    "super_masquerading": OK, "super": DENIED,
}  # fmt: skip
# The junior buyer's draft: they submit it, and so may the company's seniors and admin (the code at level 2).
SUBMIT_JUNIOR_DRAFT = {**ON_SENIOR_LIST, "junior": OK}
# The junior buyer's list awaiting approval: a holder of approve_draft_shopping_list decides; the junior holds none.
REVIEW_JUNIOR_LIST = {**ON_SENIOR_LIST, "junior": DENIED}
# The individual customer's own operations: theirs alone.
CUSTOMER_ONLY = {
    "anonymous": EXPIRED, "b2c": OK, "junior": DENIED, "senior": DENIED, "admin": DENIED, "other_admin": DENIED,
    "super_masquerading": DENIED, "super": DENIED,
}  # fmt: skip

NEW = {"name": "Glassware", "description": "Beakers"}
ADD = [{"sku": "HS-1001-500ML", "quantity": 3}]


def _company(world):
    return {
        "lists": (support.LISTS, {"orderBy": "name"}, COMPANY_READ_ALL),
        "detail": (support.DETAIL, {"id": world.senior_list.pk}, ON_SENIOR_LIST),
        "create": (support.create(), {"data": NEW}, COMPANY_READ_ALL),
        "update": (support.update(), {"id": world.senior_list.pk, "data": {"name": "Renamed"}}, ON_SENIOR_LIST),
        "duplicate": (support.duplicate(), {"id": world.senior_list.pk}, ON_SENIOR_LIST),
        "delete": (support.delete(), {"id": world.senior_list.pk}, ON_SENIOR_LIST),
        "items_create": (support.items_create(), {"id": world.senior_list.pk, "items": ADD}, ON_SENIOR_LIST),
        "items_update": (
            support.items_update(),
            {"id": world.senior_list.pk, "itemId": world.senior_list.items.get().pk, "data": {"quantity": 5}},
            ON_SENIOR_LIST,
        ),
        "items_delete": (
            support.items_delete(),
            {"id": world.senior_list.pk, "itemIds": [world.senior_list.items.get().pk]},
            ON_SENIOR_LIST,
        ),
        "add_to_cart": (support.add_to_cart(), {"id": world.senior_list.pk}, ON_SENIOR_LIST),
        "submit": (support.SUBMIT, {"id": world.junior_draft.pk}, SUBMIT_JUNIOR_DRAFT),
        "approve": (support.APPROVE, {"id": world.junior_ready.pk}, REVIEW_JUNIOR_LIST),
        "reject": (support.REJECT, {"id": world.junior_ready.pk, "reason": "Too much"}, REVIEW_JUNIOR_LIST),
    }


def _customer(world):
    own = world.b2c_list.pk
    item = world.b2c_list.items.get().pk
    return {
        "customer_lists": (support.CUSTOMER_LISTS, {"orderBy": "name"}, CUSTOMER_ONLY),
        "customer_detail": (support.CUSTOMER_DETAIL, {"id": own}, CUSTOMER_ONLY),
        "customer_create": (support.create("customer"), {"data": NEW}, CUSTOMER_ONLY),
        "customer_update": (support.update("customer"), {"id": own, "data": {"name": "Renamed"}}, CUSTOMER_ONLY),
        "customer_duplicate": (support.duplicate("customer"), {"id": own}, CUSTOMER_ONLY),
        "customer_delete": (support.delete("customer"), {"id": own}, CUSTOMER_ONLY),
        "customer_items_create": (support.items_create("customer"), {"id": own, "items": ADD}, CUSTOMER_ONLY),
        "customer_items_update": (
            support.items_update("customer"),
            {"id": own, "itemId": item, "data": {"quantity": 5}},
            CUSTOMER_ONLY,
        ),
        "customer_items_delete": (support.items_delete("customer"), {"id": own, "itemIds": [item]}, CUSTOMER_ONLY),
        "customer_add_to_cart": (support.add_to_cart("customer"), {"id": own}, CUSTOMER_ONLY),
    }


COMPANY_OPERATIONS = [
    "lists", "detail", "create", "update", "duplicate", "delete", "items_create", "items_update", "items_delete",
    "add_to_cart", "submit", "approve", "reject",
]  # fmt: skip
CUSTOMER_OPERATIONS = [
    "customer_lists", "customer_detail", "customer_create", "customer_update", "customer_duplicate",
    "customer_delete", "customer_items_create", "customer_items_update", "customer_items_delete",
    "customer_add_to_cart",
]  # fmt: skip
READS = {"lists", "detail", "customer_lists", "customer_detail"}


def _check(world, token_of, graphql, operations, operation, caller):
    query, variables, expected_by_caller = operations(world)[operation]
    expected = expected_by_caller[caller]
    token = token_of(caller)
    before = snapshot()

    body = graphql(query, variables, token=token)

    if expected == OK:
        assert "errors" not in body, body
        if operation not in READS:
            assert snapshot() != before
    else:
        assert body["data"] is None
        assert error_code(body) == expected, body
        assert snapshot() == before


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("operation", COMPANY_OPERATIONS)
def test_company_list_operations(world, token_of, graphql, operation, caller):
    _check(world, token_of, graphql, _company, operation, caller)


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("operation", CUSTOMER_OPERATIONS)
def test_individual_customer_list_operations(world, token_of, graphql, operation, caller):
    _check(world, token_of, graphql, _customer, operation, caller)


@pytest.mark.parametrize(
    ("caller", "expected"),
    [
        ("junior", ["Awaiting", "Draft"]),
        ("senior", ["Awaiting", "Draft", "Weekly"]),
        ("admin", ["Awaiting", "Draft", "Weekly"]),
        ("super_masquerading", ["Awaiting", "Draft", "Weekly"]),
        ("other_admin", ["Globex"]),
    ],
)
def test_each_caller_lists_what_its_level_reaches(world, token_of, graphql, caller, expected):
    body = graphql(support.LISTS, {"orderBy": "name"}, token=token_of(caller))

    assert support.names(body) == expected
    assert body["data"]["shoppingLists"]["totalCount"] == len(expected)


def test_the_individual_customer_lists_their_own(world, token_of, graphql):
    body = graphql(support.CUSTOMER_LISTS, {"orderBy": "name"}, token=token_of("b2c"))

    assert support.names(body, "customerShoppingLists") == ["Mine"]


@pytest.mark.parametrize("caller", ["b2c", "junior", "senior", "super"])
def test_another_owners_list_does_not_exist_for_the_caller(world, token_of, graphql, caller):
    """Globex's list, read or changed by anyone outside Globex, is NOT_FOUND (or refused for the wrong kind of
    caller before any list is looked at)."""
    token = token_of(caller)
    before = snapshot()

    detail = graphql(support.DETAIL, {"id": world.globex_list.pk}, token=token)
    renamed = graphql(support.update(), {"id": world.globex_list.pk, "data": {"name": "Mine now"}}, token=token)

    expected = NOT_FOUND if caller in {"junior", "senior"} else DENIED
    assert (error_code(detail), error_code(renamed)) == (expected, expected)
    assert snapshot() == before
