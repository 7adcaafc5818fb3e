"""Issue 13, item 3: a price the catalog hides ("Price on request" on the product page) is hidden on every read path
a buyer reaches — catalog search and pricing, the quote draft, the submitted quote, its PDF and e-mails, the cart —
for every kind of caller, until the supplier prices it in a quote. Staff still see it in admin."""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

import pytest
from django.core import mail

from accounts.models import Company, User
from accounts.selectors import GUEST
from pricing import calculation
from pricing.models import Availability, Product
from quotes import amounts, services
from quotes.models import Quote
from storefront.models import Cart, CartLine
from tests.helpers import pdf_text
from tests.quotes.support import actor, make_quote, set_switch

pytestmark = pytest.mark.django_db

DRUM_SKU = "HS-1152"  # Ethanol, absolute, 200 L drum: availability "disabled", catalog price $2,950.00
ETHANOL_SKU = "HS-1001-100ML"
GUEST_CONTACT = {"name": "Ada Chen", "email": "ada@uni.test"}
MASQUERADING = "superadmin@demo.test as Acme Labs"
ROLES = [
    "guest",
    "b2c@demo.test",
    "admin@acme.test",
    "senior@acme.test",
    "junior@acme.test",
    "superadmin@demo.test",
    MASQUERADING,
]
# Values that are opaque tokens or links: random text that may hold any digits.
OPAQUE_FIELDS = {"draftKey", "accessKey", "url", "downloadUrl", "checkoutUrl", "productUrl", "imageUrl", "primaryImage"}

SEARCH = """
query Search($search: String, $ids: [Int!]) {
  productsSearch(search: $search, productIds: $ids) {
    id sku availability priceOnRequest basePrice
    variants { sku calculatedPrice bcCalculatedPrice { taxInclusive taxExclusive } }
  }
}
"""
PRICE_PRODUCTS = """
query Price($items: [PriceItemInput!]!) {
  priceProducts(currencyCode: "USD", items: $items) {
    productId quantity priceOnRequest taxRate
    price { asEntered taxExclusive taxInclusive }
    basePrice { asEntered taxExclusive taxInclusive }
    lineTotal { asEntered taxExclusive taxInclusive }
    bulkPricing { minimum discountType discountAmount }
    appliedTier { discountAmount }
    nextTier { price { taxExclusive taxInclusive } }
  }
}
"""
VARIANT_SKU = """
query Sku($skus: [String!]!) {
  variantSku(variantSkus: $skus) {
    variantSku priceOnRequest calculatedPrice { asEntered taxExclusive taxInclusive }
  }
}
"""
PURCHASABLE = "query P($id: Int!) { productPurchasable(productId: $id) { availability purchasingDisabled } }"
DRAFT_FIELDS = """
  draftKey
  products { variantSku priceOnRequest basePrice taxPrice calculatedValue lineTotal lineTotalWithTax priceError }
  totals { subtotal tax grandTotal }
"""
ADD = f"""
mutation Add($key: String, $lines: [QuoteDraftLineInput!]!) {{
  quoteDraftAddLines(draftKey: $key, lines: $lines) {{ message draft {{ {DRAFT_FIELDS} }} }}
}}
"""
DRAFT = f"query Draft($key: String) {{ quoteDraft(draftKey: $key) {{ {DRAFT_FIELDS} }} }}"
CONTACT = f"""
mutation Contact($key: String, $data: QuoteDraftInfoInput!) {{
  quoteDraftUpdate(draftKey: $key, data: $data) {{ draft {{ {DRAFT_FIELDS} }} }}
}}
"""
SUBMIT = "mutation Submit($key: String) { quoteDraftSubmit(draftKey: $key) { quoteId number accessKey autoQuoted } }"
QUOTE_FIELDS = """
  id isPriced originalSubtotal quotedSubtotal grandTotal canCheckout
  lines { sku priceOnRequest originalPrice quotedPrice discountedPrice originalTotal quotedTotal }
  summary { originalSubtotal discount quotedSubtotal shipping tax grandTotal }
  revisions { number changes { field sku before after } }
"""
DETAIL = f"query Detail($id: ID!, $key: String) {{ quote(id: $id, accessKey: $key) {{ {QUOTE_FIELDS} }} }}"
LIST = """
query List { quotes(first: 50, orderBy: "-createdAt") {
  edges { node { id number originalSubtotal quotedSubtotal grandTotal } } } }
"""
PDF = "query Pdf($id: ID!, $key: String) { quotePdf(id: $id, accessKey: $key) { url fileName } }"
CART_FIELDS = """
  entityId
  amounts { subtotal { value } tax { value } grandTotal { value } }
  lineItems { physicalItems { sku listPrice { value } extendedListPrice { value } } }
"""
CREATE_CART = f"""
mutation Cart($items: [CartLineItemInput!]!) {{
  createCart(createCartInput: {{lineItems: $items}}) {{ {CART_FIELDS} }}
}}
"""
READ_CART = f"query ReadCart($id: String!) {{ cart(entityId: $id) {{ {CART_FIELDS} }} }}"
BEGIN_MASQUERADE = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"


