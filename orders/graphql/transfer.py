"""GraphQL types of the order page's actions (issue 17): what Reorder and Add to quote did with each line, and the
signed link of Print. The mutations live downstream (ARCHITECTURE §3): `orderReorder` in storefront, which owns the
cart, and `orderAddToQuote` in quotes, which owns the draft; both answer with these types and take these arguments."""

from __future__ import annotations

import strawberry

from orders.downloads import DOWNLOAD_MAX_AGE
from orders.selectors import MAX_LINE_IDS, LineOutcome

ORDER_ID_ARGUMENT = strawberry.argument(description="The order number (the portal's order id).")
ORDER_LINE_IDS_ARGUMENT = strawberry.argument(
    description=f"The lines to add (OrderLine.id); null or empty: every line. At most {MAX_LINE_IDS}; an id that is "
    "not a line of the order is refused (VALIDATION_ERROR on lineIds) and nothing is added."
)


@strawberry.type(description="One line of the order, and whether it was added.")
class OrderLineTransferItem:
    order_line_id: strawberry.ID = strawberry.field(description="The order line's id (OrderLine.id).")
    sku: str = strawberry.field(description="The SKU as bought.")
    name: str = strawberry.field(description="The product's name as bought.")
    quantity: int = strawberry.field(description="The quantity added, or that could not be added.")
    code: str | None = strawberry.field(
        description="Null when added. Otherwise PRODUCT_UNAVAILABLE (no longer sold, hidden or not available), "
        "PURCHASE_DISABLED, OUT_OF_STOCK, OPTIONS_CHANGED (the options bought are no longer valid), NOT_QUOTABLE or "
        "QUANTITY_LIMIT. The overlay translates by code."
    )
    reason: str | None = strawberry.field(
        description="Null when added; otherwise the English reason with its details (e.g. the stock message)."
    )

    @classmethod
    def of(cls, outcome: LineOutcome) -> OrderLineTransferItem:
        line = outcome.line
        return cls(
            order_line_id=strawberry.ID(str(line.pk)),
            sku=line.sku,
            name=line.name,
            quantity=line.quantity,
            code=outcome.code,
            reason=outcome.reason,
        )


@strawberry.type(description="What Reorder or Add to quote did with the order's lines: each line on its own.")
class OrderLinesTransfer:
    cart_entity_id: str | None = strawberry.field(
        description="Reorder: the caller's storefront cart the lines went into (null when none was needed because "
        "nothing could be added). Add to quote: null (the lines are in the caller's quote draft)."
    )
    added: list[OrderLineTransferItem] = strawberry.field(description="The lines added, in the order's order.")
    not_added: list[OrderLineTransferItem] = strawberry.field(
        description="The lines that could not be added, each with its code and reason."
    )

    @classmethod
    def of(cls, outcomes: list[LineOutcome], *, cart_entity_id: str | None) -> OrderLinesTransfer:
        return cls(
            cart_entity_id=cart_entity_id,
            added=[OrderLineTransferItem.of(o) for o in outcomes if o.code is None],
            not_added=[OrderLineTransferItem.of(o) for o in outcomes if o.code is not None],
        )


@strawberry.type(description="The order as a PDF (Print).")
class OrderPdf:
    url: str = strawberry.field(description=f"A signed link to the PDF, valid {DOWNLOAD_MAX_AGE} seconds.")
    file_name: str = strawberry.field(description="order-{number}.pdf")
