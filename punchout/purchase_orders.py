"""Purchase orders from procurement systems (issue 39, cXML OrderRequest): the order the buyer's organisation
approved, placed here at the prices the cart was transferred at. A line is matched to its transferred line by its
SupplierPartAuxiliaryID (and its SupplierPartID must be that line's catalog number); a line the buyer took from a
static catalog, without one, is matched by its catalog number and priced by the engine. A price on the purchase order
that is not the one transferred (or the engine's) refuses the order, naming the line: it is never re-priced."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from xml.etree.ElementTree import Element

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction

from accounts.models import User
from accounts.selectors import actor_for_user, membership_of
from approvals.models import PurchaseRequest
from approvals.services.placement import order_place
from orders.models import Order, PaymentMethod
from orders.services import OrderLineData
from portal.errors import Refused
from portal.quantity import QUANTITY_MAX, QUANTITY_MIN
from pricing import calculation
from pricing.models import Product, ProductVariant
from pricing.options import stock_problem
from punchout import outbound
from punchout.errors import PunchoutRefused
from punchout.models import OutboundKind, PunchoutConnection, PunchoutPurchaseOrder, PunchoutTransferLine
from punchout.safexml import text_of
from punchout.services import cost_centre_of
from storefront.permissions import purchase_refusal
from storefront.selectors import currency_for, shipping_for, unit_price_and_tax

MAX_LINES = 1000


@dataclass(frozen=True)
class PurchaseOrderLine:
    line_number: str
    quantity: str
    part: str
    aux: str
    unit_price: str
    currency: str


@dataclass(frozen=True)
class PurchaseOrder:
    po_number: str
    order_type: str
    email: str
    comments: str
    ship_to: dict
    bill_to: dict
    fields: dict[str, str]  # the header's Extrinsics and the lines' accounting segments, by name
    lines: tuple[PurchaseOrderLine, ...]


def _address(element: Element | None) -> dict:
    """An order's address (the shape order_create keeps) from a cXML ShipTo or BillTo."""
    if element is None:
        return {}
    address = element.find("Address")
    postal = address.find("PostalAddress") if address is not None else None
    if address is None or postal is None:
        return {}
    deliver_to = [text_of(line, limit=200) for line in postal.findall("DeliverTo")]
    streets = [text_of(line, limit=200) for line in postal.findall("Street")]
    person = (deliver_to[0] if deliver_to else "").split(" ", 1)
    country = postal.find("Country")
    return {
        "first_name": person[0],
        "last_name": person[1] if len(person) > 1 else "",
        "company": text_of(address, "Name", limit=200),
        "address_line1": streets[0] if streets else "",
        "address_line2": ", ".join(streets[1:] + deliver_to[1:]),
        "city": text_of(postal, "City", limit=100),
        "state": text_of(postal, "State", limit=100),
        "zip_code": text_of(postal, "PostalCode", limit=20),
        "country_code": _attribute(country, "isoCountryCode").upper()[:2],
        "phone": text_of(address, "Phone/TelephoneNumber/Number", limit=40),
    }


def _attribute(element: Element | None, name: str) -> str:
    return element.get(name, "").strip()[:20] if element is not None else ""


