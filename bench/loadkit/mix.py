"""What the clients of bench/load.py send (and bench/loadkit/profile_issue21.py profiles): the portal's start-up mix.

The start-up of a signed-in buyer exactly as the overlay sends it (issue 21: one GraphQL request, PortalStartup, of
frontend/src/app/startup/portalStartup.ts: the store's basic info, feature flags, config entries, currencies, tax
zones and the customer; the document read from the overlay's sources), a guest `productsSearch` as the overlay's
product search box sends it, `priceProducts` of 20 demo variants as the buyer, and the buyer's quotes list as the
list page first asks for it.
"""

from __future__ import annotations

from bench.loadkit.documents import overlay_document
from bench.loadkit.loadgen import Request, graphql_request

CHANNEL_ID = 1
BUYER_EMAIL = "admin@acme.test"
DEMO_PASSWORD = "Demo1234"  # accounts/demo.py
SEARCH_TERM = "acid"
SEARCH_RESULTS = 8  # frontend/src/components/productSearch/ProductSearch.tsx RESULTS
QUOTES_VARIABLES = {  # frontend/src/features/quotes/quotesListParams.ts: the list page's first page
    "first": 10, "offset": 0, "search": None, "status": None, "dateFrom": None, "dateTo": None,
    "orderBy": "-createdAt",
}  # fmt: skip
# The overlay sends no priceProducts of its own: the selection of bench/pricing.py's 500-item call.
PRICE_DOCUMENT = (
    'query($items: [PriceItemInput!]!) { priceProducts(currencyCode: "EUR", items: $items) { productId '
    "variantId quantity price { asEntered enteredInclusive taxExclusive taxInclusive } "
    "bulkPricing { minimum maximum discountType discountAmount } nextTier { additionalQuantity minimum } } }"
)
LOGIN_DOCUMENT = (
    "mutation($email: String!, $password: String!) { login(loginData: {email: $email, password: $password, "
    "channelId: 1}) { result { token } } }"
)


def demo_price_items(count: int) -> list[dict]:
    """`count` demo variants (the first variant of each of the first `count` available products), mixed quantities:
    a quote draft or shopping list of `count` lines. Needs Django set up on the seeded database."""
    from pricing.models import Availability, ProductVariant

    variants = ProductVariant.objects.filter(
        product__is_visible=True, product__availability=Availability.AVAILABLE
    ).order_by("product_id", "pk")
    items, seen = [], set()
    for variant in variants:
        if variant.product_id in seen:
            continue
        seen.add(variant.product_id)
        items.append({"productId": variant.product_id, "variantId": variant.pk, "quantity": 1 + (len(items) * 7) % 30})
        if len(items) == count:
            break
    return items


def price_items_variables(items) -> dict:
    """priceProducts' variables for bench/pricing.py's PriceRequestItem list."""
    return {
        "items": [
            {"productId": i.product_id, "variantId": i.variant_id, "quantity": i.quantity,
             "options": [{"optionId": o, "valueId": v} for o, v in i.options]}
            for i in items
        ]
    }  # fmt: skip


# What runStartup asks a first time with a token (app/startup/portalStartup.ts: nothing of it in the cache yet).
STARTUP_VARIABLES = {"channelId": CHANNEL_ID, "withStore": True, "withCustomer": True}


def startup_mix(token: str, price_items: list[dict]) -> list[Request]:
    return [
        graphql_request("PortalStartup", overlay_document("PORTAL_STARTUP"), STARTUP_VARIABLES, token=token),
        graphql_request(
            "productsSearch (guest)",
            overlay_document("PRODUCT_SEARCH"),
            {"search": SEARCH_TERM, "productIds": None, "first": SEARCH_RESULTS},
        ),
        graphql_request(f"priceProducts ×{len(price_items)}", PRICE_DOCUMENT, {"items": price_items}, token=token),
        graphql_request("quotes list", overlay_document("QUOTES"), QUOTES_VARIABLES, token=token),
    ]
