"""Reading documents from other systems safely (issue 39, STYLE "Integrations"): defusedxml's parser refuses entity
declarations (billion laughs, quadratic blow-up) and external references (XXE) and never fetches a DTD; this module
also bounds the size before parsing and the depth after it. A cXML document names its DTD in a DOCTYPE; that is
allowed, and never read."""

from __future__ import annotations

from xml.etree.ElementTree import Element, ParseError

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring

MAX_DOCUMENT_BYTES = 2 * 1024 * 1024  # a 1,000-line OrderRequest is ~1 MB
MAX_DEPTH = 40  # cXML's deepest path (OrderRequest … ItemDetail/Classification) is under 15


class DocumentRefused(Exception):
    """A document that is not read: `status` is the cXML status (and HTTP status) to answer with."""

    def __init__(self, status: int, text: str):
        super().__init__(text)
        self.status = status
        self.text = text


def document_parse(body: bytes) -> Element:
    """The document's root element, or DocumentRefused (413 too large, 400 not well-formed, too deep or unsafe)."""
    if len(body) > MAX_DOCUMENT_BYTES:
        raise DocumentRefused(413, f"The document is larger than {MAX_DOCUMENT_BYTES // (1024 * 1024)} MB.")
    if not body.strip():
        raise DocumentRefused(400, "The request has no document.")
    try:
        root = fromstring(body, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException:
        raise DocumentRefused(400, "Entity declarations and external references are not accepted.") from None
    except ParseError as exc:
        raise DocumentRefused(400, f"The document is not well-formed XML ({exc}).") from None
    _depth_checked(root)
    return root


def _depth_checked(root: Element) -> None:
    # Iterative, so that a deep document cannot exhaust the stack here either.
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise DocumentRefused(400, f"The document is nested deeper than {MAX_DEPTH} levels.")
        stack.extend((child, depth + 1) for child in element)


def text_of(element: Element | None, path: str = "", *, limit: int = 2000) -> str:
    """The stripped text of `path` under `element` ("" when absent), at most `limit` characters."""
    if element is None:
        return ""
    found = element.find(path) if path else element
    if found is None:
        return ""
    return "".join(found.itertext()).strip()[:limit]
