"""The quotes list answered as plain data (issue 21) gives the answers the per-field resolvers gave.

`REFERENCE` is the completion before plain data: QuoteHeader with a resolver per field and the `quotes` resolver of
3f31940 (quotes/graphql/types.py, queries.py, and the selector's select_related of every column), copied here under a
schema of their own with the same type names. Each test runs the same document, variables and caller through the
portal's schema and the reference and compares the answers as JSON text (field order included) and their errors as
the client receives them (message, path, locations, extensions).
"""

from __future__ import annotations

import datetime
from decimal import Decimal
from typing import Annotated

import pytest
import strawberry

from accounts.models import Company, User
from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import QUOTES_VARIABLES
from portal.errors import InputError
from portal.graphql.permissions import requires
from portal.schema import schema
from quotes import selectors
from quotes.graphql.queries import MAX_PAGE_SIZE
from quotes.graphql.types import QuoteContactInfo, QuotePerson
from quotes.models import Quote, QuoteStatus
from quotes.selectors import effective_status
from tests.orders.factories import OrderFactory
from tests.plain_reference import assert_same_answer as same_answer
from tests.plain_reference import reference_schema, request_context
from tests.quotes.support import LIST, make_quote

pytestmark = pytest.mark.django_db

# --- the reference: the per-field completion of 3f31940 ------------------------------------------------------------


def _ref_person(user) -> QuotePerson | None:
    if user is None:
        return None
    return QuotePerson(name=user.get_full_name() or user.email, email=user.email)


@strawberry.type(name="QuoteHeader")
class RefQuoteHeader:
    quote: strawberry.Private[Quote]

    @strawberry.field
    def id(self) -> int:
        return self.quote.pk

    @strawberry.field
    def number(self) -> str:
        return self.quote.number or ""

    @strawberry.field
    def title(self) -> str:
        return self.quote.title

    @strawberry.field
    def status(self) -> str:
        return effective_status(self.quote)

    @strawberry.field
    def revision(self) -> int:
        return self.quote.revision

    @strawberry.field
    def is_priced(self) -> bool:
        return self.quote.is_priced

    @strawberry.field
    def issued_on(self) -> datetime.datetime:
        return self.quote.created_at

    @strawberry.field
    def expires_on(self) -> datetime.date:
        return self.quote.expires_on

    @strawberry.field
    def updated_at(self) -> datetime.datetime:
        return self.quote.updated_at

    @strawberry.field
    def sales_rep(self) -> QuotePerson | None:
        return _ref_person(self.quote.sales_rep)

    @strawberry.field
    def created_by(self) -> QuotePerson | None:
        return _ref_person(self.quote.user)

    @strawberry.field
    def contact_info(self) -> QuoteContactInfo:
        quote = self.quote
        return QuoteContactInfo(
            name=quote.contact_name,
            email=quote.contact_email,
            company_name=quote.company_name,
            phone_number=quote.phone_number,
            quote_title=quote.title,
        )

    @strawberry.field
    def currency_code(self) -> str:
        return self.quote.currency_code

    @strawberry.field
    def original_subtotal(self) -> Decimal | None:
        return self.quote.original_subtotal

    @strawberry.field
    def quoted_subtotal(self) -> Decimal | None:
        return self.quote.quoted_subtotal

    @strawberry.field
    def grand_total(self) -> Decimal | None:
        return self.quote.grand_total

    @strawberry.field
    def order_id(self) -> int | None:
        return self.quote.order_id


@strawberry.type(name="QuoteEdge")
class RefQuoteEdge:
    node: RefQuoteHeader


@strawberry.type(name="QuoteList")
class RefQuoteList:
    total_count: int
    edges: list[RefQuoteEdge]


@strawberry.type(name="Query")
class RefQuery:
    @strawberry.field(permission_classes=[requires("get_quotes")])
    def quotes(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument()] = 10,
        offset: int = 0,
        search: str | None = None,
        status: str | None = None,
        date_from: datetime.date | None = None,
        date_to: datetime.date | None = None,
        order_by: str | None = None,
    ) -> RefQuoteList:
        if first < 0 or offset < 0:
            raise InputError(fields={"first" if first < 0 else "offset": ["Enter 0 or more."]})
        if first > MAX_PAGE_SIZE:
            message = f"Ask for at most {MAX_PAGE_SIZE} quotes at a time."
            raise InputError(message, fields={"first": [message]})
        if search is not None and len(search) > 100:
            raise InputError(fields={"search": ["Enter at most 100 characters."]})
        filters = selectors.QuoteFilters(
            search=search or "", status=status or None, date_from=date_from, date_to=date_to, order_by=order_by or ""
        )
        # 3f31940's selector: every column of the quote and its sales rep, user and company.
        quotes = selectors.quote_list(actor=info.context.actor, filters=filters).defer(None).select_related("company")
        total = quotes.count()
        page = list(quotes[offset : offset + first])
        return RefQuoteList(total_count=total, edges=[RefQuoteEdge(node=RefQuoteHeader(quote=quote)) for quote in page])


REFERENCE = reference_schema(RefQuery)


