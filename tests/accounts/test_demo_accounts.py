"""seed_demo creates the demo accounts of the README; Django admin is for staff only."""

import pytest
from django.core.management import call_command

from accounts.models import Company, CompanyMembership, CompanyStatus, User

pytestmark = pytest.mark.django_db

DEMO_EMAILS = [
    "superadmin@demo.test",
    "staff@demo.test",
    "admin@acme.test",
    "senior@acme.test",
    "junior@acme.test",
    "admin@globex.test",
    "admin@pendingbio.test",
    "admin@rejectedchem.test",
    "b2c@demo.test",
    "admin@northfield.test",
    "chem.admin@northfield.test",
    "lab.buyer@northfield.test",
    "lab.manager@northfield.test",
    "lab.junior@northfield.test",
    "bio.admin@northfield.test",
    "genetics.buyer@northfield.test",
]


def test_seed_demo_creates_every_demo_account_and_is_idempotent():
    call_command("seed_demo")
    call_command("seed_demo")
    assert sorted(User.objects.values_list("email", flat=True)) == sorted(DEMO_EMAILS)
    for email in DEMO_EMAILS:
        assert User.objects.get(email=email).check_password("Demo1234")
    statuses = dict(Company.objects.values_list("name", "status"))
    assert statuses == {
        "Acme Labs": CompanyStatus.APPROVED,
        "Globex Research": CompanyStatus.APPROVED,
        "Pending Bio": CompanyStatus.PENDING,
        "Rejected Chem": CompanyStatus.REJECTED,
        "Northfield University": CompanyStatus.APPROVED,
        "Chemistry": CompanyStatus.APPROVED,
        "Organic Synthesis Lab": CompanyStatus.APPROVED,
        "Biology": CompanyStatus.APPROVED,
        "Molecular Genetics Lab": CompanyStatus.APPROVED,
    }
    assert CompanyMembership.objects.count() == 13
    # Northfield University's tree (issue 40): its lab two levels down, in the university's price group.
    lab = Company.objects.get(name="Organic Synthesis Lab")
    assert [c.name for c in Company.objects.filter(pk__in=lab.ancestor_ids).order_by("depth")] == [
        "Northfield University",
        "Chemistry",
    ]
    assert User.objects.get(email="superadmin@demo.test").is_super_admin
    assert not User.objects.get(email="superadmin@demo.test").is_staff


def test_staff_can_use_django_admin(demo_store, client):
    assert client.login(username="staff@demo.test", password="Demo1234")
    assert client.get("/admin/").status_code == 200
    assert client.get("/admin/accounts/company/").status_code == 200
    assert client.get("/admin/portal/storefrontconfig/").status_code == 200
    channel = demo_store.channels.get()
    assert client.get(f"/admin/portal/channel/{channel.pk}/change/").status_code == 200


@pytest.mark.parametrize("email", ["admin@acme.test", "junior@acme.test", "b2c@demo.test", "superadmin@demo.test"])
def test_buyers_and_the_portal_super_admin_cannot_use_django_admin(demo_store, client, email):
    response = client.post("/admin/login/", {"username": email, "password": "Demo1234", "next": "/admin/"})
    assert response.status_code == 200  # the form again, with its error
    assert "Please enter the correct e-mail address and password for a staff account" in response.content.decode()
    assert client.get("/admin/").status_code == 302
