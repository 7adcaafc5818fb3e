"""Every path that creates an order goes through the gate (issue 41, "Done when" 2): the storefront's checkout with a
cart filled by the storefront's add-to-cart, the overlay's cart API, a bulk upload (quick order), a shopping list, a
reorder or a quote, and a procurement system's purchase order (punchout cXML OrderRequest) — each with no rule, a
rule matched, a hard budget exceeded and a soft budget exceeded.

No path places an order a rule (or a soft budget) holds: it is a purchase request, its budget commitments written,
the cart emptied, the stock and the credit untouched until its last approval places it. A hard budget refuses with
BUDGET_EXCEEDED and nothing changes: no order, no request, no budget charge, the cart as it was, the stock and the
company's credit as they were."""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

import pytest

from accounts.models import Company, User
from accounts.selectors import actor_for_user
from approvals.models import BudgetCharge, ChargeState, PurchaseRequest
from approvals.services.drafts import OrderDraft
from approvals.services.requests import purchase_request_approve
from orders.models import Order, OrderLine
from pricing.models import Product, ProductVariant
from punchout.models import OutboundKind, PunchoutOutbound, PunchoutPurchaseOrder
from quotes.models import Quote, QuoteStatus
from shoppinglists.models import ShoppingListStatus
from storefront.models import CartLine
from tests.factories.accounts import PASSWORD
from tests.factories.approvals import BudgetFactory, rule, tier
from tests.factories.orders import OrderFactory
from tests.factories.shoppinglists import ShoppingListFactory, ShoppingListItemFactory
from tests.punchout.flows import acme_connection, item, order_request, status
from tests.quotes.support import CHECKOUT as QUOTE_CHECKOUT
from tests.quotes.support import make_quote

pytestmark = pytest.mark.django_db

SKU = "HS-1001-100ML"  # 2 × $38.00 in every path
BUYER = "organic_senior"
CHECKOUT_FORM = {
    "first_name": "Olga", "last_name": "Organic", "address_line1": "12 College Road", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US", "email": "organic.senior@northfield.test",
    "payment_method": "purchase_order", "po_number": "PO-7731", "cost_centre": "GR-2026-114",
}  # fmt: skip

CREATE_CART = """mutation($items: [CartLineItemInput!]!) {
  createCart(createCartInput: {lineItems: $items}) { entityId } }"""
UPLOAD = """mutation($data: ProductUploadInput!) {
  productUpload(productListData: $data) { result { validCount validProduct { productId variantId qty } } } }"""
LIST_TO_CART = (
    """mutation($id: Int!) { shoppingListAddToCart(id: $id) { cartEntityId added { sku } notAdded { sku } } }"""
)
REORDER = """mutation($id: ID!) { orderReorder(id: $id) { added { sku } notAdded { sku } } }"""


@dataclass
class World:
    """What a path's steps use: the tree, the buyer signed in to the storefront (session) and to the API (token)."""

    shop: object
    client: object
    graphql: Callable
    token: str
    buyer: User

    @property
    def variant(self) -> ProductVariant:
        return ProductVariant.objects.get(sku=SKU)


# --- filling the cart, each path its own way ------------------------------------------------------------------------


def _by_add_to_cart(world: World) -> None:
    product = Product.objects.prefetch_related("options__values", "variants").get(pk=world.variant.product_id)
    (value,) = world.variant.option_values.all()
    data = {"product_id": product.pk, "qty": 2, f"attribute[{value.option_id}]": str(value.pk)}
    assert world.client.post("/cart/add/", data).status_code == 302


def _api_cart(world: World, items: list[dict]) -> None:
    body = world.graphql(CREATE_CART, {"items": items}, token=world.token)
    assert "errors" not in body, body


def _by_cart_api(world: World) -> None:
    _api_cart(
        world, [{"productEntityId": world.variant.product_id, "variantEntityId": world.variant.pk, "quantity": 2}]
    )


def _by_bulk_upload(world: World) -> None:
    """Quick order's bulk upload: the file's rows checked by productUpload, its valid rows into the cart (as the
    overlay's quick order page does, features/quickorder/cartTransfer.ts)."""
    rows = [{"sku": "hs 1001 100ml", "qty": "1"}, {"sku": SKU, "qty": "1"}]
    body = world.graphql(UPLOAD, {"data": {"productList": rows, "channelId": 1, "isToCart": True}}, token=world.token)
    assert "errors" not in body, body
    valid = body["data"]["productUpload"]["result"]["validProduct"]
    _api_cart(world, [{"productEntityId": row["productId"], "variantEntityId": row["variantId"], "quantity": row["qty"]}
                      for row in valid])  # fmt: skip


