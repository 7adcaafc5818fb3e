"""Purchase requests (issue 41, approvals.services.requests): an order held for approval waits tier after tier; only
an approver of the tier whose turn it is decides (NOT_YOUR_TURN otherwise, nothing changed); a rejection needs its
reason; the last approval places the order as it was submitted — its lines and prices, the company's credit, the
stock, the quote, the audit log — and its budget commitments become the order's; an admin overrides only where the
rules allow it; the buyer alone withdraws; prices held past APPROVAL_PRICE_HOLD_DAYS expire the request. The e-mails
go to the approvers whose turn it is (with their signed link) and to the buyer, once each however often the task is
delivered."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.utils import timezone

from accounts.models import AuditEvent, Company, CompanyMembership, User
from accounts.selectors import Actor
from approvals import tasks
from approvals.links import review_key
from approvals.models import ApprovalDecision, BudgetCharge, ChargeState, PurchaseRequest, PurchaseRequestStatus
from approvals.services.requests import (
    may_decide,
    may_override,
    purchase_request_approve,
    purchase_request_override,
    purchase_request_reject,
    purchase_request_withdraw,
    requests_expire,
)
from orders.models import Order, OrderLine
from orders.services import OrderLineData
from portal.errors import NotFound, Refused
from pricing.models import ProductVariant
from quotes import amounts
from quotes.models import QuoteStatus
from tests.factories.approvals import CREDIT, BudgetFactory, held_request, place, rule, tier
from tests.quotes.support import make_quote

pytestmark = pytest.mark.django_db

# The lab's order: 2 × HS-1001-100ML at 100.00 + 6.25 tax each, 25.00 shipping.
ORDER = {"unit_price": Decimal("100.00"), "unit_tax": Decimal("6.25"), "shipping": Decimal("25.00")}
TOTAL = Decimal("237.50")


@pytest.fixture
def two_tiers(shop):
    """The university's rule for orders above 150 USD: Chemistry's admins, then the university's."""
    return rule(shop.university, name="Above 150", min_total=Decimal("150.00"), currency_code="USD",
                tiers=[tier(levels_up=1), tier(levels_up=2)])  # fmt: skip


@pytest.fixture
def budget(shop):
    return BudgetFactory(company=shop.chemistry, name="Chemistry 2026", amount=Decimal("1000.00"))


@pytest.fixture
def request_(shop, two_tiers, budget, actor_of, small) -> PurchaseRequest:
    return held_request(place(actor_of("organic_senior"), [(small, 2)], cost_centre="GR-1", **ORDER))


def _state(request: PurchaseRequest) -> tuple:
    """Everything a decision may change."""
    return (
        PurchaseRequest.objects.filter(pk=request.pk).values().get(),
        list(ApprovalDecision.objects.values()),
        list(BudgetCharge.objects.order_by("pk").values()),
        Order.objects.count(),
        AuditEvent.objects.count(),
        list(ProductVariant.objects.order_by("pk").values_list("inventory_level", flat=True)),
        Company.objects.get(pk=request.company.ancestor_ids[0]).available_credit,  # the university's credit line
    )


def _refused(run, code: str) -> Refused:
    with pytest.raises(Refused) as refused:
        run()
    assert refused.value.code == code, refused.value
    return refused.value


def _approve(actor: Actor, request: PurchaseRequest, **kwargs) -> PurchaseRequest:
    return purchase_request_approve(actor=actor, request_id=request.pk, **kwargs)


# --- the flow -------------------------------------------------------------------------------------------------------


