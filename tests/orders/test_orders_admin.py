"""Orders in Django admin (issue 17): staff record shipments with their lines and lots (never over-shipped, a lot of
the line's product), the order's status follows, staff complete or cancel orders, and upload lots' certificates and
products' safety data sheets (PDFs only, into private storage)."""

from __future__ import annotations

import datetime

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import AuditEvent, Company, User
from orders.models import Lot, Order, OrderStatus, Shipment, ShipmentLine
from pricing.models import Product
from tests.factories.orders import LotFactory, OrderFactory, ShipmentFactory, ShipmentLineFactory
from tests.pricing.test_admin import _product_form

pytestmark = pytest.mark.django_db

PDF_BYTES = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"


@pytest.fixture
def order(demo_store):
    """Acme's order of 3 + 2 units of two products."""
    return OrderFactory(
        placed_by=User.objects.get(email="senior@acme.test"),
        company=Company.objects.get(name="Acme Labs"),
        lines=[{"quantity": 3}, {"quantity": 2}],
    )


def _lines(order: Order):
    return list(order.lines.order_by("pk"))


def _shipment_form(order: Order, rows: list[tuple], *, tracking: str = "1Z999AA10123456784") -> dict:
    """The add-shipment form: rows of (order line, quantity, lot or None)."""
    data = {
        "order": str(order.pk), "carrier": "UPS", "tracking_number": tracking, "shipped_at_0": "2025-06-02",
        "shipped_at_1": "09:30:00", "comment": "",
        "lines-TOTAL_FORMS": str(len(rows)), "lines-INITIAL_FORMS": "0", "lines-MIN_NUM_FORMS": "0",
        "lines-MAX_NUM_FORMS": "1000",
    }  # fmt: skip
    for index, (line, quantity, lot) in enumerate(rows):
        data[f"lines-{index}-order_line"] = str(line.pk)
        data[f"lines-{index}-quantity"] = str(quantity)
        data[f"lines-{index}-lot"] = str(lot.pk) if lot else ""
    return data


def _add_shipment(admin_client, order: Order, rows: list[tuple], **kwargs):
    url = f"{reverse('admin:orders_shipment_add')}?order={order.pk}"
    return admin_client.post(url, _shipment_form(order, rows, **kwargs))


def _status(order: Order) -> str:
    return Order.objects.get(pk=order.pk).status


# --- pages ------------------------------------------------------------------------------------------------------------


def test_every_orders_admin_page_opens(admin_client, order):
    first, _ = _lines(order)
    lot = LotFactory(product=first.product, certificate=SimpleUploadedFile("coa.pdf", PDF_BYTES))
    shipment = ShipmentFactory(order=order)
    ShipmentLineFactory(shipment=shipment, order_line=first, quantity=1, lot=lot)
    pages = [
        reverse("admin:orders_order_changelist"),
        reverse("admin:orders_order_change", args=[order.pk]),
        reverse("admin:orders_shipment_changelist"),
        f"{reverse('admin:orders_shipment_add')}?order={order.pk}",
        reverse("admin:orders_shipment_add"),
        reverse("admin:orders_shipment_change", args=[shipment.pk]),
        reverse("admin:orders_lot_changelist"),
        reverse("admin:orders_lot_add"),
        reverse("admin:orders_lot_change", args=[lot.pk]),
    ]

    assert [admin_client.get(page).status_code for page in pages] == [200] * len(pages)


def test_the_add_page_offers_only_the_orders_lines(admin_client, order):
    other = OrderFactory(lines=[{"sku": "HS-OTHER-1"}])
    first, second = _lines(order)

    page = admin_client.get(f"{reverse('admin:orders_shipment_add')}?order={order.pk}").content.decode()

    assert f"{first.sku} — {first.name} (3 ordered)" in page
    assert f"{second.sku} — {second.name} (2 ordered)" in page
    assert "HS-OTHER-1" not in page and other.lines.get().sku == "HS-OTHER-1"


