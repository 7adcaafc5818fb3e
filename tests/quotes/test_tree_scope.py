"""Quotes in a company tree (issue 40): every scoped operation — the list, a quote's page, its PDF, a message,
checkout — follows the tree on the server. A parent's admin (and a member granted the units below) reaches the quotes of
every unit below the one they act for; a unit's own users only their unit's; a sibling unit and another company
nothing, refused as today and with nothing changed. The list's company column and filter, and its queries, constant
in the depth of the tree."""

from __future__ import annotations

import pytest

from accounts.models import CompanyRole
from quotes.models import Quote, QuoteMessage
from storefront.models import Cart
from tests.factories.accounts import TREE_REACH, MembershipFactory, tree_deepen
from tests.helpers import count_queries, error_code
from tests.quotes.support import CHECKOUT, MESSAGE, PDF, make_quote

# The store sells the quotes' product (ethanol) before the tree is built.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("ethanol")]

LIST = """
query($companyId: Int, $first: Int = 50) {
  quotes(orderBy: "createdAt", companyId: $companyId, first: $first) {
    totalCount edges { node { id title companyId companyName } } } }
"""
DETAIL = "query($id: ID!) { quote(id: $id) { id title companyId companyName canMessage canCheckout } }"

# The units with a quote, and the buyer of each who requested it.
MAKERS = {"chemistry": "chemistry_senior", "organic_lab": "organic_senior", "biology": "biology_admin"}
# Who reaches the quotes of which unit (get_quotes and the other quote codes at level 2 for admins and senior buyers):
# of the units each reaches, those with a quote (none for another company). The Genetics Lab's buyer is not a caller.
REACH = {caller: units & set(MAKERS) for caller, units in TREE_REACH.items() if caller != "genetics_senior"}
CALLERS = list(REACH)
OWNERS = ["chemistry", "organic_lab"]


@pytest.fixture
def quotes(tree):
    """A priced quote of each unit, requested by one of its own buyers (through the services)."""
    return {
        unit: make_quote(tree.users[maker].email, title=f"{unit} quote", priced=True) for unit, maker in MAKERS.items()
    }


def _quote_state() -> tuple:
    """Everything a quote operation may change: the quotes, their messages, the carts."""
    return (
        list(Quote.objects.order_by("pk").values()),
        list(QuoteMessage.objects.order_by("pk").values()),
        list(Cart.objects.order_by("pk").values()),
    )


def test_each_quote_belongs_to_the_unit_its_buyer_works_in(tree, quotes):
    assert {unit: quote.company_id for unit, quote in quotes.items()} == {
        "chemistry": tree.chemistry.pk,
        "organic_lab": tree.organic_lab.pk,
        "biology": tree.biology.pk,
    }


@pytest.mark.parametrize("caller", CALLERS)
def test_the_list_shows_the_quotes_of_the_units_the_caller_reaches_with_their_company(
    tree, quotes, tree_sign_in, graphql, caller
):
    body = graphql(LIST, token=tree_sign_in(caller))

    assert "errors" not in body, body
    rows = body["data"]["quotes"]["edges"]
    expected = sorted(REACH[caller])
    assert sorted(row["node"]["title"].removesuffix(" quote") for row in rows) == expected
    assert body["data"]["quotes"]["totalCount"] == len(expected)
    assert {(row["node"]["companyId"], row["node"]["companyName"]) for row in rows} == {
        (tree.unit(unit).pk, tree.unit(unit).name) for unit in expected
    }


@pytest.mark.parametrize("owner", OWNERS)
@pytest.mark.parametrize("caller", CALLERS)
def test_a_quote_is_read_and_acted_on_exactly_by_who_reaches_its_unit(
    tree, quotes, tree_sign_in, graphql, caller, owner
):
    """quote(id), quotePdf(id), quoteMessageCreate(id) and quoteCheckout(id): all of them, or none and nothing
    changed (NOT_FOUND: another unit's quote does not exist for the caller, as another company's never did)."""
    quote = quotes[owner]
    token = tree_sign_in(caller)
    reaches = owner in REACH[caller]
    before = _quote_state()

    detail = graphql(DETAIL, {"id": quote.number}, token=token)
    pdf = graphql(PDF, {"id": quote.pk}, token=token)
    message = graphql(MESSAGE, {"id": quote.pk, "message": f"From {caller}"}, token=token)
    checkout = graphql(CHECKOUT, {"id": quote.number}, token=token)

    if reaches:
        assert "errors" not in detail, detail
        node = detail["data"]["quote"]
        assert (node["id"], node["companyId"], node["canMessage"], node["canCheckout"]) == (
            quote.pk, tree.unit(owner).pk, True, True,
        )  # fmt: skip
        assert pdf["data"]["quotePdf"]["fileName"] == f"quote-{quote.number}.pdf", pdf
        assert message["data"]["quoteMessageCreate"]["message"]["message"] == f"From {caller}", message
        assert QuoteMessage.objects.filter(quote=quote, body=f"From {caller}").count() == 1
        assert "errors" not in checkout, checkout
        cart = Cart.objects.get(pk=checkout["data"]["quoteCheckout"]["cartId"])
        assert (cart.quote_id, cart.user_id) == (quote.pk, tree.users[caller].pk)
    else:
        assert [error_code(body) for body in (detail, pdf, message, checkout)] == ["NOT_FOUND"] * 4
        assert detail["data"] is None and checkout["data"] is None
        assert _quote_state() == before


