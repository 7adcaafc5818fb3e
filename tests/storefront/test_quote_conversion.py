"""The quote checkout's conversion (storefront.services.cart_from_quote): a new cart of the caller with the quote's
lines, options and quantities at the quoted prices; a quote its own rules refuse leaves no cart behind."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from accounts.selectors import actor_for_user
from portal.demo import seed_store
from pricing.models import InventoryTracking, OptionType
from quotes import amounts
from quotes import services as quote_services
from quotes.models import Quote, QuoteStatus
from storefront.models import Cart
from storefront.selectors import cart_summary
from storefront.services import cart_from_quote
from tests.factories.accounts import MembershipFactory
from tests.factories.pricing import OptionFactory, OptionValueFactory, ProductFactory, VariantFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def buyer(db):
    seed_store()
    return actor_for_user(MembershipFactory().user)


@pytest.fixture
def engraved(db):
    """A product with one variant and a text option (an engraving)."""
    product = ProductFactory(name="Volumetric flask", base_price=Decimal("40.00"))
    variant = VariantFactory(product=product)
    return product, variant, OptionFactory(product=product, type=OptionType.TEXT, display_name="Engraving")


@pytest.fixture
def coated(db):
    """A product with one variant and a dropdown option (a coating)."""
    product = ProductFactory(name="Beaker", base_price=Decimal("12.50"))
    variant = VariantFactory(product=product)
    coating = OptionValueFactory(option__product=product, option__display_name="Coating", label="PTFE")
    return product, variant, coating


def _quote(actor, lines, *, priced: bool = True, **send_back) -> Quote:
    """A submitted quote of the actor through the quote services; staff price every line at 90% when `priced`."""
    result = quote_services.quote_draft_add_lines(actor=actor, draft_key=None, lines=lines)
    quote_services.quote_draft_update(
        actor=actor, draft_key=result.draft_key, contact={"name": "Sam Senior", "email": actor.user.email}
    )
    quote = quote_services.quote_submit(actor=actor, draft_key=result.draft_key, notify=False).quote
    if priced:
        changes = {
            line.pk: quote_services.LineChange(line.quantity, amounts.cents(line.original_price * Decimal("0.90")))
            for line in quote.lines.all()
        }
        quote_services.quote_send_back(quote_id=quote.pk, staff_user=None, lines=changes, notify=False, **send_back)
    quote.refresh_from_db()
    return quote


def _two_line_quote(actor, engraved, coated, **kwargs) -> Quote:
    flask, flask_variant, engraving = engraved
    beaker, beaker_variant, coating = coated
    return _quote(
        actor,
        [
            quote_services.DraftLineRequest(
                quantity=2, product_id=flask.pk, variant_id=flask_variant.pk, options=[(engraving.pk, "Lab 4")]
            ),
            quote_services.DraftLineRequest(
                quantity=5,
                product_id=beaker.pk,
                variant_id=beaker_variant.pk,
                options=[(coating.option_id, coating.pk)],
            ),
        ],
        **kwargs,
    )


def _rows(lines) -> list[tuple]:
    return [(line.product_id, line.variant_id, line.quantity, line.options) for line in lines]


def test_the_cart_holds_every_quote_line_with_its_options_and_quantity(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated)

    cart = cart_from_quote(actor=buyer, quote_id=quote.pk)

    assert (cart.quote_id, cart.user, cart.currency_code) == (quote.pk, buyer.user, quote.currency_code)
    assert _rows(cart.lines.order_by("pk")) == _rows(quote.lines.order_by("pk"))
    assert [line.options for line in cart.lines.order_by("pk")] == [
        [[engraved[2].pk, "Lab 4"]],
        [[coated[2].option_id, coated[2].pk]],
    ]


def test_the_cart_is_priced_at_the_quoted_prices_after_the_discount(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated, discount_percent=Decimal(5))

    cart = cart_from_quote(actor=buyer, quote_id=quote.pk)

    summary = cart_summary(cart=cart, actor=buyer)
    quoted = {line.variant_id: amounts.quote_line_amounts(quote, line) for line in quote.lines.all()}
    assert [(line.sku, line.unit_price, line.problem) for line in summary.lines] == [
        (engraved[1].sku, quoted[engraved[1].pk].unit_price, None),
        (coated[1].sku, quoted[coated[1].pk].unit_price, None),
    ]
    # 90% of $40.00 and of $12.50, less 5%: not the live prices.
    assert [line.unit_price for line in summary.lines] == [Decimal("34.20"), Decimal("10.69")]


def test_a_new_quote_checkout_replaces_the_callers_earlier_quote_cart(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated)
    first = cart_from_quote(actor=buyer, quote_id=quote.pk)

    second = cart_from_quote(actor=buyer, quote_id=quote.pk)

    assert list(Cart.objects.values_list("pk", flat=True)) == [second.pk]
    assert first.pk != second.pk


def _refused(actor, quote_id: int) -> str:
    with pytest.raises(ValidationError) as refusal:
        cart_from_quote(actor=actor, quote_id=quote_id)
    return refusal.value.error_dict["__all__"][0].code


def test_an_unpriced_quote_leaves_no_cart(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated, priced=False)

    assert _refused(buyer, quote.pk) == "QUOTE_NOT_PRICED"
    assert Cart.objects.count() == 0


def test_an_expired_quote_leaves_the_earlier_quote_cart_as_it_was(buyer, engraved, coated):
    earlier = cart_from_quote(actor=buyer, quote_id=_two_line_quote(buyer, engraved, coated).pk)
    expired = _two_line_quote(buyer, engraved, coated, expires_on=datetime.date.today() + datetime.timedelta(days=1))
    Quote.objects.filter(pk=expired.pk).update(expires_on=datetime.date.today() - datetime.timedelta(days=1))

    assert _refused(buyer, expired.pk) == "QUOTE_EXPIRED"
    assert list(Cart.objects.values_list("pk", flat=True)) == [earlier.pk]
    assert earlier.lines.count() == 2


def test_an_ordered_quote_leaves_no_cart(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated)
    Quote.objects.filter(pk=quote.pk).update(status=QuoteStatus.ORDERED)

    assert _refused(buyer, quote.pk) == "QUOTE_NOT_OPEN"
    assert Cart.objects.count() == 0


def test_a_line_out_of_stock_is_refused_with_its_field_and_leaves_no_cart(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated)
    beaker = coated[0]
    beaker.inventory_tracking = InventoryTracking.PRODUCT
    beaker.inventory_level = 1
    beaker.save(update_fields=["inventory_tracking", "inventory_level"])
    line = quote.lines.get(variant=coated[1])

    with pytest.raises(ValidationError) as refusal:
        cart_from_quote(actor=buyer, quote_id=quote.pk)

    assert {name: [e.code for e in errors] for name, errors in refusal.value.error_dict.items()} == {
        "__all__": ["QUOTE_STOCK_PROBLEM"],
        f"lines.{line.pk}": ["QUOTE_STOCK_PROBLEM"],
    }
    assert Cart.objects.count() == 0


def test_another_companys_buyer_cannot_reach_the_quote(buyer, engraved, coated):
    quote = _two_line_quote(buyer, engraved, coated)
    stranger = actor_for_user(MembershipFactory().user)

    with pytest.raises(Quote.DoesNotExist):
        cart_from_quote(actor=stranger, quote_id=quote.pk)
    assert Cart.objects.count() == 0
