"""GraphQL types of the bulk upload and the quick order pad (issue 19): plain strawberry types over what the services
and selectors computed (an upload's stored result, the pad's SKU rows), so that no field runs a query of its own."""

from __future__ import annotations

from enum import Enum

import strawberry

from pricing.bulk_upload import downloads, selectors
from pricing.graphql.types import absolute_url
from pricing.models import BulkUpload

# --- the upload --------------------------------------------------------------------------------------------------


@strawberry.input(description="One row: the SKU and the quantity as typed (business §3 CSV upload row).")
class ProductUploadRowInput:
    sku: str = strawberry.field(description="A variant or product SKU (hyphens optional) or a CAS number.")
    qty: str = strawberry.field(description="The quantity as typed: a whole number from 1 to 1,000,000.")


@strawberry.input(description="business §7 productUpload payload: a company's users, with their channel.")
class ProductUploadInput:
    product_list: list[ProductUploadRowInput] = strawberry.field(description="At most 10,000 rows.")
    channel_id: int = strawberry.field(description="The storefront channel (business §6: every role but 100).")
    currency_code: str | None = strawberry.field(default=None, description="Checked; the store's default if empty.")
    is_to_cart: bool = strawberry.field(
        default=False,
        description="The rows go into the cart: needs purchase_enable; lines beyond the stock are errors.",
    )
    with_modifiers: bool = strawberry.field(
        default=False, description="Products with options to choose are valid rows, with needsOptions."
    )


@strawberry.input(description="business §7 productAnonUpload payload: guests and individual customers, no channel.")
class ProductAnonUploadInput:
    product_list: list[ProductUploadRowInput] = strawberry.field(description="At most 10,000 rows.")
    currency_code: str | None = strawberry.field(default=None, description="Checked; the store's default if empty.")
    is_to_cart: bool = strawberry.field(default=False, description="The rows go into the cart.")
    with_modifiers: bool = strawberry.field(
        default=False, description="Products with options to choose are valid rows, with needsOptions."
    )


@strawberry.type(description="An option a row takes (business §3 option selection: the value id, or the text).")
class UploadOptionSelection:
    option_id: int
    option_value: str


@strawberry.type(description="A valid line: every row of one product (and variant) merged, quantities added.")
class UploadValidProduct:
    sku: str = strawberry.field(description="The variant's catalog number (the product's when no variant is chosen).")
    qty: int = strawberry.field(description="The rows' quantities added up (at most 1,000,000).")
    row: int = strawberry.field(description="The first row of the product: data rows count from 1 (shown + 1).")
    row_count: int = strawberry.field(description="How many rows were merged into this line.")
    product_id: int
    variant_id: int | None = strawberry.field(description="null when the product's pack size must still be chosen.")
    product_name: str
    option_list: list[UploadOptionSelection] = strawberry.field(
        description="The defaults of the product's required options, to add with it."
    )
    needs_options: bool = strawberry.field(
        description="Options must be chosen before it can be added (only with withModifiers)."
    )
    stock_error_code: str | None = strawberry.field(
        description="out_of_stock or insufficient_stock when the quantity is beyond the stock (not going into the "
        "cart: the line stays valid)."
    )
    stock_error: str | None
    available_stock: int | None = strawberry.field(description="The stock, with a stock error.")


@strawberry.type(description="A row that cannot be used (business §3: sku, qty, row, error).")
class UploadErrorRow:
    sku: str = strawberry.field(description="As typed.")
    qty: str = strawberry.field(description="As typed.")
    row: int = strawberry.field(description="The data row's number, from 1; the dialog shows it plus one.")
    error: str = strawberry.field(description="What is wrong, in English (for logs).")
    error_code: str = strawberry.field(
        description="unknown_sku, sku_too_long (the SKU shown cut, with an ellipsis), ambiguous_sku, sku_required, "
        "invalid_quantity, not_available, "
        "required_options_missing, total_quantity_exceeded, too_many_products, out_of_stock, insufficient_stock."
    )


