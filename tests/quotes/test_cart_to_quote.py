"""The cart's "Add All to Quote" (issue 13; business §3 "Cart", §4 cart-to-quote): the cart's lines reach the
draft whole — variant, options of every kind, quantity — at the cart's price, and only from a cart the caller may
use."""

from decimal import Decimal

import pytest

from accounts.selectors import GUEST
from pricing.models import OptionType, PriceAdjuster
from quotes.models import QuoteDraft, QuoteDraftLine
from storefront import services as shop
from storefront.models import Cart
from storefront.selectors import cart_summary
from tests.factories.pricing import (
    OptionFactory,
    OptionValueFactory,
    PriceListRecordFactory,
    ProductFactory,
    VariantFactory,
)
from tests.helpers import error_code
from tests.quotes.support import ADD, DRAFT_FIELDS, actor, line

pytestmark = pytest.mark.django_db

ADD_CART = f"""
mutation AddCart($cartId: String!, $key: String) {{
  quoteDraftAddCart(cartId: $cartId, draftKey: $key) {{ message draft {{ {DRAFT_FIELDS} }} }} }}
"""
GLOBEX_ADMIN = "admin@globex.test"
ACME_SENIOR = "senior@acme.test"


def _instrument():
    """A product with a variant option and a modifier of every kind the cart keeps (business §3 option types,
    a file aside: the storefront cart keeps no uploads), several of them changing the price."""
    product = ProductFactory(name="Configurable pipette", base_price=Decimal("200.00"))
    volume = OptionFactory(product=product, type=OptionType.RECTANGLES, display_name="Volume", is_variant_option=True)
    small, large = OptionValueFactory(option=volume, label="10 µL"), OptionValueFactory(option=volume, label="100 µL")
    VariantFactory(product=product, sku="CP-10", price=Decimal("200.00")).option_values.add(small)
    big = VariantFactory(product=product, sku="CP-100", price=Decimal("240.00"))
    big.option_values.add(large)

    def choice(kind, name, *values):
        option = OptionFactory(product=product, type=kind, display_name=name)
        made = [
            OptionValueFactory(option=option, label=label, price_adjuster=adjuster, price_adjustment=Decimal(amount))
            for label, adjuster, amount in values
        ]
        return option, made[-1]

    warranty, three_years = choice(
        OptionType.DROPDOWN, "Warranty", ("1 year", "", "0"), ("3 years", PriceAdjuster.RELATIVE, "30")
    )
    nozzle, steel = choice(
        OptionType.RADIO_BUTTONS, "Nozzle", ("Plastic", "", "0"), ("Steel", PriceAdjuster.PERCENTAGE, "5")
    )
    colour, blue = choice(OptionType.SWATCH, "Colour", ("Grey", "", "0"), ("Blue", PriceAdjuster.RELATIVE, "2"))
    stand, with_stand = choice(
        OptionType.PRODUCT_LIST_WITH_IMAGES, "Stand", ("None", "", "0"), ("Carousel", PriceAdjuster.RELATIVE, "12.50")
    )
    calibration = OptionFactory(
        product=product,
        type=OptionType.CHECKBOX,
        display_name="Calibration certificate",
        checkbox_price_adjuster=PriceAdjuster.RELATIVE,
        checkbox_price_adjustment=Decimal("45"),
    )
    lot = OptionFactory(product=product, type=OptionType.TEXT, display_name="Lot reference", text_max_length=30)
    boxes = OptionFactory(product=product, type=OptionType.NUMBERS_ONLY_TEXT, display_name="Boxes per carton")
    engraving = OptionFactory(
        product=product, type=OptionType.MULTI_LINE_TEXT, display_name="Engraving", text_max_lines=2
    )
    delivery = OptionFactory(product=product, type=OptionType.DATE, display_name="Preferred delivery date")
    options = [
        (warranty.pk, str(three_years.pk)),
        (nozzle.pk, str(steel.pk)),
        (colour.pk, str(blue.pk)),
        (stand.pk, str(with_stand.pk)),
        (calibration.pk, "1"),
        (lot.pk, "LOT-7"),
        (boxes.pk, "12"),
        (engraving.pk, "Lab 3\nbench 2"),
        (delivery.pk, "2031-03-09"),
    ]
    return product, big, options


def _cart_of(who, product, variant, options, quantity=3) -> Cart:
    cart = shop.cart_create(actor=who, currency_code="USD")
    shop.cart_line_add(cart=cart, actor=who, product=product, variant=variant, quantity=quantity, options=options)
    return cart