def purchase_order_read(element: Element) -> PurchaseOrder:
    """An OrderRequest's fields; DocumentRefused 400 when one the portal needs is missing."""
    header = element.find("OrderRequestHeader")
    if header is None:
        raise PunchoutRefused(400, "The OrderRequest has no OrderRequestHeader.")
    po_number = header.get("orderID", "").strip()
    if not po_number or len(po_number) > 60:
        raise PunchoutRefused(400, "The OrderRequestHeader needs an orderID of at most 60 characters.")
    items = element.findall("ItemOut")
    if not items or len(items) > MAX_LINES:
        raise PunchoutRefused(400, f"An OrderRequest has 1 to {MAX_LINES} ItemOut lines.")
    fields: dict[str, str] = {}
    for extrinsic in header.findall("Extrinsic")[:100]:
        fields.setdefault(extrinsic.get("name", "").strip(), text_of(extrinsic, limit=200))
    for segment in element.findall("ItemOut/Distribution/Accounting/AccountingSegment")[:100]:
        name = text_of(segment, "Name", limit=100).replace(" ", "")
        fields.setdefault(name, segment.get("id", "").strip()[:200])
    contact = header.find("Contact")
    return PurchaseOrder(
        po_number=po_number,
        order_type=header.get("type", "new").strip().lower(),
        email=text_of(contact, "Email", limit=254),
        comments=text_of(header, "Comments", limit=2000),
        ship_to=_address(header.find("ShipTo")),
        bill_to=_address(header.find("BillTo")),
        fields=fields,
        lines=tuple(
            PurchaseOrderLine(
                line_number=item.get("lineNumber", str(position)).strip()[:10],
                quantity=item.get("quantity", "").strip()[:20],
                part=text_of(item, "ItemID/SupplierPartID", limit=100),
                aux=text_of(item, "ItemID/SupplierPartAuxiliaryID", limit=100),
                unit_price=text_of(item, "ItemDetail/UnitPrice/Money", limit=30),
                currency=_attribute(item.find("ItemDetail/UnitPrice/Money"), "currency").upper(),
            )  # fmt: skip
            for position, item in enumerate(items, start=1)
        ),
    )


def _buyer(connection: PunchoutConnection, order: PurchaseOrder, sent: list[PunchoutTransferLine]) -> User:
    """Who placed it: the Contact's account when it is the company's member; else the buyer who transferred the
    lines, else the connection's user."""
    candidates: list[User | None] = []
    if order.email:
        try:
            validate_email(order.email)
            candidates.append(User.objects.filter(email__iexact=order.email).first())
        except ValidationError:
            pass
    candidates += [row.session.user for row in sent[:1]] + [connection.fixed_user]
    for user in candidates:
        membership = membership_of(user) if user is not None else None
        if (
            user is not None
            and user.is_active
            and membership is not None
            and membership.company_id == connection.company_id
        ):
            return user
    raise PunchoutRefused(400, "The order names no buyer of the company (Contact Email).")


def _decimal(text: str) -> Decimal | None:
    try:
        value = Decimal(text)
    except (InvalidOperation, ValueError):
        return None
    return value if value.is_finite() else None


