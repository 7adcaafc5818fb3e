"""Why a procurement system's request is refused (issue 39): each refusal is answered in the protocol's own terms
(cXML Status code and text, or an OCI error page), never as a server error."""

from __future__ import annotations

from punchout.safexml import DocumentRefused


class PunchoutRefused(DocumentRefused):
    """A request read but refused: bad credentials (401), a user who may not buy (403), a return address the
    connection does not allow (400), a payloadID already received (409)."""
