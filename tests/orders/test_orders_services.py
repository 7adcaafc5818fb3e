"""The status of an order follows its shipments (orders.services, issue 17); staff's completion and cancellation."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from orders.models import OrderStatus, Shipment
from orders.services import (
    ShipmentLineData,
    order_cancel,
    order_complete,
    order_status_refresh,
    shipment_create,
)
from tests.factories.orders import LotFactory, OrderFactory, ShipmentFactory, ShipmentLineFactory

pytestmark = pytest.mark.django_db


def _ship(order, line, quantity):
    ShipmentLineFactory(shipment=ShipmentFactory(order=order), order_line=line, quantity=quantity)
    return order_status_refresh(order=order).status


@pytest.mark.parametrize(
    ("before", "shipped", "after"),
    [
        (OrderStatus.AWAITING_FULFILLMENT, 1, OrderStatus.PARTIALLY_SHIPPED),
        (OrderStatus.AWAITING_FULFILLMENT, 4, OrderStatus.SHIPPED),
        (OrderStatus.AWAITING_PAYMENT, 4, OrderStatus.SHIPPED),
        (OrderStatus.AWAITING_PAYMENT, 0, OrderStatus.AWAITING_PAYMENT),
        (OrderStatus.SHIPPED, 0, OrderStatus.AWAITING_FULFILLMENT),  # its shipments were deleted
        (OrderStatus.COMPLETED, 1, OrderStatus.COMPLETED),  # staff's decisions stay
        (OrderStatus.COMPLETED, 0, OrderStatus.COMPLETED),
        (OrderStatus.CANCELLED, 0, OrderStatus.CANCELLED),
    ],
    ids=lambda value: str(value),
)
def test_the_status_follows_the_shipped_quantities(before, shipped, after):
    order = OrderFactory(status=before, lines=[{"quantity": 4}])
    line = order.lines.get()

    status = _ship(order, line, shipped) if shipped else order_status_refresh(order=order).status

    assert status == after


def test_every_line_must_be_fully_shipped_for_shipped():
    order = OrderFactory(lines=[{"quantity": 2}, {"quantity": 1}])
    first, second = order.lines.order_by("pk")

    assert _ship(order, first, 2) == OrderStatus.PARTIALLY_SHIPPED
    assert _ship(order, second, 1) == OrderStatus.SHIPPED


def test_shipment_create_records_lines_and_lots_and_refreshes_the_status():
    order = OrderFactory(lines=[{"quantity": 2}])
    line = order.lines.get()
    lot = LotFactory(product=line.product)

    shipment = shipment_create(
        order=order, carrier="DHL", tracking_number="JJD000390007827614", shipped_at=timezone.now(),
        lines=[ShipmentLineData(order_line_id=line.pk, quantity=2, lot_id=lot.pk)],
    )  # fmt: skip

    assert [(row.order_line_id, row.quantity, row.lot_id) for row in shipment.lines.all()] == [(line.pk, 2, lot.pk)]
    order.refresh_from_db()
    assert order.status == OrderStatus.SHIPPED


def test_shipment_create_refuses_over_shipping_and_changes_nothing():
    order = OrderFactory(lines=[{"quantity": 2}])
    line = order.lines.get()

    with pytest.raises(ValidationError) as refused:
        shipment_create(
            order=order, shipped_at=timezone.now(), lines=[ShipmentLineData(order_line_id=line.pk, quantity=3)]
        )

    assert refused.value.message_dict == {
        "0": [f"{line.sku}: 2 ordered, 0 shipped in other shipments — at most 2 more can ship."]
    }
    assert not Shipment.objects.exists()
    order.refresh_from_db()
    assert order.status == OrderStatus.AWAITING_FULFILLMENT


def test_complete_and_cancel_refuse_what_they_cannot_undo():
    shipped = OrderFactory(lines=1)
    _ship(shipped, shipped.lines.get(), 1)
    completed = OrderFactory(lines=1, status=OrderStatus.COMPLETED)
    cancelled = OrderFactory(lines=1, status=OrderStatus.CANCELLED)

    refusals = []
    for call, order in [(order_cancel, shipped), (order_cancel, completed), (order_complete, cancelled),
                        (order_complete, completed), (order_cancel, cancelled)]:  # fmt: skip
        with pytest.raises(ValidationError) as refused:
            call(order=order)
        refusals.append(refused.value.code)

    assert refusals == ["shipped", "completed", "cancelled", "already_completed", "already_cancelled"]
    for order in (shipped, completed, cancelled):
        order.refresh_from_db()
    assert [o.status for o in (shipped, completed, cancelled)] == [
        OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.CANCELLED,
    ]  # fmt: skip
    assert order_complete(order=shipped).status == OrderStatus.COMPLETED
