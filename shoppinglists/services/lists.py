"""Lists and their items: create, rename, duplicate, delete; add, change and remove products (business §3–§5,
issue 18). Every write checks the enablement and the actor's code at its level, changes nothing when it refuses, and
sends its wishlist event once it commits (business §7)."""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.selectors import Actor
from portal.errors import field_errors
from portal.models import Channel
from portal.quantity import QUANTITY_MAX
from pricing import calculation
from pricing.line_items import options_key
from shoppinglists import events, permissions
from shoppinglists.errors import (
    ADDED_MESSAGE,
    NO_PRODUCTS_MESSAGE,
    QUANTITY_MESSAGE,
    ShoppingListErrorCode,
    ShoppingListRefused,
    field_error,
)
from shoppinglists.models import (
    MAX_DESCRIPTION_LENGTH,
    MAX_NAME_LENGTH,
    ShoppingList,
    ShoppingListItem,
    ShoppingListStatus,
)
from shoppinglists.selectors import PriceRow, is_hotlist_name, list_get, price_rows
from shoppinglists.services.common import (
    list_for_change,
    lists_enabled_check,
    status_after_details_change,
    status_after_item_change,
    touch,
)
from shoppinglists.services.resolve import ItemRequest, ResolvedItem, check_note, merged, resolve_items

MAX_ITEMS_PER_LIST = 500
MAX_ITEMS_PER_CALL = 100
MAX_LISTS_PER_OWNER = 1000
COPY_SUFFIX = " (copy)"


def _details(name: str | None, description: str | None, *, required: bool) -> dict[str, str]:
    """The list's name (required, at most 200 characters) and description (at most 1,000), trimmed."""
    errors: dict[str, list[ValidationError]] = {}
    cleaned: dict[str, str] = {}
    if name is not None or required:
        text = (name or "").strip()
        if not text:
            errors["name"] = [ValidationError("Enter a name for the list.", code="required")]
        elif len(text) > MAX_NAME_LENGTH:
            errors["name"] = [ValidationError(f"Enter at most {MAX_NAME_LENGTH} characters.", code="max_length")]
        cleaned["name"] = text
    if description is not None:
        text = description.strip()
        if len(text) > MAX_DESCRIPTION_LENGTH:
            message = f"Enter at most {MAX_DESCRIPTION_LENGTH} characters."
            errors["description"] = [ValidationError(message, code="max_length")]
        cleaned["description"] = text
    if errors:
        raise field_errors(errors)
    return cleaned


def _owner(actor: Actor) -> dict[str, Any]:
    company = actor.b2b_company
    return {"company": company} if company is not None else {"customer": actor.user}


def _room_for_another_list(actor: Actor) -> None:
    owned = ShoppingList.objects.filter(**_owner(actor)).exclude(status=ShoppingListStatus.DELETED)
    if owned.count() >= MAX_LISTS_PER_OWNER:
        raise ShoppingListRefused(ShoppingListErrorCode.TOO_MANY_LISTS.label, code=ShoppingListErrorCode.TOO_MANY_LISTS)


def _unit_prices(actor: Actor, items: Sequence[tuple[int, int, int, Sequence]]) -> list[Decimal | None]:
    """The adder's unit prices excluding tax of (product, variant, quantity, options), to keep as "the price when it
    was added" (None where there is none: hidden prices, on request, cannot be priced)."""
    if not items or calculation.prices_hidden_for(actor):
        return [None] * len(items)
    pricing = calculation.store_pricing(currency_code=None)
    results = price_rows([PriceRow(*item) for item in items], actor=actor, pricing=pricing)
    return [
        None if result is None or result.price_on_request else result.calculated_price.tax_exclusive
        for result in results
    ]


# --- lists -------------------------------------------------------------------------------------------------------


@transaction.atomic
def shopping_list_create(*, actor: Actor, name: str, description: str = "", channel_id: int = 1) -> ShoppingList:
    """A new list of the company the actor works in (or of the individual customer): a draft when the actor needs
    approval (a junior buyer), else approved. Needs create_shopping_list (the API checks the code)."""
    if not Channel.objects.filter(channel_id=channel_id).exists():
        raise field_error("channelId", "Choose one of the store's channels.", "invalid_choice")
    lists_enabled_check(actor=actor, channel_id=channel_id)
    details = _details(name, description, required=True)
    _room_for_another_list(actor)
    shopping_list = ShoppingList.objects.create(
        **_owner(actor),
        created_by=actor.user,
        channel_id=channel_id,
        name=details["name"],
        description=details.get("description", ""),
        status=permissions.status_of_new_list(actor),
        is_hotlist=is_hotlist_name(details["name"]),
    )
    events.list_event(events.WishlistAction.CREATE, shopping_list)
    return shopping_list