def test_a_request_waits_tier_after_tier_and_the_last_approval_places_it_as_submitted(
    shop, actor_of, request_, small, budget
):
    stock = small.inventory_level
    assert (request_.status, request_.current_tier, request_.grand_total) == ("pending", 0, TOTAL)
    assert not Order.objects.exists()
    assert BudgetCharge.objects.get().purchase_request_id == request_.pk
    # The catalog price changes meanwhile: the order is placed at the prices submitted.
    ProductVariant.objects.filter(pk=small.pk).update(price=Decimal("999.00"))

    first = _approve(actor_of("chemistry_admin"), request_, reason="Fine for the term.")
    assert (first.status, first.current_tier, first.order) == ("pending", 1, None)
    assert not Order.objects.exists()
    small.refresh_from_db()
    assert small.inventory_level == stock  # nothing taken before it is placed

    placed = _approve(actor_of("university_admin"), request_)
    order = placed.order
    assert (placed.status, placed.decided_at is not None) == ("placed", True)
    assert (order.company_id, order.placed_by_id, order.cost_centre, order.po_number) == (
        shop.organic_lab.pk, shop.users["organic_senior"].pk, "GR-1", "PO-41"
    )  # fmt: skip
    assert list(OrderLine.objects.values_list("sku", "quantity", "unit_price", "unit_tax")) == [
        ("HS-1001-100ML", 2, Decimal("100.00"), Decimal("6.25"))
    ]
    assert (order.grand_total, order.shipping_total, order.credit_charged) == (TOTAL, Decimal("25.00"), TOTAL)
    assert Company.objects.get(pk=shop.university.pk).available_credit == CREDIT - TOTAL
    small.refresh_from_db()
    assert small.inventory_level == stock - 2
    charge = BudgetCharge.objects.get()
    assert (charge.order_id, charge.state, charge.amount) == (order.pk, ChargeState.COMMITTED, TOTAL)
    assert list(ApprovalDecision.objects.values_list("tier", "user__email", "decision", "reason", "via")) == [
        (0, "chemistry.admin@northfield.test", "approved", "Fine for the term.", "portal"),
        (1, "university.admin@northfield.test", "approved", "", "portal"),
    ]
    events = AuditEvent.objects.filter(
        action__in=["purchase_request_submitted", "purchase_request_approved", "order_placed"]
    )
    assert list(events.order_by("pk").values_list("action", "company_id")) == [
        ("purchase_request_submitted", shop.organic_lab.pk),
        ("purchase_request_approved", shop.organic_lab.pk),
        ("order_placed", shop.organic_lab.pk),
        ("purchase_request_approved", shop.organic_lab.pk),
    ]
    approvals = AuditEvent.objects.filter(action="purchase_request_approved").order_by("pk")
    assert [event.changes["tier"] for event in approvals] == [0, 1]  # the tier each approval decided


@pytest.mark.parametrize(
    "caller",
    ["university_admin", "organic_senior", "chemistry_senior_below", "biology_admin", "other_admin"],
    ids=["the next tier", "the buyer", "a senior buyer above", "a sibling's admin", "another company"],
)
def test_only_an_approver_of_the_tier_whose_turn_it_is_decides(actor_of, request_, caller):
    before = _state(request_)
    actor = actor_of(caller)
    assert not may_decide(actor, request_)
    _refused(lambda: _approve(actor, request_), "NOT_YOUR_TURN")
    _refused(lambda: purchase_request_reject(actor=actor, request_id=request_.pk, reason="No."), "NOT_YOUR_TURN")
    assert _state(request_) == before


def test_an_approver_of_an_earlier_tier_decides_no_more(actor_of, request_):
    _approve(actor_of("chemistry_admin"), request_)
    before = _state(request_)
    _refused(lambda: _approve(actor_of("chemistry_admin"), request_), "NOT_YOUR_TURN")
    assert _state(request_) == before


def _leaves(shop, key: str, how: str) -> None:
    user = shop.users[key]
    if how == "membership removed":
        CompanyMembership.objects.filter(user=user).delete()
    elif how == "moved to another company":
        CompanyMembership.objects.filter(user=user).update(company=shop.other)
    else:
        User.objects.filter(pk=user.pk).update(is_active=False)


LEAVING = ["membership removed", "moved to another company", "account closed"]


@pytest.mark.parametrize("how", LEAVING)
def test_an_approver_who_has_left_the_company_decides_nothing(shop, actor_of, request_, how):
    _leaves(shop, "chemistry_admin", how)
    before = _state(request_)
    _refused(lambda: _approve(actor_of("chemistry_admin"), request_), "NOT_YOUR_TURN")
    assert _state(request_) == before


def test_an_approver_moved_to_another_unit_of_the_tree_still_decides(shop, actor_of, request_):
    CompanyMembership.objects.filter(user=shop.users["chemistry_admin"]).update(company=shop.biology)
    assert _approve(actor_of("chemistry_admin"), request_).current_tier == 1


