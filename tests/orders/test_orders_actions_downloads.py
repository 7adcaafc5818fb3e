"""The order's files (issue 17): its PDF, a shipped lot's certificate of analysis and a bought product's safety data
sheet — by the signed link the API hands out, or by the bearer token of a caller who may see the order; nothing
reaches anyone else."""

import time
from decimal import Decimal

import pytest
from django.core import signing
from django.core.files.base import ContentFile

from accounts.models import Company, User
from orders.services import order_status_refresh
from portal import downloads
from tests.factories.orders import LotFactory, OrderFactory, OrderLineFactory, ShipmentFactory, ShipmentLineFactory
from tests.helpers import error_code, pdf_text, rest_refusal

pytestmark = pytest.mark.django_db

BEGIN = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
PDF = "query($id: ID!) { orderPdf(id: $id) { url fileName } }"
CERTIFICATE = b"%PDF-1.4\n% certificate of analysis, lot L-2611\n%%EOF\n"
SAFETY_DATA_SHEET = b"%PDF-1.4\n% safety data sheet, ethanol\n%%EOF\n"


@pytest.fixture
def shipped_order(ethanol, sodium_chloride):
    """Sam Senior's Acme order: ethanol (with a safety data sheet) and sodium chloride, both shipped by UPS, the ethanol
    from lot L-2611 with its certificate."""
    ethanol.safety_data_sheet.save("Ethanol SDS (EN).pdf", ContentFile(SAFETY_DATA_SHEET), save=False)
    ethanol.safety_data_sheet_name = "Ethanol SDS (EN).pdf"
    ethanol.save()
    senior = User.objects.get(email="senior@acme.test")
    order = OrderFactory(placed_by=senior, company=Company.objects.get(name="Acme Labs"), po_number="PO-7731")
    ethanol_line = OrderLineFactory(
        order=order, variant=ethanol.variants.get(sku="HS-1001-1L"), quantity=2, unit_price=Decimal("174.42"),
        options=[{"name": "Pack size", "value": "1 L"}, {"name": "Printed certificate of analysis", "value": "Yes"}],
    )  # fmt: skip
    salt_line = OrderLineFactory(order=order, variant=sodium_chloride.variants.get(sku="HS-1055-500G"), quantity=3)
    lot = LotFactory(product=ethanol, number="L-2611", certificate_name="CoA L-2611.pdf")
    lot.certificate.save("coa.pdf", ContentFile(CERTIFICATE))
    shipment = ShipmentFactory(order=order, carrier="UPS", tracking_number="1Z999AA10123456784")
    certified = ShipmentLineFactory(shipment=shipment, order_line=ethanol_line, quantity=2, lot=lot)
    ShipmentLineFactory(shipment=shipment, order_line=salt_line, quantity=1)
    order_status_refresh(order=order)
    order.refresh_from_db()
    return {"order": order, "ethanol_line": ethanol_line, "salt_line": salt_line, "certified": certified}


def _urls(files: dict) -> dict[str, str]:
    return {
        "pdf": f"/api/v2/orders/{files['order'].number}/pdf",
        "certificate": f"/api/v2/orders/shipment-lines/{files['certified'].pk}/certificate",
        "sds": f"/api/v2/orders/lines/{files['ethanol_line'].pk}/safety-data-sheet",
    }


