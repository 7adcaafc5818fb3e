"""Orders racing for the last of a budget (issue 41): the gate locks the budgets an order draws on (SELECT … FOR
UPDATE, approvals.services.budgets) until its transaction ends, so twenty orders at once are counted one after the
other. Against a hard budget the orders committed never exceed it and the others are refused BUDGET_EXCEEDED;
against a soft one, no two orders are placed on the same remainder: those beyond it wait for approval, each having
seen what the orders before it left.

PostgreSQL only (row locks; SQLite runs its writers one at a time and has no SELECT … FOR UPDATE):
DATABASE_URL=postgres://postgres@127.0.0.1:5432/approvalspg .venv/bin/pytest -p no:cacheprovider
tests/approvals/test_race.py"""

from __future__ import annotations

import threading
from decimal import Decimal

import pytest
from django.db import connection

from accounts.models import User
from accounts.selectors import actor_for_user
from approvals.models import Budget, PurchaseRequest
from approvals.services.budgets import budget_figures
from orders.models import Order
from portal.errors import Refused
from tests.factories.approvals import BudgetFactory, place, placed_order

pytestmark = pytest.mark.django_db(transaction=True)

CONTENDERS = 20
EACH = Decimal("30.00")  # one order: 1 × 30.00, no tax, no shipping
BUYERS = ["organic_senior", "organic_junior", "chemistry_senior", "chemistry_senior_below"]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if connection.vendor != "postgresql":
        pytest.skip("Row locks: run on PostgreSQL (DATABASE_URL=postgres://…)")


def _race(shop, small) -> list[object]:
    """Twenty orders of Chemistry's buyers at once, each on its own connection: what each got (an Order, a
    PurchaseRequest, or the refusal's code)."""
    start = threading.Barrier(CONTENDERS)
    outcomes: list[object] = []
    lock = threading.Lock()

    def order(key: str) -> None:
        try:
            actor = actor_for_user(User.objects.get(pk=shop.users[key].pk))
            start.wait()
            try:
                result: object = place(actor, [(small, 1)], unit_price=EACH, payment_method="test_card")
            except Refused as refusal:
                result = refusal.code
            with lock:
                outcomes.append(result)
        finally:
            connection.close()

    threads = [threading.Thread(target=order, args=(BUYERS[n % len(BUYERS)],)) for n in range(CONTENDERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == CONTENDERS
    return outcomes


def _last_hundred(shop, actor_of, small, *, hard: bool) -> Budget:
    """Chemistry's budget of 1,000.00 with 900.00 committed already: 100.00 left, three of the orders' worth."""
    budget = BudgetFactory(company=shop.chemistry, name="Chemistry 2026", amount=Decimal("1000.00"), hard=hard)
    placed_order(place(actor_of("chemistry_senior"), [(small, 9)], payment_method="test_card"))
    return budget


def _used(budget: Budget) -> Decimal:
    """Committed and spent (the orders pay by card: spent at once; the held requests are committed)."""
    (figures,) = budget_figures([Budget.objects.get(pk=budget.pk)])
    return figures.committed + figures.spent


def test_twenty_orders_against_the_last_of_a_hard_budget_never_commit_more_than_it(shop, actor_of, small):
    budget = _last_hundred(shop, actor_of, small, hard=True)

    outcomes = _race(shop, small)

    placed = [result for result in outcomes if isinstance(result, Order)]
    assert len(placed) == 3
    assert sorted(result for result in outcomes if isinstance(result, str)) == ["BUDGET_EXCEEDED"] * 17
    assert _used(budget) == Decimal("990.00") <= budget.amount
    assert Order.objects.count() == 4 and not PurchaseRequest.objects.exists()


def test_twenty_orders_against_the_last_of_a_soft_budget_place_only_what_it_covers(shop, actor_of, small):
    budget = _last_hundred(shop, actor_of, small, hard=False)

    outcomes = _race(shop, small)

    placed = [result for result in outcomes if isinstance(result, Order)]
    held = [result for result in outcomes if isinstance(result, PurchaseRequest)]
    assert (len(placed), len(held)) == (3, 17)
    assert sum(order.grand_total for order in placed) == Decimal("90.00")  # within the 100.00 the gate saw
    # Each held order saw what the orders before it left: the first 10.00, the others nothing (it committed 30.00).
    seen = sorted(request.reasons[0]["remaining"] for request in PurchaseRequest.objects.all())
    assert seen == ["0.00"] * 16 + ["10.00"]
    assert _used(budget) == Decimal("900.00") + 20 * EACH  # awaiting approval commits too
