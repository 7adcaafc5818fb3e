from __future__ import annotations

import strawberry

from portal.errors import InputError, field_error
from portal.graphql.permissions import IsAuthenticated
from pricing.bulk_upload import selectors
from pricing.bulk_upload.graphql.types import SkuLookupResult

MAX_LOOKUP_SKUS = 100

# The rule of both quick order reads: skuLookup here, purchasedProducts (orders.graphql.purchased).
QUICK_ORDER_RULE = (
    "Quick order (shell §2 /purchased-products: roles 0, 1, 2, 3, 99): a signed-in caller who is not a super admin "
    "outside a masquerade (PERMISSION_DENIED), in a store whose quickOrderPad and buyAgain features are on "
    "(QUICK_ORDER_DISABLED otherwise, shell §6)."
)


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The quick order pad's rows: what each SKU names, in the order given (at most "
        f"{MAX_LOOKUP_SKUS}). A variant or product catalog number, with or without hyphens, any case; a CAS number "
        "names the product when it has a single pack size, else the row is AMBIGUOUS with the pack sizes as "
        "candidates. Each found row says whether it can be bought, its stock and whether options must be chosen "
        "(the defaults of required options are given). " + QUICK_ORDER_RULE,
    )
    def sku_lookup(self, info: strawberry.Info, skus: list[str]) -> list[SkuLookupResult]:
        if len(skus) > MAX_LOOKUP_SKUS:
            message = f"Send at most {MAX_LOOKUP_SKUS} SKUs at a time."
            raise InputError(message, fields=field_error("skus", message, code="too_many_items"))
        rows = selectors.sku_lookup(actor=info.context.actor, skus=[sku[:100] for sku in skus])
        return [SkuLookupResult(row=row) for row in rows]
