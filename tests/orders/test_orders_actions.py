"""The order page's actions (issue 17): Reorder into the storefront cart and Add to quote, each line on its own, and
who may do them."""

from decimal import Decimal

import pytest

from accounts.models import Company, RolePermission, RoleTemplate, User
from accounts.selectors import actor_for_user
from orders.models import Order
from portal.models import StorefrontConfig
from pricing.models import Product, ProductOption
from quotes.models import QuoteDraft, QuoteDraftLine
from storefront.models import Cart, CartLine
from storefront.selectors import cart_summary
from tests.factories.orders import OrderFactory, OrderLineFactory
from tests.factories.pricing import ProductFactory, VariantFactory
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

TRANSFER = (
    "cartEntityId added { orderLineId sku name quantity code reason } notAdded { orderLineId sku quantity code reason }"
)
REORDER = f"mutation($id: ID!, $lineIds: [ID!]) {{ orderReorder(id: $id, lineIds: $lineIds) {{ {TRANSFER} }} }}"
ADD_TO_QUOTE = f"mutation($id: ID!, $lineIds: [ID!]) {{ orderAddToQuote(id: $id, lineIds: $lineIds) {{ {TRANSFER} }} }}"
BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"


def _user(email: str) -> User:
    return User.objects.get(email=email)


def _company(name: str) -> Company:
    return Company.objects.get(name=name)


def _certificate_option(product: Product) -> tuple[ProductOption, str]:
    option = product.options.get(display_name="Printed certificate of analysis")
    return option, str(option.values.get(label="Yes").pk)


def order_of(email: str, *lines: dict, company: str | None = "Acme Labs") -> Order:
    """An order placed by `email` (in `company`; None: a B2C order) with lines bought earlier at other prices."""
    order = OrderFactory(placed_by=_user(email), company=_company(company) if company else None)
    for spec in lines:
        OrderLineFactory(order=order, unit_price=Decimal("9.99"), **spec)
    return order


def _line(variant, quantity: int = 1, raw_options=None) -> dict:
    return {"variant": variant, "product": variant.product, "quantity": quantity, "raw_options": raw_options or []}


@pytest.fixture
def acme_order(ethanol, sodium_chloride):
    """Sam Senior's order: 2 × ethanol 100 mL with a printed certificate, 1 × sodium chloride 500 g."""
    option, yes = _certificate_option(ethanol)
    return order_of(
        "senior@acme.test",
        _line(ethanol.variants.get(sku="HS-1001-100ML"), 2, [[option.pk, yes]]),
        _line(sodium_chloride.variants.get(sku="HS-1055-500G"), 1),
    )


def _transfer(body: dict, name: str) -> dict:
    assert "errors" not in body, body
    return body["data"][name]


# --- reorder ---------------------------------------------------------------------------------------------------------


def test_reorder_puts_every_line_into_the_buyers_cart_at_todays_prices(acme_order, graphql, login):
    result = _transfer(
        graphql(REORDER, {"id": str(acme_order.number)}, token=login("senior@acme.test")), "orderReorder"
    )

    lines = list(acme_order.lines.order_by("pk"))
    assert [(i["orderLineId"], i["sku"], i["quantity"], i["code"]) for i in result["added"]] == [
        (str(lines[0].pk), "HS-1001-100ML", 2, None),
        (str(lines[1].pk), "HS-1055-500G", 1, None),
    ]
    assert result["notAdded"] == []
    senior = _user("senior@acme.test")
    cart = Cart.objects.get(user=senior)
    assert result["cartEntityId"] == str(cart.pk)
    option, yes = _certificate_option(lines[0].product)
    assert sorted((line.variant.sku, line.quantity, line.options) for line in cart.lines.all()) == [
        ("HS-1001-100ML", 2, [[option.pk, yes]]),
        ("HS-1055-500G", 1, []),
    ]
    # Today's prices for Acme's customer group (85% of the list), not the order's $9.99.
    priced = {line.sku: line.unit_price for line in cart_summary(cart=cart, actor=actor_for_user(senior)).lines}
    assert priced == {"HS-1001-100ML": Decimal("32.30") + Decimal("15.00"), "HS-1055-500G": Decimal("52.02")}


