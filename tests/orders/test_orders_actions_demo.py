"""`seed_demo` gives Acme Labs, Globex Research and the individual customer orders in every status, shipped ones with
tracking numbers the engine recognises, lots with certificates and products with safety data sheets (issue 17)."""

from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from pypdf import PdfReader

from orders.models import Lot, Order, OrderStatus, Shipment
from pricing.models import Product
from tests.helpers import pdf_text
from tracking.engine import recognize

pytestmark = pytest.mark.django_db

ORDER_SHEETS = "query($id: ID!) { order(id: $id) { lines { sku safetyDataSheetUrl } } }"
REORDER = "mutation($id: ID!) { orderReorder(id: $id) { added { sku } notAdded { sku code reason } } }"


@pytest.fixture
def seeded(db):
    call_command("seed_demo", stdout=StringIO())
    counts = (Order.objects.count(), Shipment.objects.count(), Lot.objects.count())
    call_command("seed_demo", stdout=StringIO())  # idempotent
    assert (Order.objects.count(), Shipment.objects.count(), Lot.objects.count()) == counts


@pytest.mark.parametrize(
    "owner",
    [{"company__name": "Acme Labs"}, {"company__name": "Globex Research"}, {"placed_by__email": "b2c@demo.test"}],
)
def test_every_status_for_both_companies_and_the_individual_customer(seeded, owner):
    assert set(Order.objects.filter(**owner).values_list("status", flat=True)) == set(OrderStatus.values)


def test_acme_orders_come_from_several_buyers_and_the_b2c_orders_from_no_company(seeded):
    acme = set(Order.objects.filter(company__name="Acme Labs").values_list("placed_by__email", flat=True))
    assert {"senior@acme.test", "admin@acme.test"} <= acme
    assert Order.objects.filter(placed_by__email="b2c@demo.test", company__isnull=False).count() == 0


def test_shipments_have_tracking_numbers_of_different_carriers_the_engine_recognises(seeded):
    couriers = set()
    for shipment in Shipment.objects.all():
        matches = recognize(shipment.tracking_number)
        assert matches, shipment.tracking_number
        couriers.add(matches[0].courier_code)
    assert {"ups", "fedex", "usps", "dhl", "s10"} <= couriers
    # Shipped and partially shipped orders agree with what their shipments hold.
    for order in Order.objects.filter(status__in=[OrderStatus.SHIPPED, OrderStatus.PARTIALLY_SHIPPED]):
        shipped = {line.pk: sum(s.quantity for s in line.shipment_lines.all()) for line in order.lines.all()}
        complete = all(shipped[line.pk] == line.quantity for line in order.lines.all())
        assert complete == (order.status == OrderStatus.SHIPPED), order.number


def test_lots_carry_real_certificates_and_products_safety_data_sheets(seeded):
    certified = Lot.objects.exclude(certificate="")
    assert certified.count() >= 5 and certified.filter(shipment_lines__isnull=False).exists()
    for lot in certified:
        with lot.certificate.open("rb") as stored:
            content = stored.read()
        assert content.startswith(b"%PDF-")
        assert lot.number in pdf_text(content) and len(PdfReader(BytesIO(content)).pages) == 1
    sheets = Product.objects.exclude(safety_data_sheet="")
    assert sheets.count() >= 3
    with sheets.first().safety_data_sheet.open("rb") as stored:
        assert "Safety data sheet" in pdf_text(stored.read())


def test_every_chemical_of_the_demo_orders_has_a_16_section_sheet_and_its_link_hazardous_or_not(seeded, graphql, login):
    """Issue 36 item 12: agarose (not classified under GHS) has a sheet like ethanol (highly flammable)."""
    ordered = Product.objects.filter(orderline__isnull=False).exclude(cas_number="").distinct()
    assert {"HS-1001", "HS-1080", "HS-1055"} <= set(ordered.values_list("sku", flat=True))
    for product in ordered:
        assert product.safety_data_sheet, product.sku
    with Product.objects.get(sku="HS-1080").safety_data_sheet.open("rb") as stored:
        agarose = " ".join(pdf_text(stored.read()).split())
    assert "Section 16. Other information" in agarose and "not classified as hazardous under GHS" in agarose

    order = Order.objects.get(placed_by__email="b2c@demo.test", status=OrderStatus.COMPLETED)  # agarose, 2 × 25 g
    detail = graphql(ORDER_SHEETS, {"id": str(order.number)}, token=login("b2c@demo.test"))
    assert "errors" not in detail, detail
    [line] = detail["data"]["order"]["lines"]
    assert line["sku"] == "HS-1080-25G" and "/safety-data-sheet?token=" in line["safetyDataSheetUrl"]


def test_the_senior_buyers_shipped_order_reorders_whole(seeded, graphql, login):
    order = Order.objects.get(po_number="PO-ACME-2611")
    assert order.status == OrderStatus.SHIPPED
    assert {"name": "Printed certificate of analysis", "value": "Yes"} in order.lines.get(sku="HS-1001-1L").options

    body = graphql(REORDER, {"id": str(order.number)}, token=login("senior@acme.test"))

    assert "errors" not in body, body
    assert body["data"]["orderReorder"]["notAdded"] == []
    assert [line["sku"] for line in body["data"]["orderReorder"]["added"]] == [
        "HS-1001-1L",
        "HS-1055-500G",
        "HS-1030-500G",
    ]
