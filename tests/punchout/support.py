"""What the punchout tests share: the procurement systems' connections (one per dialect, as each system's set-up
guide has the supplier enter them), their documents from tests/punchout/fixtures, and reading the portal's answers."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from xml.etree.ElementTree import Element
from xml.sax.saxutils import escape

import factory
from defusedxml.ElementTree import fromstring

from accounts.models import CompanyMembership, CompanyRole, User
from punchout import services
from punchout.models import PunchoutConnection, PunchoutDocument, PunchoutProtocol, PunchoutSession
from tests.factories.accounts import CompanyFactory

FIXTURES = Path(__file__).parent / "fixtures"
GOLDEN = Path(__file__).parent / "golden"


class PunchoutConnectionFactory(factory.django.DjangoModelFactory):
    """A cXML connection of a new company, buyers signed in by e-mail. Its secret: `services.connection_secret_set`."""

    class Meta:
        model = PunchoutConnection

    company = factory.SubFactory(CompanyFactory)
    name = factory.LazyAttribute(lambda c: f"{c.company.name} — {c.system}")
    system = "other"
    protocol = PunchoutProtocol.CXML
    sender_identity = factory.Sequence(lambda n: f"SENDER-{n}")


@dataclass(frozen=True)
class Dialect:
    """A procurement system's connection as its set-up guide has it, and the setup request it sends."""

    name: str
    document: str  # fixtures/<document>.xml
    system: str
    from_domain: str
    from_identity: str
    to_domain: str
    to_identity: str
    sender_domain: str
    sender_identity: str
    secret: str
    return_origin: str
    return_url: str
    email: str


ARIBA = Dialect(
    name="ariba",
    document="ariba_setup_create",
    system="ariba",
    from_domain="NetworkId",
    from_identity="AN01000000147",
    to_domain="NetworkId",
    to_identity="AN01000099999",
    sender_domain="NetworkId",
    sender_identity="AN01000000147",
    secret="kcl-ariba-7Qm2vX9p",
    return_origin="https://s1.ariba.com",
    return_url="https://s1.ariba.com/Buyer/punchout?client=KCL&responseid=7f3c2a91",
    email="rosalind.franklin@kings.test",
)
COUPA = Dialect(
    name="coupa",
    document="coupa_setup_create",
    system="coupa",
    from_domain="DUNS",
    from_identity="214598775",
    to_domain="DUNS",
    to_identity="081466849",
    sender_domain="DUNS",
    sender_identity="214598775",
    secret="oxford-coupa-Lk4s8Wq1",
    return_origin="https://oxford.coupahost.com",
    return_url="https://oxford.coupahost.com/punchout/checkout?id=4411",
    email="dorothy.hodgkin@oxford.test",
)
JAGGAER = Dialect(
    name="jaggaer",
    document="jaggaer_setup_create",
    system="jaggaer",
    from_domain="NetworkId",
    from_identity="EASTMAN-UNIV",
    to_domain="DUNS",
    to_identity="081466849",
    sender_domain="SQ",
    sender_identity="JAGGAER-EASTMAN-PROD",
    secret="eastman-jaggaer-3Hd9Zr0c",
    return_origin="https://solutions.sciquest.com",
    return_url="https://solutions.sciquest.com/apps/Router/ExternalCatalogReturn?sqid=6631972&cookie=00017",
    email="barbara.mcclintock@eastman.test",
)
DIALECTS = (ARIBA, COUPA, JAGGAER)


def connection_for(dialect: Dialect, **fields) -> PunchoutConnection:
    """The connection of `dialect`'s procurement system, its shared secret set."""
    values = {
        "system": dialect.system,
        "from_domain": dialect.from_domain,
        "from_identity": dialect.from_identity,
        "to_domain": dialect.to_domain,
        "to_identity": dialect.to_identity,
        "sender_domain": dialect.sender_domain,
        "sender_identity": dialect.sender_identity,
        "return_origins": dialect.return_origin,
        "new_user_role": CompanyRole.SENIOR_BUYER,
    }
    connection = PunchoutConnectionFactory(**(values | fields))
    services.connection_secret_set(connection=connection, secret=dialect.secret)
    return connection


def fixture(name: str, **values: str) -> str:
    """The text of fixtures/<name>.xml, its {placeholders} filled."""
    return (FIXTURES / f"{name}.xml").read_text(encoding="utf-8").format(**values)


def document_of(dialect: Dialect, *, name: str = "", payload_id: str = "", secret: str = "", return_url: str = ""):
    return fixture(
        name or dialect.document,
        payload_id=payload_id or f"1741108527.{dialect.name}.1@procurement.test",
        secret=secret or dialect.secret,
        return_url=escape(return_url or dialect.return_url),
    )


def cxml_post(client, body: str | bytes):
    return client.post("/punchout/cxml/", data=body, content_type="text/xml")


def answer_of(response) -> Element:
    """The cXML Response the portal answered: the document's root."""
    assert response["Content-Type"] == "text/xml; charset=utf-8"
    return fromstring(response.content, forbid_dtd=False)


def status_of(response) -> tuple[int, str, str]:
    """The HTTP status, and the cXML Status code and text (which must be the HTTP status)."""
    status = answer_of(response).find("Response/Status")
    return response.status_code, status.get("code"), (status.text or "")


def start_url_of(response) -> str:
    return answer_of(response).find("Response/PunchOutSetupResponse/StartPage/URL").text


def normalised(document: str) -> str:
    """A cXML answer without what changes every time: its payloadID, timestamp and StartPage token."""
    document = re.sub(r'payloadID="[^"]*"', 'payloadID="PAYLOAD-ID"', document)
    document = re.sub(r'timestamp="[^"]*"', 'timestamp="TIMESTAMP"', document)
    return re.sub(r"/punchout/start/[^/<]+/", "/punchout/start/START-TOKEN/", document)


def golden(name: str) -> str:
    """tests/punchout/golden/<name>: a missing file fails the test (the golden files are written by hand and
    reviewed, never made by the test)."""
    return (GOLDEN / name).read_text(encoding="utf-8")


@dataclass(frozen=True)
class Counts:
    sessions: int
    users: int
    memberships: int
    documents: int


def counts() -> Counts:
    return Counts(
        sessions=PunchoutSession.objects.count(),
        users=User.objects.count(),
        memberships=CompanyMembership.objects.count(),
        documents=PunchoutDocument.objects.count(),
    )


def row(user: User) -> dict:
    """Everything the users table holds of `user`, and their membership."""
    membership = CompanyMembership.objects.filter(user=user).values("company_id", "role").first()
    return User.objects.filter(pk=user.pk).values().get() | {"membership": membership}
