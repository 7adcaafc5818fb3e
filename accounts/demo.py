"""Demo accounts (README lists them). Password `Demo1234` for all."""

from django.contrib.auth.models import Group, Permission
from django.db import transaction

from accounts.models import Company, CompanyMembership, CompanyRole, CompanyStatus, User

DEMO_PASSWORD = "Demo1234"
STAFF_GROUP = "Store staff"
# The apps whose models the supplier's staff manage in Django admin.
STAFF_APPS = ["portal", "accounts", "pricing", "orders", "quotes", "shoppinglists", "invoices", "storefront"]

COMPANIES = [
    # name, e-mail, status, city, state, zip
    ("Acme Labs", "purchasing@acme.test", CompanyStatus.APPROVED, "Boston", "MA", "02115"),
    ("Globex Research", "lab@globex.test", CompanyStatus.APPROVED, "San Diego", "CA", "92121"),
    ("Pending Bio", "hello@pendingbio.test", CompanyStatus.PENDING, "Durham", "NC", "27701"),
    ("Rejected Chem", "office@rejectedchem.test", CompanyStatus.REJECTED, "Houston", "TX", "77002"),
]

USERS = [
    # e-mail, first, last, company, role
    ("admin@acme.test", "Alice", "Admin", "Acme Labs", CompanyRole.ADMIN),
    ("senior@acme.test", "Sam", "Senior", "Acme Labs", CompanyRole.SENIOR_BUYER),
    ("junior@acme.test", "Jules", "Junior", "Acme Labs", CompanyRole.JUNIOR_BUYER),
    ("admin@globex.test", "Grace", "Globex", "Globex Research", CompanyRole.ADMIN),
    ("admin@pendingbio.test", "Pat", "Pending", "Pending Bio", CompanyRole.ADMIN),
    ("admin@rejectedchem.test", "Ray", "Rejected", "Rejected Chem", CompanyRole.ADMIN),
]


def _user(email: str, **fields) -> User:
    user = User.objects.filter(email=email).first()
    if user is None:
        user = User.objects.create_user(email=email, password=DEMO_PASSWORD, **fields)
    return user


@transaction.atomic
def seed_accounts() -> None:
    companies = {}
    for name, email, status, city, state, zip_code in COMPANIES:
        companies[name], _ = Company.objects.get_or_create(
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
            },
        )
    for email, first, last, company, role in USERS:
        user = _user(email, first_name=first, last_name=last, phone="+1 555 010 0001")
        CompanyMembership.objects.get_or_create(user=user, defaults={"company": companies[company], "role": role})

    _user("superadmin@demo.test", first_name="Sue", last_name="Superadmin", is_super_admin=True)
    _user("b2c@demo.test", first_name="Ivy", last_name="Individual", phone="+1 555 010 0099")
    staff = _user("staff@demo.test", first_name="Stan", last_name="Staff", is_staff=True)
    group, _ = Group.objects.get_or_create(name=STAFF_GROUP)
    group.permissions.set(Permission.objects.filter(content_type__app_label__in=STAFF_APPS))
    staff.groups.add(group)
