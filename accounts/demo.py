"""Demo accounts (README lists them). Password `Demo1234` for all."""

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, Permission
from django.db import transaction

from accounts.form_fields import DEMO_CUSTOM_FIELDS
from accounts.models import (
    AccountFormField,
    Address,
    Company,
    CompanyMembership,
    CompanyRole,
    CompanyStatus,
    CustomerGroup,
    User,
)
from accounts.services import account_form_fields_ensure_builtin, role_templates_ensure_builtin

DEMO_PASSWORD = "Demo1234"
STAFF_GROUP = "Store staff"
# The apps whose models the supplier's staff manage in Django admin.
STAFF_APPS = [
    "portal", "accounts", "pricing", "orders", "quotes", "shoppinglists", "invoices", "storefront", "punchout",
    "approvals",
]  # fmt: skip

# The pricing groups (business §3): each gets a price list in `pricing.demo`. Retail pays list prices: individual
# customers and guests.
RETAIL, ACADEMIC, INDUSTRY = "Retail", "Academic", "Industry"
CUSTOMER_GROUPS = [RETAIL, ACADEMIC, INDUSTRY]

COMPANIES = [
    # name, e-mail, status, city, state, zip, customer group
    ("Acme Labs", "purchasing@acme.test", CompanyStatus.APPROVED, "Boston", "MA", "02115", ACADEMIC),
    ("Globex Research", "lab@globex.test", CompanyStatus.APPROVED, "San Diego", "CA", "92121", INDUSTRY),
    ("Pending Bio", "hello@pendingbio.test", CompanyStatus.PENDING, "Durham", "NC", "27701", ACADEMIC),
    ("Rejected Chem", "office@rejectedchem.test", CompanyStatus.REJECTED, "Houston", "TX", "77002", ACADEMIC),
]
REJECTION_REASONS = {
    "Rejected Chem": "We could not verify the company's registration. Please attach a certificate of incorporation.",
}

USERS = [
    # e-mail, first, last, company, role
    ("admin@acme.test", "Alice", "Admin", "Acme Labs", CompanyRole.ADMIN),
    ("senior@acme.test", "Sam", "Senior", "Acme Labs", CompanyRole.SENIOR_BUYER),
    ("junior@acme.test", "Jules", "Junior", "Acme Labs", CompanyRole.JUNIOR_BUYER),
    ("admin@globex.test", "Grace", "Globex", "Globex Research", CompanyRole.ADMIN),
    ("admin@pendingbio.test", "Pat", "Pending", "Pending Bio", CompanyRole.ADMIN),
    ("admin@rejectedchem.test", "Ray", "Rejected", "Rejected Chem", CompanyRole.ADMIN),
]


# An institution's company tree (issue 40): the university buys with the academic price list and credit line, its
# departments and labs inherit both. name, parent, users (e-mail, first, last, role).
INSTITUTION = [
    ("Northfield University", None, [("admin@northfield.test", "Nora", "Northfield", CompanyRole.ADMIN)]),
    ("Chemistry", "Northfield University", [("chem.admin@northfield.test", "Carl", "Chemist", CompanyRole.ADMIN)]),
    ("Organic Synthesis Lab", "Chemistry", [
        ("lab.buyer@northfield.test", "Olga", "Organic", CompanyRole.SENIOR_BUYER),
        # Issue 41: the lab's manager approves its orders above $5,000 first, then Chemistry's head (chem.admin).
        ("lab.manager@northfield.test", "Lars", "Labmanager", CompanyRole.ADMIN),
        ("lab.junior@northfield.test", "Jun", "Junior", CompanyRole.JUNIOR_BUYER),
    ]),
    ("Biology", "Northfield University", [("bio.admin@northfield.test", "Ben", "Biologist", CompanyRole.ADMIN)]),
    ("Molecular Genetics Lab", "Biology", [
        ("genetics.buyer@northfield.test", "Gene", "Geneticist", CompanyRole.SENIOR_BUYER),
    ]),
]  # fmt: skip


class _DemoUsers:
    """Creates the missing demo users. The password is hashed once per seed run, not once per user: the hasher is
    deliberately slow and nine hashes made up most of `seed_demo`'s time."""

    def __init__(self) -> None:
        self._password_hash = ""

    def get_or_create(self, email: str, **fields) -> User:
        user = User.objects.filter(email=email).first()
        if user is None:
            self._password_hash = self._password_hash or make_password(DEMO_PASSWORD)
            user = User(email=User.objects.normalize_email(email).lower(), password=self._password_hash, **fields)
            user.save()
        return user


def seed_registration_fields() -> None:
    """The built-in registration fields and the demo store's custom ones; staff edits are kept."""
    account_form_fields_ensure_builtin()
    for spec in DEMO_CUSTOM_FIELDS:
        AccountFormField.objects.get_or_create(
            form_type=spec["form_type"], field_name=spec["field_name"], defaults={**spec, "custom": True}
        )


