"""Quotes after submission: the list (scoping by get_quotes level, filters, orderBy), the detail, company
isolation, messages, revisions as the buyer sees them, and constant query counts."""

import datetime
from decimal import Decimal

import pytest
from django.core import mail

from quotes.models import Quote, QuoteMessage
from tests.helpers import error_code
from tests.quotes.support import DETAIL, LIST, MESSAGE, make_quote, price

pytestmark = pytest.mark.django_db


def _numbers(body) -> list[str]:
    return [edge["node"]["number"] for edge in body["data"]["quotes"]["edges"]]


@pytest.fixture
def quotes(ethanol, sodium_chloride, drum):
    """Acme: two of the senior buyer's, one of the junior's; Globex: one; a B2C customer: one; a guest: one."""
    return {
        "senior_1": make_quote("senior@acme.test", title="Solvents", lines=[("HS-1001-100ML", 2)]),
        "senior_2": make_quote("senior@acme.test", title="Salts", lines=[("HS-1055-500G", 3)], priced=True),
        "junior": make_quote("junior@acme.test", title="Junior's buffer", lines=[("HS-1055-100G", 1)]),
        "globex": make_quote("admin@globex.test", title="Globex drum", lines=[("HS-1152", 1)]),
        "b2c": make_quote("b2c@demo.test", title="Home lab", lines=[("HS-1001-500ML", 1)]),
        "guest": make_quote(None, title="Guest request"),
    }


@pytest.mark.parametrize(
    ("email", "expected"),
    [
        ("admin@acme.test", ["junior", "senior_2", "senior_1"]),  # level 2: the company's
        ("senior@acme.test", ["junior", "senior_2", "senior_1"]),
        ("junior@acme.test", ["junior"]),  # level 1: their own
        ("admin@globex.test", ["globex"]),
        ("b2c@demo.test", ["b2c"]),
    ],
)
def test_each_caller_lists_only_the_quotes_they_may_see(quotes, graphql, login, email, expected):
    body = graphql(LIST, {"orderBy": "-createdAt"}, token=login(email))
    assert _numbers(body) == [quotes[name].number for name in expected]
    assert body["data"]["quotes"]["totalCount"] == len(expected)


def test_the_list_needs_a_token_and_get_quotes_and_an_order_by(quotes, graphql, login):
    assert error_code(graphql(LIST, {"orderBy": "-createdAt"})) == 40101
    assert (
        error_code(graphql(LIST, {"orderBy": "-createdAt"}, token=login("superadmin@demo.test"))) == "PERMISSION_DENIED"
    )
    body = graphql(LIST, {}, token=login("admin@acme.test"))
    assert body["errors"][0]["message"] == "Invalid query: orderBy property is required"
    assert body["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR", "fields": {"orderBy": ["Invalid query: orderBy property is required"]},
        "fieldCodes": {"orderBy": ["required"]},
    }  # fmt: skip


def test_search_status_dates_sorting_and_paging(quotes, graphql, login):
    token = login("admin@acme.test")
    run = lambda **v: graphql(LIST, {"orderBy": "-createdAt", **v}, token=token)  # noqa: E731
    assert _numbers(run(search="salts")) == [quotes["senior_2"].number]  # title
    assert _numbers(run(search="HS-1055-100")) == [quotes["junior"].number]  # a line's SKU
    assert _numbers(run(search="ethanol")) == [quotes["senior_1"].number]  # a line's product name
    assert _numbers(run(search=quotes["senior_1"].number)) == [quotes["senior_1"].number]
    assert _numbers(run(search=quotes["globex"].number)) == []  # another company's
    # Status: an open quote past its expiry date lists as expired before the periodic task stores it.
    Quote.objects.filter(pk=quotes["junior"].pk).update(expires_on=datetime.date(2020, 1, 1))
    assert _numbers(run(status="expired")) == [quotes["junior"].number]
    assert _numbers(run(status="open")) == [quotes["senior_2"].number, quotes["senior_1"].number]
    assert _numbers(run(status="ordered")) == []
    assert error_code(run(status="lost")) == "VALIDATION_ERROR"
    # Dates bound the issue date.
    Quote.objects.filter(pk=quotes["senior_1"].pk).update(
        created_at=datetime.datetime(2025, 3, 10, tzinfo=datetime.UTC)
    )
    assert _numbers(run(**{"from": "2025-03-01", "to": "2025-03-31"})) == [quotes["senior_1"].number]
    assert quotes["senior_1"].number not in _numbers(run(**{"from": "2025-04-01"}))
    # Sorting and paging.
    by_number = graphql(LIST, {"orderBy": "number"}, token=token)
    assert _numbers(by_number) == sorted(_numbers(by_number))
    page = graphql(LIST, {"orderBy": "number", "first": 1, "offset": 1}, token=token)["data"]["quotes"]
    assert (page["totalCount"], len(page["edges"])) == (3, 1)
    assert page["edges"][0]["node"]["number"] == _numbers(by_number)[1]
    assert error_code(graphql(LIST, {"orderBy": "secretField"}, token=token)) == "VALIDATION_ERROR"