def _hidden_amounts(drum: Product, group_id: int | None, quantities=(1, 2)) -> set[Decimal]:
    """Every amount that would give the drum's price away for a customer group: the catalog price, unit prices
    and line totals with and without tax."""
    results = calculation.price_items(
        items=[calculation.PriceRequestItem(product_id=drum.pk, quantity=q) for q in quantities],
        customer_group_id=group_id,
        currency_code=None,
    )
    found = {drum.base_price}
    for result in results:
        for price in (result.calculated_price, result.base_price, result.line_total):
            found |= {price.tax_exclusive, price.tax_inclusive}
    return {amount.normalize() for amount in found}


def _texts(amounts_: set[Decimal]) -> set[str]:
    """How the amounts read in a page, a PDF or an e-mail: "2950.00", "2,950.00"."""
    return {form for amount in amounts_ for form in (f"{amount:.2f}", f"{amount:,.2f}")}


def _leaks_in_json(value, amounts_: set[Decimal], path: str = "") -> list[str]:
    """Where a JSON response holds one of the amounts (numbers and decimal strings compared as numbers, other
    text searched for the written forms); opaque tokens and links are not read."""
    if isinstance(value, dict):
        return [leak for key, item in value.items() if key not in OPAQUE_FIELDS
                for leak in _leaks_in_json(item, amounts_, f"{path}.{key}")]  # fmt: skip
    if isinstance(value, list):
        return [leak for index, item in enumerate(value) for leak in _leaks_in_json(item, amounts_, f"{path}[{index}]")]
    if isinstance(value, bool) or value is None:
        return []
    try:
        number = Decimal(str(value))
    except InvalidOperation:
        return [f"{path}: {value!r}" for text in _texts(amounts_) if text in str(value)][:1]
    return [f"{path}: {value!r}"] if number.is_finite() and number.normalize() in amounts_ else []


def _leaks_in_text(text: str, amounts_: set[Decimal]) -> list[str]:
    text = re.sub(r"https?://\S+|csrfmiddlewaretoken\" value=\"[^\"]*\"|accessKey=\S+", "", text)
    return [form for form in _texts(amounts_) if form in text]


class Caller:
    """A role calling the API (bearer token) and the storefront (session) alike."""

    def __init__(self, role: str, graphql, login, client):
        self.role, self._graphql, self.client = role, graphql, client
        self.email = None if role == "guest" else role.split(" as ")[0]
        self.token = login(self.email) if self.email else None
        if self.email:
            client.force_login(User.objects.get(email=self.email))
        if role == MASQUERADING:
            body = self.gql(BEGIN_MASQUERADE, {"id": Company.objects.get(name="Acme Labs").pk})
            assert "errors" not in body, body

    def gql(self, query: str, variables: dict | None = None) -> dict:
        return self._graphql(query, variables, token=self.token)

    @property
    def actor(self):
        if self.email is None:
            return GUEST
        found = actor(self.email)
        if self.role == MASQUERADING:
            from accounts.selectors import actor_for_token

            found = actor_for_token(self.token)
        return found


def _catalog_paths(caller: Caller, drum: Product) -> dict[str, dict]:
    responses = {
        "productsSearch by SKU": caller.gql(SEARCH, {"search": DRUM_SKU}),
        "productsSearch by id": caller.gql(SEARCH, {"ids": [drum.pk]}),
        "priceProducts": caller.gql(
            PRICE_PRODUCTS, {"items": [{"productId": drum.pk, "quantity": 1}, {"productId": drum.pk, "quantity": 2}]}
        ),
        "variantSku": caller.gql(VARIANT_SKU, {"skus": [DRUM_SKU]}),
        "productPurchasable": caller.gql(PURCHASABLE, {"id": drum.pk}),
    }
    found = responses["productsSearch by SKU"]["data"]["productsSearch"]
    assert [(p["sku"], p["priceOnRequest"], p["basePrice"]) for p in found] == [(DRUM_SKU, True, None)]
    priced = responses["priceProducts"]["data"]["priceProducts"]
    assert [(p["priceOnRequest"], p["price"], p["lineTotal"], p["bulkPricing"]) for p in priced] == [
        (True, None, None, [])
    ] * 2
    assert responses["variantSku"]["data"]["variantSku"] == [
        {"variantSku": DRUM_SKU, "priceOnRequest": True, "calculatedPrice": None}
    ]
    return responses


