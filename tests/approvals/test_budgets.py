"""Budgets and their ledger (issue 41, approvals.services.budgets): the period an order counts in (a month, a quarter,
a year, a grant's own dates), whose orders a budget covers (a unit and the units below it, a cost centre in any
case, one buyer), what is committed, spent and given back (an invoice spends, a cancellation gives back, so do a
rejected, withdrawn or expired request), a budget in another currency than the order's, and a budget's figures read
in one query however many budgets there are."""

from __future__ import annotations

import datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import CompanyRole
from approvals.models import Budget, BudgetCharge, BudgetPeriod, ChargeState, PurchaseRequestStatus
from approvals.services.budgets import budget_figures
from approvals.services.requests import (
    purchase_request_reject,
    purchase_request_withdraw,
    requests_expire,
)
from invoices.services.issue import invoice_issue_from_order
from orders.models import PaymentMethod
from orders.services import order_cancel
from portal.errors import Refused
from portal.models import Currency
from tests.factories.approvals import BudgetFactory, held_request, place, placed_order, rule
from tests.helpers import count_queries

pytestmark = pytest.mark.django_db

UTC = datetime.UTC


def _at(*parts: int) -> datetime.datetime:
    return datetime.datetime(*parts, tzinfo=UTC)


def _figures(budget: Budget, now: datetime.datetime | None = None) -> tuple[Decimal, Decimal, Decimal]:
    (figures,) = budget_figures([Budget.objects.get(pk=budget.pk)], now=now)
    return figures.committed, figures.spent, figures.remaining


def _refusal(run) -> Refused:
    with pytest.raises(Refused) as refused:
        run()
    assert refused.value.code == "BUDGET_EXCEEDED"
    return refused.value


# --- periods --------------------------------------------------------------------------------------------------------

CHARGED_AT = _at(2026, 2, 10, 12)


@pytest.mark.parametrize(
    ("period", "now", "counted"),
    [
        ("month", _at(2026, 2, 28, 23, 59), True),
        ("month", _at(2026, 3, 1), False),
        ("month", _at(2026, 1, 31, 23, 59), False),
        ("quarter", _at(2026, 3, 31, 23, 59), True),
        ("quarter", _at(2026, 1, 1), True),
        ("quarter", _at(2026, 4, 1), False),
        ("year", _at(2026, 12, 31, 23, 59), True),
        ("year", _at(2027, 1, 1), False),
        ("year", _at(2025, 12, 31), False),
    ],
)
def test_an_order_counts_in_the_period_it_was_committed_in(shop, actor_of, small, period, now, counted):
    budget = BudgetFactory(company=shop.organic_lab, period=period, amount=Decimal("1000.00"))
    placed_order(place(actor_of("organic_senior"), [(small, 3)]))
    BudgetCharge.objects.update(charged_at=CHARGED_AT)
    committed = Decimal("300.00") if counted else Decimal("0.00")
    assert _figures(budget, now) == (committed, Decimal("0.00"), Decimal("1000.00") - committed)


@pytest.mark.parametrize(
    ("moment", "is_open"),
    [("first day", True), ("last day", True), ("day after", False), ("day before", False)],
)
def test_a_grant_counts_between_its_own_dates_and_is_closed_outside_them(shop, actor_of, small, moment, is_open):
    today = timezone.localdate()
    first, last = today - datetime.timedelta(days=10), today + datetime.timedelta(days=10)
    budget = BudgetFactory(company=shop.organic_lab, period=BudgetPeriod.GRANT, cost_centre="GR-2026-114",
                           starts_on=first, ends_on=last)  # fmt: skip
    placed_order(place(actor_of("organic_senior"), [(small, 2)], cost_centre="GR-2026-114"))
    now = {
        "first day": _at(first.year, first.month, first.day),
        "last day": _at(last.year, last.month, last.day, 23, 59),
        "day after": _at(last.year, last.month, last.day) + datetime.timedelta(days=1),
        "day before": _at(first.year, first.month, first.day) - datetime.timedelta(minutes=1),
    }[moment]
    (figures,) = budget_figures([budget], now=now)
    assert figures.is_open is is_open
    assert figures.committed == (Decimal("200.00") if is_open else Decimal("0.00"))
    assert figures.remaining == (Decimal("800.00") if is_open else Decimal("0.00"))


def _closed_grant(shop, *, hard: bool) -> Budget:
    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    return BudgetFactory(
        company=shop.chemistry,
        name="NSF grant 2025",
        period=BudgetPeriod.GRANT,
        hard=hard,
        cost_centre="NSF-25",
        starts_on=yesterday - datetime.timedelta(days=365),
        ends_on=yesterday,
    )