def test_a_level_one_buyer_of_a_unit_reaches_only_their_own_quotes_there(tree, quotes, tree_sign_in, graphql):
    junior = tree.users["organic_junior"]
    own = make_quote(junior.email, title="organic_junior quote")
    token = tree_sign_in("organic_junior")
    before = _quote_state()

    listed = graphql(LIST, token=token)
    colleague = graphql(DETAIL, {"id": quotes["organic_lab"].number}, token=token)
    message = graphql(MESSAGE, {"id": quotes["organic_lab"].pk, "message": "Hello"}, token=token)

    assert [row["node"]["id"] for row in listed["data"]["quotes"]["edges"]] == [own.pk]
    assert (error_code(colleague), error_code(message)) == ("NOT_FOUND", "NOT_FOUND")
    assert _quote_state() == before


def test_a_new_quote_is_the_unit_the_admin_acts_for(tree, quotes, tree_sign_in, graphql):
    """Creating stays in the acting unit: the university's admin's quote is the university's, not a lab's."""
    made = make_quote(tree.users["university_admin"].email, title="university quote")

    assert made.company_id == tree.university.pk
    titles = [
        row["node"]["title"] for row in graphql(LIST, token=tree_sign_in("university_admin"))["data"]["quotes"]["edges"]
    ]
    assert "university quote" in titles


# --- the company filter ----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("caller", "unit", "expected"),
    [
        ("university_admin", "organic_lab", ["organic_lab"]),
        ("university_admin", "biology", ["biology"]),
        ("university_admin", "genetics_lab", []),  # in reach, no quotes
        ("chemistry_admin", "chemistry", ["chemistry"]),
        ("chemistry_senior_below", "organic_lab", ["organic_lab"]),
        ("organic_senior", "organic_lab", ["organic_lab"]),
    ],
)
def test_the_company_filter_keeps_one_unit_within_reach(tree, quotes, tree_sign_in, graphql, caller, unit, expected):
    body = graphql(LIST, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert "errors" not in body, body
    assert [row["node"]["title"].removesuffix(" quote") for row in body["data"]["quotes"]["edges"]] == expected


@pytest.mark.parametrize(
    ("caller", "unit"),
    [
        ("chemistry_admin", "biology"),  # a sibling
        ("chemistry_admin", "university"),  # the unit above
        ("chemistry_senior", "organic_lab"),  # below, but not granted the units below
        ("organic_senior", "chemistry"),
        ("biology_admin", "organic_lab"),
        ("other_admin", "chemistry"),
        ("university_admin", "other"),
    ],
)
def test_the_company_filter_refuses_a_unit_out_of_reach(tree, quotes, tree_sign_in, graphql, caller, unit):
    body = graphql(LIST, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert body["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR", "fields": {"companyId": ["Choose a company you work for."]},
        "fieldCodes": {"companyId": ["invalid_choice"]},
    }  # fmt: skip
    assert body["data"] is None


# --- queries constant in the depth of the tree -----------------------------------------------------------------


def _list_queries(graphql, token) -> tuple[int, list[str]]:
    queries, body = count_queries(lambda: graphql(LIST, token=token))
    assert "errors" not in body, body
    return queries, [row["node"]["companyName"] for row in body["data"]["quotes"]["edges"]]


def test_the_company_wide_list_takes_as_many_queries_for_a_tree_of_depth_six_as_of_depth_two(
    tree, quotes, tree_sign_in, graphql
):
    token = tree_sign_in("university_admin")
    shallow, shallow_names = _list_queries(graphql, token)
    flat, _ = _list_queries(graphql, tree_sign_in("chemistry_senior"))  # a unit's own list: no units below it

    parent = tree_deepen(tree.organic_lab, 6)
    deep_buyer = MembershipFactory(
        user__email="deep@northfield.test", company=parent, role=CompanyRole.SENIOR_BUYER
    ).user
    make_quote(deep_buyer.email, title="deep quote", priced=True)
    deep, deep_names = _list_queries(graphql, token)

    assert parent.depth == 6
    assert deep == shallow
    # The units below cost two queries, once per request: their ids, and their names for the company column.
    assert shallow == flat + 2
    assert deep_names == [*shallow_names, "Level 6"]