def test_the_order_page_shows_its_shipments_with_the_recognised_courier(admin_client, order):
    first, _ = _lines(order)
    ShipmentLineFactory(shipment=ShipmentFactory(order=order, tracking_number="1Z999AA10123456784"), order_line=first)
    ShipmentLineFactory(shipment=ShipmentFactory(order=order, tracking_number="LOCAL-7"), order_line=_lines(order)[1])

    page = admin_client.get(reverse("admin:orders_order_change", args=[order.pk])).content.decode()

    assert "UPS (" in page and 'href="https://www.ups.com/' in page
    assert "Not recognised: the buyer sees the number without a tracking link." in page
    assert f"{reverse('admin:orders_shipment_add')}?order={order.pk}" in page


# --- recording shipments --------------------------------------------------------------------------------------------


def test_recording_shipments_moves_the_order_to_partially_shipped_then_shipped(admin_client, order):
    first, second = _lines(order)
    lot = LotFactory(product=first.product, number="L24-117")

    partial = _add_shipment(admin_client, order, [(first, 3, lot), (second, 1, None)])

    assert partial.status_code == 302, partial.content.decode()[:3000]
    shipment = Shipment.objects.get(order=order)
    assert [(row.order_line_id, row.quantity, row.lot_id) for row in shipment.lines.order_by("pk")] == [
        (first.pk, 3, lot.pk),
        (second.pk, 1, None),
    ]
    assert _status(order) == OrderStatus.PARTIALLY_SHIPPED

    rest = _add_shipment(admin_client, order, [(second, 1, None)], tracking="LOCAL-7")

    assert rest.status_code == 302, rest.content.decode()[:3000]
    assert _status(order) == OrderStatus.SHIPPED


def test_over_shipping_a_line_across_shipments_is_refused(admin_client, order):
    first, second = _lines(order)
    ShipmentLineFactory(shipment=ShipmentFactory(order=order), order_line=first, quantity=2)

    response = _add_shipment(admin_client, order, [(first, 2, None), (second, 2, None)])

    assert response.status_code == 200
    page = response.content.decode()
    assert f"{first.sku}: 3 ordered, 2 shipped in other shipments — at most 1 more can ship." in page
    assert Shipment.objects.filter(order=order).count() == 1
    assert ShipmentLine.objects.filter(order_line__order=order).count() == 1


def test_the_same_line_twice_in_one_shipment_counts_both(admin_client, order):
    first, _ = _lines(order)

    response = _add_shipment(admin_client, order, [(first, 2, None), (first, 2, None)])

    assert response.status_code == 200
    assert (
        f"{first.sku}: 3 ordered, 0 shipped in other shipments — at most 3 more can ship." in response.content.decode()
    )
    assert not Shipment.objects.exists()


def test_a_lot_of_another_product_is_refused(admin_client, order):
    first, second = _lines(order)
    lot_of_second = LotFactory(product=second.product, number="L-WRONG")

    response = _add_shipment(admin_client, order, [(first, 1, lot_of_second)])

    assert response.status_code == 200
    assert f"Lot L-WRONG is not a lot of the product of {first.sku}." in response.content.decode()
    assert not Shipment.objects.exists()
    assert _status(order) == OrderStatus.AWAITING_FULFILLMENT


def test_a_line_of_another_order_cannot_be_shipped(admin_client, order):
    other_line = OrderFactory(lines=1).lines.get()

    response = _add_shipment(admin_client, order, [(other_line, 1, None)])

    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert not Shipment.objects.exists()


def test_a_shipment_needs_a_line(admin_client, order):
    response = _add_shipment(admin_client, order, [])

    assert response.status_code == 200
    assert "Add the lines that went in this shipment." in response.content.decode()
    assert not Shipment.objects.exists()