def _by_shopping_list(world: World) -> None:
    shopping_list = ShoppingListFactory(name="Weekly solvents", company=world.shop.organic_lab, created_by=world.buyer,
                                        status=ShoppingListStatus.APPROVED)  # fmt: skip
    ShoppingListItemFactory(shopping_list=shopping_list, variant=world.variant, quantity=2)
    body = world.graphql(LIST_TO_CART, {"id": shopping_list.pk}, token=world.token)
    assert body["data"]["shoppingListAddToCart"]["added"] == [{"sku": SKU}], body


def _by_reorder(world: World) -> None:
    earlier = OrderFactory(
        company=world.shop.organic_lab,
        placed_by=world.buyer,
        lines=[{"variant": world.variant, "quantity": 2, "unit_price": Decimal("38.00")}],
    )
    body = world.graphql(REORDER, {"id": str(earlier.number)}, token=world.token)
    assert body["data"]["orderReorder"]["added"] == [{"sku": SKU}], body


def _by_quote(world: World) -> None:
    quote = make_quote(world.buyer.email, lines=[(SKU, 2)], priced=True)
    body = world.graphql(QUOTE_CHECKOUT, {"id": quote.pk}, token=world.token)
    assert "errors" not in body, body
    url = body["data"]["quoteCheckout"]["checkoutUrl"].removeprefix("http://testserver")
    assert world.client.get(url)["Location"] == "/checkout"


FILLERS: dict[str, Callable[[World], None]] = {
    "add to cart": _by_add_to_cart,
    "cart API": _by_cart_api,
    "bulk upload": _by_bulk_upload,
    "shopping list": _by_shopping_list,
    "reorder": _by_reorder,
    "quote": _by_quote,
}
PATHS = [*FILLERS, "punchout"]
SCENARIOS = ["no rule", "rule matched", "hard budget exceeded", "soft budget exceeded"]


# --- what each scenario sets up, and the path's outcome -------------------------------------------------------------


def _scenario(shop, scenario: str) -> None:
    """A roomy budget of the university always (what orders commit shows on it), and the scenario's own."""
    BudgetFactory(company=shop.university, name="University 2026", amount=Decimal("100000.00"))
    if scenario == "rule matched":
        rule(shop.university, name="Above 50", min_total=Decimal("50.00"), currency_code="USD",
             tiers=[tier(levels_up=1)])  # fmt: skip
    elif scenario == "hard budget exceeded":
        BudgetFactory(company=shop.chemistry, name="Chemistry consumables", amount=Decimal("10.00"), hard=True)
    elif scenario == "soft budget exceeded":
        BudgetFactory(company=shop.chemistry, name="Chemistry consumables", amount=Decimal("10.00"), hard=False)


def _snapshot(world: World) -> dict:
    """What placing, holding or refusing an order may change."""
    return {
        "orders": list(Order.objects.order_by("pk").values_list("pk", flat=True)),
        "requests": PurchaseRequest.objects.count(),
        "charges": BudgetCharge.objects.count(),
        "cart": sorted(CartLine.objects.filter(cart__user=world.buyer).values_list("variant__sku", "quantity")),
        "stock": list(ProductVariant.objects.order_by("pk").values_list("sku", "inventory_level")),
        "credit": Company.objects.get(pk=world.shop.university.pk).available_credit,  # every unit's credit line
        "quotes": list(Quote.objects.order_by("pk").values_list("status", flat=True)),
        "purchase orders": PunchoutPurchaseOrder.objects.count(),
    }


@dataclass
class Outcome:
    held: PurchaseRequest | None
    order: Order | None
    refusal: str  # the page's or the cXML answer's text when refused


def _checkout(world: World, path: str) -> Outcome:
    before = set(Order.objects.values_list("pk", flat=True))
    response = world.client.post("/checkout", CHECKOUT_FORM)
    html = response.content.decode()
    if response.status_code == 400:
        return Outcome(None, None, html)
    assert response.status_code == 302, html[-3000:]
    held = PurchaseRequest.objects.order_by("pk").last()
    if held is not None:
        assert response["Location"] == f"/checkout/request-confirmation/{held.pk}/"
        page = world.client.get(response["Location"]).content.decode()
        assert (
            "Your order awaits approval" in page and f"purchase request <strong data-purchase-request>{held.pk}" in page
        )
        return Outcome(held, None, "")
    order = Order.objects.exclude(pk__in=before).get()
    assert response["Location"] == f"/checkout/order-confirmation/{order.number}/"
    return Outcome(None, order, "")


