"""The page an approver's e-mail links to (issue 41, approvals.views.review): the request as submitted and Approve /
Reject one click away for the approver whose turn it is, behind Django's CSRF check. A link that was changed, is
not this request's approver's, is for a tier decided already, or is older than the prices are held says so, and
nothing changes; a reason with NUL bytes or longer than allowed is refused with a clear message. The page is
readable by assistive technology: its language, one main heading, labelled fields."""

from __future__ import annotations

import re
import time
from decimal import Decimal
from html.parser import HTMLParser

import pytest
from django.core import signing
from django.test import Client

from accounts.models import AuditEvent, CompanyMembership, User
from approvals.links import ReviewKey, review_token
from approvals.models import ApprovalDecision, BudgetCharge, PurchaseRequest
from orders.models import Order
from pricing.models import ProductVariant
from tests.factories.approvals import held_request, place, rule, tier

pytestmark = pytest.mark.django_db


@pytest.fixture
def request_(shop, actor_of, small) -> PurchaseRequest:
    """Organic Synthesis Lab's order of 2 × 100 USD, for Chemistry's admin, then the university's."""
    rule(shop.university, name="Above 150", min_total=Decimal("150.00"), currency_code="USD",
         tiers=[tier(levels_up=1), tier(levels_up=2)])  # fmt: skip
    return held_request(place(actor_of("organic_senior"), [(small, 2)], cost_centre="GR-2026-114"))


def _url(request: PurchaseRequest, user: User, tier: int = 0) -> str:
    return f"/approvals/review/{review_token(ReviewKey(request.pk, user.pk, tier))}/"


@pytest.fixture
def visitor() -> Client:
    return Client(enforce_csrf_checks=True)


def _csrf(page) -> str:
    (token,) = set(re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.content.decode()))
    return token


def _post(visitor: Client, url: str, **data):
    """Open the page and post its form with its CSRF token; a page without a form (a link not valid) with the token
    of the visitor's CSRF cookie, as a forged form would."""
    page = visitor.get(url)
    if "csrfmiddlewaretoken" in page.content.decode():
        token = _csrf(page)
    else:
        visitor.get("/cart.php")  # a page that sets the CSRF cookie
        token = visitor.cookies["csrftoken"].value
    return visitor.post(url, {"csrfmiddlewaretoken": token, **data})


def _state(request: PurchaseRequest) -> tuple:
    return (
        PurchaseRequest.objects.filter(pk=request.pk).values().get(),
        list(ApprovalDecision.objects.values()),
        list(BudgetCharge.objects.values()),
        Order.objects.count(),
        AuditEvent.objects.count(),
    )


class _Outline(HTMLParser):
    """What the basic checks read: the document's language, its headings, its fields and their labels."""

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.headings: list[int] = []
        self.fields: list[dict] = []
        self.labels: set[str] = set()
        self.buttons: list[str] = []
        self._in_button = False

    def handle_starttag(self, tag, attrs):
        values = dict(attrs)
        if tag == "html":
            self.lang = values.get("lang") or ""
        elif re.fullmatch(r"h[1-6]", tag):
            self.headings.append(int(tag[1]))
        elif tag in ("textarea", "select") or (tag == "input" and values.get("type") != "hidden"):
            self.fields.append(values)
        elif tag == "label" and values.get("for"):
            self.labels.add(values["for"])
        elif tag == "button":
            self._in_button = True
            self.buttons.append("")

    def handle_endtag(self, tag):
        if tag == "button":
            self._in_button = False

    def handle_data(self, data):
        if self._in_button:
            self.buttons[-1] += data.strip()


def _accessible(response) -> _Outline:
    outline = _Outline()
    outline.feed(response.content.decode())
    assert outline.lang == "en"
    assert outline.headings.count(1) == 1 and outline.headings[0] == 1
    assert all(later - earlier <= 1 for earlier, later in zip(outline.headings, outline.headings[1:], strict=False))
    assert all(field.get("id") in outline.labels for field in outline.fields), outline.fields
    assert all(outline.buttons)
    assert response["Referrer-Policy"] == "same-origin" and "no-store" in response["Cache-Control"]
    return outline


