"""The CSV export of invoices (`invoicesExport`, issue 20): the caller's invoices as the list filters them (or the
ones they chose), in the caller's language, written by a Celery task into a private file that only they download.

Cells a spreadsheet would run as a formula are neutralised as in the bulk upload's result files; dates are ISO
(2025-06-30) and amounts plain decimals (1234.50), which every spreadsheet reads whatever its locale."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import logging
import secrets
import tempfile
import time
import uuid
from typing import Any

from django.conf import settings
from django.core.files import File
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from accounts.selectors import Actor
from invoices import permissions
from invoices.models import ApiInvoice, ExportStatus, Invoice, InvoiceExport, InvoiceStatus
from invoices.selectors import (
    InvoiceFilters,
    filters_checked,
    invoice_access_check,
    invoice_scope,
    invoice_units,
    invoices_filtered,
    units_filter,
    with_api_fields,
)
from pricing.bulk_upload.files import csv_line

# The columns, in English as gettext's message ids; the file carries them in the requester's language.
COLUMNS = (
    gettext_noop("Invoice number"),
    gettext_noop("Order number"),
    gettext_noop("PO number"),
    gettext_noop("Grant or cost centre"),
    gettext_noop("Invoice date"),
    gettext_noop("Due date"),
    gettext_noop("Status"),
    gettext_noop("Currency"),
    gettext_noop("Invoice total"),
    gettext_noop("Amount paid"),
    gettext_noop("Open balance"),
    gettext_noop("Ordered by"),
    gettext_noop("Tracking numbers"),
    gettext_noop("External id"),
)
STATUS_TEXTS = {
    InvoiceStatus.OPEN: gettext_noop("Open"),
    InvoiceStatus.PARTIALLY_PAID: gettext_noop("Partially paid"),
    InvoiceStatus.PAID: gettext_noop("Paid"),
    InvoiceStatus.OVERDUE: gettext_noop("Overdue"),
}
_DATE_FIELDS = ("date_from", "date_to", "due_date_from", "due_date_to")


def export_language(lang: str | None) -> str:
    """shell §4: regional variants are cut to the base language ("de-CH" → "de"); a language the portal does not
    have (shell §5: en, zh, fr, nl, de, it, es) falls back to English."""
    base = (lang or "").strip().replace("_", "-").split("-")[0].lower()
    return base if base in dict(settings.LANGUAGES) else "en"


def _filters_json(filters: InvoiceFilters, scope: int, units: tuple[int, ...]) -> dict:
    data = dataclasses.asdict(filters)
    for name in _DATE_FIELDS:
        data[name] = data[name].isoformat() if data[name] else None
    data["ids"] = list(filters.ids)
    data["scope"] = scope
    data["units"] = list(units)
    return data


def _filters_from(data: dict) -> InvoiceFilters:
    values: dict[str, Any] = {f.name: data.get(f.name) for f in dataclasses.fields(InvoiceFilters)}
    for name in _DATE_FIELDS:
        values[name] = datetime.date.fromisoformat(values[name]) if values[name] else None
    values["ids"] = tuple(values["ids"] or ())
    values["search"] = values["search"] or ""
    values["order_by"] = values["order_by"] or ""
    return InvoiceFilters(**values)


def invoice_export_create(*, actor: Actor, filters: InvoiceFilters, lang: str | None = None) -> InvoiceExport:
    """Ask for the CSV of the caller's invoices (export_invoices: level 2 the company's and those of the units below
    it the caller reaches — or of the one unit `filters.company_id` names — level 1 those of the orders they placed)
    that match `filters` — with `ids`, those of them only (export selected); sorted by `orderBy`, newest number first
    without one. The file is written by a Celery task once the request's transaction commits (at once
    where Celery runs eagerly). PermissionDenied without export_invoices; ValidationError for a filter out of range."""
    invoice_access_check(actor, permissions.EXPORT_INVOICES)
    filters_checked(filters, order_by_required=False)
    scope = permissions.invoice_scope_level(actor, permissions.EXPORT_INVOICES)
    company, user = actor.b2b_company, actor.user
    reach = invoice_scope(actor, permissions.EXPORT_INVOICES)
    assert company is not None and user is not None and reach is not None  # a company's user, let through
    export = InvoiceExport.objects.create(
        key=secrets.token_urlsafe(32),
        company=company,
        requested_by=user,
        language=export_language(lang),
        filters=_filters_json(filters, scope, invoice_units(actor, reach, filters)),
    )
    from invoices.tasks import invoices_export_write

    transaction.on_commit(lambda: invoices_export_write.delay(export.pk))
    return export


def export_invoices(export: InvoiceExport):
    """The invoices an export holds: the requester's scope when it was asked for — the units it reached then (issue 40;
    an export asked for before the tree: its company) — filtered and sorted."""
    units = [int(pk) for pk in export.filters["units"]] if "units" in export.filters else [export.company_id]
    invoices = Invoice.objects.filter(units_filter(units))
    if int(export.filters.get("scope") or 0) < permissions.COMPANY:
        invoices = invoices.filter(customer_id=export.requested_by_id)
    invoices = with_api_fields(invoices).select_related("order", "customer")
    return invoices_filtered(invoices, _filters_from(export.filters))


def _row(invoice: ApiInvoice) -> list[str]:
    paid = invoice.original_balance - invoice.open_balance
    customer = invoice.customer
    tracking = " ".join(
        str(item.get("number") or "").strip()
        for item in invoice.tracking_numbers or []
        if isinstance(item, dict) and str(item.get("number") or "").strip()
    )
    return [
        invoice.number,
        str(invoice.order.number) if invoice.order is not None else "",  # selected with the invoice
        invoice.purchase_order_number,
        invoice.cost_centre,
        invoice.issued_on.isoformat(),
        invoice.due_date.isoformat(),
        gettext(STATUS_TEXTS[InvoiceStatus(invoice.api_status)]),
        invoice.currency_code,
        f"{invoice.original_balance:.2f}",
        f"{paid:.2f}",
        f"{invoice.open_balance:.2f}",
        (customer.get_full_name() or customer.email) if customer else "",
        tracking,
        invoice.external_id,
    ]


logger = logging.getLogger("invoices")


class ExportClaimLost(Exception):
    """The export was marked interrupted while this run wrote it (taken for dead): stop without writing."""


def _stale_after() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.JOB_STALE_SECONDS)


class _Heartbeat:
    """The claim's heartbeat, at least every quarter of the stale limit while rows are written; raises
    ExportClaimLost when the claim is no longer this run's."""

    def __init__(self, export_id: int, token: str):
        self.export_id, self.token = export_id, token
        self.every = _stale_after().total_seconds() / 4
        self.beaten = time.monotonic()

    def __call__(self, *, now: bool = False) -> None:
        if not now and time.monotonic() - self.beaten < self.every:
            return
        self.beaten = time.monotonic()
        if not InvoiceExport.objects.filter(pk=self.export_id, claim_token=self.token).update(
            heartbeat_at=timezone.now()
        ):
            raise ExportClaimLost


