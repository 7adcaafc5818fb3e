"""Purchase requests (issue 41): an order held by an approval rule or a soft budget waits here for its approvers,
tier after tier; the last approval places it as it was submitted (prices held until `prices_held_until`), a rejection
tells the buyer why and gives back what it committed of the budgets."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Company, User
from accounts.selectors import Actor, actor_for_user
from accounts.services.audit import audit_record
from approvals.errors import ApprovalErrorCode
from approvals.models import (
    ApprovalDecision,
    ApprovalRule,
    Decision,
    PurchaseRequest,
    PurchaseRequestStatus,
    RequestApprover,
)
from approvals.services.budgets import charges_commit, charges_move_to_order, charges_release
from approvals.services.drafts import OrderDraft
from approvals.services.gate import GateOutcome
from orders.models import Order
from portal.errors import NotFound, Refused, field_error
from quotes.models import Quote

SUBMITTED_ACTION = "purchase_request_submitted"
APPROVED_ACTION = "purchase_request_approved"
REJECTED_ACTION = "purchase_request_rejected"
OVERRIDDEN_ACTION = "purchase_request_overridden"
WITHDRAWN_ACTION = "purchase_request_withdrawn"
REASON_MAX_LENGTH = 1000


# What else follows a request's placement: punchout confirms a held purchase order to its procurement system. The
# listeners are called in the placing transaction with the request and its order (ARCHITECTURE §3: approvals may not
# import the apps to its right, which register here from their AppConfig.ready).
_placed_listeners: list[Callable[[PurchaseRequest, Order], None]] = []


def placed_listener_register(listener: Callable[[PurchaseRequest, Order], None]) -> None:
    if listener not in _placed_listeners:
        _placed_listeners.append(listener)


def price_hold() -> datetime.timedelta:
    """How long a request's prices are held for its approvers (settings.APPROVAL_PRICE_HOLD_DAYS)."""
    return datetime.timedelta(days=getattr(settings, "APPROVAL_PRICE_HOLD_DAYS", 14))


def _notify(request_id: int, event: str) -> None:
    from approvals import tasks

    transaction.on_commit(lambda: tasks.purchase_request_notify.delay(request_id, event))


def prices_held_until(draft: OrderDraft, now: datetime.datetime) -> datetime.datetime:
    """Until when a request's prices are held: APPROVAL_PRICE_HOLD_DAYS, and a quote's prices no longer than the quote
    is valid (to the end of its last day), after which its order could not be placed."""
    until = now + price_hold()
    if draft.quote_id is not None:
        expires_on = Quote.objects.filter(pk=draft.quote_id).values_list("expires_on", flat=True).first()
        if expires_on is not None:
            end = datetime.datetime.combine(
                expires_on + datetime.timedelta(days=1), datetime.time.min, tzinfo=timezone.get_current_timezone()
            )
            until = min(until, end)
    return until


def purchase_request_create(
    *, actor: Actor, draft: OrderDraft, outcome: GateOutcome, resubmitted_from_id: int | None = None
) -> PurchaseRequest:
    """Hold the order for its approvers: what it takes of its budgets is committed now (awaiting approval counts)."""
    company = actor.b2b_company
    assert company is not None  # the gate holds company orders only
    request = PurchaseRequest.objects.create(
        company=company,
        requested_by=actor.user,
        draft=draft.to_json(),
        currency_code=draft.currency_code,
        grand_total=draft.grand_total,
        cost_centre=draft.cost_centre,
        tiers=[tier.to_json() for tier in outcome.tiers],
        reasons=outcome.reasons,
        prices_held_until=prices_held_until(draft, timezone.now()),
        resubmitted_from_id=resubmitted_from_id,
    )
    RequestApprover.objects.bulk_create(
        [
            RequestApprover(purchase_request=request, tier=index, user_id=user_id)
            for index, tier in enumerate(outcome.tiers)
            for user_id in tier.approver_ids
        ]
    )
    charges_commit(outcome.uses, purchase_request=request)
    audit_record(
        action=SUBMITTED_ACTION,
        summary=f"Purchase request {request.pk} submitted for approval: {request.grand_total} {request.currency_code}",
        actor=actor,
        target=request,
        changes={"reasons": [reason["name"] for reason in outcome.reasons], "costCentre": draft.cost_centre},
    )
    _notify(request.pk, "submitted")
    return request


def _locked(request_id: int) -> PurchaseRequest:
    request = (
        PurchaseRequest.objects.select_for_update(of=("self",))
        .select_related("company", "requested_by")
        .filter(pk=request_id)
        .first()
    )
    if request is None:
        raise NotFound("No such purchase request.")
    return request