def assert_same_answer(
    document: str, variables: dict | None = None, token: str | None = None, *, refused: bool = False
) -> dict:
    """The portal's answer equals the reference's, as JSON text; returns the portal's data. Without errors unless
    `refused`: then with errors."""
    return same_answer(REFERENCE, document, variables, token, refused=refused)


# --- the quotes and the callers -------------------------------------------------------------------------------------


@pytest.fixture
def quotes(ethanol, sodium_chloride, drum):
    """Acme: an open one of the senior buyer's, a priced one (with a sales rep), an expired one, an ordered one and the
    junior's; Globex: one; a B2C customer: one; a guest: one. A sales rep without a name shows their e-mail."""
    made = {
        "open": make_quote("senior@acme.test", title="Solvents", lines=[("HS-1001-100ML", 2)]),
        "priced": make_quote("senior@acme.test", title="Salts", lines=[("HS-1055-500G", 3)], priced=True),
        "expired": make_quote("senior@acme.test", title="Old buffer", lines=[("HS-1055-100G", 4)], priced=True),
        "ordered": make_quote("admin@acme.test", title="Drum", lines=[("HS-1152", 1)], priced=True),
        "junior": make_quote("junior@acme.test", title="Junior's buffer", lines=[("HS-1055-100G", 1)]),
        "globex": make_quote("admin@globex.test", title="Globex drum", lines=[("HS-1152", 1)]),
        "b2c": make_quote("b2c@demo.test", title="Home lab", lines=[("HS-1001-500ML", 1)]),
        "guest": make_quote(None, title="Guest request", contact={"phoneNumber": "+1 555 0100"}),
    }
    Quote.objects.filter(pk=made["expired"].pk).update(expires_on=datetime.date(2020, 1, 31))  # still stored open
    acme = Company.objects.get(name="Acme Labs")
    order = OrderFactory(company=acme, placed_by=User.objects.get(email="admin@acme.test"))
    Quote.objects.filter(pk=made["ordered"].pk).update(status=QuoteStatus.ORDERED, order=order)
    nameless = User.objects.create_user(email="rep@helix.test", password="x", first_name="", last_name="")
    Quote.objects.filter(pk=made["priced"].pk).update(sales_rep=nameless)
    return made


@pytest.fixture
def callers(quotes, graphql, login):
    """Bearer tokens by caller (None: a guest)."""
    tokens = {"guest": None}
    for name, email in [("admin", "admin@acme.test"), ("senior", "senior@acme.test"), ("junior", "junior@acme.test"),
                        ("other company", "admin@globex.test"), ("b2c", "b2c@demo.test")]:  # fmt: skip
        tokens[name] = login(email)
    tokens["masquerading super admin"] = login("superadmin@demo.test")
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    body = graphql(begin, {"id": Company.objects.get(name="Acme Labs").pk}, token=tokens["masquerading super admin"])
    assert "errors" not in body, body
    return tokens


# --- documents ------------------------------------------------------------------------------------------------------

OVERLAY = overlay_document("QUOTES")

EVERY_FIELD = """
query Every($first: Int, $offset: Int, $search: String, $status: String, $from: Date, $to: Date, $orderBy: String) {
  quotes(first: $first, offset: $offset, search: $search, status: $status, dateFrom: $from, dateTo: $to,
         orderBy: $orderBy) {
    __typename totalCount
    edges { __typename node { __typename id number title status revision isPriced issuedOn expiresOn updatedAt
      salesRep { __typename name email } createdBy { name email }
      contactInfo { __typename name email companyName phoneNumber quoteTitle }
      currencyCode originalSubtotal quotedSubtotal grandTotal orderId } } } }
"""

SHAPED = """
query Shaped($orderBy: String!, $withRep: Boolean!, $skipTotals: Boolean!, $second: Int!) {
  page: quotes(orderBy: $orderBy, first: 2) {
    count: totalCount
    rows: edges { quote: node { ...Header ... on QuoteHeader { ref: number kind: __typename } } }
  }
  next: quotes(orderBy: $orderBy, first: 2, offset: $second) {
    edges { node { ...Header salesRep @include(if: $withRep) { ...Person } } }
  }
  __typename
}
fragment Header on QuoteHeader {
  id ref: number
  status @skip(if: $skipTotals)
  grandTotal @skip(if: $skipTotals) originalSubtotal @include(if: $withRep)
  ... @include(if: $withRep) { salesRep { ...Person } createdBy { ...Person } }
  ... on QuoteHeader @skip(if: $skipTotals) { orderId quotedSubtotal }
  contactInfo { name ... on QuoteContactInfo { email } }
  id
}
fragment Person on QuotePerson { who: name email __typename }
"""

SMALL = """
query($first: Int, $offset: Int, $search: String, $status: String, $orderBy: String) {
  quotes(first: $first, offset: $offset, search: $search, status: $status, orderBy: $orderBy) {
    totalCount edges { node { id } } } }
"""