def test_reorder_adds_to_the_cart_the_buyer_already_has(acme_order, graphql, login):
    token = login("senior@acme.test")
    first = _transfer(graphql(REORDER, {"id": str(acme_order.number)}, token=token), "orderReorder")
    again = _transfer(graphql(REORDER, {"id": str(acme_order.number)}, token=token), "orderReorder")

    assert again["cartEntityId"] == first["cartEntityId"]
    assert Cart.objects.count() == 1
    # business §4 merge rule: the same product with the same options adds up.
    assert sorted(CartLine.objects.values_list("variant__sku", "quantity")) == [
        ("HS-1001-100ML", 4),
        ("HS-1055-500G", 2),
    ]


def test_reorder_adds_only_the_ticked_lines(acme_order, graphql, login):
    salt = acme_order.lines.get(sku="HS-1055-500G")

    result = _transfer(
        graphql(REORDER, {"id": str(acme_order.number), "lineIds": [str(salt.pk)]}, token=login("senior@acme.test")),
        "orderReorder",
    )

    assert [item["sku"] for item in result["added"]] == ["HS-1055-500G"]
    assert list(CartLine.objects.values_list("variant__sku", flat=True)) == ["HS-1055-500G"]


def test_reorder_reports_what_cannot_be_bought_today_and_adds_the_rest(ethanol, sodium_chloride, graphql, login):
    discontinued = ProductFactory(name="Discontinued buffer", purchasing_disabled=True)
    hidden = ProductFactory(name="Hidden reagent", is_visible=False)
    renamed_options = ProductFactory(name="Pipette with a colour")
    order = order_of(
        "senior@acme.test",
        _line(ethanol.variants.get(sku="HS-1001-100ML"), 3),
        _line(ethanol.variants.get(sku="HS-1001-2.5L"), 20),  # 8 in stock
        _line(VariantFactory(product=discontinued), 1),
        _line(VariantFactory(product=hidden), 1),
        _line(VariantFactory(product=renamed_options), 1, [[999_999, "Blue"]]),
        {"variant": None, "product": None, "sku": "HS-GONE-1", "name": "A product no longer sold", "quantity": 1},
        _line(sodium_chloride.variants.get(sku="HS-1055-500G"), 2),
    )
    sodium_chloride.variants.filter(sku="HS-1055-500G").update(inventory_level=0)

    result = _transfer(graphql(REORDER, {"id": str(order.number)}, token=login("senior@acme.test")), "orderReorder")

    assert [item["sku"] for item in result["added"]] == ["HS-1001-100ML"]
    assert [(item["sku"], item["code"], item["reason"]) for item in result["notAdded"]] == [
        ("HS-1001-2.5L", "OUT_OF_STOCK", "Only 8 in stock."),
        (order.lines.get(product=discontinued).sku, "PURCHASE_DISABLED", "This product is not available for purchase."),
        (order.lines.get(product=hidden).sku, "PRODUCT_UNAVAILABLE", "This product is no longer available."),
        (
            order.lines.get(product=renamed_options).sku,
            "OPTIONS_CHANGED",
            "This option does not belong to the product.",
        ),
        ("HS-GONE-1", "PRODUCT_UNAVAILABLE", "This product is no longer available."),
        ("HS-1055-500G", "OUT_OF_STOCK", "This product is out of stock."),
    ]
    assert list(CartLine.objects.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 3)]


def test_nothing_addable_makes_no_cart(ethanol, graphql, login):
    order = order_of("senior@acme.test", _line(VariantFactory(product=ProductFactory(is_visible=False)), 1))

    result = _transfer(graphql(REORDER, {"id": str(order.number)}, token=login("senior@acme.test")), "orderReorder")

    assert (result["cartEntityId"], result["added"], len(result["notAdded"])) == (None, [], 1)
    assert Cart.objects.count() == 0


