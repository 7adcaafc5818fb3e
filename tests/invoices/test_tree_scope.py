"""Invoices follow the company tree (issue 40): a parent's admins (and members granted the units below) see, download,
export and pay the invoices of every unit below the one they work in; a unit's own users see only their unit's; a
sibling unit and another company see nothing of it — refused as today, with nothing changed. The payments made above
a unit are its payments too, line by line. The list shows each invoice's unit and filters by it; its query count does
not grow with the depth of the tree."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from urllib.parse import urlsplit

import pytest
from django.core.files.base import ContentFile
from django.test import Client

from accounts.models import CompanyRole, RolePermission
from accounts.selectors import actor_for_user
from invoices.models import Invoice, InvoiceExport, InvoicePaymentRequest, InvoiceStatus, Receipt
from invoices.services.payment import PaymentLine, invoice_payment_request_create, invoice_payment_settle
from storefront.models import Cart
from tests.factories.accounts import TREE_REACH, tree_deepen
from tests.factories.invoices import InvoiceFactory
from tests.factories.orders import OrderFactory
from tests.helpers import count_queries, error_code, rest_refusal

pytestmark = pytest.mark.django_db

LIST = """query($companyId: Int) {
  invoices(orderBy: "-invoiceNumber", first: 100, companyId: $companyId) {
    totalCount edges { node { id invoiceNumber companyId companyName canViewOrder } } } }"""
DETAIL = "query($id: ID!) { invoice(id: $id) { invoiceNumber companyId companyName details { companyName } } }"
PDF = "query($id: Int!) { invoicePdf(invoiceId: $id) { fileName } }"
STATS = "{ invoiceStats { invoiceCount totalBalance } }"
PAY = """mutation($items: [InvoicePaymentLineItemInput!]!) {
  invoiceCreateBcCart(lineItems: $items, currency: "USD") { cartId } }"""
RECEIPT_LINES = "{ allReceiptLines(first: 100) { totalCount edges { node { invoiceNumber receiptId } } } }"
RECEIPT = "query($id: ID!) { receipt(id: $id) { referenceNumber lines { invoiceNumber } } }"
EXPORT = """mutation($filter: InvoiceExportFilter) {
  invoicesExport(filterData: $filter) { url rowCount } }"""

UNITS = ("university", "chemistry", "organic_lab", "biology", "genetics_lab", "other")
PLACERS = {
    "university": "university_admin", "chemistry": "chemistry_senior", "organic_lab": "organic_senior",
    "biology": "biology_admin", "genetics_lab": "genetics_senior", "other": "other_admin",
}  # fmt: skip
# The units whose invoices each caller reaches at company level (the invoice codes at level 2).
REACH = TREE_REACH


@pytest.fixture
def invoices(tree) -> dict[str, Invoice]:
    """An invoice of each unit's order, numbered in the order of UNITS."""
    made = {}
    for position, unit in enumerate(UNITS, start=1):
        placer = tree.users[PLACERS[unit]]
        order = OrderFactory(company=tree.unit(unit), placed_by=placer, lines=1)
        made[unit] = InvoiceFactory(
            company=tree.unit(unit), order=order, customer=placer, number=f"INV-4000{position}", lines=1
        )
    return made


def _rows(body: dict) -> list[dict]:
    assert "errors" not in body, body
    return [edge["node"] for edge in body["data"]["invoices"]["edges"]]


def _balances() -> list:
    return list(Invoice.objects.order_by("pk").values_list("number", "open_balance", "status"))


@pytest.mark.parametrize("caller", list(REACH))
def test_the_invoices_are_those_of_the_units_the_caller_reaches(caller, tree, invoices, tree_sign_in, graphql):
    token = tree_sign_in(caller)

    body = graphql(LIST, {}, token=token)
    stats = graphql(STATS, token=token)["data"]["invoiceStats"]

    rows = _rows(body)
    expected = {invoices[unit].number: tree.unit(unit) for unit in REACH[caller]}
    assert {row["invoiceNumber"] for row in rows} == set(expected)
    assert body["data"]["invoices"]["totalCount"] == len(expected)
    for row in rows:
        unit = expected[row["invoiceNumber"]]
        # The order of each invoice opens for them too (get_order_detail at level 2 follows the tree alike).
        assert (row["companyId"], row["companyName"], row["canViewOrder"]) == (unit.pk, unit.name, True)
    assert (stats["invoiceCount"], Decimal(stats["totalBalance"])) == (len(expected), Decimal("106.25") * len(expected))