@transaction.atomic
def shopping_list_update(
    *, actor: Actor, list_id: int, name: str | None = None, description: str | None = None
) -> ShoppingList:
    """A new name or description (null: unchanged); update_shopping_list at its level. A rejected list of someone
    who needs approval returns to draft."""
    details = _details(name, description, required=False)
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.UPDATE_SHOPPING_LIST)
    for key, value in details.items():
        setattr(shopping_list, key, value)
    shopping_list.is_hotlist = is_hotlist_name(shopping_list.name)
    touch(
        shopping_list,
        status=status_after_details_change(actor, shopping_list),
        fields=(*details.keys(), "is_hotlist"),
    )
    events.list_event(events.WishlistAction.UPDATE, shopping_list)
    return shopping_list


@transaction.atomic
def shopping_list_duplicate(
    *, actor: Actor, list_id: int, name: str | None = None, description: str | None = None
) -> ShoppingList:
    """A copy of a list the actor may see (get_shopping_list_detail at its level), made by and for the actor: a
    draft when the actor needs approval. Its products are copied with their options and notes; the price when added
    is the actor's price now. The name defaults to "<name> (copy)"."""
    lists_enabled_check(actor=actor)
    source = list_get(actor=actor, list_id=list_id, code=permissions.GET_SHOPPING_LIST_DETAIL)
    default_name = (source.name[: MAX_NAME_LENGTH - len(COPY_SUFFIX)] + COPY_SUFFIX).strip()
    details = _details(name if name is not None else default_name, description, required=True)
    _room_for_another_list(actor)
    duplicate = ShoppingList.objects.create(
        **_owner(actor),
        created_by=actor.user,
        channel_id=source.channel_id,
        name=details["name"],
        description=details.get("description", source.description),
        status=permissions.status_of_new_list(actor),
        is_hotlist=is_hotlist_name(details["name"]),
    )
    items = list(source.items.order_by("pk"))
    prices = _unit_prices(actor, [(i.product_id, i.variant_id, i.quantity, i.options) for i in items])
    ShoppingListItem.objects.bulk_create(
        ShoppingListItem(
            shopping_list=duplicate,
            product_id=item.product_id,
            variant_id=item.variant_id,
            quantity=item.quantity,
            options=item.options,
            note=item.note,
            added_unit_price=price,
        )
        for item, price in zip(items, prices, strict=True)
    )
    events.list_event(events.WishlistAction.CREATE, duplicate)
    return duplicate


@transaction.atomic
def shopping_list_delete(*, actor: Actor, list_id: int) -> ShoppingList:
    """Delete a list (delete_shopping_list at its level): it takes status deleted (20) and leaves every read."""
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.DELETE_SHOPPING_LIST)
    touch(shopping_list, status=ShoppingListStatus.DELETED)
    events.list_event(events.WishlistAction.DELETE, shopping_list)
    return shopping_list


# --- items -------------------------------------------------------------------------------------------------------


@dataclass
class ItemsResult:
    shopping_list: ShoppingList
    items: list[ShoppingListItem]
    message: str = ""


def _quantity_total(total: int, field_name: str) -> None:
    if total > QUANTITY_MAX:  # business §5: a merged quantity may not pass 1,000,000 either
        raise field_error(field_name, QUANTITY_MESSAGE, ShoppingListErrorCode.QUANTITY_OUT_OF_RANGE)


@transaction.atomic
def shopping_list_items_add(*, actor: Actor, list_id: int, items: Sequence[ItemRequest]) -> ItemsResult:
    """Add products (create_shopping_list_item at its level). Everything is checked before anything is written:
    SKU, product, variant, options and quantity as the quote draft checks them (business §5); a product already on
    the list with the same options adds to its quantity (business §4 merge rule), at most 1,000,000; at most 500
    different products per list. Returns business §8's "Products were added to your shopping list"."""
    if not items:
        raise field_error("items", NO_PRODUCTS_MESSAGE, ShoppingListErrorCode.NO_PRODUCTS)
    if len(items) > MAX_ITEMS_PER_CALL:
        raise field_error("items", f"Add at most {MAX_ITEMS_PER_CALL} products at a time.", "too_many")
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.CREATE_SHOPPING_LIST_ITEM)
    resolved = merged(resolve_items(items))
    existing = {(item.variant_id, options_key(item.options)): item for item in shopping_list.items.all()}
    new = [item for item in resolved if item.key not in existing]
    if len(existing) + len(new) > MAX_ITEMS_PER_LIST:
        raise field_error("items", ShoppingListErrorCode.TOO_MANY_ITEMS.label, ShoppingListErrorCode.TOO_MANY_ITEMS)
    for item in resolved:
        current = existing.get(item.key)
        _quantity_total(item.quantity + (current.quantity if current else 0), "items")
    prices = _unit_prices(actor, [(i.product.pk, i.variant.pk, i.quantity, i.options) for i in new])
    added_price = {id(item): price for item, price in zip(new, prices, strict=True)}

    touched = []
    for item in resolved:
        current = existing.get(item.key)
        if current is not None:
            current.quantity += item.quantity
            current.note = item.note or current.note
            current.save(update_fields=["quantity", "note", "updated_at"])
            touched.append(current)
        else:
            touched.append(
                ShoppingListItem.objects.create(
                    shopping_list=shopping_list,
                    product=item.product,
                    variant=item.variant,
                    quantity=item.quantity,
                    options=item.options,
                    note=item.note,
                    added_unit_price=added_price[id(item)],
                )
            )
    touch(shopping_list, status=status_after_item_change(actor, shopping_list))
    events.products_event(events.WishlistAction.ADD, shopping_list, touched)
    return ItemsResult(shopping_list, touched, ADDED_MESSAGE)


