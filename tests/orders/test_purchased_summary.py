"""The purchased-products summary (issue 38, orders.purchased_summary): kept by the one function that stores every
order (order_create) and by order_cancel, backfilled from the lines, and answering purchasedProducts as the lines
did — every sort, the searches, the paging and the total, with exact values."""

from __future__ import annotations

import ast
import datetime
import pathlib

import pytest

from accounts.models import Company, User
from orders.models import Order, OrderStatus, PurchasedProduct, PurchasedProductName
from orders.purchased_summary import purchased_products_rebuild
from orders.services import order_cancel
from tests.factories.orders import OrderFactory
from tests.orders import test_purchased_products as bought

pytestmark = pytest.mark.django_db

# The purchases of tests/orders/test_purchased_products.py and its callers.
LIST = bought.LIST
catalog = bought.catalog
sign_in = bought.sign_in
purchases = bought.purchases

ETHANOL = "ethanol-absolute-998"
ADDRESS = {
    "first_name": "Ada", "last_name": "Chen", "address_line1": "1 Lab Way", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US",
}  # fmt: skip
REORDER = "mutation($id: ID!) { orderReorder(id: $id) { added { sku } notAdded { sku } } }"


def _summary() -> list[tuple]:
    """Every summary row, comparable across rebuilds (ids and the row ids left out)."""
    groups = sorted(
        (row.owner, row.sku, row.name, row.quantity_ordered, row.order_count, row.last_ordered_at, row.latest_line_id,
         repr(row.options), repr(row.raw_options), row.product_id, row.variant_id)
        for row in PurchasedProduct.objects.all()
    )  # fmt: skip
    names = sorted(
        (row.owner, row.sku, row.name, row.quantity_ordered, row.order_count, row.last_ordered_at, row.latest_line_id)
        for row in PurchasedProductName.objects.all()
    )
    return groups + names


def _page(graphql, token, **variables) -> tuple[int, list[tuple]]:
    body = graphql(LIST, {"first": 100, **variables}, token=token)
    assert "errors" not in body, body["errors"]
    data = body["data"]["purchasedProducts"]
    rows = [
        (e["node"]["sku"], e["node"]["productName"], e["node"]["quantityOrdered"], e["node"]["orderCount"],
         e["node"]["lastOrderedAt"][:10])
        for e in data["edges"]
    ]  # fmt: skip
    return data["totalCount"], rows


def _checkout(client, email: str, po_number: str) -> Order:
    response = client.post(
        "/checkout", {**ADDRESS, "email": email, "payment_method": "purchase_order", "po_number": po_number}
    )
    assert response.status_code == 302, response.content[:500]
    return Order.objects.get(po_number=po_number)


# --- the one door -----------------------------------------------------------------------------------------------------


def test_order_lines_are_written_by_order_create_only():
    """Every order placement (storefront checkout, quick order, reorder, a quote's checkout, the headless cart API,
    the demo) stores its order through orders.services.order_create, which updates the summary: no other production
    code creates order lines, and only the storefront's checkout and the demo call order_create."""
    root = pathlib.Path(__file__).resolve().parents[2]
    writers, callers = [], []
    for path in root.glob("*/**/*.py"):
        relative = path.relative_to(root).as_posix()
        if relative.startswith((".venv/", "tests/", "frontend/", "var/")) or "/migrations/" in relative:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = ast.unparse(node.func)
                if name in ("OrderLine", "OrderLine.objects.create", "OrderLine.objects.bulk_create"):
                    writers.append(relative)
                if name == "order_create":
                    callers.append(relative)
    assert sorted(set(writers)) == ["orders/services.py"]
    assert sorted(set(callers)) == ["approvals/services/placement.py", "orders/demo.py"]


