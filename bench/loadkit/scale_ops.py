"""The operations of issue 38's table, as the overlay sends them (bench/scale.py; tests/scale use the same documents).

Each is the overlay's own document (read from frontend/src by `overlay_document`) with the variables its page sends
first: the list pages' first page with their default sort and size (frontend/src/features/*/…ListParams.ts,
components/dataTable/DataTable.tsx DATA_TABLE_PAGE_SIZES[0] = 10; shopping lists 50), the search box's 8 results
(lib/productSearch.ts, components/productSearch), the quick order pad's skuLookup of 20 SKUs, and priceProducts of
100 demo variants (bench/loadkit/mix.py's selection: the overlay sends none of its own). The buyer is the demo's
admin@acme.test: Acme Labs is the large customer of the grown store (storefront/demo_scale.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import PRICE_DOCUMENT, SEARCH_RESULTS, STARTUP_VARIABLES

LIST_PAGE_SIZE = 10  # components/dataTable/DataTable.tsx DATA_TABLE_PAGE_SIZES[0]
SHOPPING_LIST_PAGE_SIZE = 50  # features/shoppinglists/shoppingListsParams.ts DEFAULT_SHOPPING_LIST_PAGE_SIZE
SEARCH_SKU_PREFIX = "HS-10"
SEARCH_CAS = "64-17-5"
SEARCH_NAME = "acid"
ORDER_SEARCH_WORD = "ethanol"


@dataclass(frozen=True)
class Operation:
    label: str
    constant: str | None  # the overlay's document constant; None: PRICE_DOCUMENT
    variables: dict

    def document(self) -> str:
        return overlay_document(self.constant) if self.constant else PRICE_DOCUMENT


def orders_variables(scope: str, *, search: str | None = None, status: str | None = None) -> dict:
    """features/orders/ordersListParams.ts: every argument sent, null when it does not filter."""
    return {
        "scope": scope, "first": LIST_PAGE_SIZE, "offset": 0, "search": search, "status": status, "dateFrom": None,
        "dateTo": None, "createdBy": None, "orderBy": "-createdAt",
    }  # fmt: skip


def search_variables(search: str) -> dict:
    return {"search": search, "productIds": None, "first": SEARCH_RESULTS}


PURCHASED_VARIABLES = {  # features/quickorder/purchasedListParams.ts: the first page, most recently ordered first
    "first": LIST_PAGE_SIZE, "offset": 0, "search": None, "dateFrom": None, "dateTo": None,
    "orderBy": "-lastOrderedAt",
}  # fmt: skip
SHOPPING_LISTS_VARIABLES = {  # features/shoppinglists/shoppingListsParams.ts shoppingListsVariables
    "first": SHOPPING_LIST_PAGE_SIZE, "offset": 0, "search": None, "createdBy": None, "status": None,
    "orderBy": "-updatedAt",
}  # fmt: skip
QUOTES_VARIABLES = {  # features/quotes/quotesListParams.ts: the list page's first page
    "first": LIST_PAGE_SIZE, "offset": 0, "search": None, "status": None, "dateFrom": None, "dateTo": None,
    "orderBy": "-createdAt",
}  # fmt: skip
INVOICES_VARIABLES = {  # features/invoices/invoicesListParams.ts invoicesVariables
    "first": LIST_PAGE_SIZE, "offset": 0, "search": None, "status": None, "dateFrom": None, "dateTo": None,
    "orderBy": "-invoiceNumber",
}  # fmt: skip


@dataclass(frozen=True)
class Samples:
    """What some operations need from the database they run on: a PO number and an order of the buyer's company,
    20 SKUs and 100 price items of demo variants."""

    po_number: str
    order_number: int
    skus: list[str]
    price_items: list[dict]


def operations(samples: Samples) -> list[Operation]:
    """Issue 38's table, in its order."""
    return [
        Operation("purchasedProducts, first page", "PURCHASED_PRODUCTS", PURCHASED_VARIABLES),
        Operation("orders search by PO", "ORDERS", orders_variables("COMPANY", search=samples.po_number)),
        Operation("orders search by product word", "ORDERS", orders_variables("COMPANY", search=ORDER_SEARCH_WORD)),
        Operation("productsSearch by SKU prefix", "PRODUCT_SEARCH", search_variables(SEARCH_SKU_PREFIX)),
        Operation("productsSearch by CAS", "PRODUCT_SEARCH", search_variables(SEARCH_CAS)),
        Operation("productsSearch by name", "PRODUCT_SEARCH", search_variables(SEARCH_NAME)),
        Operation("shoppingLists, first page", "SHOPPING_LISTS", SHOPPING_LISTS_VARIABLES),
        Operation("orders, first page (company)", "ORDERS", orders_variables("COMPANY")),
        Operation("orders, first page (mine)", "ORDERS", orders_variables("MINE")),
        Operation("orders, first page (by status)", "ORDERS", orders_variables("COMPANY", status="shipped")),
        Operation("quotes, first page", "QUOTES", QUOTES_VARIABLES),
        Operation("order detail", "ORDER", {"id": str(samples.order_number)}),
        Operation(f"skuLookup ×{len(samples.skus)}", "SKU_LOOKUP", {"skus": samples.skus}),
        Operation(f"priceProducts ×{len(samples.price_items)}", None, {"items": samples.price_items}),
        Operation("start-up", "PORTAL_STARTUP", STARTUP_VARIABLES),
    ]


