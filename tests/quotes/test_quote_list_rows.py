"""The quotes list page in plain SQL (issue 21, quotes/list_rows.py) finds what the ORM's `quote_list` finds.

`quote_list` stays the reference: for a grid of callers, filters, orderings and pages, `quote_list_page` gives the
same total, the same quotes in the same order, and the same answers of every field the list reads
(quote_header_data), with the same refusals; in one query for a page with rows.
"""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.utils import timezone

from accounts.models import Company, RolePermission, User
from accounts.selectors import GUEST, actor_for_token, actor_for_user
from quotes import list_rows, selectors
from quotes.graphql.types import quote_header_data
from quotes.models import Quote, QuoteLine, QuoteStatus
from quotes.selectors import QUOTE_ORDERINGS, QuoteFilters, quote_list, quote_list_page
from tests.orders.factories import OrderFactory

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


def _header(quote) -> str:
    """What the list answers of a quote, as text (so that 1.10 and 1.1, or two time zones, differ)."""
    return repr(quote_header_data(quote, on=TODAY))


def assert_same_page(actor, filters: QuoteFilters, offset: int, limit: int) -> tuple[int, list[Quote]]:
    reference = quote_list(actor=actor, filters=filters)
    expected = list(reference[offset : offset + limit])
    total, page = quote_list_page(actor=actor, filters=filters, offset=offset, limit=limit)
    assert total == reference.count(), (filters, offset, limit)
    assert [quote.pk for quote in page] == [quote.pk for quote in expected], (filters, offset, limit)
    assert [_header(quote) for quote in page] == [_header(quote) for quote in expected]
    assert [quote.get_deferred_fields() for quote in page] == [quote.get_deferred_fields() for quote in expected]
    return total, page


ORDERINGS = [f"{sign}{key}" for key in QUOTE_ORDERINGS for sign in ("", "-")]
FILTERS = [
    {},
    {"status": "open"},
    {"status": "expired"},
    {"status": "ordered"},
    {"date_from": datetime.date(2025, 3, 11)},
    {"date_to": datetime.date(2025, 3, 10)},
    {"date_from": datetime.date(2025, 3, 10), "date_to": datetime.date(2025, 3, 11), "status": "open"},
    {"search": "50%"},  # % matches itself: not "50 anything"
    {"search": "%"},
    {"search": "a_b"},  # _ matches itself
    {"search": "_"},
    {"search": "HS_1055"},  # a line's SKU
    {"search": "sodium"},  # a line's name, any case
    {"search": "äTZ"},  # non-ASCII: folded as the backend folds it
    {"search": "äther"},
    {"search": "\\"},
    {"search": "  q-1000  "},  # the number, stripped
    {"search": "drum", "status": "ordered", "date_to": datetime.date(2025, 3, 31)},
]


@pytest.mark.parametrize("given", FILTERS, ids=repr)
def test_the_page_is_the_orm_lists_page_for_every_caller_ordering_and_offset(actors, given):
    for actor in actors.values():
        for order_by in ORDERINGS:
            filters = QuoteFilters(order_by=order_by, **given)
            total, _ = assert_same_page(actor, filters, 0, 100)
            for offset, limit in ((1, 3), (total, 3), (total + 5, 10), (0, 0)):
                assert_same_page(actor, filters, offset, limit)


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/Los_Angeles"])
def test_the_issue_date_is_the_date_in_the_current_time_zone(actors, zone):
    admin = actors["company admin"]
    with timezone.override(zone):
        for day in (9, 10, 11, 12):
            on = datetime.date(2025, 3, day)
            for given in ({"date_from": on}, {"date_to": on}, {"date_from": on, "date_to": on}):
                assert_same_page(admin, QuoteFilters(**given), 0, 100)
    # 23:30 UTC on 10 March is the 11th in Tokyo: the zone decides.
    with timezone.override("Asia/Tokyo"):
        _, page = quote_list_page(actor=admin, filters=QuoteFilters(date_to=datetime.date(2025, 3, 10)), offset=0,
                                  limit=100)  # fmt: skip
    assert "Solvents 50% off" not in [quote.title for quote in page]


def test_open_and_expired_are_as_of_today(actors, monkeypatch):
    admin = actors["company admin"]
    for shift in (-1, 0, 1, 2):
        monkeypatch.setattr(selectors, "today", lambda shift=shift: TODAY + datetime.timedelta(days=shift))
        for status in ("open", "expired"):
            assert_same_page(admin, QuoteFilters(status=status), 0, 100)


def test_a_restricted_super_admin_reads_only_their_companies_quotes(actors):
    reading = actors["super admin reading"]  # its actor was built before the masquerade began
    reading.user.masquerade_companies.set([Company.objects.get(name="Globex Research")])
    total, page = assert_same_page(reading, QuoteFilters(), 0, 100)
    assert (total, [quote.title for quote in page]) == (1, ["Globex drum 50%"])


def test_who_may_not_list_quotes_gets_none_without_a_query(actors, django_assert_num_queries):
    RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="get_quotes").delete()
    for actor in (actors["guest"], actor_for_user(User.objects.get(email="junior@acme.test"))):
        with django_assert_num_queries(0):
            assert quote_list_page(actor=actor, filters=QuoteFilters(), offset=0, limit=10) == (0, [])
        assert quote_list(actor=actor, filters=QuoteFilters()).count() == 0


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
def test_refusals_are_the_orm_lists(actors, caller, given, field, message):
    filters = QuoteFilters(**given)
    with pytest.raises(ValidationError) as reference:
        quote_list(actor=actors[caller], filters=filters)
    with pytest.raises(ValidationError) as refused:
        quote_list_page(actor=actors[caller], filters=filters, offset=0, limit=10)
    assert refused.value.message_dict == reference.value.message_dict
    assert list(refused.value.message_dict) == [field]
    if message:
        assert refused.value.message_dict[field] == [message]


def test_one_query_for_a_page_with_rows_and_the_count_apart_for_an_empty_one(actors, django_assert_num_queries):
    admin = actors["company admin"]
    with django_assert_num_queries(1):  # the page, each row with the count; the headers read nothing more
        total, page = quote_list_page(actor=admin, filters=QuoteFilters(search="sodium"), offset=0, limit=2)
        headers = [quote_header_data(quote, on=TODAY) for quote in page]
    assert (total, len(headers)) == (2, 2)
    with django_assert_num_queries(2):  # past the end: the page, then the count
        assert quote_list_page(actor=admin, filters=QuoteFilters(), offset=50, limit=10) == (6, [])
    with django_assert_num_queries(1):  # no page asked for: the count only
        assert quote_list_page(actor=admin, filters=QuoteFilters(), offset=0, limit=0) == (6, [])


def test_the_sql_is_written_once_per_shape(actors):
    """Two callers of the same kind with other values run the same SQL text, and writing it happens once."""
    globex_admin = actor_for_user(User.objects.get(email="admin@globex.test"))
    runs = []
    for actor, search, day in ((actors["company admin"], "sodium", 10), (globex_admin, "drum", 9)):
        filters = QuoteFilters(search=search, status="open", date_from=datetime.date(2025, 3, day), order_by="title")
        sent = []
        with connection.execute_wrapper(lambda execute, sql, *rest, sent=sent: sent.append(sql) or execute(sql, *rest)):
            total, _ = quote_list_page(actor=actor, filters=filters, offset=0, limit=10)
        assert total == 1
        runs.append((sent, len(list_rows._SQL)))
    (first_sql, written), (second_sql, written_again) = runs
    assert (len(first_sql), second_sql, written_again) == (1, first_sql, written)
