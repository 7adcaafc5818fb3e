"""Factories of accounts: users, companies, their memberships and address book entries (issue 16), and a company tree
(issue 40)."""

from collections.abc import Callable
from dataclasses import dataclass

import factory

from accounts.models import Address, Company, CompanyMembership, CompanyRole, CompanyStatus, User

PASSWORD = "Secret123"  # every factory user's


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    email = factory.Sequence(lambda n: f"user{n}@example.test")
    first_name = "Test"
    last_name = factory.Sequence(lambda n: f"User{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

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


@dataclass
class Tree:
    """Northfield University's company tree (issue 40) and a company outside it, with a user in each role that the
    hierarchy's rules tell apart. Every user's password is PASSWORD (the `tree` and `tree_sign_in` fixtures of
    tests/conftest.py build it and sign its users in)."""

    university: Company
    chemistry: Company
    organic_lab: Company
    biology: Company
    genetics_lab: Company
    other: Company
    users: dict[str, User]

    def unit(self, name: str) -> Company:
        return getattr(self, name)


def northfield_tree(*, customer_group=None) -> Tree:
    """Northfield University → Chemistry → Organic Synthesis Lab, and → Biology → Genetics Lab; "Other Institute"
    outside it. Users (keys of `users`): university_admin, chemistry_admin, chemistry_senior (no units below),
    chemistry_senior_below (granted the units below), organic_senior, organic_junior, biology_admin,
    genetics_senior, other_admin."""
    from accounts.services import company_unit_create

    university = CompanyFactory(name="Northfield University", email="purchasing@northfield.test",
                                customer_group=customer_group)  # fmt: skip
    chemistry = company_unit_create(parent_id=university.pk, name="Chemistry")
    organic_lab = company_unit_create(parent_id=chemistry.pk, name="Organic Synthesis Lab")
    biology = company_unit_create(parent_id=university.pk, name="Biology")
    genetics_lab = company_unit_create(parent_id=biology.pk, name="Genetics Lab")
    other = CompanyFactory(name="Other Institute", email="office@other.test", customer_group=customer_group)
    for unit in (university, chemistry, biology):
        unit.refresh_from_db()
    members = {
        "university_admin": (university, CompanyRole.ADMIN, False),
        "chemistry_admin": (chemistry, CompanyRole.ADMIN, False),
        "chemistry_senior": (chemistry, CompanyRole.SENIOR_BUYER, False),
        "chemistry_senior_below": (chemistry, CompanyRole.SENIOR_BUYER, True),
        "organic_senior": (organic_lab, CompanyRole.SENIOR_BUYER, False),
        "organic_junior": (organic_lab, CompanyRole.JUNIOR_BUYER, False),
        "biology_admin": (biology, CompanyRole.ADMIN, False),
        "genetics_senior": (genetics_lab, CompanyRole.SENIOR_BUYER, False),
        "other_admin": (other, CompanyRole.ADMIN, False),
    }
    users = {}
    for key, (company, role, below) in members.items():
        users[key] = MembershipFactory(
            user__email=f"{key.replace('_', '.')}@northfield.test", company=company, role=role, subtree_access=below
        ).user
    return Tree(university, chemistry, organic_lab, biology, genetics_lab, other, users)


# The units of northfield_tree() whose company-wide data each of its users reaches: with a permission at level 2 (the
# company's), the unit they work in and, for its admins and the members granted them, the units below it. The junior
# buyer (organic_junior) holds none at level 2.
TREE_REACH: dict[str, set[str]] = {
    "university_admin": {"university", "chemistry", "organic_lab", "biology", "genetics_lab"},  # the parent
    "chemistry_admin": {"chemistry", "organic_lab"},  # a department's admin: their lab's too
    "chemistry_senior": {"chemistry"},  # a senior buyer without the units below: their unit only
    "chemistry_senior_below": {"chemistry", "organic_lab"},  # granted the units below
    "organic_senior": {"organic_lab"},  # the child: its own unit only
    "biology_admin": {"biology", "genetics_lab"},  # the sibling department: nothing of Chemistry's
    "genetics_senior": {"genetics_lab"},
    "other_admin": {"other"},  # another company: nothing of the tree
}


def tree_deepen(unit: Company, depth: int, *, each: Callable[[Company], object] | None = None) -> Company:
    """Units below `unit`, each below the last, down to `depth` levels below the top of its tree: each named "Level
    <its depth>" and, if given, passed to `each` once made. Returns the deepest (`unit` itself if it is that deep)."""
    from accounts.services import company_unit_create

    while unit.depth < depth:
        unit = company_unit_create(parent_id=unit.pk, name=f"Level {unit.depth + 1}")
        if each is not None:
            each(unit)
    return unit
