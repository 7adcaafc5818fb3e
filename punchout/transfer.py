"""The cart goes back to the procurement system (issue 39 "Transfer to <procurement system>"): as a cXML
PunchOutOrderMessage in a form field (`cxml-urlencoded`), or as OCI's NEW_ITEM-* fields, posted by the buyer's browser
to the return address the setup gave. Each line is kept as sent (`PunchoutTransferLine`): its key travels as the
SupplierPartAuxiliaryID (OCI: NEW_ITEM-EXT_PRODUCT_ID), so that an edit restores the line and its options, and a
purchase order is matched to it at the transferred price."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from xml.etree.ElementTree import SubElement

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from pricing.models import Product, ProductVariant
from punchout import cxml
from punchout.errors import PunchoutRefused
from punchout.models import PunchoutOperation, PunchoutProtocol, PunchoutSession, PunchoutTransferLine
from storefront import services as storefront_services
from storefront.models import Cart
from storefront.selectors import CartSummary, PricedLine, cart_summary

DEFAULT_UNSPSC = "41000000"  # UNSPSC segment 41: laboratory and measuring and observing and testing equipment
OCI_DESCRIPTION_LENGTH = 40  # OCI NEW_ITEM-DESCRIPTION
OCI_LONGTEXT_LENGTH = 132  # OCI NEW_ITEM-LONGTEXT_n:132[]


@dataclass(frozen=True)
class Transfer:
    """What the buyer's browser posts, and where."""

    return_url: str
    fields: list[tuple[str, str]]
    document: str  # for the log: the cXML message, or the OCI fields one a line


def _money(amount: Decimal) -> str:
    return f"{amount.quantize(Decimal('0.01'))}"


def _description(line: PricedLine) -> str:
    options = "; ".join(f"{option['name']}: {option['value']}" for option in line.options)
    return f"{line.name} — {options}" if options else line.name


def _lines_kept(session: PunchoutSession, summary: CartSummary, quote_id: int | None) -> list[PunchoutTransferLine]:
    PunchoutTransferLine.objects.filter(session=session).delete()  # a session transfers once; a retry replaces
    return PunchoutTransferLine.objects.bulk_create(
        PunchoutTransferLine(
            session=session,
            position=position,
            key=f"{session.pk}-{position}",
            product_id=line.product_id,
            variant_id=line.variant_id,
            options=[list(pair) for pair in line.raw_options],
            sku=line.sku,
            name=_description(line)[:500],
            quantity=line.quantity,
            unit_price=line.unit_price.quantize(Decimal("0.01")),
            unit_tax=line.unit_tax.quantize(Decimal("0.01")),
            currency_code=summary.currency.code,
            quote_id=quote_id,
        )  # fmt: skip
        for position, line in enumerate(summary.lines, start=1)
    )


def _classification(products: dict[int, Product], product_id: int) -> tuple[str, str]:
    product = products[product_id]
    return product.unspsc or DEFAULT_UNSPSC, product.unit_of_measure or "EA"


