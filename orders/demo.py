"""Demo orders (issue 17): Acme Labs (its senior buyer and its admin), Globex Research and the individual customer have
orders in every status — awaiting payment, awaiting fulfillment, partially shipped, shipped, completed and cancelled.
The shipped ones went with UPS, FedEx, USPS, DHL Express or an international post (S10), with tracking numbers the
tracking engine recognises; their lines came from lots, most with a certificate of analysis, and every chemical they
hold carries a safety data sheet of the 16 GHS sections, hazardous or not (orders.demo_documents writes both).

The lines are priced as the buyer's customer group paid for them when the demo is seeded, with the options (and their
`raw_options`) the products offer, so Reorder puts them back into a cart. Orders go through `order_create` and
`shipment_create`, the services checkout and staff use. Idempotent: a buyer who already has orders (demo or real) is
left alone; a lot is made once (by product and number), a certificate or sheet only where there is none.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field
from decimal import Decimal

from django.core.files.base import ContentFile
from django.db import transaction
from django.db.models import Prefetch, Q
from django.utils import timezone

from accounts.models import User
from orders.demo_documents import certificate_pdf, profile_of, safety_data_sheet_pdf, store_for_documents
from orders.models import Lot, Order, OrderStatus, PaymentMethod
from orders.purchased_summary import purchased_products_refresh
from orders.services import OrderLineData, ShipmentLineData, order_create, shipment_create
from pricing import calculation
from pricing.models import OptionType, OptionValue, Product, ProductOption, ProductVariant
from pricing.options import describe_selections

CENT = Decimal("0.01")
# The storefront's shipping when the demo orders were "placed": flat, free from a subtotal (storefront.selectors).
FLAT_SHIPPING, FREE_SHIPPING_FROM = Decimal("25.00"), Decimal("500.00")


@dataclass(frozen=True)
class DemoLine:
    sku: str  # the variant's SKU
    quantity: int
    options: dict[str, str] = field(default_factory=dict)  # modifier option name → value label (or text)


@dataclass(frozen=True)
class DemoParcel:
    """A shipment: the carrier as staff typed it, its tracking number, days before today, and what it held —
    (line index, quantity, lot number or "")."""

    carrier: str
    tracking_number: str
    days_ago: int
    lines: tuple[tuple[int, int, str], ...]
    comment: str = ""


@dataclass(frozen=True)
class DemoOrder:
    buyer: str
    status: str
    days_ago: int
    lines: tuple[DemoLine, ...]
    parcels: tuple[DemoParcel, ...] = ()
    po_number: str = ""
    payment_method: str = PaymentMethod.PURCHASE_ORDER
    message: str = ""


@dataclass(frozen=True)
class DemoLot:
    sku: str  # the product's catalog number
    number: str
    manufactured_days_ago: int
    shelf_life_days: int
    certificate: bool = True


# Tracking numbers from the carriers' published formats (tracking/carriers.json samples), each recognised by the engine.
UPS, UPS_2 = "1Z999AA10123456784", "1Z12345E0205271686"
FEDEX, FEDEX_2 = "986578788855", "773456789057"
USPS = "9400100000000000000006"
DHL_EXPRESS = "3318810025"
POST_S10 = "RR123456785DE"

DEMO_LOTS = (
    DemoLot("HS-1001", "EA-24-1107", 120, 730),
    DemoLot("HS-1001", "EA-25-0203", 40, 730),
    DemoLot("HS-1055", "SC-24-0913", 200, 1460),
    DemoLot("HS-1030", "TB-24-0588", 150, 1095, certificate=False),
    DemoLot("HS-1006", "DM-25-0117", 60, 730),
    DemoLot("HS-2001", "AB-25-0042", 30, 365),
    DemoLot("HS-1080", "AG-24-1201", 90, 1095),
)

ETHANOL_COA = {"Printed certificate of analysis": "Yes"}
DEMO_ORDERS = (
    # Acme Labs: Sam Senior and Alice Admin.
    DemoOrder(
        "senior@acme.test", OrderStatus.SHIPPED, 21,
        (DemoLine("HS-1001-1L", 4, ETHANOL_COA), DemoLine("HS-1055-500G", 2), DemoLine("HS-1030-500G", 1)),
        (DemoParcel("UPS", UPS, 18, ((0, 4, "EA-24-1107"), (1, 2, "SC-24-0913"), (2, 1, "TB-24-0588"))),),
        po_number="PO-ACME-2611", message="Deliver to the receiving dock, please.",
    ),
    DemoOrder(
        "senior@acme.test", OrderStatus.PARTIALLY_SHIPPED, 6,
        (DemoLine("HS-1006-500ML", 2), DemoLine("HS-2001-100UG", 1, {"Lot reference (optional)": "Same as AB-24-0911"}),
         DemoLine("HS-1080-100G", 3)),
        (DemoParcel("FedEx", FEDEX, 4, ((0, 2, "DM-25-0117"), (2, 3, "AG-24-1201")),
                    comment="The antibody ships cold, separately."),),
        po_number="PO-ACME-2650",
    ),
    DemoOrder(
        "senior@acme.test", OrderStatus.COMPLETED, 75,
        (DemoLine("HS-1001-2.5L", 2), DemoLine("HS-1002-1L", 6)),
        (DemoParcel("DHL Express", DHL_EXPRESS, 72, ((0, 2, "EA-24-1107"), (1, 6, ""))),),
        po_number="PO-ACME-2417",
    ),
    DemoOrder(
        "senior@acme.test", OrderStatus.AWAITING_FULFILLMENT, 1,
        (DemoLine("HS-1001-500ML", 6), DemoLine("HS-1043-500G", 1)),
        po_number="PO-ACME-2671",
    ),
    DemoOrder(
        "admin@acme.test", OrderStatus.SHIPPED, 34,
        (DemoLine("HS-4006", 1, {"Warranty": "3 years", "Calibration certificate": "Yes"}),),
        (DemoParcel("USPS", USPS, 31, ((0, 1, ""),)),),
        po_number="PO-ACME-2588",
    ),
    DemoOrder(
        "admin@acme.test", OrderStatus.AWAITING_PAYMENT, 2,
        (DemoLine("HS-1003-2.5L", 4),), po_number="PO-ACME-2668",
    ),
    DemoOrder(
        "admin@acme.test", OrderStatus.CANCELLED, 50,
        (DemoLine("HS-1055-1KG", 10),), po_number="PO-ACME-2490", message="Ordered twice by mistake.",
    ),
    # Globex Research: Grace Globex.
    DemoOrder(
        "admin@globex.test", OrderStatus.SHIPPED, 14,
        (DemoLine("HS-1002-2.5L", 8), DemoLine("HS-1003-2.5L", 8)),
        (DemoParcel("UPS Freight", UPS_2, 12, ((0, 8, ""), (1, 8, ""))),),
        po_number="GX-88213",
    ),
    DemoOrder(
        "admin@globex.test", OrderStatus.PARTIALLY_SHIPPED, 9,
        (DemoLine("HS-1001-2.5L", 6), DemoLine("HS-1055-1KG", 4)),
        (DemoParcel("FedEx", FEDEX_2, 7, ((0, 3, "EA-25-0203"),)),),
        po_number="GX-88240",
    ),
    DemoOrder(
        "admin@globex.test", OrderStatus.COMPLETED, 60,
        (DemoLine("HS-1006-1L", 2), DemoLine("HS-1030-1KG", 2)),
        (DemoParcel("Deutsche Post", POST_S10, 55, ((0, 2, "DM-25-0117"), (1, 2, "TB-24-0588"))),),
        po_number="GX-87710",
    ),
    DemoOrder("admin@globex.test", OrderStatus.AWAITING_FULFILLMENT, 3, (DemoLine("HS-1080-500G", 2),),
              po_number="GX-88262"),
    DemoOrder("admin@globex.test", OrderStatus.AWAITING_PAYMENT, 1, (DemoLine("HS-1001-1L", 10, ETHANOL_COA),),
              po_number="GX-88270"),
    DemoOrder("admin@globex.test", OrderStatus.CANCELLED, 40, (DemoLine("HS-1002-1L", 12),), po_number="GX-87902"),
    # Ivy Individual, paying by the test card.
    DemoOrder(
        "b2c@demo.test", OrderStatus.SHIPPED, 10, (DemoLine("HS-1055-100G", 1), DemoLine("HS-1001-100ML", 2)),
        (DemoParcel("USPS", "9301234567890123456789", 8, ((0, 1, "SC-24-0913"), (1, 2, "EA-25-0203"))),),
        payment_method=PaymentMethod.TEST_CARD,
    ),
    DemoOrder(
        "b2c@demo.test", OrderStatus.COMPLETED, 45, (DemoLine("HS-1080-25G", 2),),
        (DemoParcel("UPS", "1Z5R89390307567122", 43, ((0, 2, "AG-24-1201"),)),),
        payment_method=PaymentMethod.TEST_CARD,
    ),
    DemoOrder(
        "b2c@demo.test", OrderStatus.PARTIALLY_SHIPPED, 5, (DemoLine("HS-1030-100G", 1), DemoLine("HS-1006-100ML", 1)),
        (DemoParcel("DHL Express", "1234567891", 3, ((0, 1, "TB-24-0588"),)),),
        payment_method=PaymentMethod.TEST_CARD,
    ),
    DemoOrder("b2c@demo.test", OrderStatus.AWAITING_FULFILLMENT, 2, (DemoLine("HS-1043-100G", 1),),
              payment_method=PaymentMethod.TEST_CARD),
    DemoOrder("b2c@demo.test", OrderStatus.AWAITING_PAYMENT, 0, (DemoLine("HS-1002-500ML", 2),),
              payment_method=PaymentMethod.TEST_CARD),
    DemoOrder("b2c@demo.test", OrderStatus.CANCELLED, 30, (DemoLine("HS-1001-500ML", 1),),
              payment_method=PaymentMethod.TEST_CARD, message="Please cancel: found a bottle in the cupboard."),
)  # fmt: skip


# --- small PDFs ----------------------------------------------------------------------------------------------------


def _pdf_text(text: str) -> str:
    encoded = text.replace("≥", ">=").replace("µ", "u").encode("cp1252", errors="replace").decode("cp1252")
    return encoded.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def simple_pdf(*, title: str, lines: list[str]) -> bytes:
    """A one-page PDF with a heading and lines of text (Helvetica, no fonts embedded): a real document any reader
    opens, written in a few microseconds — WeasyPrint would take a good part of a second per file."""
    commands = [f"BT /F2 16 Tf 56 780 Td ({_pdf_text(title)}) Tj ET", "BT /F1 10.5 Tf 56 750 Td 15 TL"]
    commands += [f"({_pdf_text(line)}) Tj T*" for line in lines]
    commands.append("ET")
    content = "\n".join(commands).encode("cp1252", errors="replace")
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> "
        b"/Contents 6 0 R >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        b"<< /Title (" + _pdf_text(title).encode("cp1252", errors="replace") + b") /Producer (Helix Scientific) >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info 7 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


# --- seeding -------------------------------------------------------------------------------------------------------


def _variants(skus: set[str]) -> dict[str, ProductVariant]:
    options = ProductOption.objects.order_by("sort_order", "pk").prefetch_related(
        Prefetch("values", queryset=OptionValue.objects.order_by("sort_order", "pk"))
    )
    variants = ProductVariant.objects.filter(sku__in=skus, product__is_visible=True).select_related("product")
    variants = variants.prefetch_related(
        Prefetch("option_values", queryset=OptionValue.objects.select_related("option")),
        Prefetch("product__options", queryset=options),
    )
    return {variant.sku: variant for variant in variants}


def _raw_options(variant: ProductVariant, line: DemoLine) -> list[list]:
    """The modifier options as the cart holds them: [[option id, value id (or text)], …] by option id."""
    chosen = []
    for option in variant.product.options.all():
        if option.is_variant_option or option.display_name not in line.options:
            continue
        wanted = line.options[option.display_name]
        if option.type in (OptionType.TEXT, OptionType.MULTI_LINE_TEXT):
            chosen.append([option.pk, wanted])
            continue
        value = next((v for v in option.values.all() if v.label == wanted), None)
        if value is not None:
            chosen.append([option.pk, str(value.pk)])
    return sorted(chosen, key=lambda pair: pair[0])


def _option_labels(variant: ProductVariant, raw_options: list[list]) -> list[dict]:
    """The options as the order shows them: the variant's (pack size) first, then the modifiers chosen."""
    labels = [{"name": v.option.display_name, "value": v.label} for v in variant.option_values.all()]
    chosen = describe_selections(options=variant.product.options.all(), selections={int(k): v for k, v in raw_options})
    return labels + [{"name": c.display_name, "value": c.value} for c in chosen]