@transaction.atomic
def seed_accounts() -> None:
    role_templates_ensure_builtin()
    seed_registration_fields()
    users = _DemoUsers()
    groups = {name: CustomerGroup.objects.get_or_create(name=name)[0] for name in CUSTOMER_GROUPS}
    companies = {}
    for name, email, status, city, state, zip_code, group in COMPANIES:
        companies[name], created = Company.objects.get_or_create(
            name=name,
            defaults={
                "email": email,
                "status": status,
                "phone": "+1 555 010 0000",
                "country_code": "US",
                "address_line1": "1 Science Park",
                "city": city,
                "state": state,
                "zip_code": zip_code,
                "customer_group": groups[group],
                "rejection_reason": REJECTION_REASONS.get(name, ""),
            },
        )
        if not created and status == CompanyStatus.REJECTED and not companies[name].rejection_reason:
            # A database seeded before rejection reasons existed.
            Company.objects.filter(pk=companies[name].pk, status=status).update(
                rejection_reason=REJECTION_REASONS[name]
            )
        if not created and companies[name].customer_group_id is None:
            # A database seeded before customer groups existed: give the company its group, but never change a
            # group that staff chose.
            companies[name].customer_group = groups[group]
            companies[name].save(update_fields=["customer_group", "updated_at"])
    for email, first, last, company, role in USERS:
        user = users.get_or_create(email, first_name=first, last_name=last, phone="+1 555 010 0001")
        CompanyMembership.objects.get_or_create(user=user, defaults={"company": companies[company], "role": role})

    # The demo super admin may masquerade as every company: no `masquerade_companies` restriction.
    users.get_or_create("superadmin@demo.test", first_name="Sue", last_name="Superadmin", is_super_admin=True)
    individual = users.get_or_create(
        "b2c@demo.test",
        first_name="Ivy",
        last_name="Individual",
        phone="+1 555 010 0099",
        customer_group=groups[RETAIL],
    )
    if individual.customer_group_id is None:
        individual.customer_group = groups[RETAIL]
        individual.save(update_fields=["customer_group"])
    staff = users.get_or_create("staff@demo.test", first_name="Stan", last_name="Staff", is_staff=True)
    staff_group, _ = Group.objects.get_or_create(name=STAFF_GROUP)
    staff_group.permissions.set(Permission.objects.filter(content_type__app_label__in=STAFF_APPS))
    staff.groups.add(staff_group)
    seed_institution(users, groups[ACADEMIC])
    seed_addresses()


def seed_institution(users: _DemoUsers, group: CustomerGroup) -> None:
    """Northfield University's tree (INSTITUTION); units already there are kept where staff put them."""
    from accounts.services import company_unit_create

    units: dict[str, Company] = {}
    for name, parent, members in INSTITUTION:
        unit = Company.objects.filter(name=name, parent=units[parent] if parent else None).first()
        if unit is None and parent is None:
            unit = Company.objects.create(
                name=name, email="purchasing@northfield.test", status=CompanyStatus.APPROVED, phone="+1 555 010 0400",
                country_code="US", address_line1="1 University Avenue", city="Northfield", state="MN",
                zip_code="55057", customer_group=group, credit_enabled=True, credit_limit=50_000,
                available_credit=50_000,
            )  # fmt: skip
        elif unit is None and parent is not None:
            unit = company_unit_create(parent_id=units[parent].pk, name=name)
        assert unit is not None
        units[name] = unit
        for email, first, last, role in members:
            user = users.get_or_create(email, first_name=first, last_name=last, phone="+1 555 010 0401")
            CompanyMembership.objects.get_or_create(user=user, defaults={"company": unit, "role": role})


# The address books of Acme Labs and the individual customer (issue 16), added by admin@acme.test and the customer.
_ACME_ADDRESS = {
    "company_name": "Acme Labs",
    "country_code": "US",
    "city": "Boston",
    "state": "MA",
    "zip_code": "02115",
}
_IVY_ADDRESS = {"first_name": "Ivy", "last_name": "Individual", "country_code": "US", "state": "MA"}
DEMO_ADDRESSES = {
    "Acme Labs": [
        {**_ACME_ADDRESS, "label": "Receiving dock", "first_name": "Sam", "last_name": "Senior",
         "address_line1": "1 Science Park", "address_line2": "Loading dock B", "phone": "+1 617 555 0142",
         "is_billing": False, "is_default_shipping": True},
        {**_ACME_ADDRESS, "label": "Accounts payable", "first_name": "Alice", "last_name": "Admin",
         "address_line1": "1 Science Park", "address_line2": "Finance office, 4th floor", "phone": "+1 617 555 0100",
         "is_shipping": False, "is_default_billing": True},
        {**_ACME_ADDRESS, "label": "Cold room, Building 2", "first_name": "Jules", "last_name": "Junior",
         "address_line1": "45 Fenwood Road", "address_line2": "Room 210", "phone": "+1 617 555 0188",
         "is_billing": False},
    ],
    "b2c@demo.test": [
        {**_IVY_ADDRESS, "label": "Home", "address_line1": "22 Maple Street", "address_line2": "Apartment 3",
         "city": "Cambridge", "zip_code": "02139", "phone": "+1 555 010 0099", "is_default_shipping": True,
         "is_default_billing": True},
        {**_IVY_ADDRESS, "label": "Office", "company_name": "Northshore University",
         "address_line1": "100 Campus Drive", "address_line2": "Lab 4.12", "city": "Salem", "zip_code": "01970",
         "phone": "+1 555 010 0098", "is_billing": False},
    ],
}  # fmt: skip


def seed_addresses() -> None:
    """The demo address books, each while it is still empty: a book people have used is left alone."""
    acme_admin = User.objects.get(email="admin@acme.test")
    individual = User.objects.get(email="b2c@demo.test")
    owners: dict[str, dict[str, Company | User]] = {
        "Acme Labs": {"company": Company.objects.get(name="Acme Labs"), "created_by": acme_admin},
        "b2c@demo.test": {"customer": individual, "created_by": individual},
    }
    for key, rows in DEMO_ADDRESSES.items():
        owner = owners[key]
        book = {name: value for name, value in owner.items() if name != "created_by"}
        if not Address.objects.filter(**book).exists():
            Address.objects.bulk_create(Address(**owner, **row) for row in rows)