def test_a_closed_hard_grant_refuses_every_order_on_it(shop, actor_of, small):
    _closed_grant(shop, hard=True)
    buyer = actor_of("organic_senior")
    refused = _refusal(lambda: place(buyer, [(small, 1)], cost_centre="nsf-25"))
    assert "is closed" in refused.message
    assert refused.extensions == {
        "budgetName": "NSF grant 2025", "budgetAmount": "1000.00", "budgetRemaining": "0.00", "orderAmount": "100.00",
        "currencyCode": "USD",
    }  # fmt: skip
    assert not BudgetCharge.objects.exists()
    placed_order(place(buyer, [(small, 1)], cost_centre="NSF-26"))  # another grant code: not this budget's


def test_a_closed_soft_grant_holds_every_order_on_it(shop, actor_of, small):
    budget = _closed_grant(shop, hard=False)
    request = held_request(place(actor_of("organic_senior"), [(small, 1)], cost_centre="NSF-25"))
    assert request.reasons == [
        {"kind": "budget", "id": budget.pk, "name": "NSF grant 2025", "remaining": "0.00", "amount": "100.00",
         "currencyCode": "USD"}
    ]  # fmt: skip
    assert request.approvers.get().user.email == "chemistry.admin@northfield.test"


# --- whose orders ---------------------------------------------------------------------------------------------------


def test_a_departments_budget_covers_its_labs_not_a_sibling_department(shop, actor_of, small):
    budget = BudgetFactory(company=shop.chemistry, name="Chemistry 2026", amount=Decimal("250.00"))
    placed_order(place(actor_of("organic_senior"), [(small, 1)]))
    placed_order(place(actor_of("chemistry_senior"), [(small, 1)]))
    refused = _refusal(lambda: place(actor_of("organic_senior"), [(small, 1)]))
    assert (refused.extensions["budgetRemaining"], refused.extensions["orderAmount"]) == ("50.00", "100.00")
    placed_order(place(actor_of("genetics_senior"), [(small, 5)]))  # Biology's lab: not Chemistry's budget
    placed_order(place(actor_of("university_admin"), [(small, 5)]))  # the unit above: not covered either
    assert _figures(budget) == (Decimal("200.00"), Decimal("0.00"), Decimal("50.00"))


@pytest.mark.parametrize(
    ("code", "drawn"), [("GR-7", True), ("gr-7", True), (" Gr-7 ", True), ("GR-8", False), ("", False)]
)
def test_a_cost_centres_budget_covers_that_code_in_any_case(shop, actor_of, small, code, drawn):
    budget = BudgetFactory(company=shop.university, cost_centre="GR-7", amount=Decimal("150.00"))
    if drawn:
        _refusal(lambda: place(actor_of("organic_senior"), [(small, 2)], cost_centre=code))
        placed_order(place(actor_of("organic_senior"), [(small, 1)], cost_centre=code))
        assert _figures(budget)[0] == Decimal("100.00")
    else:
        placed_order(place(actor_of("organic_senior"), [(small, 2)], cost_centre=code))
        assert _figures(budget)[0] == Decimal("0.00")


def test_a_buyers_budget_covers_that_buyers_orders_only(shop, actor_of, small):
    budget = BudgetFactory(company=shop.organic_lab, user=shop.users["organic_senior"], amount=Decimal("150.00"))
    _refusal(lambda: place(actor_of("organic_senior"), [(small, 2)]))
    placed_order(place(actor_of("organic_junior"), [(small, 2)]))
    assert _figures(budget)[0] == Decimal("0.00")


def test_an_inactive_budget_covers_nothing(shop, actor_of, small):
    BudgetFactory(company=shop.organic_lab, amount=Decimal("1.00"), is_active=False)
    placed_order(place(actor_of("organic_senior"), [(small, 2)]))


# --- committed, spent, given back -----------------------------------------------------------------------------------


def test_an_invoiced_order_has_spent_what_it_committed(shop, actor_of, small):
    budget = BudgetFactory(company=shop.organic_lab, amount=Decimal("1000.00"))
    order = placed_order(place(actor_of("organic_senior"), [(small, 3)]))
    assert _figures(budget) == (Decimal("300.00"), Decimal("0.00"), Decimal("700.00"))
    invoice_issue_from_order(order, render_pdf=False)
    assert _figures(budget) == (Decimal("0.00"), Decimal("300.00"), Decimal("700.00"))


def test_an_order_paid_by_card_has_spent_what_it_took_at_once(shop, actor_of, small):
    # A card pays at checkout: no invoice follows it, so nothing of it stays "committed".
    budget = BudgetFactory(company=shop.organic_lab, amount=Decimal("1000.00"))
    placed_order(place(actor_of("organic_senior"), [(small, 3)], payment_method=PaymentMethod.TEST_CARD))
    assert _figures(budget) == (Decimal("0.00"), Decimal("300.00"), Decimal("700.00"))


