"""The reference shop: search, product page, cart, checkout and the order it stores (issue 4)."""

from decimal import Decimal

import pytest

from accounts.models import AuditEvent, Company
from orders.models import Order
from orders.services import order_cancel
from portal.models import StorefrontConfig
from pricing.models import InventoryTracking, Product
from storefront.models import Cart, CartLine
from tests.factories.pricing import CategoryFactory, ProductFactory

pytestmark = pytest.mark.django_db

ETHANOL = "ethanol-absolute-998"
BALANCE = "analytical-balance-220-g-x-01-mg"


def _product(slug: str) -> Product:
    return Product.objects.prefetch_related("options__values", "variants").get(slug=slug)


def _variant_choice(product: Product, sku: str) -> dict:
    variant = product.variants.get(sku=sku)
    (value,) = variant.option_values.all()
    return {f"attribute[{value.option_id}]": str(value.pk)}


def _add(client, slug: str, sku: str | None = None, qty: int = 1, **extra):
    product = _product(slug)
    data = {"product_id": product.pk, "qty": qty, **(_variant_choice(product, sku) if sku else {}), **extra}
    return client.post("/cart/add/", data)


def test_a_reagent_is_found_by_cas_number_with_or_without_hyphens_and_by_catalog_number(ethanol, client):
    for query in ("64-17-5", "64175", "hs1001", "HS 1001", "ethyl alcohol"):
        html = client.get("/search/", {"q": query}).content.decode()
        assert "Ethanol, absolute" in html, query


def test_department_page_lists_its_products_with_prices(ethanol, client):
    reagents = CategoryFactory(slug="chemicals-reagents", name="Chemicals & reagents")
    ethanol.categories.add(reagents)
    ProductFactory(name="Acetone, ACS reagent", base_price=Decimal("24.00")).categories.add(reagents)
    ProductFactory(name="Mini centrifuge").categories.add(CategoryFactory(slug="lab-instruments"))

    html = client.get("/categories/chemicals-reagents/").content.decode()

    assert "2 products" in html
    assert "$38.00" in html and "$24.00" in html
    assert "Mini centrifuge" not in html


def test_product_page_shows_tiers_stock_and_the_injection_point(ethanol, client):
    html = client.get(f"/products/{ETHANOL}/").content.decode()
    assert 'class="add-to-cart-buttons"' in html
    assert "10–49" in html and "5% off" in html and "50+" in html
    assert "CAS <span>64-17-5</span>" in html
    assert "In stock" in html


def test_live_price_follows_the_pack_size_and_the_quantity_across_a_tier(ethanol, client):
    product = _product(ETHANOL)
    choice = _variant_choice(product, "HS-1001-500ML")
    one = client.get(f"/products/{ETHANOL}/price/", {**choice, "qty": 1}).json()
    twelve = client.get(f"/products/{ETHANOL}/price/", {**choice, "qty": 12}).json()
    assert one["price"] == "$121.60" and one["sku"] == "HS-1001-500ML"
    assert twelve["price"] == "$115.52"  # 5% off from 10
    assert twelve["tierHint"] == "Buy 38 more to pay $109.44 each."


def test_adding_to_the_cart_merges_the_same_choice_and_prices_it(ethanol, client):
    assert _add(client, ETHANOL, "HS-1001-500ML", qty=4).status_code == 302
    _add(client, ETHANOL, "HS-1001-500ML", qty=8)
    _add(client, ETHANOL, "HS-1001-100ML", qty=1)
    cart = Cart.objects.get()
    assert sorted(cart.lines.values_list("variant__sku", "quantity")) == [("HS-1001-100ML", 1), ("HS-1001-500ML", 12)]
    html = client.get("/cart.php").content.decode()
    assert "$115.52" in html and "$1,386.24" in html  # 12 × 115.52


def test_a_missing_required_option_is_refused_with_the_spec_message(balance, client):
    product = _product(BALANCE)
    warranty = product.options.get(display_name="Warranty")
    response = client.post("/cart/add/", {"product_id": product.pk, "qty": 1, f"attribute[{warranty.pk}]": ""})
    assert response.status_code == 400
    assert "Please fill out product options first." in response.content.decode()
    assert CartLine.objects.count() == 0


