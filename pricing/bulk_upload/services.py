"""Writes of the bulk upload (issue 19): take an upload, validate it (in the request, or by a Celery job that claims
it), keep its result files, purge them when they expire."""

from __future__ import annotations

import datetime
import io
import logging
import tempfile
import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypedDict

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files import File
from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from portal import ratelimit
from portal.actor import PortalActor
from portal.errors import ErrorCode, Refused
from portal.selectors import channel_get
from pricing import calculation
from pricing.bulk_upload import files, permissions, validation
from pricing.bulk_upload.errors import BulkOrderErrorCode
from pricing.models import UPLOAD_RETENTION, BulkUpload, UploadStatus

logger = logging.getLogger("pricing.bulk_upload")

# A file up to this size is validated in the request (a few hundred milliseconds); a larger one by a Celery job,
# whose progress the overlay polls (with CELERY_TASK_ALWAYS_EAGER, as `make run`, the job runs in the request too).
SYNC_MAX_BYTES = 1024 * 1024
# productUpload's productList: a quick order pad or a pasted block, not a file (a file goes through the REST edge).
MAX_ROWS_PER_CALL = 10_000
PURGE_ON_UPLOAD = 20
GUEST_ROW_UPLOADS_PER_HOUR = 120
# The private storage folder of the uploads: <folder>/<upload key>/upload.csv, errors.csv, stock-errors.csv.
STORAGE_FOLDER = "bulk-uploads"


@dataclass(frozen=True)
class UploadOptions:
    """business §7 productUpload / productAnonUpload payload, besides the rows."""

    channel_id: int | None = None  # productUpload only (business §6)
    currency_code: str = ""
    is_to_cart: bool = False
    with_modifiers: bool = False


def claim_stale_after() -> datetime.timedelta:
    """A run that has not reported progress for this long is taken to have died (settings.JOB_STALE_SECONDS)."""
    return datetime.timedelta(seconds=settings.JOB_STALE_SECONDS)


class ClaimLost(Exception):
    """Another run took the upload over (this one was taken for dead): stop without writing."""


def _options_checked(*, actor: PortalActor, options: UploadOptions, company_call: bool) -> UploadOptions:
    permissions.upload_check(actor, company_call=company_call, is_to_cart=options.is_to_cart)
    channel_id = None
    if company_call:
        if options.channel_id is None:
            raise ValidationError({"channelId": [ValidationError("Send the channel id.", code="required")]})
        channel_id = channel_get(channel_id=options.channel_id).channel_id
    currency_code = (options.currency_code or "").strip().upper()
    if currency_code:
        currency_code = calculation.store_pricing(currency_code=currency_code).currency.code
    return UploadOptions(
        channel_id=channel_id,
        currency_code=currency_code,
        is_to_cart=options.is_to_cart,
        with_modifiers=options.with_modifiers,
    )


def _upload_new(*, actor: PortalActor, options: UploadOptions, company_call: bool, **fields) -> BulkUpload:
    return BulkUpload.objects.create(
        user=actor.user,
        company=actor.b2b_company if company_call else None,
        channel_id=options.channel_id,
        currency_code=options.currency_code,
        is_to_cart=options.is_to_cart,
        with_modifiers=options.with_modifiers,
        **fields,
    )


def product_upload_file(
    *, actor: PortalActor, upload: UploadedFile, options: UploadOptions, company_call: bool
) -> BulkUpload | None:
    """A CSV file from the bulk upload dialog (business §4 bulk upload steps). Checks the caller and the file (business
    §5: type, size), does nothing for a file without data rows (None), validates a small file at once and gives a
    large one to a Celery job. The answer's status says which: done, or pending (poll it); a file refused as a whole
    (more columns than the header) raises its ValidationError and keeps nothing."""
    options = _options_checked(actor=actor, options=options, company_call=company_call)
    name = files.upload_file_checked(upload)
    if not files.has_data_rows(upload):
        return None
    bulk_uploads_purge(limit=PURGE_ON_UPLOAD)
    bulk_upload = _upload_new(
        actor=actor, options=options, company_call=company_call, file_name=name, file_size=upload.size or 0
    )
    if (upload.size or 0) <= SYNC_MAX_BYTES:
        upload.seek(0)
        product_upload_run(upload_id=bulk_upload.pk, source=upload)
        bulk_upload.refresh_from_db()
        _refused_as_a_whole(bulk_upload)
        return bulk_upload
    upload.seek(0)
    bulk_upload.source.save(f"{STORAGE_FOLDER}/{bulk_upload.key}/upload.csv", upload, save=True)
    from pricing import tasks

    transaction.on_commit(lambda: tasks.product_upload_validate.delay(bulk_upload.pk))
    bulk_upload.refresh_from_db()  # validated already when the job ran eagerly
    return bulk_upload