def _quote_paths(caller: Caller, drum: Product, django_capture_on_commit_callbacks) -> dict[str, dict | str]:
    """Build a draft with the drum and an ordinary product, submit it, and read it back every way a buyer can."""
    lines = [{"sku": DRUM_SKU, "quantity": 2}, {"sku": ETHANOL_SKU, "quantity": 1}]
    added = caller.gql(ADD, {"lines": lines})
    responses: dict[str, dict | str] = {"quoteDraftAddLines": added}
    if caller.role == "superadmin@demo.test":  # shell §4: a super admin not masquerading has quotes off
        assert added["errors"][0]["extensions"]["code"] == "QUOTES_DISABLED"
        return responses
    assert "errors" not in added, added
    key = added["data"]["quoteDraftAddLines"]["draft"]["draftKey"]
    draft = caller.gql(DRAFT, {"key": key})
    responses["quoteDraft"] = draft
    shown = draft["data"]["quoteDraft"]
    drum_line = next(line for line in shown["products"] if line["variantSku"] == DRUM_SKU)
    assert drum_line == {
        "variantSku": DRUM_SKU, "priceOnRequest": True, "basePrice": None, "taxPrice": None, "calculatedValue": None,
        "lineTotal": None, "lineTotalWithTax": None, "priceError": None,
    }  # fmt: skip
    assert shown["totals"] == {"subtotal": None, "tax": None, "grandTotal": None}

    data = {"contactInfo": GUEST_CONTACT} if caller.email is None else {"contactInfo": {"name": "A Buyer"}}
    responses["quoteDraftUpdate"] = caller.gql(CONTACT, {"key": key, "data": data})
    with django_capture_on_commit_callbacks(execute=True):
        submitted = caller.gql(SUBMIT, {"key": key})
    assert "errors" not in submitted, submitted
    responses["quoteDraftSubmit"] = submitted
    quote_id = submitted["data"]["quoteDraftSubmit"]["quoteId"]
    access_key = submitted["data"]["quoteDraftSubmit"]["accessKey"]

    detail = caller.gql(DETAIL, {"id": str(quote_id), "key": access_key})
    assert "errors" not in detail, detail
    responses["quote"] = detail
    quote_lines = detail["data"]["quote"]["lines"]
    assert [line for line in quote_lines if line["sku"] == DRUM_SKU] == [
        {"sku": DRUM_SKU, "priceOnRequest": True, "originalPrice": None, "quotedPrice": None,
         "discountedPrice": None, "originalTotal": None, "quotedTotal": None}
    ]  # fmt: skip
    assert detail["data"]["quote"]["summary"]["originalSubtotal"] is None
    if caller.email is not None:
        responses["quotes"] = caller.gql(LIST)
    pdf_link = caller.gql(PDF, {"id": str(quote_id), "key": access_key})
    responses["quotePdf"] = pdf_link
    signed = caller.client.get(pdf_link["data"]["quotePdf"]["url"])
    assert signed.status_code == 200
    responses["PDF (signed link)"] = pdf_text(signed.content)
    assert "Price on request" in responses["PDF (signed link)"]
    headers = {"HTTP_AUTHORIZATION": f"Bearer {caller.token}"} if caller.token else {}
    rest = caller.client.get(
        f"/api/v2/quotes/{quote_id}/pdf", {"accessKey": access_key} if access_key else {}, **headers
    )
    assert rest.status_code == 200
    responses["GET /api/v2/quotes/{id}/pdf"] = pdf_text(rest.content)
    for message in mail.outbox:
        responses[f"e-mail to {message.to[0]}: {message.subject}"] = message.body
    return responses


def _company_quote_paths(caller: Caller, quote: Quote) -> dict[str, dict | str]:
    """An Acme colleague's quote with the drum, read with whatever right the caller has (a company admin, a super
    admin reading or masquerading; the others are refused)."""
    responses: dict[str, dict | str] = {
        "quote of a colleague": caller.gql(DETAIL, {"id": str(quote.pk)}),
        "quotePdf of a colleague": caller.gql(PDF, {"id": str(quote.pk)}),
    }
    if caller.token:
        responses["quotes (with a colleague's)"] = caller.gql(LIST)
        pdf = caller.client.get(f"/api/v2/quotes/{quote.pk}/pdf", HTTP_AUTHORIZATION=f"Bearer {caller.token}")
        responses["GET /api/v2/quotes/{id}/pdf of a colleague"] = (
            pdf_text(pdf.content) if pdf.status_code == 200 else pdf.content.decode()
        )
    return responses


