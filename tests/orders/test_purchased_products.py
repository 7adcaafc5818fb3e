"""purchasedProducts (issue 19 quick order, buy again; shell §2 /purchased-products, §6 quickOrderPad and buyAgain): the
products the caller — or, with get_orders above level 1, their company — ordered, with today's price."""

from __future__ import annotations

import datetime

import pytest

from accounts.models import Company, User
from orders.models import Order, OrderStatus
from orders.purchased_summary import purchased_products_rebuild
from portal.models import StoreFeatures
from pricing import calculation
from pricing.models import ProductVariant
from tests.factories.orders import OrderFactory
from tests.helpers import error_code
from tests.pricing.bulk_upload.support import quick_order_catalog, signed_in

pytestmark = pytest.mark.django_db

LIST = """
query Purchased($first: Int, $offset: Int, $search: String, $from: Date, $to: Date, $orderBy: String,
                $currency: String) {
  purchasedProducts(first: $first, offset: $offset, search: $search, dateFrom: $from, dateTo: $to, orderBy: $orderBy,
                    currencyCode: $currency) {
    totalCount
    edges { node { id productId variantId sku productName options { name value } optionList { optionId optionValue }
                   lastOrderedAt quantityOrdered orderCount price { taxExclusive taxInclusive } currencyCode
                   priceOnRequest purchasable availableStock imageUrl productUrl } } } }
"""


def _user(email: str) -> User:
    return User.objects.get(email=email)


def _variant(sku: str) -> ProductVariant:
    return ProductVariant.objects.get(sku=sku)


def _line(sku: str, quantity: int, **extra) -> dict:
    return {"variant": _variant(sku), "quantity": quantity, **extra}


def _order(email: str, company: str | None, day: int, lines: list[dict], **fields) -> Order:
    order = OrderFactory(
        placed_by=_user(email), company=Company.objects.get(name=company) if company else None, lines=lines, **fields
    )
    created = datetime.datetime(2025, 5, day, 12, tzinfo=datetime.UTC)
    Order.objects.filter(pk=order.pk).update(created_at=created)
    return order


@pytest.fixture
def catalog(ethanol, sodium_chloride, drum, balance):
    """The shared products and those of the quick order rules (tests/pricing/bulk_upload/support.py)."""
    return quick_order_catalog(
        {"ethanol": ethanol, "sodium_chloride": sodium_chloride, "drum": drum, "balance": balance}
    )


@pytest.fixture
def sign_in(demo_store, graphql, login):
    """A token for each caller of the permission matrix (None for a guest)."""
    return lambda caller: signed_in(caller, graphql=graphql, login=login)


@pytest.fixture
def purchases(catalog):
    """Acme: the senior buyer's two orders (ethanol 500 mL twice, once with the printed certificate; sodium chloride
    100 g; a product no longer sold) and a cancelled one, the admin's balance, the junior's sodium chloride 500 g;
    Globex: the engraved pipette; the B2C customer: the centrifuge; the super admin outside any company: ethanol
    100 mL."""
    ethanol = catalog["ethanol"]
    certificate = ethanol.options.get(display_name="Printed certificate of analysis")
    ticked = certificate.values.get(label="Yes")
    with_certificate = {
        "options": [{"name": certificate.display_name, "value": "Yes"}],
        "raw_options": [[certificate.pk, str(ticked.pk)]],
    }
    gone = {"variant": None, "product": None, "sku": "HS-GONE", "name": "A discontinued buffer", "quantity": 7}
    _order("senior@acme.test", "Acme Labs", 1, [_line("HS-1001-500ML", 2), _line("HS-1055-100G", 1), gone])
    _order(
        "senior@acme.test",
        "Acme Labs",
        10,
        [_line("HS-1001-500ML", 3), _line("HS-1001-500ML", 1, **with_certificate)],
    )
    _order("senior@acme.test", "Acme Labs", 12, [_line("HS-3001-500G", 9)], status=OrderStatus.CANCELLED)
    _order("admin@acme.test", "Acme Labs", 5, [_line("HS-4006", 1)])
    _order("junior@acme.test", "Acme Labs", 6, [_line("HS-1055-500G", 4)])
    _order("admin@globex.test", "Globex Research", 7, [_line("HS-2001", 1)])
    _order("b2c@demo.test", None, 8, [_line("HS-5001", 1)])
    _order("superadmin@demo.test", None, 9, [_line("HS-1001-100ML", 1)])
    # The factories write orders and back-date them without order_create: the summary is built from the lines, as the
    # migration's backfill does (issue 38).
    purchased_products_rebuild()


def _rows(body: dict) -> list[tuple]:
    assert "errors" not in body, body["errors"]
    return [
        (edge["node"]["sku"], edge["node"]["quantityOrdered"]) for edge in body["data"]["purchasedProducts"]["edges"]
    ]


# Last ordered first; on the same day, the most recently ordered line first.
ACME = [("HS-1001-500ML", 1), ("HS-1001-500ML", 5), ("HS-1055-500G", 4), ("HS-4006", 1), ("HS-GONE", 7),
        ("HS-1055-100G", 1)]  # fmt: skip


@pytest.mark.parametrize(
    ("caller", "expected"),
    [
        ("anonymous", 40101),
        ("b2c", [("HS-5001", 1)]),
        ("junior", [("HS-1055-500G", 4)]),  # no order code: the orders they placed themselves
        ("senior", ACME),  # get_orders level 2: the company's
        ("admin", ACME),
        ("other_company_admin", [("HS-2001", 1)]),
        ("super_admin_masquerading", ACME),
        ("super_admin", "PERMISSION_DENIED"),  # shell §2: role 4 has no quick order
    ],
)
def test_who_sees_which_purchased_products(purchases, graphql, sign_in, caller, expected):
    body = graphql(LIST, {"orderBy": "-lastOrderedAt", "first": 20}, token=sign_in(caller))

    if isinstance(expected, list):
        assert _rows(body) == expected
        assert body["data"]["purchasedProducts"]["totalCount"] == len(expected)
    else:
        assert error_code(body) == expected
        assert body["data"] is None


