"""Uploads (issue 5): the attachments of a company application, kept privately until the application claims
them."""

from __future__ import annotations

import hashlib
import re
import secrets
import uuid
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile
from django.db import transaction
from django.utils import timezone

from accounts.errors import UploadErrorCode
from accounts.models import MediaFile, User
from accounts.uploads import MAX_FILE_BYTES, MAX_FILES, clean_file_name, detect, size_label
from portal.locks import lock_for_transaction

COMPANY_ATTACHMENT = "companyAttachedFile"  # the one request type (shell §7)
UPLOAD_TTL_SECONDS = 24 * 3600  # an upload not attached to an application within a day is purged
UPLOAD_WINDOW = 3600
UPLOAD_LIMIT_PER_IP = 20  # guests: uploads per IP address per hour
UPLOAD_LIMIT_PER_USER = 30  # signed-in users: uploads per hour
UPLOAD_REQUEST_TYPES = (COMPANY_ATTACHMENT,)
UPLOAD_SESSION_PATTERN = r"^[A-Za-z0-9_-]{32,100}$"
TOO_MANY_FILES_MESSAGE = "Maximum allowed number of files exceeded. Only {n} allowed"
FILE_REJECTED_MESSAGE = "File {name} was rejected. File type not supported. File is too big. Size limit is {size}."


class UploadRefused(ValidationError):
    """An upload we do not keep: `code` (UploadErrorCode) and a message for people."""

    def __init__(self, code: UploadErrorCode, message: str) -> None:
        super().__init__(message, code=code)


@dataclass(frozen=True)
class Upload:
    media: MediaFile
    upload_session: str
    files_in_session: int


def _upload_session_hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def _open_uploads(*, user: User | None, session_hash: str):
    """The files counted against business §5's limit of 3: a signed-in user's, or a guest's upload session's,
    recent ones not yet part of an application."""
    recent = MediaFile.objects.filter(
        company__isnull=True, created_at__gt=timezone.now() - timedelta(seconds=UPLOAD_TTL_SECONDS)
    )
    return (
        recent.filter(uploaded_by=user)
        if user is not None
        else recent.filter(uploaded_by__isnull=True, upload_session=session_hash)
    )


def media_upload(*, uploaded_file: Any, request_type: str, upload_session: str | None, user: User | None) -> Upload:
    """`POST /api/v2/media/upload`: keep an attachment for a company application, or refuse it and keep nothing.

    Checks, in order: the request type, the count (3 per applicant), the size (3,000,000 bytes), then the type from
    the content (`accounts.uploads`). The file goes to the private storage under a random name. (The rate limits
    are the edge's throttles.)"""
    if request_type not in UPLOAD_REQUEST_TYPES:
        raise UploadRefused(UploadErrorCode.INVALID_REQUEST_TYPE, UploadErrorCode.INVALID_REQUEST_TYPE.label)
    if uploaded_file is None:
        raise UploadRefused(UploadErrorCode.FILE_MISSING, UploadErrorCode.FILE_MISSING.label)
    if upload_session and not re.match(UPLOAD_SESSION_PATTERN, upload_session):
        raise UploadRefused(UploadErrorCode.INVALID_UPLOAD_SESSION, UploadErrorCode.INVALID_UPLOAD_SESSION.label)
    session_key = upload_session or secrets.token_urlsafe(32)
    session_hash = _upload_session_hash(session_key)
    name = clean_file_name(uploaded_file.name)
    rejected = FILE_REJECTED_MESSAGE.format(name=name, size=size_label(MAX_FILE_BYTES))

    if _open_uploads(user=user, session_hash=session_hash).count() >= MAX_FILES:
        raise UploadRefused(UploadErrorCode.TOO_MANY_FILES, TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES))
    if uploaded_file.size > MAX_FILE_BYTES:
        raise UploadRefused(UploadErrorCode.FILE_TOO_LARGE, rejected)
    uploaded_file.seek(0)
    data = uploaded_file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise UploadRefused(UploadErrorCode.FILE_TOO_LARGE, rejected)
    detected = detect(name, data)
    if detected is None:
        raise UploadRefused(UploadErrorCode.FILE_TYPE_NOT_ALLOWED, rejected)

    media = MediaFile(
        request_type=request_type,
        original_name=name,
        extension=detected.extension,
        content_type=detected.mime,
        size=len(data),
        upload_session=session_hash,
        uploaded_by=user,
    )
    with transaction.atomic():
        # Parallel uploads of one applicant each saw room above: count again, one at a time (issue 12).
        lock_for_transaction(f"media-upload:{user.pk if user is not None else session_hash}")
        if _open_uploads(user=user, session_hash=session_hash).count() >= MAX_FILES:
            raise UploadRefused(UploadErrorCode.TOO_MANY_FILES, TOO_MANY_FILES_MESSAGE.format(n=MAX_FILES))
        media.file.save(name, ContentFile(data), save=False)
        try:
            media.save()
        except Exception:
            if media.file.name:  # the name the storage gave the file just saved
                media.file.storage.delete(media.file.name)
            raise
        files = _open_uploads(user=user, session_hash=session_hash).count()
    return Upload(media=media, upload_session=session_key, files_in_session=files)


@transaction.atomic
def media_delete(*, file_id: str, upload_session: str | None, user: User | None) -> None:
    """The drop zone's "remove": delete one of the caller's uploads not yet part of an application."""
    try:
        pk = uuid.UUID(str(file_id))
    except ValueError as exc:
        raise UploadRefused(UploadErrorCode.NOT_FOUND, UploadErrorCode.NOT_FOUND.label) from exc
    files = MediaFile.objects.filter(pk=pk, company__isnull=True)
    if user is not None:
        files = files.filter(uploaded_by=user)
    else:
        files = files.filter(uploaded_by__isnull=True, upload_session=_upload_session_hash(upload_session or ""))
    media = files.select_for_update().first()
    if media is None:
        raise UploadRefused(UploadErrorCode.NOT_FOUND, UploadErrorCode.NOT_FOUND.label)
    name, storage = media.file.name, media.file.storage
    media.delete()
    if name:
        transaction.on_commit(lambda: storage.delete(name))


def media_purge_stale(*, older_than_seconds: int = UPLOAD_TTL_SECONDS) -> int:
    """Delete uploads never attached to an application (the `media_purge_stale` task runs it)."""
    stale = MediaFile.objects.filter(
        company__isnull=True, created_at__lt=timezone.now() - timedelta(seconds=older_than_seconds)
    )
    count = 0
    for media in stale.iterator():
        if media.file.name:
            media.file.storage.delete(media.file.name)
        media.delete()
        count += 1
    return count
