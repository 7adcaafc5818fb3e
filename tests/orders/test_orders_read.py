"""Orders in the portal (issue 17), read side: who sees which orders in "My orders" and "Lab orders" and which order
detail, with nothing leaked; the lists' search, filters, sorting and paging; what the detail shows."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.core.files.base import ContentFile

from accounts.models import Company, RolePermission, User
from orders import selectors
from orders.models import Lot, Order, OrderLine, OrderStatus, PaymentMethod
from orders.services import SEARCH_SEPARATOR, order_search_text_backfill, order_status_refresh
from tests.factories.orders import LotFactory, OrderFactory, ShipmentFactory, ShipmentLineFactory
from tests.helpers import error_code
from tracking.engine import recognize

pytestmark = pytest.mark.django_db

LIST = """
query Orders($scope: OrderScope, $first: Int, $offset: Int, $search: String, $status: String, $from: Date, $to: Date,
             $createdBy: Int, $orderBy: String) {
  orders(scope: $scope, first: $first, offset: $offset, search: $search, status: $status, dateFrom: $from,
         dateTo: $to, createdBy: $createdBy, orderBy: $orderBy) {
    totalCount totalCountCapped
    edges { node { id number poNumber status statusLabel placedBy { id name email } createdAt currencyCode
                   grandTotal itemCount lineCount } } } }
"""
DETAIL = """
query Order($id: ID!) {
  order(id: $id) {
    id number poNumber status statusLabel placedBy { id name email } createdAt updatedAt currencyCode
    customerMessage customerEmail paymentMethod paymentMethodLabel paymentState paymentStateLabel
    billingAddress { lines phone email } shippingAddress { lines phone email }
    subtotal shippingTotal taxTotal grandTotal itemCount lineCount
    lines { id productId variantId sku name options { name value } quantity unitPrice unitTax lineTotal lineTax
            shippedQuantity unshippedQuantity productUrl imageUrl safetyDataSheetUrl }
    shipments { id carrier trackingNumber trackingUrl courierName shippedAt comment
                lines { id orderLineId sku name quantity lotNumber lotExpiresOn certificateUrl } }
    canReorder canAddToQuote } }
