"""Writes of punchout (issue 39): connections' secrets, sessions opened by a procurement system, the buyer's
arrival on the StartPage, and the log of every document."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import User
from accounts.selectors import actor_for_user, membership_of
from accounts.services import MemberUnavailable, company_member_provision
from punchout import selectors
from punchout.cxml import SetupRequest
from punchout.errors import PunchoutRefused
from punchout.models import (
    DocumentDirection,
    PunchoutConnection,
    PunchoutDocument,
    PunchoutSession,
    PunchoutUserMode,
)
from storefront import services as storefront_services
from storefront.selectors import currency_for

START_TOKEN_MAX_AGE = timedelta(minutes=10)  # the procurement system sends the buyer's browser on at once
DOCUMENTS_KEPT = timedelta(days=90)
COST_CENTRE_MAX_LENGTH = 60  # Order.cost_centre


def connection_secret_set(*, connection: PunchoutConnection, secret: str) -> None:
    """Keep a new shared secret, salted and hashed (it cannot be read back)."""
    if len(secret) < 8:
        raise ValidationError({"secret": ["A shared secret has at least 8 characters."]})
    salt = secrets.token_hex(8)
    connection.secret_hash = f"{selectors.SECRET_SCHEME}${salt}${selectors.secret_digest(secret, salt)}"
    connection.save(update_fields=["secret_hash", "updated_at"])


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _buyer(connection: PunchoutConnection, *, email: str, first_name: str, last_name: str) -> User:
    """Who the session signs in as: the connection's user, or the company's member with the buyer's e-mail address
    (created on first use in the connection's role). 403 when that account may not buy for the company."""
    if connection.user_mode == PunchoutUserMode.FIXED:
        user = connection.fixed_user
        membership = membership_of(user) if user is not None else None
        if (
            user is None
            or not user.is_active
            or _privileged(user)
            or membership is None
            or membership.company_id != connection.company_id
        ):
            raise PunchoutRefused(403, "The connection's user cannot buy for the company: ask the supplier.")
        return user
    try:
        validate_email(email)
    except ValidationError:
        raise PunchoutRefused(400, "The request has no valid e-mail address of the buyer (Contact Email).") from None
    try:
        user = company_member_provision(
            company=connection.company, email=email, first_name=first_name, last_name=last_name,
            role=connection.new_user_role, source=f"punchout {connection.get_system_display()}",
        )  # fmt: skip
    except MemberUnavailable:
        raise PunchoutRefused(403, "This e-mail address cannot buy for the company: ask the supplier.") from None
    if _privileged(user):
        raise PunchoutRefused(403, "This e-mail address cannot buy for the company: ask the supplier.")
    return user


def _privileged(user: User) -> bool:
    """The supplier's staff and the platform's admins are never signed in by a procurement system, even when they
    are also a member of its company: the session would reach Django admin (or the super admin's rights)."""
    return user.is_staff or user.is_superuser or user.is_super_admin


def cost_centre_of(connection: PunchoutConnection, fields: dict[str, str]) -> str:
    """The first of the connection's cost-centre fields that the request fills (at most 60 characters)."""
    for name in (part.strip() for part in connection.cost_centre_fields.split(",")):
        value = fields.get(name, "").strip() if name else ""
        if value:
            return value[:COST_CENTRE_MAX_LENGTH]
    return ""


@transaction.atomic
def punchout_session_open(
    *, connection: PunchoutConnection, setup: SetupRequest, payload_id: str
) -> tuple[PunchoutSession, str]:
    """Open a session for a setup request: the return address checked against the connection's origins (400), the
    buyer found or created (403 when they may not buy), a payloadID received before refused (409). Returns the
    session and its one-time StartPage token (only its hash is kept)."""
    if not selectors.return_url_allowed(connection, setup.return_url):
        raise PunchoutRefused(400, "The return address (BrowserFormPost URL, HOOK_URL) is not one of the connection's.")
    if payload_id and PunchoutSession.objects.filter(connection=connection, payload_id=payload_id).exists():
        raise PunchoutRefused(409, "A request with this payloadID was received before.")
    user = _buyer(connection, email=setup.email, first_name=setup.first_name, last_name=setup.last_name)
    token = secrets.token_urlsafe(32)
    try:
        with transaction.atomic():
            session = PunchoutSession.objects.create(
                connection=connection,
                company=connection.company,
                user=user,
                operation=setup.operation,
                buyer_cookie=setup.buyer_cookie,
                return_url=setup.return_url,
                payload_id=payload_id,
                cost_centre=cost_centre_of(connection, setup.extrinsics),
                items_in=[{"part": i.supplier_part_id, "aux": i.auxiliary_id, "qty": i.quantity} for i in setup.items],
                start_token_hash=_token_hash(token),
                start_expires_at=timezone.now() + START_TOKEN_MAX_AGE,
            )
    except IntegrityError:  # the same payloadID at the same moment
        raise PunchoutRefused(409, "A request with this payloadID was received before.") from None
    return session, token


@transaction.atomic
def punchout_session_start(*, token: str) -> PunchoutSession | None:
    """The buyer's browser arrives with the StartPage token: the session, used up, with a new cart of its own; None
    for a token that is unknown, used or older than ten minutes, or whose user may no longer sign in."""
    if not token or len(token) > 100:
        return None
    token_hash = _token_hash(token)
    now = timezone.now()
    claimed = PunchoutSession.objects.filter(
        start_token_hash=token_hash, started_at__isnull=True, start_expires_at__gt=now
    ).update(started_at=now)
    if not claimed:
        return None
    session = selectors.session_for_start(token_hash=token_hash)
    if session is None or not session.user.is_active or not session.connection.is_active:
        return None
    actor = actor_for_user(session.user)
    session.cart = storefront_services.cart_create(actor=actor, currency_code=currency_for(None).code)
    session.save(update_fields=["cart"])
    return session


_SECRETS = (
    re.compile(r"(<SharedSecret\b[^>]*>).*?(</SharedSecret>)", re.S | re.I),
    re.compile(r"(<DigitalSignature\b[^>]*>).*?(</DigitalSignature>)", re.S | re.I),
)


def masked(body: str) -> str:
    """The document with its secrets replaced by ****."""
    for pattern in _SECRETS:
        body = pattern.sub(r"\1****\2", body)
    return body


def punchout_document_record(
    *,
    connection: PunchoutConnection,
    direction: DocumentDirection,
    kind: str,
    status_code: int,
    body: str,
    payload_id: str = "",
    status_text: str = "",
    session: PunchoutSession | None = None,
) -> PunchoutDocument:
    """Log a document received or sent, its secrets masked (kept 90 days: `punchout_documents_purge`)."""
    return PunchoutDocument.objects.create(
        connection=connection, session=session, direction=direction, kind=kind[:60], payload_id=payload_id[:250],
        status_code=status_code, status_text=status_text[:500], body=masked(body),
    )  # fmt: skip


def punchout_documents_purge() -> int:
    """Delete the documents older than 90 days; returns how many went."""
    deleted, _ = PunchoutDocument.objects.filter(created_at__lt=timezone.now() - DOCUMENTS_KEPT).delete()
    return deleted
