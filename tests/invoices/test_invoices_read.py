"""Invoices in the portal (issue 20), read side: who sees which invoices in `invoices`, `invoice(id)`, `invoicePdf`,
`invoiceStats`, `allReceiptLines` and `receipt(id)`, with nothing leaked; the orderBy rule, filters, search, sorting,
paging; what a node and the detail say (overdue, balances, pending payments, tracking links)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from invoices.models import Invoice
from tests.factories.invoices import InvoiceFactory, pending_payment, receipt_for
from tests.helpers import error_code
from tests.invoices.conftest import CALLERS, company, days, user

pytestmark = pytest.mark.django_db

NODE = """id invoiceNumber externalId customerId customerName orderNumber purchaseOrderNumber costCentre invoiceDate
  dueDate createdAt status statusLabel paymentStatus isOverdue openBalance { code value } originalBalance { code value }
  notAllowedPay pendingPaymentCount hasPdf canViewOrder
  details { subtotal shippingTotal taxTotal costCentre source companyName }
  trackingNumbers { number carrier courierName trackingUrl }"""
LIST = f"""
query Invoices($first: Int, $offset: Int, $search: String, $status: Int, $from: Date, $to: Date, $dueFrom: Date,
               $dueTo: Date, $ids: [ID!], $orderBy: String) {{
  invoices(first: $first, offset: $offset, search: $search, status: $status, dateFrom: $from, dateTo: $to,
           dueDateFrom: $dueFrom, dueDateTo: $dueTo, idIn: $ids, orderBy: $orderBy) {{
    totalCount edges {{ node {{ {NODE} }} }} }} }}
"""
DETAIL = f"""
query Invoice($id: ID!) {{
  invoice(id: $id) {{
    {NODE}
    billTo pdfUrl
    lines {{ id orderLineId sku name quantity unitPrice lineTotal tax }}
    payments {{ id receiptId invoiceId invoiceNumber amount {{ code value }} paymentStatus paymentType transactionType
               referenceNumber payerName createdAt }} }} }}