def _valid(row: dict) -> UploadValidProduct:
    return UploadValidProduct(
        sku=row["sku"],
        qty=row["qty"],
        row=row["row"],
        row_count=row["rowCount"],
        product_id=row["productId"],
        variant_id=row["variantId"],
        product_name=row["productName"],
        option_list=[
            UploadOptionSelection(option_id=o["optionId"], option_value=o["optionValue"]) for o in row["optionList"]
        ],
        needs_options=row["needsOptions"],
        stock_error_code=row["stockErrorCode"],
        stock_error=row["stockError"],
        available_stock=row["availableStock"],
    )


def _error(row: dict) -> UploadErrorRow:
    return UploadErrorRow(
        sku=row["sku"], qty=row["qty"], row=row["row"], error=row["error"], error_code=row["errorCode"]
    )


@strawberry.type(description="business §3 upload result.")
class ProductUploadResult:
    upload_id: str | None = strawberry.field(description="The upload's id (its result files are kept for a day).")
    row_count: int = strawberry.field(description="Data rows read (blank lines not counted).")
    valid_count: int = strawberry.field(description="Valid lines (products): validProduct's length in all.")
    valid_row_count: int = strawberry.field(
        description="The rows merged into the valid lines (several rows of one product make one line)."
    )
    error_row_count: int = strawberry.field(
        description="The rows that are not in a valid line: rowCount - validRowCount."
    )
    error_count: int = strawberry.field(description="Every error row; errorProduct holds the first 1,000.")
    error_product_count: int = strawberry.field(description="errorProduct's length in all (at most 1,000).")
    valid_rows: strawberry.Private[list[dict]]
    error_rows: strawberry.Private[list[dict]]
    error_file: str | None = strawberry.field(
        description="The error rows as a CSV file, fetched with the bearer token (business §7); null without errors."
    )
    error_file_download_url: str | None = strawberry.field(description="The same, a signed link for a few minutes.")
    stock_error_file: str | None = strawberry.field(
        description="The lines beyond the stock as a CSV file, fetched with the bearer token; null without."
    )
    stock_error_file_download_url: str | None
    stock_error_skus: list[str] = strawberry.field(description="The SKUs of the lines beyond the stock.")

    # issue 38: a page by default, as the REST answer gives (a 5,000-row file's answer was 392 KB with both lists
    # whole); validCount and errorProductCount say how far to page on.
    @strawberry.field(
        description=f"The valid lines: `first` (1 to {selectors.RESULT_PAGE_MAX:,}; {selectors.RESULT_PAGE} by "
        "default) from `offset`; page on until validCount."
    )
    def valid_product(self, first: int = selectors.RESULT_PAGE, offset: int = 0) -> list[UploadValidProduct]:
        page = selectors.result_page(first=first, offset=offset)
        return [_valid(row) for row in page.of(self.valid_rows)]

    @strawberry.field(
        description=f"The first 1,000 error rows: `first` (1 to {selectors.RESULT_PAGE_MAX:,}; {selectors.RESULT_PAGE} "
        "by default) from `offset`; page on until errorProductCount (the error file holds every one)."
    )
    def error_product(self, first: int = selectors.RESULT_PAGE, offset: int = 0) -> list[UploadErrorRow]:
        page = selectors.result_page(first=first, offset=offset)
        return [_error(row) for row in page.of(self.error_rows)]

    @classmethod
    def of(cls, info: strawberry.Info, upload: BulkUpload | None) -> ProductUploadResult:
        if upload is None:  # an empty productList: nothing to do
            return cls(
                upload_id=None, row_count=0, valid_count=0, valid_row_count=0, error_row_count=0, error_count=0,
                error_product_count=0, valid_rows=[], error_rows=[], error_file=None, error_file_download_url=None,
                stock_error_file=None,
                stock_error_file_download_url=None, stock_error_skus=[],
            )  # fmt: skip
        request = info.context.request
        result = upload.result

        def link(field_file, kind: str, signed: bool) -> str | None:
            if not (field_file and field_file.name):
                return None
            make = downloads.signed_file_url if signed else downloads.file_url
            return make(request, upload, kind=kind)

        totals = selectors.result_totals(result)
        return cls(
            upload_id=upload.key,
            row_count=totals["rowCount"],
            valid_count=totals["validCount"],
            valid_row_count=totals["validRowCount"],
            error_row_count=totals["errorRowCount"],
            error_count=totals["errorCount"],
            error_product_count=totals["errorProductCount"],
            valid_rows=result["validProduct"],
            error_rows=result["errorProduct"],
            error_file=link(upload.error_file, "errors", False),
            error_file_download_url=link(upload.error_file, "errors", True),
            stock_error_file=link(upload.stock_error_file, "stock_errors", False),
            stock_error_file_download_url=link(upload.stock_error_file, "stock_errors", True),
            stock_error_skus=result["stockErrorSkus"],
        )


