"""Factories of the orders tests (issue 17): orders with their lines, lots, shipments and shipment lines.

`OrderFactory(placed_by=user, company=company, lines=[{...}, …])` builds an order with lines (each a dict of
OrderLineFactory fields; an int n builds n default lines) and totals that add up; its number is 100000 + its id, as
checkout numbers them. A line buys a variant of a product of its own unless given one."""

from __future__ import annotations

import datetime
from decimal import Decimal

import factory
from django.utils import timezone

from orders.models import Lot, Order, OrderLine, OrderStatus, PaymentMethod, Shipment, ShipmentLine
from orders.services import FIRST_ORDER_NUMBER
from tests.factories.pricing import ProductFactory, VariantFactory


def _address(order) -> dict:
    user = order.placed_by
    return {
        "first_name": user.first_name if user else "Ada",
        "last_name": user.last_name if user else "Chen",
        "company": order.company.name if order.company else "",
        "address_line1": "1 Science Park",
        "address_line2": "",
        "city": "Boston",
        "state": "MA",
        "zip_code": "02115",
        "country_code": "US",
        "phone": "+1 617 555 0100",
    }


class OrderFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Order
        skip_postgeneration_save = True

    company = None
    placed_by = None
    customer_email = factory.LazyAttribute(lambda o: o.placed_by.email if o.placed_by else "guest@example.test")
    status = OrderStatus.AWAITING_FULFILLMENT
    currency_code = "USD"
    subtotal = Decimal("0.00")
    tax_total = Decimal("0.00")
    shipping_total = Decimal("25.00")
    grand_total = Decimal("25.00")
    payment_method = PaymentMethod.PURCHASE_ORDER
    po_number = factory.Sequence(lambda n: f"PO-{n:04d}")
    billing_address = factory.LazyAttribute(_address)
    shipping_address = factory.LazyAttribute(_address)

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        if kwargs.get("number"):
            return super()._create(model_class, *args, **kwargs)
        order = super()._create(model_class, *args, number=0, **kwargs)
        order.number = FIRST_ORDER_NUMBER + order.pk
        Order.objects.filter(pk=order.pk).update(number=order.number)
        return order

    @factory.post_generation
    def lines(obj, create, extracted, **kwargs):
        """lines=[{"quantity": 2, …}, …] or lines=3; none by default."""
        if not create or not extracted:
            return
        specs = [{} for _ in range(extracted)] if isinstance(extracted, int) else extracted
        rows = [OrderLineFactory(order=obj, **spec) for spec in specs]
        obj.subtotal = sum((row.line_total for row in rows), Decimal(0))
        obj.tax_total = sum((row.line_tax for row in rows), Decimal(0))
        obj.grand_total = obj.subtotal + obj.tax_total + obj.shipping_total
        Order.objects.filter(pk=obj.pk).update(
            subtotal=obj.subtotal, tax_total=obj.tax_total, grand_total=obj.grand_total
        )


class OrderLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = OrderLine

    order = factory.SubFactory(OrderFactory)
    variant = factory.SubFactory(VariantFactory)
    product = factory.SelfAttribute("variant.product")
    sku = factory.LazyAttribute(lambda line: line.variant.sku if line.variant else "TP-GONE")
    name = factory.LazyAttribute(lambda line: line.product.name if line.product else "A product no longer sold")
    quantity = 1
    unit_price = Decimal("10.00")
    unit_tax = Decimal("0.63")
    line_total = factory.LazyAttribute(lambda line: line.unit_price * line.quantity)
    line_tax = factory.LazyAttribute(lambda line: line.unit_tax * line.quantity)


class LotFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Lot

    product = factory.SubFactory(ProductFactory)
    number = factory.Sequence(lambda n: f"L{24000 + n}")
    manufactured_on = datetime.date(2025, 1, 15)
    expires_on = datetime.date(2027, 1, 15)


class ShipmentFactory(factory.django.DjangoModelFactory):
    """A shipment without lines; add ShipmentLineFactory rows (then orders.services.order_status_refresh)."""

    class Meta:
        model = Shipment

    order = factory.SubFactory(OrderFactory)
    carrier = "UPS"
    tracking_number = "1Z999AA10123456784"
    shipped_at = factory.LazyFunction(lambda: timezone.now() - datetime.timedelta(days=1))


class ShipmentLineFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = ShipmentLine

    shipment = factory.SubFactory(ShipmentFactory)
    order_line = factory.SubFactory(OrderLineFactory, order=factory.SelfAttribute("..shipment.order"))
    quantity = factory.LazyAttribute(lambda row: row.order_line.quantity)
    lot = None