def load_mix() -> list[Operation]:
    """Issue 38's 20 clients: the orders list, product search and the invoices list, in turn."""
    return [
        Operation("orders, first page (company)", "ORDERS", orders_variables("COMPANY")),
        Operation("productsSearch by name", "PRODUCT_SEARCH", search_variables(SEARCH_NAME)),
        Operation("invoices, first page", "INVOICES", INVOICES_VARIABLES),
    ]


# SQL run on the benchmarked database (psycopg, no Django) to find the samples.
SAMPLES_SQL = {
    "po_number": (
        "SELECT o.po_number FROM orders_order o JOIN accounts_user u ON u.id = o.placed_by_id "
        "WHERE u.email = %s AND o.po_number <> '' ORDER BY o.created_at DESC LIMIT 1 OFFSET 40"
    ),
    "po_number_any": (
        "SELECT o.po_number FROM orders_order o JOIN accounts_user u ON u.id = o.placed_by_id "
        "WHERE u.email = %s AND o.po_number <> '' ORDER BY o.created_at LIMIT 1"
    ),
    "order_number": (
        "SELECT o.number FROM orders_order o JOIN accounts_user u ON u.id = o.placed_by_id "
        "WHERE u.email = %s ORDER BY o.created_at DESC LIMIT 1"
    ),
    # bench/loadkit/mix.py demo_price_items: the first variant of each available product, demo products first.
    "variants": (
        "SELECT v.product_id, v.id, v.sku FROM pricing_productvariant v WHERE v.id IN (SELECT MIN(f.id) "
        "FROM pricing_productvariant f JOIN pricing_product p ON p.id = f.product_id "
        "WHERE p.is_visible AND p.availability = 'available' GROUP BY f.product_id) ORDER BY v.product_id LIMIT %s"
    ),
}


def read_samples(connection, *, buyer_email: str, skus: int = 20, price_items: int = 100) -> Samples:
    """The samples, from a connection to the benchmarked database (psycopg's, or Django's)."""
    with connection.cursor() as cursor:
        cursor.execute(SAMPLES_SQL["po_number"], [buyer_email])
        row = cursor.fetchone()
        if row is None:
            cursor.execute(SAMPLES_SQL["po_number_any"], [buyer_email])
            row = cursor.fetchone()
        po_number = row[0] if row else "PO"
        cursor.execute(SAMPLES_SQL["order_number"], [buyer_email])
        order_number = cursor.fetchone()[0]
        cursor.execute(SAMPLES_SQL["variants"], [max(skus, price_items)])
        variants = cursor.fetchall()
    return Samples(
        po_number=po_number,
        order_number=order_number,
        skus=[sku for _, _, sku in variants[:skus]],
        price_items=[
            {"productId": product_id, "variantId": variant_id, "quantity": 1 + (n * 7) % 30}
            for n, (product_id, variant_id, _) in enumerate(variants[:price_items])
        ],
    )
