"""purchasedProducts (issue 19 quick order, buy again): the products the caller or their company has ordered, with
today's price. Plain strawberry types over orders.purchased's rows, so that no field runs a query of its own."""

from __future__ import annotations

import datetime
from typing import Annotated

import strawberry

from orders import purchased
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import IsAuthenticated
from pricing.bulk_upload.graphql.queries import QUICK_ORDER_RULE
from pricing.bulk_upload.graphql.types import UploadOptionSelection
from pricing.graphql.types import ProductPrice, absolute_url, product_url

MAX_PAGE_SIZE = 100


@strawberry.type(description="An option as it was ordered.")
class PurchasedProductOption:
    name: str
    value: str


@strawberry.type(description="A product the caller (or their company) has ordered, as quick order lists it.")
class PurchasedProduct:
    row: strawberry.Private[purchased.PurchasedProductRow]

    @strawberry.field(description="A stable id of the row (product, variant and options), for selecting it.")
    def id(self) -> str:
        group = self.row.group
        return f"{group['product_id'] or 0}-{group['variant_id'] or 0}-{group['latest_line_id']}"

    @strawberry.field(description="null when the product is no longer in the catalog.")
    def product_id(self) -> int | None:
        return self.row.product.pk if self.row.product is not None else None

    @strawberry.field
    def variant_id(self) -> int | None:
        return self.row.variant.pk if self.row.variant is not None else None

    @strawberry.field(description="The catalog number as ordered.")
    def sku(self) -> str:
        return self.row.group["sku"]

    @strawberry.field(description="Today's name, or the name as ordered when the product is gone.")
    def product_name(self) -> str:
        return self.row.product.name if self.row.product is not None else self.row.group["product_name"]

    @strawberry.field(description="The options as ordered, for reading.")
    def options(self) -> list[PurchasedProductOption]:
        options = self.row.group["options"] if isinstance(self.row.group["options"], list) else []
        return [
            PurchasedProductOption(name=str(option.get("name", "")), value=str(option.get("value", "")))
            for option in options
            if isinstance(option, dict)
        ]

    @strawberry.field(description="The options as ordered, to add the product again with them.")
    def option_list(self) -> list[UploadOptionSelection]:
        return [
            UploadOptionSelection(option_id=int(option_id), option_value=str(value))
            for option_id, value in purchased.option_pairs(self.row.group["raw_options"])
            if str(option_id).isdigit()
        ]

    @strawberry.field(description="When it was last ordered (within the date range asked for).")
    def last_ordered_at(self) -> datetime.datetime:
        return self.row.group["last_ordered_at"]

    @strawberry.field(description="The quantity ordered in all.")
    def quantity_ordered(self) -> int:
        return self.row.group["quantity_ordered"]

    @strawberry.field(description="In how many orders.")
    def order_count(self) -> int:
        return self.row.group["order_count"]

    @strawberry.field(
        description="Today's unit price for the caller's customer group, with the options; null when the product "
        "is gone, cannot be priced with those options, its price is on request or prices are hidden."
    )
    def price(self) -> ProductPrice | None:
        return ProductPrice.of(self.row.price.calculated_price) if self.row.price is not None else None

    @strawberry.field
    def currency_code(self) -> str | None:
        return self.row.price.currency_code if self.row.price is not None else None

    @strawberry.field
    def price_on_request(self) -> bool:
        return self.row.price_on_request

    @strawberry.field(description="Whether it can be bought today.")
    def purchasable(self) -> bool:
        return self.row.purchasable

    @strawberry.field(description="The stock that limits the quantity; null when not tracked.")
    def available_stock(self) -> int | None:
        return self.row.available_stock

    @strawberry.field
    def image_url(self, info: strawberry.Info) -> str | None:
        product, variant = self.row.product, self.row.variant
        if product is None:
            return None
        return absolute_url(info, (variant.image if variant is not None else "") or product.image)

    @strawberry.field
    def product_url(self, info: strawberry.Info) -> str | None:
        return product_url(info, self.row.product) if self.row.product is not None else None


@strawberry.type
class PurchasedProductEdge:
    node: PurchasedProduct


@strawberry.type(description="A page of purchased products (business §3 pagination: offset, first, count).")
class PurchasedProductList:
    total_count: int = strawberry.field(description="How many match, over every page.")
    edges: list[PurchasedProductEdge]


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The products the caller has ordered (issue 19 quick order, buy again) — with get_orders above "
        "level 1 the products of every order of their company (and of the units below it, for an admin or a member "
        "granted them: issue 40); otherwise (a junior buyer too) of the orders they placed; a B2C customer's own; "
        "cancelled orders left out — one row per product, variant and options, with the last time ordered, the "
        "quantity ordered, today's price for the caller's customer group and whether it can be bought. orderBy is "
        "required ('Invalid query: orderBy property is required'): productName, sku, lastOrderedAt, quantity or "
        "orderCount, prefixed - for descending. search matches the product name or SKU (with or without hyphens); "
        "dateFrom/dateTo bound the day of the orders (inclusive). " + QUICK_ORDER_RULE,
    )
    def purchased_products(
        self,
        info: strawberry.Info,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: int = 0,
        search: Annotated[str | None, strawberry.argument(description="At most 100 characters.")] = None,
        date_from: datetime.date | None = None,
        date_to: datetime.date | None = None,
        order_by: str | None = None,
        currency_code: Annotated[
            str | None, strawberry.argument(description="The prices' currency; the store's default when empty.")
        ] = None,
    ) -> PurchasedProductList:
        actor = info.context.actor
        filters = purchased.PurchasedFilters(
            search=search or "", date_from=date_from, date_to=date_to, order_by=order_by or ""
        )
        groups = purchased.purchased_product_list(actor=actor, filters=filters)
        page_arguments_checked(
            first, offset, max_first=MAX_PAGE_SIZE, noun="products", texts={"search": search},
            max_text=purchased.MAX_SEARCH_LENGTH,
        )  # fmt: skip
        total = groups.count()
        page = list(groups[offset : offset + first]) if first else []
        rows = purchased.purchased_products_page(actor=actor, groups=page, currency_code=currency_code)
        return PurchasedProductList(
            total_count=total, edges=[PurchasedProductEdge(node=PurchasedProduct(row=row)) for row in rows]
        )
