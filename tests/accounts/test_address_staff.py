"""The address book for staff and for people trying the demo (issue 16): Django admin and the demo seed."""

import pytest
from django.urls import reverse

from accounts.demo import seed_accounts
from accounts.models import Address, Company, User
from tests.accounts.address_support import address_books_build

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client, demo_store):
    assert client.login(username="staff@demo.test", password="Demo1234")
    return client


def _form(**changes) -> dict:
    acme = Company.objects.get(name="Acme Labs")
    data = {
        "company": acme.pk, "customer": "", "label": "Annex", "first_name": "Lise", "last_name": "Meitner",
        "company_name": "Acme Labs", "address_line1": "9 Fission Way", "address_line2": "", "city": "Boston",
        "state": "Massachusetts", "zip_code": "02115", "country_code": "us", "phone": "+1 617 555 0111",
        "is_shipping": "on", "is_billing": "on", "extra_fields": "{}",
    }  # fmt: skip
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_the_address_pages_open_for_staff(staff):
    address = address_books_build().dock

    assert staff.get(reverse("admin:accounts_address_changelist")).status_code == 200
    assert staff.get(reverse("admin:accounts_address_changelist"), {"q": "Dock"}).status_code == 200
    assert staff.get(reverse("admin:accounts_address_add")).status_code == 200
    assert staff.get(reverse("admin:accounts_address_change", args=[address.pk])).status_code == 200


def test_staff_add_an_address_checked_as_the_api_checks_it(staff):
    address_books_build()

    response = staff.post(reverse("admin:accounts_address_add"), _form())

    assert response.status_code == 302
    added = Address.objects.get(label="Annex")
    assert (added.country_code, added.state) == ("US", "MA")
    assert added.created_by == User.objects.get(email="staff@demo.test")


def test_staff_see_the_rules_broken(staff):
    address_books_build()
    before = Address.objects.count()

    bad_phone = staff.post(reverse("admin:accounts_address_add"), _form(phone="call me"))
    second_default = staff.post(reverse("admin:accounts_address_add"), _form(is_default_shipping="on"))
    two_owners = staff.post(
        reverse("admin:accounts_address_add"), _form(customer=User.objects.get(email="b2c@demo.test").pk)
    )

    assert bad_phone.status_code == 200 and "Enter a valid phone number." in bad_phone.text
    assert "The company has a default shipping address already" in second_default.text
    assert "An address belongs to a company or to an individual customer, not both." in two_owners.text
    assert Address.objects.count() == before


def test_the_demo_seed_fills_the_demo_address_books_once(demo_store):
    seed_accounts()  # again: nothing is added twice

    acme = Address.objects.filter(company__name="Acme Labs")
    individual = Address.objects.filter(customer__email="b2c@demo.test")
    assert sorted(acme.values_list("label", flat=True)) == [
        "Accounts payable",
        "Cold room, Building 2",
        "Receiving dock",
    ]
    assert list(acme.filter(is_default_shipping=True).values_list("label", flat=True)) == ["Receiving dock"]
    assert list(acme.filter(is_default_billing=True).values_list("label", flat=True)) == ["Accounts payable"]
    assert sorted(individual.values_list("label", flat=True)) == ["Home", "Office"]
    assert Address.objects.count() == 5


def test_the_demo_seed_leaves_a_used_address_book_alone(demo_store):
    Address.objects.filter(company__name="Acme Labs", label="Receiving dock").delete()

    seed_accounts()

    assert Address.objects.filter(company__name="Acme Labs").count() == 2
