"""Orders follow the company tree (issue 40): a parent's admins (and members granted the units below) see and act for
the orders of every unit below the one they work in; a unit's own users see only their unit's; a sibling unit and
another company see nothing of it — refused as today, with nothing changed. The company list shows each order's unit
and filters by it; its query count does not grow with the depth of the tree."""

from __future__ import annotations

import pytest

from orders.models import Order
from orders.services import order_search_text_backfill
from quotes.models import QuoteDraftLine
from storefront.models import Cart, CartLine
from tests.factories.accounts import TREE_REACH, tree_deepen
from tests.factories.orders import OrderFactory
from tests.helpers import count_queries, error_code

pytestmark = pytest.mark.django_db

LIST = """query($scope: OrderScope!, $companyId: Int) {
  orders(scope: $scope, orderBy: "-createdAt", first: 100, companyId: $companyId) {
    totalCount edges { node { number companyId companyName placedBy { email } } } } }"""
DETAIL = "query($id: ID!) { order(id: $id) { number companyId companyName } }"
PDF = "query($id: ID!) { orderPdf(id: $id) { fileName } }"
TRANSFER = "cartEntityId added { orderLineId } notAdded { orderLineId code }"
REORDER = f"mutation($id: ID!) {{ orderReorder(id: $id) {{ {TRANSFER} }} }}"
ADD_TO_QUOTE = f"mutation($id: ID!) {{ orderAddToQuote(id: $id) {{ {TRANSFER} }} }}"

UNITS = ("university", "chemistry", "organic_lab", "biology", "genetics_lab", "other")
# Who placed each unit's order.
PLACERS = {
    "university": "university_admin", "chemistry": "chemistry_senior", "organic_lab": "organic_senior",
    "biology": "biology_admin", "genetics_lab": "genetics_senior", "other": "other_admin",
}  # fmt: skip
# The units whose orders each caller reaches at company level (get_orders / get_order_detail level 2).
REACH = TREE_REACH
CALLERS = [*REACH, "organic_junior"]


@pytest.fixture
def orders(tree) -> dict[str, Order]:
    made = {unit: OrderFactory(company=tree.unit(unit), placed_by=tree.users[PLACERS[unit]], lines=1) for unit in UNITS}
    order_search_text_backfill()
    return made


def _rows(body: dict) -> list[dict]:
    assert "errors" not in body, body
    return [edge["node"] for edge in body["data"]["orders"]["edges"]]


def _state() -> list:
    return [
        Cart.objects.count(),
        list(CartLine.objects.order_by("pk").values_list("cart_id", "variant_id", "quantity")),
        list(QuoteDraftLine.objects.order_by("pk").values_list("draft_id", "variant_id", "quantity")),
        list(Order.objects.order_by("pk").values_list("pk", "status", "company_id", "grand_total")),
    ]


@pytest.mark.parametrize("caller", list(REACH))
def test_the_company_orders_are_those_of_the_units_the_caller_reaches(caller, tree, orders, tree_sign_in, graphql):
    body = graphql(LIST, {"scope": "COMPANY"}, token=tree_sign_in(caller))

    rows = _rows(body)
    expected = {orders[unit].number: tree.unit(unit) for unit in REACH[caller]}
    assert {row["number"] for row in rows} == set(expected)
    assert body["data"]["orders"]["totalCount"] == len(expected)
    for row in rows:
        unit = expected[row["number"]]
        assert (row["companyId"], row["companyName"]) == (unit.pk, unit.name)


def test_a_junior_buyer_has_no_company_orders_and_their_own_list_is_their_units(tree, orders, tree_sign_in, graphql):
    token = tree_sign_in("organic_junior")
    assert error_code(graphql(LIST, {"scope": "COMPANY"}, token=token)) == "PERMISSION_DENIED"
    mine = OrderFactory(company=tree.organic_lab, placed_by=tree.users["organic_junior"])

    detail = graphql(DETAIL, {"id": str(mine.number)}, token=token)

    assert detail["data"]["order"] == {
        "number": mine.number, "companyId": tree.organic_lab.pk, "companyName": "Organic Synthesis Lab"
    }  # fmt: skip


@pytest.mark.parametrize("caller", CALLERS)
def test_an_order_and_its_pdf_open_for_the_units_the_caller_reaches(caller, tree, orders, tree_sign_in, graphql):
    token = tree_sign_in(caller)
    reach = REACH.get(caller, set())  # the junior buyer: only the orders they placed, none of these
    for unit in UNITS:
        number = str(orders[unit].number)
        detail = graphql(DETAIL, {"id": number}, token=token)
        pdf = graphql(PDF, {"id": number}, token=token)
        if unit in reach:
            assert detail["data"]["order"]["companyName"] == tree.unit(unit).name, (unit, detail)
            assert pdf["data"]["orderPdf"]["fileName"] == f"order-{number}.pdf"
        else:
            # Another unit's order does not exist for the caller: the same answer as a missing one.
            assert (error_code(detail), detail["errors"][0]["message"]) == ("NOT_FOUND", "Order not found."), unit
            assert error_code(pdf) == "NOT_FOUND", unit


