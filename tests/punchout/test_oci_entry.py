"""`GET or POST /punchout/oci/` (issue 39 "Setup", OCI 4.0 / 5.0): SAP SRM or S/4HANA sends the buyer's browser with
the connection's USERNAME and PASSWORD and the HOOK_URL the cart goes back to; the portal signs the buyer in at once
and logs the call with its PASSWORD masked."""

from __future__ import annotations

import pytest
from django.test import Client

from accounts.models import CompanyMembership, CompanyRole, User
from punchout import services
from punchout.models import PunchoutDocument, PunchoutSession
from tests.factories.accounts import MembershipFactory
from tests.punchout.support import PunchoutConnectionFactory, counts

pytestmark = pytest.mark.django_db

USERNAME = "LEEDS_SRM"
PASSWORD = "srm-catalog-Pw83kd"
HOOK_URL = "https://srm.leeds.test:44300/sap/bc/webdynpro/sapsrm/oci_return"
EMAIL = "tu.youyou@leeds.test"


@pytest.fixture
def connection():
    """Leeds' SAP SRM (OCI 5.0): its catalog user is the sender identity, without a domain."""
    connection = PunchoutConnectionFactory(
        name="University of Leeds — SAP SRM",
        system="sap",
        protocol="oci5",
        sender_domain="",
        sender_identity=USERNAME,
        return_origins="https://srm.leeds.test:44300",
        new_user_role=CompanyRole.JUNIOR_BUYER,
    )
    services.connection_secret_set(connection=connection, secret=PASSWORD)
    return connection


def oci_fields(**changes: str | None) -> dict[str, str]:
    """An OCI catalog call as SAP SRM sends it; a change of None leaves the field out."""
    fields = {
        "USERNAME": USERNAME,
        "PASSWORD": PASSWORD,
        "HOOK_URL": HOOK_URL,
        "~OkCode": "ADDI",
        "~TARGET": "_top",
        "~CALLER": "CTLG",
        "EMAIL": EMAIL,
        "FIRSTNAME": "Youyou",
        "LASTNAME": "Tu",
        "CostCenter": "LDS-PHARM-0815",
    }
    for name, value in changes.items():
        if value is None:
            del fields[name]
        else:
            fields[name] = value
    return fields


def signed_in_as(browser: Client) -> str | None:
    user_id = browser.session.get("_auth_user_id")
    return User.objects.get(pk=user_id).email if user_id else None


@pytest.mark.parametrize("method", ["get", "post"])
def test_an_oci_call_signs_the_buyer_in_and_opens_the_storefront(demo_store, connection, method):
    browser = Client()

    response = getattr(browser, method)("/punchout/oci/", oci_fields())

    session = PunchoutSession.objects.get()
    assert (response.status_code, response["Location"]) == (302, "/")
    assert signed_in_as(browser) == EMAIL
    assert browser.session["punchout_session"] == session.pk
    assert response.cookies["sf_cart_id"].value == str(session.cart_id)
    assert (
        session.connection,
        session.company,
        session.operation,
        session.return_url,
        session.cost_centre,
        session.payload_id,
        session.started_at is not None,
    ) == (connection, connection.company, "create", HOOK_URL, "LDS-PHARM-0815", "", True)
    buyer = User.objects.get(email=EMAIL)
    assert (buyer.first_name, buyer.last_name, buyer.has_usable_password()) == ("Youyou", "Tu", False)
    assert (buyer.membership.company, buyer.membership.role) == (connection.company, CompanyRole.JUNIOR_BUYER)


def test_the_oci_call_is_logged_with_its_password_masked(demo_store, connection):
    Client().post("/punchout/oci/", oci_fields())

    document = PunchoutDocument.objects.get()
    assert (document.direction, document.kind, document.status_code, document.session) == (
        "in",
        "OCI 5.0 setup",
        200,
        PunchoutSession.objects.get(),
    )
    assert document.body == (
        f"USERNAME={USERNAME}&PASSWORD=****&HOOK_URL={HOOK_URL}&~OkCode=ADDI&~TARGET=_top&~CALLER=CTLG"
        f"&EMAIL={EMAIL}&FIRSTNAME=Youyou&LASTNAME=Tu&CostCenter=LDS-PHARM-0815"
    )
    assert PASSWORD not in document.body


def test_an_existing_member_is_signed_in_as_themselves(demo_store, connection):
    member = MembershipFactory(company=connection.company, user__email=EMAIL).user
    before = counts()
    browser = Client()

    browser.get("/punchout/oci/", oci_fields())

    assert signed_in_as(browser) == EMAIL and PunchoutSession.objects.get().user == member
    assert (counts().users, counts().memberships) == (before.users, before.memberships)


