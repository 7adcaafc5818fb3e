"""Factories of the accounts tests: address book entries (issue 16)."""

import factory

from accounts.models import Address


class AddressFactory(factory.django.DjangoModelFactory):
    """A US shipping and billing address; pass `company=` (a company's book) or `customer=` (an individual's)."""

    class Meta:
        model = Address

    label = factory.Sequence(lambda n: f"Lab {n}")
    first_name = "Rosalind"
    last_name = factory.Sequence(lambda n: f"Franklin{n}")
    company = None
    customer = None
    company_name = factory.LazyAttribute(lambda address: address.company.name if address.company else "")
    country_code = "US"
    state = "MA"
    address_line1 = factory.Sequence(lambda n: f"{n + 1} Science Park")
    address_line2 = ""
    city = "Boston"
    zip_code = "02115"
    phone = "+1 617 555 0100"
    is_shipping = True
    is_billing = True
