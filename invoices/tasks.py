"""Celery tasks of the invoices app: thin, idempotent, taking ids (ARCHITECTURE §7). Without a broker they run at
once (CELERY_TASK_ALWAYS_EAGER)."""

from celery import shared_task


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def invoice_pdf_render(invoice_id: int) -> None:
    """Render and store the PDF of an issued invoice that has none."""
    from invoices.services.issue import invoice_pdf_ensure

    invoice_pdf_ensure(invoice_id=invoice_id)


@shared_task(autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def invoices_export_write(export_id: int) -> None:
    """Write the CSV file of an invoice export (`invoicesExport`)."""
    from invoices.services.export import invoice_export_write

    invoice_export_write(export_id=export_id)


@shared_task
def invoice_exports_purge() -> int:
    """Periodic (Celery beat, CELERY_BEAT_SCHEDULE "invoice-exports-purge"): delete the exports older than a day with
    their files."""
    from invoices.services.export import invoice_exports_purge as purge

    return purge()


@shared_task
def invoice_exports_interrupt_stale() -> int:
    """Periodic (Celery beat, CELERY_BEAT_SCHEDULE "invoice-exports-interrupt-stale", every minute): the exports whose
    worker died mid-file are marked interrupted even when nobody asks for their file (issue 36 item 1)."""
    from invoices.services.export import invoice_exports_interrupt_stale as interrupt

    return interrupt()