@pytest.mark.parametrize("how", LEAVING)
def test_the_order_of_a_buyer_who_has_left_the_company_is_not_placed(shop, actor_of, request_, how):
    _approve(actor_of("chemistry_admin"), request_)
    _leaves(shop, "organic_senior", how)
    before = _state(request_)
    refused = _refused(lambda: _approve(actor_of("university_admin"), request_), "REQUEST_NOT_PENDING")
    assert refused.message == "The buyer of this request has left: it cannot be placed."
    assert _state(request_) == before
    rejected = purchase_request_reject(actor=actor_of("university_admin"), request_id=request_.pk,
                                       reason="The buyer has left the lab.")  # fmt: skip
    assert rejected.status == "rejected" and BudgetCharge.objects.get().state == ChargeState.RELEASED


def test_a_buyer_moved_to_another_unit_of_the_tree_gets_the_order_placed_for_the_unit_they_ordered_for(
    shop, actor_of, request_
):
    _approve(actor_of("chemistry_admin"), request_)
    CompanyMembership.objects.filter(user=shop.users["organic_senior"]).update(company=shop.genetics_lab)
    placed = _approve(actor_of("university_admin"), request_)
    assert (placed.order.company_id, placed.order.placed_by_id) == (
        shop.organic_lab.pk,
        shop.users["organic_senior"].pk,
    )


@pytest.mark.parametrize("reason", ["", "   \n "])
def test_a_rejection_needs_its_reason(actor_of, request_, reason):
    before = _state(request_)
    with pytest.raises(ValidationError) as refused:
        purchase_request_reject(actor=actor_of("chemistry_admin"), request_id=request_.pk, reason=reason)
    assert [(error.code, error.message) for error in refused.value.error_dict["reason"]] == [
        ("required", "Say why the request is rejected.")
    ]
    assert _state(request_) == before


def test_a_rejection_tells_why_and_a_decided_request_is_decided_no_more(actor_of, request_):
    rejected = purchase_request_reject(
        actor=actor_of("chemistry_admin"), request_id=request_.pk, reason="  Use the department's stock.  "
    )
    assert (rejected.status, rejected.rejection_reason) == ("rejected", "Use the department's stock.")
    assert BudgetCharge.objects.get().state == ChargeState.RELEASED
    before = _state(request_)
    _refused(lambda: _approve(actor_of("chemistry_admin"), request_), "REQUEST_NOT_PENDING")
    _refused(lambda: purchase_request_withdraw(actor=actor_of("organic_senior"), request_id=request_.pk),
             "REQUEST_NOT_PENDING")  # fmt: skip
    assert _state(request_) == before


def test_a_reason_longer_than_allowed_or_with_nul_bytes_is_refused(actor_of, request_):
    before = _state(request_)
    for reason, code in (("x" * 10_000, "max_length"), ("Too\x00expensive", "invalid")):
        with pytest.raises(ValidationError) as refused:
            purchase_request_reject(actor=actor_of("chemistry_admin"), request_id=request_.pk, reason=reason)
        assert [error.code for error in refused.value.error_dict["reason"]] == [code]
    assert _state(request_) == before


def _quote_lines(quote) -> list[OrderLineData]:
    """The quote's lines at their quoted prices, as the quote's checkout cart passes them."""
    lines = []
    for line in quote.lines.select_related("variant"):
        money = amounts.quote_line_amounts(quote, line)
        lines.append(OrderLineData(product_id=line.product_id, variant_id=line.variant_id, sku=line.variant.sku,
                                   name=line.name, quantity=line.quantity, unit_price=money.unit_price,
                                   unit_tax=money.unit_tax))  # fmt: skip
    return lines


@pytest.fixture
def quote(shop):
    return make_quote("organic.senior@northfield.test", lines=[("HS-1001-100ML", 2)], priced=True)


def test_the_last_approval_of_a_quotes_request_orders_the_quote(shop, actor_of, two_tiers, quote):
    request = held_request(place(actor_of("organic_senior"), lines=_quote_lines(quote), shipping=Decimal("200.00"),
                                 quote_id=quote.pk))  # fmt: skip
    quote.refresh_from_db()
    assert quote.status == QuoteStatus.OPEN
    _approve(actor_of("chemistry_admin"), request)
    placed = _approve(actor_of("university_admin"), request)
    quote.refresh_from_db()
    assert (quote.status, quote.order_id) == (QuoteStatus.ORDERED, placed.order_id)
    assert AuditEvent.objects.get(action="order_placed").summary.startswith(
        f"Order #{placed.order.number} placed from quote {quote.number}: "
    )