@pytest.mark.parametrize("line_ids", [["0"], ["abc"], ["-1"]])
def test_unknown_line_ids_are_refused_and_nothing_is_added(acme_order, graphql, login, line_ids):
    valid = str(acme_order.lines.first().pk)
    body = graphql(
        REORDER, {"id": str(acme_order.number), "lineIds": [valid, *line_ids]}, token=login("senior@acme.test")
    )

    assert error_code(body) == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fields"] == {"lineIds": ["Choose lines of this order."]}
    assert Cart.objects.count() == 0


def test_a_line_of_another_order_is_an_unknown_line(acme_order, ethanol, graphql, login):
    other = order_of("senior@acme.test", _line(ethanol.variants.get(sku="HS-1001-1L"), 1))
    body = graphql(
        REORDER,
        {"id": str(acme_order.number), "lineIds": [str(other.lines.get().pk)]},
        token=login("senior@acme.test"),
    )
    assert error_code(body) == "VALIDATION_ERROR"
    assert Cart.objects.count() == 0


def test_reorder_needs_the_right_to_buy(acme_order, graphql, login):
    RolePermission.objects.filter(template__role=1, code="purchase_enable").delete()

    body = graphql(REORDER, {"id": str(acme_order.number)}, token=login("senior@acme.test"))

    assert error_code(body) == "PERMISSION_DENIED"
    assert Cart.objects.count() == 0 and CartLine.objects.count() == 0


@pytest.mark.parametrize(
    "caller",
    ["admin@globex.test", "b2c@demo.test", "superadmin@demo.test", "globex-masquerade", "admin@pendingbio.test"],
)
def test_another_companys_order_is_not_found_and_nothing_reaches_any_cart(acme_order, graphql, login, caller):
    if caller == "globex-masquerade":
        token = login("superadmin@demo.test")
        graphql(BEGIN, {"id": _company("Globex Research").pk}, token=token)
    else:
        token = login(caller)

    for mutation in (REORDER, ADD_TO_QUOTE):
        body = graphql(mutation, {"id": str(acme_order.number)}, token=token)
        assert error_code(body) == "NOT_FOUND", mutation
        assert body["errors"][0]["message"] == "Order not found."
    assert Cart.objects.count() == 0 and QuoteDraftLine.objects.count() == 0


@pytest.mark.parametrize("ref", ["999999", "abc", "", "1e5", "100000000000000000000"])
def test_a_missing_or_malformed_order_id_answers_the_same(acme_order, graphql, login, ref):
    body = graphql(REORDER, {"id": ref}, token=login("senior@acme.test"))
    assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Order not found.")


def test_a_guest_must_sign_in_and_a_buyer_without_order_access_is_refused(acme_order, graphql, login):
    assert error_code(graphql(REORDER, {"id": str(acme_order.number)})) == 40101
    # A junior buyer whose template staff left without get_order_detail (the built-in one grants it at level 1).
    RolePermission.objects.filter(template__role=2, template__is_builtin=True, code="get_order_detail").delete()
    assert error_code(graphql(REORDER, {"id": str(acme_order.number)}, token=login("junior@acme.test"))) == (
        "PERMISSION_DENIED"
    )
    assert Cart.objects.count() == 0


def test_a_level_one_buyer_reorders_their_own_order_but_not_a_colleagues(acme_order, ethanol, graphql, login):
    junior_role = RoleTemplate.objects.get(role=2, is_builtin=True)
    for code in ("get_order_detail", "purchase_enable"):
        RolePermission.objects.update_or_create(template=junior_role, code=code, defaults={"level": 1})
    own = order_of("junior@acme.test", _line(ethanol.variants.get(sku="HS-1001-1L"), 1))
    token = login("junior@acme.test")

    assert error_code(graphql(REORDER, {"id": str(acme_order.number)}, token=token)) == "NOT_FOUND"
    result = _transfer(graphql(REORDER, {"id": str(own.number)}, token=token), "orderReorder")
    assert [item["sku"] for item in result["added"]] == ["HS-1001-1L"]


def test_a_b2c_customer_reorders_their_own_order(ethanol, graphql, login):
    order = order_of("b2c@demo.test", _line(ethanol.variants.get(sku="HS-1001-500ML"), 2), company=None)

    result = _transfer(graphql(REORDER, {"id": str(order.number)}, token=login("b2c@demo.test")), "orderReorder")

    assert [item["sku"] for item in result["added"]] == ["HS-1001-500ML"]
    assert Cart.objects.get().user.email == "b2c@demo.test"


