"""The punchout journey's steps as a procurement system and its buyer take them, for the punchout tests: a
connection of Acme Labs, its setup request, the buyer's arrival and cart, the purchase order."""

from __future__ import annotations

import re
from html import unescape
from xml.etree.ElementTree import fromstring

from accounts.models import Company, CompanyRole
from pricing.models import Product
from punchout import services
from punchout.models import PunchoutConnection, PunchoutSession

SECRET = "s3cret-shared-Value"
RETURN_URL = "https://procure.example.edu/punchout/return?id=7"
ETHANOL = "ethanol-absolute-998"

SETUP = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">
<cXML payloadID="{payload}" timestamp="2026-12-05T10:00:00+00:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>HELIX-1</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity><SharedSecret>{secret}</SharedSecret>
      </Credential><UserAgent>Test procurement</UserAgent></Sender>
  </Header>
  <Request><PunchOutSetupRequest operation="{operation}">
    <BuyerCookie>cookie-{payload}</BuyerCookie>
    <Extrinsic name="UserEmail">lab.buyer@univ.example.edu</Extrinsic>
    <Extrinsic name="CostCenter">GR-2026-114</Extrinsic>
    <BrowserFormPost><URL>{return_url}</URL></BrowserFormPost>
    <Contact role="endUser"><Name xml:lang="en">Lab Buyer</Name><Email>lab.buyer@univ.example.edu</Email></Contact>
    {items}
  </PunchOutSetupRequest></Request>
</cXML>"""


def acme_connection(**fields) -> PunchoutConnection:
    """Acme Labs' Ariba connection (buyers signed in by e-mail as senior buyers); `fields` change it."""
    made = PunchoutConnection.objects.create(**{
        "company": Company.objects.get(name="Acme Labs"), "name": "University — Ariba", "system": "ariba",
        "protocol": "cxml", "from_domain": "NetworkID", "from_identity": "AN-UNIV-1", "to_domain": "DUNS",
        "to_identity": "HELIX-1", "sender_domain": "NetworkID", "sender_identity": "AN-UNIV-1",
        "return_origins": "https://procure.example.edu", "user_mode": "email",
        "new_user_role": CompanyRole.SENIOR_BUYER, **fields,
    })  # fmt: skip
    services.connection_secret_set(connection=made, secret=SECRET)
    return made


def start(client, *, payload: str, operation: str = "create", items: str = "") -> PunchoutSession:
    body = SETUP.format(payload=payload, secret=SECRET, operation=operation, return_url=RETURN_URL, items=items)
    response = client.post("/punchout/cxml/", body, content_type="text/xml")
    assert response.status_code == 200, response.content
    start_url = fromstring(response.content.split(b"\n", 2)[2]).findtext("Response/PunchOutSetupResponse/StartPage/URL")
    assert start_url
    client.get(start_url.replace("http://testserver", ""))
    return PunchoutSession.objects.get(payload_id=payload)


def add_ethanol(client, *, sku: str, qty: int, certificate: bool) -> None:
    product = Product.objects.prefetch_related("options__values", "variants").get(slug=ETHANOL)
    (value,) = product.variants.get(sku=sku).option_values.all()
    data = {"product_id": product.pk, "qty": qty, f"attribute[{value.option_id}]": str(value.pk)}
    if certificate:
        option = product.options.get(display_name="Printed certificate of analysis")
        data[f"attribute[{option.pk}]"] = str(option.values.get(label="Yes").pk)
    assert client.post("/cart/add/", data).status_code == 302


def posted_fields(response) -> dict[str, str]:
    """The fields the transfer page's form posts (to RETURN_URL)."""
    html = response.content.decode()
    assert f'action="{RETURN_URL.replace("&", "&amp;")}"' in html
    return {
        unescape(n): unescape(v) for n, v in re.findall(r'<input type="hidden" name="([^"]*)" value="([^"]*)">', html)
    }


ORDER_REQUEST = """<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.060/cXML.dtd">
<cXML payloadID="{payload}" timestamp="2026-12-05T11:00:00+00:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>HELIX-1</Identity></Credential></To>
    <Sender><Credential domain="NetworkID"><Identity>AN-UNIV-1</Identity><SharedSecret>{secret}</SharedSecret>
      </Credential><UserAgent>Test procurement</UserAgent></Sender>
  </Header>
  <Request deploymentMode="production"><OrderRequest>
    <OrderRequestHeader orderID="{po}" orderDate="2026-12-05T11:00:00+00:00" type="new">
      <Total><Money currency="USD">300.00</Money></Total>
      <ShipTo><Address addressID="LAB-3"><Name xml:lang="en">University Chemistry, Lab 3</Name>
        <PostalAddress><DeliverTo>Dana Reyes</DeliverTo><Street>12 College Road</Street><City>Boston</City>
          <State>MA</State><PostalCode>02115</PostalCode><Country isoCountryCode="US">United States</Country>
        </PostalAddress></Address></ShipTo>
      <Contact role="endUser"><Name xml:lang="en">Lab Buyer</Name><Email>lab.buyer@univ.example.edu</Email></Contact>
      <Comments xml:lang="en">Deliver to the loading dock.</Comments>
      <Extrinsic name="CostCenter">GR-2026-114</Extrinsic>
    </OrderRequestHeader>
    {items}
  </OrderRequest></Request>
</cXML>"""


def item(number: int, quantity: int, part: str, aux: str, price: str) -> str:
    aux_element = f"<SupplierPartAuxiliaryID>{aux}</SupplierPartAuxiliaryID>" if aux else ""
    return f"""<ItemOut quantity="{quantity}" lineNumber="{number}"><ItemID><SupplierPartID>{part}</SupplierPartID>
      {aux_element}</ItemID><ItemDetail><UnitPrice><Money currency="USD">{price}</Money></UnitPrice>
      <Description xml:lang="en">x</Description><UnitOfMeasure>EA</UnitOfMeasure></ItemDetail></ItemOut>"""


def order_request(client, *, payload: str, po: str, items: str):
    body = ORDER_REQUEST.format(payload=payload, secret=SECRET, po=po, items=items)
    return client.post("/punchout/cxml/", body, content_type="text/xml")


def status(response) -> tuple[str, str]:
    status = fromstring(response.content.split(b"\n", 2)[2]).find("Response/Status")
    return status.get("code"), (status.text or "")