@pytest.mark.parametrize("qty", ["0", "-1", "1000001", "1e3", "", "2.5"])
def test_out_of_range_quantities_are_refused_and_nothing_is_added(ethanol, client, qty):
    response = _add(client, ETHANOL, "HS-1001-100ML", qty=qty)
    assert response.status_code == 400
    assert "Enter a whole number from 1 to 1,000,000." in response.content.decode()
    assert CartLine.objects.count() == 0


def test_more_than_in_stock_is_refused(ethanol, client):
    response = _add(client, ETHANOL, "HS-1001-2.5L", qty=9)  # 8 in stock
    assert response.status_code == 400
    assert CartLine.objects.count() == 0


def test_a_junior_buyer_cannot_add_to_the_cart(ethanol, client):
    client.login(username="junior@acme.test", password="Demo1234")
    response = _add(client, ETHANOL, "HS-1001-100ML")
    assert response.status_code == 403
    assert CartLine.objects.count() == 0


def test_a_junior_buyer_may_buy_and_sees_the_cart_while_juniors_may_place_orders(ethanol, client):
    StorefrontConfig.objects.filter(key="junior_place_order").update(value="1")
    client.login(username="junior@acme.test", password="Demo1234")
    assert _add(client, ETHANOL, "HS-1001-100ML").status_code == 302
    html = client.get("/cart.php").content.decode()
    assert "Ethanol, absolute" in html and "data-line-id" in html
    assert "None" not in html.split('class="empty"')[-1][:20]


def test_a_pending_company_cannot_order_while_the_switch_is_on(ethanol, client):
    client.login(username="admin@pendingbio.test", password="Demo1234")
    response = _add(client, ETHANOL, "HS-1001-100ML")
    assert response.status_code == 403
    assert (
        "Your account is pending approval. Ordering will be enabled after account approval" in response.content.decode()
    )
    StorefrontConfig.objects.filter(key="block_pending_account_order_creation").update(value="0")
    assert _add(client, ETHANOL, "HS-1001-100ML").status_code == 302


def test_a_pending_company_sees_no_prices_when_that_switch_is_on(ethanol, client):
    StorefrontConfig.objects.filter(key="block_pending_account_seeing_products_pricing").update(value="1")
    client.login(username="admin@pendingbio.test", password="Demo1234")
    html = client.get(f"/products/{ETHANOL}/").content.decode()
    assert "$38.00" not in html
    assert "Pricing will be shown after your account is approved." in html
    assert "price" not in client.get(f"/products/{ETHANOL}/price/", {"qty": 1}).json()


ADDRESS = {
    "first_name": "Ada", "last_name": "Chen", "address_line1": "1 Lab Way", "city": "Boston", "state": "MA",
    "zip_code": "02115", "country_code": "US",
}  # fmt: skip


def test_a_guest_checks_out_with_the_test_card_and_the_order_keeps_the_prices(ethanol, client):
    _add(client, ETHANOL, "HS-1001-500ML", qty=12)
    response = client.post(
        "/checkout",
        {**ADDRESS, "email": "ada@uni.test", "payment_method": "test_card", "card_number": "4242 4242 4242 4242",
         "card_expiry": "12/39", "card_cvc": "123"},
    )  # fmt: skip
    order = Order.objects.get()
    assert response["Location"] == f"/checkout/order-confirmation/{order.number}/"
    assert order.subtotal == Decimal("1386.24")
    assert order.tax_total == Decimal("86.64")  # 6.25% of 115.52 = 7.22 per unit × 12
    assert order.shipping_total == Decimal("0.00")  # free from $500
    assert order.grand_total == Decimal("1472.88")
    assert order.company is None and order.customer_email == "ada@uni.test"
    assert not AuditEvent.objects.filter(action="order_placed").exists()  # not a company's order
    line = order.lines.get()
    assert (line.sku, line.quantity, line.unit_price) == ("HS-1001-500ML", 12, Decimal("115.52"))
    assert Cart.objects.count() == 0
    assert f"#{order.number}" in client.get(response["Location"]).content.decode()