@strawberry.type(description="The answer of productUpload and productAnonUpload.")
class ProductUploadPayload:
    result: ProductUploadResult


# --- the quick order pad's SKU lookup ----------------------------------------------------------------------------


@strawberry.enum(description="What a SKU names.")
class SkuLookupStatus(Enum):
    FOUND = "FOUND"
    NOT_FOUND = "NOT_FOUND"
    AMBIGUOUS = strawberry.enum_value(
        "AMBIGUOUS", description="A CAS number of several pack sizes or products: `candidates` to choose from."
    )


@strawberry.type(description="A pack size (or product) an ambiguous SKU may mean.")
class SkuCandidate:
    product_id: int
    variant_id: int | None
    sku: str
    product_name: str
    label: str = strawberry.field(description='The pack size, e.g. "500 mL".')
    purchasable: bool
    available_stock: int | None


@strawberry.type(description="A quick order pad row's SKU, resolved.")
class SkuLookupResult:
    row: strawberry.Private[selectors.SkuLookupRow]

    @strawberry.field(description="The SKU as typed.")
    def sku(self) -> str:
        return self.row.sku

    @strawberry.field
    def status(self) -> SkuLookupStatus:
        return SkuLookupStatus(self.row.status)

    @strawberry.field
    def product_id(self) -> int | None:
        return self.row.facts.product.pk if self.row.facts is not None else None

    @strawberry.field(description="null when the pack size must be chosen (needsOptions).")
    def variant_id(self) -> int | None:
        return self.row.variant.pk if self.row.variant is not None else None

    @strawberry.field(description="The catalog number (the variant's, else the product's).")
    def variant_sku(self) -> str | None:
        if self.row.variant is not None:
            return self.row.variant.sku
        return self.row.facts.product.sku if self.row.facts is not None else None

    @strawberry.field
    def product_name(self) -> str | None:
        return self.row.facts.product.name if self.row.facts is not None else None

    @strawberry.field
    def image_url(self, info: strawberry.Info) -> str | None:
        if self.row.facts is None:
            return None
        variant = self.row.variant
        return absolute_url(info, (variant.image if variant is not None else "") or self.row.facts.product.image)

    @strawberry.field(description="Whether it can be bought (business §4: availability, purchasing disabled).")
    def purchasable(self) -> bool:
        return self.row.purchasable

    @strawberry.field(description="The stock that limits the quantity; null when not tracked.")
    def available_stock(self) -> int | None:
        return self.row.available_stock

    @strawberry.field(description="Options (or the pack size) must be chosen before it can be added.")
    def needs_options(self) -> bool:
        return self.row.needs_options

    @strawberry.field(description="The defaults of its required options, to add with it.")
    def option_list(self) -> list[UploadOptionSelection]:
        if self.row.facts is None or self.row.facts.default_options is None:
            return []
        return [UploadOptionSelection(option_id=pk, option_value=value) for pk, value in self.row.facts.default_options]

    @strawberry.field
    def candidates(self) -> list[SkuCandidate]:
        return [
            SkuCandidate(
                product_id=candidate.product.pk,
                variant_id=candidate.variant.pk if candidate.variant is not None else None,
                sku=candidate.variant.sku if candidate.variant is not None else candidate.product.sku,
                product_name=candidate.product.name,
                label=candidate.label,
                purchasable=candidate.purchasable,
                available_stock=candidate.available_stock,
            )
            for candidate in self.row.candidates
        ]

    @strawberry.field(
        description="Why the row cannot be added as it is: unknown_sku, sku_required, ambiguous_sku, not_available, "
        "required_options_missing (null when it can)."
    )
    def error_code(self) -> str | None:
        return self.row.error_code

    @strawberry.field(description="The same in English, for logs.")
    def error(self) -> str | None:
        return self.row.error