CALLERS = ["admin", "senior", "junior", "other company", "b2c", "masquerading super admin"]
LISTS = [
    {"orderBy": "-createdAt"},
    {"orderBy": "createdAt", "first": 3, "offset": 1},
    {"orderBy": "-grandTotal", "first": 100},
    {"orderBy": "title", "status": "expired"},
    {"orderBy": "-number", "status": "open", "search": "buffer"},
    {"orderBy": "updatedAt", "status": "ordered"},
    {"orderBy": "-expiresOn", "search": "HS-1055"},
    {"orderBy": "status", "from": "2020-01-01", "to": "2999-12-31"},
    {"orderBy": "-createdAt", "offset": 50},
    {"orderBy": "-createdAt", "first": 0},
]


# --- the tests ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_the_overlays_quotes_list_answers_as_before_for_every_caller(callers, caller):
    data = assert_same_answer(OVERLAY, QUOTES_VARIABLES, callers[caller])
    assert data["quotes"]["totalCount"] == len(data["quotes"]["edges"]) > 0


@pytest.mark.parametrize("variables", LISTS)
@pytest.mark.parametrize("caller", ["admin", "junior", "b2c"])
def test_every_field_answers_as_before(callers, caller, variables):
    assert_same_answer(EVERY_FIELD, variables, callers[caller])
    assert_same_answer(LIST, variables, callers[caller])


def test_nulls_expiry_orders_and_names_answer_as_before(quotes, callers):
    data = assert_same_answer(EVERY_FIELD, {"orderBy": "-createdAt", "first": 100}, callers["admin"])
    nodes = {edge["node"]["title"]: edge["node"] for edge in data["quotes"]["edges"]}
    assert nodes["Old buffer"]["status"] == "expired"
    ordered = Quote.objects.get(pk=quotes["ordered"].pk)
    assert (nodes["Drum"]["orderId"], nodes["Drum"]["status"]) == (ordered.order_id, "ordered")
    rep = {"__typename": "QuotePerson", "name": "rep@helix.test", "email": "rep@helix.test"}
    assert nodes["Salts"]["salesRep"] == rep
    assert (nodes["Solvents"]["salesRep"], nodes["Solvents"]["grandTotal"], nodes["Solvents"]["orderId"]) == (
        None, None, None,
    )  # fmt: skip


@pytest.mark.parametrize(
    "variables",
    [
        {"orderBy": "-createdAt", "withRep": True, "skipTotals": False, "second": 2},
        {"orderBy": "title", "withRep": False, "skipTotals": True, "second": 1},
        {"orderBy": "-grandTotal", "withRep": True, "skipTotals": True, "second": 4},
    ],
)
@pytest.mark.parametrize("caller", ["admin", "masquerading super admin"])
def test_aliases_fragments_typename_and_directives_answer_as_before(callers, caller, variables):
    assert_same_answer(SHAPED, variables, callers[caller])


@pytest.mark.parametrize(
    "variables",
    [
        {},  # orderBy is required
        {"orderBy": "-colour"},
        {"orderBy": "-createdAt", "status": "draft"},
        {"orderBy": "-createdAt", "first": MAX_PAGE_SIZE + 1},
        {"orderBy": "-createdAt", "first": -1},
        {"orderBy": "-createdAt", "offset": -1},
        {"orderBy": "-createdAt", "search": "x" * 101},
    ],
)
def test_refusals_answer_as_before(callers, variables):
    assert_same_answer(SMALL, variables, callers["admin"], refused=True)


def test_callers_without_get_quotes_are_refused_as_before(quotes, login):
    for token in (None, login("superadmin@demo.test")):  # a guest; a super admin who is not masquerading
        assert_same_answer(OVERLAY, QUOTES_VARIABLES, token, refused=True)


def test_a_list_node_answers_as_the_quotes_detail(quotes, callers):
    """QuoteDetail resolves QuoteHeader's fields from its quote: the same answers as the list's plain data."""
    listed = assert_same_answer(EVERY_FIELD, {"orderBy": "-createdAt", "first": 100}, callers["admin"])
    header = EVERY_FIELD.split("node { __typename", 1)[1].rsplit("} } } }", 1)[0]
    detail_document = f"query($id: ID!) {{ quote(id: $id) {{ {header} }} }}"
    assert len(listed["quotes"]["edges"]) == 5
    for edge in listed["quotes"]["edges"]:
        node = edge["node"]
        context = request_context(callers["admin"])
        detail = schema.execute_sync(detail_document, {"id": node["id"]}, context_value=context)
        assert detail.errors is None
        assert list({"__typename": "QuoteHeader", **detail.data["quote"]}.items()) == list(node.items())


def test_the_page_carries_the_count_and_a_page_past_the_end_counts_apart(callers, graphql, django_assert_num_queries):
    token = callers["admin"]
    with django_assert_num_queries(2):  # the token with the role grants, the page with the count
        body = graphql(LIST, {"orderBy": "-createdAt", "first": 2}, token=token)
    assert (body["data"]["quotes"]["totalCount"], len(body["data"]["quotes"]["edges"])) == (5, 2)
    with django_assert_num_queries(3):  # and the count, the page having no row to carry it
        body = graphql(LIST, {"orderBy": "-createdAt", "offset": 5}, token=token)
    assert body["data"]["quotes"] == {"totalCount": 5, "edges": []}