def test_a_masquerading_super_admin_reorders_into_the_companys_cart(acme_order, graphql, login):
    token = login("superadmin@demo.test")
    graphql(BEGIN, {"id": _company("Acme Labs").pk}, token=token)

    result = _transfer(graphql(REORDER, {"id": str(acme_order.number)}, token=token), "orderReorder")

    assert len(result["added"]) == 2
    cart = Cart.objects.get()
    assert (cart.user.email, cart.masquerade_company) == ("superadmin@demo.test", _company("Acme Labs"))


# --- add to quote ----------------------------------------------------------------------------------------------------


def test_add_to_quote_puts_the_lines_into_the_quote_draft_as_bought(acme_order, graphql, login):
    result = _transfer(
        graphql(ADD_TO_QUOTE, {"id": str(acme_order.number)}, token=login("senior@acme.test")), "orderAddToQuote"
    )

    assert result["cartEntityId"] is None and result["notAdded"] == []
    assert [item["sku"] for item in result["added"]] == ["HS-1001-100ML", "HS-1055-500G"]
    draft = QuoteDraft.objects.get(user=_user("senior@acme.test"))
    option, yes = _certificate_option(acme_order.lines.first().product)
    assert sorted((line.variant.sku, line.quantity, line.options) for line in draft.lines.all()) == [
        ("HS-1001-100ML", 2, [[option.pk, yes]]),
        ("HS-1055-500G", 1, []),
    ]
    assert Cart.objects.count() == 0


def test_add_to_quote_reports_each_line_it_cannot_take_and_adds_the_rest(ethanol, sodium_chloride, graphql, login):
    order = order_of(
        "senior@acme.test",
        _line(ethanol.variants.get(sku="HS-1001-1L"), 2),
        _line(VariantFactory(product=ProductFactory(name="Sold out kit", purchasing_disabled=True)), 1),
        _line(VariantFactory(product=ProductFactory(name="Retired kit", is_visible=False)), 1),
        {"variant": None, "product": None, "sku": "HS-GONE-2", "name": "Gone", "quantity": 1},
        _line(sodium_chloride.variants.get(sku="HS-1055-100G"), 1, [[424_242, "x"]]),
    )
    # The store does not quote products that cannot be bought (business §4 non-purchasable switches).
    StorefrontConfig.objects.filter(key="non_purchasable_quote").update(value=StorefrontConfig.Value.OFF)
    token = login("senior@acme.test")

    lines = [line.pk for line in order.lines.order_by("pk")]
    result = _transfer(graphql(ADD_TO_QUOTE, {"id": str(order.number)}, token=token), "orderAddToQuote")

    assert [item["orderLineId"] for item in result["added"]] == [str(lines[0])]
    assert [(item["orderLineId"], item["code"]) for item in result["notAdded"]] == [
        (str(lines[1]), "NOT_QUOTABLE"),
        (str(lines[2]), "PRODUCT_UNAVAILABLE"),
        (str(lines[3]), "PRODUCT_UNAVAILABLE"),
        (str(lines[4]), "OPTIONS_CHANGED"),
    ]
    assert list(QuoteDraftLine.objects.values_list("variant__sku", "quantity")) == [("HS-1001-1L", 2)]


def test_add_to_quote_needs_the_quote_enablement(acme_order, graphql, login):
    RolePermission.objects.filter(template__role=1, code="create_quote").delete()

    body = graphql(ADD_TO_QUOTE, {"id": str(acme_order.number)}, token=login("senior@acme.test"))

    assert error_code(body) == "PERMISSION_DENIED"
    assert QuoteDraftLine.objects.count() == 0


def test_add_to_quote_refuses_unknown_lines(acme_order, graphql, login):
    body = graphql(ADD_TO_QUOTE, {"id": str(acme_order.number), "lineIds": ["1x"]}, token=login("senior@acme.test"))
    assert error_code(body) == "VALIDATION_ERROR"
    assert QuoteDraftLine.objects.count() == 0
