"""Purchase requests in Django admin (issue 41): the store's staff decide for the tier whose turn it is when nobody
else can (its approvers left), approving or rejecting with a reason; the decision is theirs, via "admin"."""

import pytest

from accounts.models import AuditEvent, CompanyMembership
from approvals.models import ApprovalDecision, PurchaseRequest, PurchaseRequestStatus
from orders.models import Order
from tests.factories.approvals import held_request, place, rule, tier

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/approvals/purchaserequest/"


@pytest.fixture
def staff_client(client, demo_store):
    assert client.login(username="staff@demo.test", password="Demo1234")
    return client


@pytest.fixture
def held(shop, actor_of, small):
    rule(shop.university, min_total=1, currency_code="USD", tiers=[tier(levels_up=1)])
    request = held_request(place(actor_of("organic_senior"), [(small, 2)]))
    # Chemistry's admin, the tier's only approver, leaves: nobody in the company can decide it now.
    CompanyMembership.objects.filter(user=shop.users["chemistry_admin"]).delete()
    return request


def _state(request_id: int):
    request = PurchaseRequest.objects.get(pk=request_id)
    return request.status, request.current_tier, ApprovalDecision.objects.count(), Order.objects.count()


def test_staff_approve_the_waiting_tier_and_the_last_one_places_the_order(staff_client, held):
    response = staff_client.post(CHANGELIST, {"action": "approve_waiting_tier", "_selected_action": [held.pk]})
    assert response.status_code == 302
    held.refresh_from_db()
    assert held.status == PurchaseRequestStatus.PLACED and held.order is not None
    decision = ApprovalDecision.objects.get()
    assert (decision.via, decision.user.email, decision.decision) == ("admin", "staff@demo.test", "approved")
    assert AuditEvent.objects.filter(action="purchase_request_approved", company=held.company).exists()


def test_staff_reject_with_a_reason_asked_first(staff_client, held):
    ask = staff_client.post(CHANGELIST, {"action": "reject_requests", "_selected_action": [held.pk]})
    assert ask.status_code == 200 and "Reason (required)" in ask.content.decode()
    before = _state(held.pk)
    blank = staff_client.post(
        CHANGELIST, {"action": "reject_requests", "_selected_action": [held.pk], "apply": "1", "reason": "  "}
    )
    assert "Give a reason" in blank.content.decode() and _state(held.pk) == before
    staff_client.post(
        CHANGELIST,
        {"action": "reject_requests", "_selected_action": [held.pk], "apply": "1", "reason": "Account closed."},
    )
    held.refresh_from_db()
    assert held.status == PurchaseRequestStatus.REJECTED and held.rejection_reason == "Account closed."


def test_a_decided_request_is_reported_not_decided_again(staff_client, held):
    staff_client.post(CHANGELIST, {"action": "approve_waiting_tier", "_selected_action": [held.pk]})
    before = _state(held.pk)
    response = staff_client.post(
        CHANGELIST, {"action": "approve_waiting_tier", "_selected_action": [held.pk]}, follow=True
    )
    assert "already" in response.content.decode() and _state(held.pk) == before