def test_a_quote_whose_order_awaits_approval_is_not_ordered_twice(shop, actor_of, two_tiers, quote):
    buyer = actor_of("organic_senior")
    order = {"lines": _quote_lines(quote), "shipping": Decimal("200.00"), "quote_id": quote.pk}
    request = held_request(place(buyer, **order))
    before = _state(request)
    with pytest.raises(ValidationError) as refused:
        place(buyer, **order)
    assert [(error.code, error.message) for error in refused.value.error_dict["__all__"]] == [
        ("quote_awaits_approval", f"This quote's order awaits approval already (purchase request {request.pk}).")
    ]
    assert _state(request) == before
    purchase_request_withdraw(actor=buyer, request_id=request.pk)
    assert held_request(place(buyer, **order)).pk != request.pk  # withdrawn: the buyer may submit it again


def test_a_quotes_prices_are_held_no_longer_than_the_quote_is_valid(settings, shop, actor_of, two_tiers, quote):
    settings.APPROVAL_PRICE_HOLD_DAYS = 14
    last_day = timezone.localdate() + datetime.timedelta(days=3)
    type(quote).objects.filter(pk=quote.pk).update(expires_on=last_day)
    request = held_request(place(actor_of("organic_senior"), lines=_quote_lines(quote), shipping=Decimal("200.00"),
                                 quote_id=quote.pk))  # fmt: skip
    end = datetime.datetime.combine(last_day + datetime.timedelta(days=1), datetime.time.min, tzinfo=datetime.UTC)
    assert request.prices_held_until == end
    assert requests_expire(now=end - datetime.timedelta(seconds=1)) == 0
    assert requests_expire(now=end) == 1


# --- override and withdraw ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("admin", ["university_admin", "chemistry_admin"])
def test_an_admin_reaching_the_unit_overrides_where_the_rule_allows_it_audited(shop, actor_of, small, admin):
    rule(shop.university, name="Overridable", min_total=Decimal("0.00"), currency_code="USD", allow_override=True,
         tiers=[tier(levels_up=1), tier(levels_up=2)])  # fmt: skip
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    actor = actor_of(admin)
    assert may_override(actor, request)
    placed = purchase_request_override(actor=actor, request_id=request.pk, reason="Urgent: the synthesis is due.")
    assert placed.status == "placed" and placed.order is not None
    assert list(ApprovalDecision.objects.values_list("tier", "user_id", "decision")) == [
        (0, shop.users[admin].pk, "overridden")
    ]
    event = AuditEvent.objects.get(action="purchase_request_overridden")
    assert (event.actor_id, event.company_id, event.changes["reason"]) == (
        shop.users[admin].pk, shop.organic_lab.pk, "Urgent: the synthesis is due."
    )  # fmt: skip


@pytest.mark.parametrize(
    ("caller", "allow"),
    [
        ("university_admin", False),  # the rule does not allow it
        ("chemistry_senior_below", True),  # not an admin
        ("biology_admin", True),  # an admin who does not reach the lab
        ("other_admin", True),  # another company's admin
    ],
)
def test_an_override_is_refused_otherwise_and_changes_nothing(shop, actor_of, small, caller, allow):
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD", allow_override=allow)
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    before = _state(request)
    assert not may_override(actor_of(caller), request)
    _refused(lambda: purchase_request_override(actor=actor_of(caller), request_id=request.pk, reason="Go."),
             "OVERRIDE_NOT_ALLOWED")  # fmt: skip
    assert _state(request) == before


def test_no_admin_overrides_their_own_request(shop, actor_of, small):
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD", allow_override=True)
    request = held_request(place(actor_of("chemistry_admin"), [(small, 1)]))
    _refused(lambda: purchase_request_override(actor=actor_of("chemistry_admin"), request_id=request.pk),
             "OVERRIDE_NOT_ALLOWED")  # fmt: skip