def invoice_export_write(*, export_id: int) -> InvoiceExport | None:
    """Write the export's CSV file (UTF-8 with a byte order mark, so that Excel reads it as such). Idempotent: only
    the run that claims the pending export writes it; a task delivered again finds it written, being written, or
    interrupted, and does nothing. A worker that dies mid-file leaves a claim that stops beating: the export is then
    marked interrupted (invoice_exports_interrupt_stale), not written again."""
    token = uuid.uuid4().hex
    claimed = InvoiceExport.objects.filter(pk=export_id, status=ExportStatus.PENDING).update(
        status=ExportStatus.RUNNING, claim_token=token, heartbeat_at=timezone.now()
    )
    if not claimed:
        invoice_exports_interrupt_stale(export_id=export_id)  # a dead run's task, delivered again
        return InvoiceExport.objects.filter(pk=export_id).first()
    export = InvoiceExport.objects.get(pk=export_id)
    heartbeat = _Heartbeat(export_id, token)
    count = 0
    try:
        with tempfile.TemporaryFile(mode="w+b") as handle, translation.override(export.language):
            handle.write(("\ufeff" + csv_line(*(gettext(column) for column in COLUMNS))).encode("utf-8"))
            for invoice in export_invoices(export).iterator(chunk_size=500):
                handle.write(csv_line(*_row(invoice)).encode("utf-8"))
                count += 1
                heartbeat()
            heartbeat(now=True)  # the last report before storing: a run taken for dead stops here
            handle.seek(0)
            name = export.file.storage.save(
                export.file.field.generate_filename(export, f"{export.key}.csv"), File(handle)
            )
    except ExportClaimLost:
        return InvoiceExport.objects.get(pk=export_id)
    except Exception:
        # A fault of ours or of the storage: the claim is given back, so that the task's retry can write it.
        InvoiceExport.objects.filter(pk=export_id, claim_token=token).update(
            status=ExportStatus.PENDING, claim_token="", heartbeat_at=None
        )
        raise
    kept = InvoiceExport.objects.filter(pk=export_id, claim_token=token).update(
        status=ExportStatus.READY, file=name, row_count=count, finished_at=timezone.now(), claim_token=""
    )
    if not kept:  # marked interrupted meanwhile: its user was told to export again
        with contextlib.suppress(OSError):
            export.file.storage.delete(name)
    return InvoiceExport.objects.get(pk=export_id)


