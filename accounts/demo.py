"""Demo accounts (README lists them). Password `Demo1234` for all."""

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, Permission
from django.db import transaction

from accounts.form_fields import DEMO_CUSTOM_FIELDS
from accounts.models import (
    AccountFormField,
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
STAFF_APPS = ["portal", "accounts", "pricing", "orders", "quotes", "shoppinglists", "invoices", "storefront"]

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
    group, _ = Group.objects.get_or_create(name=STAFF_GROUP)
    group.permissions.set(Permission.objects.filter(content_type__app_label__in=STAFF_APPS))
    staff.groups.add(group)