def _expire_if_stale(request: PurchaseRequest, now: datetime.datetime | None = None) -> bool:
    """Expire the request when its prices are no longer held at `now`; whether it did."""
    now = now or timezone.now()
    if request.prices_held_until > now:
        return False
    request.status = PurchaseRequestStatus.EXPIRED
    request.decided_at = now
    request.save(update_fields=["status", "decided_at", "updated_at"])
    charges_release(purchase_request=request)
    _notify(request.pk, "expired")
    return True


class _Expired(Exception):
    """The request's prices are no longer held: it expired (saved) and the caller is told PRICES_EXPIRED."""


def _pending(request: PurchaseRequest) -> None:
    if request.status != PurchaseRequestStatus.PENDING:
        raise Refused(
            f"This purchase request is {request.get_status_display().lower()} already.",
            code=ApprovalErrorCode.REQUEST_NOT_PENDING,
        )
    if request.prices_held_until <= timezone.now():
        raise _Expired


def _tree_of(company: Company) -> int:
    """The top unit of the company's tree (no query)."""
    return (company.ancestor_ids or [company.pk])[0]


def may_decide(actor: Actor, request: PurchaseRequest) -> bool:
    """The caller is one of the approvers of the tier whose turn it is, and still works in the request's company
    tree (an approver who has left it decides nothing, with their e-mail's link neither)."""
    if actor.user is None or not actor.user.is_active or request.status != PurchaseRequestStatus.PENDING:
        return False
    company = actor.b2b_company
    if company is None:
        return False
    top = _tree_of(company)
    in_tree = Q(purchase_request__company_id=top) | Q(purchase_request__company__path__startswith=f"/{top}/")
    return RequestApprover.objects.filter(
        in_tree, purchase_request=request, tier=request.current_tier, user_id=actor.user.pk
    ).exists()


def may_override(actor: Actor, request: PurchaseRequest) -> bool:
    """A company admin whose company-wide reach covers the request's unit, where a rule it met allows it."""
    if actor.user is None or actor.role != 0 or request.company_id not in actor.unit_ids:
        return False
    if actor.user.pk == request.requested_by_id:
        return False
    # Every rule the order met must allow it: one rule's override never skips another rule's approvers (a safety
    # officer's, say). A request held by a soft budget alone met no rule, and is not overridden.
    rule_ids = {reason["id"] for reason in request.reasons if reason.get("kind") == "rule"}
    if not rule_ids:
        return False
    return ApprovalRule.objects.filter(pk__in=rule_ids, allow_override=True).count() == len(rule_ids)


def _place(request: PurchaseRequest) -> None:
    """The last approval: place the order as submitted, in the buyer's name and unit."""
    from approvals.services.placement import order_place_now  # placement imports this module

    requester = request.requested_by
    buyer = actor_for_user(requester) if requester is not None and requester.is_active else None
    # A buyer who has left the company tree (or whose account is closed) is no longer its buyer: their order is not
    # placed on its account. One who moved to another unit of the tree orders for the unit they submitted it for.
    if buyer is None or buyer.b2b_company is None or _tree_of(buyer.b2b_company) != _tree_of(request.company):
        raise Refused("The buyer of this request has left: it cannot be placed.", code="REQUEST_NOT_PENDING")
    if buyer.b2b_company.pk != request.company_id:
        buyer = dataclasses.replace(buyer, company=request.company)
    order = order_place_now(actor=buyer, draft=OrderDraft.from_json(request.draft))
    charges_move_to_order(purchase_request=request, order=order)
    request.order = order
    request.status = PurchaseRequestStatus.PLACED
    for listener in _placed_listeners:
        listener(request, order)