@pytest.mark.parametrize("email", ["admin@globex.test", "b2c@demo.test"])
def test_another_companys_quote_does_not_exist_for_the_caller(quotes, graphql, login, email):
    token = login(email)
    acme = quotes["senior_1"]
    assert error_code(graphql(DETAIL, {"id": acme.pk}, token=token)) == "NOT_FOUND"
    assert error_code(graphql(DETAIL, {"id": acme.number}, token=token)) == "NOT_FOUND"
    body = graphql(MESSAGE, {"id": acme.pk, "message": "Hello"}, token=token)
    assert error_code(body) == "NOT_FOUND"
    assert QuoteMessage.objects.filter(quote=acme).count() == 0


def test_a_junior_sees_their_own_quote_but_not_a_colleagues(quotes, graphql, login):
    token = login("junior@acme.test")
    assert graphql(DETAIL, {"id": quotes["junior"].pk}, token=token)["data"]["quote"]["title"] == "Junior's buffer"
    assert error_code(graphql(DETAIL, {"id": quotes["senior_1"].pk}, token=token)) == "NOT_FOUND"


def test_the_detail_shows_lines_prices_summary_and_revisions(quotes, graphql, login):
    quote = quotes["senior_2"]  # 3 × HS-1055-500G, priced at 90% of the Academic price
    price(quote, factor="0.80", discount_percent=Decimal("5"), expires_on=quote.expires_on + datetime.timedelta(days=7))
    detail = graphql(DETAIL, {"id": quote.pk}, token=login("admin@acme.test"))["data"]["quote"]
    (row,) = detail["lines"]
    original = Decimal(row["originalPrice"])
    assert row["quotedPrice"] == str((original * Decimal("0.80")).quantize(Decimal("0.01")))
    discounted = (Decimal(row["quotedPrice"]) * Decimal("0.95")).quantize(Decimal("0.01"))
    assert row["discountedPrice"] == str(discounted)
    assert row["quotedTotal"] == str(discounted * 3)
    summary = detail["summary"]
    assert summary["originalSubtotal"] == str(original * 3)
    assert summary["quotedSubtotal"] == str(discounted * 3)
    assert Decimal(summary["discount"]) == original * 3 - discounted * 3
    assert summary["tax"] == str((discounted * Decimal("0.0625")).quantize(Decimal("0.01")) * 3)
    assert summary["grandTotal"] == str(Decimal(summary["quotedSubtotal"]) + Decimal(summary["tax"]))
    assert (detail["revision"], detail["isPriced"], detail["salesRep"]["name"]) == (2, True, "Stan Staff")
    changes = {c["field"]: (c["before"], c["after"]) for c in detail["revisions"][2]["changes"]}
    first_price = detail["revisions"][1]["changes"][0]["after"]
    assert changes == {
        "price": (first_price, row["quotedPrice"]),
        "discount": ("0.00", "5.00"),
        "expiry": (str(quote.expires_on), str(quote.expires_on + datetime.timedelta(days=7))),
    }
    assert (detail["canMessage"], detail["canDownloadPdf"], detail["canCheckout"]) == (True, True, True)


