"""The invoices' REST edges and files (issue 20): the older list `GET /api/invoice` (business §3 "Invoice row"), the
PDF download (signed link or bearer token, `invoice-{number}.pdf`, WeasyPrint when none is stored, 'pdf url
resolution error' when an ERP invoice has none), and `invoicesExport` with its CSV file: the permission matrix, the
content, formula cells neutralised, the caller's language."""

from __future__ import annotations

import calendar
import csv
import datetime
import io
import json

import pytest
from django.core.files.base import ContentFile
from django.test import Client
from django.utils import timezone

from invoices.models import Invoice, InvoiceExport
from invoices.tasks import invoice_exports_purge
from tests.factories.invoices import InvoiceFactory
from tests.helpers import error_code, pdf_text, rest_refusal
from tests.invoices.conftest import CALLERS, company, days, user
from tests.invoices.test_invoices_read import REACH

pytestmark = pytest.mark.django_db

EXPORT = """mutation($filter: InvoiceExportFilter, $lang: String) {
  invoicesExport(filterData: $filter, lang: $lang) { url fileName ready rowCount } }"""
PDF = "query($id: Int!) { invoicePdf(invoiceId: $id) { url fileName } }"


def _get(client: Client, url: str, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.get(url, **headers)


def _path(url: str) -> str:
    return url.split("://", 1)[1].split("/", 1)[1].join(["/", ""])


def _epoch(day) -> int:
    return calendar.timegm(day.timetuple())


# --- GET /api/invoice ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_the_older_list_gives_each_caller_the_rows_of_their_scope(invoices, client, sign_in, caller):
    token = sign_in(caller)
    reach = REACH[caller]

    response = _get(client, "/api/invoice", token)

    if not isinstance(reach, list):
        status = 401 if reach == 40101 else 403
        assert rest_refusal(response, status)["extensions"]["code"] == reach
        return
    body = response.json()
    assert (body["code"], body["message"]) == (200, "SUCCESS")
    assert sorted(row["InvoiceNo"] for row in body["data"]["list"]) == sorted(invoices[n].number for n in reach)
    assert body["data"]["totalCount"] == len(reach) and body["data"]["truncated"] is False


def test_an_older_list_row_has_the_fields_of_business_3(invoices, client, sign_in):
    body = _get(client, "/api/invoice", sign_in("admin")).json()

    rows = {row["InvoiceNo"]: row for row in body["data"]["list"]}
    assert [row["InvoiceNo"] for row in body["data"]["list"]] == ["SO-9001", "INV-200003", "INV-200002", "INV-200001"]
    invoice = invoices["senior_overdue"]
    row = rows["INV-200002"]
    assert row == {
        "id": invoice.pk,
        "InvoiceNo": "INV-200002",
        "WebOrderId": str(invoice.order.number),
        "InvoiceDate": _epoch(days(-45)),
        "InvoiceDueDate": _epoch(days(-15)),
        "InvoiceTotal": {"value": "500.00", "code": "USD"},
        "openBalance": {"value": "300.00", "code": "USD"},
        "openBalanceAmount": 300.0,
        "status": 1,
        "isOverdue": True,
        "PDF": {"url": row["PDF"]["url"]},
        "TrackingNumbers": [],
        "currencyCode": "USD",
        "purchaseOrderNumber": "PO-ACME-2",
        "costCentre": "",
        "canViewOrder": True,
    }
    assert f"/api/v2/invoices/{invoice.pk}/pdf?token=" in row["PDF"]["url"]
    assert rows["INV-200003"]["status"] == 2
    assert rows["SO-9001"]["PDF"] == {"url": None} and rows["SO-9001"]["WebOrderId"] == ""
    ups, local = rows["INV-200001"]["TrackingNumbers"]
    assert (ups["number"], ups["courierName"], "1Z999AA10123456784" in ups["trackingUrl"]) == (
        "1Z999AA10123456784",
        "UPS",
        True,
    )
    assert local == {"number": "LOCAL-7", "carrier": "Courier", "courierName": "Courier", "trackingUrl": None}


def test_the_older_list_takes_the_same_queries_for_2_or_20_invoices(
    demo_store, client, sign_in, django_assert_num_queries
):
    acme = company("Acme Labs")
    token = sign_in("admin")
    tracking = [{"number": "1Z999AA10123456784", "carrier": "UPS"}, {"number": "986578788855", "carrier": "FedEx"}]
    for _ in range(2):
        InvoiceFactory(company=acme, tracking_numbers=tracking[:1], lines=1)
    # The token (with its user, membership, company and the role's grants), the count, the page with its orders.
    with django_assert_num_queries(3):
        small = _get(client, "/api/invoice", token).json()
    for _ in range(18):
        InvoiceFactory(company=acme, tracking_numbers=tracking, lines=3)
    with django_assert_num_queries(3):
        large = _get(client, "/api/invoice", token).json()

    assert (len(small["data"]["list"]), len(large["data"]["list"])) == (2, 20)


# --- the PDF ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", CALLERS)
def test_the_pdf_edge_opens_for_callers_who_may_see_the_invoice(invoices, client, sign_in, caller):
    token = sign_in(caller)
    reach = REACH[caller]
    invoice = invoices["senior_open"]
    invoice.pdf.save("stored.pdf", ContentFile(b"%PDF-1.4 stored"), save=True)

    response = _get(client, f"/api/v2/invoices/{invoice.pk}/pdf", token)

    if not isinstance(reach, list):
        status = 401 if reach == 40101 else 403
        assert rest_refusal(response, status)["extensions"]["code"] == reach
    elif "senior_open" in reach:
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"] == 'inline; filename="invoice-INV-200001.pdf"'
        assert b"".join(response.streaming_content) == b"%PDF-1.4 stored"
    else:
        assert rest_refusal(response, 404)["extensions"]["code"] == "NOT_FOUND"


def test_a_signed_link_opens_the_pdf_without_a_token_and_nothing_else(invoices, client, graphql, sign_in):
    token = sign_in("admin")
    invoice, other = invoices["admin_paid"], invoices["senior_open"]
    url = graphql(PDF, {"id": invoice.pk}, token=token)["data"]["invoicePdf"]["url"]
    signed = _path(url)
    query = signed.split("?", 1)[1]

    attachment = Client().get(f"{signed}&download=1")
    borrowed = Client().get(f"/api/v2/invoices/{other.pk}/pdf?{query}")
    forged = Client().get(f"/api/v2/invoices/{invoice.pk}/pdf?token=forged")

    # No PDF was stored: WeasyPrint rendered it on this first download, and it is kept.
    assert attachment.status_code == 200
    assert attachment["Content-Disposition"] == 'attachment; filename="invoice-INV-200003.pdf"'
    text = pdf_text(b"".join(attachment.streaming_content))
    assert "Invoice INV-200003" in text and "Paid in full" in text and "PO-ACME-3" in text
    invoice.refresh_from_db()
    assert invoice.pdf
    assert rest_refusal(borrowed, 401)["extensions"]["code"] == 40101
    assert rest_refusal(forged, 401)["extensions"]["code"] == 40101


def test_an_invoice_without_a_pdf_says_pdf_url_resolution_error(invoices, client, sign_in):
    token = sign_in("admin")

    response = _get(client, f"/api/v2/invoices/{invoices['acme_erp'].pk}/pdf", token)

    error = rest_refusal(response, 404)
    assert (error["message"], error["extensions"]["code"]) == ("pdf url resolution error", "PDF_URL_RESOLUTION_ERROR")


def test_the_rendered_pdf_shows_the_invoice_its_lines_balance_and_parcels(invoices, client, sign_in):
    invoice = invoices["senior_open"]

    response = _get(client, f"/api/v2/invoices/{invoice.pk}/pdf", sign_in("admin"))

    text = pdf_text(b"".join(response.streaming_content))
    for expected in ("Invoice INV-200001", "PO-ACME-1", "NIH-R01", "Sam Senior", invoice.lines.first().sku,
                     "$106.25", "1Z999AA10123456784", "LOCAL-7", "Helix Scientific"):  # fmt: skip
        assert expected in text, expected


# --- invoicesExport -------------------------------------------------------------------------------------------------


@pytest.fixture
def export(graphql, django_capture_on_commit_callbacks):
    """invoicesExport as a request makes it: the task runs once the request's work commits (eagerly here)."""

    def run(variables: dict, token: str | None) -> dict:
        with django_capture_on_commit_callbacks(execute=True):
            body = graphql(EXPORT, variables, token=token)
        return body

    return run


def _rows(client: Client, url: str) -> list[list[str]]:
    response = client.get(_path(url))
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    content = b"".join(response.streaming_content).decode("utf-8")
    assert content.startswith("\ufeff")
    return list(csv.reader(io.StringIO(content[1:])))


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_exports_only_the_invoices_of_their_scope(invoices, export, sign_in, caller):
    token = sign_in(caller)
    reach = REACH[caller]

    body = export({}, token)

    if not isinstance(reach, list):
        assert error_code(body) == reach
        assert not InvoiceExport.objects.exists()
        return
    answer = body["data"]["invoicesExport"]
    assert InvoiceExport.objects.get().row_count == len(reach)
    rows = _rows(Client(), answer["url"])
    assert sorted(row[0] for row in rows[1:]) == sorted(invoices[name].number for name in reach)


def test_the_export_has_every_column_in_english_by_default(invoices, export, sign_in):
    answer = export({"filter": {"orderBy": "invoiceNumber"}}, sign_in("admin"))["data"]["invoicesExport"]

    rows = _rows(Client(), answer["url"])
    assert rows[0] == [
        "Invoice number", "Order number", "PO number", "Grant or cost centre", "Invoice date", "Due date", "Status",
        "Currency", "Invoice total", "Amount paid", "Open balance", "Ordered by", "Tracking numbers", "External id",
    ]  # fmt: skip
    order_number = str(invoices["senior_open"].order.number)
    assert rows[1] == ["INV-200001", order_number, "PO-ACME-1", "NIH-R01", str(days(-10)), str(days(20)), "Open", "USD",
                       "106.25", "0.00", "106.25", "Sam Senior", "1Z999AA10123456784 LOCAL-7", ""]  # fmt: skip
    assert [row[6] for row in rows[1:]] == ["Open", "Overdue", "Paid", "Open"]
    assert rows[2][9:11] == ["200.00", "300.00"]
    assert answer["fileName"].startswith("invoices-") and answer["fileName"].endswith(".csv")


@pytest.mark.parametrize(
    ("lang", "headings", "overdue"),
    [
        ("de", ("Rechnungsnummer", "Fälligkeitsdatum", "Offener Betrag"), "Überfällig"),
        ("fr-CA", ("Numéro de facture", "Date d'échéance", "Solde dû"), "En retard"),
        ("zh", ("发票编号", "到期日", "未付余额"), "已逾期"),
        ("nl", ("Factuurnummer", "Vervaldatum", "Openstaand saldo"), "Achterstallig"),
        ("it", ("Numero fattura", "Data di scadenza", "Saldo aperto"), "Scaduta"),
        ("es", ("Número de factura", "Fecha de vencimiento", "Saldo pendiente"), "Vencida"),
        ("xx", ("Invoice number", "Due date", "Open balance"), "Overdue"),
    ],
)
def test_the_export_speaks_the_callers_language(invoices, export, sign_in, lang, headings, overdue):
    variables = {"filter": {"status": 3}, "lang": lang}

    answer = export(variables, sign_in("admin"))["data"]["invoicesExport"]

    rows = _rows(Client(), answer["url"])
    assert (rows[0][0], rows[0][5], rows[0][10]) == headings
    assert [row[6] for row in rows[1:]] == [overdue]


def test_formula_cells_are_neutralised(invoices, export, sign_in):
    Invoice.objects.filter(pk=invoices["senior_open"].pk).update(
        purchase_order_number='=HYPERLINK("http://evil.test","x")', cost_centre="+1+1", external_id="@SUM(A1)"
    )

    answer = export({"filter": {"search": "INV-200001"}}, sign_in("admin"))["data"]["invoicesExport"]

    [_, row] = _rows(Client(), answer["url"])
    assert row[2] == '\'=HYPERLINK("http://evil.test","x")'
    assert (row[3], row[13]) == ("'+1+1", "'@SUM(A1)")


def test_the_export_of_chosen_or_filtered_invoices(invoices, export, sign_in):
    token = sign_in("admin")
    chosen = [str(invoices["admin_paid"].pk), str(invoices["globex_open"].pk)]

    selected = export({"filter": {"idIn": chosen}}, token)["data"]["invoicesExport"]
    paid = export({"filter": {"status": 2}}, token)["data"]["invoicesExport"]
    by_due = export({"filter": {"dueDateTo": str(days(-1)), "orderBy": "dueDate"}}, token)

    assert [row[0] for row in _rows(Client(), selected["url"])[1:]] == ["INV-200003"]  # Globex's is not theirs
    assert [row[0] for row in _rows(Client(), paid["url"])[1:]] == ["INV-200003"]
    rows = _rows(Client(), by_due["data"]["invoicesExport"]["url"])
    assert [row[0] for row in rows[1:]] == ["INV-200002", "INV-200003"]
    bad = export({"filter": {"orderBy": "nope"}}, token)
    assert error_code(bad) == "VALIDATION_ERROR" and "orderBy" in bad["errors"][0]["extensions"]["fields"]


def test_only_the_one_who_asked_downloads_the_export_with_their_token(invoices, client, export, sign_in):
    admin, senior, other = sign_in("admin"), sign_in("senior"), sign_in("other_company_admin")
    answer = export({}, admin)["data"]["invoicesExport"]
    made = InvoiceExport.objects.get()
    plain = f"/api/v2/invoices/exports/{made.key}.csv"

    assert _get(client, plain, admin).status_code == 200
    assert rest_refusal(_get(client, plain, senior), 404)["extensions"]["code"] == "NOT_FOUND"
    assert rest_refusal(_get(client, plain, other), 404)["extensions"]["code"] == "NOT_FOUND"
    assert rest_refusal(Client().get(plain), 401)["extensions"]["code"] == 40101
    assert rest_refusal(_get(client, "/api/v2/invoices/exports/nope.csv", admin), 404)["message"] == "Export not found."
    assert _path(answer["url"]).startswith(plain + "?token=")
    assert made.requested_by == user("admin@acme.test") and made.language == "en"


def test_an_export_not_written_yet_says_so(invoices, client, sign_in):
    export = InvoiceExport.objects.create(
        key="k" * 40, company=company("Acme Labs"), requested_by=user("admin@acme.test"), filters={"scope": 2}
    )

    response = _get(client, f"/api/v2/invoices/exports/{export.key}.csv", sign_in("admin"))

    assert rest_refusal(response, 409)["extensions"]["code"] == "INVOICE_EXPORT_NOT_READY"


def test_the_export_task_is_idempotent(invoices, export, sign_in):
    from invoices.services.export import invoice_export_write

    export({}, sign_in("admin"))
    made = InvoiceExport.objects.get()
    name = made.file.name

    assert name and invoice_export_write(export_id=made.pk).file.name == name
    assert json.loads(json.dumps(made.filters))["scope"] == 2


@pytest.mark.django_db(transaction=True)
def test_the_answer_says_the_file_is_ready_when_celery_runs_eagerly(demo_store, graphql, sign_in):
    InvoiceFactory(company=company("Acme Labs"))

    answer = graphql(EXPORT, {}, token=sign_in("admin"))["data"]["invoicesExport"]

    assert (answer["ready"], answer["rowCount"]) == (True, 1)
    assert len(_rows(Client(), answer["url"])) == 2


def test_exports_older_than_a_day_are_purged_with_their_files(invoices, export, sign_in):
    token = sign_in("admin")
    export({}, token)
    export({}, token)
    old, recent = InvoiceExport.objects.order_by("pk")
    InvoiceExport.objects.filter(pk=old.pk).update(created_at=timezone.now() - datetime.timedelta(days=1, minutes=1))
    storage, old_name = old.file.storage, old.file.name
    assert storage.exists(old_name)

    assert invoice_exports_purge.delay().get() == 1

    assert list(InvoiceExport.objects.values_list("pk", flat=True)) == [recent.pk]
    assert not storage.exists(old_name)
    assert recent.file.storage.exists(recent.file.name)
