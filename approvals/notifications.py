"""What the e-mails of a purchase request say and to whom (issue 41; reads only): its approvers when it is their turn,
with a signed link to decide; its buyer when it is placed, rejected (with the reason) or its prices expired."""

from __future__ import annotations

from dataclasses import dataclass

from approvals.links import ReviewKey, request_url, review_url
from approvals.models import ApprovalDecision, PurchaseRequest, PurchaseRequestStatus, RequestApprover
from approvals.services.drafts import OrderDraft


@dataclass(frozen=True)
class RequestMessage:
    to: str
    subject: str
    template: str
    context: dict
    claim: str  # sent once per claim


def _context(request: PurchaseRequest) -> dict:
    draft = OrderDraft.from_json(request.draft)
    buyer = request.requested_by
    tier = request.tiers[request.current_tier] if request.tiers else {}
    return {
        "request": request,
        "draft": draft,
        "lines": [
            {"name": line.name, "sku": line.sku, "quantity": line.quantity, "total": line.unit_price * line.quantity}
            for line in draft.lines
        ],
        "buyer": (buyer.get_full_name() or buyer.email) if buyer else "",
        "company": request.company,
        "tier": tier,
        "reasons": request.reasons,
        "portal_link": request_url(request.pk),
    }


def request_messages(request_id: int, event: str) -> list[RequestMessage]:
    request = PurchaseRequest.objects.select_related("company", "requested_by", "order").filter(pk=request_id).first()
    if request is None:
        return []
    context = _context(request)
    buyer = request.requested_by
    if event in ("submitted", "next_tier"):
        if request.status != PurchaseRequestStatus.PENDING:
            return []
        approvers = RequestApprover.objects.filter(
            purchase_request=request, tier=request.current_tier, user__is_active=True
        ).select_related("user")
        return [
            RequestMessage(
                to=row.user.email,
                subject=f"Approval needed: purchase request {request.pk} from {context['buyer']} "
                f"({request.grand_total} {request.currency_code})",
                template="approvals/email/approval_needed.txt",
                context={
                    **context,
                    "approver": row.user,
                    "review_link": review_url(ReviewKey(request.pk, row.user_id, request.current_tier)),
                },
                claim=f"approvals:{request.pk}:tier{request.current_tier}:{row.user_id}",
            )
            for row in approvers
        ]
    if buyer is None or not buyer.is_active:
        return []
    if event == "placed" and request.order is not None:
        subject = f"Your purchase request {request.pk} is approved: order #{request.order.number} is placed"
        template = "approvals/email/request_placed.txt"
    elif event == "rejected":
        decision = ApprovalDecision.objects.filter(purchase_request=request, decision="rejected").last()
        context["decided_by"] = (
            (decision.user.get_full_name() or decision.user.email) if decision and decision.user else ""
        )
        subject = f"Your purchase request {request.pk} was rejected"
        template = "approvals/email/request_rejected.txt"
    elif event == "expired":
        subject = f"Your purchase request {request.pk} expired"
        template = "approvals/email/request_expired.txt"
    else:
        return []
    return [
        RequestMessage(to=buyer.email, subject=subject, template=template, context=context,
                       claim=f"approvals:{request.pk}:{event}")
    ]  # fmt: skip
