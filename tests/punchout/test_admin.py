"""The supplier's staff set up connections in Django admin (issue 39 "Connections"): the shared secret is kept hashed,
return origins are origins, a fixed user is the company's; the documents' log is kept 90 days."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from punchout import selectors, services, tasks
from punchout.models import DocumentDirection, PunchoutConnection, PunchoutDocument
from tests.factories.accounts import CompanyFactory, MembershipFactory, UserFactory
from tests.punchout.support import ARIBA, connection_for

pytestmark = pytest.mark.django_db

ADD = "/admin/punchout/punchoutconnection/add/"
SECRET = "kcl-ariba-7Qm2vX9p"


@pytest.fixture
def staff() -> Client:
    browser = Client()
    browser.force_login(UserFactory(is_staff=True, is_superuser=True))
    return browser


def form(company, **changes) -> dict:
    """The add form as the staff fill it for King's College's Ariba."""
    return {
        "company": company.pk,
        "name": "King's College London — Ariba",
        "system": "ariba",
        "protocol": "cxml",
        "is_active": "on",
        "sender_domain": "NetworkId",
        "sender_identity": "AN01000000147",
        "new_secret": SECRET,
        "from_domain": "NetworkId",
        "from_identity": "AN01000000147",
        "to_domain": "NetworkId",
        "to_identity": "AN01000099999",
        "return_origins": "https://s1.ariba.com\r\n https://s2.ariba.com:8443 \r\n",
        "user_mode": "email",
        "fixed_user": "",
        "new_user_role": "2",
        "cost_centre_fields": "CostCenter, GrantCode",
        "documents_url": "https://service.ariba.com/service/transaction/cxml.asp",
        "documents_secret": "",
        "_save": "Save",
    } | changes


def errors_of(response) -> dict:
    assert response.status_code == 200
    return response.context["adminform"].form.errors


def test_the_add_form_saves_a_connection_with_its_secret_hashed(staff):
    company = CompanyFactory()

    response = staff.post(ADD, form(company))

    assert (response.status_code, response["Location"]) == (302, "/admin/punchout/punchoutconnection/")
    connection = PunchoutConnection.objects.get()
    assert (connection.company, connection.sender_identity, connection.return_origins) == (
        company,
        "AN01000000147",
        "https://s1.ariba.com\nhttps://s2.ariba.com:8443",
    )
    assert connection.secret_hash.startswith("sha256$")
    assert not any(SECRET in str(value) for value in PunchoutConnection.objects.values().get().values())
    assert selectors.secret_matches(connection, SECRET)
    assert not selectors.secret_matches(connection, SECRET[:-1])


def test_saving_without_a_new_secret_keeps_the_current_one(staff):
    connection = connection_for(ARIBA)
    secret_hash = connection.secret_hash

    response = staff.post(
        f"/admin/punchout/punchoutconnection/{connection.pk}/change/",
        form(connection.company, new_secret="", name="Renamed"),
    )

    assert response.status_code == 302
    connection.refresh_from_db()
    assert (connection.name, connection.secret_hash) == ("Renamed", secret_hash)


def test_a_new_connection_needs_its_secret(staff):
    response = staff.post(ADD, form(CompanyFactory(), new_secret=""))

    assert errors_of(response) == {"new_secret": ["A new connection needs its shared secret."]}
    assert PunchoutConnection.objects.count() == 0


def test_a_secret_under_8_characters_is_refused(staff):
    response = staff.post(ADD, form(CompanyFactory(), new_secret="short12"))

    assert errors_of(response) == {"new_secret": ["A shared secret has at least 8 characters."]}
    assert PunchoutConnection.objects.count() == 0


@pytest.mark.parametrize(
    "origin",
    [
        "https://s1.ariba.com/Buyer",
        "https://s1.ariba.com/?client=KCL",
        "ftp://s1.ariba.com",
        "s1.ariba.com",
    ],
)
def test_a_return_origin_that_is_not_an_origin_is_refused(staff, origin):
    response = staff.post(ADD, form(CompanyFactory(), return_origins=f"https://s2.ariba.com\n{origin}"))

    assert errors_of(response) == {"return_origins": [f"Not an origin (https://host[:port]): {origin}"]}
    assert PunchoutConnection.objects.count() == 0


def test_a_fixed_user_of_another_company_is_refused(staff):
    company = CompanyFactory()
    stranger = MembershipFactory().user

    response = staff.post(ADD, form(company, user_mode="fixed", fixed_user=stranger.pk))

    assert errors_of(response) == {"fixed_user": ["Choose a user of the connection's company."]}
    assert PunchoutConnection.objects.count() == 0


def test_a_fixed_user_mode_without_a_user_is_refused(staff):
    response = staff.post(ADD, form(CompanyFactory(), user_mode="fixed"))

    assert errors_of(response) == {"fixed_user": ["Choose a user of the connection's company."]}


def test_a_fixed_user_of_the_company_is_saved(staff):
    member = MembershipFactory()

    response = staff.post(ADD, form(member.company, user_mode="fixed", fixed_user=member.user.pk))

    assert response.status_code == 302
    assert PunchoutConnection.objects.get().fixed_user == member.user


def test_the_staff_read_a_logged_document_with_its_secret_masked(staff):
    connection = connection_for(ARIBA)
    document = services.punchout_document_record(
        connection=connection,
        direction=DocumentDirection.IN,
        kind="PunchOutSetupRequest",
        status_code=200,
        body=f"<Sender><Credential domain='NetworkId'><SharedSecret>{SECRET}</SharedSecret></Credential></Sender>",
    )

    response = staff.get(f"/admin/punchout/punchoutdocument/{document.pk}/change/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "&lt;SharedSecret&gt;****&lt;/SharedSecret&gt;" in page and SECRET not in page


def logged_days_ago(connection, days: int) -> PunchoutDocument:
    document = services.punchout_document_record(
        connection=connection, direction=DocumentDirection.OUT, kind="Response", status_code=200, body=f"{days}"
    )
    PunchoutDocument.objects.filter(pk=document.pk).update(created_at=timezone.now() - timedelta(days=days))
    return document


def test_purging_deletes_the_documents_older_than_90_days_only():
    connection = connection_for(ARIBA)
    old, older = logged_days_ago(connection, 91), logged_days_ago(connection, 400)
    kept = [logged_days_ago(connection, days) for days in (0, 30, 89)]

    deleted = services.punchout_documents_purge()

    assert deleted == 2
    assert set(PunchoutDocument.objects.values_list("pk", flat=True)) == {document.pk for document in kept}
    assert not PunchoutDocument.objects.filter(pk__in=[old.pk, older.pk]).exists()


def test_the_daily_task_purges_the_log():
    connection = connection_for(ARIBA)
    logged_days_ago(connection, 120)
    kept = logged_days_ago(connection, 1)

    assert tasks.punchout_documents_purge.delay().get() == 1
    assert list(PunchoutDocument.objects.all()) == [kept]