def test_a_declined_test_card_places_no_order(ethanol, client):
    _add(client, ETHANOL, "HS-1001-100ML")
    response = client.post(
        "/checkout",
        {**ADDRESS, "email": "ada@uni.test", "payment_method": "test_card", "card_number": "4000 0000 0000 0002",
         "card_expiry": "12/39", "card_cvc": "123"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "Your card was declined." in response.content.decode()
    assert Order.objects.count() == 0 and CartLine.objects.count() == 1


def test_acme_admin_checks_out_on_account_against_company_credit(ethanol, client):
    Company.objects.filter(name="Acme Labs").update(credit_enabled=True, available_credit=Decimal("5000"))
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ETHANOL, "HS-1001-100ML", qty=2)
    assert (
        client.post(
            "/checkout", {**ADDRESS, "email": "admin@acme.test", "payment_method": "purchase_order"}
        ).status_code
        == 400
    )
    response = client.post(
        "/checkout", {**ADDRESS, "email": "admin@acme.test", "payment_method": "purchase_order", "po_number": "PO-7731"}
    )
    assert response.status_code == 302
    order = Order.objects.get()
    assert order.company.name == "Acme Labs" and order.po_number == "PO-7731"
    assert order.lines.get().unit_price == Decimal("32.30")  # the Academic price list
    assert order.subtotal == Decimal("64.60") and order.shipping_total == Decimal("25.00")
    assert order.tax_total == Decimal("4.04")
    acme = Company.objects.get(name="Acme Labs")
    assert acme.available_credit == Decimal("5000") - order.grand_total
    # The company's audit log names who ordered, and that no masquerade was involved.
    event = AuditEvent.objects.get(action="order_placed")
    assert (event.company, event.actor.email, event.masquerade_session) == (acme, "admin@acme.test", None)
    assert event.summary == f"Order #{order.number} placed: {order.grand_total} USD"
    assert (event.object_type, event.object_id) == ("orders.order", str(order.pk))


def test_cancelling_an_order_gives_back_its_stock_and_the_company_credit_it_took(ethanol, client):
    Company.objects.filter(name="Acme Labs").update(credit_enabled=True, available_credit=Decimal("5000"))
    Product.objects.filter(slug=ETHANOL).update(inventory_tracking=InventoryTracking.PRODUCT, inventory_level=40)
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ETHANOL, "HS-1001-100ML", qty=3)
    client.post(
        "/checkout", {**ADDRESS, "email": "admin@acme.test", "payment_method": "purchase_order", "po_number": "PO-9"}
    )
    order = Order.objects.get()
    assert order.credit_charged == order.grand_total  # USD is the base currency
    assert Product.objects.get(slug=ETHANOL).inventory_level == 37
    # The company's credit was switched off since: what the order took still goes back.
    Company.objects.filter(name="Acme Labs").update(credit_enabled=False)

    order_cancel(order=order)

    assert Product.objects.get(slug=ETHANOL).inventory_level == 40
    assert Company.objects.get(name="Acme Labs").available_credit == Decimal("5000")


def test_credit_hold_refuses_an_order_on_account_and_changes_nothing(ethanol, client):
    Company.objects.filter(name="Acme Labs").update(
        credit_enabled=True, available_credit=Decimal("5000"), credit_hold=True
    )
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ETHANOL, "HS-1001-100ML")
    response = client.post(
        "/checkout", {**ADDRESS, "email": "admin@acme.test", "payment_method": "purchase_order", "po_number": "PO-1"}
    )
    assert response.status_code == 400
    assert "credit hold" in response.content.decode()
    assert Order.objects.count() == 0
    assert Company.objects.get(name="Acme Labs").available_credit == Decimal("5000")


def test_the_checkout_shows_the_company_credit_its_cap_and_a_hold(ethanol, client):
    Company.objects.filter(name="Acme Labs").update(
        credit_enabled=True, available_credit=Decimal("1234.5"), limit_purchases=True, credit_hold=False
    )
    client.login(username="admin@acme.test", password="Demo1234")
    _add(client, ETHANOL, "HS-1001-100ML")
    page = client.get("/checkout").content.decode()
    assert "Available credit: 1,234.50 USD — an order on account may not exceed it." in page
    assert "credit hold" not in page

    Company.objects.filter(name="Acme Labs").update(credit_hold=True, limit_purchases=False)
    page = client.get("/checkout").content.decode()
    assert "Available credit: 1,234.50 USD." in page
    assert "Your company's account is on credit hold: pay by card" in page


def test_individuals_and_guests_cannot_buy_on_account(ethanol, client):
    _add(client, ETHANOL, "HS-1001-100ML")
    response = client.post(
        "/checkout", {**ADDRESS, "email": "a@b.test", "payment_method": "purchase_order", "po_number": "X"}
    )
    assert response.status_code == 400
    assert Order.objects.count() == 0