# --- the approver whose turn it is ----------------------------------------------------------------------------------


def test_the_approver_sees_the_request_and_the_two_actions(shop, request_, visitor):
    response = visitor.get(_url(request_, shop.users["chemistry_admin"]))
    assert response.status_code == 200
    html = response.content.decode()
    assert f"Purchase request {request_.pk}" in html
    assert "Ethanol" in html and "HS-1001-100ML" in html and "200.00 USD" in html and "GR-2026-114" in html
    assert "Above 150: total above 150.00 USD" in html
    assert 'value="approve"' in html and 'value="reject"' in html
    outline = _accessible(response)
    assert outline.buttons == ["Approve", "Reject"]
    assert [field["name"] for field in outline.fields] == ["reason"]


def test_approving_from_the_link_moves_the_request_on_then_places_it(shop, request_, visitor):
    response = _post(visitor, _url(request_, shop.users["chemistry_admin"]), action="approve")
    assert response.status_code == 200
    assert "Approved. The request now goes to its next approvers." in response.content.decode()
    _accessible(response)
    request_.refresh_from_db()
    assert (request_.status, request_.current_tier) == ("pending", 1)
    response = _post(visitor, _url(request_, shop.users["university_admin"], 1), action="approve")
    request_.refresh_from_db()
    assert f"Approved. The order #{request_.order.number} is placed." in response.content.decode()
    assert list(ApprovalDecision.objects.values_list("user__email", "decision", "via")) == [
        ("chemistry.admin@northfield.test", "approved", "email"),
        ("university.admin@northfield.test", "approved", "email"),
    ]


def test_rejecting_from_the_link_needs_a_reason_and_keeps_it(shop, request_, visitor):
    url = _url(request_, shop.users["chemistry_admin"])
    before = _state(request_)
    missing = _post(visitor, url, action="reject", reason="  ")
    assert missing.status_code == 400
    assert "Say why the request is rejected." in missing.content.decode()
    assert 'value="reject"' in missing.content.decode()  # the form is there to try again
    _accessible(missing)
    assert _state(request_) == before
    response = _post(visitor, url, action="reject", reason="The department has this in stock.")
    assert response.status_code == 200
    assert "Rejected." in response.content.decode()
    request_.refresh_from_db()
    assert (request_.status, request_.rejection_reason) == ("rejected", "The department has this in stock.")
    assert ApprovalDecision.objects.get().via == "email"


def test_a_post_without_the_csrf_token_is_refused(shop, request_, visitor):
    url = _url(request_, shop.users["chemistry_admin"])
    visitor.get(url)
    before = _state(request_)
    assert visitor.post(url, {"action": "approve"}).status_code == 403
    assert _state(request_) == before


@pytest.mark.parametrize(
    ("reason", "message"),
    [
        ("Too\x00expensive", "Use letters, digits, spaces and punctuation only."),
        ("x" * 10_000, "Use at most 1000 characters."),
    ],
    ids=["NUL bytes", "10 kB"],
)
def test_a_bad_reason_is_refused_with_a_clear_error(shop, request_, visitor, reason, message):
    before = _state(request_)
    response = _post(visitor, _url(request_, shop.users["chemistry_admin"]), action="reject", reason=reason)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert "\x00" not in response.content.decode()
    assert _state(request_) == before


def test_an_unknown_action_is_refused(shop, request_, visitor):
    before = _state(request_)
    response = _post(visitor, _url(request_, shop.users["chemistry_admin"]), action="delete")
    assert response.status_code == 400 and "Choose Approve or Reject." in response.content.decode()
    assert _state(request_) == before


def test_a_refused_placement_says_why_and_changes_nothing(shop, request_, visitor, small, actor_of):
    """The stock ran out while the request waited: the last approver is told, and may decide again later."""
    _post(visitor, _url(request_, shop.users["chemistry_admin"]), action="approve")
    ProductVariant.objects.filter(pk=small.pk).update(inventory_level=1)
    before = _state(request_)
    response = _post(visitor, _url(request_, shop.users["university_admin"], 1), action="approve")
    assert response.status_code == 400
    assert "Only 1 in stock." in response.content.decode()
    assert _state(request_) == before


