"""Thin Celery tasks of the bulk upload (ARCHITECTURE §7): they take ids and call the services, which claim the
upload with a conditional UPDATE, so that a retried or duplicated task validates it once."""

from __future__ import annotations

from celery import shared_task

from pricing.bulk_upload import services


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=3)
def product_upload_validate(upload_id: int) -> bool:
    """Validate a large uploaded CSV file (business §7 productUpload): progress on the upload, the result and its files
    stored when done. Returns whether this run did it."""
    return services.product_upload_run(upload_id=upload_id)


@shared_task
def bulk_uploads_purge() -> int:
    """Periodic (Celery beat, CELERY_BEAT_SCHEDULE "bulk-uploads-purge"): delete the uploads older than a day with
    their files."""
    return services.bulk_uploads_purge()


@shared_task
def bulk_uploads_interrupt_stale() -> int:
    """Periodic (Celery beat, CELERY_BEAT_SCHEDULE "bulk-uploads-interrupt-stale", every minute): the uploads whose
    worker died mid-file are marked interrupted even when nobody polls them (issue 36 item 1)."""
    return services.bulk_uploads_interrupt_stale()