def order_message(
    *, session: PunchoutSession, summary: CartSummary, kept: list[PunchoutTransferLine], products: dict[int, Product],
    host: str,
) -> str:  # fmt: skip
    """The cXML PunchOutOrderMessage of the cart: the supplier as From and Sender, the buyer as To."""
    connection = session.connection
    currency = summary.currency.code
    root = cxml.cxml_root(host)
    header = SubElement(root, "Header")
    supplier = ("NetworkID", host) if not connection.to_identity else (connection.to_domain, connection.to_identity)
    for party, (domain, identity) in (
        ("From", supplier),
        ("To", (connection.from_domain, connection.from_identity or connection.sender_identity)),
        ("Sender", supplier),
    ):
        credential = SubElement(SubElement(header, party), "Credential", {"domain": domain})
        SubElement(credential, "Identity").text = identity
    SubElement(header.find("Sender"), "UserAgent").text = "Buyer portal"  # type: ignore[arg-type]
    message = SubElement(SubElement(root, "Message"), "PunchOutOrderMessage")
    SubElement(message, "BuyerCookie").text = session.buyer_cookie
    allowed = "inspect" if session.operation == PunchoutOperation.INSPECT else "edit"
    top = SubElement(message, "PunchOutOrderMessageHeader", {"operationAllowed": allowed})
    SubElement(SubElement(top, "Total"), "Money", {"currency": currency}).text = _money(summary.subtotal)
    for name, amount in (("Shipping", summary.shipping), ("Tax", summary.tax)):
        element = SubElement(top, name)
        SubElement(element, "Money", {"currency": currency}).text = _money(amount)
        SubElement(element, "Description", {"xml:lang": "en"}).text = name
    for line, row in zip(summary.lines, kept, strict=True):
        item = SubElement(message, "ItemIn", {"quantity": str(line.quantity), "lineNumber": str(row.position)})
        item_id = SubElement(item, "ItemID")
        SubElement(item_id, "SupplierPartID").text = line.sku
        SubElement(item_id, "SupplierPartAuxiliaryID").text = row.key
        detail = SubElement(item, "ItemDetail")
        SubElement(SubElement(detail, "UnitPrice"), "Money", {"currency": currency}).text = _money(row.unit_price)
        SubElement(detail, "Description", {"xml:lang": "en"}).text = row.name
        unspsc, unit = _classification(products, line.product_id)
        SubElement(detail, "UnitOfMeasure").text = unit
        SubElement(detail, "Classification", {"domain": "UNSPSC"}).text = unspsc
        for option in line.options:
            SubElement(detail, "Extrinsic", {"name": str(option["name"])[:100]}).text = str(option["value"])
        if row.quote_id is not None:
            SubElement(detail, "Extrinsic", {"name": "QuoteID"}).text = str(row.quote_id)
        tax = SubElement(item, "Tax")
        SubElement(tax, "Money", {"currency": currency}).text = _money(row.unit_tax * line.quantity)
        SubElement(tax, "Description", {"xml:lang": "en"}).text = "Tax"
    return cxml.document_bytes(root).decode()


def oci_fields(
    *, session: PunchoutSession, summary: CartSummary, kept: list[PunchoutTransferLine], products: dict[int, Product]
) -> list[tuple[str, str]]:
    """OCI's NEW_ITEM-* fields of the cart, numbered from 1 (OCI 5.0 adds the UNSPSC as the line's category)."""
    oci5 = session.connection.protocol == PunchoutProtocol.OCI5
    fields: list[tuple[str, str]] = []
    for line, row in zip(summary.lines, kept, strict=True):
        n = row.position
        unspsc, unit = _classification(products, line.product_id)
        fields += [
            (f"NEW_ITEM-DESCRIPTION[{n}]", row.name[:OCI_DESCRIPTION_LENGTH]),
            (f"NEW_ITEM-QUANTITY[{n}]", str(line.quantity)),
            (f"NEW_ITEM-UNIT[{n}]", unit),
            (f"NEW_ITEM-PRICE[{n}]", _money(row.unit_price)),
            (f"NEW_ITEM-PRICEUNIT[{n}]", "1"),
            (f"NEW_ITEM-CURRENCY[{n}]", summary.currency.code),
            (f"NEW_ITEM-VENDORMAT[{n}]", line.sku),
            (f"NEW_ITEM-EXT_PRODUCT_ID[{n}]", row.key),
            (f"NEW_ITEM-MATGROUP[{n}]", unspsc),
        ]
        if oci5:
            fields += [(f"NEW_ITEM-EXT_SCHEMA_TYPE[{n}]", "UNSPSC"), (f"NEW_ITEM-EXT_CATEGORY_ID[{n}]", unspsc)]
        if row.quote_id is not None:
            fields.append((f"NEW_ITEM-EXT_QUOTE_ID[{n}]", str(row.quote_id)))
        text = row.name
        for start in range(0, min(len(text), 10 * OCI_LONGTEXT_LENGTH), OCI_LONGTEXT_LENGTH):
            fields.append((f"NEW_ITEM-LONGTEXT_{n}:132[]", text[start : start + OCI_LONGTEXT_LENGTH]))
    return fields


