"""Operations and small helpers of the quote tests."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile

from accounts.models import User
from accounts.selectors import actor_for_user
from portal.models import StoreFeatures, StorefrontConfig
from pricing.models import Product, ProductVariant

# Slugs of the `ethanol` and `balance` fixtures' products (tests/conftest.py).
ETHANOL = "ethanol-absolute-998"
BALANCE = "analytical-balance-220-g-x-01-mg"

DRAFT_FIELDS = """
  draftKey id cartId currencyCode showInclusive pricesHidden note
  contactInfo { name email companyName phoneNumber quoteTitle }
  shippingAddress { address city zipCode country firstName addressId }
  fileInfo { id fileName fileSize contentType downloadUrl }
  products { id productId variantId variantSku productName quantity optionList
             options { optionId optionName value } basePrice taxPrice calculatedValue lineTotal lineTotalWithTax
             priceError }
  totals { subtotal tax grandTotal }
"""
ADD = f"""
mutation Add($key: String, $lines: [QuoteDraftLineInput!]!, $source: QuoteSource! = QUOTE_DRAFT, $cartId: String) {{
  quoteDraftAddLines(draftKey: $key, lines: $lines, source: $source, cartId: $cartId) {{
    message draft {{ {DRAFT_FIELDS} }} }} }}
"""
DRAFT = f"query Draft($key: String) {{ quoteDraft(draftKey: $key) {{ {DRAFT_FIELDS} }} }}"
UPDATE_LINE = f"""
mutation Update($key: String, $id: Int!, $qty: Int, $options: [QuoteOptionInput!], $variantId: Int) {{
  quoteDraftUpdateLine(draftKey: $key, lineId: $id, quantity: $qty, options: $options, variantId: $variantId) {{
    draft {{ {DRAFT_FIELDS} }} }} }}
"""
REMOVE_LINE = f"""
mutation Remove($key: String, $id: Int!) {{
  quoteDraftRemoveLine(draftKey: $key, lineId: $id) {{ draft {{ {DRAFT_FIELDS} }} }} }}
"""
UPDATE_INFO = f"""
mutation Info($key: String, $data: QuoteDraftInfoInput!) {{
  quoteDraftUpdate(draftKey: $key, data: $data) {{ draft {{ {DRAFT_FIELDS} }} }} }}
"""
CLAIM = f"mutation Claim($key: String!) {{ quoteDraftClaim(draftKey: $key) {{ draft {{ {DRAFT_FIELDS} }} }} }}"
SUBMIT = """
mutation Submit($key: String) {
  quoteDraftSubmit(draftKey: $key) { quoteId number status accessKey title message autoQuoted } }
"""
ENABLED = """
query Enabled($productId: Int) {
  quoteEnabled(productId: $productId) {
    enabled reason onProductPage onCartPage onNonPurchasableProducts floatingButton productQuotable } }
"""
LIST = """
query List($first: Int, $offset: Int, $search: String, $status: String, $from: Date, $to: Date, $orderBy: String) {
  quotes(first: $first, offset: $offset, search: $search, status: $status, dateFrom: $from, dateTo: $to,
         orderBy: $orderBy) {
    totalCount
    edges { node { id number title status revision isPriced issuedOn expiresOn grandTotal originalSubtotal
                   salesRep { name } createdBy { email } contactInfo { name email } } } } }
"""
DETAIL_FIELDS = """
  id number title status revision isPriced issuedOn expiresOn companyName note
  salesRep { name email } createdBy { email }
  lines { id sku productName quantity options { optionName value } originalPrice quotedPrice discountedPrice
          taxRate originalTotal quotedTotal }
  summary { originalSubtotal discount discountPercent quotedSubtotal shipping tax grandTotal }
  messages { id fromSupplier authorName message createdAt }
  attachments { id fileName fileSize fromSupplier downloadUrl }
  revisions { number bySupplier automatic updatedBy message
              changes { field lineId sku productName before after } }
  canMessage canDownloadPdf canCheckout orderNumber
"""
DETAIL = f"query Detail($id: ID!, $key: String) {{ quote(id: $id, accessKey: $key) {{ {DETAIL_FIELDS} }} }}"
MESSAGE = """
mutation Message($id: ID!, $message: String!, $key: String) {
  quoteMessageCreate(id: $id, message: $message, accessKey: $key) { message { id fromSupplier authorName message } } }
"""
PDF = "query Pdf($id: ID!, $key: String) { quotePdf(id: $id, accessKey: $key) { url fileName } }"
CHECKOUT = """
mutation Checkout($id: ID!) {
  quoteCheckout(id: $id) { checkoutUrl cartId isNewStorefront quoteCheckoutId quoteDate } }
"""


def variant(sku: str) -> ProductVariant:
    return ProductVariant.objects.select_related("product").get(sku=sku)


def line(sku: str, quantity: int = 1, **extra) -> dict:
    return {"sku": sku, "quantity": quantity, **extra}


def option_id(slug: str, name: str) -> int:
    return Product.objects.get(slug=slug).options.get(display_name=name).pk


def value_id(slug: str, option: str, label: str) -> int:
    return Product.objects.get(slug=slug).options.get(display_name=option).values.get(label=label).pk


def set_switch(key: str, value: str) -> None:
    StorefrontConfig.objects.filter(channel__channel_id=1, key=key).update(value=value)


def set_quotes_feature(on: bool) -> None:
    StoreFeatures.objects.update(quotes=on)


def actor(email: str):
    return actor_for_user(User.objects.get(email=email))


def pdf_file(name: str = "spec.pdf") -> SimpleUploadedFile:
    body = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"
    return SimpleUploadedFile(name, body, content_type="application/pdf")


def png_file(name: str = "photo.png") -> SimpleUploadedFile:
    body = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\rIHDR" + b"\x00" * 40
    return SimpleUploadedFile(name, body, content_type="image/png")


def make_quote(
    email: str | None,
    lines=(("HS-1001-100ML", 2),),
    *,
    title: str = "",
    priced: bool = False,
    contact: dict | None = None,
):  # fmt: skip
    """A submitted quote of a user (or a guest: email None), through the services, without e-mails."""
    from accounts.selectors import GUEST
    from quotes import services

    who = actor(email) if email else GUEST
    result = services.quote_draft_add_lines(
        actor=who, draft_key=None, lines=[services.DraftLineRequest(quantity=q, sku=sku) for sku, q in lines]
    )
    key = result.draft_key
    details = {"quoteTitle": title, **(contact or {})}
    if not email:
        details = {"name": "Ada Chen", "email": "ada@uni.test", **details}
    services.quote_draft_update(actor=who, draft_key=key, contact=details)
    quote = services.quote_submit(actor=who, draft_key=key, notify=False).quote
    if priced:
        price(quote)
    return quote


def price(quote, factor: str = "0.90", **changes):
    """Staff price every line at `factor` × the original price (a revision), without e-mails."""
    from decimal import Decimal

    from quotes import amounts, services

    staff = User.objects.get(email="staff@demo.test")
    lines = {
        line.pk: services.LineChange(line.quantity, amounts.cents(line.original_price * Decimal(factor)))
        for line in quote.lines.all()
    }
    return services.quote_send_back(quote_id=quote.pk, staff_user=staff, lines=lines, notify=False, **changes)