@pytest.mark.parametrize("caller", list(REACH))
def test_an_invoice_and_its_pdf_link_open_for_the_units_the_caller_reaches(
    caller, tree, invoices, tree_sign_in, graphql
):
    token = tree_sign_in(caller)
    for unit in UNITS:
        invoice = invoices[unit]
        detail = graphql(DETAIL, {"id": str(invoice.pk)}, token=token)
        pdf = graphql(PDF, {"id": invoice.pk}, token=token)
        if unit in REACH[caller]:
            assert detail["data"]["invoice"] == {
                "invoiceNumber": invoice.number, "companyId": tree.unit(unit).pk, "companyName": tree.unit(unit).name,
                "details": {"companyName": tree.unit(unit).name},
            }  # fmt: skip
            assert pdf["data"]["invoicePdf"]["fileName"] == f"invoice-{invoice.number}.pdf"
        else:
            # Another unit's invoice does not exist for the caller: the same answer as a missing one.
            assert (error_code(detail), detail["errors"][0]["message"]) == ("NOT_FOUND", "Invoice not found."), unit
            assert error_code(pdf) == "NOT_FOUND", unit


@pytest.mark.parametrize(
    ("caller", "allowed"),
    [("university_admin", True), ("chemistry_admin", True), ("organic_senior", True), ("chemistry_senior", False),
     ("biology_admin", False), ("other_admin", False)],
)  # fmt: skip
def test_the_pdf_edge_opens_a_lab_invoice_for_the_callers_who_reach_the_lab(
    caller, allowed, invoices, tree_sign_in, client
):
    invoice = invoices["organic_lab"]
    invoice.pdf.save("stored.pdf", ContentFile(b"%PDF-1.4 stored"), save=True)

    response = client.get(f"/api/v2/invoices/{invoice.pk}/pdf", HTTP_AUTHORIZATION=f"Bearer {tree_sign_in(caller)}")

    if allowed:
        assert response.status_code == 200
        assert b"".join(response.streaming_content) == b"%PDF-1.4 stored"
    else:
        assert rest_refusal(response, 404)["extensions"]["code"] == "NOT_FOUND"


def test_the_older_invoice_list_holds_the_units_the_caller_reaches(invoices, tree_sign_in, client):
    response = client.get("/api/invoice", HTTP_AUTHORIZATION=f"Bearer {tree_sign_in('chemistry_admin')}")

    data = response.json()["data"]
    assert sorted(row["InvoiceNo"] for row in data["list"]) == [invoices["chemistry"].number,
                                                               invoices["organic_lab"].number]  # fmt: skip
    assert data["totalCount"] == 2
    assert {row["canViewOrder"] for row in data["list"]} == {True}


# --- paying --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("caller", "allowed"),
    [("university_admin", True), ("chemistry_admin", True), ("chemistry_senior_below", True),
     ("organic_senior", True), ("chemistry_senior", False), ("biology_admin", False), ("genetics_senior", False),
     ("other_admin", False)],
)  # fmt: skip
def test_a_lab_invoice_is_paid_by_the_callers_who_reach_the_lab(
    caller, allowed, demo_store, tree, invoices, tree_sign_in, graphql
):
    invoice = invoices["organic_lab"]
    token = tree_sign_in(caller)
    before = (_balances(), InvoicePaymentRequest.objects.count(), Cart.objects.count())

    body = graphql(PAY, {"items": [{"invoiceId": str(invoice.pk), "amount": "50.00"}]}, token=token)

    if allowed:
        assert "errors" not in body, body
        request = Cart.objects.get(pk=body["data"]["invoiceCreateBcCart"]["cartId"]).invoice_payment
        # The payment is the payer's, made in the unit they work in; the invoice is the lab's.
        assert request.company == tree.users[caller].membership.company
        assert list(request.lines.values_list("invoice_id", "amount")) == [(invoice.pk, Decimal("50.00"))]
    else:
        assert (error_code(body), body["errors"][0]["message"]) == ("NOT_FOUND", "Invoice not found.")
        assert (_balances(), InvoicePaymentRequest.objects.count(), Cart.objects.count()) == before  # nothing changed