@pytest.mark.parametrize(
    ("caller", "status"), [("chemistry_admin", 200), ("organic_senior", 200), ("biology_admin", 404),
                           ("other_admin", 404), ("chemistry_senior", 404)],
)  # fmt: skip
def test_the_pdf_edge_opens_a_lab_order_for_the_callers_who_reach_the_lab(
    caller, status, tree, orders, tree_sign_in, client
):
    token = tree_sign_in(caller)

    response = client.get(f"/api/v2/orders/{orders['organic_lab'].number}/pdf", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert response.status_code == status
    if status == 200:
        assert response["Content-Type"] == "application/pdf"


@pytest.fixture
def lab_order(demo_store, ethanol, tree) -> Order:
    """The lab's order of a product the store sells (the reorder and add-to-quote put it in a cart or a draft)."""
    variant = ethanol.variants.order_by("pk").first()
    lines = [{"variant": variant, "product": ethanol, "quantity": 2}]
    return OrderFactory(company=tree.organic_lab, placed_by=tree.users["organic_senior"], lines=lines)


@pytest.mark.parametrize(
    ("caller", "allowed"),
    [("university_admin", True), ("chemistry_admin", True), ("chemistry_senior_below", True),
     ("organic_senior", True), ("chemistry_senior", False), ("biology_admin", False), ("genetics_senior", False),
     ("other_admin", False)],
)  # fmt: skip
@pytest.mark.parametrize("action", ["orderReorder", "orderAddToQuote"])
def test_reorder_and_add_to_quote_take_a_lab_order_for_the_callers_who_reach_the_lab(
    caller, allowed, action, lab_order, tree_sign_in, graphql
):
    token = tree_sign_in(caller)
    before = _state()

    body = graphql(REORDER if action == "orderReorder" else ADD_TO_QUOTE, {"id": str(lab_order.number)}, token=token)

    if allowed:
        assert "errors" not in body, body
        assert len(body["data"][action]["added"]) == 1, body
        assert _state() != before
    else:
        assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Order not found.")
        assert _state() == before  # nothing changed


# --- the company filter ------------------------------------------------------------------------------------------


def test_the_company_filter_shows_one_unit_the_caller_reaches(tree, orders, tree_sign_in, graphql):
    token = tree_sign_in("university_admin")

    lab = _rows(graphql(LIST, {"scope": "COMPANY", "companyId": tree.organic_lab.pk}, token=token))
    chemistry = _rows(graphql(LIST, {"scope": "COMPANY", "companyId": tree.chemistry.pk}, token=token))
    own = _rows(graphql(LIST, {"scope": "MINE", "companyId": tree.university.pk}, token=token))
    mine_in_lab = _rows(graphql(LIST, {"scope": "MINE", "companyId": tree.organic_lab.pk}, token=token))

    assert [row["number"] for row in lab] == [orders["organic_lab"].number]
    assert [row["number"] for row in chemistry] == [orders["chemistry"].number]  # one unit, not those below it
    assert [row["number"] for row in own] == [orders["university"].number]
    assert mine_in_lab == []  # they placed none in the lab


@pytest.mark.parametrize(
    ("caller", "unit", "scope"),
    [("chemistry_admin", "biology", "COMPANY"), ("chemistry_admin", "university", "COMPANY"),
     ("chemistry_senior", "organic_lab", "COMPANY"), ("organic_senior", "chemistry", "MINE"),
     ("other_admin", "organic_lab", "COMPANY")],
)  # fmt: skip
def test_a_company_out_of_reach_is_refused_as_an_input_error(caller, unit, scope, tree, orders, tree_sign_in, graphql):
    body = graphql(LIST, {"scope": scope, "companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert body["errors"][0]["extensions"]["code"] == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}


# --- purchased products --------------------------------------------------------------------------------------------

PURCHASED = '{ purchasedProducts(orderBy: "sku", first: 100) { totalCount edges { node { sku } } } }'


@pytest.mark.parametrize(
    ("caller", "units"),
    [("university_admin", {"university", "chemistry", "organic_lab", "biology", "genetics_lab"}),
     ("chemistry_admin", {"chemistry", "organic_lab"}), ("chemistry_senior", {"chemistry"}),
     ("organic_senior", {"organic_lab"}), ("biology_admin", {"biology", "genetics_lab"}),
     ("other_admin", {"other"})],
)  # fmt: skip
def test_purchased_products_are_those_of_the_units_the_caller_reaches(
    caller, units, demo_store, orders, tree_sign_in, graphql
):
    from orders.purchased_summary import purchased_products_rebuild

    purchased_products_rebuild()  # the factories' orders counted in the per-company summaries, as checkout does

    body = graphql(PURCHASED, token=tree_sign_in(caller))

    assert "errors" not in body, body
    skus = {edge["node"]["sku"] for edge in body["data"]["purchasedProducts"]["edges"]}
    assert skus == {orders[unit].lines.get().sku for unit in units}


# --- query counts --------------------------------------------------------------------------------------------------


def _deepen(tree, depth: int) -> None:
    """Units below the lab down to `depth` levels below the university, each with an order of its own."""
    tree_deepen(
        tree.organic_lab,
        depth,
        each=lambda unit: OrderFactory(company=unit, placed_by=tree.users["organic_senior"], lines=1),
    )


def _list_queries(graphql, token: str, variables: dict) -> tuple[int, int]:
    queries, body = count_queries(lambda: graphql(LIST, variables, token=token))
    return queries, len(_rows(body))


@pytest.mark.parametrize("filtered", [False, True])
def test_the_company_list_takes_the_same_queries_for_a_tree_of_depth_2_or_6(
    filtered, tree, orders, tree_sign_in, graphql
):
    token = tree_sign_in("university_admin")
    variables = {"scope": "COMPANY", "companyId": tree.organic_lab.pk if filtered else None}

    shallow, shallow_rows = _list_queries(graphql, token, variables)
    _deepen(tree, 6)
    deep, deep_rows = _list_queries(graphql, token, variables)

    # The token, the units the admin reaches, the total (the tally), the page, the units' names.
    assert (shallow, deep) == (5, 5)
    assert (shallow_rows, deep_rows) == ((1, 1) if filtered else (5, 9))
