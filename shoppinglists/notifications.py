"""What the e-mail of an approval decision says (issue 36 item 9): to whom, and what happens next (reads only)."""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

from accounts.models import AuditEvent
from accounts.selectors import actor_for_user, membership_of
from shoppinglists import permissions
from shoppinglists.models import ShoppingList, ShoppingListStatus
from shoppinglists.services.approval import APPROVED_ACTION, REJECTED_ACTION

LIST_OBJECT_TYPE = ShoppingList._meta.label_lower


@dataclass(frozen=True)
class ReviewMessage:
    to: str
    subject: str
    template: str
    context: dict


def list_link(shopping_list: ShoppingList) -> str:
    """The overlay's page of the list (shell §2 /shoppingList/{id})."""
    return f"{settings.SITE_URL}/#/shoppingList/{shopping_list.pk}"


def review_message(event_id: int) -> ReviewMessage | None:
    """The e-mail to the maker of the list an approval decision (audit event) was about; None when there is nobody
    to tell: the list is gone (deleted), its maker left the company or is the one who decided."""
    event = (
        AuditEvent.objects.select_related("actor", "company")
        .filter(pk=event_id, action__in=(APPROVED_ACTION, REJECTED_ACTION), object_type=LIST_OBJECT_TYPE)
        .first()
    )
    if event is None or not event.object_id.isdigit():
        return None
    shopping_list = (
        ShoppingList.objects.select_related("created_by", "company")
        .filter(pk=int(event.object_id), status__in=permissions.LIVE_STATUSES)
        .first()
    )
    maker = shopping_list.created_by if shopping_list else None
    if shopping_list is None or maker is None or not maker.is_active or maker.pk == event.actor_id:
        return None
    membership = membership_of(maker)
    if membership is None or membership.company_id != shopping_list.company_id:
        return None
    approved = event.action == APPROVED_ACTION
    # A super admin masquerading as the company decides for it: the e-mail names nobody (as the invitation does).
    reviewer = event.actor if event.actor is not None and event.masquerade_session_id is None else None
    maker_actor = actor_for_user(maker)
    may_order = approved and permissions.order_rights(actor=maker_actor).may_order(maker_actor, shopping_list)
    context = {
        "maker": maker,
        "shopping_list": shopping_list,
        "company": shopping_list.company,
        "reviewer": (reviewer.get_full_name() or reviewer.email) if reviewer else "",
        "decided_at": event.created_at,
        "reason": (event.changes or {}).get("reason", ""),
        "may_order": may_order,
        # Changed since the decision (a product added returns it to draft): the e-mail says so.
        "still_approved": shopping_list.status == ShoppingListStatus.APPROVED,
        "link": list_link(shopping_list),
    }
    if approved:
        subject, template = f"Your shopping list “{shopping_list.name}” is approved", "list_approved.txt"
    else:
        subject, template = f"Your shopping list “{shopping_list.name}” was rejected", "list_rejected.txt"
    return ReviewMessage(to=maker.email, subject=subject, template=f"shoppinglists/email/{template}", context=context)