def _punchout(world: World) -> Outcome:
    connection = acme_connection(company=world.shop.organic_lab, name="Northfield — Ariba", user_mode="fixed",
                                 fixed_user=world.buyer, documents_url="https://procure.example.edu/cxml")  # fmt: skip
    response = order_request(world.client, payload="po-41-1", po="PO-7731", items=item(1, 2, SKU, "", "38.00"))
    code, text = status(response)
    if response.status_code == 403:
        assert code == "403"
        return Outcome(None, None, text)
    assert (response.status_code, code) == (200, "200"), text
    received = PunchoutPurchaseOrder.objects.get(connection=connection)
    if received.purchase_request is not None:
        assert text == f"Purchase order received: it awaits approval (purchase request {received.purchase_request.pk})."
        assert received.order is None and not PunchoutOutbound.objects.exists()  # confirmed once placed
        return Outcome(received.purchase_request, None, "")
    assert text == f"Order #{received.order.number} placed."
    assert PunchoutOutbound.objects.get().kind == OutboundKind.CONFIRMATION
    return Outcome(None, received.order, "")


@pytest.fixture
def world(shop, client, graphql, login) -> World:
    buyer = shop.users[BUYER]
    token = login(buyer.email, PASSWORD)
    assert client.login(username=buyer.email, password=PASSWORD)
    return World(shop=shop, client=client, graphql=graphql, token=token, buyer=buyer)


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.parametrize("path", PATHS)
def test_every_order_path_goes_through_the_gate(world, path, scenario):
    shop = world.shop
    _scenario(shop, scenario)
    if path != "punchout":
        FILLERS[path](world)
        assert sorted(CartLine.objects.filter(cart__user=world.buyer).values_list("variant__sku", "quantity")) == [
            (SKU, 2)
        ]
    before = _snapshot(world)
    outcome = _punchout(world) if path == "punchout" else _checkout(world, path)

    if scenario == "hard budget exceeded":
        assert "Chemistry consumables" in outcome.refusal and "10.00 USD" in outcome.refusal, outcome.refusal[-2000:]
        assert _snapshot(world) == before  # no order, request or charge; cart, stock, credit, quote as they were
        return

    after = _snapshot(world)
    assert after["cart"] == []
    if scenario == "no rule":
        order = outcome.order
        assert order is not None and outcome.held is None
        assert (order.company_id, order.placed_by_id, order.cost_centre) == (shop.organic_lab.pk, world.buyer.pk,
                                                                              "GR-2026-114")  # fmt: skip
        assert list(BudgetCharge.objects.values_list("order_id", "amount")) == [(order.pk, order.grand_total)]
        assert after["credit"] == before["credit"] - order.grand_total
        return

    # Held: a purchase request, its commitments written, nothing placed or taken yet.
    request = outcome.held
    assert request is not None and outcome.order is None
    assert after["orders"] == before["orders"]
    assert (after["stock"], after["credit"], after["quotes"]) == (before["stock"], before["credit"], before["quotes"])
    assert (request.status, request.company_id, request.requested_by_id) == ("pending", shop.organic_lab.pk,
                                                                             world.buyer.pk)  # fmt: skip
    kinds = {reason["kind"] for reason in request.reasons}
    assert kinds == ({"rule"} if scenario == "rule matched" else {"budget"})
    assert request.approvers.get().user == shop.users["chemistry_admin"]
    charges = list(BudgetCharge.objects.values_list("purchase_request_id", "order_id", "state"))
    assert len(charges) == (1 if scenario == "rule matched" else 2)
    assert set(charges) == {(request.pk, None, ChargeState.COMMITTED)}

    # The last approval places it as submitted, and the path's own follow-up happens then.
    placed = purchase_request_approve(actor=actor_for_user(shop.users["chemistry_admin"]), request_id=request.pk)
    order = placed.order
    draft = OrderDraft.from_json(request.draft)
    assert list(OrderLine.objects.filter(order=order).values_list("sku", "quantity", "unit_price")) == [
        (line.sku, line.quantity, line.unit_price) for line in draft.lines
    ]
    assert order.grand_total == request.grand_total
    assert set(BudgetCharge.objects.values_list("order_id", flat=True)) == {order.pk}
    assert _snapshot(world)["credit"] == before["credit"] - order.grand_total
    if path == "quote":
        assert Quote.objects.get().status == QuoteStatus.ORDERED
    if path == "punchout":
        received = PunchoutPurchaseOrder.objects.get()
        assert received.order_id == order.pk
        assert list(PunchoutOutbound.objects.values_list("kind", "object_id")) == [
            (OutboundKind.CONFIRMATION, order.pk)
        ]


def test_the_one_door_is_the_only_caller_of_order_create():
    """No path reaches the orders' own order_create but through approvals.services.placement (orders' demo seeding
    aside): a new path cannot skip the gate."""
    root = Path(__file__).resolve().parents[2]
    callers = set()
    for source in root.glob("*/**/*.py"):
        relative = source.relative_to(root).as_posix()
        if relative.startswith((".venv/", "tests/", "frontend/", "var/", "bench/")) or "/migrations/" in relative:
            continue
        tree = ast.parse(source.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "order_create"
            ):
                callers.add(relative)
    assert callers == {"approvals/services/placement.py", "orders/demo.py"}