# --- links that are not valid (any more) ----------------------------------------------------------------------------


def _not_valid(response) -> None:
    assert response.status_code == 404
    html = response.content.decode()
    assert "This link is not valid" in html and "Purchase request" not in html
    _accessible(response)


def test_a_changed_link_is_not_valid(shop, request_, visitor):
    url = _url(request_, shop.users["chemistry_admin"])
    token = url.split("/")[3]
    tampered = f"/approvals/review/{token[:-3]}{'AAA' if token[-3:] != 'AAA' else 'BBB'}/"
    before = _state(request_)
    _not_valid(visitor.get(tampered))
    _not_valid(_post(visitor, tampered, action="approve"))
    _not_valid(visitor.get(f"/approvals/review/{'x' * 400}/"))
    assert _state(request_) == before


@pytest.mark.parametrize("who", ["organic_senior", "university_admin", "other_admin"])
def test_a_link_signed_for_someone_not_the_approver_of_its_tier_is_not_valid(shop, request_, visitor, who):
    """The buyer, the next tier's approver on the first tier's key, another company's admin."""
    url = _url(request_, shop.users[who], 0)
    before = _state(request_)
    _not_valid(visitor.get(url))
    _not_valid(_post(visitor, url, action="approve"))
    assert _state(request_) == before


def test_an_earlier_tiers_link_decides_nothing_even_for_an_approver_of_the_tier_now(shop, actor_of, small, visitor):
    """The university's admin approves both tiers: the first tier's link does not approve the second."""
    admin = shop.users["university_admin"]
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD",
         tiers=[tier(role=None, users=[admin]), tier(role=None, users=[admin])])  # fmt: skip
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    first = _url(request, admin, 0)
    assert _post(visitor, first, action="approve").status_code == 200
    before = _state(request)
    page = visitor.get(first)
    assert page.status_code == 200 and 'value="approve"' not in page.content.decode()
    assert "It is not your turn to decide this request now." in page.content.decode()
    refused = _post(visitor, first, action="approve")
    assert refused.status_code == 409
    assert "The purchase request waits for other approvers." in refused.content.decode()
    _accessible(refused)
    assert _state(request) == before
    assert visitor.get(_url(request, admin, 1)).content.decode().count('value="approve"') == 1


def test_a_decided_requests_link_shows_it_and_decides_nothing(shop, request_, visitor, actor_of):
    from approvals.services.requests import purchase_request_withdraw

    url = _url(request_, shop.users["chemistry_admin"])
    page = visitor.get(url)
    purchase_request_withdraw(actor=actor_of("organic_senior"), request_id=request_.pk)
    before = _state(request_)
    shown = visitor.get(url)
    assert "Withdrawn" in shown.content.decode() and 'value="approve"' not in shown.content.decode()
    refused = visitor.post(url, {"csrfmiddlewaretoken": _csrf(page), "action": "approve"})
    assert refused.status_code == 409
    assert "This purchase request is withdrawn already." in refused.content.decode()
    assert _state(request_) == before


def test_the_link_of_an_approver_who_has_left_the_company_decides_nothing(shop, request_, visitor):
    url = _url(request_, shop.users["chemistry_admin"])
    CompanyMembership.objects.filter(user=shop.users["chemistry_admin"]).delete()
    before = _state(request_)
    page = visitor.get(url)
    assert page.status_code == 200 and 'value="approve"' not in page.content.decode()
    refused = _post(visitor, url, action="approve")
    assert refused.status_code == 409
    assert "The purchase request waits for other approvers." in refused.content.decode()
    assert _state(request_) == before


def test_a_link_older_than_the_held_prices_is_not_valid(settings, shop, request_, visitor, monkeypatch):
    settings.APPROVAL_PRICE_HOLD_DAYS = 14
    fifteen_days_ago = time.time() - 15 * 24 * 3600
    with monkeypatch.context() as signed_then:
        signed_then.setattr(signing.time, "time", lambda: fifteen_days_ago)
        old = _url(request_, shop.users["chemistry_admin"])
    before = _state(request_)
    _not_valid(visitor.get(old))
    _not_valid(_post(visitor, old, action="approve"))
    assert _state(request_) == before