def _decide(
    actor: Actor | None,
    request_id: int,
    decision: str,
    reason: str,
    via: str,
    tier: int | None = None,
    staff: User | None = None,
) -> PurchaseRequest:
    """One decision, saved with what follows; an expired request is saved as such before PRICES_EXPIRED. `tier`: the
    tier the decision is for (an e-mail's link is for one tier): NOT_YOUR_TURN once the request has moved on, even
    for an approver of the tier whose turn it is now. `staff`: the store's staff decide for the tier whose turn it is
    (Django admin: a tier whose approvers have all left, a company without anyone to decide), instead of `actor`."""
    reason = reason.strip()
    if len(reason) > REASON_MAX_LENGTH:
        raise field_error("reason", f"Use at most {REASON_MAX_LENGTH} characters.", code="max_length")
    if "\x00" in reason:
        raise field_error("reason", "Use letters, digits, spaces and punctuation only.", code="invalid")
    if decision == Decision.REJECTED and not reason:
        raise field_error("reason", "Say why the request is rejected.", code="required")
    try:
        with transaction.atomic():
            request = _locked(request_id)
            _pending(request)
            if staff is not None:
                pass  # the store decides for the tier whose turn it is (approvals/admin.py)
            elif actor is None:
                raise Refused(ApprovalErrorCode.NOT_YOUR_TURN.label, code=ApprovalErrorCode.NOT_YOUR_TURN)
            elif decision == Decision.OVERRIDDEN:
                if not may_override(actor, request):
                    raise Refused(
                        ApprovalErrorCode.OVERRIDE_NOT_ALLOWED.label, code=ApprovalErrorCode.OVERRIDE_NOT_ALLOWED
                    )
            elif not may_decide(actor, request) or (tier is not None and tier != request.current_tier):
                raise Refused(ApprovalErrorCode.NOT_YOUR_TURN.label, code=ApprovalErrorCode.NOT_YOUR_TURN)
            decided_tier = request.current_tier
            ApprovalDecision.objects.create(
                purchase_request=request, tier=decided_tier, user=staff or (actor.user if actor else None),
                decision=decision, reason=reason, via=via,
            )  # fmt: skip
            now = timezone.now()
            if decision == Decision.REJECTED:
                request.status = PurchaseRequestStatus.REJECTED
                request.rejection_reason = reason
                request.decided_at = now
                charges_release(purchase_request=request)
                event, action = "rejected", REJECTED_ACTION
            elif decision == Decision.OVERRIDDEN or request.current_tier + 1 >= len(request.tiers):
                request.current_tier = max(len(request.tiers) - 1, 0)
                request.decided_at = now
                _place(request)
                event = "placed"
                action = OVERRIDDEN_ACTION if decision == Decision.OVERRIDDEN else APPROVED_ACTION
            else:
                request.current_tier += 1
                event, action = "next_tier", APPROVED_ACTION
            request.save()
            audit_record(
                action=action,
                summary=f"Purchase request {request.pk} {decision}"
                + (f" by the store ({staff.email})" if staff is not None else "")
                + (f": {reason}" if reason else ""),
                actor=actor if staff is None else None,
                user=staff,
                company=request.company,
                target=request,
                changes={"tier": decided_tier, "via": via, "reason": reason},
            )
            _notify(request.pk, event)
            return request
    except _Expired:
        with transaction.atomic():
            _expire_if_stale(_locked(request_id))
        raise Refused(
            "The prices of this purchase request are no longer held: the buyer must submit it again.",
            code=ApprovalErrorCode.PRICES_EXPIRED,
        ) from None


def purchase_request_approve(
    *, actor: Actor, request_id: int, reason: str = "", via: str = "portal", tier: int | None = None
):
    return _decide(actor, request_id, Decision.APPROVED, reason, via, tier)


def purchase_request_staff_decide(*, by: User, request_id: int, approve: bool, reason: str = "") -> PurchaseRequest:
    """The store's staff approve (for the tier whose turn it is) or reject a request from Django admin, written as
    theirs (via "admin") in the request's decisions and the company's audit log."""
    decision = Decision.APPROVED if approve else Decision.REJECTED
    return _decide(None, request_id, decision, reason, "admin", staff=by)


def purchase_request_reject(
    *, actor: Actor, request_id: int, reason: str, via: str = "portal", tier: int | None = None
):
    return _decide(actor, request_id, Decision.REJECTED, reason, via, tier)


def purchase_request_override(*, actor: Actor, request_id: int, reason: str = ""):
    return _decide(actor, request_id, Decision.OVERRIDDEN, reason, "portal")


@transaction.atomic
def purchase_request_withdraw(*, actor: Actor, request_id: int) -> PurchaseRequest:
    """The buyer takes back a request still waiting: its budget commitments are released."""
    request = _locked(request_id)
    if actor.user is None or request.requested_by_id != actor.user.pk:
        raise NotFound("No such purchase request.")
    if request.status != PurchaseRequestStatus.PENDING:
        raise Refused(
            f"This purchase request is {request.get_status_display().lower()} already.",
            code=ApprovalErrorCode.REQUEST_NOT_PENDING,
        )
    request.status = PurchaseRequestStatus.WITHDRAWN
    request.decided_at = timezone.now()
    request.save(update_fields=["status", "decided_at", "updated_at"])
    charges_release(purchase_request=request)
    audit_record(
        action=WITHDRAWN_ACTION, summary=f"Purchase request {request.pk} withdrawn", actor=actor, target=request
    )
    return request


def requests_expire(*, now: datetime.datetime | None = None) -> int:
    """Requests whose prices are no longer held expire, their commitments released (a periodic task)."""
    now = now or timezone.now()
    count = 0
    for request_id in PurchaseRequest.objects.filter(
        status=PurchaseRequestStatus.PENDING, prices_held_until__lte=now
    ).values_list("pk", flat=True):
        with transaction.atomic():
            request = _locked(request_id)
            if request.status == PurchaseRequestStatus.PENDING and _expire_if_stale(request, now):
                count += 1
    return count


def approver_users(request: PurchaseRequest, tier: int) -> list[User]:
    return [
        row.user for row in RequestApprover.objects.filter(purchase_request=request, tier=tier).select_related("user")
    ]