def invoice_export_is_stale(export: InvoiceExport, *, now: datetime.datetime | None = None) -> bool:
    """Whether a run writes the export but its worker stopped reporting for longer than JOB_STALE_SECONDS."""
    if export.status != ExportStatus.RUNNING or export.heartbeat_at is None:
        return False
    return export.heartbeat_at < (now or timezone.now()) - _stale_after()


def invoice_export_checked_alive(export: InvoiceExport) -> InvoiceExport:
    """The export as its download link answers it: a run whose worker died is marked interrupted at once (no query
    while the run reports)."""
    if invoice_export_is_stale(export):
        invoice_exports_interrupt_stale(export_id=export.pk)
        export.refresh_from_db()
    return export


def invoice_exports_interrupt_stale(*, export_id: int | None = None, now: datetime.datetime | None = None) -> int:
    """Fail the exports being written whose worker stopped reporting (issue 36 item 1): their download link answers
    INVOICE_EXPORT_INTERRUPTED, "The export was interrupted — export again.", at once rather than "not ready" until
    the broker gives the task back. One conditional UPDATE, which takes the claim away, so that a worker still alive
    after all writes nothing. `export_id`: that export only. Returns how many."""
    cutoff = (now or timezone.now()) - _stale_after()
    stale = InvoiceExport.objects.filter(status=ExportStatus.RUNNING, heartbeat_at__lt=cutoff)
    if export_id is not None:
        stale = stale.filter(pk=export_id)
    interrupted = stale.update(status=ExportStatus.FAILED, claim_token="", finished_at=timezone.now())
    if interrupted:
        logger.warning("%d invoice export(s) interrupted: their worker stopped reporting", interrupted)
    return interrupted


def export_file_name(export: InvoiceExport) -> str:
    return f"invoices-{timezone.localtime(export.created_at):%Y-%m-%d}.csv"


# An export is a moment's snapshot for its requester: the file and its row are kept a day, then deleted.
EXPORT_RETENTION = datetime.timedelta(days=1)


def invoice_exports_purge(*, limit: int | None = None) -> int:
    """Delete exports older than EXPORT_RETENTION with their files (at most `limit`, oldest first). Returns how many."""
    cutoff = timezone.now() - EXPORT_RETENTION
    expired = list(InvoiceExport.objects.filter(created_at__lt=cutoff).order_by("pk")[:limit])
    for export in expired:
        if export.file:
            with contextlib.suppress(OSError):  # already gone: the row goes all the same
                export.file.delete(save=False)
    InvoiceExport.objects.filter(pk__in=[export.pk for export in expired]).delete()
    return len(expired)
