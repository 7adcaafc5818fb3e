"""The storefront checkout offers the signed-in customer's saved shipping addresses, the default preselected, and the
order keeps the chosen one (issue 16)."""

import re

import pytest

from accounts.models import Address, Company, User
from orders.models import Order
from storefront.models import CartLine
from tests.accounts.factories import AddressFactory
from tests.storefront.test_shop import _add

pytestmark = pytest.mark.django_db

TEST_CARD = {
    "payment_method": "test_card", "card_number": "4242 4242 4242 4242", "card_expiry": "12/39", "card_cvc": "123",
}  # fmt: skip
TYPED = {
    "first_name": "Ada", "last_name": "Chen", "company": "", "address_line1": "1 Lab Way", "address_line2": "",
    "city": "Cambridge", "state": "MA", "zip_code": "02139", "country_code": "US", "phone": "",
}  # fmt: skip


def _boston_shipping_address(company, **fields) -> Address:
    """A shipping-only address of the company's in Boston, MA 02115."""
    return AddressFactory(company=company, city="Boston", state="MA", zip_code="02115", is_billing=False, **fields)


@pytest.fixture
def books(demo_store):
    """Acme's book: a default shipping address, another shipping address and a billing-only one; Globex's one
    address; the individual customer's own."""
    Address.objects.all().delete()  # the demo seed's; each test here builds its own
    acme = Company.objects.get(name="Acme Labs")
    globex = Company.objects.get(name="Globex Research")
    ivy = User.objects.get(email="b2c@demo.test")
    return {
        "dock": _boston_shipping_address(
            acme,
            label="Receiving dock",
            first_name="Sam",
            last_name="Senior",
            address_line1="1 Science Park",
            address_line2="Loading dock B",
            phone="+1 617 555 0142",
            is_default_shipping=True,
        ),
        "cold_room": _boston_shipping_address(
            acme,
            label="Cold room",
            first_name="Jules",
            last_name="Junior",
            address_line1="45 Fenwood Road",
            country_code="CA",
        ),
        "payables": AddressFactory(company=acme, label="Accounts payable", is_shipping=False),
        "globex": AddressFactory(company=globex, label="Globex dock"),
        "ivy": AddressFactory(customer=ivy, company_name="", label="Home", is_default_shipping=True),
    }


def _sign_in_with_a_cart(client, email: str) -> None:
    client.login(username=email, password="Demo1234")
    assert _add(client, "ethanol-absolute-998", "HS-1001-100ML").status_code == 302


def _options(html: str) -> list[tuple[str, str, bool]]:
    select = re.search(r'<select name="saved_address"[^>]*>(.*?)</select>', html, re.S)
    assert select, "no saved-address choice on the page"
    return [
        (value, label, bool(selected))
        for value, selected, label in re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select[1])
    ]


def test_a_company_buyer_is_offered_the_shipping_addresses_with_the_default_preselected(ethanol, books, client):
    _sign_in_with_a_cart(client, "senior@acme.test")
    html = client.get("/checkout").content.decode()

    dock, cold_room = books["dock"], books["cold_room"]
    assert _options(html) == [
        (str(dock.pk), "Receiving dock — 1 Science Park, Loading dock B, Boston, MA 02115 (default)", True),
        (str(cold_room.pk), "Cold room — 45 Fenwood Road, Boston, MA 02115", False),
        ("", "A new address", False),
    ]
    # The fields show the default, and the page's script knows every offered address.
    assert 'name="address_line1" value="1 Science Park"' in html
    assert 'id="saved-addresses" type="application/json"' in html and "storefront/checkout" in html
    # Neither the billing-only address nor another company's is offered.
    assert "Accounts payable" not in html and "Globex dock" not in html


def test_the_order_carries_the_chosen_saved_address_as_the_book_has_it(ethanol, books, client):
    _sign_in_with_a_cart(client, "senior@acme.test")
    cold_room = books["cold_room"]
    # The fields say something else (a browser without the page's script does not refill them): the choice decides.
    data = {**TYPED, "saved_address": str(cold_room.pk), "email": "senior@acme.test", **TEST_CARD}
    response = client.post("/checkout", data)

    assert response.status_code == 302
    order = Order.objects.get()
    expected = {
        "first_name": "Jules", "last_name": "Junior", "company": "Acme Labs", "address_line1": "45 Fenwood Road",
        "address_line2": "", "city": "Boston", "state": "MA", "zip_code": "02115", "country_code": "CA",
        "phone": "+1 617 555 0100", "address_id": cold_room.pk,
    }  # fmt: skip
    assert order.shipping_address == expected
    assert order.billing_address == expected


def test_a_new_address_is_ordered_as_typed_without_a_saved_address_id(ethanol, books, client):
    _sign_in_with_a_cart(client, "senior@acme.test")
    response = client.post("/checkout", {**TYPED, "saved_address": "", "email": "senior@acme.test", **TEST_CARD})

    assert response.status_code == 302
    assert Order.objects.get().shipping_address == TYPED


def test_an_address_outside_the_callers_book_is_refused_and_nothing_is_ordered(ethanol, books, client):
    _sign_in_with_a_cart(client, "senior@acme.test")
    for other in (books["globex"], books["ivy"], books["payables"]):
        data = {**TYPED, "saved_address": str(other.pk), "email": "s@acme.test", **TEST_CARD}
        response = client.post("/checkout", data)
        assert response.status_code == 400
        assert "Select a valid choice." in response.content.decode()
    assert Order.objects.count() == 0 and CartLine.objects.count() == 1


def test_an_individual_customer_is_offered_their_own_addresses_only(ethanol, books, client):
    _sign_in_with_a_cart(client, "b2c@demo.test")
    options = _options(client.get("/checkout").content.decode())
    assert [(value, selected) for value, _, selected in options] == [(str(books["ivy"].pk), True), ("", False)]
    assert options[0][1] == f"Home — {books['ivy'].address_line1}, Boston, MA 02115 (default)"


def test_without_a_default_a_new_address_is_preselected_and_a_guest_is_offered_none(ethanol, books, client):
    Address.objects.filter(pk=books["dock"].pk).update(is_default_shipping=False)
    _sign_in_with_a_cart(client, "senior@acme.test")
    html = client.get("/checkout").content.decode()
    assert [selected for _, _, selected in _options(html)] == [False, False, True]
    assert 'value="Loading dock B"' not in html  # the company's own address fills the fields, as before

    client.logout()
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    html = client.get("/checkout").content.decode()
    assert 'name="saved_address"' not in html and "saved-addresses" not in html
