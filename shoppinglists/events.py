"""business §7: the fire-and-forget wishlist events — a list created, updated (status changes included) or deleted,
products added, updated or removed — sent to the CRM through Celery once the change commits (never for a change
that rolls back). An event says what happened at that moment (a removed product is gone by the time it is sent),
so it carries its data rather than ids."""

from __future__ import annotations

import json
from collections.abc import Iterable

from django.db import transaction

from shoppinglists.models import ShoppingList, ShoppingListItem


class WishlistAction:
    CREATE = "create"
    UPDATE = "update"
    DELETE = "delete"
    ADD = "add"  # products
    UPDATE_PRODUCT = "update"
    REMOVE = "remove"


LIST_RESOURCE = "wishlist"
PRODUCT_RESOURCE = "product"


def list_data(shopping_list: ShoppingList) -> dict:
    creator = shopping_list.created_by
    return {
        "wishlistId": shopping_list.pk,
        "name": shopping_list.name,
        "description": shopping_list.description,
        "status": int(shopping_list.status),
        "channelId": shopping_list.channel_id,
        "companyId": shopping_list.company_id,
        "customerId": shopping_list.customer_id,
        "createdBy": creator.pk if creator else None,
        "email": creator.email if creator else "",
        "updatedAt": shopping_list.updated_at.isoformat() if shopping_list.updated_at else None,
    }


def item_data(item: ShoppingListItem) -> dict:
    return {
        "itemId": item.pk,
        "productId": item.product_id,
        "variantId": item.variant_id,
        "sku": item.variant.sku,
        "quantity": item.quantity,
        "optionList": json.dumps([{"optionId": o, "optionValue": v} for o, v in item.options]),
        "note": item.note,
    }


def send_on_commit(action: str, resource: str, data: dict) -> None:
    """Enqueue the event once the current transaction commits (ARCHITECTURE §7)."""
    from shoppinglists import tasks

    transaction.on_commit(lambda: tasks.wishlist_event_send.delay(action, resource, data))


def list_event(action: str, shopping_list: ShoppingList) -> None:
    send_on_commit(action, LIST_RESOURCE, list_data(shopping_list))


def products_event(action: str, shopping_list: ShoppingList, items: Iterable[ShoppingListItem]) -> None:
    send_on_commit(
        action,
        PRODUCT_RESOURCE,
        {"wishlist": list_data(shopping_list), "products": [item_data(item) for item in items]},
    )