def test_an_oci_4_connection_with_a_fixed_user_needs_no_email(demo_store):
    fixed = MembershipFactory().user
    connection = PunchoutConnectionFactory(
        company=fixed.membership.company,
        protocol="oci4",
        sender_domain="",
        sender_identity="S4_CATALOG",
        return_origins="https://s4.example.test",
        user_mode="fixed",
        fixed_user=fixed,
    )
    services.connection_secret_set(connection=connection, secret="s4-catalog-secret")
    browser = Client()

    response = browser.get(
        "/punchout/oci/",
        {"USERNAME": "S4_CATALOG", "PASSWORD": "s4-catalog-secret", "HOOK_URL": "https://s4.example.test/oci"},
    )

    assert response.status_code == 302 and signed_in_as(browser) == fixed.email
    assert PunchoutDocument.objects.get().kind == "OCI 4.0 setup"


def assert_refused(response, status: int, reason: str, browser: Client, before) -> None:
    assert response.status_code == status
    page = response.content.decode()
    assert "The catalog could not be opened" in page and reason in page
    assert signed_in_as(browser) is None
    assert "sf_cart_id" not in response.cookies
    assert (counts().sessions, counts().users, counts().memberships) == (
        before.sessions,
        before.users,
        before.memberships,
    )


WRONG_CREDENTIALS = "The procurement system&#x27;s user name or password for this catalog is not right."


@pytest.mark.parametrize(
    "changes",
    [
        {"PASSWORD": "srm-catalog-Pw83kE"},
        {"PASSWORD": ""},
        {"PASSWORD": None},
        {"USERNAME": "LEEDS_SRM2"},
        {"USERNAME": None},
    ],
    ids=["wrong password", "empty password", "no password", "unknown user name", "no user name"],
)
def test_wrong_credentials_are_refused_401_and_nothing_is_stored(demo_store, connection, changes):
    before = counts()
    browser = Client()

    response = browser.post("/punchout/oci/", oci_fields(**changes))

    assert_refused(response, 401, WRONG_CREDENTIALS, browser, before)
    assert PunchoutDocument.objects.count() == 0


def test_a_switched_off_connection_is_refused_401(demo_store, connection):
    connection.is_active = False
    connection.save()
    before = counts()
    browser = Client()

    response = browser.get("/punchout/oci/", oci_fields())

    assert_refused(response, 401, WRONG_CREDENTIALS, browser, before)


def test_a_cxml_connections_credentials_do_not_open_an_oci_session(demo_store, connection):
    connection.protocol = "cxml"
    connection.save()
    before = counts()
    browser = Client()

    response = browser.get("/punchout/oci/", oci_fields())

    assert_refused(response, 401, WRONG_CREDENTIALS, browser, before)


@pytest.mark.parametrize(
    "hook_url",
    [
        "https://attacker.test/oci_return",
        "https://srm.leeds.test/sap/bc/webdynpro/sapsrm/oci_return",
        "http://srm.leeds.test:44300/sap/bc/webdynpro/sapsrm/oci_return",
        "https://srm.leeds.test:44301/sap/bc/webdynpro/sapsrm/oci_return",
    ],
)
def test_a_hook_url_outside_the_connections_origins_is_refused_400(demo_store, connection, hook_url):
    before = counts()
    browser = Client()

    response = browser.get("/punchout/oci/", oci_fields(HOOK_URL=hook_url))

    assert_refused(
        response,
        400,
        "The return address (BrowserFormPost URL, HOOK_URL) is not one of the connection&#x27;s.",
        browser,
        before,
    )
    document = PunchoutDocument.objects.get()
    assert (document.status_code, document.session, "PASSWORD=****&" in document.body) == (400, None, True)


@pytest.mark.parametrize("hook_url", [None, "", "   "])
def test_a_call_without_hook_url_is_refused_400(demo_store, connection, hook_url):
    before = counts()
    browser = Client()

    response = browser.post("/punchout/oci/", oci_fields(HOOK_URL=hook_url))

    assert_refused(response, 400, "The request has no HOOK_URL to send the cart back to.", browser, before)
    assert PunchoutDocument.objects.get().status_code == 400


def test_an_address_of_another_companys_user_is_refused_403(demo_store, connection):
    stranger = MembershipFactory(user__email=EMAIL).user
    membership_before = CompanyMembership.objects.filter(user=stranger).values().get()
    before = counts()
    browser = Client()

    response = browser.get("/punchout/oci/", oci_fields())

    assert_refused(response, 403, "This e-mail address cannot buy for the company: ask the supplier.", browser, before)
    assert CompanyMembership.objects.filter(user=stranger).values().get() == membership_before


def test_put_is_not_allowed(demo_store, connection):
    response = Client().put("/punchout/oci/")

    assert response.status_code == 405 and PunchoutSession.objects.count() == 0