def test_an_override_needs_every_rule_the_order_met_to_allow_it(shop, actor_of, small):
    """The lab's rule allows an override; the university's safety rule does not: an admin cannot skip its tier."""
    rule(shop.organic_lab, name="Lab: above 50", min_total=Decimal("50.00"), currency_code="USD", allow_override=True)
    rule(
        shop.university, name="Safety", cost_centre="HAZ", tiers=[tier(role=None, users=[shop.users["biology_admin"]])]
    )
    buyer = actor_of("organic_senior")
    only_lab = held_request(place(buyer, [(small, 1)]))
    both = held_request(place(buyer, [(small, 1)], cost_centre="HAZ"))
    admin = actor_of("university_admin")
    assert may_override(admin, only_lab) and not may_override(admin, both)
    _refused(lambda: purchase_request_override(actor=admin, request_id=both.pk, reason="Go."), "OVERRIDE_NOT_ALLOWED")


def test_a_request_held_by_a_soft_budget_alone_is_not_overridden(shop, actor_of, small):
    BudgetFactory(company=shop.chemistry, amount=Decimal("10.00"), hard=False)
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    assert not may_override(actor_of("university_admin"), request)


def test_the_buyer_withdraws_their_request_and_nobody_else(actor_of, request_):
    before = _state(request_)
    for caller in ("chemistry_admin", "university_admin", "organic_junior"):
        with pytest.raises(NotFound):
            purchase_request_withdraw(actor=actor_of(caller), request_id=request_.pk)
    assert _state(request_) == before
    withdrawn = purchase_request_withdraw(actor=actor_of("organic_senior"), request_id=request_.pk)
    assert (withdrawn.status, withdrawn.decided_at is not None) == ("withdrawn", True)
    assert BudgetCharge.objects.get().state == ChargeState.RELEASED
    assert AuditEvent.objects.filter(action="purchase_request_withdrawn").count() == 1
    _refused(lambda: _approve(actor_of("chemistry_admin"), request_), "REQUEST_NOT_PENDING")


# --- expiry ---------------------------------------------------------------------------------------------------------


def test_prices_are_held_for_the_configured_days_then_the_request_expires(
    settings, shop, two_tiers, budget, actor_of, small
):
    settings.APPROVAL_PRICE_HOLD_DAYS = 3
    before = timezone.now()
    request = held_request(place(actor_of("organic_senior"), [(small, 2)]))
    held = request.prices_held_until - before
    assert datetime.timedelta(days=3) <= held < datetime.timedelta(days=3, minutes=1)
    assert requests_expire(now=request.prices_held_until - datetime.timedelta(seconds=1)) == 0
    assert requests_expire(now=request.prices_held_until) == 1
    request.refresh_from_db()
    assert (request.status, request.decided_at) == ("expired", request.prices_held_until)
    assert BudgetCharge.objects.get().state == ChargeState.RELEASED
    assert requests_expire(now=request.prices_held_until + datetime.timedelta(days=30)) == 0


def test_approving_a_request_whose_prices_are_no_longer_held_expires_it(
    settings, shop, two_tiers, budget, actor_of, small
):
    settings.APPROVAL_PRICE_HOLD_DAYS = 0
    request = held_request(place(actor_of("organic_senior"), [(small, 2)]))
    _refused(lambda: _approve(actor_of("chemistry_admin"), request), "PRICES_EXPIRED")
    request.refresh_from_db()
    assert request.status == PurchaseRequestStatus.EXPIRED
    assert not ApprovalDecision.objects.exists() and not Order.objects.exists()
    assert BudgetCharge.objects.get().state == ChargeState.RELEASED


def test_a_placement_refused_at_the_last_approval_changes_nothing(shop, actor_of, request_, small):
    """The stock ran out while the request waited: the last approval is refused with the stock's reason."""
    _approve(actor_of("chemistry_admin"), request_)
    ProductVariant.objects.filter(pk=small.pk).update(inventory_level=1)
    before = _state(request_)
    with pytest.raises(ValidationError) as refused:
        _approve(actor_of("university_admin"), request_)
    assert refused.value.messages == ["Only 1 in stock."]
    assert _state(request_) == before


# --- e-mails --------------------------------------------------------------------------------------------------------

LINK = re.compile(r"http://\S+/approvals/review/([^/\s]+)/")


def _link_key(message):
    (token,) = LINK.findall(message.body)
    return review_key(token, max_age_seconds=3600)