def _paid_by_the_university(tree, invoices) -> Receipt:
    """The university's admin pays the lab's and the genetics lab's invoices at once."""
    actor = actor_for_user(tree.users["university_admin"])
    lines = [
        PaymentLine(invoice_id=invoices[unit].pk, amount=Decimal("106.25")) for unit in ("organic_lab", "genetics_lab")
    ]
    request = invoice_payment_request_create(actor=actor, lines=lines, currency="USD", cart_id="tree")
    return invoice_payment_settle(request=request, payer=actor, payment_type="Test card •••• 4242", reference="TC-40")


def test_a_payment_made_above_a_unit_is_its_payment_line_by_line(tree, invoices, tree_sign_in, graphql):
    receipt = _paid_by_the_university(tree, invoices)

    assert receipt.company == tree.university
    assert Invoice.objects.get(pk=invoices["organic_lab"].pk).status == InvoiceStatus.PAID
    lab, genetics = invoices["organic_lab"].number, invoices["genetics_lab"].number
    expected = {
        "university_admin": [lab, genetics],
        "chemistry_admin": [lab],  # the lab is below Chemistry: its line, not the Genetics Lab's paid with it
        "organic_senior": [lab],
        "biology_admin": [genetics],
        "chemistry_senior": [],  # their unit only: the lab's payments are not theirs
        "other_admin": [],
    }
    for caller, numbers in expected.items():
        token = tree_sign_in(caller)
        lines = graphql(RECEIPT_LINES, token=token)["data"]["allReceiptLines"]
        detail = graphql(RECEIPT, {"id": str(receipt.pk)}, token=token)
        assert sorted(edge["node"]["invoiceNumber"] for edge in lines["edges"]) == numbers, caller
        assert lines["totalCount"] == len(numbers)
        if numbers:
            assert sorted(line["invoiceNumber"] for line in detail["data"]["receipt"]["lines"]) == numbers, caller
        else:
            assert (error_code(detail), detail["errors"][0]["message"]) == ("NOT_FOUND", "Receipt not found.")


def test_at_level_1_a_payment_made_above_a_unit_of_an_invoice_one_placed_is_read(tree, invoices, tree_sign_in, graphql):
    RolePermission.objects.filter(
        template__role=CompanyRole.SENIOR_BUYER, template__is_builtin=True, code="get_invoice_payments_history"
    ).update(level=1)
    receipt = _paid_by_the_university(tree, invoices)

    expected = {
        "organic_senior": [invoices["organic_lab"].number],  # they placed the lab's order
        "genetics_senior": [invoices["genetics_lab"].number],
        "chemistry_senior": [],
    }
    for caller, numbers in expected.items():
        token = tree_sign_in(caller)
        lines = graphql(RECEIPT_LINES, token=token)["data"]["allReceiptLines"]
        detail = graphql(RECEIPT, {"id": str(receipt.pk)}, token=token)
        assert [edge["node"]["invoiceNumber"] for edge in lines["edges"]] == numbers, caller
        if numbers:
            assert [line["invoiceNumber"] for line in detail["data"]["receipt"]["lines"]] == numbers, caller
        else:
            assert error_code(detail) == "NOT_FOUND"


# --- the company filter ------------------------------------------------------------------------------------------