def test_a_cancelled_order_gives_back_what_it_committed(shop, actor_of, small):
    budget = BudgetFactory(company=shop.organic_lab, amount=Decimal("300.00"))
    order = placed_order(place(actor_of("organic_senior"), [(small, 3)]))
    _refusal(lambda: place(actor_of("organic_senior"), [(small, 1)]))
    order_cancel(order=order)
    assert _figures(budget) == (Decimal("0.00"), Decimal("0.00"), Decimal("300.00"))
    placed_order(place(actor_of("organic_senior"), [(small, 3)]))


def _decided(how: str, request, shop) -> None:
    from accounts.selectors import actor_for_user

    if how == "rejected":
        purchase_request_reject(actor=actor_for_user(shop.users["chemistry_admin"]), request_id=request.pk,
                                reason="Use the shared stock first.")  # fmt: skip
    elif how == "withdrawn":
        purchase_request_withdraw(actor=actor_for_user(shop.users["organic_senior"]), request_id=request.pk)
    else:
        assert requests_expire(now=request.prices_held_until) == 1


@pytest.mark.parametrize("how", ["rejected", "withdrawn", "expired"])
def test_a_request_that_will_not_be_placed_gives_back_what_it_committed(shop, actor_of, small, how):
    budget = BudgetFactory(company=shop.chemistry, amount=Decimal("500.00"))
    rule(shop.university, min_total=Decimal("150.00"), currency_code="USD", tiers=[{"role": CompanyRole.ADMIN,
         "levels_up": 1, "users": []}])  # fmt: skip
    request = held_request(place(actor_of("organic_senior"), [(small, 4)]))
    assert _figures(budget) == (Decimal("400.00"), Decimal("0.00"), Decimal("100.00"))
    _decided(how, request, shop)
    request.refresh_from_db()
    assert request.status == how
    assert _figures(budget) == (Decimal("0.00"), Decimal("0.00"), Decimal("500.00"))
    assert list(BudgetCharge.objects.values_list("state", flat=True)) == [ChargeState.RELEASED]


def test_a_request_that_is_not_stale_yet_is_not_expired(shop, actor_of, small):
    rule(shop.university, min_total=Decimal("0.00"), currency_code="USD")
    request = held_request(place(actor_of("organic_senior"), [(small, 1)]))
    assert requests_expire(now=request.prices_held_until - datetime.timedelta(seconds=1)) == 0
    request.refresh_from_db()
    assert request.status == PurchaseRequestStatus.PENDING


# --- currencies and queries -----------------------------------------------------------------------------------------


@pytest.fixture
def eur():
    Currency.objects.filter(code="EUR").update(exchange_rate=Decimal("0.500000"), enabled=True, is_transactional=True)


def test_a_budget_in_euros_takes_a_dollar_order_at_the_stores_rate(shop, actor_of, small, eur):
    budget = BudgetFactory(company=shop.chemistry, name="EU grant", currency_code="EUR", amount=Decimal("90.00"))
    refused = _refusal(lambda: place(actor_of("organic_senior"), [(small, 2)]))  # 200 USD = 100 EUR
    assert refused.extensions == {
        "budgetName": "EU grant", "budgetAmount": "90.00", "budgetRemaining": "90.00", "orderAmount": "100.00",
        "currencyCode": "EUR",
    }  # fmt: skip
    assert "100.00 EUR" in refused.message and "90.00 EUR of 90.00 EUR" in refused.message
    placed_order(place(actor_of("organic_senior"), [(small, 1)]))
    assert BudgetCharge.objects.get().amount == Decimal("50.00")
    assert _figures(budget) == (Decimal("50.00"), Decimal("0.00"), Decimal("40.00"))


def test_a_dollar_budget_takes_a_euro_order_at_the_orders_own_rate(shop, actor_of, small, eur):
    budget = BudgetFactory(company=shop.chemistry, amount=Decimal("1000.00"))
    placed_order(place(actor_of("organic_senior"), [(small, 1)], currency_code="EUR", unit_price=Decimal("150.00")))
    assert _figures(budget)[0] == Decimal("300.00")


@pytest.mark.parametrize("count", [2, 8])
def test_the_figures_of_any_number_of_budgets_are_one_query(shop, actor_of, small, count):
    units = [shop.university, shop.chemistry, shop.organic_lab]
    for index in range(count):
        BudgetFactory(company=units[index % 3], period=["month", "quarter", "year", "grant"][index % 4],
                      amount=Decimal("100000.00"))  # fmt: skip
    placed_order(place(actor_of("organic_senior"), [(small, 2)]))
    budgets = list(Budget.objects.all())
    queries, figures = count_queries(lambda: budget_figures(budgets))
    assert queries == 1
    assert {item.committed for item in figures} == {Decimal("200.00")}