def _get(client, url: str, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.get(url, **headers)


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def _caller(name: str, graphql, login) -> str | None:
    """A bearer token of the caller; the super admin begins the masquerade the name says."""
    if name == "anonymous":
        return None
    if name.startswith("superadmin"):
        token = login("superadmin@demo.test")
        company = {"superadmin as Acme": "Acme Labs", "superadmin as Globex": "Globex Research"}.get(name)
        if company:
            assert "errors" not in graphql(BEGIN, {"id": Company.objects.get(name=company).pk}, token=token)
        return token
    return login(name)


# Sam Senior placed the order; seniors and admins see every order of their company (get_order_detail level 2); the
# built-in junior buyer holds it at level 1, their own orders only (a colleague's is not found); a super admin
# reaches Acme's orders only as Acme.
MATRIX = [
    ("anonymous", 404),
    ("b2c@demo.test", 404),
    ("junior@acme.test", 404),
    ("senior@acme.test", 200),
    ("admin@acme.test", 200),
    ("admin@globex.test", 404),
    ("admin@pendingbio.test", 404),
    ("superadmin", 404),
    ("superadmin as Acme", 200),
    ("superadmin as Globex", 404),
]


@pytest.mark.parametrize(("caller", "status"), MATRIX)
def test_the_files_of_an_order_reach_only_those_who_may_see_it(shipped_order, client, graphql, login, caller, status):
    token = _caller(caller, graphql, login)

    for kind, url in _urls(shipped_order).items():
        response = _get(client, url, token)
        if status == 200:
            assert response.status_code == 200, kind
            assert response["X-Content-Type-Options"] == "nosniff"
            assert response["Cache-Control"] == "private, no-store"
        else:
            error = rest_refusal(response, status)
            expected = ("NOT_FOUND", "Order not found.") if status == 404 else ("PERMISSION_DENIED", None)
            assert error["extensions"]["code"] == expected[0], kind
            if expected[1]:
                assert error["message"] == expected[1], kind
            assert b"%PDF" not in response.content


@pytest.mark.parametrize(("caller", "status"), MATRIX)
def test_order_pdf_link_follows_the_same_rule(shipped_order, graphql, login, caller, status):
    body = graphql(PDF, {"id": str(shipped_order["order"].number)}, token=_caller(caller, graphql, login))

    if status == 200:
        assert "errors" not in body, body
        assert body["data"]["orderPdf"]["fileName"] == f"order-{shipped_order['order'].number}.pdf"
    else:
        assert error_code(body) == {404: "NOT_FOUND", 403: "PERMISSION_DENIED"}[status]
        assert body["data"] is None


def test_the_downloads_carry_the_files_as_attachments_with_safe_names(shipped_order, client, login):
    token = login("senior@acme.test")
    urls = _urls(shipped_order)

    certificate = _get(client, urls["certificate"], token)
    assert _body(certificate) == CERTIFICATE
    assert certificate["Content-Type"] == "application/pdf"
    assert certificate["Content-Disposition"] == 'attachment; filename="CoA L-2611.pdf"'
    sheet = _get(client, urls["sds"], token)
    assert _body(sheet) == SAFETY_DATA_SHEET
    assert sheet["Content-Disposition"] == 'attachment; filename="Ethanol SDS (EN).pdf"'


def test_an_unsafe_uploaded_name_is_cleaned(shipped_order, client, login):
    lot = shipped_order["certified"].lot
    lot.certificate_name = '..\\..\\"evil";\r\nX-Header: 1.pdf'
    lot.save()

    response = _get(client, _urls(shipped_order)["certificate"], login("senior@acme.test"))

    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="') and "\r" not in disposition and "\n" not in disposition
    assert disposition.count('"') == 2


def test_a_line_without_a_lot_certificate_or_sheet_is_not_found(shipped_order, client, login):
    token = login("senior@acme.test")
    salt_shipment_line = shipped_order["certified"].shipment.lines.exclude(pk=shipped_order["certified"].pk).get()
    for url in (
        f"/api/v2/orders/shipment-lines/{salt_shipment_line.pk}/certificate",  # shipped without a lot
        f"/api/v2/orders/lines/{shipped_order['salt_line'].pk}/safety-data-sheet",  # the product has no sheet
        "/api/v2/orders/shipment-lines/987654/certificate",
        "/api/v2/orders/lines/987654/safety-data-sheet",
        "/api/v2/orders/987654/pdf",
    ):
        error = rest_refusal(_get(client, url, token), 404)
        assert (error["extensions"]["code"], error["message"]) == ("NOT_FOUND", "Order not found."), url
    lot = shipped_order["certified"].lot
    lot.certificate.delete()
    assert _get(client, _urls(shipped_order)["certificate"], token).status_code == 404


def test_a_level_one_buyer_reaches_the_files_of_their_own_orders_only(shipped_order, ethanol, client, login):
    # The built-in junior buyer holds get_order_detail at level 1.
    junior = User.objects.get(email="junior@acme.test")
    own = OrderFactory(placed_by=junior, company=junior.membership.company)
    own_line = OrderLineFactory(order=own, variant=ethanol.variants.get(sku="HS-1001-100ML"))
    token = login("junior@acme.test")

    for url in _urls(shipped_order).values():
        assert rest_refusal(_get(client, url, token), 404)["message"] == "Order not found."
    assert _get(client, f"/api/v2/orders/{own.number}/pdf", token).content.startswith(b"%PDF-")
    assert _body(_get(client, f"/api/v2/orders/lines/{own_line.pk}/safety-data-sheet", token)) == SAFETY_DATA_SHEET


def test_the_signed_link_opens_the_pdf_without_a_token_for_a_few_minutes(shipped_order, client, graphql, login):
    order = shipped_order["order"]
    result = graphql(PDF, {"id": str(order.number)}, token=login("senior@acme.test"))["data"]["orderPdf"]

    response = client.get(result["url"])

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'inline; filename="order-{order.number}.pdf"'
    assert client.get(f"{result['url']}&download=1")["Content-Disposition"].startswith("attachment;")


def test_a_forged_expired_or_borrowed_token_opens_nothing(shipped_order, client, monkeypatch):
    order, certified = shipped_order["order"], shipped_order["certified"]
    pdf_url = f"/api/v2/orders/{order.number}/pdf"
    # Forged.
    assert rest_refusal(client.get(f"{pdf_url}?token=forged"), 404)["extensions"]["code"] == "NOT_FOUND"
    # Signed for another order, or for another kind of file with the same id.
    other = OrderFactory(placed_by=order.placed_by, company=order.company)
    borrowed = downloads.download_token(view="orders:pdf-download", pk=other.number)
    assert client.get(f"{pdf_url}?token={borrowed}").status_code == 404
    as_certificate = downloads.download_token(view="orders:certificate-download", pk=order.number)
    assert client.get(f"{pdf_url}?token={as_certificate}").status_code == 404
    quote_token = downloads.download_token(view="quotes:pdf-download", pk=order.number)
    assert client.get(f"{pdf_url}?token={quote_token}").status_code == 404
    # Signed for this certificate, but longer ago than the links live.
    now = time.time()
    monkeypatch.setattr(signing.time, "time", lambda: now - downloads.DOWNLOAD_MAX_AGE - 1)
    expired = downloads.download_token(view="orders:certificate-download", pk=certified.pk)
    monkeypatch.setattr(signing.time, "time", lambda: now)
    url = f"/api/v2/orders/shipment-lines/{certified.pk}/certificate"
    assert client.get(f"{url}?token={expired}").status_code == 404
    fresh = downloads.download_token(view="orders:certificate-download", pk=certified.pk)
    assert _body(client.get(f"{url}?token={fresh}")) == CERTIFICATE


def test_a_bearer_token_that_is_no_longer_valid_is_40101(shipped_order, client):
    error = rest_refusal(_get(client, _urls(shipped_order)["pdf"], "not-a-token"), 401)
    assert error["extensions"]["code"] == 40101


def test_the_order_pdf_is_a_real_pdf_with_the_order(shipped_order, client, login):
    order = shipped_order["order"]

    response = _get(client, f"/api/v2/orders/{order.number}/pdf", login("admin@acme.test"))

    content = response.content
    assert content.startswith(b"%PDF-") and len(content) > 5_000
    text = pdf_text(content)
    for expected in (
        f"Order {order.number}",
        "PARTIALLY SHIPPED",  # the status badge is set in capitals
        "PO-7731",
        "Sam Senior",
        "HS-1001-1L",
        "Printed certificate of analysis: Yes",
        "HS-1055-500G",
        "$348.84",  # 2 × $174.42
        "1Z999AA10123456784",
        "L-2611",
        "1 Science Park",
    ):
        assert expected in text, expected


DETAIL_LINKS = """query($id: ID!) { order(id: $id) {
  lines { sku safetyDataSheetUrl } shipments { lines { sku lotNumber certificateUrl } } } }"""


def test_the_order_pages_links_open_the_certificate_and_the_sheet_without_a_token(
    shipped_order, client, graphql, login
):
    body = graphql(DETAIL_LINKS, {"id": str(shipped_order["order"].number)}, token=login("senior@acme.test"))
    detail = body["data"]["order"]
    sheets = {line["sku"]: line["safetyDataSheetUrl"] for line in detail["lines"]}
    certificates = {line["sku"]: line["certificateUrl"] for line in detail["shipments"][0]["lines"]}

    assert sheets["HS-1055-500G"] is None and certificates["HS-1055-500G"] is None  # no sheet; shipped without a lot
    assert _body(client.get(sheets["HS-1001-1L"])) == SAFETY_DATA_SHEET
    assert _body(client.get(certificates["HS-1001-1L"])) == CERTIFICATE
    # A link opens its own file only.
    borrowed = certificates["HS-1001-1L"].replace(
        f"/shipment-lines/{shipped_order['certified'].pk}/", f"/shipment-lines/{shipped_order['certified'].pk + 1}/"
    )
    assert client.get(borrowed).status_code == 404
