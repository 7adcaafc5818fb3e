"""Shopping list reads (shell §7): the company's lists (`shoppingLists`, `shoppingList`) for users working in a
company, the individual customer's (`customerShoppingLists`, `customerShoppingList`), and `shoppingListsEnabled`."""

from __future__ import annotations

from typing import Annotated

import strawberry

from portal.errors import InputError, field_error
from portal.graphql.paging import page_arguments_checked
from portal.graphql.permissions import IsAuthenticated
from shoppinglists import permissions, selectors
from shoppinglists.graphql.permissions import company_requires, customer_requires
from shoppinglists.graphql.types import (
    ListContext,
    ShoppingList,
    ShoppingListDetail,
    ShoppingListEdge,
    ShoppingListList,
    ShoppingListsEnabled,
    detail_of,
)

DEFAULT_PAGE_SIZE = 50  # business §9
MAX_PAGE_SIZE = 100
MAX_STATUSES = 5

First = Annotated[int, strawberry.argument(description=f"Page size, 0 to {MAX_PAGE_SIZE} (business §9: 50).")]
Offset = Annotated[int, strawberry.argument(description="How many lists to skip.")]
Search = Annotated[
    str | None, strawberry.argument(description="Matches the name or the description (at most 100 characters).")
]
Statuses = Annotated[
    list[int] | None,
    strawberry.argument(description="Only lists in these statuses: 0 approved, 30 draft, 40 ready for approval, 50 "
                        "rejected."),
]  # fmt: skip
OrderBy = Annotated[
    str | None,
    strawberry.argument(
        description="Required ('Invalid query: orderBy property is required'): name, createdAt, updatedAt or status, "
        "prefixed - for descending."
    ),
]
ListId = Annotated[int, strawberry.argument(description="The list's id.")]


def _lists(
    info: strawberry.Info,
    *,
    first: int,
    offset: int,
    search: str | None,
    statuses: list[int] | None,
    order_by: str | None,
    created_by: int | None = None,
    email: str | None = None,
    company_id: int | None = None,
) -> ShoppingListList:
    page_arguments_checked(
        first, offset, max_first=MAX_PAGE_SIZE, noun="lists", texts={"search": search, "email": email}
    )
    if statuses is not None and len(statuses) > MAX_STATUSES:
        raise InputError(
            fields=field_error("status", f"Choose at most {MAX_STATUSES} statuses.", code="too_many_items")
        )
    actor = info.context.actor
    filters = selectors.ShoppingListFilters(
        search=search or "",
        created_by=created_by,
        email=email or "",
        statuses=tuple(statuses or ()),
        order_by=order_by or "",
        company_id=company_id,
    )
    lists = selectors.shopping_list_list(actor=actor, filters=filters)
    total = lists.count()
    page = list(lists[offset : offset + first]) if first else []
    context = ListContext(actor=actor, lists=page)
    return ShoppingListList(
        total_count=total, edges=[ShoppingListEdge(node=ShoppingList.of(row, context)) for row in page]
    )


@strawberry.type
class Query:
    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="Whether the caller may keep shopping lists, and whether the Add to Shopping List button shows on "
        "product pages for it (shell §4). A guest sees the button per shopping_list_on_product_page's enableForGuest "
        "(`storefrontConfigs`) and is asked to register or sign in.",
    )
    def shopping_lists_enabled(
        self,
        info: strawberry.Info,
        channel_id: Annotated[int, strawberry.argument(description="The storefront channel.")] = 1,
    ) -> ShoppingListsEnabled:
        actor = info.context.actor
        switches = permissions.shopping_list_switches(channel_id=channel_id)
        enabled = permissions.lists_enabled(actor, switches)
        can_add = actor.can(permissions.CREATE_SHOPPING_LIST_ITEM)
        reason = None if enabled and can_add else ("SHOPPING_LISTS_DISABLED" if not enabled else "PERMISSION_DENIED")
        return ShoppingListsEnabled(
            enabled=enabled, reason=reason, on_product_page=enabled and can_add and switches.product_page_on
        )

    @strawberry.field(
        permission_classes=[company_requires(permissions.GET_SHOPPING_LISTS)],
        description="The company's shopping lists (get_shopping_lists: level 2 every list of the company the caller "
        "works in — its own, the unit below it it acts for, or the one a super admin masquerades as — and, for a "
        "parent company's admin or a member granted the units below, of every unit below it (issue 40); level 1 the "
        "caller's own). companyId keeps one of those units (another is a VALIDATION_ERROR, field companyId, code "
        "invalid_choice). Lists whose names "
        "contain 'hotlist' (letters only, any case) are left out and not counted (business §4). For users working in "
        "a company; an individual customer uses customerShoppingLists (PERMISSION_DENIED here).",
    )
    def shopping_lists(
        self,
        info: strawberry.Info,
        first: First = DEFAULT_PAGE_SIZE,
        offset: Offset = 0,
        search: Search = None,
        created_by: Annotated[
            int | None, strawberry.argument(description="Only the lists of this maker (an id from createdByUser).")
        ] = None,
        email: Annotated[
            str | None, strawberry.argument(description="Only the lists of the maker of this e-mail.")
        ] = None,
        status: Statuses = None,
        order_by: OrderBy = None,
        company_id: Annotated[
            int | None,
            strawberry.argument(description="Only the lists of this company (unit): one the caller's reach covers."),
        ] = None,
    ) -> ShoppingListList:
        return _lists(
            info, first=first, offset=offset, search=search, statuses=status, order_by=order_by,
            created_by=created_by, email=email, company_id=company_id,
        )  # fmt: skip

    @strawberry.field(
        permission_classes=[company_requires(permissions.GET_SHOPPING_LIST_DETAIL)],
        description="A company list with its products (get_shopping_list_detail: level 2 any list of the company and "
        "of the units below it the caller reaches, level 1 the caller's own). Another company's list, a sibling "
        "unit's, a colleague's for a level-1 holder, a deleted or an "
        "unknown one: NOT_FOUND 'Shopping list not found.'.",
    )
    def shopping_list(self, info: strawberry.Info, id: ListId) -> ShoppingListDetail:
        actor = info.context.actor
        return detail_of(selectors.shopping_list_detail(actor=actor, list_id=id), actor)

    @strawberry.field(
        permission_classes=[customer_requires(permissions.GET_SHOPPING_LISTS)],
        description="The individual (B2C) customer's own shopping lists, as shoppingLists gives a company's (hotlists "
        "left out and not counted). For individual customers only (PERMISSION_DENIED for a company's users).",
    )
    def customer_shopping_lists(
        self,
        info: strawberry.Info,
        first: First = DEFAULT_PAGE_SIZE,
        offset: Offset = 0,
        search: Search = None,
        status: Statuses = None,
        order_by: OrderBy = None,
    ) -> ShoppingListList:
        return _lists(info, first=first, offset=offset, search=search, statuses=status, order_by=order_by)

    @strawberry.field(
        permission_classes=[customer_requires(permissions.GET_SHOPPING_LIST_DETAIL)],
        description="One of the individual customer's own lists with its products; NOT_FOUND for any other.",
    )
    def customer_shopping_list(self, info: strawberry.Info, id: ListId) -> ShoppingListDetail:
        actor = info.context.actor
        return detail_of(selectors.shopping_list_detail(actor=actor, list_id=id), actor)
