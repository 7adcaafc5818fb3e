"""Reads of punchout (issue 39)."""

from __future__ import annotations

import hashlib
import hmac
from urllib.parse import urlsplit

from punchout.models import PunchoutConnection, PunchoutProtocol, PunchoutSession

SECRET_SCHEME = "sha256"


def secret_digest(secret: str, salt: str) -> str:
    """A shared secret's salted digest. The secrets are long random strings agreed with the procurement system, not
    passwords people choose: a fast hash is enough, and a setup request stays fast (issue 39 bench: ≤ 300 ms)."""
    return hashlib.sha256(f"{salt}${secret}".encode("utf-8", "surrogatepass")).hexdigest()


def secret_matches(connection: PunchoutConnection, secret: str) -> bool:
    """Whether `secret` is the connection's shared secret, compared in constant time."""
    scheme, _, rest = connection.secret_hash.partition("$")
    salt, _, digest = rest.partition("$")
    if scheme != SECRET_SCHEME or not salt or not digest or not secret:
        return False
    return hmac.compare_digest(secret_digest(secret, salt), digest)


def connections_for_sender(*, protocols: tuple[str, ...], domain: str, identity: str) -> list[PunchoutConnection]:
    """The active connections whose Sender credential this is (domain compared without case, as cXML does). Several
    buyers may send through one network (SAP Ariba's requests all come from the network's Sender): their From
    credentials tell them apart."""
    if not identity:
        return []
    candidates = PunchoutConnection.objects.select_related("company", "fixed_user").filter(
        protocol__in=protocols, sender_identity=identity, is_active=True
    )
    return [c for c in candidates.order_by("pk") if c.sender_domain.lower() == domain.lower()]


def oci_connection(*, username: str) -> PunchoutConnection | None:
    found = connections_for_sender(
        protocols=(PunchoutProtocol.OCI4, PunchoutProtocol.OCI5), domain="", identity=username
    )
    return found[0] if found else None


def allowed_origins(connection: PunchoutConnection) -> set[str]:
    return {_origin(line) for line in connection.return_origins.splitlines() if _origin(line)}


def _origin(url: str) -> str:
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return ""
    if parts.scheme not in ("https", "http") or not parts.hostname:
        return ""
    default = 443 if parts.scheme == "https" else 80
    return f"{parts.scheme}://{parts.hostname.lower()}" + (f":{port}" if port and port != default else "")


def return_url_allowed_origin(text: str) -> bool:
    """Whether `text` is an origin as the connection's list holds them (scheme and host, a port when not the
    default; no path)."""
    try:
        parts = urlsplit(text.strip())
    except ValueError:
        return False
    return bool(_origin(text)) and parts.path in ("", "/") and not parts.query and not parts.fragment


def return_url_allowed(connection: PunchoutConnection, url: str) -> bool:
    """Whether the cart may be sent to `url`: one of the connection's origins, scheme, host and port alike."""
    origin = _origin(url)
    return bool(origin) and origin in allowed_origins(connection)


def session_for_start(*, token_hash: str) -> PunchoutSession | None:
    return (
        PunchoutSession.objects.select_related("connection", "user", "company")
        .filter(start_token_hash=token_hash)
        .first()
    )


def session_of_buyer(*, session_id: object, user) -> PunchoutSession | None:
    """The browser's punchout session, if it is this signed-in user's, started and not yet transferred."""
    if not isinstance(session_id, int) or not getattr(user, "is_authenticated", False):
        return None
    return (
        PunchoutSession.objects.select_related("connection", "company")
        .filter(pk=session_id, user=user, started_at__isnull=False, transferred_at__isnull=True)
        .first()
    )
