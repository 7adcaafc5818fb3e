"""The storefront checkout offers the signed-in customer's saved shipping addresses, the default preselected, and the
order keeps the chosen one (issue 16)."""

import re

import pytest

from accounts.models import Address, Company, User
from orders.models import Order
from storefront.models import CartLine
from tests.factories.accounts import AddressFactory
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


def _options(html: str, name: str = "saved_address") -> list[tuple[str, str, bool]]:
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
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
    # Neither the billing-only address (offered as a billing address only) nor another company's is offered.
    assert all("Accounts payable" not in label for _, label, _ in _options(html))
    assert "Globex dock" not in html


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
    assert 'name="saved_address"' not in html and 'name="billing_saved_address"' not in html


# --- issue 36 item 14: every country, states as the address book has them, and a billing address of its own -------


def test_a_guest_is_offered_every_country_starting_on_the_stores_market(ethanol, books, client):
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    html = client.get("/checkout").content.decode()

    countries = re.search(r'<select name="country_code"[^>]*>(.*?)</select>', html, re.S)[1]
    assert len(re.findall(r"<option ", countries)) > 240  # the address book's list, not 9 of it
    assert '<option value="US" selected>United States</option>' in countries  # the demo store's tax zone
    assert '<option value="JP">Japan</option>' in countries
    assert '"MA", "Massachusetts"' in html  # the states the page's script offers
    # The invoice goes to the shipping address unless the buyer says otherwise.
    assert re.search(r'<input type="radio" name="billing" value="same"[^>]*checked', html)


def test_a_typed_state_must_be_one_of_the_countrys_and_is_kept_as_its_code(ethanol, books, client):
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    base = {**TYPED, "email": "ada@uni.test", **TEST_CARD}

    refused = client.post("/checkout", {**base, "state": "Atlantis"})
    assert refused.status_code == 400
    assert "Choose a state or province of United States." in refused.content.decode()
    assert Order.objects.count() == 0

    assert client.post("/checkout", {**base, "state": "massachusetts"}).status_code == 302
    assert Order.objects.get().shipping_address["state"] == "MA"


def test_a_country_without_a_list_of_states_takes_any_region(ethanol, books, client):
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    data = {**TYPED, "country_code": "FR", "state": "Île-de-France", "email": "ada@uni.test", **TEST_CARD}
    assert client.post("/checkout", data).status_code == 302
    assert Order.objects.get().shipping_address["state"] == "Île-de-France"


BILLING = {
    "billing": "other", "billing_first_name": "Grace", "billing_last_name": "Hopper", "billing_company": "Uni Finance",
    "billing_address_line1": "2 Ledger Lane", "billing_address_line2": "", "billing_city": "Cambridge",
    "billing_state": "Massachusetts", "billing_zip_code": "02138", "billing_country_code": "US", "billing_phone": "",
}  # fmt: skip


def test_a_different_billing_address_goes_on_the_order_and_is_checked_like_the_shipping_one(ethanol, books, client):
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    base = {**TYPED, "email": "ada@uni.test", **TEST_CARD}

    missing = client.post("/checkout", {**base, **BILLING, "billing_city": "", "billing_state": "Nowhere"})
    assert missing.status_code == 400
    page = missing.content.decode()
    assert page.count("This field is required.") == 1 and "Choose a state or province of United States." in page
    assert Order.objects.count() == 0

    assert client.post("/checkout", {**base, **BILLING}).status_code == 302
    order = Order.objects.get()
    assert order.shipping_address == TYPED
    assert order.billing_address == {
        "first_name": "Grace", "last_name": "Hopper", "company": "Uni Finance", "address_line1": "2 Ledger Lane",
        "address_line2": "", "city": "Cambridge", "state": "MA", "zip_code": "02138", "country_code": "US", "phone": "",
    }  # fmt: skip


def test_same_as_shipping_ignores_the_billing_fields(ethanol, books, client):
    _add(client, "ethanol-absolute-998", "HS-1001-100ML")
    data = {**TYPED, "email": "ada@uni.test", **TEST_CARD, **BILLING, "billing": "same", "billing_city": ""}
    assert client.post("/checkout", data).status_code == 302
    assert Order.objects.get().billing_address == TYPED


def test_a_buyer_bills_a_saved_billing_address_its_default_preselected(ethanol, books, client):
    payables = books["payables"]
    Address.objects.filter(pk=payables.pk).update(is_default_billing=True)
    _sign_in_with_a_cart(client, "senior@acme.test")
    html = client.get("/checkout").content.decode()

    assert [(value, selected) for value, _, selected in _options(html, "billing_saved_address")] == [
        (str(payables.pk), True), ("", False),
    ]  # fmt: skip
    # Invoices of this book go to accounts payable: the page starts on "A different billing address".
    assert re.search(r'<input type="radio" name="billing" value="other"[^>]*checked', html)

    data = {**TYPED, "saved_address": "", "email": "senior@acme.test", **TEST_CARD, "billing": "other",
            "billing_saved_address": str(payables.pk)}  # fmt: skip
    assert client.post("/checkout", data).status_code == 302
    billing = Order.objects.get().billing_address
    assert (billing["address_id"], billing["address_line1"]) == (payables.pk, payables.address_line1)