def test_changing_and_deleting_a_shipment_refreshes_the_status(admin_client, order):
    first, second = _lines(order)
    assert _add_shipment(admin_client, order, [(first, 3, None), (second, 2, None)]).status_code == 302
    shipment = Shipment.objects.get(order=order)
    row_first, row_second = shipment.lines.order_by("pk")
    assert _status(order) == OrderStatus.SHIPPED
    change = {
        "carrier": "UPS", "tracking_number": "1Z999AA10123456784", "shipped_at_0": "2025-06-02",
        "shipped_at_1": "09:30:00", "comment": "Second box lost",
        "lines-TOTAL_FORMS": "2", "lines-INITIAL_FORMS": "2", "lines-MIN_NUM_FORMS": "0", "lines-MAX_NUM_FORMS": "1000",
        "lines-0-id": str(row_first.pk), "lines-0-shipment": str(shipment.pk), "lines-0-order_line": str(first.pk),
        "lines-0-quantity": "3", "lines-0-lot": "",
        "lines-1-id": str(row_second.pk), "lines-1-shipment": str(shipment.pk), "lines-1-order_line": str(second.pk),
        "lines-1-quantity": "2", "lines-1-lot": "", "lines-1-DELETE": "on",
    }  # fmt: skip

    changed = admin_client.post(reverse("admin:orders_shipment_change", args=[shipment.pk]), change)

    assert changed.status_code == 302, changed.content.decode()[:3000]
    assert _status(order) == OrderStatus.PARTIALLY_SHIPPED

    deleted = admin_client.post(reverse("admin:orders_shipment_delete", args=[shipment.pk]), {"post": "yes"})

    assert deleted.status_code == 302
    assert _status(order) == OrderStatus.AWAITING_FULFILLMENT


def test_nothing_ships_on_a_cancelled_order(admin_client, order):
    Order.objects.filter(pk=order.pk).update(status=OrderStatus.CANCELLED)

    response = _add_shipment(admin_client, order, [(_lines(order)[0], 1, None)])

    assert response.status_code == 200
    assert f"Order #{order.number} is cancelled: nothing ships on it." in response.content.decode()
    assert not Shipment.objects.exists()


# --- completing and cancelling --------------------------------------------------------------------------------------


def _action(admin_client, action: str, orders: list[Order]):
    return admin_client.post(
        reverse("admin:orders_order_changelist"),
        {"action": action, "_selected_action": [o.pk for o in orders]},
        follow=True,
    )


def test_staff_mark_orders_completed(admin_client, order):
    cancelled = OrderFactory(lines=1, status=OrderStatus.CANCELLED)

    response = _action(admin_client, "mark_completed", [order, cancelled])

    page = response.content.decode()
    assert "1 order marked completed." in page
    assert f"Order #{cancelled.number} is cancelled: it cannot be completed." in page
    assert (_status(order), _status(cancelled)) == (OrderStatus.COMPLETED, OrderStatus.CANCELLED)
    event = AuditEvent.objects.get(action="order_completed")
    assert (event.company.name, event.object_id, event.changes) == (
        "Acme Labs",
        str(order.pk),
        {"status": ["awaiting_fulfillment", "completed"]},
    )


def test_cancelling_an_order_with_shipments_is_refused_and_changes_nothing(admin_client, order):
    first, _ = _lines(order)
    ShipmentLineFactory(shipment=ShipmentFactory(order=order), order_line=first, quantity=1)
    Order.objects.filter(pk=order.pk).update(status=OrderStatus.PARTIALLY_SHIPPED)
    unshipped = OrderFactory(lines=1)

    response = _action(admin_client, "cancel", [order, unshipped])

    page = response.content.decode()
    assert (
        f"Order #{order.number} has shipments: it cannot be cancelled. Delete its shipments first if they never left."
        in page
    )
    assert "1 order cancelled." in page
    assert (_status(order), _status(unshipped)) == (OrderStatus.PARTIALLY_SHIPPED, OrderStatus.CANCELLED)
    assert not AuditEvent.objects.filter(action="order_cancelled", object_id=str(order.pk)).exists()