def product_upload_rows(
    *,
    actor: PortalActor,
    rows: Sequence[tuple[str, str]],
    options: UploadOptions,
    company_call: bool,
    client_ip: str | None = None,
) -> BulkUpload | None:
    """business §7 productUpload / productAnonUpload with a productList: the same rules as a file's rows, at once.
    None for an empty list (nothing to do, nothing kept). A guest's calls are limited per IP address and hour
    (TOO_MANY_REQUESTS): each keeps files for a day."""
    options = _options_checked(actor=actor, options=options, company_call=company_call)
    if len(rows) > MAX_ROWS_PER_CALL:
        message = f"Send at most {MAX_ROWS_PER_CALL:,} rows at a time, or upload them as a file."
        raise ValidationError({"productList": [ValidationError(message, code="too_many")]})
    if not rows:
        return None
    guest_calls = (
        ratelimit.record("bulk-upload-rows-ip", client_ip, window_seconds=3600)
        if actor.user is None and client_ip is not None
        else 0
    )
    if guest_calls > GUEST_ROW_UPLOADS_PER_HOUR:
        raise Refused(ErrorCode.TOO_MANY_REQUESTS.label, code=ErrorCode.TOO_MANY_REQUESTS)
    bulk_uploads_purge(limit=PURGE_ON_UPLOAD)
    bulk_upload = _upload_new(actor=actor, options=options, company_call=company_call)
    product_upload_run(upload_id=bulk_upload.pk, rows=rows)
    bulk_upload.refresh_from_db()
    return bulk_upload


def _refused_as_a_whole(bulk_upload: BulkUpload) -> None:
    """A file the request validated and refused as a whole: nothing is kept, the refusal is raised."""
    if bulk_upload.status != UploadStatus.FAILED:
        return
    code, message = bulk_upload.failure_code, bulk_upload.failure_message
    _delete_files(bulk_upload)
    bulk_upload.delete()
    raise ValidationError(message, code=code)


# --- the run: claimed, validated, stored -------------------------------------------------------------------------


def _claim(upload_id: int) -> str | None:
    """Take a pending upload for this run with one conditional UPDATE. Returns the claim's token; None when another
    run has it, it is done, or it was interrupted. A run whose worker died is not taken over but marked interrupted
    (bulk_uploads_interrupt_stale): the same file would most likely stop the next worker too (issue 36 item 1)."""
    token = uuid.uuid4().hex
    claimed = BulkUpload.objects.filter(pk=upload_id, status=UploadStatus.PENDING).update(
        status=UploadStatus.RUNNING, claim_token=token, heartbeat_at=timezone.now(), progress=0
    )
    if not claimed:
        # A task delivered again after its worker was lost: if that run is dead, say so now. If it reported
        # recently (the broker gave the task back sooner than the stale limit), the next poll or the periodic sweep
        # marks it interrupted once it is stale, so that it never stays "running".
        bulk_uploads_interrupt_stale(upload_id=upload_id)
    return token if claimed else None


def bulk_upload_is_stale(upload: BulkUpload, *, now: datetime.datetime | None = None) -> bool:
    """Whether a run validates the upload but its worker stopped reporting for longer than claim_stale_after()."""
    if upload.status != UploadStatus.RUNNING or upload.heartbeat_at is None:
        return False
    return upload.heartbeat_at < (now or timezone.now()) - claim_stale_after()


