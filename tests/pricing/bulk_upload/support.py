"""Operations, helpers and the catalog of the bulk upload and quick order tests (tests/pricing/bulk_upload and
tests/orders/test_purchased_products.py build their fixtures on them)."""

from __future__ import annotations

import csv
import io
import json
from decimal import Decimal

from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import Company
from pricing.models import Availability, InventoryTracking, OptionType, Product
from pricing.services import product_search_text_refresh
from tests.factories import pricing as factories

BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
UPLOAD_URL = "/api/v2/products/upload"

RESULT_FIELDS = """
  uploadId rowCount validCount errorCount
  validProduct { sku qty row rowCount productId variantId productName optionList { optionId optionValue }
                 needsOptions stockErrorCode stockError availableStock }
  errorProduct { sku qty row error errorCode }
  errorFile errorFileDownloadUrl stockErrorFile stockErrorFileDownloadUrl stockErrorSkus
"""
PRODUCT_UPLOAD = f"""
mutation Upload($data: ProductUploadInput!) {{
  productUpload(productListData: $data) {{ result {{ {RESULT_FIELDS} }} }} }}
"""
PRODUCT_ANON_UPLOAD = f"""
mutation AnonUpload($data: ProductAnonUploadInput!) {{
  productAnonUpload(productListData: $data) {{ result {{ {RESULT_FIELDS} }} }} }}
"""


def csv_file(text: str, name: str = "order.csv", content_type: str = "text/csv") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, text.encode() if isinstance(text, str) else text, content_type=content_type)


def post_upload(client, content, *, token: str | None = None, name: str = "order.csv", **fields):
    """POST /api/v2/products/upload with one CSV file (text or bytes) and the form's other fields."""
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    form = {"file": csv_file(content, name), **{key: str(value) for key, value in fields.items()}}
    return client.post(UPLOAD_URL, form, **headers)


def data_of(response) -> dict:
    assert response.status_code == 200, response.content[:500]
    body = json.loads(response.content)
    assert body["code"] == 200
    return body["data"]


def fetch(client, url: str, *, token: str | None = None):
    headers = {"HTTP_AUTHORIZATION": f"Bearer {token}"} if token else {}
    return client.get(url, **headers)


def csv_rows(response) -> list[list[str]]:
    """A downloaded result file's rows (its header first), as a spreadsheet reads them."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return list(csv.reader(io.StringIO(content.decode("utf-8-sig"), newline="")))


def quick_order_catalog(shared: dict[str, Product]) -> dict[str, Product]:
    """Besides the shared products (tests/conftest.py: ethanol HS-1001 in four pack sizes tracked per variant — 100 mL
    120 in stock, 500 mL 60, 1 L 25, 2.5 L 8 — with CAS 64-17-5; sodium chloride HS-1055; the drum HS-1152, price on
    request; the balance HS-4006 with a required warranty whose default is "1 year included"):
    - HS-2001, an engraved pipette: a required text option without default (options a CSV cannot carry);
    - HS-3001, potassium chloride in a single 500 g pack (HS-3001-500G), CAS 7447-40-7;
    - HS-5001, a centrifuge tracked per product with none in stock;
    - HS-6001, a buffer whose only variant has purchasing disabled."""
    engraved = factories.ProductFactory(sku="HS-2001", name="Engraved pipette", base_price=Decimal("120.00"))
    factories.VariantFactory(product=engraved, sku="HS-2001")
    factories.OptionFactory(product=engraved, type=OptionType.TEXT, display_name="Engraving", required=True)
    product_search_text_refresh(engraved)

    potassium = factories.ProductFactory(
        sku="HS-3001", name="Potassium chloride", cas_number="7447-40-7", base_price=Decimal("30.00")
    )
    factories.VariantFactory(product=potassium, sku="HS-3001-500G")
    product_search_text_refresh(potassium)

    centrifuge = factories.ProductFactory(
        sku="HS-5001",
        name="Centrifuge",
        base_price=Decimal("2000.00"),
        inventory_tracking=InventoryTracking.PRODUCT,
        inventory_level=0,
    )
    factories.VariantFactory(product=centrifuge, sku="HS-5001")
    product_search_text_refresh(centrifuge)

    buffer = factories.ProductFactory(sku="HS-6001", name="Tris buffer", availability=Availability.AVAILABLE)
    factories.VariantFactory(product=buffer, sku="HS-6001", purchasing_disabled=True)
    product_search_text_refresh(buffer)
    return {
        **shared,
        "engraved": engraved,
        "potassium": potassium,
        "centrifuge": centrifuge,
        "buffer": buffer,
    }


# Each caller of the permission matrix: the demo account it signs in as (a guest signs in as nobody).
CALLER_EMAILS = {
    "b2c": "b2c@demo.test",
    "junior": "junior@acme.test",
    "senior": "senior@acme.test",
    "admin": "admin@acme.test",
    "other_company_admin": "admin@globex.test",
    "super_admin_masquerading": "superadmin@demo.test",
    "super_admin": "superadmin@demo.test",
}


def signed_in(caller: str, *, graphql, login) -> str | None:
    """A token for the caller (None for "anonymous"); "super_admin_masquerading" masquerades as Acme Labs."""
    if caller == "anonymous":
        return None
    token = login(CALLER_EMAILS[caller])
    if caller == "super_admin_masquerading":
        body = graphql(BEGIN_MASQUERADE, {"id": Company.objects.get(name="Acme Labs").pk}, token=token)
        assert "errors" not in body, body
    return token