def _cart_paths(caller: Caller, drum: Product) -> dict[str, dict | str]:
    """The drum cannot be put in a cart, through the API or the storefront's form."""
    responses: dict[str, dict | str] = {}
    created = caller.gql(CREATE_CART, {"items": [{"productEntityId": drum.pk, "quantity": 1}]})
    responses["createCart"] = created
    assert created["data"] is None or created["data"]["createCart"] is None
    posted = caller.client.post("/cart/add/", {"product_id": drum.pk, "qty": 1})
    responses["POST /cart/add/"] = posted.content.decode()
    assert posted.status_code in (400, 403)
    assert not CartLine.objects.filter(product=drum).exists()
    responses["GET /cart.php"] = caller.client.get("/cart.php").content.decode()
    return responses


def _storefront_pages(caller: Caller, drum: Product) -> dict[str, str]:
    pages = {
        "product page": f"/products/{drum.slug}/",
        "product page, quantity 2": f"/products/{drum.slug}/?qty=2",
        "live price": f"/products/{drum.slug}/price/?qty=2",
        "search page": f"/search/?q={DRUM_SKU}",
    }
    responses = {}
    for name, url in pages.items():
        response = caller.client.get(url)
        assert response.status_code == 200, (name, response.status_code)
        responses[name] = response.content.decode()
    assert "Price on request" in responses["product page"]
    assert "Price on request" in responses["search page"]
    return responses


@pytest.mark.parametrize("role", ROLES)
def test_no_read_path_gives_the_price_on_request_away(
    role, drum, ethanol, graphql, login, client, django_capture_on_commit_callbacks
):
    colleagues_quote = make_quote("senior@acme.test", lines=((DRUM_SKU, 1),))
    caller = Caller(role, graphql, login, client)
    hidden = _hidden_amounts(drum, calculation.customer_group_for(caller.actor))
    hidden |= _hidden_amounts(drum, calculation.customer_group_for(actor("senior@acme.test")), quantities=(1,))

    responses: dict[str, dict | str] = {}
    responses |= _catalog_paths(caller, drum)
    responses |= _quote_paths(caller, drum, django_capture_on_commit_callbacks)
    responses |= _company_quote_paths(caller, colleagues_quote)
    responses |= _cart_paths(caller, drum)
    responses |= _storefront_pages(caller, drum)

    leaks = {
        name: found
        for name, response in responses.items()
        if (
            found := (
                _leaks_in_text(response, hidden) if isinstance(response, str) else _leaks_in_json(response, hidden)
            )
        )
    }
    assert leaks == {}
    assert len(responses) >= (17 if role == "superadmin@demo.test" else 24)


def test_the_walk_finds_the_price_where_it_is_shown(drum, graphql, client):
    """The checks above can fail: the same walk finds the price of a product whose price is not on request."""
    drum.availability = Availability.AVAILABLE
    drum.save(update_fields=["availability"])
    page = client.get(f"/products/{drum.slug}/").content.decode()
    assert _leaks_in_text(page, _hidden_amounts(drum, None)) == ["2,950.00"]
    body = graphql(SEARCH, {"search": DRUM_SKU})
    assert _leaks_in_json(body, _hidden_amounts(drum, None)) == [
        ".data.productsSearch[0].basePrice: '2950.00'",
        ".data.productsSearch[0].variants[0].calculatedPrice: '2950.00'",
        ".data.productsSearch[0].variants[0].bcCalculatedPrice.taxInclusive: '3134.38'",  # with 6.25% tax
        ".data.productsSearch[0].variants[0].bcCalculatedPrice.taxExclusive: '2950.00'",
    ]


# --- after submission: only the supplier prices it ----------------------------------------------------------------


def _staff() -> User:
    return User.objects.get(email="staff@demo.test")


def _drum_quote() -> Quote:
    return make_quote("senior@acme.test", lines=((DRUM_SKU, 2), (ETHANOL_SKU, 1)))


def _detail(graphql, login, quote: Quote) -> dict:
    body = graphql(DETAIL, {"id": str(quote.pk)}, token=login("senior@acme.test"))
    assert "errors" not in body, body
    return body["data"]["quote"]


