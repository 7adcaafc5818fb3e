"""A procurement system's whole journey in its own dialect, for the punchout tests: its setup request from
tests/punchout/fixtures, the buyer's arrival, a cart of a product with options and a plain one, the transfer, and its
purchase order (fixtures/<dialect>_order_request.xml)."""

from __future__ import annotations

import re
from decimal import Decimal
from html import unescape
from xml.sax.saxutils import escape

from django.conf import settings

from pricing.models import Product
from pricing.services import product_search_text_refresh
from punchout.models import PunchoutSession
from tests.factories.pricing import ProductFactory, VariantFactory
from tests.punchout.flows import add_ethanol
from tests.punchout.support import Dialect, cxml_post, document_of, fixture, start_url_of, status_of

GLOVES = "HS-2210"
# Each system's purchase order number, as its numbering looks.
ORDER_IDS = {"ariba": "DO-KCL-118204", "coupa": "4417", "jaggaer": "EU-PO-2025-00731"}


def gloves() -> Product:
    """HS-2210, a plain product (one variant, no options) at $18.40 a box, with its UNSPSC and unit of measure."""
    product = ProductFactory(
        sku=GLOVES,
        name="Nitrile examination gloves, powder-free, size M, box of 100",
        slug="nitrile-examination-gloves-m-100",
        base_price=Decimal("18.40"),
        unspsc="42132203",
        unit_of_measure="BX",
    )
    VariantFactory(product=product, sku=GLOVES)
    product_search_text_refresh(product)
    return product


def add_gloves(client, *, qty: int) -> None:
    product = Product.objects.get(sku=GLOVES)
    assert client.post("/cart/add/", {"product_id": product.pk, "qty": qty}).status_code == 302


def open_session(client, dialect: Dialect, *, payload_id: str = "", name: str = "") -> PunchoutSession:
    """The dialect's setup request posted, and its StartPage opened by the buyer's browser (`client`)."""
    payload_id = payload_id or f"1741108527.{dialect.name}.setup@procurement.test"
    response = cxml_post(client, document_of(dialect, name=name, payload_id=payload_id))
    assert status_of(response)[:2] == (200, "200"), response.content
    assert client.get(start_url_of(response).removeprefix("http://testserver")).status_code == 302
    return PunchoutSession.objects.get(payload_id=payload_id)


def fill_cart(client) -> None:
    """Two 500 mL bottles of ethanol with a printed certificate of analysis, and three boxes of gloves."""
    add_ethanol(client, sku="HS-1001-500ML", qty=2, certificate=True)
    add_gloves(client, qty=3)


def hidden_fields(response) -> list[tuple[str, str]]:
    """The fields the transfer page's form posts, in their order (OCI repeats NEW_ITEM-LONGTEXT_n:132[])."""
    html = response.content.decode()
    return [
        (unescape(n), unescape(v)) for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    ]


def order_request_of(
    dialect: Dialect, session: PunchoutSession, *, payload_id: str = "", order_id: str = "", type: str = "new",
    secret: str = "",
) -> str:  # fmt: skip
    """The dialect's OrderRequest of the session's transferred cart (fixtures/<dialect>_order_request.xml)."""
    return fixture(
        f"{dialect.name}_order_request",
        payload_id=payload_id or f"1741270467.{dialect.name}.order@procurement.test",
        secret=escape(secret or dialect.secret),
        order_id=order_id or ORDER_IDS[dialect.name],
        type=type,
        aux_1=f"{session.pk}-1",
        aux_2=f"{session.pk}-2",
    )


AUTHORIZE = """
mutation($bcToken: String!, $channelId: Int!) {
  authorization(authData: {bcToken: $bcToken, channelId: $channelId}) { result { token } } }
"""


def overlay_token(client, graphql) -> str:
    """The B2B token the overlay gets for the browser's signed-in storefront session (a punchout session's buyer):
    the customer JWT of /customer/current.jwt, exchanged by the `authorization` mutation."""
    jwt = client.get("/customer/current.jwt", {"app_client_id": settings.PORTAL_APP_CLIENT_ID})
    assert jwt.status_code == 200, jwt.content
    body = graphql(AUTHORIZE, {"bcToken": jwt.content.decode(), "channelId": 1})
    assert "errors" not in body, body
    return body["data"]["authorization"]["result"]["token"]