"""
BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"

ACME = ["senior_1", "senior_2", "admin_1", "junior_1", "super_acme"]  # newest last


def _user(email: str) -> User:
    return User.objects.get(email=email)


def _company(name: str) -> Company:
    return Company.objects.get(name=name)


@pytest.fixture
def orders(demo_store):
    """Acme: two of the senior buyer's, one of the admin's, one of the junior buyer's (placed under
    junior_place_order), one the super admin placed while masquerading as Acme; Globex: one; the B2C customer: one;
    the super admin: one of their own outside any company. Oldest first."""
    acme, globex = _company("Acme Labs"), _company("Globex Research")
    made = {
        "senior_1": OrderFactory(placed_by=_user("senior@acme.test"), company=acme, lines=1),
        "senior_2": OrderFactory(placed_by=_user("senior@acme.test"), company=acme, lines=2),
        "admin_1": OrderFactory(placed_by=_user("admin@acme.test"), company=acme, lines=1),
        "junior_1": OrderFactory(placed_by=_user("junior@acme.test"), company=acme, lines=1),
        "super_acme": OrderFactory(placed_by=_user("superadmin@demo.test"), company=acme, lines=1),
        "globex_1": OrderFactory(placed_by=_user("admin@globex.test"), company=globex, lines=1),
        "b2c_1": OrderFactory(placed_by=_user("b2c@demo.test"), lines=1, payment_method=PaymentMethod.TEST_CARD),
        "super_own": OrderFactory(placed_by=_user("superadmin@demo.test"), lines=1),
    }
    # Distinct creation times, one day apart, oldest first (the lists sort by them).
    start = datetime.datetime(2025, 5, 1, 12, tzinfo=datetime.UTC)
    for day, order in enumerate(made.values()):
        order.created_at = start + datetime.timedelta(days=day)
        Order.objects.filter(pk=order.pk).update(created_at=order.created_at)
    return made


# The callers of the matrix: how each one signs in (a token, or None for a guest).
CALLERS = ["anonymous", "b2c", "junior", "senior", "senior_level_1", "admin", "other_company_admin",
           "super_admin_masquerading", "super_admin"]  # fmt: skip


@pytest.fixture
def sign_in(demo_store, graphql, login):
    def run(caller: str) -> str | None:
        if caller == "anonymous":
            return None
        if caller == "senior_level_1":
            # A senior buyer whose role template gives the orders codes at level 1 only (their own orders).
            RolePermission.objects.filter(
                template__role=1, template__is_builtin=True, code__in=["get_orders", "get_order_detail"]
            ).update(level=1)
        email = {
            "b2c": "b2c@demo.test", "junior": "junior@acme.test", "senior": "senior@acme.test",
            "senior_level_1": "senior@acme.test", "admin": "admin@acme.test",
            "other_company_admin": "admin@globex.test", "super_admin_masquerading": "superadmin@demo.test",
            "super_admin": "superadmin@demo.test",
        }[caller]  # fmt: skip
        token = login(email)
        if caller == "super_admin_masquerading":
            body = graphql(BEGIN_MASQUERADE, {"id": _company("Acme Labs").pk}, token=token)
            assert "errors" not in body, body
        return token

    return run


def _numbers(body: dict) -> list[int]:
    assert "errors" not in body, body
    return [edge["node"]["number"] for edge in body["data"]["orders"]["edges"]]


def _expected(orders: dict, names: list[str]) -> list[int]:
    """The orders' numbers, newest first (the lists' default sort here)."""
    return sorted((orders[name].number for name in names), reverse=True)


# --- the permission matrix ------------------------------------------------------------------------------------------

MINE = {
    "anonymous": 40101,
    "b2c": ["b2c_1"],
    "junior": "PERMISSION_DENIED",  # shell §6: junior buyers hold no get_orders
    "senior": ["senior_1", "senior_2"],
    "senior_level_1": ["senior_1", "senior_2"],
    "admin": ["admin_1"],
    "other_company_admin": ["globex_1"],
    "super_admin_masquerading": ["super_acme"],  # what they placed for Acme, not their own outside it
    "super_admin": ["super_own"],  # role 4: their own orders outside any company, never a company's
}
COMPANY = {
    "anonymous": 40101,
    "b2c": "PERMISSION_DENIED",
    "junior": "PERMISSION_DENIED",
    "senior": ACME,
    "senior_level_1": "PERMISSION_DENIED",  # /company-orders needs get_orders above 1
    "admin": ACME,
    "other_company_admin": ["globex_1"],
    "super_admin_masquerading": ACME,
    "super_admin": "PERMISSION_DENIED",
}


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("scope", ["MINE", "COMPANY"])
def test_each_caller_lists_only_the_orders_of_their_scope(orders, graphql, sign_in, caller, scope):
    token = sign_in(caller)
    expected = (MINE if scope == "MINE" else COMPANY)[caller]

    body = graphql(LIST, {"scope": scope, "orderBy": "-createdAt", "first": 100}, token=token)

    if isinstance(expected, list):
        assert _numbers(body) == _expected(orders, expected)
        assert body["data"]["orders"]["totalCount"] == len(expected)
    else:
        assert body["data"] is None
        assert error_code(body) == expected


@pytest.mark.parametrize("caller", CALLERS)
@pytest.mark.parametrize("scope", ["MINE", "COMPANY"])
def test_a_searchs_capped_total_counts_only_the_callers_scope(orders, graphql, sign_in, monkeypatch, caller, scope):
    """Issue 38: a search's total stops at the cap (here 2) and says so — counted within the caller's scope only, and
    refused as the list is."""
    monkeypatch.setattr(selectors, "SEARCH_COUNT_CAP", 2)
    order_search_text_backfill()
    token = sign_in(caller)
    expected = (MINE if scope == "MINE" else COMPANY)[caller]

    body = graphql(LIST, {"scope": scope, "orderBy": "-createdAt", "first": 100, "search": "1"}, token=token)

    if isinstance(expected, list):
        page = body["data"]["orders"]
        assert _numbers(body) == _expected(orders, expected)  # every order number holds a 1
        assert (page["totalCount"], page["totalCountCapped"]) == (min(len(expected), 2), len(expected) > 2)
    else:
        assert body["data"] is None
        assert error_code(body) == expected


def test_the_list_scope_defaults_to_the_callers_own_orders(orders, graphql, sign_in):
    body = graphql(LIST, {"orderBy": "-createdAt"}, token=sign_in("admin"))

    assert _numbers(body) == _expected(orders, ["admin_1"])


DETAIL_REACH = {
    "anonymous": [],
    "b2c": ["b2c_1"],
    # shell §2 lists junior buyers for /orderDetail (not /orders): the order they placed, not a colleague's (issue 36).
    "junior": ["junior_1"],
    "senior": ACME,
    "senior_level_1": ["senior_1", "senior_2"],  # not a colleague's order
    "admin": ACME,
    "other_company_admin": ["globex_1"],
    "super_admin_masquerading": ACME,
    "super_admin": ["super_own"],
}


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_opens_only_the_orders_they_may_and_the_rest_does_not_exist(orders, graphql, sign_in, caller):
    token = sign_in(caller)
    reach = DETAIL_REACH[caller]
    missing = graphql(DETAIL, {"id": "999999"}, token=token)

    if reach == "PERMISSION_DENIED":
        for order in [*orders.values()]:
            body = graphql(DETAIL, {"id": str(order.number)}, token=token)
            assert body["data"] is None and error_code(body) == "PERMISSION_DENIED", order
        assert error_code(missing) == "PERMISSION_DENIED"
        return
    # Whatever the reason — another company's, a colleague's at level 1, a missing number, a malformed id — the
    # same answer, so nothing tells the orders apart.
    assert missing == {
        "data": None,
        "errors": [
            {
                "message": "Order not found.",
                "locations": [{"line": 3, "column": 3}],
                "path": ["order"],
                "extensions": {"code": "NOT_FOUND"},
            }
        ],
    }
    for name, order in orders.items():
        body = graphql(DETAIL, {"id": str(order.number)}, token=token)
        if name in reach:
            assert "errors" not in body, (name, body)
            assert body["data"]["order"]["number"] == order.number
        else:
            assert body == missing, name
    for garbage in ["", "abc", "-1", "1e5", str(orders["senior_1"].pk), "100001.0", "9" * 40, " 100001x"]:
        assert graphql(DETAIL, {"id": garbage}, token=token) == missing, garbage


def test_an_expired_token_is_40101_on_the_detail_not_a_guest(orders, graphql, sign_in):
    body = graphql(DETAIL, {"id": str(orders["senior_1"].number)}, token="not-a-valid-token")

    assert error_code(body) == 40101


def test_an_order_of_a_company_the_user_left_is_not_theirs_any_more(orders, graphql, sign_in):
    token = sign_in("b2c")
    # An order they placed for Acme (company set) is Acme's: as an individual customer they do not see it.
    acme_order = OrderFactory(placed_by=_user("b2c@demo.test"), company=_company("Acme Labs"), lines=1)

    assert error_code(graphql(DETAIL, {"id": str(acme_order.number)}, token=token)) == "NOT_FOUND"
    assert acme_order.number not in _numbers(graphql(LIST, {"orderBy": "-createdAt"}, token=token))


# --- filters, sorting, paging ---------------------------------------------------------------------------------------


@pytest.fixture
def admin_lab(demo_store, sign_in):
    """Acme's orders with distinct PO numbers, products, statuses, totals and dates, seen by Acme's admin."""
    acme = _company("Acme Labs")
    senior, admin = _user("senior@acme.test"), _user("admin@acme.test")
    made = {
        "ethanol": OrderFactory(
            placed_by=senior, company=acme, po_number="PO-7731", status=OrderStatus.SHIPPED,
            lines=[{"name": "Ethanol absolute 99.8%", "sku": "HS-1001-100ML", "quantity": 4}],
        ),
        "salt": OrderFactory(
            placed_by=admin, company=acme, po_number="LAB-2025-01", status=OrderStatus.AWAITING_FULFILLMENT,
            lines=[{"name": "Sodium chloride", "sku": "HS-1055-500G", "unit_price": Decimal("61.20")}],
        ),
        "buffer": OrderFactory(
            placed_by=senior, company=acme, po_number="", status=OrderStatus.CANCELLED,
            lines=[{"name": "Tris buffer", "sku": "HS-2040-1KG", "quantity": 2}, {"name": "Pipette tips"}],
        ),
    }  # fmt: skip
    for day, (order, stamp) in enumerate(zip(made.values(), ["2025-03-10", "2025-03-31", "2025-04-01"], strict=True)):
        created = datetime.datetime.fromisoformat(stamp).replace(hour=23, minute=30, tzinfo=datetime.UTC)
        Order.objects.filter(pk=order.pk).update(created_at=created + datetime.timedelta(seconds=day))
    return made, sign_in("admin")


def _run(graphql, token, **variables):
    if variables.get("search"):
        order_search_text_backfill()  # the factories write no search text (order_create does)
    return graphql(LIST, {"scope": "COMPANY", "orderBy": "-createdAt", **variables}, token=token)


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("PO-7731", ["ethanol"]),  # the PO number
        ("lab-2025", ["salt"]),  # part of it, any case
        ("ETHANOL", ["ethanol"]),  # a line's product name
        ("pipette", ["buffer"]),  # not the first line's
        ("HS-1055-500G", ["salt"]),  # a SKU
        ("hs1055", ["salt"]),  # a SKU without its hyphens
        ("HS 2040", ["buffer"]),  # or with spaces
        ("HS-", ["buffer", "salt", "ethanol"]),
        ("nothing like it", []),
    ],
    ids=["po", "po-part", "product-name", "second-line", "sku", "sku-no-hyphens", "sku-spaces", "sku-prefix", "none"],
)
def test_search_matches_po_number_product_name_and_sku(admin_lab, graphql, search, expected):
    made, token = admin_lab

    assert _numbers(_run(graphql, token, search=search)) == [made[name].number for name in expected]


@pytest.mark.parametrize(
    "search",
    ["PO-7731" + SEARCH_SEPARATOR + "Ethanol", "7731Ethanol", "7731 ethanol", "%%", "_", "PO_7731"],
)
def test_search_never_runs_from_one_part_into_the_next(admin_lab, graphql, search):
    """Order.search_text holds the parts apart (issue 38): a search matches within one, as over the columns."""
    _, token = admin_lab

    assert _numbers(_run(graphql, token, search=search)) == []


def test_search_matches_the_order_number_and_not_another_companys(admin_lab, orders, graphql):
    made, token = admin_lab

    assert _numbers(_run(graphql, token, search=str(made["salt"].number))) == [made["salt"].number]
    assert _numbers(_run(graphql, token, search=str(orders["globex_1"].number))) == []


def test_status_filter(admin_lab, graphql):
    made, token = admin_lab

    assert _numbers(_run(graphql, token, status="cancelled")) == [made["buffer"].number]
    assert _numbers(_run(graphql, token, status="partially_shipped")) == []
    refused = _run(graphql, token, status="lost")
    assert refused["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {
            "status": [
                "Choose one of: awaiting_payment, awaiting_fulfillment, partially_shipped, shipped, completed, "
                "cancelled."
            ]
        },
        "fieldCodes": {"status": ["invalid_choice"]},
    }


def test_the_date_range_bounds_the_day_placed_inclusive(admin_lab, graphql):
    made, token = admin_lab

    march = _run(graphql, token, **{"from": "2025-03-10", "to": "2025-03-31"})
    april = _run(graphql, token, **{"from": "2025-04-01"})
    until = _run(graphql, token, to="2025-03-10")

    assert _numbers(march) == [made["salt"].number, made["ethanol"].number]  # 23:30 on the 31st is the 31st
    assert _numbers(april) == [made["buffer"].number]
    assert _numbers(until) == [made["ethanol"].number]


def test_placed_by_filters_the_companys_orders_and_is_ignored_for_my_orders(admin_lab, graphql):
    made, token = admin_lab
    senior = _user("senior@acme.test")

    assert _numbers(_run(graphql, token, createdBy=senior.pk)) == [made["buffer"].number, made["ethanol"].number]
    assert _numbers(_run(graphql, token, createdBy=_user("admin@globex.test").pk)) == []
    mine = graphql(LIST, {"orderBy": "-createdAt", "createdBy": senior.pk}, token=token)
    assert _numbers(mine) == [made["salt"].number]


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        ("number", ["ethanol", "salt", "buffer"]),
        ("-number", ["buffer", "salt", "ethanol"]),
        ("poNumber", ["buffer", "salt", "ethanol"]),  # "" < "LAB-…" < "PO-…"
        ("-poNumber", ["ethanol", "salt", "buffer"]),
        ("grandTotal", ["buffer", "ethanol", "salt"]),  # 56.89, 67.52, 86.83 (25.00 shipping each)
        ("-grandTotal", ["salt", "ethanol", "buffer"]),
        ("status", ["salt", "buffer", "ethanol"]),  # awaiting_fulfillment < cancelled < shipped
        ("-status", ["ethanol", "buffer", "salt"]),
        ("placedBy", ["salt", "buffer", "ethanol"]),  # Alice Admin, then Sam Senior (ties: newest first)
        ("-placedBy", ["buffer", "ethanol", "salt"]),
        ("createdAt", ["ethanol", "salt", "buffer"]),
        ("-createdAt", ["buffer", "salt", "ethanol"]),
    ],
)
def test_each_sort_key_sorts_both_ways(admin_lab, graphql, order_by, expected):
    made, token = admin_lab

    assert _numbers(_run(graphql, token, orderBy=order_by)) == [made[name].number for name in expected]


def test_order_by_is_required_and_must_be_known(admin_lab, graphql):
    _, token = admin_lab

    missing = graphql(LIST, {"scope": "COMPANY"}, token=token)
    unknown = _run(graphql, token, orderBy="customerEmail")

    assert missing["errors"][0]["message"] == "Invalid query: orderBy property is required"
    assert missing["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR", "fields": {"orderBy": ["Invalid query: orderBy property is required"]},
        "fieldCodes": {"orderBy": ["required"]},
    }  # fmt: skip
    assert unknown["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {
            "orderBy": [
                "Sort by one of: number, poNumber, grandTotal, status, placedBy, createdAt (prefix - to reverse)."
            ]
        },
        "fieldCodes": {"orderBy": ["invalid_choice"]},
    }


def test_a_refusal_of_the_scope_comes_before_a_missing_order_by(orders, graphql, sign_in):
    assert error_code(graphql(LIST, {"scope": "COMPANY"}, token=sign_in("senior_level_1"))) == "PERMISSION_DENIED"


def test_paging_and_its_limits(admin_lab, graphql):
    made, token = admin_lab

    page = _run(graphql, token, orderBy="number", first=1, offset=1)["data"]["orders"]
    too_many = _run(graphql, token, first=101)
    at_cap = _run(graphql, token, first=100)
    negative = _run(graphql, token, offset=-1)
    long_search = _run(graphql, token, search="x" * 101)
    empty_page = _run(graphql, token, first=0)["data"]["orders"]

    assert (page["totalCount"], [e["node"]["number"] for e in page["edges"]]) == (3, [made["salt"].number])
    assert too_many["errors"][0]["message"] == "Ask for at most 100 orders at a time."
    assert too_many["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR", "fields": {"first": ["Ask for at most 100 orders at a time."]},
        "fieldCodes": {"first": ["out_of_range"]},
    }  # fmt: skip
    assert len(at_cap["data"]["orders"]["edges"]) == 3
    assert negative["errors"][0]["extensions"]["fields"] == {"offset": ["Enter 0 or more."]}
    assert long_search["errors"][0]["extensions"]["fields"] == {"search": ["Enter at most 100 characters."]}
    assert (empty_page["totalCount"], empty_page["edges"]) == (3, [])


def test_the_list_node_shows_the_header(admin_lab, graphql):
    made, token = admin_lab
    buffer = made["buffer"]

    (node,) = [e["node"] for e in _run(graphql, token, search="pipette")["data"]["orders"]["edges"]]

    senior = _user("senior@acme.test")
    assert node == {
        "id": str(buffer.number),
        "number": buffer.number,
        "poNumber": "",
        "status": "cancelled",
        "statusLabel": "Cancelled",
        "placedBy": {"id": senior.pk, "name": "Sam Senior", "email": "senior@acme.test"},
        "createdAt": "2025-04-01T23:30:02+00:00",
        "currencyCode": "USD",
        "grandTotal": "56.89",
        "itemCount": 3,
        "lineCount": 2,
    }


def test_an_order_whose_placer_is_gone_lists_without_a_person(admin_lab, graphql):
    made, token = admin_lab
    gone = OrderFactory(placed_by=None, company=_company("Acme Labs"), lines=1)

    nodes = [e["node"] for e in _run(graphql, token, search=str(gone.number))["data"]["orders"]["edges"]]

    assert [(n["number"], n["placedBy"]) for n in nodes] == [(gone.number, None)]


# --- the detail -----------------------------------------------------------------------------------------------------


@pytest.fixture
def shipped_order(demo_store):
    """Acme's senior buyer's order of three lines: the first shipped in full over two parcels (UPS, then an unknown
    carrier's number), the second partly, the third not at all; the second line's product is gone since."""
    senior = _user("senior@acme.test")
    order = OrderFactory(
        placed_by=senior, company=_company("Acme Labs"), po_number="PO-7731", customer_message="Leave at dock 4",
        shipping_total=Decimal("0.00"),
        lines=[
            {"quantity": 3, "unit_price": Decimal("32.30"), "unit_tax": Decimal("2.02"),
             "options": [{"name": "Grade", "value": "ACS"}], "sku": "HS-1001-100ML", "name": "Ethanol absolute"},
            {"quantity": 5, "sku": "HS-1055-500G", "name": "Sodium chloride"},
            {"quantity": 1, "sku": "HS-2040-1KG", "name": "Tris buffer"},
        ],
    )  # fmt: skip
    first, second, third = order.lines.all()
    lot = LotFactory(product=first.product, number="L24-117", expires_on=datetime.date(2027, 3, 31))
    ups = ShipmentFactory(
        order=order, carrier="UPS Ground", tracking_number="1Z 999 AA1 01 2345 678 4", comment="Two boxes",
        shipped_at=datetime.datetime(2025, 6, 2, 9, tzinfo=datetime.UTC),
    )  # fmt: skip
    ShipmentLineFactory(shipment=ups, order_line=first, quantity=2, lot=lot)
    ShipmentLineFactory(shipment=ups, order_line=second, quantity=2)
    local = ShipmentFactory(
        order=order, carrier="Campus courier", tracking_number="CC-0042",
        shipped_at=datetime.datetime(2025, 6, 3, 9, tzinfo=datetime.UTC),
    )  # fmt: skip
    ShipmentLineFactory(shipment=local, order_line=first, quantity=1, lot=lot)
    order_status_refresh(order=order)
    # Taken out of the catalog since: deleting a product leaves its order lines without it (SET_NULL).
    OrderLine.objects.filter(pk=second.pk).update(product=None, variant=None)
    order.refresh_from_db()
    return order


def test_the_detail_shows_header_addresses_lines_summary_payment_and_shipments(shipped_order, graphql, sign_in):
    order = shipped_order
    first = order.lines.order_by("pk").first()

    body = graphql(DETAIL, {"id": str(order.number)}, token=sign_in("senior"))

    assert "errors" not in body, body
    detail = body["data"]["order"]
    assert (detail["id"], detail["number"], detail["poNumber"]) == (str(order.number), order.number, "PO-7731")
    assert (detail["status"], detail["statusLabel"]) == ("partially_shipped", "Partially shipped")
    assert detail["placedBy"]["email"] == "senior@acme.test"
    assert (detail["customerMessage"], detail["customerEmail"]) == ("Leave at dock 4", "senior@acme.test")
    assert (detail["paymentMethod"], detail["paymentMethodLabel"]) == (
        "purchase_order",
        "Purchase order (pay on account)",
    )
    assert (detail["paymentState"], detail["paymentStateLabel"]) == ("on_account", "On account")
    assert detail["shippingAddress"] == {
        "lines": ["Sam Senior", "Acme Labs", "1 Science Park", "Boston, MA 02115", "United States"],
        "phone": "+1 617 555 0100",
        "email": "senior@acme.test",
    }
    assert detail["billingAddress"] == detail["shippingAddress"]
    assert (detail["subtotal"], detail["taxTotal"], detail["shippingTotal"]) == ("156.90", "9.84", "0.00")
    assert detail["grandTotal"] == "166.74"
    assert (detail["itemCount"], detail["lineCount"]) == (9, 3)
    lines = detail["lines"]
    assert [(row["sku"], row["quantity"], row["shippedQuantity"], row["unshippedQuantity"]) for row in lines] == [
        ("HS-1001-100ML", 3, 3, 0),
        ("HS-1055-500G", 5, 2, 3),
        ("HS-2040-1KG", 1, 0, 1),
    ]
    assert lines[0]["options"] == [{"name": "Grade", "value": "ACS"}]
    assert (lines[0]["unitPrice"], lines[0]["unitTax"], lines[0]["lineTotal"], lines[0]["lineTax"]) == (
        "32.30", "2.02", "96.90", "6.06",
    )  # fmt: skip
    assert lines[0]["id"] == str(first.pk) and lines[0]["productId"] == first.product_id
    assert lines[0]["productUrl"] == f"http://testserver/products/{first.product.slug}/"
    # The product of the second line no longer exists: the line stays as bought, without links.
    assert (lines[1]["productId"], lines[1]["variantId"], lines[1]["productUrl"]) == (None, None, None)
    assert lines[1]["name"] == "Sodium chloride"
    assert [row["safetyDataSheetUrl"] for row in lines] == [None, None, None]  # no product has a sheet

    ups, local = detail["shipments"]
    expected_ups = recognize("1Z999AA10123456784")[0]
    assert ups["trackingNumber"] == "1Z 999 AA1 01 2345 678 4"
    assert ups["trackingUrl"] == expected_ups.tracking_url
    assert ups["trackingUrl"].startswith("https://www.ups.com/") and "1Z999AA10123456784" in ups["trackingUrl"]
    assert (ups["courierName"], ups["carrier"], ups["comment"]) == ("UPS", "UPS Ground", "Two boxes")
    assert ups["shippedAt"] == "2025-06-02T09:00:00+00:00"
    assert [(row["sku"], row["quantity"], row["lotNumber"], row["lotExpiresOn"]) for row in ups["lines"]] == [
        ("HS-1001-100ML", 2, "L24-117", "2027-03-31"),
        ("HS-1055-500G", 2, None, None),
    ]
    assert ups["lines"][0]["orderLineId"] == str(first.pk)
    assert [row["certificateUrl"] for row in ups["lines"]] == [None, None]  # the lot has no certificate
    # A number no carrier format recognises: no link, the carrier as staff named it.
    assert (local["trackingUrl"], local["courierName"]) == (None, "Campus courier")
    assert [(row["orderLineId"], row["quantity"]) for row in local["lines"]] == [(str(first.pk), 1)]
    assert (detail["canReorder"], detail["canAddToQuote"]) == (True, True)


def test_payment_state_follows_the_method_and_a_cancellation(demo_store, graphql, sign_in):
    token = sign_in("b2c")
    b2c = _user("b2c@demo.test")
    card = OrderFactory(placed_by=b2c, lines=1, payment_method=PaymentMethod.TEST_CARD)
    cancelled = OrderFactory(placed_by=b2c, lines=1, status=OrderStatus.CANCELLED)

    paid = graphql(DETAIL, {"id": str(card.number)}, token=token)["data"]["order"]
    nothing_owed = graphql(DETAIL, {"id": str(cancelled.number)}, token=token)["data"]["order"]

    assert (paid["paymentState"], paid["paymentStateLabel"]) == ("paid", "Paid")
    assert (nothing_owed["paymentState"], nothing_owed["paymentStateLabel"]) == ("cancelled", "Cancelled")
    assert paid["billingAddress"]["lines"][1:] == ["1 Science Park", "Boston, MA 02115", "United States"]


def test_the_action_flags_follow_the_callers_rights(orders, graphql, sign_in):
    super_admin = graphql(DETAIL, {"id": str(orders["super_own"].number)}, token=sign_in("super_admin"))
    # A senior buyer whose purchase rights were taken away.
    RolePermission.objects.filter(template__role=1, template__is_builtin=True, code="purchase_enable").delete()
    senior = graphql(DETAIL, {"id": str(orders["senior_1"].number)}, token=sign_in("senior"))

    assert (super_admin["data"]["order"]["canReorder"], super_admin["data"]["order"]["canAddToQuote"]) == (False, False)
    assert (senior["data"]["order"]["canReorder"], senior["data"]["order"]["canAddToQuote"]) == (False, True)


def test_a_line_of_a_hidden_product_has_no_product_link(demo_store, graphql, sign_in):
    order = OrderFactory(placed_by=_user("senior@acme.test"), company=_company("Acme Labs"), lines=1)
    line = order.lines.get()
    line.product.is_visible = False
    line.product.save(update_fields=["is_visible"])

    (row,) = graphql(DETAIL, {"id": str(order.number)}, token=sign_in("senior"))["data"]["order"]["lines"]

    assert (row["productId"], row["productUrl"]) == (line.product_id, None)


def test_certificates_and_safety_data_sheets_come_as_signed_links_that_open_them(
    shipped_order, graphql, sign_in, client
):
    pdf = b"%PDF-1.4\n%%EOF\n"
    first = shipped_order.lines.order_by("pk").first()
    first.product.safety_data_sheet.save("sds.pdf", ContentFile(pdf))
    lot = Lot.objects.get(number="L24-117")
    lot.certificate.save("coa.pdf", ContentFile(pdf))

    detail = graphql(DETAIL, {"id": str(shipped_order.number)}, token=sign_in("senior"))["data"]["order"]

    sheet_url = detail["lines"][0]["safetyDataSheetUrl"]
    assert sheet_url.startswith(f"http://testserver/api/v2/orders/lines/{first.pk}/safety-data-sheet?token=")
    assert [row["safetyDataSheetUrl"] for row in detail["lines"][1:]] == [None, None]
    ups_lines = detail["shipments"][0]["lines"]
    certificate_url = ups_lines[0]["certificateUrl"]
    assert certificate_url.startswith(
        f"http://testserver/api/v2/orders/shipment-lines/{ups_lines[0]['id']}/certificate?token="
    )
    assert ups_lines[1]["certificateUrl"] is None  # shipped without a lot
    for url in (sheet_url, certificate_url):
        response = client.get(url.removeprefix("http://testserver"))
        assert response.status_code == 200, url
        assert b"".join(response.streaming_content) == pdf