def test_staff_keep_the_catalog_price_and_see_it_in_admin(drum, ethanol, client):
    quote = _drum_quote()
    line = quote.lines.get(sku=DRUM_SKU)
    assert (line.price_on_request, line.original_price) == (True, Decimal("2950.00"))
    assert quote.original_subtotal is None

    client.login(username="staff@demo.test", password="Demo1234")
    page = client.get(f"/admin/quotes/quote/{quote.pk}/change/").content.decode()
    assert "2950.00" in page


def test_a_revision_that_leaves_the_drum_unpriced_keeps_it_on_request(drum, ethanol, graphql, login):
    quote = _drum_quote()
    stored_ethanol = quote.lines.get(sku=ETHANOL_SKU)

    services.quote_send_back(
        quote_id=quote.pk, staff_user=_staff(), discount_percent=Decimal(5), notify=False
    )  # the discount alone: a revision

    shown = _detail(graphql, login, quote)
    drum_line = next(line for line in shown["lines"] if line["sku"] == DRUM_SKU)
    assert (drum_line["originalPrice"], drum_line["quotedPrice"], drum_line["quotedTotal"]) == (None, None, None)
    ethanol_line = next(line for line in shown["lines"] if line["sku"] == ETHANOL_SKU)
    assert Decimal(ethanol_line["quotedPrice"]) == stored_ethanol.original_price  # unpriced ordinary lines: as before
    assert (shown["isPriced"], shown["canCheckout"], shown["grandTotal"]) == (True, False, None)
    assert shown["summary"]["originalSubtotal"] is None and shown["summary"]["grandTotal"] is None
    assert "2950" not in str(shown)


def test_once_the_supplier_prices_the_drum_their_price_stands_as_its_original(drum, ethanol, graphql, login):
    quote = _drum_quote()
    drum_line, ethanol_line = quote.lines.get(sku=DRUM_SKU), quote.lines.get(sku=ETHANOL_SKU)

    services.quote_send_back(
        quote_id=quote.pk,
        staff_user=_staff(),
        lines={
            drum_line.pk: services.LineChange(quantity=2, quoted_price=Decimal("2400.00")),
            ethanol_line.pk: services.LineChange(quantity=1, quoted_price=ethanol_line.original_price),
        },
        discount_percent=Decimal(10),
        notify=False,
    )

    shown = _detail(graphql, login, quote)
    line = next(line for line in shown["lines"] if line["sku"] == DRUM_SKU)
    assert (line["originalPrice"], line["quotedPrice"], line["discountedPrice"]) == ("2400.00", "2400.00", "2160.00")
    original = Decimal("4800.00") + ethanol_line.original_price
    assert Decimal(shown["summary"]["originalSubtotal"]) == original
    assert Decimal(shown["summary"]["discount"]) == original - Decimal("4320.00") - amounts.cents(
        ethanol_line.original_price * Decimal("0.9")
    )
    assert shown["canCheckout"] is True
    assert "2950" not in str(shown)
    assert Quote.objects.get(pk=quote.pk).original_subtotal == original


def test_auto_quoting_leaves_a_quote_with_a_price_on_request_to_the_supplier(drum, ethanol):
    set_switch("quote_auto_quoting", "1")
    quote = _drum_quote()
    assert (quote.revision, quote.grand_total) == (0, None)
    assert quote.lines.filter(quoted_price__isnull=False).count() == 0

    plain = make_quote("senior@acme.test", lines=((ETHANOL_SKU, 1),))
    assert plain.revision == 1  # auto-quoting still prices quotes without one


def test_a_cart_line_whose_product_became_price_on_request_shows_no_price(ethanol, client, graphql):
    variant = ethanol.variants.get(sku=ETHANOL_SKU)
    cart = Cart.objects.create(currency_code="USD")
    CartLine.objects.create(cart=cart, product=ethanol, variant=variant, quantity=2, options=[])
    ethanol.availability = Availability.DISABLED
    ethanol.save(update_fields=["availability"])
    hidden = _hidden_amounts(ethanol, None)

    client.cookies["sf_cart_id"] = str(cart.pk)
    page = client.get("/cart.php").content.decode()
    body = graphql(READ_CART, {"id": str(cart.pk)})

    assert page.count("Price on request") >= 2  # the unit price and the line total
    assert _leaks_in_text(page, hidden) == []
    assert "Proceed to checkout" not in page
    assert _leaks_in_json(body, hidden) == []
    assert body["data"]["cart"]["lineItems"]["physicalItems"][0]["listPrice"] == {"value": "0"}