def _item_of(shopping_list: ShoppingList, item_id: int) -> ShoppingListItem:
    item = shopping_list.items.select_related("product", "variant").filter(pk=item_id).first()
    if item is None:
        raise field_error("itemId", "This product is not on the list.", "unknown_item")
    return item


@transaction.atomic
def shopping_list_item_update(
    *,
    actor: Actor,
    list_id: int,
    item_id: int,
    quantity: int | None = None,
    options: Sequence[tuple[int, Any]] | None = None,
    variant_id: int | None = None,
    note: str | None = None,
) -> ItemsResult:
    """Change an item's quantity, options, variant or note (update_shopping_list_item at its level; null:
    unchanged), validated as adding is. An item that becomes equal to another one is merged into it."""
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.UPDATE_SHOPPING_LIST_ITEM)
    item = _item_of(shopping_list, item_id)
    new_note = check_note(note, "productNote") if note is not None else item.note
    request = ItemRequest(
        quantity=item.quantity if quantity is None else quantity,
        product_id=item.product_id,
        variant_id=variant_id if variant_id is not None else item.variant_id,
        options=list(options) if options is not None else [tuple(pair) for pair in item.options],
        note=new_note,
    )
    try:
        (resolved,) = resolve_items([request])
    except ValidationError as exc:
        raise field_errors({key.removeprefix("items.0."): value for key, value in exc.error_dict.items()}) from exc
    twin = next(
        (
            other
            for other in shopping_list.items.exclude(pk=item.pk)
            if (other.variant_id, options_key(other.options)) == resolved.key
        ),
        None,
    )
    reconfigured = (resolved.variant.pk, options_key(resolved.options)) != (item.variant_id, options_key(item.options))
    if twin is not None:
        _quantity_total(twin.quantity + resolved.quantity, "quantity")
        twin.quantity += resolved.quantity
        twin.note = new_note if note is not None else (twin.note or item.note)
        twin.save(update_fields=["quantity", "note", "updated_at"])
        removed = [copy.copy(item)]  # the event names the item as it was
        events_item = twin
        item.delete()
    else:
        _apply(actor, item, resolved, reconfigured=reconfigured)
        removed = []
        events_item = item
    touch(shopping_list, status=status_after_item_change(actor, shopping_list))
    events.products_event(events.WishlistAction.UPDATE_PRODUCT, shopping_list, [events_item])
    if removed:
        events.products_event(events.WishlistAction.REMOVE, shopping_list, removed)
    return ItemsResult(shopping_list, [events_item])


def _apply(actor: Actor, item: ShoppingListItem, resolved: ResolvedItem, *, reconfigured: bool) -> None:
    item.variant, item.quantity, item.options, item.note = (
        resolved.variant,
        resolved.quantity,
        resolved.options,
        resolved.note,
    )
    fields = ["variant", "quantity", "options", "note", "updated_at"]
    if reconfigured:  # another product configuration: its price when added is today's
        (item.added_unit_price,) = _unit_prices(
            actor, [(item.product_id, resolved.variant.pk, resolved.quantity, resolved.options)]
        )
        fields.append("added_unit_price")
    item.save(update_fields=fields)


@transaction.atomic
def shopping_list_items_delete(*, actor: Actor, list_id: int, item_ids: Sequence[int]) -> ItemsResult:
    """Remove products from a list (delete_shopping_list_item at its level). An id that is not the list's is refused
    and nothing is removed."""
    wanted = list(dict.fromkeys(item_ids))
    if not wanted:
        raise field_error("itemIds", "Choose the products to remove.", "required")
    if len(wanted) > MAX_ITEMS_PER_LIST:
        raise field_error("itemIds", f"Remove at most {MAX_ITEMS_PER_LIST} products at a time.", "too_many")
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.DELETE_SHOPPING_LIST_ITEM)
    found = list(shopping_list.items.select_related("variant").filter(pk__in=wanted))
    if len(found) != len(wanted):
        raise field_error("itemIds", "Some of these products are not on the list.", "unknown_item")
    ShoppingListItem.objects.filter(pk__in=[item.pk for item in found]).delete()
    touch(shopping_list, status=status_after_item_change(actor, shopping_list))
    events.products_event(events.WishlistAction.REMOVE, shopping_list, found)
    return ItemsResult(shopping_list, [])


def shopping_list_staff_rename(*, shopping_list: ShoppingList, name: str, description: str) -> ShoppingList:
    """Django admin: staff correct a list's name or description (the hotlist flag follows the name)."""
    details = _details(name, description, required=True)
    shopping_list.name = details["name"]
    shopping_list.description = details["description"]
    shopping_list.is_hotlist = is_hotlist_name(shopping_list.name)
    touch(shopping_list, fields=("name", "description", "is_hotlist"))
    return shopping_list
