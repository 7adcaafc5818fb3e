"""The demo's mailbox (issue 36 item 8): under `make run` (DEBUG, no mail server) every e-mail the portal sends —
invitations, password resets, quote and list notices — is written to EMAIL_FILE_PATH (var/mail/) by Django's
file-based backend, and `/dev/mail/` shows them, newest first, with their links clickable, so that a newcomer can
follow an invitation on the port they chose. Nothing here exists outside DEBUG with that backend: 404 otherwise.
"""

from __future__ import annotations

import email
import email.policy
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

FILE_BASED_BACKEND = "django.core.mail.backends.filebased.EmailBackend"
# What Django's file-based backend writes after each message of a file (one file per connection).
_SEPARATOR = b"\n" + b"-" * 79 + b"\n"
MAX_FILES = 50  # the newest: a demo's mail, not an archive
MAX_FILE_BYTES = 1_000_000


@dataclass(frozen=True)
class DemoMail:
    file_name: str
    subject: str
    sender: str
    to: str
    date: str
    body: str


def mailbox_enabled() -> bool:
    return settings.DEBUG and settings.EMAIL_BACKEND == FILE_BASED_BACKEND


def _text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    try:
        return part.get_content()
    except (LookupError, ValueError):  # an unknown charset or a broken part: shown as it was written
        payload = part.get_payload(decode=True)  # the bytes of a leaf part (a multipart one has none)
        return payload.decode("utf-8", "replace") if isinstance(payload, bytes) and payload else ""


def demo_mails(folder: Path) -> list[DemoMail]:
    """The messages of the newest files in `folder`, newest first."""
    if not folder.is_dir():
        return []
    files = sorted(
        (path for path in folder.iterdir() if path.is_file()), key=lambda path: path.stat().st_mtime, reverse=True
    )
    mails: list[DemoMail] = []
    for path in files[:MAX_FILES]:
        with path.open("rb") as stream:
            data = stream.read(MAX_FILE_BYTES)
        for raw in reversed([chunk for chunk in data.split(_SEPARATOR) if chunk.strip()]):
            message = email.message_from_bytes(raw, policy=email.policy.default)
            mails.append(
                DemoMail(
                    file_name=path.name,
                    subject=str(message.get("Subject", "")),
                    sender=str(message.get("From", "")),
                    to=str(message.get("To", "")),
                    date=str(message.get("Date", "")),
                    body=_text_of(message),
                )
            )
    return mails


def mailbox(request: HttpRequest) -> HttpResponse:
    """`GET /dev/mail/`: the demo's sent e-mails (DEBUG with the file-based backend only)."""
    if not mailbox_enabled():
        raise Http404
    folder = Path(settings.EMAIL_FILE_PATH)
    context = {"mails": demo_mails(folder), "folder": folder, "max_files": MAX_FILES}
    response = render(request, "portal/dev_mail.html", context)
    response["Cache-Control"] = "no-store"
    return response
