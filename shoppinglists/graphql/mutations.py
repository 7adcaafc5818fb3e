"""Shopping list writes (shell §7): the company's (`shoppingLists…`, plus the approval workflow) and the individual
customer's (`customerShoppingLists…`). Thin: bound the input, call a service, return the list.

"Add selected to cart" (`shoppingListAddToCart`, `customerShoppingListAddToCart`) is the storefront's, which owns
the cart (ARCHITECTURE §3: storefront/graphql/mutations.py); it is declared with `list_mutation` and the texts here,
and portal/schema.py merges the types so that each operation stands where it always stood in the schema."""

from __future__ import annotations

from typing import Annotated

import strawberry
from django.core.exceptions import ValidationError

from portal.errors import InputError, field_error, field_errors
from shoppinglists import permissions, selectors, services
from shoppinglists.graphql.permissions import company_requires, customer_requires
from shoppinglists.graphql.types import (
    ShoppingListDeletePayload,
    ShoppingListInput,
    ShoppingListItemInput,
    ShoppingListItemsPayload,
    ShoppingListItemUpdateInput,
    ShoppingListOptionInput,
    ShoppingListPayload,
    ShoppingListUpdateInput,
    detail_of,
    item_views,
)

MAX_TEXT = 5000  # far above every field's own limit (the services say which): only absurd input stops here

ListId = Annotated[int, strawberry.argument(description="The list's id.")]
ChannelId = Annotated[int, strawberry.argument(description="The storefront channel the list is made on.")]
ItemIds = Annotated[
    list[int],
    strawberry.argument(description=f"The list items' ids (at most {services.MAX_ITEMS_PER_LIST})."),
]


def _texts(**values: str | None) -> None:
    message = f"Use at most {MAX_TEXT} characters."
    too_long = {
        name: [ValidationError(message, code="max_length")] for name, v in values.items() if v and len(v) > MAX_TEXT
    }
    if too_long:
        raise InputError(fields=field_errors(too_long))


def _options(options: list[ShoppingListOptionInput] | None) -> list[tuple[int, str]] | None:
    if options is None:
        return None
    if len(options) > services.MAX_OPTIONS_PER_ITEM:
        raise InputError(
            fields=field_error(
                "options", f"Send at most {services.MAX_OPTIONS_PER_ITEM} options.", code="too_many_items"
            )
        )
    _texts(options=max((o.option_value for o in options), key=len, default=""))
    return [(option.option_id, option.option_value) for option in options]


def _payload(info: strawberry.Info, shopping_list) -> ShoppingListPayload:
    return ShoppingListPayload(shopping_list=detail_of(shopping_list, info.context.actor))


def _items_payload(info: strawberry.Info, result: services.ItemsResult) -> ShoppingListItemsPayload:
    detail = detail_of(result.shopping_list, info.context.actor)
    items = selectors.items_by_ids(shopping_list=result.shopping_list, item_ids=[item.pk for item in result.items])
    return ShoppingListItemsPayload(
        message=result.message, shopping_list=detail, items=item_views(items, detail.context)
    )


# --- resolvers (each serves the company's operation and the individual customer's) -------------------------------


def create(
    info: strawberry.Info,
    shopping_list_data: Annotated[ShoppingListInput, strawberry.argument(description="The name and description.")],
    channel_id: ChannelId = 1,
) -> ShoppingListPayload:
    data = shopping_list_data
    _texts(name=data.name, description=data.description)
    shopping_list = services.shopping_list_create(
        actor=info.context.actor, name=data.name, description=data.description, channel_id=channel_id
    )
    return _payload(info, shopping_list)


def update(
    info: strawberry.Info,
    id: ListId,
    shopping_list_data: Annotated[
        ShoppingListUpdateInput, strawberry.argument(description="The new name and description (null: unchanged).")
    ],
) -> ShoppingListPayload:
    data = shopping_list_data
    _texts(name=data.name, description=data.description)
    shopping_list = services.shopping_list_update(
        actor=info.context.actor, list_id=id, name=data.name, description=data.description
    )
    return _payload(info, shopping_list)


def duplicate(
    info: strawberry.Info,
    id: Annotated[int, strawberry.argument(description="The id of the list to copy.")],
    shopping_list_data: Annotated[
        ShoppingListUpdateInput | None,
        strawberry.argument(description="The copy's name (default '<name> (copy)') and description (default the "
                            "original's)."),
    ] = None,
) -> ShoppingListPayload:  # fmt: skip
    name = shopping_list_data.name if shopping_list_data else None
    description = shopping_list_data.description if shopping_list_data else None
    _texts(name=name, description=description)
    shopping_list = services.shopping_list_duplicate(
        actor=info.context.actor, list_id=id, name=name, description=description
    )
    return _payload(info, shopping_list)


def delete(info: strawberry.Info, id: ListId) -> ShoppingListDeletePayload:
    shopping_list = services.shopping_list_delete(actor=info.context.actor, list_id=id)
    return ShoppingListDeletePayload(id=shopping_list.pk, message=f"The list {shopping_list.name} was deleted.")