@transaction.atomic
def punchout_transfer(*, session: PunchoutSession, actor: Actor, cart: Cart | None, host: str) -> Transfer:
    """Send the cart back: each line priced as the buyer sees it now (a quote's cart at the quoted prices), kept as
    transferred, the cart emptied. Refused (400) for an empty cart, a cart with a line that cannot be ordered as it
    is, an inspect session, or a session that transferred already."""
    locked = PunchoutSession.objects.select_for_update().get(pk=session.pk)
    if locked.transferred_at is not None:
        raise PunchoutRefused(400, "This cart was sent back already. Start again from your procurement system.")
    if locked.operation == PunchoutOperation.INSPECT:
        raise PunchoutRefused(400, "The procurement system opened this cart to look at only.")
    summary = cart_summary(cart=cart, actor=actor)
    if cart is None or not summary.lines:
        raise PunchoutRefused(400, "Your cart is empty.")
    if summary.has_problems:
        raise PunchoutRefused(400, "Some products in your cart cannot be ordered as they are. Review your cart.")
    kept = _lines_kept(session, summary, cart.quote_id)
    products = Product.objects.in_bulk({line.product_id for line in summary.lines})
    if session.connection.protocol == PunchoutProtocol.CXML:
        document = order_message(session=session, summary=summary, kept=kept, products=products, host=host)
        fields = [("cxml-urlencoded", document)]
    else:
        fields = oci_fields(session=session, summary=summary, kept=kept, products=products)
        document = "\n".join(f"{name}={value}" for name, value in fields)
    PunchoutSession.objects.filter(pk=session.pk).update(transferred_at=timezone.now())
    storefront_services.cart_delete(cart=cart)
    return Transfer(return_url=session.return_url, fields=fields, document=document)


def punchout_cart_restore(*, session: PunchoutSession, actor: Actor) -> list[str]:
    """Put an edit's (or inspect's) requisition lines into the session's cart: a line transferred by this connection
    comes back with its variant and options; another is found by its SupplierPartID (a catalog number). Returns why
    each line that could not come back did not."""
    problems: list[str] = []
    if session.cart is None:
        return problems
    keys = [item.get("aux", "") for item in session.items_in if item.get("aux")]
    sent = {
        row.key: row
        for row in PunchoutTransferLine.objects.select_related("product", "variant").filter(
            key__in=keys, session__connection=session.connection
        )
    }
    # A line another connection (another company's procurement system) transferred never comes back here, not even
    # by its catalog number: it is reported, as a purchase order naming it is refused.
    elsewhere = set(
        PunchoutTransferLine.objects.filter(key__in=[key for key in keys if key not in sent])
        .exclude(session__connection=session.connection)
        .values_list("key", flat=True)
    )
    for item in session.items_in:
        part, aux = str(item.get("part", "")), str(item.get("aux", ""))
        try:
            quantity = int(Decimal(str(item.get("qty", "")).strip()))
        except (ArithmeticError, ValueError):
            problems.append(f"{part or aux}: the quantity “{item.get('qty', '')}” is not a whole number.")
            continue
        row = sent.get(aux)
        if row is None and aux in elsewhere:
            problems.append(f"{part or aux}: line {aux} was not transferred from this catalog; add it again.")
            continue
        product: Product | None
        variant: ProductVariant | None
        options: list = []
        if row is not None:
            product, variant, options = row.product, row.variant, row.options
        else:
            variant = ProductVariant.objects.select_related("product").filter(sku=part).first()
            product = variant.product if variant is not None else Product.objects.filter(sku=part).first()
            if variant is None and product is not None and product.variants.exists():
                problems.append(f"{part}: choose its options again.")
                continue
        if product is None:
            problems.append(f"{part or aux}: not in the catalog any more.")
            continue
        try:
            storefront_services.cart_line_add(
                cart=session.cart, actor=actor, product=product, variant=variant, quantity=quantity, options=options
            )
        except ValidationError as exc:
            problems.append(f"{product.sku}: {' '.join(exc.messages)}")
    return problems