def _address(user: User) -> dict:
    """The checkout form's address (orders.selectors.ORDER_ADDRESS_KEYS): the company's, or the customer's home."""
    membership = getattr(user, "membership", None)
    if membership is not None:
        company = membership.company
        return {
            "first_name": user.first_name, "last_name": user.last_name, "company": company.name,
            "address_line1": company.address_line1, "address_line2": "", "city": company.city, "state": company.state,
            "zip_code": company.zip_code, "country_code": company.country_code or "US", "phone": company.phone,
        }  # fmt: skip
    return {
        "first_name": user.first_name, "last_name": user.last_name, "company": "", "address_line1": "22 Maple Street",
        "address_line2": "Apartment 3", "city": "Cambridge", "state": "MA", "zip_code": "02139", "country_code": "US",
        "phone": user.phone,
    }  # fmt: skip


def seed_lots() -> dict[tuple[int, str], Lot]:
    """The demo lots, each with its certificate unless it has one (or the demo gives it none); and the safety data
    sheet of every chemical the demo lots and orders hold, where a product has none."""
    ordered = {line.sku for spec in DEMO_ORDERS for line in spec.lines}
    wanted = Q(sku__in={lot.sku for lot in DEMO_LOTS}) | Q(variants__sku__in=ordered)
    products = {p.sku: p for p in Product.objects.filter(wanted).distinct()}
    today = timezone.localdate()
    store = store_for_documents()
    lots = {}
    for spec in DEMO_LOTS:
        product = products.get(spec.sku)
        if product is None:
            continue
        manufactured = today - datetime.timedelta(days=spec.manufactured_days_ago)
        lot, _ = Lot.objects.get_or_create(
            product=product,
            number=spec.number,
            defaults={
                "manufactured_on": manufactured,
                "expires_on": manufactured + datetime.timedelta(days=spec.shelf_life_days),
            },
        )
        if spec.certificate and not lot.certificate:
            lot.certificate_name = f"CoA {spec.sku} lot {spec.number}.pdf"
            lot.certificate.save("certificate.pdf", ContentFile(certificate_pdf(lot, store=store)), save=False)
            lot.save(update_fields=["certificate", "certificate_name"])
        lots[(product.pk, spec.number)] = lot
    for product in sorted(products.values(), key=lambda p: p.sku):
        # A chemical has a sheet whether it is hazardous or not; an instrument or an antibody without a CAS number
        # has none in the demo.
        if product.safety_data_sheet or profile_of(product.cas_number) is None:
            continue
        product.safety_data_sheet_name = f"SDS {product.sku} (EN).pdf"
        sheet = safety_data_sheet_pdf(product, revised_on=today.replace(day=1), store=store)
        product.safety_data_sheet.save("sds.pdf", ContentFile(sheet), save=False)
        product.save(update_fields=["safety_data_sheet", "safety_data_sheet_name"])
    return lots


