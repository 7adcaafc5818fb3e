"""Proceed to checkout with a quote: checkout_with_quote on the server, open / unexpired / priced, the stock check,
a cart at the quoted prices, the order at those prices, and the quote marked ordered."""

import datetime
import time
from decimal import Decimal

import pytest

from accounts.models import AuditEvent
from orders.models import Order
from quotes import amounts
from quotes.models import Quote, QuoteStatus
from storefront.models import Cart, CartLine
from tests.helpers import error_code
from tests.quotes.support import CHECKOUT, DETAIL, make_quote

pytestmark = pytest.mark.django_db

ADDRESS = {
    "first_name": "Sam", "last_name": "Senior", "address_line1": "1 Science Park", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US",
}  # fmt: skip
TEST_CARD = {
    "payment_method": "test_card",
    "card_number": "4242 4242 4242 4242",
    "card_expiry": "12/39",
    "card_cvc": "123",
}


@pytest.fixture
def quote(ethanol, sodium_chloride):
    """Acme's senior buyer's quote, priced by staff at 90% with a 5% overall discount."""
    made = make_quote("senior@acme.test", lines=[("HS-1001-100ML", 2), ("HS-1055-500G", 3)])
    from tests.quotes.support import price

    price(made, discount_percent=Decimal(5))
    made.refresh_from_db()
    return made


def _checkout(graphql, token, quote_id):
    return graphql(CHECKOUT, {"id": quote_id}, token=token)


def _follow(client, url: str):
    response = client.get(url.removeprefix("http://testserver"))
    assert response["Location"] == "/checkout"


def test_checkout_orders_at_the_quoted_prices_and_marks_the_quote_ordered(quote, graphql, login, client):
    token = login("senior@acme.test")
    result = _checkout(graphql, token, quote.number)["data"]["quoteCheckout"]
    assert (result["isNewStorefront"], result["quoteCheckoutId"]) == (True, str(quote.pk))
    assert abs(int(result["quoteDate"]) - int(time.time())) < 600
    cart = Cart.objects.get(pk=result["cartId"])
    assert (cart.quote_id, cart.user.email) == (quote.pk, "senior@acme.test")
    expected = {
        line.sku: amounts.quote_line_amounts(quote, line) for line in quote.lines.all()
    }  # unit price after the 5% overall discount
    _follow(client, result["checkoutUrl"])
    page = client.get("/checkout").content.decode()
    assert (
        f'2 × Ethanol, absolute, ≥99.8% <span class="muted">HS-1001-100ML</span> — ${expected["HS-1001-100ML"].total}'
        in page
    )
    assert "$64.60" not in page  # not the live price (2 × $32.30)
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})
    assert response.status_code == 302, response.content.decode()[-2000:]
    order = Order.objects.get()
    lines = {line.sku: line for line in order.lines.all()}
    for sku, line_amounts in expected.items():
        assert (lines[sku].unit_price, lines[sku].unit_tax) == (line_amounts.unit_price, line_amounts.unit_tax)
    assert order.subtotal == sum(a.total for a in expected.values())
    quote.refresh_from_db()
    assert (quote.status, quote.order, quote.ordered_at is not None) == (QuoteStatus.ORDERED, order, True)
    assert quote.grand_total - quote.tax_total == order.subtotal  # the quote's own summary, without shipping
    assert AuditEvent.objects.get(action="order_placed").summary.startswith(
        f"Order #{order.number} placed from quote {quote.number}: "
    )
    assert Cart.objects.count() == 0
    # An ordered quote cannot be checked out again.
    again = _checkout(graphql, token, quote.pk)
    assert error_code(again) == "QUOTE_NOT_OPEN"
    detail = graphql(DETAIL, {"id": quote.pk}, token=token)["data"]["quote"]
    assert (detail["status"], detail["orderNumber"], detail["canCheckout"]) == ("ordered", order.number, False)


