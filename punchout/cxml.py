"""cXML 1.2 documents (issue 39): what the portal reads from a procurement system and what it answers.

Read with `safexml.document_parse`; written with ElementTree, which escapes every text and attribute. Each document
names cXML's DTD in its DOCTYPE, as every procurement system expects; nothing here ever reads it."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element, SubElement, tostring

from punchout.safexml import DocumentRefused, text_of

CXML_VERSION = "1.2.060"
DTD_BASE = f"http://xml.cxml.org/schemas/cXML/{CXML_VERSION}"
# cXML's DTDs: the core (setup, order, order message), Fulfill (confirmations, ship notices), InvoiceDetail.
CORE_DTD, FULFILL_DTD, INVOICE_DTD = "cXML.dtd", "Fulfill.dtd", "InvoiceDetail.dtd"
MAX_CREDENTIALS = 10
MAX_EXTRINSICS = 100
MAX_ITEMS = 1000  # storefront MAX_CART_LINES is lower; an edit of a bigger requisition is refused, not cut

# cXML Status codes (cXML User's Guide, "Status"): the HTTP status is the same.
STATUS_TEXT = {
    200: "OK",
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    409: "Conflict",
    413: "Request Entity Too Large",
    429: "Too Many Requests",
    500: "Internal Server Error",
}


@dataclass(frozen=True)
class Credential:
    domain: str
    identity: str
    shared_secret: str = ""


@dataclass(frozen=True)
class ItemIn:
    """An ItemOut of an edit or inspect setup request: what the buyer's requisition already holds."""

    supplier_part_id: str
    auxiliary_id: str
    quantity: str


@dataclass(frozen=True)
class Envelope:
    """A cXML request's envelope: its payloadID and the three parties of its Header."""

    payload_id: str
    from_credentials: tuple[Credential, ...]
    to_credentials: tuple[Credential, ...]
    sender: Credential
    request: Element  # the element under <Request>, e.g. PunchOutSetupRequest


@dataclass(frozen=True)
class SetupRequest:
    operation: str
    buyer_cookie: str
    return_url: str
    email: str
    first_name: str
    last_name: str
    extrinsics: dict[str, str] = field(default_factory=dict)
    items: tuple[ItemIn, ...] = ()


def _credentials(parent: Element | None, *, with_secret: bool = False) -> tuple[Credential, ...]:
    if parent is None:
        return ()
    found = parent.findall("Credential")
    if len(found) > MAX_CREDENTIALS:
        raise DocumentRefused(400, f"A party has at most {MAX_CREDENTIALS} credentials.")
    return tuple(
        Credential(
            domain=credential.get("domain", "").strip()[:100],
            identity=text_of(credential, "Identity", limit=200),
            shared_secret=text_of(credential, "SharedSecret", limit=200) if with_secret else "",
        )
        for credential in found
    )


def envelope_read(root: Element) -> Envelope:
    """The envelope of a cXML request, or DocumentRefused 400 when it is not one."""
    if root.tag != "cXML":
        raise DocumentRefused(400, "The document is not cXML.")
    header = root.find("Header")
    request = root.find("Request")
    if header is None or request is None or len(request) != 1:
        raise DocumentRefused(400, "A cXML request has a Header and a Request with one document.")
    senders = _credentials(header.find("Sender"), with_secret=True)
    if not senders:
        raise DocumentRefused(400, "The Header has no Sender credential.")
    return Envelope(
        payload_id=root.get("payloadID", "").strip()[:250],
        from_credentials=_credentials(header.find("From")),
        to_credentials=_credentials(header.find("To")),
        sender=senders[0],
        request=request[0],
    )


def setup_request_read(element: Element) -> SetupRequest:
    """A PunchOutSetupRequest's fields; DocumentRefused 400 when one the portal needs is missing or wrong."""
    operation = element.get("operation", "create").strip().lower()
    if operation not in ("create", "edit", "inspect"):
        raise DocumentRefused(400, f"Unknown operation “{operation[:20]}”: create, edit or inspect.")
    return_url = text_of(element, "BrowserFormPost/URL")
    if not return_url:
        raise DocumentRefused(400, "The request has no BrowserFormPost URL to send the cart back to.")
    extrinsics: dict[str, str] = {}
    for extrinsic in element.findall("Extrinsic")[:MAX_EXTRINSICS]:
        name = extrinsic.get("name", "").strip()[:100]
        if name:
            extrinsics.setdefault(name, text_of(extrinsic, limit=500))
    contact = element.find("Contact")
    email = text_of(contact, "Email", limit=254) or extrinsics.get("UserEmail", "") or extrinsics.get("Email", "")
    items = element.findall("ItemOut")
    if len(items) > MAX_ITEMS:
        raise DocumentRefused(400, f"A requisition to edit holds at most {MAX_ITEMS} lines.")
    return SetupRequest(
        operation=operation,
        buyer_cookie=text_of(element, "BuyerCookie", limit=500),
        return_url=return_url,
        email=email.strip(),
        first_name=extrinsics.get("FirstName", "")[:150],
        last_name=extrinsics.get("LastName", "")[:150],
        extrinsics=extrinsics,
        items=tuple(
            ItemIn(
                supplier_part_id=text_of(item, "ItemID/SupplierPartID", limit=100),
                auxiliary_id=text_of(item, "ItemID/SupplierPartAuxiliaryID", limit=2000),
                quantity=item.get("quantity", "").strip()[:20],
            )
            for item in items
        ),
    )


def payload_id_new(host: str) -> str:
    """A payloadID as cXML recommends: time, a random part and the sender's host name."""
    return f"{time.time():.3f}.{secrets.token_hex(8)}@{host}"


def _timestamp() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime())


def document_bytes(root: Element, dtd: str = CORE_DTD) -> bytes:
    doctype = f'<!DOCTYPE cXML SYSTEM "{DTD_BASE}/{dtd}">'
    return (
        b'<?xml version="1.0" encoding="UTF-8"?>\n'
        + doctype.encode()
        + b"\n"
        + tostring(root, encoding="unicode").encode()
    )


def cxml_root(host: str) -> Element:
    return Element(
        "cXML",
        {"payloadID": payload_id_new(host), "timestamp": _timestamp(), "version": CXML_VERSION, "xml:lang": "en-US"},
    )


def response_document(*, host: str, status: int, text: str = "", start_url: str = "") -> bytes:
    """A cXML Response: its Status, and for a setup the PunchOutSetupResponse with the StartPage."""
    root = cxml_root(host)
    response = SubElement(root, "Response")
    status_element = SubElement(response, "Status", {"code": str(status), "text": STATUS_TEXT.get(status, "")})
    if text:
        status_element.text = text
    if start_url:
        start = SubElement(SubElement(response, "PunchOutSetupResponse"), "StartPage")
        SubElement(start, "URL").text = start_url
    return document_bytes(root)