def test_the_status_is_not_edited_on_the_order_form(admin_client, order):
    response = admin_client.post(
        reverse("admin:orders_order_change", args=[order.pk]), {"status": "shipped", **_no_inlines()}
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    assert _status(order) == OrderStatus.AWAITING_FULFILLMENT


def _no_inlines() -> dict:
    data = {}
    for prefix, total in (("lines", 0), ("shipments", 0)):
        data.update({f"{prefix}-TOTAL_FORMS": str(total), f"{prefix}-INITIAL_FORMS": str(total),
                     f"{prefix}-MIN_NUM_FORMS": "0", f"{prefix}-MAX_NUM_FORMS": "1000"})  # fmt: skip
    return data


# --- certificates and safety data sheets ----------------------------------------------------------------------------


def _lot_form(product: Product, upload) -> dict:
    return {"product": str(product.pk), "number": "L25-001", "manufactured_on": "2025-01-10",
            "expires_on": "2027-01-10", "certificate": upload}  # fmt: skip


def test_a_lots_certificate_is_a_pdf_kept_private_with_its_name(admin_client, order):
    product = _lines(order)[0].product

    response = admin_client.post(
        reverse("admin:orders_lot_add"), _lot_form(product, SimpleUploadedFile("CoA L25-001.pdf", PDF_BYTES))
    )

    assert response.status_code == 302, response.content.decode()[:3000]
    lot = Lot.objects.get(number="L25-001")
    assert lot.certificate_name == "CoA L25-001.pdf"
    assert lot.certificate.name.startswith("orders/certificates/") and lot.certificate.name.endswith(".pdf")
    with pytest.raises(ValueError, match="no public URL"):
        _ = lot.certificate.url
    change_page = admin_client.get(reverse("admin:orders_lot_change", args=[lot.pk])).content.decode()
    download_url = reverse("admin:orders_lot_certificate", args=[lot.pk])
    assert f'href="{download_url}"' in change_page and "CoA L25-001.pdf" in change_page
    download = admin_client.get(download_url)
    assert download.status_code == 200
    assert b"".join(download.streaming_content) == PDF_BYTES
    assert download["Content-Disposition"] == 'attachment; filename="CoA L25-001.pdf"'


@pytest.mark.parametrize(
    ("name", "content"),
    [("notes.txt", b"plain text"), ("fake.pdf", b"plain text, named .pdf"), ("scan.png", PDF_BYTES)],
    ids=["text", "text-named-pdf", "pdf-named-png"],
)
def test_a_certificate_that_is_not_a_pdf_is_refused(admin_client, order, name, content):
    product = _lines(order)[0].product

    response = admin_client.post(reverse("admin:orders_lot_add"), _lot_form(product, SimpleUploadedFile(name, content)))

    assert response.status_code == 200
    assert "Upload a PDF: a file named .pdf whose content is a PDF." in response.content.decode()
    assert not Lot.objects.exists()


def test_a_products_safety_data_sheet_is_a_pdf_kept_private_with_its_name(admin_client, demo_store):
    refused = admin_client.post(
        reverse("admin:pricing_product_add"),
        _product_form(safety_data_sheet=SimpleUploadedFile("sds.pdf", b"<html>not a pdf</html>")),
    )
    accepted = admin_client.post(
        reverse("admin:pricing_product_add"),
        _product_form(safety_data_sheet=SimpleUploadedFile("SDS acetonitrile.pdf", PDF_BYTES)),
    )

    assert refused.status_code == 200
    assert "Upload a PDF: a file named .pdf whose content is a PDF." in refused.content.decode()
    assert accepted.status_code == 302, accepted.content.decode()[:3000]
    product = Product.objects.get(sku="HS-5120")
    assert product.safety_data_sheet_name == "SDS acetonitrile.pdf"
    assert product.safety_data_sheet.name.startswith("catalog/sds/")
    download = admin_client.get(reverse("admin:pricing_product_safety_data_sheet", args=[product.pk]))
    assert b"".join(download.streaming_content) == PDF_BYTES
    page = admin_client.get(reverse("admin:pricing_product_change", args=[product.pk])).content.decode()
    assert "SDS acetonitrile.pdf" in page


def test_the_shipment_time_is_read_in_the_store_time_zone(admin_client, order):
    assert _add_shipment(admin_client, order, [(_lines(order)[0], 1, None)]).status_code == 302

    assert Shipment.objects.get().shipped_at == datetime.datetime(2025, 6, 2, 9, 30, tzinfo=datetime.UTC)
