"""invoicesExport (business §7, issue 20): the CSV of the caller's invoices, written by a Celery task."""

from __future__ import annotations

import datetime
from typing import Annotated

import strawberry

from invoices import permissions, selectors
from invoices.downloads import signed_export_url
from invoices.graphql.types import InvoicesExport
from invoices.models import ExportStatus
from invoices.services.export import export_file_name, invoice_export_create
from portal.graphql.permissions import requires


@strawberry.input(description="What invoicesExport exports: the invoice list's filters, or the chosen invoices.")
class InvoiceExportFilter:
    search: str | None = strawberry.field(default=None, description="As invoices(search), at most 100 characters.")
    status: int | None = strawberry.field(default=None, description="0 open, 1 partially paid, 2 paid, 3 overdue.")
    date_from: datetime.date | None = strawberry.field(default=None, description="Invoice date on or after.")
    date_to: datetime.date | None = strawberry.field(default=None, description="Invoice date on or before.")
    due_date_from: datetime.date | None = strawberry.field(default=None, description="Due on or after.")
    due_date_to: datetime.date | None = strawberry.field(default=None, description="Due on or before.")
    id_in: list[strawberry.ID] | None = strawberry.field(
        default=None, description="Only these invoices (export selected; at most 500)."
    )
    order_by: str | None = strawberry.field(
        default=None, description="As invoices(orderBy); the newest number first when none is given."
    )
    company_id: int | None = strawberry.field(
        default=None, description="As invoices(companyId): one unit's invoices, of the units the caller reaches."
    )


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[requires(permissions.EXPORT_INVOICES)],
        description="business §7: a CSV file of the caller's invoices (export_invoices: level 2 the company's, level "
        "1 those of the orders they placed) that match filterData — all, the filtered or the chosen ones (idIn) — "
        "with its column headings and statuses in `lang` (en, zh, fr, nl, de, it, es; a regional variant is cut to "
        "its language, any other is English). Written by a Celery task; the answer's url is a signed link to it.",
    )
    def invoices_export(
        self,
        info: strawberry.Info,
        filter_data: Annotated[
            InvoiceExportFilter | None, strawberry.argument(description="The filters; none: every invoice.")
        ] = None,
        lang: Annotated[str | None, strawberry.argument(description="The caller's language, e.g. de.")] = None,
    ) -> InvoicesExport:
        data = filter_data or InvoiceExportFilter()
        filters = selectors.InvoiceFilters(
            search=(data.search or "").strip(),
            status=data.status,
            date_from=data.date_from,
            date_to=data.date_to,
            due_date_from=data.due_date_from,
            due_date_to=data.due_date_to,
            ids=selectors.invoice_ids_checked(data.id_in or []),
            order_by=data.order_by or "",
            company_id=data.company_id,
        )
        export = invoice_export_create(actor=info.context.actor, filters=filters, lang=(lang or "")[:20])
        export.refresh_from_db()
        return InvoicesExport(
            url=signed_export_url(info.context.request, export),
            file_name=export_file_name(export),
            ready=export.status == ExportStatus.READY,
            row_count=export.row_count,
        )