def bulk_upload_checked_alive(upload: BulkUpload) -> BulkUpload:
    """The upload as a poll answers it (issue 36 item 1): a run whose worker died is marked interrupted at once, not
    left "running" until the broker gives the task back. No query while the run reports."""
    if bulk_upload_is_stale(upload):
        bulk_uploads_interrupt_stale(upload_id=upload.pk)
        upload.refresh_from_db()
    return upload


def bulk_uploads_interrupt_stale(*, upload_id: int | None = None, now: datetime.datetime | None = None) -> int:
    """Fail the running uploads whose worker stopped reporting (a worker killed mid-file; issue 36 item 1) with
    BULK_UPLOAD_INTERRUPTED, "The check was interrupted — upload again.": one conditional UPDATE, which also takes the
    claim away, so that a worker still alive after all loses at its next report (ClaimLost) and writes nothing. Their
    stored files are deleted: the user uploads the file again. `upload_id`: that upload only. Returns how many."""
    cutoff = (now or timezone.now()) - claim_stale_after()
    stale = BulkUpload.objects.filter(status=UploadStatus.RUNNING, heartbeat_at__lt=cutoff)
    if upload_id is not None:
        stale = stale.filter(pk=upload_id)
    interrupted = 0
    for upload in stale.only("pk", "source"):
        code = BulkOrderErrorCode.INTERRUPTED
        kept = BulkUpload.objects.filter(pk=upload.pk, status=UploadStatus.RUNNING, heartbeat_at__lt=cutoff).update(
            status=UploadStatus.FAILED,
            claim_token="",
            failure_code=code.value,
            failure_message=code.label,
            finished_at=timezone.now(),
            source="",
        )
        if kept:
            logger.warning("Bulk upload %s interrupted: its worker stopped reporting", upload.pk)
            _delete_stored(upload.source)
            interrupted += 1
    return interrupted


