from __future__ import annotations

import datetime
from typing import Annotated, cast

import strawberry

from orders import selectors
from orders.downloads import signed_download_url
from orders.graphql.transfer import ORDER_ID_ARGUMENT, OrderPdf
from orders.graphql.types import OrderDetail, OrderEdge, OrderHeader, OrderList, OrderScope
from orders.pdf import order_pdf_file_name
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import GuestOrValidToken, IsAuthenticated

MAX_PAGE_SIZE = 100


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="The caller's orders (issue 17). scope MINE (/orders, get_orders): the orders they placed in the "
        "company they work in — a B2C customer's own; a super admin not masquerading: their own placed outside any "
        "company. scope COMPANY (/company-orders, Lab orders): every order of the company, and of the units below it "
        "for an admin or a member granted them (issue 40: each row says its companyId and companyName; companyId "
        "filters by unit), for get_orders above level 1; PERMISSION_DENIED otherwise. orderBy is required ('Invalid "
        "query: orderBy property is required'): number, poNumber, grandTotal, status, placedBy or createdAt, prefixed "
        "- for descending. search matches the order number, the PO number, a line's product name or SKU (with or "
        "without hyphens); status is one of the order statuses; dateFrom/dateTo bound the day it was placed "
        "(inclusive, the store's time zone); createdBy (a user id, from createdByUser) filters the company's orders by "
        "who placed them. A search counts up to "
        f"{selectors.SEARCH_COUNT_CAP:,} orders: totalCountCapped says when more match (show "
        f"'{selectors.SEARCH_COUNT_CAP:,}+').",
    )
    def orders(
        self,
        info: strawberry.Info,
        scope: Annotated[OrderScope, strawberry.argument(description="MINE or COMPANY.")] = OrderScope.MINE,
        first: Annotated[int, strawberry.argument(description=f"Page size, at most {MAX_PAGE_SIZE}.")] = 10,
        offset: Annotated[int, strawberry.argument(description="How many orders to skip.")] = 0,
        search: Annotated[str | None, strawberry.argument(description="At most 100 characters.")] = None,
        status: Annotated[
            str | None,
            strawberry.argument(
                description="awaiting_payment, awaiting_fulfillment, partially_shipped, shipped, completed or "
                "cancelled."
            ),
        ] = None,
        date_from: Annotated[
            datetime.date | None, strawberry.argument(description="Placed on or after this day (inclusive).")
        ] = None,
        date_to: Annotated[
            datetime.date | None, strawberry.argument(description="Placed on or before this day (inclusive).")
        ] = None,
        created_by: Annotated[
            int | None, strawberry.argument(description="Who placed it (a user id); for scope COMPANY only.")
        ] = None,
        order_by: Annotated[
            str | None,
            strawberry.argument(
                description="Required: number, poNumber, grandTotal, status, placedBy or createdAt; - for descending."
            ),
        ] = None,
        company_id: Annotated[
            int | None,
            strawberry.argument(
                description="One unit's orders (issue 40: a unit the caller reaches — the one they act for or one "
                "below it — as companyId of the rows); another is refused (VALIDATION_ERROR on companyId, "
                "invalid_choice)."
            ),
        ] = None,
    ) -> OrderList:
        filters = selectors.OrderFilters(
            search=search or "",
            status=status or None,
            date_from=date_from,
            date_to=date_to,
            created_by=created_by,
            order_by=order_by or "",
            company_id=company_id,
        )
        # Scope and sort first: a caller without the scope is refused whatever the page asked.
        scope_value = cast(str, scope.value)  # a strawberry.enum_value member holds its plain value
        orders = selectors.order_list(actor=info.context.actor, filters=filters, scope=scope_value)
        page_arguments_checked(
            first, offset, max_first=MAX_PAGE_SIZE, noun="orders", texts={"search": search},
            max_text=selectors.MAX_SEARCH_LENGTH,
        )  # fmt: skip
        total, capped = selectors.order_count(orders, actor=info.context.actor, filters=filters, scope=scope_value)
        page = list(orders[offset : offset + first]) if first else []
        return OrderList(
            total_count=total,
            total_count_capped=capped,
            edges=[OrderEdge(node=OrderHeader(order=order)) for order in page],
        )

    @strawberry.field(
        permission_classes=[GuestOrValidToken],
        description="An order by its number (the portal's order id, /orderDetail/{id}) with its addresses, lines, "
        "summary, payment and shipments (get_order_detail: level 2 any order of the caller's company, level 1 the "
        "orders they placed in it; a B2C customer their own). Another company's order, a colleague's at level 1, a "
        "missing number or a malformed id: the same NOT_FOUND ('Order not found.'); a caller without "
        "get_order_detail: PERMISSION_DENIED (a guest: NOT_FOUND).",
    )
    def order(
        self, info: strawberry.Info, id: Annotated[strawberry.ID, strawberry.argument(description="The order number.")]
    ) -> OrderDetail:
        actor = info.context.actor
        return OrderDetail(order=selectors.order_detail(actor=actor, number=str(id)), actor=actor)

    @strawberry.field(
        permission_classes=[GuestOrValidToken],
        description="A signed link to the order as a PDF (Print), valid a few minutes: get_order_detail, as "
        "order(id). Another company's order, a colleague's at level 1, a missing number or a malformed id: NOT_FOUND "
        "('Order not found.'); a caller without get_order_detail: PERMISSION_DENIED (a guest: NOT_FOUND).",
    )
    def order_pdf(self, info: strawberry.Info, id: Annotated[strawberry.ID, ORDER_ID_ARGUMENT]) -> OrderPdf:
        order = selectors.order_for(info.context.actor, str(id))
        return OrderPdf(
            url=signed_download_url(info.context.request, kind="pdf", pk=order.number),
            file_name=order_pdf_file_name(order),
        )
