"""The lists (issue 18): hotlist hiding in the items and the totals (business §4), the filters, orderBy and paging
(business §9), creating and duplicating, who made what (`createdByUser`), enablement (shell §4), and query counts
that do not grow with the lists or a list's items (Done when 3, 4)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Company
from portal.models import StoreFeatures, StorefrontConfig
from pricing import calculation
from shoppinglists.models import ShoppingList, ShoppingListStatus
from shoppinglists.selectors import is_hotlist_name
from tests.factories.shoppinglists import ShoppingListFactory, ShoppingListItemFactory
from tests.helpers import error_code
from tests.shoppinglists import support
from tests.shoppinglists.support import snapshot, user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("name", "hidden"),
    [("Hotlist", True), ("hot-list 2", True), ("HOT LIST", True), ("My h.o.t.l.i.s.t", True), ("Hotlists", True),
     ("Hot dogs list", False), ("Shortlist", False), ("Hot 1 list", True)],
)  # fmt: skip
def test_hotlist_names_are_matched_on_their_letters_alone(name, hidden):
    assert is_hotlist_name(name) is hidden


def test_hotlists_are_left_out_of_the_lists_and_their_count(world, token_of, graphql):
    acme, senior = world.acme, user("senior@acme.test")
    for name in ("Hotlist", "Bench HOT-LIST", "Weekly 2"):
        ShoppingListFactory(name=name, company=acme, created_by=senior)
    token = token_of("senior")

    body = graphql(support.LISTS, {"orderBy": "name", "first": 2}, token=token)

    assert body["data"]["shoppingLists"]["totalCount"] == 4  # Awaiting, Draft, Weekly, Weekly 2
    assert support.names(body) == ["Awaiting", "Draft"]
    page2 = graphql(support.LISTS, {"orderBy": "name", "first": 2, "offset": 2}, token=token)
    assert support.names(page2) == ["Weekly", "Weekly 2"]
    creators = graphql(support.CREATED_BY, {"companyId": acme.pk}, token=token)["data"]["createdByUser"]
    assert sorted(c["email"] for c in creators) == ["junior@acme.test", "senior@acme.test"]


def test_renaming_a_list_to_a_hotlist_hides_it(world, token_of, graphql):
    token = token_of("senior")

    graphql(support.update(), {"id": world.senior_list.pk, "data": {"name": "Hot list"}}, token=token)

    assert "Hot list" not in support.names(graphql(support.LISTS, {"orderBy": "name"}, token=token))
    assert ShoppingList.objects.get(pk=world.senior_list.pk).is_hotlist is True
    # The list itself is still the company's: only the tables leave it out.
    assert graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token)["data"]["shoppingList"]["name"] == (
        "Hot list"
    )


def test_filters_search_status_maker_and_email(world, token_of, graphql):
    token = token_of("admin")
    junior = user("junior@acme.test")
    ShoppingList.objects.filter(pk=world.senior_list.pk).update(description="Monday reorder")

    def listed(**variables):
        return support.names(graphql(support.LISTS, {"orderBy": "name", **variables}, token=token))

    assert listed(search="monday") == ["Weekly"]
    assert listed(search="draf") == ["Draft"]
    assert listed(status=[ShoppingListStatus.DRAFT, ShoppingListStatus.READY_FOR_APPROVAL]) == ["Awaiting", "Draft"]
    assert listed(createdBy=junior.pk) == ["Awaiting", "Draft"]
    assert listed(email="SENIOR@acme.test") == ["Weekly"]


def test_order_by_is_required_and_checked(world, token_of, graphql):
    token = token_of("admin")

    missing = graphql(support.LISTS, {}, token=token)
    unknown = graphql(support.LISTS, {"orderBy": "price"}, token=token)
    newest = graphql(support.LISTS, {"orderBy": "-createdAt"}, token=token)

    assert missing["errors"][0]["message"] == "Invalid query: orderBy property is required"
    assert missing["errors"][0]["extensions"]["fields"] == {"orderBy": ["Invalid query: orderBy property is required"]}
    assert unknown["errors"][0]["extensions"]["fieldCodes"] == {"orderBy": ["invalid_choice"]}
    assert support.names(newest) == ["Awaiting", "Draft", "Weekly"]


def test_the_page_size_is_50_by_default_and_at_most_100(world, token_of, graphql):
    acme, senior = world.acme, user("senior@acme.test")
    ShoppingList.objects.bulk_create(
        ShoppingList(name=f"List {n:02d}", company=acme, created_by=senior) for n in range(60)
    )
    token = token_of("senior")
    query = support.lists_query(fields="id")

    default = graphql(query.replace("$first: Int! = 50", "$first: Int"), {"orderBy": "name"}, token=token)
    too_many = graphql(support.LISTS, {"orderBy": "name", "first": 101}, token=token)

    assert len(default["data"]["shoppingLists"]["edges"]) == 50
    assert default["data"]["shoppingLists"]["totalCount"] == 63
    assert too_many["errors"][0]["extensions"]["fields"] == {"first": ["Ask for at most 100 lists at a time."]}


def test_the_lists_totals_follow_the_callers_group(world, token_of, graphql):
    body = graphql(support.lists_query(fields=f"name {support.TOTALS}"), {"orderBy": "name"}, token=token_of("admin"))

    weekly = next(e["node"] for e in body["data"]["shoppingLists"]["edges"] if e["node"]["name"] == "Weekly")
    assert (weekly["isShowGrandTotal"], Decimal(weekly["subtotal"]), weekly["currencyCode"]) == (
        True, Decimal("64.60"), "USD",
    )  # fmt: skip


def test_a_pending_companys_users_see_no_prices(world, ethanol, token_of, graphql):
    Company.objects.filter(pk=world.acme.pk).update(status=0)  # pending: they become individual customers
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    mine = ShoppingListFactory(name="Pending", customer=user("senior@acme.test"))
    ShoppingListItemFactory(shopping_list=mine, variant=world.small, quantity=1, added_unit_price=Decimal("38.00"))

    body = graphql(support.CUSTOMER_DETAIL, {"id": mine.pk}, token=token_of("senior"))

    detail = body["data"]["customerShoppingList"]
    node = detail["products"]["edges"][0]["node"]
    assert (detail["pricesHidden"], detail["isShowGrandTotal"], detail["grandTotal"]) == (True, False, None)
    assert (node["basePrice"], node["priceWhenAdded"], node["priceError"]) == (None, None, None)


def test_duplicating_copies_the_products_as_the_callers_own_list(world, token_of, graphql):
    # The junior buyer copies nothing they cannot see; the senior's copy of the junior's list is the senior's.
    body = graphql(support.duplicate(), {"id": world.junior_ready.pk}, token=token_of("senior"))

    copy = body["data"]["shoppingListsDuplicate"]["shoppingList"]
    assert (copy["name"], copy["status"], copy["isOwner"], copy["itemCount"]) == ("Awaiting (copy)", 0, True, 1)
    made = ShoppingList.objects.get(pk=copy["id"])
    assert made.created_by.email == "senior@acme.test"
    assert list(made.items.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 2)]


def test_a_junior_duplicates_their_own_list_as_a_draft(world, token_of, graphql):
    body = graphql(support.duplicate(), {"id": world.junior_ready.pk, "data": {"name": "Again"}},
                   token=token_of("junior"))  # fmt: skip

    assert body["data"]["shoppingListsDuplicate"]["shoppingList"]["status"] == ShoppingListStatus.DRAFT


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [({"name": "  "}, "name", "required"), ({"name": "x" * 201}, "name", "max_length"),
     ({"name": "Ok", "description": "x" * 1001}, "description", "max_length")],
)  # fmt: skip
def test_a_list_needs_a_name_and_bounded_texts(world, token_of, graphql, data, field, code):
    before = snapshot()

    body = graphql(support.create(), {"data": data}, token=token_of("senior"))

    assert body["errors"][0]["extensions"]["fieldCodes"] == {field: [code]}
    assert snapshot() == before


def test_the_list_reports_its_maker(world, token_of, graphql):
    body = graphql(support.DETAIL, {"id": world.junior_draft.pk}, token=token_of("senior"))

    detail = body["data"]["shoppingList"]
    assert detail["customerInfo"] == {
        "userId": user("junior@acme.test").pk, "firstName": "Jules", "lastName": "Junior",
        "email": "junior@acme.test", "role": 2,
    }  # fmt: skip
    assert (detail["companyId"], detail["channelId"], detail["channelName"]) == (
        world.acme.pk,
        1,
        "Helix Scientific US",
    )


# --- enablement (shell §4) -----------------------------------------------------------------------------------------


def _flags(**flags):
    entry = StorefrontConfig.objects.get(key="shopping_list_on_product_page")
    entry.extra_fields = {**entry.extra_fields, **flags}
    entry.save()


@pytest.mark.parametrize(
    ("caller", "enabled", "reason", "on_product_page"),
    [("b2c", True, None, True), ("junior", True, None, True), ("super", False, "SHOPPING_LISTS_DISABLED", False)],
)
def test_shopping_lists_enabled(world, token_of, graphql, caller, enabled, reason, on_product_page):
    body = graphql(support.ENABLED, token=token_of(caller))

    assert body["data"]["shoppingListsEnabled"] == {
        "enabled": enabled, "reason": reason, "onProductPage": on_product_page,
    }  # fmt: skip


def test_the_individual_flag_off_turns_the_customers_lists_off(world, token_of, graphql):
    _flags(enableForIndividual="0")
    token = token_of("b2c")
    before = snapshot()

    enabled = graphql(support.ENABLED, token=token)["data"]["shoppingListsEnabled"]
    listed = graphql(support.CUSTOMER_LISTS, {"orderBy": "name"}, token=token)
    created = graphql(support.create("customer"), {"data": {"name": "New"}}, token=token)

    assert enabled == {"enabled": False, "reason": "SHOPPING_LISTS_DISABLED", "onProductPage": False}
    assert error_code(listed) == error_code(created) == "SHOPPING_LISTS_DISABLED"
    assert created["errors"][0]["message"] == "Shopping lists are not available for this account."
    assert snapshot() == before
    # The company's users keep theirs.
    assert "errors" not in graphql(support.LISTS, {"orderBy": "name"}, token=token_of("senior"))


def test_the_stores_feature_off_turns_every_list_off(world, token_of, graphql):
    StoreFeatures.objects.update(shopping_lists=False)

    body = graphql(support.items_create(), {"id": world.senior_list.pk, "items": [{"sku": "HS-1001-500ML"}]},
                   token=token_of("senior"))  # fmt: skip

    assert error_code(body) == "SHOPPING_LISTS_DISABLED"


# --- query counts (Done when 4) ------------------------------------------------------------------------------------

LIST_PAGE = support.lists_query(fields=f"{support.LIST_FIELDS} {support.TOTALS}")


def _more_lists(world, count: int) -> None:
    senior = user("senior@acme.test")
    for n in range(count):
        shopping_list = ShoppingListFactory(name=f"More {n}", company=world.acme, created_by=senior)
        for sku in ("HS-1001-100ML", "HS-1001-500ML", "HS-1001-1L"):
            ShoppingListItemFactory(shopping_list=shopping_list, variant=support.variant(sku), quantity=n + 1)


def _count_queries(graphql, token, query, variables, data_key) -> tuple[int, dict]:
    """The number of queries one request takes, and its data."""
    calculation.store_pricing(currency_code=None)  # cached from here on (issue 21): the requests compared count alike
    with CaptureQueriesContext(connection) as captured:
        body = graphql(query, variables, token=token)
    assert "errors" not in body, body
    return len(captured), body["data"][data_key]


def test_the_lists_take_the_same_queries_for_3_or_9_lists(world, token_of, graphql, django_assert_num_queries):
    token = token_of("senior")
    few, body = _count_queries(graphql, token, LIST_PAGE, {"orderBy": "name"}, "shoppingLists")
    assert len(body["edges"]) == 3
    _more_lists(world, 6)

    with django_assert_num_queries(few):
        body = graphql(LIST_PAGE, {"orderBy": "name"}, token=token)

    assert len(body["data"]["shoppingLists"]["edges"]) == 9
    assert all(edge["node"]["isShowGrandTotal"] for edge in body["data"]["shoppingLists"]["edges"])


def test_a_lists_products_take_the_same_queries_for_2_or_8_products(
    world, ethanol, sodium_chloride, token_of, graphql, django_assert_num_queries
):
    token = token_of("senior")
    option = ethanol.options.get(display_name="Printed certificate of analysis")
    yes = option.values.get(label="Yes")
    ShoppingListItemFactory(
        shopping_list=world.senior_list, variant=support.variant("HS-1001-1L"), options=[[option.pk, str(yes.pk)]]
    )
    few, body = _count_queries(graphql, token, support.DETAIL, {"id": world.senior_list.pk}, "shoppingList")
    assert len(body["products"]["edges"]) == 2
    for sku in ("HS-1001-500ML", "HS-1001-1L", "HS-1001-2.5L", "HS-1055-100G", "HS-1055-500G", "HS-1055-1KG"):
        ShoppingListItemFactory(shopping_list=world.senior_list, variant=support.variant(sku), quantity=3)

    with django_assert_num_queries(few):
        body = graphql(support.DETAIL, {"id": world.senior_list.pk}, token=token)

    assert len(body["data"]["shoppingList"]["products"]["edges"]) == 8


# --- createdByUser (shell §7) --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("caller", "expected"),
    [("senior", ["junior@acme.test", "senior@acme.test"]), ("junior", ["junior@acme.test"])],
)
def test_created_by_user_names_the_makers_of_the_lists_the_caller_reaches(world, token_of, graphql, caller, expected):
    body = graphql(support.CREATED_BY, {"companyId": world.acme.pk}, token=token_of(caller))

    assert sorted(u["email"] for u in body["data"]["createdByUser"]) == expected


def test_created_by_user_of_another_company_is_refused(world, token_of, graphql):
    body = graphql(support.CREATED_BY, {"companyId": world.globex.pk}, token=token_of("senior"))

    assert error_code(body) == "PERMISSION_DENIED"