"""
PDF = "query($id: Int!, $payNow: Boolean) { invoicePdf(invoiceId: $id, isPayNow: $payNow) { url fileName } }"
STATS = """query($status: Int, $places: Int) {
  invoiceStats(status: $status, decimalPlaces: $places) { totalBalance overDueBalance currencyCode invoiceCount
                                                            overdueCount } }"""
RECEIPT_LINES = """query($invoiceId: Int, $first: Int, $offset: Int, $search: String, $orderBy: String) {
  allReceiptLines(invoiceId: $invoiceId, first: $first, offset: $offset, search: $search, orderBy: $orderBy) {
    totalCount edges { node { id receiptId invoiceId invoiceNumber amount { code value } paymentStatus paymentType
                              referenceNumber payerName createdAt } } } }"""
RECEIPT = """query($id: ID!) { receipt(id: $id) {
  id totalCode totalAmount payerName paymentType transactionType referenceNumber createdAt
  lines { invoiceId invoiceNumber amount { code value } paymentStatus } } }"""

ACME = ["senior_open", "senior_overdue", "admin_paid", "acme_erp"]


def _numbers(body: dict) -> list[str]:
    assert "errors" not in body, body
    return [edge["node"]["invoiceNumber"] for edge in body["data"]["invoices"]["edges"]]


def _expected(invoices: dict, names: list[str]) -> list[str]:
    return sorted((invoices[name].number for name in names), reverse=True)


# --- the permission matrix ------------------------------------------------------------------------------------------

# get_invoices / get_invoice_detail / get_invoice_pdf: the same reach (the built-in roles hold all three alike).
REACH = {
    "anonymous": 40101,
    "b2c": "PERMISSION_DENIED",  # invoices are a company's: an individual customer holds no invoice code
    "junior": "PERMISSION_DENIED",  # shell §6: junior buyers hold no "Invoices view"
    "senior": ACME,
    "senior_level_1": ["senior_open", "senior_overdue"],  # the invoices of the orders they placed
    "admin": ACME,
    "other_company_admin": ["globex_open"],
    "pending_company_admin": "PERMISSION_DENIED",  # a pending company's users are individuals meanwhile
    "super_admin_masquerading": ACME,
    "super_admin": "PERMISSION_DENIED",  # role 4: no company, no invoice
}


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_lists_only_the_invoices_of_their_scope(invoices, graphql, sign_in, caller):
    token = sign_in(caller)
    expected = REACH[caller]

    body = graphql(LIST, {"orderBy": "-invoiceNumber", "first": 100}, token=token)

    if isinstance(expected, list):
        assert _numbers(body) == _expected(invoices, expected)
        assert body["data"]["invoices"]["totalCount"] == len(expected)
    else:
        assert body["data"] is None
        assert error_code(body) == expected


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_opens_only_the_invoices_they_may_and_the_rest_does_not_exist(invoices, graphql, sign_in, caller):
    token = sign_in(caller)
    reach = REACH[caller]
    missing = graphql(DETAIL, {"id": "999999"}, token=token)

    if not isinstance(reach, list):
        for invoice in invoices.values():
            body = graphql(DETAIL, {"id": str(invoice.pk)}, token=token)
            assert body["data"] is None and error_code(body) == reach, invoice
        assert error_code(missing) == reach
        return
    assert missing["data"] is None
    assert missing["errors"][0]["message"] == "Invoice not found."
    assert missing["errors"][0]["extensions"] == {"code": "NOT_FOUND"}
    for name, invoice in invoices.items():
        body = graphql(DETAIL, {"id": str(invoice.pk)}, token=token)
        if name in reach:
            assert "errors" not in body, (name, body)
            assert body["data"]["invoice"]["invoiceNumber"] == invoice.number
        else:
            assert body == missing, name  # another company's invoice, a colleague's at level 1: as a missing one
    for garbage in ["", "abc", "-1", "1e3", "9" * 40, f" {invoices['senior_open'].pk}x"]:
        assert graphql(DETAIL, {"id": garbage}, token=token) == missing, garbage


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_gets_pdf_links_of_the_invoices_they_may_see_only(invoices, graphql, sign_in, caller):
    token = sign_in(caller)
    reach = REACH[caller]

    for name, invoice in invoices.items():
        body = graphql(PDF, {"id": invoice.pk}, token=token)
        if not isinstance(reach, list):
            assert error_code(body) == reach
        elif name not in reach:
            assert (body["errors"][0]["message"], error_code(body)) == ("Invoice not found.", "NOT_FOUND")
        elif name == "acme_erp":  # an ERP invoice recorded without its PDF (business §8)
            assert body["data"] is None
            assert body["errors"][0]["message"] == "pdf url resolution error"
            assert error_code(body) == "PDF_URL_RESOLUTION_ERROR"
        else:
            answer = body["data"]["invoicePdf"]
            assert answer["fileName"] == f"invoice-{invoice.number}.pdf"
            assert f"/api/v2/invoices/{invoice.pk}/pdf?token=" in answer["url"]


STATS_REACH = {
    "anonymous": 40101,
    "b2c": "PERMISSION_DENIED",
    "junior": "PERMISSION_DENIED",
    # Acme's unpaid: senior_open 106.25, senior_overdue 300.00 (500 less 200 paid, overdue), acme_erp 1000.00.
    "senior": ("1406.25", "300.00", 3, 1),
    "senior_level_1": ("406.25", "300.00", 2, 1),
    "admin": ("1406.25", "300.00", 3, 1),
    "other_company_admin": ("106.25", "0.00", 1, 0),
    "pending_company_admin": "PERMISSION_DENIED",
    "super_admin_masquerading": ("1406.25", "300.00", 3, 1),
    "super_admin": "PERMISSION_DENIED",
}


@pytest.mark.parametrize("caller", CALLERS)
def test_invoice_stats_add_up_the_open_and_overdue_balances_of_the_callers_invoices(invoices, graphql, sign_in, caller):
    body = graphql(STATS, {}, token=sign_in(caller))

    expected = STATS_REACH[caller]
    if isinstance(expected, tuple):
        stats = body["data"]["invoiceStats"]
        assert (
            stats["totalBalance"],
            stats["overDueBalance"],
            stats["invoiceCount"],
            stats["overdueCount"],
        ) == expected
        assert stats["currencyCode"] == "USD"
    else:
        assert error_code(body) == expected


RECEIPT_REACH = {
    "anonymous": 40101,
    "b2c": "PERMISSION_DENIED",
    "junior": "PERMISSION_DENIED",
    "senior": ["admin_paid", "senior_overdue"],
    # Level 1: the payments of invoices of orders they placed (paid by the admin here), not the admin's own invoice.
    "senior_level_1": ["senior_overdue"],
    "admin": ["admin_paid", "senior_overdue"],
    "other_company_admin": [],
    "pending_company_admin": "PERMISSION_DENIED",
    "super_admin_masquerading": ["admin_paid", "senior_overdue"],
    "super_admin": "PERMISSION_DENIED",
}


@pytest.mark.parametrize("caller", CALLERS)
def test_each_caller_reads_only_the_payments_and_receipts_they_may(invoices, graphql, sign_in, caller):
    token = sign_in(caller)
    reach = RECEIPT_REACH[caller]

    body = graphql(RECEIPT_LINES, {}, token=token)
    receipts = {name: invoices[name].receipt_lines.get().receipt for name in ("admin_paid", "senior_overdue")}

    if not isinstance(reach, list):
        assert error_code(body) == reach
        for receipt in receipts.values():
            assert error_code(graphql(RECEIPT, {"id": str(receipt.pk)}, token=token)) == reach
        return
    lines = [edge["node"] for edge in body["data"]["allReceiptLines"]["edges"]]
    assert sorted(line["invoiceNumber"] for line in lines) == sorted(invoices[name].number for name in reach)
    for name, receipt in receipts.items():
        answer = graphql(RECEIPT, {"id": str(receipt.pk)}, token=token)
        if name in reach:
            assert answer["data"]["receipt"]["referenceNumber"] == receipt.reference_number
        else:
            assert (answer["errors"][0]["message"], error_code(answer)) == ("Receipt not found.", "NOT_FOUND")


def test_a_payer_without_the_history_code_reads_the_receipts_of_the_payments_they_made(invoices, graphql, sign_in):
    # A custom reading of the roles: the senior buyer may pay but not read the payment history.
    from accounts.models import RolePermission

    RolePermission.objects.filter(
        template__role=1, template__is_builtin=True, code="get_invoice_payments_history"
    ).delete()
    mine = receipt_for(invoices["senior_open"], Decimal("6.25"), payer=user("senior@acme.test"))
    token = sign_in("senior")

    lines = graphql(RECEIPT_LINES, {}, token=token)["data"]["allReceiptLines"]["edges"]
    others = invoices["admin_paid"].receipt_lines.get().receipt

    assert [edge["node"]["referenceNumber"] for edge in lines] == [mine.reference_number]
    assert graphql(RECEIPT, {"id": str(mine.pk)}, token=token)["data"]["receipt"]["totalAmount"] == "6.25"
    assert error_code(graphql(RECEIPT, {"id": str(others.pk)}, token=token)) == "NOT_FOUND"
    detail = graphql(DETAIL, {"id": str(invoices["senior_open"].pk)}, token=token)["data"]["invoice"]
    assert detail["payments"] is None  # the history is not theirs to read


def test_an_expired_token_is_40101_everywhere_not_a_guest(invoices, graphql):
    for query, variables in ((LIST, {"orderBy": "-invoiceNumber"}), (DETAIL, {"id": "1"}), (PDF, {"id": 1}),
                             (STATS, {}), (RECEIPT_LINES, {}), (RECEIPT, {"id": "1"})):  # fmt: skip
        assert error_code(graphql(query, variables, token="not-a-valid-token")) == 40101


# --- the orderBy rule, filters, search, sorting, paging -------------------------------------------------------------


def test_the_list_requires_an_order_by_with_the_exact_message(invoices, graphql, sign_in):
    token = sign_in("admin")

    for variables in ({}, {"orderBy": ""}):
        body = graphql(LIST, variables, token=token)
        assert body["data"] is None
        assert body["errors"][0]["message"] == "Invalid query: orderBy property is required"
        assert body["errors"][0]["extensions"]["code"] == "VALIDATION_ERROR"
        assert body["errors"][0]["extensions"]["fields"] == {"orderBy": ["Invalid query: orderBy property is required"]}
        assert body["errors"][0]["extensions"]["fieldCodes"] == {"orderBy": ["required"]}
    unknown = graphql(LIST, {"orderBy": "-price"}, token=token)
    assert unknown["errors"][0]["extensions"]["fields"]["orderBy"][0].startswith("Sort by one of: invoiceNumber,")
    assert unknown["errors"][0]["extensions"]["fieldCodes"] == {"orderBy": ["invalid_choice"]}


def test_the_page_defaults_to_10_from_offset_0_and_is_capped_at_100(demo_store, graphql, sign_in):
    acme = company("Acme Labs")
    for n in range(12):
        InvoiceFactory(company=acme, number=f"INV-3{n:05d}")
    token = sign_in("admin")

    first = graphql(LIST, {"orderBy": "-invoiceNumber"}, token=token)
    second = graphql(LIST, {"orderBy": "-invoiceNumber", "offset": 10}, token=token)
    too_many = graphql(LIST, {"orderBy": "-invoiceNumber", "first": 101}, token=token)
    at_cap = graphql(LIST, {"orderBy": "-invoiceNumber", "first": 100}, token=token)

    assert _numbers(first) == [f"INV-3{n:05d}" for n in range(11, 1, -1)]
    assert first["data"]["invoices"]["totalCount"] == 12
    assert _numbers(second) == ["INV-300001", "INV-300000"]
    assert too_many["errors"][0]["extensions"] == {
        "code": "VALIDATION_ERROR",
        "fields": {"first": ["Ask for at most 100 invoices at a time."]},
        "fieldCodes": {"first": ["out_of_range"]},
    }
    assert len(_numbers(at_cap)) == 12


def test_status_three_is_overdue_and_the_filters_use_what_the_list_shows(invoices, graphql, sign_in):
    token = sign_in("admin")

    def numbers(status):
        return _numbers(graphql(LIST, {"orderBy": "invoiceNumber", "status": status}, token=token))

    assert numbers(0) == ["INV-200001", "SO-9001"]
    assert numbers(1) == []  # the partially paid invoice is past its due date: overdue
    assert numbers(2) == ["INV-200003"]
    assert numbers(3) == ["INV-200002"]
    overdue = graphql(LIST, {"orderBy": "invoiceNumber", "status": 3}, token=token)["data"]["invoices"]["edges"][0]
    assert overdue["node"]["status"] == 3 and overdue["node"]["statusLabel"] == "Overdue"
    assert overdue["node"]["paymentStatus"] == 1 and overdue["node"]["isOverdue"] is True
    bad = graphql(LIST, {"orderBy": "invoiceNumber", "status": 7}, token=token)
    assert error_code(bad) == "VALIDATION_ERROR" and "status" in bad["errors"][0]["extensions"]["fields"]
    assert bad["errors"][0]["extensions"]["fieldCodes"] == {"status": ["invalid_choice"]}


def test_an_invoice_due_today_is_not_overdue_and_a_paid_one_never_is(demo_store, graphql, sign_in):
    acme = company("Acme Labs")
    due_today = InvoiceFactory(company=acme, due_date=days(0))
    paid_late = InvoiceFactory(company=acme, due_date=days(-30), status=2, open_balance=Decimal(0))

    body = graphql(LIST, {"orderBy": "invoiceNumber"}, token=sign_in("admin"))

    by_number = {edge["node"]["invoiceNumber"]: edge["node"] for edge in body["data"]["invoices"]["edges"]}
    assert (by_number[due_today.number]["status"], by_number[due_today.number]["isOverdue"]) == (0, False)
    assert (by_number[paid_late.number]["status"], by_number[paid_late.number]["isOverdue"]) == (2, False)


def test_search_matches_number_order_po_and_cost_centre(invoices, graphql, sign_in):
    token = sign_in("admin")
    order_number = str(invoices["senior_overdue"].order.number)

    def found(search):
        return _numbers(graphql(LIST, {"orderBy": "invoiceNumber", "search": search}, token=token))

    assert found("inv-200003") == ["INV-200003"]
    assert found(order_number) == ["INV-200002"]
    assert found(f"#{order_number}") == ["INV-200002"]
    assert found("PO-ACME-9") == ["SO-9001"]
    assert found("nih-r01") == ["INV-200001"]  # the grant or cost-centre code
    assert found("ERP-1") == ["SO-9001"]
    assert found("GX-1") == []  # Globex's: not theirs
    too_long = graphql(LIST, {"orderBy": "invoiceNumber", "search": "x" * 101}, token=token)
    assert too_long["errors"][0]["extensions"]["fields"] == {"search": ["Enter at most 100 characters."]}
    assert too_long["errors"][0]["extensions"]["fieldCodes"] == {"search": ["max_length"]}


def test_date_filters_bound_the_invoice_date_and_the_due_date_inclusively(invoices, graphql, sign_in):
    token = sign_in("admin")

    def found(**variables):
        return _numbers(graphql(LIST, {"orderBy": "invoiceNumber", **variables}, token=token))

    assert found(**{"from": str(days(-40)), "to": str(days(-40))}) == ["INV-200003"]
    assert found(**{"to": str(days(-40))}) == ["INV-200002", "INV-200003"]
    assert found(dueFrom=str(days(-15)), dueTo=str(days(-10))) == ["INV-200002", "INV-200003"]
    assert found(dueFrom=str(days(0))) == ["INV-200001", "SO-9001"]
    backwards = graphql(LIST, {"orderBy": "invoiceNumber", "dueFrom": str(days(1)), "dueTo": str(days(0))}, token=token)
    assert backwards["errors"][0]["extensions"]["fields"] == {"dueDateTo": ["The end date is before the start date."]}
    assert backwards["errors"][0]["extensions"]["fieldCodes"] == {"dueDateTo": ["end_before_start"]}


@pytest.mark.parametrize(
    ("order_by", "expected"),
    [
        ("invoiceNumber", ["INV-200001", "INV-200002", "INV-200003", "SO-9001"]),
        ("-invoiceNumber", ["SO-9001", "INV-200003", "INV-200002", "INV-200001"]),
        ("dueDate", ["INV-200002", "INV-200003", "SO-9001", "INV-200001"]),  # ties: the newest first
        ("-openBalance", ["SO-9001", "INV-200002", "INV-200001", "INV-200003"]),
        ("status", ["SO-9001", "INV-200001", "INV-200003", "INV-200002"]),
    ],
)
def test_the_list_sorts_by_order_by(invoices, graphql, sign_in, order_by, expected):
    body = graphql(LIST, {"orderBy": order_by}, token=sign_in("admin"))

    assert _numbers(body) == expected


def test_id_in_keeps_the_chosen_invoices_of_the_caller_only(invoices, graphql, sign_in):
    ids = [str(invoices[name].pk) for name in ("senior_open", "admin_paid", "globex_open")]

    body = graphql(LIST, {"orderBy": "invoiceNumber", "ids": ids}, token=sign_in("admin"))

    assert _numbers(body) == ["INV-200001", "INV-200003"]


# --- what a node and the detail say -----------------------------------------------------------------------------------


def test_a_node_carries_the_fields_of_business_3(invoices, graphql, sign_in):
    senior = user("senior@acme.test")
    pending_payment(invoices["senior_open"], senior)
    pending_payment(invoices["senior_open"], user("admin@acme.test"))

    body = graphql(LIST, {"orderBy": "invoiceNumber", "search": "INV-200001"}, token=sign_in("admin"))

    node = body["data"]["invoices"]["edges"][0]["node"]
    invoice = invoices["senior_open"]
    assert node == {
        "id": str(invoice.pk),
        "invoiceNumber": "INV-200001",
        "externalId": "",
        "customerId": senior.pk,
        "customerName": "Sam Senior",
        "orderNumber": str(invoice.order.number),
        "purchaseOrderNumber": "PO-ACME-1",
        "costCentre": "NIH-R01",
        "invoiceDate": str(days(-10)),
        "dueDate": str(days(20)),
        "createdAt": node["createdAt"],
        "status": 0,
        "statusLabel": "Open",
        "paymentStatus": 0,
        "isOverdue": False,
        "openBalance": {"code": "USD", "value": "106.25"},
        "originalBalance": {"code": "USD", "value": "106.25"},
        "notAllowedPay": False,
        "pendingPaymentCount": 2,
        "hasPdf": True,
        "canViewOrder": True,
        "details": {
            "subtotal": "100.00",
            "shippingTotal": "0.00",
            "taxTotal": "6.25",
            "costCentre": "NIH-R01",
            "source": "issued",
            "companyName": "Acme Labs",
        },  # fmt: skip
        "trackingNumbers": [
            {
                "number": "1Z999AA10123456784",
                "carrier": "UPS",
                "courierName": "UPS",
                "trackingUrl": node["trackingNumbers"][0]["trackingUrl"],
            },
            {"number": "LOCAL-7", "carrier": "Courier", "courierName": "Courier", "trackingUrl": None},
        ],
    }
    assert "1Z999AA10123456784" in node["trackingNumbers"][0]["trackingUrl"]


def test_not_allowed_pay_and_the_order_link_follow_the_callers_codes(invoices, graphql, sign_in):
    level_1 = sign_in("senior_level_1")  # get_order_detail at level 1 too: their own orders only
    body = graphql(LIST, {"orderBy": "invoiceNumber"}, token=level_1)
    assert {e["node"]["invoiceNumber"]: e["node"]["canViewOrder"] for e in body["data"]["invoices"]["edges"]} == {
        "INV-200001": True,
        "INV-200002": True,
    }
    admin = graphql(LIST, {"orderBy": "invoiceNumber"}, token=sign_in("admin"))
    nodes = {e["node"]["invoiceNumber"]: e["node"] for e in admin["data"]["invoices"]["edges"]}
    assert nodes["INV-200003"]["notAllowedPay"] is True  # paid: nothing to pay
    assert nodes["SO-9001"]["canViewOrder"] is False and nodes["SO-9001"]["orderNumber"] is None
    assert nodes["SO-9001"]["hasPdf"] is False
    assert nodes["INV-200001"]["notAllowedPay"] is False


def test_the_detail_has_lines_payments_address_and_a_pdf_link(invoices, graphql, sign_in):
    invoice = invoices["senior_overdue"]

    body = graphql(DETAIL, {"id": str(invoice.pk)}, token=sign_in("admin"))

    detail = body["data"]["invoice"]
    assert [(line["sku"], line["quantity"], line["unitPrice"], line["lineTotal"]) for line in detail["lines"]] == [
        (invoice.lines.get().sku, 1, "50.00", "50.00")
    ]
    [payment] = detail["payments"]
    receipt = invoice.receipt_lines.get().receipt
    assert payment == {
        "id": payment["id"], "receiptId": str(receipt.pk), "invoiceId": str(invoice.pk), "invoiceNumber": "INV-200002",
        "amount": {"code": "USD", "value": "200.00"}, "paymentStatus": 1, "paymentType": "Test card •••• 4242",
        "transactionType": "Paid", "referenceNumber": receipt.reference_number, "payerName": "Alice Admin",
        "createdAt": payment["createdAt"],
    }  # fmt: skip
    assert detail["billTo"][:2] == ["Sam Senior", "Acme Labs"]
    assert f"/api/v2/invoices/{invoice.pk}/pdf?token=" in detail["pdfUrl"]
    assert detail["openBalance"] == {"code": "USD", "value": "300.00"}


def test_stats_convert_other_currencies_and_round_to_the_decimal_places(invoices, graphql, sign_in):
    # EUR: 0.92 per dollar (portal.demo). 92.00 EUR open is 100.00 USD.
    InvoiceFactory(company=company("Acme Labs"), currency_code="EUR", original_balance=Decimal("92.00"))
    token = sign_in("admin")

    stats = graphql(STATS, {}, token=token)["data"]["invoiceStats"]
    whole = graphql(STATS, {"places": 0}, token=token)["data"]["invoiceStats"]
    overdue_only = graphql(STATS, {"status": 3}, token=token)["data"]["invoiceStats"]
    bad = graphql(STATS, {"places": 9}, token=token)

    assert (stats["totalBalance"], stats["overDueBalance"]) == ("1506.25", "300.00")
    assert (whole["totalBalance"], whole["overDueBalance"]) == ("1506", "300")
    assert (overdue_only["totalBalance"], overdue_only["invoiceCount"]) == ("300.00", 1)
    assert bad["errors"][0]["extensions"]["fields"] == {"decimalPlaces": ["Enter 0 to 6."]}
    assert bad["errors"][0]["extensions"]["fieldCodes"] == {"decimalPlaces": ["out_of_range"]}


def test_receipt_lines_default_to_50_newest_first_and_filter_by_invoice(invoices, graphql, sign_in):
    invoice = invoices["senior_open"]
    admin = user("admin@acme.test")
    Invoice.objects.filter(pk=invoice.pk).update(original_balance=Decimal("1000.00"), open_balance=Decimal("1000.00"))
    invoice.refresh_from_db()
    for _ in range(52):
        receipt_for(invoice, Decimal("1.00"), payer=admin)
    token = sign_in("admin")

    page = graphql(RECEIPT_LINES, {"invoiceId": invoice.pk}, token=token)["data"]["allReceiptLines"]
    rest = graphql(RECEIPT_LINES, {"invoiceId": invoice.pk, "offset": 50}, token=token)["data"]["allReceiptLines"]

    assert page["totalCount"] == 52 and len(page["edges"]) == 50
    assert len(rest["edges"]) == 2
    ids = [int(edge["node"]["id"]) for edge in page["edges"]]
    assert ids == sorted(ids, reverse=True)
