from __future__ import annotations

import strawberry

from portal.client_address import client_ip
from portal.errors import InputError, field_error
from portal.graphql.permissions import GuestOrValidToken, IsAuthenticated
from pricing.bulk_upload import services
from pricing.bulk_upload.graphql.types import (
    ProductAnonUploadInput,
    ProductUploadInput,
    ProductUploadPayload,
    ProductUploadResult,
)

ROWS_RULE = (
    "Rows (business §3, §5): a SKU (variant or product catalog number, with or without hyphens, or a CAS number of a "
    "single pack size) of a product that can be bought, a quantity that is a whole number from 1 to 1,000,000, no "
    "options to choose (unless withModifiers). Rows of one product are merged (quantities added, at most 1,000,000); "
    "a merged line beyond the stock is listed in stockErrorSkus and the stock error file, and is an error going into "
    "the cart (isToCart). The same rules as the CSV file of POST /api/v2/products/upload (docs/api.md)."
)


def _rows(product_list) -> list[tuple[str, str]]:
    if len(product_list) > services.MAX_ROWS_PER_CALL:
        message = f"Send at most {services.MAX_ROWS_PER_CALL:,} rows at a time, or upload them as a file."
        raise InputError(message, fields=field_error("productList", message, code="too_many_items"))
    return [(row.sku[:200], row.qty[:50]) for row in product_list]


@strawberry.type
class Mutation:
    @strawberry.mutation(
        permission_classes=[IsAuthenticated],
        description="business §7 productUpload: validate SKU and quantity rows for a company's user (or a super "
        "admin masquerading as the company), with the channel. Guests and individual customers use "
        f"productAnonUpload (PERMISSION_DENIED here). {ROWS_RULE}",
    )
    def product_upload(self, info: strawberry.Info, product_list_data: ProductUploadInput) -> ProductUploadPayload:
        data = product_list_data
        upload = services.product_upload_rows(
            actor=info.context.actor,
            rows=_rows(data.product_list),
            options=services.UploadOptions(
                channel_id=data.channel_id,
                currency_code=data.currency_code or "",
                is_to_cart=data.is_to_cart,
                with_modifiers=data.with_modifiers,
            ),
            company_call=True,
        )
        return ProductUploadPayload(result=ProductUploadResult.of(info, upload))

    @strawberry.mutation(
        permission_classes=[GuestOrValidToken],
        description="business §7 productAnonUpload: the same for guests (role 100) and individual customers, without "
        "a channel (business §6). A company's users are refused (PERMISSION_DENIED: productUpload is theirs). "
        f"{ROWS_RULE} Guest-allowed.",
    )
    def product_anon_upload(
        self, info: strawberry.Info, product_list_data: ProductAnonUploadInput
    ) -> ProductUploadPayload:
        data = product_list_data
        upload = services.product_upload_rows(
            actor=info.context.actor,
            rows=_rows(data.product_list),
            options=services.UploadOptions(
                currency_code=data.currency_code or "", is_to_cart=data.is_to_cart, with_modifiers=data.with_modifiers
            ),
            company_call=False,
            client_ip=client_ip(info.context.request),
        )
        return ProductUploadPayload(result=ProductUploadResult.of(info, upload))
