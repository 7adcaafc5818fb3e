"""The approval of junior buyers' lists (ARCHITECTURE §8, issue 18): draft (30) or rejected (50) → submitted, ready
for approval (40) → approved (0), or rejected (50) with a reason. Approvals and rejections go to the company's audit
log, and the list's maker is e-mailed the decision (issue 36 item 9)."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from accounts.selectors import Actor
from accounts.services import audit_record
from shoppinglists import events, permissions, tasks
from shoppinglists.errors import ShoppingListErrorCode, ShoppingListRefused
from shoppinglists.models import MAX_REASON_LENGTH, ShoppingList, ShoppingListStatus
from shoppinglists.services.common import list_for_change, touch

APPROVED_ACTION = "shopping_list_approved"
REJECTED_ACTION = "shopping_list_rejected"


def _refused(code: ShoppingListErrorCode) -> ShoppingListRefused:
    return ShoppingListRefused(code.label, code=code)


@transaction.atomic
def shopping_list_submit(*, actor: Actor, list_id: int) -> ShoppingList:
    """Submit a draft or rejected company list for approval (submit_shopping_list_for_approval at its level). It
    needs at least one product (SHOPPING_LIST_EMPTY); another status is SHOPPING_LIST_NOT_SUBMITTABLE. The last
    rejection's reason is cleared."""
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.SUBMIT_FOR_APPROVAL)
    if shopping_list.company_id is None or shopping_list.status not in permissions.SUBMITTABLE_STATUSES:
        raise _refused(ShoppingListErrorCode.NOT_SUBMITTABLE)
    if not shopping_list.items.exists():
        raise _refused(ShoppingListErrorCode.EMPTY)
    shopping_list.reason = ""
    touch(shopping_list, status=ShoppingListStatus.READY_FOR_APPROVAL, fields=("reason",))
    events.list_event(events.WishlistAction.UPDATE, shopping_list)
    return shopping_list


def _review(actor: Actor, list_id: int) -> ShoppingList:
    shopping_list = list_for_change(actor=actor, list_id=list_id, code=permissions.APPROVE_DRAFT)
    if shopping_list.status != ShoppingListStatus.READY_FOR_APPROVAL:
        raise _refused(ShoppingListErrorCode.NOT_AWAITING_APPROVAL)
    return shopping_list


def _reviewed(actor: Actor, shopping_list: ShoppingList, status: int, reason: str) -> None:
    before = int(shopping_list.status)
    shopping_list.reason = reason
    shopping_list.reviewed_by = actor.user
    shopping_list.reviewed_at = timezone.now()
    touch(shopping_list, status=status, fields=("reason", "reviewed_by", "reviewed_at"))
    maker = shopping_list.created_by
    by = f" by {maker.get_full_name() or maker.email}" if maker else ""
    approved = status == ShoppingListStatus.APPROVED
    event = audit_record(
        action=APPROVED_ACTION if approved else REJECTED_ACTION,
        summary=f"Shopping list “{shopping_list.name}”{by} {'approved' if approved else 'rejected'}"
        + (f": {reason}" if reason else ""),
        actor=actor,
        company=shopping_list.company,
        target=shopping_list,
        changes={"status": [before, int(status)], **({"reason": reason} if reason else {})},
    )
    events.list_event(events.WishlistAction.UPDATE, shopping_list)
    # Issue 36 item 9: the maker hears of the decision and what happens next, once it commits.
    transaction.on_commit(lambda: tasks.shopping_list_review_notify.delay(event.pk))


@transaction.atomic
def shopping_list_approve(*, actor: Actor, list_id: int) -> ShoppingList:
    """Approve a list ready for approval (approve_draft_shopping_list at its level): its maker may order from it."""
    shopping_list = _review(actor, list_id)
    _reviewed(actor, shopping_list, ShoppingListStatus.APPROVED, "")
    return shopping_list


@transaction.atomic
def shopping_list_reject(*, actor: Actor, list_id: int, reason: str) -> ShoppingList:
    """Reject a list ready for approval with a reason its maker sees (1 to 1,000 characters). Changing the list
    returns it to draft; it can then be submitted again."""
    text = (reason or "").strip()
    if not text:
        raise ValidationError({"reason": [ValidationError("Say why the list is rejected.", code="required")]})
    if len(text) > MAX_REASON_LENGTH:
        message = f"Enter at most {MAX_REASON_LENGTH} characters."
        raise ValidationError({"reason": [ValidationError(message, code="max_length")]})
    shopping_list = _review(actor, list_id)
    _reviewed(actor, shopping_list, ShoppingListStatus.REJECTED, text)
    return shopping_list