def _prices(specs, users: dict[str, User], variants: dict[str, ProductVariant]) -> dict:
    """(customer group, variant id, options, quantity) → the price result, one price call per customer group."""
    pricing = calculation.store_pricing(currency_code=None)
    by_group: dict = {}
    for spec in specs:
        group = _group_of(users[spec.buyer])
        for line in spec.lines:
            variant = variants.get(line.sku)
            if variant is not None:
                by_group.setdefault(group, []).append((variant, _raw_options(variant, line), line.quantity))
    prices = {}
    for group, items in by_group.items():
        results = calculation.price_items(
            items=[
                calculation.PriceRequestItem(product_id=v.product_id, variant_id=v.pk, quantity=q, options=o)
                for v, o, q in items
            ],
            customer_group_id=group,
            currency_code=None,
            pricing=pricing,
        )
        for (variant, options, quantity), result in zip(items, results, strict=True):
            prices[(group, variant.pk, tuple(map(tuple, options)), quantity)] = result
    return prices


def _group_of(user: User) -> int | None:
    membership = getattr(user, "membership", None)
    return membership.company.customer_group_id if membership is not None else user.customer_group_id


def _place(spec: DemoOrder, user: User, variants: dict, prices: dict, lots: dict) -> Order | None:
    group = _group_of(user)
    lines, used = [], []
    for index, demo_line in enumerate(spec.lines):
        variant = variants.get(demo_line.sku)
        if variant is None:
            continue
        raw = _raw_options(variant, demo_line)
        price = prices[(group, variant.pk, tuple(map(tuple, raw)), demo_line.quantity)].calculated_price
        lines.append(
            OrderLineData(
                product_id=variant.product_id, variant_id=variant.pk, sku=variant.sku, name=variant.product.name,
                quantity=demo_line.quantity, unit_price=price.tax_exclusive.quantize(CENT),
                unit_tax=(price.tax_inclusive - price.tax_exclusive).quantize(CENT),
                options=_option_labels(variant, raw), raw_options=raw,
            )
        )  # fmt: skip
        used.append(index)
    if not lines:
        return None
    subtotal = sum((line.unit_price * line.quantity for line in lines), Decimal(0))
    membership = getattr(user, "membership", None)
    order = order_create(
        company=membership.company if membership is not None else None,
        placed_by=user,
        customer_email=user.email,
        currency_code="USD",
        exchange_rate=Decimal(1),
        lines=lines,
        shipping_total=Decimal(0) if subtotal >= FREE_SHIPPING_FROM else FLAT_SHIPPING,
        payment_method=spec.payment_method,
        po_number=spec.po_number,
        billing_address=_address(user),
        shipping_address=_address(user),
        customer_message=spec.message,
    )
    placed_at = timezone.now() - datetime.timedelta(days=spec.days_ago, hours=3)
    order_lines = dict(zip(used, order.lines.order_by("pk"), strict=True))
    for parcel in spec.parcels:
        shipment_lines = [
            ShipmentLineData(
                order_line_id=order_lines[index].pk,
                quantity=quantity,
                lot_id=lots[(order_lines[index].product_id, lot_number)].pk if lot_number else None,
            )
            for index, quantity, lot_number in parcel.lines
            if index in order_lines
        ]  # fmt: skip
        if shipment_lines:
            shipment_create(
                order=order, carrier=parcel.carrier, tracking_number=parcel.tracking_number,
                shipped_at=timezone.now() - datetime.timedelta(days=parcel.days_ago), comment=parcel.comment,
                lines=shipment_lines,
            )  # fmt: skip
    # What staff decided afterwards (completed, cancelled), or what the payment still waits for; and when.
    Order.objects.filter(pk=order.pk).update(status=spec.status, created_at=placed_at)
    purchased_products_refresh(orders=[order])  # the summary's dates and cancellations follow (issue 38)
    return order


@transaction.atomic
def seed_orders() -> int:
    """Create the demo orders of the demo buyers who have none yet. Returns how many were made."""
    lots = seed_lots()
    emails = {spec.buyer for spec in DEMO_ORDERS}
    users = {u.email: u for u in User.objects.filter(email__in=emails).select_related("membership__company")}
    busy = set(Order.objects.filter(placed_by__email__in=emails).values_list("placed_by__email", flat=True))
    specs = [spec for spec in DEMO_ORDERS if spec.buyer in users and spec.buyer not in busy]
    if not specs:
        return 0
    variants = _variants({line.sku for spec in specs for line in spec.lines})
    prices = _prices(specs, users, variants)
    made = 0
    for spec in sorted(specs, key=lambda s: -s.days_ago):  # numbered in the order they were "placed"
        if _place(spec, users[spec.buyer], variants, prices, lots) is not None:
            made += 1
    return made