def test_every_option_of_every_kind_reaches_the_draft_whole_with_the_variant_and_quantity(demo_store, graphql, login):
    product, variant, options = _instrument()
    cart = _cart_of(actor(GLOBEX_ADMIN), product, variant, options)
    cart_line = cart.lines.get()

    body = graphql(ADD_CART, {"cartId": str(cart.pk)}, token=login(GLOBEX_ADMIN))

    assert "errors" not in body, body
    assert body["data"]["quoteDraftAddCart"]["message"] == "Product was added to your quote."
    draft = body["data"]["quoteDraftAddCart"]["draft"]
    assert draft["cartId"] == str(cart.pk)  # business §4: cart-to-quote remembers the cart id
    (stored,) = QuoteDraftLine.objects.filter(draft__user__email=GLOBEX_ADMIN)
    assert (stored.variant_id, stored.quantity, stored.options) == (variant.pk, 3, cart_line.options)
    (shown,) = draft["products"]
    assert (shown["variantSku"], shown["quantity"]) == ("CP-100", 3)
    assert [(o["optionName"], o["value"]) for o in shown["options"]] == [
        ("Volume", "100 µL"),
        ("Warranty", "3 years"),
        ("Nozzle", "Steel"),
        ("Colour", "Blue"),
        ("Stand", "Carousel"),
        ("Calibration certificate", "Yes"),
        ("Lot reference", "LOT-7"),
        ("Boxes per carton", "12"),
        ("Engraving", "Lab 3\nbench 2"),
        ("Preferred delivery date", "2031-03-09"),
    ]
    assert Cart.objects.get(pk=cart.pk).lines.get().options == cart_line.options  # the cart is left as it was


def test_the_drafts_price_equals_the_carts_for_the_same_options(demo_store, graphql, login):
    product, variant, options = _instrument()
    buyer = actor(GLOBEX_ADMIN)
    # Globex's own price for the variant (its customer group's price list), under the option adjustments.
    PriceListRecordFactory(
        price_list__customer_group=buyer.company.customer_group, variant=variant, price=Decimal("220.80")
    )
    cart = _cart_of(buyer, product, variant, options)
    (cart_line,) = cart_summary(cart=cart, actor=buyer).lines

    body = graphql(ADD_CART, {"cartId": str(cart.pk)}, token=login(GLOBEX_ADMIN))

    (shown,) = body["data"]["quoteDraftAddCart"]["draft"]["products"]
    # 220.80 + 30 + 5% of 220.80 + 2 + 12.50 + 45
    assert cart_line.unit_price == Decimal("321.34")
    assert Decimal(shown["calculatedValue"]) == cart_line.unit_price
    assert Decimal(shown["lineTotal"]) == cart_line.total == Decimal("964.02")


def test_a_guest_adds_their_own_cart_and_gets_the_draft_key(demo_store, graphql):
    product, variant, options = _instrument()
    cart = _cart_of(GUEST, product, variant, options, quantity=2)

    body = graphql(ADD_CART, {"cartId": str(cart.pk)})

    draft = body["data"]["quoteDraftAddCart"]["draft"]
    assert draft["draftKey"]
    assert [(p["variantSku"], p["quantity"]) for p in draft["products"]] == [("CP-100", 2)]
    assert QuoteDraftLine.objects.get(draft__key_hash__isnull=False).options == cart.lines.get().options


BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { isAgenting } }"
CALLERS = {
    "guest": None,
    "another company's admin": GLOBEX_ADMIN,
    "the same company's admin": "admin@acme.test",
    "a junior buyer of the company": "junior@acme.test",
    "an individual customer": "b2c@demo.test",
    "the super admin": "superadmin@demo.test",
    "the super admin masquerading as the company": "superadmin@demo.test",
}


def _drafts() -> list[tuple]:
    return list(QuoteDraft.objects.values_list("pk", "cart_id").order_by("pk")) + list(
        QuoteDraftLine.objects.values_list("draft_id", "variant_id", "quantity", "options").order_by("pk")
    )


@pytest.mark.parametrize("caller", CALLERS)
def test_another_customers_cart_is_refused_and_nothing_changes(demo_store, graphql, login, caller):
    product, variant, options = _instrument()
    acme_cart = _cart_of(actor(ACME_SENIOR), product, variant, options)
    token = login(CALLERS[caller]) if CALLERS[caller] else None
    if caller.endswith("masquerading as the company"):
        acme = actor(ACME_SENIOR).company.pk
        assert graphql(BEGIN_MASQUERADE, {"id": acme}, token=token)["data"]["superAdminBeginMasquerade"]["isAgenting"]
    graphql(ADD, {"lines": [line("CP-10", 1)]}, token=token)  # a draft of the caller's own, where they may have one
    drafts_before = _drafts()
    cart_before = list(acme_cart.lines.values_list("variant_id", "quantity", "options"))

    body = graphql(ADD_CART, {"cartId": str(acme_cart.pk)}, token=token)

    assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Cart not found.")
    assert body["data"] is None
    assert _drafts() == drafts_before
    assert list(acme_cart.lines.values_list("variant_id", "quantity", "options")) == cart_before


def test_an_empty_cart_is_no_products_in_cart_and_no_draft_is_made(demo_store, graphql, login):
    cart = shop.cart_create(actor=actor(GLOBEX_ADMIN), currency_code="USD")

    body = graphql(ADD_CART, {"cartId": str(cart.pk)}, token=login(GLOBEX_ADMIN))

    assert (error_code(body), body["errors"][0]["message"]) == ("NO_CART_PRODUCTS", "No products in Cart.")
    assert QuoteDraft.objects.count() == 0