def test_a_junior_without_checkout_with_quote_is_refused_on_the_server(ethanol, graphql, login):
    own = make_quote("junior@acme.test", priced=True)
    body = _checkout(graphql, login("junior@acme.test"), own.pk)
    assert error_code(body) == "PERMISSION_DENIED"
    assert Cart.objects.count() == 0
    assert Quote.objects.get(pk=own.pk).status == QuoteStatus.OPEN


def test_another_companys_quote_cannot_be_checked_out(quote, graphql, login):
    assert error_code(_checkout(graphql, login("admin@globex.test"), quote.pk)) == "NOT_FOUND"
    assert Cart.objects.count() == 0


def test_an_expired_quote_is_refused_at_checkout(quote, graphql, login):
    Quote.objects.filter(pk=quote.pk).update(expires_on=datetime.date.today() - datetime.timedelta(days=1))
    body = _checkout(graphql, login("senior@acme.test"), quote.pk)
    assert (error_code(body), body["errors"][0]["message"]) == ("QUOTE_EXPIRED", "This quote has expired.")
    assert Cart.objects.count() == 0


def test_a_quote_that_expires_before_the_order_is_placed_is_refused_then(quote, graphql, login, client):
    result = _checkout(graphql, login("senior@acme.test"), quote.pk)["data"]["quoteCheckout"]
    _follow(client, result["checkoutUrl"])
    Quote.objects.filter(pk=quote.pk).update(expires_on=datetime.date.today() - datetime.timedelta(days=1))
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})
    assert response.status_code == 400
    assert "This quote has expired." in response.content.decode()
    assert Order.objects.count() == 0
    assert Quote.objects.get(pk=quote.pk).status == QuoteStatus.OPEN


def test_an_unpriced_quote_cannot_be_checked_out(ethanol, graphql, login):
    waiting = make_quote("senior@acme.test")
    body = _checkout(graphql, login("senior@acme.test"), waiting.pk)
    assert error_code(body) == "QUOTE_NOT_PRICED"
    assert Cart.objects.count() == 0


def test_every_line_passes_the_stock_check_first(ethanol, graphql, login):
    big = make_quote("senior@acme.test", lines=[("HS-1001-100ML", 1), ("HS-1001-2.5L", 10)], priced=True)  # 8 in stock
    body = _checkout(graphql, login("senior@acme.test"), big.pk)
    assert error_code(body) == "QUOTE_STOCK_PROBLEM"
    short = big.lines.get(sku="HS-1001-2.5L")
    assert body["errors"][0]["extensions"]["fields"][f"lines.{short.pk}"] == ["Only 8 in stock."]
    assert Cart.objects.count() == 0


def test_a_cart_that_no_longer_matches_the_quote_places_no_order(quote, graphql, login, client):
    result = _checkout(graphql, login("senior@acme.test"), quote.pk)["data"]["quoteCheckout"]
    _follow(client, result["checkoutUrl"])
    line = CartLine.objects.get(variant__sku="HS-1001-100ML")
    client.post(f"/cart/lines/{line.pk}/update/", {"qty": 50})
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})
    assert response.status_code == 400
    assert f"Your cart no longer matches quote {quote.number}." in response.content.decode()
    assert Order.objects.count() == 0
    assert Quote.objects.get(pk=quote.pk).status == QuoteStatus.OPEN


def _own_cart_with(client, sku: str, qty: int) -> None:
    from pricing.models import ProductVariant

    variant = ProductVariant.objects.select_related("product").get(sku=sku)
    fields = {"product_id": variant.product_id, "qty": qty}
    for option in variant.option_values.select_related("option"):
        fields[f"attribute[{option.option_id}]"] = option.pk
    response = client.post("/cart/add/", fields)
    assert response.status_code == 302, response.content.decode()[-1500:]