def test_the_company_filter_shows_one_unit_the_caller_reaches(tree, invoices, tree_sign_in, graphql):
    token = tree_sign_in("university_admin")

    lab = _rows(graphql(LIST, {"companyId": tree.organic_lab.pk}, token=token))
    chemistry = graphql(LIST, {"companyId": tree.chemistry.pk}, token=token)

    assert [row["invoiceNumber"] for row in lab] == [invoices["organic_lab"].number]
    assert [row["invoiceNumber"] for row in _rows(chemistry)] == [invoices["chemistry"].number]  # not those below
    assert chemistry["data"]["invoices"]["totalCount"] == 1


@pytest.mark.parametrize(
    ("caller", "unit"),
    [("chemistry_admin", "biology"), ("chemistry_admin", "university"), ("chemistry_senior", "organic_lab"),
     ("organic_senior", "chemistry"), ("other_admin", "organic_lab")],
)  # fmt: skip
def test_a_company_out_of_reach_is_refused_as_an_input_error(caller, unit, tree, invoices, tree_sign_in, graphql):
    body = graphql(LIST, {"companyId": tree.unit(unit).pk}, token=tree_sign_in(caller))

    assert body["errors"][0]["extensions"]["code"] == "VALIDATION_ERROR"
    assert body["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}


def _exported(graphql, token: str, capture, variables: dict) -> dict:
    with capture(execute=True):
        return graphql(EXPORT, variables, token=token)


def _csv_numbers(url: str) -> list[str]:
    parts = urlsplit(url)
    response = Client().get(f"{parts.path}?{parts.query}")
    content = b"".join(response.streaming_content).decode("utf-8")
    return sorted(row[0] for row in list(csv.reader(io.StringIO(content[1:])))[1:])


def test_the_export_holds_the_units_the_caller_reaches_or_the_one_chosen(
    tree, invoices, tree_sign_in, graphql, django_capture_on_commit_callbacks
):
    token = tree_sign_in("chemistry_admin")

    every = _exported(graphql, token, django_capture_on_commit_callbacks, {})["data"]["invoicesExport"]
    lab = _exported(graphql, token, django_capture_on_commit_callbacks, {"filter": {"companyId": tree.organic_lab.pk}})
    refused = _exported(graphql, token, django_capture_on_commit_callbacks, {"filter": {"companyId": tree.biology.pk}})

    assert _csv_numbers(every["url"]) == [invoices["chemistry"].number, invoices["organic_lab"].number]
    assert _csv_numbers(lab["data"]["invoicesExport"]["url"]) == [invoices["organic_lab"].number]
    assert refused["errors"][0]["extensions"]["fieldCodes"] == {"companyId": ["invalid_choice"]}
    assert InvoiceExport.objects.count() == 2  # nothing asked for the refused one


# --- query counts --------------------------------------------------------------------------------------------------


def _deepen(tree, depth: int) -> None:
    """Units below the lab down to `depth` levels below the university, each with an invoice of its own."""
    buyer = tree.users["organic_senior"]

    def invoiced(unit) -> None:
        order = OrderFactory(company=unit, placed_by=buyer, lines=1)
        InvoiceFactory(company=unit, order=order, customer=buyer)

    tree_deepen(tree.organic_lab, depth, each=invoiced)


def _list_queries(graphql, token: str, variables: dict) -> tuple[int, int]:
    queries, body = count_queries(lambda: graphql(LIST, variables, token=token))
    return queries, len(_rows(body))


@pytest.mark.parametrize("filtered", [False, True])
def test_the_list_takes_the_same_queries_for_a_tree_of_depth_2_or_6(filtered, tree, invoices, tree_sign_in, graphql):
    token = tree_sign_in("university_admin")
    variables = {"companyId": tree.organic_lab.pk if filtered else None}

    shallow, shallow_rows = _list_queries(graphql, token, variables)
    _deepen(tree, 6)
    deep, deep_rows = _list_queries(graphql, token, variables)

    # The token, the units the admin reaches, the total (the tally), the page, its orders and its customers.
    assert (shallow, deep) == (6, 6)
    assert (shallow_rows, deep_rows) == ((1, 1) if filtered else (5, 9))
