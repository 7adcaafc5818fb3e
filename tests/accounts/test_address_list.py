"""The address list (issue 16): search, filters, paging, the required orderBy (shell §5), and a query count that does
not grow with the page."""

import pytest

from tests.accounts.address_support import LIST, address_books_build, labels
from tests.factories.accounts import AddressFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

ORDER_BY_REQUIRED = "Invalid query: orderBy property is required"


@pytest.fixture
def book(demo_store):
    return address_books_build()


@pytest.fixture
def token(book, login):
    return login("junior@acme.test")  # reading needs only the address view codes


def test_order_by_is_required(book, token, graphql):
    body = graphql(LIST, {}, token=token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["message"] == ORDER_BY_REQUIRED
    assert body["errors"][0]["extensions"]["fields"] == {"orderBy": [ORDER_BY_REQUIRED]}


def test_an_unknown_order_is_refused(book, token, graphql):
    body = graphql(LIST, {"orderBy": "password"}, token=token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"orderBy": ["invalid_choice"]}


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        ("label", ["Cold room", "Dock", "Payables"]),
        ("-label", ["Payables", "Dock", "Cold room"]),
        ("city", ["Dock", "Payables", "Cold room"]),  # Boston, Boston (by id), Cambridge
        ("-city", ["Cold room", "Payables", "Dock"]),
        ("createdAt", ["Dock", "Payables", "Cold room"]),
    ],
)
def test_the_list_is_sorted_by_order_by(book, token, graphql, order_by, expected):
    assert labels(graphql(LIST, {"orderBy": order_by}, token=token)) == expected


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"search": "cold"}, ["Cold room"]),
        ({"search": "02139"}, ["Cold room"]),  # the ZIP code
        ({"search": "rosalind cambridge"}, ["Cold room"]),  # every word, in any field
        ({"search": "science park"}, ["Cold room", "Dock", "Payables"]),
        ({"search": "nowhere"}, []),
        ({"city": "cambridge"}, ["Cold room"]),
        ({"country": "us", "state": "ma"}, ["Cold room", "Dock", "Payables"]),
        ({"state": "CA"}, []),  # Globex's address is in California: not Acme's
        ({"isShipping": True}, ["Cold room", "Dock"]),
        ({"isBilling": True}, ["Payables"]),
        ({"isShipping": True, "search": "dock"}, ["Dock"]),
    ],
)
def test_search_and_filters(book, token, graphql, variables, expected):
    body = graphql(LIST, {"orderBy": "label", **variables}, token=token)

    assert labels(body) == expected
    assert body["data"]["addresses"]["totalCount"] == len(expected)


def test_pages_come_from_offset_and_first_with_the_total(book, token, graphql):
    first_page = graphql(LIST, {"orderBy": "label", "first": 2}, token=token)
    second_page = graphql(LIST, {"orderBy": "label", "first": 2, "offset": 2}, token=token)
    past_the_end = graphql(LIST, {"orderBy": "label", "first": 2, "offset": 10}, token=token)

    assert labels(first_page) == ["Cold room", "Dock"]
    assert labels(second_page) == ["Payables"]
    assert labels(past_the_end) == []
    assert {page["data"]["addresses"]["totalCount"] for page in (first_page, second_page, past_the_end)} == {3}


@pytest.mark.parametrize(
    ("variables", "field", "message"),
    [
        ({"first": 101}, "first", "Ask for at most 100 addresses at a time."),
        ({"first": -1}, "first", "Enter 0 or more."),
        ({"offset": -5}, "offset", "Enter 0 or more."),
        ({"search": "x" * 101}, "search", "Enter at most 100 characters."),
        ({"city": "x" * 101}, "city", "Enter at most 100 characters."),
    ],
)
def test_out_of_range_paging_and_search_are_refused(book, token, graphql, variables, field, message):
    body = graphql(LIST, {"orderBy": "label", **variables}, token=token)

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {field: [message]}


def test_a_picker_asks_for_a_few_shipping_addresses_matching_what_was_typed(book, token, graphql):
    """The quote draft's and the checkout's "choose from saved": a small page of one kind, searched as one types."""
    AddressFactory.create_batch(12, company=book.acme, label="Satellite lab", is_billing=False)

    body = graphql(LIST, {"orderBy": "label", "first": 5, "search": "satellite", "isShipping": True}, token=token)

    assert len(body["data"]["addresses"]["edges"]) == 5
    assert body["data"]["addresses"]["totalCount"] == 12


# Token → user, company, role and the role's permissions (1), the count (1), the page with who added each (1).
LIST_QUERIES = 3


def test_the_list_takes_the_same_queries_for_3_or_30_addresses(book, token, graphql, django_assert_num_queries):
    with django_assert_num_queries(LIST_QUERIES):
        assert len(labels(graphql(LIST, {"orderBy": "label", "first": 50}, token=token))) == 3
    AddressFactory.create_batch(27, company=book.acme, created_by=book.dock.created_by)
    with django_assert_num_queries(LIST_QUERIES):
        assert len(labels(graphql(LIST, {"orderBy": "label", "first": 50}, token=token))) == 30