def items_create(
    info: strawberry.Info,
    shopping_list_id: ListId,
    items: Annotated[
        list[ShoppingListItemInput],
        strawberry.argument(description=f"The products to add (1 to {services.MAX_ITEMS_PER_CALL})."),
    ],
) -> ShoppingListItemsPayload:
    if len(items) > services.MAX_ITEMS_PER_CALL:
        raise InputError(
            fields=field_error(
                "items", f"Add at most {services.MAX_ITEMS_PER_CALL} products at a time.", code="too_many"
            )
        )
    requests = []
    for item in items:
        _texts(sku=item.sku, productNote=item.product_note)
        requests.append(
            services.ItemRequest(
                quantity=item.quantity,
                sku=item.sku,
                product_id=item.product_id,
                variant_id=item.variant_id,
                options=_options(item.options) or [],
                note=item.product_note,
            )
        )
    result = services.shopping_list_items_add(actor=info.context.actor, list_id=shopping_list_id, items=requests)
    return _items_payload(info, result)


def items_update(
    info: strawberry.Info,
    shopping_list_id: ListId,
    item_id: Annotated[int, strawberry.argument(description="The list item's id.")],
    item_data: Annotated[ShoppingListItemUpdateInput, strawberry.argument(description="What changes.")],
) -> ShoppingListItemsPayload:
    _texts(productNote=item_data.product_note)
    result = services.shopping_list_item_update(
        actor=info.context.actor,
        list_id=shopping_list_id,
        item_id=item_id,
        quantity=item_data.quantity,
        options=_options(item_data.options),
        variant_id=item_data.variant_id,
        note=item_data.product_note,
    )
    return _items_payload(info, result)


def items_delete(info: strawberry.Info, shopping_list_id: ListId, item_ids: ItemIds) -> ShoppingListItemsPayload:
    if len(item_ids) > services.MAX_ITEMS_PER_LIST:
        raise InputError(
            fields=field_error(
                "itemIds", f"Remove at most {services.MAX_ITEMS_PER_LIST} products at a time.", code="too_many_items"
            )
        )
    result = services.shopping_list_items_delete(actor=info.context.actor, list_id=shopping_list_id, item_ids=item_ids)
    return _items_payload(info, result)


def submit(info: strawberry.Info, id: ListId) -> ShoppingListPayload:
    return _payload(info, services.shopping_list_submit(actor=info.context.actor, list_id=id))


def approve(info: strawberry.Info, id: ListId) -> ShoppingListPayload:
    return _payload(info, services.shopping_list_approve(actor=info.context.actor, list_id=id))


def reject(
    info: strawberry.Info,
    id: ListId,
    reason: Annotated[str, strawberry.argument(description="Why (1 to 1,000 characters), shown to the list's maker.")],
) -> ShoppingListPayload:
    _texts(reason=reason)
    return _payload(info, services.shopping_list_reject(actor=info.context.actor, list_id=id, reason=reason))


# --- descriptions ------------------------------------------------------------------------------------------------

SCOPE = " at its level (2: any list of the company and of the units below it the caller reaches, 1: the caller's own)"
NOT_FOUND = (
    " A list the caller cannot see is NOT_FOUND 'Shopping list not found.'; one it sees but may not change is "
    "PERMISSION_DENIED."
)
CHANGE_TO_DRAFT = (
    " When the caller needs approval (a junior buyer), the list returns to draft (30) and must be submitted again."
)
KINDS = {
    "company": " For users working in a company (its users, a masquerading super admin); individual customers use "
    "the customerShoppingLists… operation (PERMISSION_DENIED here).",
    "customer": " For individual (B2C) customers; a company's users use the shoppingLists… operation "
    "(PERMISSION_DENIED here).",
}
DESCRIPTIONS = {
    "create": "Make a list (create_shopping_list). A junior buyer's list starts as a draft (30), anyone else's is "
    "approved (0). VALIDATION_ERROR fields name (required, max_length 200), description (max_length 1,000); "
    "SHOPPING_LIST_TOO_MANY_LISTS past 1,000 lists.",
    "update": f"Rename a list or change its description (update_shopping_list{SCOPE}). A rejected list of a caller "
    f"who needs approval returns to draft.{NOT_FOUND}",
    "duplicate": f"Copy a list the caller can see (duplicate_shopping_list, and get_shopping_list_detail{SCOPE}) "
    f"with its products, options and notes, as the caller's own list: a draft when the caller needs approval."
    f"{NOT_FOUND}",
    "delete": f"Delete a list (delete_shopping_list{SCOPE}): status 20, gone from every read.{NOT_FOUND}",
    "items_create": f"Add products to a list (create_shopping_list_item{SCOPE}), checked as the quote draft checks "
    "its lines (business §5): NO_SKU 'Can not add products without SKU.', NO_PRODUCTS 'No products being added.', "
    "the option messages (VALIDATION_ERROR, fields items.<n>.options…), SHOPPING_LIST_QUANTITY_OUT_OF_RANGE 'The "
    "quantity of each product in a shopping list is 1-1000000.' (after merging), SHOPPING_LIST_TOO_MANY_ITEMS past "
    "500 products. A product already on the list with the same options adds to its quantity (business §4). Nothing "
    "is changed when anything fails. message: 'Products were added to your shopping list'."
    f"{CHANGE_TO_DRAFT}{NOT_FOUND}",
    "items_update": f"Change a product's quantity, variant, options or note (update_shopping_list_item{SCOPE}), "
    "validated as adding is; one that becomes equal to another product of the list is merged into it."
    f"{CHANGE_TO_DRAFT}{NOT_FOUND}",
    "items_delete": f"Remove products from a list (delete_shopping_list_item{SCOPE}); an id that is not the list's "
    f"is a VALIDATION_ERROR (itemIds, unknown_item) and nothing is removed.{CHANGE_TO_DRAFT}{NOT_FOUND}",
}