def test_after_a_quote_order_the_cart_is_the_buyers_own_again(quote, graphql, login, client):
    """Issue 13: proceed to checkout, leave, proceed again and order — the buyer's own cart comes back, and the
    quoted prices are never offered again."""
    from accounts.models import User

    client.force_login(User.objects.get(email="senior@acme.test"))
    _own_cart_with(client, "HS-1001-500ML", 4)
    own = Cart.objects.get(quote__isnull=True)
    token = login("senior@acme.test")
    first = _checkout(graphql, token, quote.pk)["data"]["quoteCheckout"]
    _follow(client, first["checkoutUrl"])
    # The buyer leaves the checkout and shops: the product goes to their own cart, not into the quote's.
    _own_cart_with(client, "HS-1001-500ML", 1)
    assert [(cl.variant.sku, cl.quantity) for cl in own.lines.all()] == [("HS-1001-500ML", 5)]
    assert not CartLine.objects.filter(cart__quote=quote, variant__sku="HS-1001-500ML").exists()

    second = _checkout(graphql, token, quote.pk)["data"]["quoteCheckout"]
    assert not Cart.objects.filter(pk=first["cartId"]).exists()  # one quote checkout at a time
    _follow(client, second["checkoutUrl"])
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})
    assert response.status_code == 302, response.content.decode()[-2000:]

    page = client.get("/cart.php").content.decode()
    assert "HS-1001-500ML" in page and "HS-1055-500G" not in page
    assert not Cart.objects.filter(quote__isnull=False).exists()
    # A later order is the buyer's own cart at live prices, and it goes through.
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})
    assert response.status_code == 302, response.content.decode()[-2000:]
    later = Order.objects.order_by("-pk").first()
    assert [(line.sku, line.quantity) for line in later.lines.all()] == [("HS-1001-500ML", 5)]


def test_a_quote_cart_whose_quote_is_no_longer_open_is_not_the_cart(quote, graphql, login, client):
    from accounts.models import User

    client.force_login(User.objects.get(email="senior@acme.test"))
    _own_cart_with(client, "HS-1001-500ML", 2)
    result = _checkout(graphql, login("senior@acme.test"), quote.pk)["data"]["quoteCheckout"]
    _follow(client, result["checkoutUrl"])
    Quote.objects.filter(pk=quote.pk).update(status=QuoteStatus.EXPIRED)

    page = client.get("/cart.php").content.decode()

    assert "HS-1001-500ML" in page and "HS-1055-500G" not in page


def test_an_empty_cart_offers_no_add_all_to_quote(ethanol, client):
    """Issue 13: the place of "Add All to Quote" is on the cart page only while the cart has lines."""
    empty = client.get("/cart.php").content.decode()
    assert "Your cart is empty." in empty and 'class="cart-actions"' not in empty

    _own_cart_with(client, "HS-1001-500ML", 1)
    assert 'class="cart-actions"' in client.get("/cart.php").content.decode()


def test_a_price_on_request_product_the_supplier_quoted_is_ordered_at_the_quoted_price(drum, graphql, login, client):
    """Issue 13: a product sold only on request (availability disabled) is bought through a quote: once the supplier
    prices it, the checkout's stock check lets it through and the order carries the quoted price."""
    from accounts.models import User
    from tests.quotes.support import price

    drum_quote = make_quote("senior@acme.test", lines=[("HS-1152", 1)])
    price(drum_quote, factor="0.80")
    quoted = drum_quote.lines.get().quoted_price
    client.force_login(User.objects.get(email="senior@acme.test"))

    result = _checkout(graphql, login("senior@acme.test"), drum_quote.pk)
    assert "errors" not in result, result
    _follow(client, result["data"]["quoteCheckout"]["checkoutUrl"])
    response = client.post("/checkout", {**ADDRESS, "email": "senior@acme.test", **TEST_CARD})

    assert response.status_code == 302, response.content.decode()[-2000:]
    ((sku, unit_price),) = Order.objects.get().lines.values_list("sku", "unit_price")
    assert (sku, unit_price) == ("HS-1152", quoted)
    assert Quote.objects.get(pk=drum_quote.pk).status == QuoteStatus.ORDERED


def test_a_price_on_request_product_stays_out_of_a_plain_cart(drum, client):
    response = client.post("/cart/add/", {"product_id": drum.pk, "qty": 1})

    assert response.status_code == 400
    assert not CartLine.objects.exists()