def test_each_row_has_its_options_today_s_price_and_last_order(purchases, graphql, sign_in):
    body = graphql(LIST, {"orderBy": "-lastOrderedAt", "search": "ethanol"}, token=sign_in("senior"))

    certified, plain = (edge["node"] for edge in body["data"]["purchasedProducts"]["edges"])
    # Acme's customer group pays 85% of the list price: 500 mL $121.60 → $103.36; the certificate adds $15.00.
    assert (plain["price"]["taxExclusive"], certified["price"]["taxExclusive"]) == ("103.36", "118.36")
    assert (plain["orderCount"], plain["lastOrderedAt"][:10], plain["currencyCode"]) == (2, "2025-05-10", "USD")
    assert (plain["options"], plain["optionList"]) == ([], [])
    assert certified["options"] == [{"name": "Printed certificate of analysis", "value": "Yes"}]
    assert [option["optionValue"].isdigit() for option in certified["optionList"]] == [True]
    assert (plain["purchasable"], plain["availableStock"], plain["priceOnRequest"]) == (True, 60, False)
    assert "/ethanol-absolute-998" in plain["productUrl"]
    assert plain["id"] != certified["id"]


def test_a_product_no_longer_sold_keeps_its_row_without_a_price(purchases, graphql, sign_in):
    body = graphql(LIST, {"orderBy": "sku", "search": "discontinued"}, token=sign_in("senior"))

    [node] = [edge["node"] for edge in body["data"]["purchasedProducts"]["edges"]]
    assert (node["productId"], node["productName"], node["price"], node["purchasable"]) == (
        None,
        "A discontinued buffer",
        None,
        False,
    )


@pytest.mark.parametrize(
    ("variables", "expected"),
    [
        ({"search": "HS1055"}, [("HS-1055-100G", 1), ("HS-1055-500G", 4)]),  # a SKU without hyphens
        ({"search": "sodium"}, [("HS-1055-100G", 1), ("HS-1055-500G", 4)]),
        ({"from": "2025-05-05", "to": "2025-05-06"}, [("HS-1055-500G", 4), ("HS-4006", 1)]),
        ({"from": "2025-05-10"}, [("HS-1001-500ML", 1), ("HS-1001-500ML", 3)]),  # the quantities of those days
        ({"first": 2, "offset": 1}, [("HS-1001-500ML", 5), ("HS-1055-100G", 1)]),
    ],
)
def test_search_dates_and_paging(purchases, graphql, sign_in, variables, expected):
    body = graphql(LIST, {"orderBy": "sku", **variables}, token=sign_in("admin"))

    assert _rows(body) == expected


@pytest.mark.parametrize(
    ("order_by", "first_sku"),
    # Ties (three products ordered once) go to the most recently ordered line: the balance.
    [("quantity", "HS-4006"), ("-quantity", "HS-GONE"), ("productName", "HS-GONE"), ("-orderCount", "HS-1001-500ML")],
)
def test_the_sort_orders(purchases, graphql, sign_in, order_by, first_sku):
    body = graphql(LIST, {"orderBy": order_by}, token=sign_in("admin"))

    assert _rows(body)[0][0] == first_sku


def test_the_sort_is_required(purchases, graphql, sign_in):
    body = graphql(LIST, {}, token=sign_in("senior"))

    assert body["errors"][0]["extensions"]["fields"] == {"orderBy": ["Invalid query: orderBy property is required"]}
    assert error_code(body) == "VALIDATION_ERROR"


def test_quick_order_needs_both_store_features(purchases, graphql, sign_in):
    token = sign_in("senior")
    StoreFeatures.objects.update(buy_again=False)

    body = graphql(LIST, {"orderBy": "sku"}, token=token)

    assert error_code(body) == "QUICK_ORDER_DISABLED"
    StoreFeatures.objects.update(buy_again=True, quick_order_pad=False)
    assert error_code(graphql(LIST, {"orderBy": "sku"}, token=token)) == "QUICK_ORDER_DISABLED"


def test_a_page_above_the_cap_is_refused(purchases, graphql, sign_in):
    body = graphql(LIST, {"orderBy": "sku", "first": 101}, token=sign_in("senior"))

    assert body["errors"][0]["extensions"]["fields"] == {"first": ["Ask for at most 100 products at a time."]}


# The token (with its user, membership, company and the role's grants), the store and its features, the count, the
# page, the page's products, their variants, and the price engine's (the products with their variants and the group's
# records, their tiers and the options with their values, in one round trip; the store pricing comes from the cache).
LIST_QUERIES = 8


def test_the_list_takes_the_same_queries_for_two_or_six_products(purchases, graphql, sign_in,
                                                                 django_assert_num_queries):  # fmt: skip
    token = sign_in("senior")
    variables = {"orderBy": "-lastOrderedAt", "first": 100}
    calculation.store_pricing(currency_code=None)  # cached from here on (issue 21): both requests count alike

    with django_assert_num_queries(LIST_QUERIES):
        small = graphql(LIST, {**variables, "search": "ethanol"}, token=token)
    with django_assert_num_queries(LIST_QUERIES):
        large = graphql(LIST, variables, token=token)

    assert (len(small["data"]["purchasedProducts"]["edges"]), len(large["data"]["purchasedProducts"]["edges"])) == (
        2,
        6,
    )
