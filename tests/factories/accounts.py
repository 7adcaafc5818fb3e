"""Factories of accounts: users, companies, their memberships and address book entries (issue 16)."""

import factory

from accounts.models import Address, Company, CompanyMembership, CompanyRole, CompanyStatus, User


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"user{n}@example.test")
    first_name = "Test"
    last_name = factory.Sequence(lambda n: f"User{n}")
    password = factory.PostGenerationMethodCall("set_password", "Secret123")

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class CompanyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Company

    name = factory.Sequence(lambda n: f"Lab {n}")
    email = factory.Sequence(lambda n: f"lab{n}@example.test")
    status = CompanyStatus.APPROVED


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = CompanyMembership

    user = factory.SubFactory(UserFactory)
    company = factory.SubFactory(CompanyFactory)
    role = CompanyRole.SENIOR_BUYER


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