@transaction.atomic
def punchout_order_create(
    *, connection: PunchoutConnection, order: PurchaseOrder, payload_id: str
) -> Order | PurchaseRequest:
    """Place a procurement system's purchase order (see the module's docstring). 409 for a payloadID or PO number
    received before; 400 naming the first line that does not match; 403 when the buyer may not buy or a hard budget
    cannot cover it (issue 41). An order an approval rule holds is a purchase request: received, and placed (and
    confirmed) when its last approver approves."""
    if order.order_type != "new":
        raise PunchoutRefused(400, "Only new orders are accepted: changes and cancellations go to customer service.")
    received = PunchoutPurchaseOrder.objects.filter(connection=connection)
    if received.filter(payload_id=payload_id).exists() or received.filter(po_number=order.po_number).exists():
        raise PunchoutRefused(409, "This purchase order (payloadID or orderID) was received before.")
    if not order.ship_to.get("address_line1") or not order.ship_to.get("country_code"):
        raise PunchoutRefused(400, "The order has no ShipTo address with a street and a country.")
    sent = {
        row.key: row
        for row in PunchoutTransferLine.objects.select_related("session__user", "product", "variant").filter(
            session__connection=connection, key__in=[line.aux for line in order.lines if line.aux]
        )
    }
    buyer = _buyer(connection, order, [sent[line.aux] for line in order.lines if line.aux in sent])
    actor = actor_for_user(buyer)
    refusal = purchase_refusal(actor)
    if refusal:
        raise PunchoutRefused(403, f"{buyer.email} may not place orders: {refusal}")
    currency = currency_for(None)
    lines: list[OrderLineData] = []
    quote_ids: set[int | None] = set()
    for line in order.lines:
        where = f"Line {line.line_number} ({line.part or line.aux})"
        price = _decimal(line.unit_price)
        quantity = _decimal(line.quantity)
        if quantity is None or quantity != quantity.to_integral_value() or not QUANTITY_MIN <= quantity <= QUANTITY_MAX:
            raise PunchoutRefused(
                400, f"{where}: the quantity is a whole number from {QUANTITY_MIN} to {QUANTITY_MAX}."
            )
        if price is None or (line.currency and line.currency != currency.code):
            raise PunchoutRefused(400, f"{where}: the unit price must be an amount in {currency.code}.")
        row = sent.get(line.aux) if line.aux else None
        product: Product | None
        if line.aux and row is None:
            raise PunchoutRefused(400, f"{where}: no cart line {line.aux} was transferred from this catalog.")
        if row is not None:
            if line.part and line.part != row.sku:
                raise PunchoutRefused(400, f"{where}: {line.aux} was transferred as {row.sku}, not {line.part}.")
            product, variant, options, agreed, tax = row.product, row.variant, row.options, row.unit_price, row.unit_tax
            quote_ids.add(row.quote_id)
        else:
            variant = ProductVariant.objects.select_related("product").filter(sku=line.part).first()
            product = variant.product if variant is not None else Product.objects.filter(sku=line.part).first()
            if product is None or (variant is None and product.variants.exists()):
                raise PunchoutRefused(400, f"{where}: not a catalog number of this catalog.")
            (result,) = calculation.price_items(
                items=[calculation.PriceRequestItem(product_id=product.pk, variant_id=variant.pk if variant else None,
                                                    quantity=int(quantity), options=[])],
                customer_group_id=calculation.customer_group_for(actor), currency_code=currency.code,
            )  # fmt: skip
            if result.price_on_request:
                raise PunchoutRefused(400, f"{where}: it is sold on request; ask for a quote.")
            unit_price, unit_tax = unit_price_and_tax(result)
            options, agreed, tax = [], unit_price.quantize(Decimal("0.01")), unit_tax.quantize(Decimal("0.01"))
            quote_ids.add(None)
        if price.quantize(Decimal("0.01")) != agreed:
            raise PunchoutRefused(400, f"{where}: the unit price {price} {currency.code} is not the {agreed} agreed.")
        problem = stock_problem(product, variant, int(quantity), quoted=row is not None and row.quote_id is not None)
        if problem:
            raise PunchoutRefused(400, f"{where}: {problem}")
        lines.append(OrderLineData(
            product_id=product.pk, variant_id=variant.pk if variant else None, sku=row.sku if row else line.part,
            name=row.name if row else product.name, quantity=int(quantity), unit_price=agreed, unit_tax=tax,
            raw_options=[list(pair) for pair in options],
        ))  # fmt: skip
    subtotal = sum((line.unit_price * line.quantity for line in lines), Decimal(0))
    shipping = shipping_for(subtotal=subtotal, currency=currency)
    (quote_id,) = quote_ids if len(quote_ids) == 1 else (None,)
    try:
        with transaction.atomic():
            placed = order_place(
                actor=actor, email=order.email or buyer.email, currency=currency, lines=lines,
                shipping_total=shipping, payment_method=PaymentMethod.PURCHASE_ORDER, po_number=order.po_number,
                billing_address=order.bill_to or order.ship_to, shipping_address=order.ship_to,
                customer_message=order.comments, cost_centre=cost_centre_of(connection, order.fields),
                quote_id=quote_id, source=f"by purchase order from {connection.get_system_display()}",
            )  # fmt: skip
            received_order = PunchoutPurchaseOrder.objects.create(
                connection=connection, payload_id=payload_id, po_number=order.po_number,
                order=placed if isinstance(placed, Order) else None,
                purchase_request=placed if isinstance(placed, PurchaseRequest) else None,
                line_numbers=[line.line_number for line in order.lines],
            )  # fmt: skip
            if isinstance(placed, Order):  # a held one is confirmed when its last approver approves (request_placed)
                outbound.outbound_enqueue(
                    purchase_order=received_order, kind=OutboundKind.CONFIRMATION, object_id=placed.pk
                )
    except ValidationError as exc:  # the company's credit, stock taken meanwhile
        raise PunchoutRefused(400, " ".join(exc.messages)) from None
    except Refused as exc:  # a hard budget (BUDGET_EXCEEDED)
        raise PunchoutRefused(403, exc.message) from None
    except IntegrityError:  # the same purchase order at the same moment
        raise PunchoutRefused(409, "This purchase order (payloadID or orderID) was received before.") from None
    return placed