class _Progress:
    """Reports the share of the file validated (a percent, at most 99 until the result is stored), which is also the
    claim's heartbeat (at least every quarter of the stale limit, even while the percent stays); raises ClaimLost when
    the claim is no longer this run's."""

    def __init__(self, upload: BulkUpload, token: str):
        self.upload_id, self.token, self.size = upload.pk, token, max(upload.file_size, 1)
        self.reported = 0
        self.beat_every = claim_stale_after().total_seconds() / 4
        self.beaten = time.monotonic()

    def __call__(self, bytes_read: int) -> None:
        percent = min(99, bytes_read * 100 // self.size)
        if percent <= self.reported and time.monotonic() - self.beaten < self.beat_every:
            return
        self.beat(max(percent, self.reported))

    def beat(self, percent: int | None = None) -> None:
        percent = self.reported if percent is None else percent
        self.reported, self.beaten = percent, time.monotonic()
        kept = BulkUpload.objects.filter(pk=self.upload_id, claim_token=self.token).update(
            progress=percent, heartbeat_at=timezone.now()
        )
        if not kept:
            raise ClaimLost


def product_upload_run(
    *, upload_id: int, source: files.ByteStream | None = None, rows: Sequence[tuple[str, str]] | None = None
) -> bool:
    """Validate an upload: the request's file or rows (`source` / `rows`), else its stored file (the Celery job).
    Idempotent: only the run that claims the upload validates it; a second delivery of the job does nothing.
    Returns whether this run finished it (done, or failed as a whole with its refusal stored)."""
    token = _claim(upload_id)
    if token is None:
        return False
    upload = BulkUpload.objects.get(pk=upload_id)
    with tempfile.TemporaryFile() as error_file, tempfile.TemporaryFile() as stock_file:
        error_out = io.TextIOWrapper(error_file, encoding="utf-8", newline="")
        stock_out = io.TextIOWrapper(stock_file, encoding="utf-8", newline="")
        try:
            error_out.write(files.RESULT_FILE_HEADER)
            stock_out.write(files.RESULT_FILE_HEADER)
            progress = _Progress(upload, token)
            result = _validate(
                upload, progress=progress, source=source, rows=rows, error_out=error_out, stock_out=stock_out
            )
            if source is None and rows is None:
                progress.beat()  # the job's last report before storing: a run taken for dead stops here
        except ClaimLost:
            return False
        except ValidationError as exc:
            return _fail(upload, token=token, error=exc)
        except Exception:
            # A fault of ours or of the storage: the claim is given back, so that a retry (or the next run) can work.
            BulkUpload.objects.filter(pk=upload_id, claim_token=token).update(
                status=UploadStatus.PENDING, claim_token="", heartbeat_at=None
            )
            raise
        finally:
            # The binary files stay open for storing; the text layers over them are let go.
            for text_layer in (error_out, stock_out):
                text_layer.flush()
                text_layer.detach()
        return _finish(upload, token=token, result=result, error_file=error_file, stock_file=stock_file)


class _StreamFlags(TypedDict):
    with_modifiers: bool
    is_to_cart: bool


def _validate(
    upload: BulkUpload, *, progress: _Progress, source, rows, error_out, stock_out
) -> validation.UploadResult:
    options: _StreamFlags = {"with_modifiers": upload.with_modifiers, "is_to_cart": upload.is_to_cart}
    if rows is not None:
        return validation.validate_stream(None, rows=iter(rows), error_out=error_out, stock_out=stock_out, **options)
    if source is not None:
        return validation.validate_stream(
            source, error_out=error_out, stock_out=stock_out, progress=progress, **options
        )
    with upload.source.open("rb") as stored:
        return validation.validate_stream(
            stored, error_out=error_out, stock_out=stock_out, progress=progress, **options
        )


def _fail(upload: BulkUpload, *, token: str, error: ValidationError) -> bool:
    code = str(getattr(error, "code", "") or "")
    message = error.messages[0] if error.messages else ""
    kept = BulkUpload.objects.filter(pk=upload.pk, claim_token=token).update(
        status=UploadStatus.FAILED, failure_code=code[:40], failure_message=message[:255], finished_at=timezone.now()
    )
    if kept:
        _delete_stored(upload.source)
        BulkUpload.objects.filter(pk=upload.pk).update(source="")
    return bool(kept)


def _finish(upload: BulkUpload, *, token: str, result: validation.UploadResult, error_file, stock_file) -> bool:
    storage = upload.error_file.storage
    error_name = stock_name = ""
    if result.error_count:
        error_file.seek(0)
        error_name = storage.save(f"{STORAGE_FOLDER}/{upload.key}/errors.csv", File(error_file))
    if result.stock_error_skus:
        stock_file.seek(0)
        stock_name = storage.save(f"{STORAGE_FOLDER}/{upload.key}/stock-errors.csv", File(stock_file))
    kept = BulkUpload.objects.filter(pk=upload.pk, claim_token=token).update(
        status=UploadStatus.DONE,
        progress=100,
        finished_at=timezone.now(),
        row_count=result.row_count,
        valid_count=len(result.valid_product),
        error_count=result.error_count,
        result=result.as_json(),
        error_file=error_name,
        stock_error_file=stock_name,
        source="",
    )
    if not kept:  # taken over meanwhile: the other run's result stands
        for name in (error_name, stock_name):
            if name:
                storage.delete(name)
        return False
    _delete_stored(upload.source)
    return True


# --- expiry ------------------------------------------------------------------------------------------------------


def _delete_stored(field_file) -> None:
    if field_file and field_file.name:
        try:
            field_file.storage.delete(field_file.name)
        except OSError:
            logger.warning("Could not delete %s", field_file.name, exc_info=True)


def _delete_files(upload: BulkUpload) -> None:
    for field_file in (upload.source, upload.error_file, upload.stock_error_file):
        _delete_stored(field_file)


def bulk_uploads_purge(*, limit: int | None = None) -> int:
    """Delete uploads older than UPLOAD_RETENTION with their files (at most `limit`, oldest first). Returns how many."""
    cutoff = timezone.now() - UPLOAD_RETENTION
    expired = list(BulkUpload.objects.filter(created_at__lt=cutoff).order_by("pk")[:limit])
    for upload in expired:
        _delete_files(upload)
    BulkUpload.objects.filter(pk__in=[upload.pk for upload in expired]).delete()
    return len(expired)