def test_messages_need_update_quote_message_and_reach_the_sales_desk(
    quotes, graphql, login, django_capture_on_commit_callbacks
):
    quote = quotes["senior_1"]
    token = login("admin@acme.test")  # the company's quote, level 2
    with django_capture_on_commit_callbacks(execute=True):
        body = graphql(MESSAGE, {"id": quote.pk, "message": "  Can you deliver by Friday?  "}, token=token)
    assert body["data"]["quoteMessageCreate"]["message"] == {
        "id": QuoteMessage.objects.get().pk, "fromSupplier": False, "authorName": "Alice Admin",
        "message": "Can you deliver by Friday?",
    }  # fmt: skip
    (sent,) = mail.outbox
    assert sent.to == ["sales@helix-scientific.test"] and quote.number in sent.subject
    assert "Can you deliver by Friday?" in sent.body
    assert error_code(graphql(MESSAGE, {"id": quote.pk, "message": "   "}, token=token)) == "VALIDATION_ERROR"
    too_long = graphql(MESSAGE, {"id": quote.pk, "message": "x" * 2001}, token=token)
    assert error_code(too_long) == "VALIDATION_ERROR"
    # A junior may write on their own quote only.
    junior = login("junior@acme.test")
    assert error_code(graphql(MESSAGE, {"id": quote.pk, "message": "Hi"}, token=junior)) == "NOT_FOUND"
    assert "errors" not in graphql(MESSAGE, {"id": quotes["junior"].pk, "message": "Hi"}, token=junior)
    # A guest writes with the access key.
    from quotes.selectors import quote_access_key

    guest = quotes["guest"]
    body = graphql(MESSAGE, {"id": guest.pk, "message": "Any news?", "key": quote_access_key(guest)})
    assert body["data"]["quoteMessageCreate"]["message"]["authorName"] == "Ada Chen"
    assert error_code(graphql(MESSAGE, {"id": guest.pk, "message": "Any news?"})) == "NOT_FOUND"
    assert QuoteMessage.objects.count() == 3


def test_a_role_without_update_quote_message_is_refused(quotes, graphql, login):
    from accounts.models import RolePermission

    RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="update_quote_message").delete()
    body = graphql(MESSAGE, {"id": quotes["junior"].pk, "message": "Hi"}, token=login("junior@acme.test"))
    assert error_code(body) == "PERMISSION_DENIED"
    assert QuoteMessage.objects.count() == 0


# --- query counts ---------------------------------------------------------------------------------------------

LIST_QUERIES = 2  # the token (with the user, company, role and the role's grants), the page (shorter than asked: its
# rows tell the count)
FULL_PAGE_QUERIES = 3  # and the count of a full page (issue 38)
DETAIL_QUERIES = 7  # token with grants, the scope check, the quote, its lines, messages, attachments, revisions


def _many(n: int, lines_each: int = 1):
    skus = ["HS-1001-100ML", "HS-1001-500ML", "HS-1001-1L", "HS-1055-100G", "HS-1055-500G", "HS-1055-1KG"]
    made = []
    for _ in range(n):
        quote = make_quote("senior@acme.test", lines=[(sku, 1) for sku in skus[:lines_each]], priced=True)
        made.append(quote)
    return made


def test_the_list_takes_the_same_queries_for_2_or_8_quotes(ethanol, graphql, login, django_assert_num_queries):
    token = login("admin@acme.test")
    _many(2)
    with django_assert_num_queries(LIST_QUERIES):
        assert len(graphql(LIST, {"orderBy": "-createdAt", "first": 50}, token=token)["data"]["quotes"]["edges"]) == 2
    with django_assert_num_queries(FULL_PAGE_QUERIES):
        assert graphql(LIST, {"orderBy": "-createdAt", "first": 2}, token=token)["data"]["quotes"]["totalCount"] == 2
    _many(6)
    with django_assert_num_queries(LIST_QUERIES):
        assert len(graphql(LIST, {"orderBy": "-createdAt", "first": 50}, token=token)["data"]["quotes"]["edges"]) == 8
    with django_assert_num_queries(FULL_PAGE_QUERIES):
        assert graphql(LIST, {"orderBy": "-createdAt", "first": 2}, token=token)["data"]["quotes"]["totalCount"] == 8


def test_the_detail_takes_the_same_queries_for_1_or_6_lines(
    ethanol, sodium_chloride, graphql, login, django_assert_num_queries
):
    token = login("admin@acme.test")
    (small,) = _many(1, lines_each=1)
    (big,) = _many(1, lines_each=6)
    for quote in (small, big):
        for text in ("One", "Two", "Three"):
            QuoteMessage.objects.create(quote=quote, author_name="Sam", body=text)
    with django_assert_num_queries(DETAIL_QUERIES):
        assert len(graphql(DETAIL, {"id": small.pk}, token=token)["data"]["quote"]["lines"]) == 1
    with django_assert_num_queries(DETAIL_QUERIES):
        assert len(graphql(DETAIL, {"id": big.pk}, token=token)["data"]["quote"]["lines"]) == 6