def test_a_checkout_counts_in_the_company_s_and_the_buyer_s_summary_and_a_cancel_takes_it_out(
    ethanol, client, graphql, login
):
    client.login(username="admin@acme.test", password="Demo1234")
    client.post("/cart/add/", _ethanol_choice(ethanol, "HS-1001-100ML", qty=2))
    first = _checkout(client, "admin@acme.test", "PO-1")
    client.post("/cart/add/", _ethanol_choice(ethanol, "HS-1001-100ML", qty=3))
    client.post("/cart/add/", _ethanol_choice(ethanol, "HS-1001-500ML", qty=1))
    second = _checkout(client, "admin@acme.test", "PO-2")
    acme = Company.objects.get(name="Acme Labs")
    admin = User.objects.get(email="admin@acme.test")

    rows = sorted(
        PurchasedProduct.objects.values_list("owner", "sku", "quantity_ordered", "order_count", "latest_line_id")
    )
    latest = {line.sku: line.pk for line in second.lines.all()}
    assert rows == [
        (f"c{acme.pk}", "HS-1001-100ML", 5, 2, latest["HS-1001-100ML"]),
        (f"c{acme.pk}", "HS-1001-500ML", 1, 1, latest["HS-1001-500ML"]),
        (f"u{admin.pk}c{acme.pk}", "HS-1001-100ML", 5, 2, latest["HS-1001-100ML"]),
        (f"u{admin.pk}c{acme.pk}", "HS-1001-500ML", 1, 1, latest["HS-1001-500ML"]),
    ]
    assert PurchasedProduct.objects.get(owner=f"c{acme.pk}", sku="HS-1001-100ML").last_ordered_at == second.created_at
    built = _summary()
    purchased_products_rebuild()
    assert _summary() == built  # what checkout kept is what the lines give

    order_cancel(order=second)

    assert sorted(PurchasedProduct.objects.values_list("owner", "sku", "quantity_ordered", "order_count")) == [
        (f"c{acme.pk}", "HS-1001-100ML", 2, 1),
        (f"u{admin.pk}c{acme.pk}", "HS-1001-100ML", 2, 1),
    ]
    row = PurchasedProduct.objects.get(owner=f"c{acme.pk}")
    assert (row.last_ordered_at, row.latest_line_id) == (first.created_at, first.lines.get().pk)
    total, page = _page(graphql, login("admin@acme.test"), orderBy="sku")
    assert (total, [r[:4] for r in page]) == (1, [("HS-1001-100ML", "Ethanol, absolute, ≥99.8%", 2, 1)])


def _ethanol_choice(ethanol, sku: str, qty: int) -> dict:
    variant = ethanol.variants.get(sku=sku)
    (value,) = variant.option_values.all()
    return {"product_id": ethanol.pk, "qty": qty, f"attribute[{value.option_id}]": str(value.pk)}


def test_a_reorder_checked_out_counts_again(ethanol, client, graphql, login):
    client.login(username="senior@acme.test", password="Demo1234")
    client.post("/cart/add/", _ethanol_choice(ethanol, "HS-1001-500ML", qty=4))
    first = _checkout(client, "senior@acme.test", "PO-10")
    token = login("senior@acme.test")
    body = graphql(REORDER, {"id": str(first.number)}, token=token)
    assert body["data"]["orderReorder"]["added"] == [{"sku": "HS-1001-500ML"}]

    _checkout(client, "senior@acme.test", "PO-11")

    total, page = _page(graphql, token, orderBy="-lastOrderedAt")
    assert (total, [r[:4] for r in page]) == (1, [("HS-1001-500ML", "Ethanol, absolute, ≥99.8%", 8, 2)])


def test_the_demo_orders_leave_the_summary_the_lines_give(demo_store):
    from orders.demo import seed_orders
    from pricing.demo import seed_catalog

    seed_catalog()
    assert seed_orders() > 0
    kept = _summary()
    assert len(kept) > 0
    assert Order.objects.filter(status=OrderStatus.CANCELLED).exists()  # the demo's cancelled orders are left out

    purchased_products_rebuild()

    assert _summary() == kept


# --- the answers, exact -----------------------------------------------------------------------------------------------

