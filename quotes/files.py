"""Quote attachments: the drop-zone rules of business §5 checked on the server, by content.

The file checks are the shared ones of `accounts.uploads` (shell §5 accepted types: pdf, word, excel, csv, any
image; the content must be what the extension says; SVG and macro-enabled Office files are refused). At most 3
files of at most 3,000,000 bytes each on the buyer's side of a quote (the drop zone's defaults); staff may attach
up to 10.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from pathlib import PurePath

from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import UploadedFile

from accounts import uploads
from quotes.errors import FILE_REJECTED_MESSAGE, TOO_MANY_FILES_MESSAGE, QuoteErrorCode

MAX_FILE_BYTES = uploads.MAX_FILE_BYTES  # business §5 / §9
MAX_FILES = uploads.MAX_FILES  # business §5 / §9, the buyer's side
MAX_STAFF_FILES = 10
ACCEPTED_EXTENSIONS = uploads.ACCEPTED_EXTENSIONS


def attachment_storage():
    """Attachments are private: never under a public URL (the shared private storage of `accounts.storage`)."""
    from accounts.storage import private_storage

    return private_storage()


def attachment_upload_to(instance, filename: str) -> str:
    extension = PurePath(filename).suffix.lower()[:6]
    return f"quotes/{uuid.uuid4().hex}{extension}"


@dataclass(frozen=True)
class CheckedFile:
    name: str
    size: int
    content_type: str


def check_upload(upload: UploadedFile) -> CheckedFile:
    """The file's clean name, size and content type; ValidationError (code QUOTE_FILE_REJECTED, the business §8
    text) when its type is not accepted, its content is not what its name says, or it is empty or too big."""
    name = uploads.clean_file_name(upload.name or "")
    size = upload.size or 0
    detected = None
    if 0 < size <= MAX_FILE_BYTES:
        upload.seek(0)
        detected = uploads.detect(name, upload.read(MAX_FILE_BYTES + 1))
        upload.seek(0)
    if detected is None:
        message = FILE_REJECTED_MESSAGE.format(name=name, size=uploads.size_label(MAX_FILE_BYTES))
        raise ValidationError({"file": [ValidationError(message, code=QuoteErrorCode.FILE_REJECTED)]})
    return CheckedFile(name=name, size=size, content_type=detected.mime)


def check_file_count(existing: int, *, limit: int = MAX_FILES) -> None:
    if existing >= limit:
        message = TOO_MANY_FILES_MESSAGE.format(n=limit)
        raise ValidationError({"file": [ValidationError(message, code=QuoteErrorCode.TOO_MANY_FILES)]})
