"""The review page an approver's e-mail links to (issue 41): the request as submitted, and Approve / Reject (with a
reason) one click away. The signed link is the approver's key to this decision (approvals.links); the decision is
theirs, written with `via="email"`, and refused as in the portal once it is not their turn."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from accounts.models import User
from accounts.selectors import actor_for_user
from approvals.links import review_key
from approvals.models import PurchaseRequest, PurchaseRequestStatus, RequestApprover
from approvals.notifications import _context
from approvals.services.requests import (
    REASON_MAX_LENGTH,
    may_decide,
    price_hold,
    purchase_request_approve,
    purchase_request_reject,
)
from portal.errors import NotFound


def _page(request: HttpRequest, context: dict, status: int = 200) -> HttpResponse:
    response = render(request, "approvals/review.html", {"reason_max": REASON_MAX_LENGTH, **context}, status=status)
    # The link's token stays out of other sites' logs. Not "no-referrer": Chromium then sends `Origin: null` with the
    # page's forms, which the CSRF check refuses.
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "no-store"
    return response


@require_http_methods(["GET", "POST"])
def review(request: HttpRequest, token: str) -> HttpResponse:
    key = review_key(token, max_age_seconds=int(price_hold().total_seconds()))
    approver = User.objects.filter(pk=key.user_id, is_active=True).first() if key else None
    purchase = (
        PurchaseRequest.objects.select_related("company", "requested_by", "order").filter(pk=key.request_id).first()
        if key
        else None
    )
    # The link is signed for an approver of one tier of this request: any other key is not valid here.
    if (
        key is None
        or approver is None
        or purchase is None
        or not RequestApprover.objects.filter(purchase_request=purchase, tier=key.tier, user=approver).exists()
    ):
        return _page(request, {"invalid": True}, status=404)
    actor = actor_for_user(approver)
    waiting = purchase.status == PurchaseRequestStatus.PENDING and key.tier == purchase.current_tier
    context = {**_context(purchase), "approver": approver, "may_decide": waiting and may_decide(actor, purchase)}
    if request.method == "POST":
        action = request.POST.get("action", "")
        reason = request.POST.get("reason", "")
        try:
            if action == "approve":
                purchase = purchase_request_approve(actor=actor, request_id=purchase.pk, via="email", tier=key.tier)
            elif action == "reject":
                purchase = purchase_request_reject(
                    actor=actor, request_id=purchase.pk, reason=reason, via="email", tier=key.tier
                )
            else:
                return _page(request, {**context, "error": "Choose Approve or Reject."}, status=400)
        except ValidationError as error:
            # A field error (the reason), or what placing the order refused (the stock, the company's credit).
            shown = reason.replace("\x00", "")[:REASON_MAX_LENGTH]
            return _page(request, {**context, "error": " ".join(error.messages), "reason": shown}, status=400)
        except (PermissionDenied, NotFound) as error:
            purchase.refresh_from_db()
            return _page(request, {**_context(purchase), "approver": approver, "error": str(error)}, status=409)
        return _page(request, {**_context(purchase), "approver": approver, "decided": action})
    return _page(request, context)