def test_each_tier_s_approvers_get_their_own_link_and_the_buyer_hears_of_the_order(
    shop, actor_of, small, two_tiers, budget, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        request = held_request(place(actor_of("organic_senior"), [(small, 2)], cost_centre="GR-1", **ORDER))
    (first,) = mailoutbox
    assert first.to == ["chemistry.admin@northfield.test"]
    buyer_name = shop.users["organic_senior"].get_full_name()
    assert first.subject == f"Approval needed: purchase request {request.pk} from {buyer_name} (237.50 USD)"
    assert "2 × Ethanol" in first.body and "Above 150: total above 150.00 USD" in first.body
    key = _link_key(first)
    assert (key.request_id, key.user_id, key.tier) == (request.pk, shop.users["chemistry_admin"].pk, 0)

    with django_capture_on_commit_callbacks(execute=True):
        _approve(actor_of("chemistry_admin"), request)
    (second,) = mailoutbox[1:]
    assert second.to == ["university.admin@northfield.test"]
    assert (_link_key(second).user_id, _link_key(second).tier) == (shop.users["university_admin"].pk, 1)

    with django_capture_on_commit_callbacks(execute=True):
        placed = _approve(actor_of("university_admin"), request)
    (third,) = mailoutbox[2:]
    assert third.to == ["organic.senior@northfield.test"]
    assert third.subject == f"Your purchase request {request.pk} is approved: order #{placed.order.number} is placed"


def test_every_approver_of_a_tier_is_told_and_a_redelivered_task_sends_nothing_twice(
    shop, actor_of, small, mailoutbox, django_capture_on_commit_callbacks
):
    named = [shop.users["biology_admin"], shop.users["genetics_senior"]]
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD", tiers=[tier(role=None, users=named)])
    with django_capture_on_commit_callbacks(execute=True):
        request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    assert sorted(message.to[0] for message in mailoutbox) == ["biology.admin@northfield.test",
                                                              "genetics.senior@northfield.test"]  # fmt: skip
    assert {_link_key(message).user_id for message in mailoutbox} == {user.pk for user in named}
    assert tasks.purchase_request_notify.delay(request.pk, "submitted").get() == 0
    assert tasks.purchase_request_notify(request.pk, "submitted") == 0
    assert len(mailoutbox) == 2


def test_the_buyer_hears_of_a_rejection_with_its_reason_and_of_an_expiry(
    shop, actor_of, small, two_tiers, mailoutbox, django_capture_on_commit_callbacks
):
    buyer = actor_of("organic_senior")
    with django_capture_on_commit_callbacks(execute=True):
        rejected = held_request(place(buyer, [(small, 2)]))
        expiring = held_request(place(buyer, [(small, 3)]))
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        purchase_request_reject(actor=actor_of("chemistry_admin"), request_id=rejected.pk,
                                reason="Order from the shared stock room.")  # fmt: skip
    (rejection,) = mailoutbox
    assert rejection.to == ["organic.senior@northfield.test"]
    assert rejection.subject == f"Your purchase request {rejected.pk} was rejected"
    assert "Reason: Order from the shared stock room." in rejection.body
    assert "by Test " in rejection.body
    with django_capture_on_commit_callbacks(execute=True):
        assert requests_expire(now=expiring.prices_held_until) == 1
    (expiry,) = mailoutbox[1:]
    assert (expiry.to, expiry.subject) == (["organic.senior@northfield.test"],
                                           f"Your purchase request {expiring.pk} expired")  # fmt: skip
    assert tasks.purchase_request_notify(expiring.pk, "expired") == 0  # sent once
    assert len(mailoutbox) == 2


def test_an_inactive_approver_gets_no_mail(shop, actor_of, small, mailoutbox, django_capture_on_commit_callbacks):
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD",
         tiers=[tier(role=None, users=[shop.users["biology_admin"], shop.users["genetics_senior"]])])  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    mailoutbox.clear()
    User.objects.filter(pk=shop.users["biology_admin"].pk).update(is_active=False)
    cache.clear()  # as if the first delivery's claims had lapsed
    tasks.purchase_request_notify(request.pk, "submitted")
    assert [message.to for message in mailoutbox] == [["genetics.senior@northfield.test"]]
