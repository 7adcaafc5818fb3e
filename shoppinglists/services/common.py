"""What every write of a list shares: the enablement check, finding the list to change, touching it, and the status a
change leaves it in."""

from __future__ import annotations

from django.utils import timezone

from accounts.selectors import Actor
from portal.errors import NotFound
from shoppinglists import permissions
from shoppinglists.errors import NOT_FOUND_MESSAGE, ShoppingListRefused
from shoppinglists.models import ShoppingList, ShoppingListStatus
from shoppinglists.permissions import lists_enabled_check
from shoppinglists.selectors import lists_visible_to


def list_for_change(*, actor: Actor, list_id: int, code: str) -> ShoppingList:
    """The list locked for the change of `code`. One the actor may see but not change with `code` is refused
    (PERMISSION_DENIED); one it may not see at all does not exist for it (NOT_FOUND)."""
    lists_enabled_check(actor=actor)
    changeable = lists_visible_to(actor=actor, code=code).select_for_update(of=("self",))
    found = (
        changeable.select_related("created_by__membership", "reviewed_by__membership", "company", "customer")
        .filter(pk=list_id)
        .first()
    )
    if found is not None:
        return found
    if lists_visible_to(actor=actor, code=permissions.GET_SHOPPING_LIST_DETAIL).filter(pk=list_id).exists():
        raise ShoppingListRefused()
    raise NotFound(NOT_FOUND_MESSAGE)


def touch(shopping_list: ShoppingList, *, status: int | None = None, fields: tuple[str, ...] = ()) -> None:
    """Save the list's last activity (and its new status and other changed fields)."""
    changed = list(fields)
    if status is not None and status != shopping_list.status:
        shopping_list.status = status
        changed.append("status")
    shopping_list.updated_at = timezone.now()
    shopping_list.save(update_fields=[*dict.fromkeys(changed), "updated_at"])


def status_after_item_change(actor: Actor, shopping_list: ShoppingList) -> int:
    """A change to the products by someone who needs approval returns the list to draft (permissions module)."""
    return permissions.status_after_change(actor, shopping_list)


def status_after_details_change(actor: Actor, shopping_list: ShoppingList) -> int:
    """A new name or description returns a rejected list of someone who needs approval to draft (issue 18); an
    approved or submitted one keeps its status: what it orders did not change."""
    if shopping_list.status == ShoppingListStatus.REJECTED:
        return permissions.status_after_change(actor, shopping_list)
    return shopping_list.status