def list_mutation(description: str, resolver, code: str, kind: str):
    """A list operation of the company's ("company") or the individual customer's ("customer") set: the code at its
    level, held by that kind of caller (shoppinglists.graphql.permissions)."""
    requires = company_requires if kind == "company" else customer_requires
    return strawberry.mutation(
        resolver=resolver, permission_classes=[requires(code)], description=description + KINDS[kind]
    )


def _mutation(name: str, resolver, code: str, kind: str):
    return list_mutation(DESCRIPTIONS[name], resolver, code, kind)


@strawberry.type
class Mutation:
    """The company's lists and their products (shoppingListAddToCart follows them: storefront)."""

    shopping_lists_create = _mutation("create", create, permissions.CREATE_SHOPPING_LIST, "company")
    shopping_lists_update = _mutation("update", update, permissions.UPDATE_SHOPPING_LIST, "company")
    shopping_lists_duplicate = _mutation("duplicate", duplicate, permissions.DUPLICATE_SHOPPING_LIST, "company")
    shopping_lists_delete = _mutation("delete", delete, permissions.DELETE_SHOPPING_LIST, "company")
    shopping_lists_items_create = _mutation(
        "items_create", items_create, permissions.CREATE_SHOPPING_LIST_ITEM, "company"
    )
    shopping_lists_items_update = _mutation(
        "items_update", items_update, permissions.UPDATE_SHOPPING_LIST_ITEM, "company"
    )
    shopping_lists_items_delete = _mutation(
        "items_delete", items_delete, permissions.DELETE_SHOPPING_LIST_ITEM, "company"
    )


@strawberry.type
class ApprovalMutation:
    """The approval workflow of a company's lists (ARCHITECTURE §8)."""

    shopping_list_submit_for_approval = strawberry.mutation(
        resolver=submit,
        permission_classes=[company_requires(permissions.SUBMIT_FOR_APPROVAL)],
        description="Submit a draft (30) or rejected (50) list for approval: it becomes ready for approval (40) "
        "(submit_shopping_list_for_approval" + SCOPE + "). SHOPPING_LIST_NOT_SUBMITTABLE in another status, "
        "SHOPPING_LIST_EMPTY without products. The last rejection's reason is cleared." + NOT_FOUND,
    )
    shopping_list_approve = strawberry.mutation(
        resolver=approve,
        permission_classes=[company_requires(permissions.APPROVE_DRAFT)],
        description="Approve a list ready for approval (40 → 0; approve_draft_shopping_list" + SCOPE + "); "
        "SHOPPING_LIST_NOT_AWAITING_APPROVAL in another status. Recorded in the company's audit log "
        "(shopping_list_approved)." + NOT_FOUND,
    )
    shopping_list_reject = strawberry.mutation(
        resolver=reject,
        permission_classes=[company_requires(permissions.APPROVE_DRAFT)],
        description="Reject a list ready for approval with a reason its maker sees (40 → 50; "
        "approve_draft_shopping_list" + SCOPE + "); VALIDATION_ERROR reason (required, max_length 1,000); "
        "SHOPPING_LIST_NOT_AWAITING_APPROVAL in another status. Recorded in the company's audit log "
        "(shopping_list_rejected). Changing the list returns it to draft; it can also be submitted again as it is."
        + NOT_FOUND,
    )


@strawberry.type
class CustomerMutation:
    """The individual customer's lists and their products (customerShoppingListAddToCart follows them: storefront)."""

    customer_shopping_lists_create = _mutation("create", create, permissions.CREATE_SHOPPING_LIST, "customer")
    customer_shopping_lists_update = _mutation("update", update, permissions.UPDATE_SHOPPING_LIST, "customer")
    customer_shopping_lists_duplicate = _mutation(
        "duplicate", duplicate, permissions.DUPLICATE_SHOPPING_LIST, "customer"
    )
    customer_shopping_lists_delete = _mutation("delete", delete, permissions.DELETE_SHOPPING_LIST, "customer")
    customer_shopping_lists_items_create = _mutation(
        "items_create", items_create, permissions.CREATE_SHOPPING_LIST_ITEM, "customer"
    )
    customer_shopping_lists_items_update = _mutation(
        "items_update", items_update, permissions.UPDATE_SHOPPING_LIST_ITEM, "customer"
    )
    customer_shopping_lists_items_delete = _mutation(
        "items_delete", items_delete, permissions.DELETE_SHOPPING_LIST_ITEM, "customer"
    )
