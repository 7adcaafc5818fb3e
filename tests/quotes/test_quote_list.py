"""The quotes list page (`quote_list_page`, the ORM's `quote_list` paged): what each filter finds, "today" and the
time zone, the scope's callers, the refusals, and the queries of a page (its count apart when it is full). The
answers of the overlay's document for each kind of caller are golden (tests/test_golden_answers.py)."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.models import Company, RolePermission, User
from accounts.selectors import GUEST, actor_for_token, actor_for_user
from quotes import selectors
from quotes.graphql.types import quote_header
from quotes.models import Quote, QuoteLine, QuoteStatus
from quotes.selectors import QuoteFilters, quote_list_page
from tests.factories.orders import OrderFactory

pytestmark = pytest.mark.django_db

UTC = datetime.UTC
TODAY = datetime.date(2025, 6, 15)


@pytest.fixture(autouse=True)
def _today(monkeypatch):
    """A fixed "today" for both paths (open and expired are read as of it)."""
    monkeypatch.setattr(selectors, "today", lambda: TODAY)


def _quote(email, company, title, *, created, expires, status=QuoteStatus.OPEN, total=None, rep=None, lines=()):
    user = User.objects.get(email=email) if email else None
    quote = Quote.objects.create(
        user=user, company=company, title=title, contact_name="Ada Buyer", contact_email="ada@lab.test",
        company_name=company.name if company else "", phone_number="+1 555 0100", currency_code="USD",
        expires_on=expires, status=status, sales_rep=rep, revision=1 if total is not None else 0,
        original_subtotal=Decimal("10.00"), quoted_subtotal=total, grand_total=total,
    )  # fmt: skip
    # Stored as the services store them: the number from the id; the times set here (auto_now on create).
    Quote.objects.filter(pk=quote.pk).update(
        number=f"Q-{100000 + quote.pk}", created_at=created, updated_at=created + datetime.timedelta(hours=1)
    )
    for sku, name in lines:
        QuoteLine.objects.create(quote=quote, sku=sku, name=name, quantity=1, original_price=Decimal("1.00"))
    return quote


@pytest.fixture
def quotes(demo_store):
    """Acme's (the admin's, the senior's, the junior's), Globex's, a B2C customer's and a guest's, in every status,
    with totals that tie and are null, creation times about midnight, and titles, SKUs and names holding %, _ and
    non-ASCII letters."""
    acme, globex = Company.objects.get(name="Acme Labs"), Company.objects.get(name="Globex Research")
    rep = User.objects.get(email="staff@demo.test")
    nameless = User.objects.create_user(email="rep@helix.test", password="x", first_name="", last_name="")
    day = datetime.timedelta(days=1)
    at = lambda d, h, m=0: datetime.datetime(2025, 3, d, h, m, tzinfo=UTC)  # noqa: E731
    made = [
        _quote(
            "admin@acme.test",
            acme,
            "Solvents 50% off",
            created=at(10, 23, 30),
            expires=TODAY + day,
            total=Decimal("90.00"),
            rep=rep,
            lines=[("HS-1001-100ML", "Ethanol absolute 99.8%")],
        ),
        _quote(
            "senior@acme.test",
            acme,
            "Salts a_b",
            created=at(11, 0, 30),
            expires=TODAY,
            total=Decimal("90.00"),
            lines=[("HS_1055", "Sodium chloride"), ("X-9", "Äther puriss.")],
        ),
        _quote(
            "senior@acme.test",
            acme,
            "ÄTZKALI pellets",
            created=at(11, 0, 30),
            expires=TODAY - day,
            rep=nameless,
            lines=[("HS-2000", "Kaliumhydroxid")],
        ),
        _quote(
            "senior@acme.test",
            acme,
            "",
            created=at(12, 12),
            expires=TODAY - day,
            status=QuoteStatus.EXPIRED,
            total=Decimal("5.50"),
            lines=[("AB\\CD", "back\\slash")],
        ),
        _quote(
            "junior@acme.test",
            acme,
            "Junior's buffer",
            created=at(1, 5),
            expires=TODAY + 10 * day,
            lines=[("HS-1055-100G", "Sodium chloride 100 g")],
        ),
        _quote(
            "admin@globex.test",
            globex,
            "Globex drum 50%",
            created=at(10, 23, 30),
            expires=TODAY + day,
            total=Decimal("1.00"),
            lines=[("HS-1152", "Ethanol drum")],
        ),
        _quote(
            "b2c@demo.test",
            None,
            "Home lab ätzkali",
            created=at(20, 8),
            expires=TODAY + day,
            lines=[("HS-1001-500ML", "Ethanol 500 mL")],
        ),
        _quote(None, None, "Guest request", created=at(21, 9), expires=TODAY + day),
    ]
    ordered = _quote(
        "admin@acme.test",
        acme,
        "Drum",
        created=at(5, 7),
        expires=TODAY - day,
        status=QuoteStatus.ORDERED,
        total=Decimal("2950.00"),
        rep=rep,
        lines=[("HS-1152", "Drum")],
    )
    order = OrderFactory(company=acme, placed_by=User.objects.get(email="admin@acme.test"))
    Quote.objects.filter(pk=ordered.pk).update(order=order)
    return [*made, ordered]


@pytest.fixture
def actors(quotes, graphql, login):
    """The callers by name: a company admin (level 2), a junior buyer (level 1), a B2C customer, a super admin
    masquerading as Acme, a super admin reading (not masquerading), a guest and a junior without get_quotes."""
    made = {name: actor_for_user(User.objects.get(email=email)) for name, email in [
        ("company admin", "admin@acme.test"), ("junior buyer", "junior@acme.test"), ("b2c", "b2c@demo.test"),
        ("super admin reading", "superadmin@demo.test"),
    ]}  # fmt: skip
    token = login("superadmin@demo.test")
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    assert "errors" not in graphql(begin, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)
    made["masquerading super admin"] = actor_for_token(token)
    made["guest"] = GUEST
    return made


def titles(actor, order_by: str = "title", **given) -> list[str]:
    total, page = quote_list_page(actor=actor, filters=QuoteFilters(order_by=order_by, **given), offset=0, limit=100)
    assert total == len(page)
    return [quote.title for quote in page]


FOUND = [
    ({}, ["", "Drum", "Junior's buffer", "Salts a_b", "Solvents 50% off", "ÄTZKALI pellets"]),
    ({"status": "open"}, ["Junior's buffer", "Salts a_b", "Solvents 50% off"]),
    ({"status": "expired"}, ["", "ÄTZKALI pellets"]),
    ({"status": "ordered"}, ["Drum"]),
    ({"date_from": datetime.date(2025, 3, 11)}, ["", "Salts a_b", "ÄTZKALI pellets"]),
    ({"date_to": datetime.date(2025, 3, 10)}, ["Drum", "Junior's buffer", "Solvents 50% off"]),
    ({"search": "50%"}, ["Solvents 50% off"]),  # % matches itself: not "50 anything"
    ({"search": "a_b"}, ["Salts a_b"]),  # _ matches itself
    ({"search": "HS_1055"}, ["Salts a_b"]),  # a line's SKU
    ({"search": "sodium"}, ["Junior's buffer", "Salts a_b"]),  # a line's name, any case
    ({"search": "\\"}, [""]),
    ({"search": "  q-1  "}, ["", "Drum", "Junior's buffer", "Salts a_b", "Solvents 50% off", "ÄTZKALI pellets"]),
    ({"search": "drum", "status": "ordered", "date_to": datetime.date(2025, 3, 31)}, ["Drum"]),
]


@pytest.mark.parametrize(("given", "expected"), FOUND, ids=repr)
def test_what_each_filter_finds(actors, given, expected):
    assert titles(actors["company admin"], **given) == expected


NOT_PRICED = {"Junior's buffer", "ÄTZKALI pellets"}


def test_each_caller_reads_their_scope_in_the_order_asked(actors):
    assert titles(actors["junior buyer"], "-createdAt") == ["Junior's buffer"]
    assert titles(actors["b2c"]) == ["Home lab ätzkali"]
    assert titles(actors["masquerading super admin"], "-grandTotal") == titles(actors["company admin"], "-grandTotal")
    # Where the unpriced ones (a null total) come is the database's (PostgreSQL: first when descending).
    priced = [title for title in titles(actors["company admin"], "-grandTotal") if title not in NOT_PRICED]
    assert priced == ["Drum", "Salts a_b", "Solvents 50% off", ""]  # a tie: the later one first
    admin = actors["company admin"]
    total, page = quote_list_page(actor=admin, filters=QuoteFilters(order_by="createdAt"), offset=1, limit=3)
    assert (total, [quote.title for quote in page]) == (6, ["Drum", "Solvents 50% off", "Salts a_b"])


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/Los_Angeles"])
def test_the_issue_date_is_the_date_in_the_current_time_zone(actors, zone):
    """Solvents was made at 23:30 UTC on 10 March: the 11th in Tokyo, the 10th in UTC and Los Angeles."""
    admin = actors["company admin"]
    with timezone.override(zone):
        found = "Solvents 50% off" in titles(
            admin, date_from=datetime.date(2025, 3, 11), date_to=datetime.date(2025, 3, 11)
        )
    assert found == (zone == "Asia/Tokyo")


def test_open_and_expired_are_as_of_today(actors, monkeypatch):
    admin = actors["company admin"]
    for shift, expired in ((-1, [""]), (1, ["", "Salts a_b", "ÄTZKALI pellets"])):
        monkeypatch.setattr(selectors, "today", lambda shift=shift: TODAY + datetime.timedelta(days=shift))
        assert titles(admin, status="expired") == expired


def test_a_restricted_super_admin_reads_only_their_companies_quotes(actors):
    reading = actors["super admin reading"]  # its actor was built before the masquerade began
    reading.user.masquerade_companies.set([Company.objects.get(name="Globex Research")])
    assert titles(reading) == ["Globex drum 50%"]


def test_who_may_not_list_quotes_gets_none_without_a_query(actors, django_assert_num_queries):
    RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="get_quotes").delete()
    for actor in (actors["guest"], actor_for_user(User.objects.get(email="junior@acme.test"))):
        with django_assert_num_queries(0):
            assert quote_list_page(actor=actor, filters=QuoteFilters(), offset=0, limit=10) == (0, [])


@pytest.mark.parametrize(
    ("given", "field", "message"),
    [
        ({"order_by": ""}, "orderBy", "Invalid query: orderBy property is required"),
        ({"order_by": "-colour"}, "orderBy", None),
        ({"status": "draft"}, "status", "Choose open, ordered or expired."),
        ({"status": "draft", "order_by": "-colour"}, "status", None),  # the status is checked first
        ({"order_by": "", "status": "draft"}, "orderBy", None),
    ],
)
@pytest.mark.parametrize("caller", ["company admin", "guest"])
def test_refusals(actors, caller, given, field, message):
    with pytest.raises(ValidationError) as refused:
        quote_list_page(actor=actors[caller], filters=QuoteFilters(**given), offset=0, limit=10)
    assert list(refused.value.message_dict) == [field]
    if message:
        assert refused.value.message_dict[field] == [message]


def test_a_full_page_and_its_count_take_two_queries_and_a_short_page_counts_itself(actors, django_assert_num_queries):
    admin = actors["company admin"]
    with django_assert_num_queries(2):  # the page, then its count (issue 38: no count over the page's rows)
        total, page = quote_list_page(actor=admin, filters=QuoteFilters(search="sodium"), offset=0, limit=2)
        headers = [quote_header(quote, on=TODAY) for quote in page]
    assert (total, len(headers)) == (2, 2)
    with django_assert_num_queries(1):  # a page shorter than asked ends the list: its rows tell the count
        total, page = quote_list_page(actor=admin, filters=QuoteFilters(), offset=4, limit=10)
    assert (total, len(page)) == (6, 2)
    with django_assert_num_queries(1):  # nothing found from the start: none
        assert quote_list_page(actor=admin, filters=QuoteFilters(search="no such quote"), offset=0, limit=10) == (
            0, [],
        )  # fmt: skip
    with django_assert_num_queries(2):  # past the end: the page, then the count
        assert quote_list_page(actor=admin, filters=QuoteFilters(), offset=50, limit=10) == (6, [])
    with django_assert_num_queries(1):  # no page asked for: the count only
        assert quote_list_page(actor=admin, filters=QuoteFilters(), offset=0, limit=0) == (6, [])


LIST_PAGE = """
query($first: Int, $offset: Int) {
  quotes(first: $first, offset: $offset, orderBy: "-createdAt") { totalCount edges { node { id title } } }
}
"""


def test_a_request_for_a_page_takes_three_queries_and_two_for_the_last_short_page(
    actors, login, graphql, django_assert_num_queries
):
    token = login("admin@acme.test")
    with django_assert_num_queries(3):  # the token with the role grants, the page, its count
        body = graphql(LIST_PAGE, {"first": 2, "offset": 0}, token=token)
    assert (body["data"]["quotes"]["totalCount"], len(body["data"]["quotes"]["edges"])) == (6, 2)
    with django_assert_num_queries(2):  # the last page, shorter than asked, counts itself
        body = graphql(LIST_PAGE, {"first": 4, "offset": 4}, token=token)
    assert (body["data"]["quotes"]["totalCount"], len(body["data"]["quotes"]["edges"])) == (6, 2)
    with django_assert_num_queries(3):  # past the end: the page having no row, the count
        body = graphql(LIST_PAGE, {"first": 2, "offset": 6}, token=token)
    assert body["data"]["quotes"] == {"totalCount": 6, "edges": []}
