"""The CSV export of invoices (`invoicesExport`, issue 20): the caller's invoices as the list filters them (or the
ones they chose), in the caller's language, written by a Celery task into a private file that only they download.

Cells a spreadsheet would run as a formula are neutralised as in the bulk upload's result files; dates are ISO
(2025-06-30) and amounts plain decimals (1234.50), which every spreadsheet reads whatever its locale."""

from __future__ import annotations

import contextlib
import dataclasses
import datetime
import secrets
import tempfile

from django.conf import settings
from django.core.files import File
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_noop

from accounts.selectors import Actor
from invoices import permissions
from invoices.models import ExportStatus, Invoice, InvoiceExport, InvoiceStatus
from invoices.selectors import (
    InvoiceFilters,
    filters_checked,
    invoice_access_check,
    invoices_filtered,
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


def _filters_json(filters: InvoiceFilters, scope: int) -> dict:
    data = dataclasses.asdict(filters)
    for name in _DATE_FIELDS:
        data[name] = data[name].isoformat() if data[name] else None
    data["ids"] = list(filters.ids)
    data["scope"] = scope
    return data


def _filters_from(data: dict) -> InvoiceFilters:
    values = {f.name: data.get(f.name) for f in dataclasses.fields(InvoiceFilters)}
    for name in _DATE_FIELDS:
        values[name] = datetime.date.fromisoformat(values[name]) if values[name] else None
    values["ids"] = tuple(values["ids"] or ())
    values["search"] = values["search"] or ""
    values["order_by"] = values["order_by"] or ""
    return InvoiceFilters(**values)


def invoice_export_create(*, actor: Actor, filters: InvoiceFilters, lang: str | None = None) -> InvoiceExport:
    """Ask for the CSV of the caller's invoices (export_invoices: level 2 the company's, level 1 those of the orders
    they placed) that match `filters` — with `ids`, those of them only (export selected); sorted by `orderBy`, newest
    number first without one. The file is written by a Celery task once the request's transaction commits (at once
    where Celery runs eagerly). PermissionDenied without export_invoices; ValidationError for a filter out of range."""
    invoice_access_check(actor, permissions.EXPORT_INVOICES)
    filters_checked(filters, order_by_required=False)
    scope = permissions.invoice_scope_level(actor, permissions.EXPORT_INVOICES)
    export = InvoiceExport.objects.create(
        key=secrets.token_urlsafe(32),
        company=actor.b2b_company,
        requested_by=actor.user,
        language=export_language(lang),
        filters=_filters_json(filters, scope),
    )
    from invoices.tasks import invoices_export_write

    transaction.on_commit(lambda: invoices_export_write.delay(export.pk))
    return export


def export_invoices(export: InvoiceExport):
    """The invoices an export holds: the requester's scope when it was asked for, filtered and sorted."""
    invoices = Invoice.objects.filter(company_id=export.company_id)
    if int(export.filters.get("scope") or 0) < permissions.COMPANY:
        invoices = invoices.filter(customer_id=export.requested_by_id)
    invoices = with_api_fields(invoices).select_related("order", "customer")
    return invoices_filtered(invoices, _filters_from(export.filters))


def _row(invoice: Invoice) -> list[str]:
    paid = invoice.original_balance - invoice.open_balance
    customer = invoice.customer
    tracking = " ".join(
        str(item.get("number") or "").strip()
        for item in invoice.tracking_numbers or []
        if isinstance(item, dict) and str(item.get("number") or "").strip()
    )
    return [
        invoice.number,
        str(invoice.order.number) if invoice.order_id else "",
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


def invoice_export_write(*, export_id: int) -> InvoiceExport | None:
    """Write the export's CSV file (UTF-8 with a byte order mark, so that Excel reads it as such), unless it is
    written already. Idempotent: a retried task finds the file and stops."""
    export = InvoiceExport.objects.filter(pk=export_id).first()
    if export is None or export.status == ExportStatus.READY:
        return export
    count = 0
    with tempfile.TemporaryFile(mode="w+b") as handle, translation.override(export.language):
        handle.write(("\ufeff" + csv_line(*(gettext(column) for column in COLUMNS))).encode("utf-8"))
        for invoice in export_invoices(export).iterator(chunk_size=500):
            handle.write(csv_line(*_row(invoice)).encode("utf-8"))
            count += 1
        handle.seek(0)
        export.file.save(f"{export.key}.csv", File(handle), save=False)
    export.status = ExportStatus.READY
    export.row_count = count
    export.finished_at = timezone.now()
    export.save(update_fields=["file", "status", "row_count", "finished_at"])
    return export


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