# Acme's purchases (tests/orders/test_purchased_products.py `purchases`) as the company's buyers read them:
# sku, name, quantity, orders, last ordered.
E500 = ("HS-1001-500ML", "Ethanol, absolute, ≥99.8%", 5, 2, "2025-05-10")
E500_CERT = ("HS-1001-500ML", "Ethanol, absolute, ≥99.8%", 1, 1, "2025-05-10")
NACL_100 = ("HS-1055-100G", "Sodium chloride, ≥99.5%", 1, 1, "2025-05-01")
NACL_500 = ("HS-1055-500G", "Sodium chloride, ≥99.5%", 4, 1, "2025-05-06")
BALANCE = ("HS-4006", "Analytical balance, 220 g × 0.1 mg", 1, 1, "2025-05-05")
GONE = ("HS-GONE", "A discontinued buffer", 7, 1, "2025-05-01")


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        ("lastOrderedAt", [GONE, NACL_100, BALANCE, NACL_500, E500_CERT, E500]),  # ties: the latest line first
        ("-lastOrderedAt", [E500_CERT, E500, NACL_500, BALANCE, GONE, NACL_100]),
        ("sku", [E500_CERT, E500, NACL_100, NACL_500, BALANCE, GONE]),
        ("-sku", [GONE, BALANCE, NACL_500, NACL_100, E500_CERT, E500]),
        ("productName", [GONE, BALANCE, E500_CERT, E500, NACL_500, NACL_100]),
        ("-productName", [NACL_500, NACL_100, E500_CERT, E500, BALANCE, GONE]),
        ("quantity", [BALANCE, E500_CERT, NACL_100, NACL_500, E500, GONE]),
        ("-quantity", [GONE, E500, NACL_500, BALANCE, E500_CERT, NACL_100]),
        ("orderCount", [NACL_500, BALANCE, E500_CERT, GONE, NACL_100, E500]),
        ("-orderCount", [E500, NACL_500, BALANCE, E500_CERT, GONE, NACL_100]),
    ],
)
def test_every_sort_reads_as_the_lines_gave_it(purchases, graphql, sign_in, order_by, expected):
    token = sign_in("admin")

    assert _page(graphql, token, orderBy=order_by) == (6, expected)
    # Paged: the same rows, two at a time, and the same total.
    assert _page(graphql, token, orderBy=order_by, first=2, offset=2) == (6, expected[2:4])


@pytest.mark.parametrize(
    ("search", "expected"),
    [
        ("ethanol", [E500_CERT, E500]),
        ("ETHANOL", [E500_CERT, E500]),
        ("hs-1055", [NACL_500, NACL_100]),
        ("hs1055 500", [NACL_500]),  # separators left out of a SKU
        ("1001-500", [E500_CERT, E500]),
        ("buffer", [GONE]),
        ("-", [E500_CERT, E500, NACL_500, BALANCE, GONE, NACL_100]),  # every SKU holds a hyphen
        ("nothing like it", []),
    ],
)
def test_every_search_reads_as_the_lines_gave_it(purchases, graphql, sign_in, search, expected):
    assert _page(graphql, sign_in("admin"), orderBy="-lastOrderedAt", search=search) == (len(expected), expected)


def test_a_renamed_product_s_search_counts_the_lines_of_the_matching_name_only(purchases, graphql, sign_in):
    """A product renamed between orders: the lines keep the name they were bought under, and a search by one name
    counts those lines only (as the search over the lines did); by SKU, every line."""
    acme = Company.objects.get(name="Acme Labs")
    senior = User.objects.get(email="admin@acme.test")
    renamed = {"variant": None, "product": None, "sku": "HS-OLD-1", "quantity": 2}
    for day, name, quantity in [(2, "Tris buffer", 2), (3, "Tris base buffer", 5)]:
        order = OrderFactory(placed_by=senior, company=acme, lines=[{**renamed, "name": name, "quantity": quantity}])
        Order.objects.filter(pk=order.pk).update(created_at=datetime.datetime(2025, 5, day, 12, tzinfo=datetime.UTC))
    purchased_products_rebuild()
    token = sign_in("admin")

    assert _page(graphql, token, orderBy="sku", search="tris buffer") == (
        1,
        [("HS-OLD-1", "Tris buffer", 2, 1, "2025-05-02")],
    )
    assert _page(graphql, token, orderBy="sku", search="HS-OLD") == (
        1,
        [("HS-OLD-1", "Tris buffer", 7, 2, "2025-05-03")],  # Max(name): "Tris buffer" > "Tris base buffer"
    )
    assert _page(graphql, token, orderBy="sku", search="tris") == (
        1,
        [("HS-OLD-1", "Tris buffer", 7, 2, "2025-05-03")],
    )
