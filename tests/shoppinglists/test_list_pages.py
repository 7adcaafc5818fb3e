"""The lists' pages pinned exactly (issue 38: the item count and the total are read otherwise at a large size; the
answers must not change): for every orderBy, both directions, a search and a status filter, the ids of each page in
order, each list's item count (none, one, several; a deleted list's items not counted elsewhere) and totalCount."""

import datetime

import pytest
from django.utils import timezone

from shoppinglists.models import ShoppingList, ShoppingListStatus
from tests.factories.shoppinglists import ShoppingListFactory, ShoppingListItemFactory
from tests.shoppinglists import support
from tests.shoppinglists.support import user

pytestmark = pytest.mark.django_db

PAGE = support.lists_query(fields="id name itemCount")
CUSTOMER_PAGE = support.lists_query("customerShoppingLists", fields="id name itemCount")
T0 = datetime.datetime(2025, 3, 1, 12, 0, tzinfo=datetime.UTC)


@pytest.fixture
def lists(world):
    """Eight more of Acme's lists beside the world's three: item counts 0 to 4, names that sort differently in any
    case, created and updated at times with ties (broken by the id), a deleted one and a hotlist (never shown)."""
    acme, senior, junior = world.acme, user("senior@acme.test"), user("junior@acme.test")
    spec = [
        # name, status, items, maker, created (minutes after T0), updated (minutes after T0)
        ("banana", ShoppingListStatus.APPROVED, 3, senior, 5, 30),
        ("Apple", ShoppingListStatus.APPROVED, 0, senior, 5, 30),
        ("cherry", ShoppingListStatus.DRAFT, 1, junior, 1, 40),
        ("apple pie", ShoppingListStatus.REJECTED, 4, junior, 7, 10),
        ("Zucchini", ShoppingListStatus.READY_FOR_APPROVAL, 2, junior, 7, 30),
        ("date", ShoppingListStatus.APPROVED, 2, senior, 3, 50),
        ("Gone", ShoppingListStatus.DELETED, 5, senior, 2, 60),
        ("My hotlist", ShoppingListStatus.APPROVED, 3, senior, 2, 70),
    ]
    made = {}
    for name, status, items, maker, created, updated in spec:
        shopping_list = ShoppingListFactory(name=name, status=status, company=acme, created_by=maker)
        for n in range(items):
            ShoppingListItemFactory(shopping_list=shopping_list, variant=world.small, quantity=n + 1)
        ShoppingList.objects.filter(pk=shopping_list.pk).update(
            created_at=T0 + datetime.timedelta(minutes=created), updated_at=T0 + datetime.timedelta(minutes=updated)
        )
        made[name] = shopping_list.pk
    for name, shopping_list in (("Weekly", world.senior_list), ("Draft", world.junior_draft),
                                ("Awaiting", world.junior_ready)):  # fmt: skip
        ShoppingList.objects.filter(pk=shopping_list.pk).update(
            created_at=T0 + datetime.timedelta(minutes=3), updated_at=T0 + datetime.timedelta(minutes=20)
        )
        made[name] = shopping_list.pk
    return made


def _pages(graphql, token, variables, *, size=4, query=PAGE, op="shoppingLists"):
    """Every page of `size` lists: [(name, itemCount)] in order, and the totalCount of each answer."""
    rows, totals, offset = [], set(), 0
    while True:
        body = graphql(query, {**variables, "first": size, "offset": offset}, token=token)
        assert "errors" not in body, body
        answer = body["data"][op]
        totals.add(answer["totalCount"])
        page = [(edge["node"]["name"], edge["node"]["itemCount"]) for edge in answer["edges"]]
        rows += page
        if len(page) < size:
            return rows, totals
        offset += size


COUNTS = {"banana": 3, "Apple": 0, "cherry": 1, "apple pie": 4, "Zucchini": 2, "date": 2, "Weekly": 1, "Draft": 1,
          "Awaiting": 1}  # fmt: skip
EXPECTED = {
    "name": ["Apple", "apple pie", "Awaiting", "banana", "cherry", "date", "Draft", "Weekly", "Zucchini"],
    "-name": ["Zucchini", "Weekly", "Draft", "date", "cherry", "banana", "Awaiting", "apple pie", "Apple"],
    "createdAt": ["cherry", "Weekly", "Draft", "Awaiting", "date", "banana", "Apple", "apple pie", "Zucchini"],
    "-createdAt": ["Zucchini", "apple pie", "Apple", "banana", "date", "Awaiting", "Draft", "Weekly", "cherry"],
    "updatedAt": ["apple pie", "Weekly", "Draft", "Awaiting", "banana", "Apple", "Zucchini", "cherry", "date"],
    "-updatedAt": ["date", "cherry", "Zucchini", "Apple", "banana", "Awaiting", "Draft", "Weekly", "apple pie"],
    "status": ["Weekly", "banana", "Apple", "date", "Draft", "cherry", "Awaiting", "Zucchini", "apple pie"],
    "-status": ["apple pie", "Zucchini", "Awaiting", "cherry", "Draft", "date", "Apple", "banana", "Weekly"],
}


@pytest.mark.parametrize("order_by", list(EXPECTED))
def test_every_order_pages_the_same_lists_with_their_item_counts(lists, token_of, graphql, order_by):
    rows, totals = _pages(graphql, token_of("admin"), {"orderBy": order_by})

    assert rows == [(name, COUNTS[name]) for name in EXPECTED[order_by]]
    assert totals == {9}


def test_a_search_and_a_status_filter_page_and_count_their_lists(lists, token_of, graphql):
    token = token_of("admin")

    found, found_totals = _pages(graphql, token, {"orderBy": "-updatedAt", "search": "APPLE"}, size=1)
    drafts, draft_totals = _pages(
        graphql, token, {"orderBy": "name", "status": [ShoppingListStatus.DRAFT, ShoppingListStatus.REJECTED]}, size=2
    )

    assert (found, found_totals) == ([("Apple", 0), ("apple pie", 4)], {2})
    assert (drafts, draft_totals) == ([("apple pie", 4), ("cherry", 1), ("Draft", 1)], {3})


def test_a_level_one_holder_pages_only_their_own_lists(lists, token_of, graphql):
    rows, totals = _pages(graphql, token_of("junior"), {"orderBy": "-createdAt"}, size=2)

    assert rows == [("Zucchini", 2), ("apple pie", 4), ("Awaiting", 1), ("Draft", 1), ("cherry", 1)]
    assert totals == {5}


def test_an_individual_customers_lists_page_with_their_item_counts(world, token_of, graphql):
    customer = user("b2c@demo.test")
    empty = ShoppingListFactory(name="Empty", customer=customer)
    ShoppingList.objects.filter(pk=empty.pk).update(updated_at=timezone.now() + datetime.timedelta(hours=1))

    rows, totals = _pages(
        graphql, token_of("b2c"), {"orderBy": "-updatedAt"}, size=1, query=CUSTOMER_PAGE, op="customerShoppingLists"
    )

    assert (rows, totals) == ([("Empty", 0), ("Mine", 1)], {2})
