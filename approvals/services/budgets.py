"""Budgets and their ledger (issue 41): which budgets an order draws on, what is left of each in its period, and
what orders commit, spend and give back.

Every order-creating path reaches `budgets_locked` through the gate (approvals.services.gate): the budgets an order
draws on are locked (SELECT … FOR UPDATE, in id order) for the rest of its transaction, so that two orders against
the last of a budget are counted one after the other and together never commit more than the budget."""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import BooleanField, Case, Exists, OuterRef, Q, QuerySet, Sum, Value, When
from django.utils import timezone

from accounts.models import Company, User
from approvals.models import Budget, BudgetCharge, BudgetPeriod, ChargeState, PurchaseRequest
from approvals.services.money import Rates
from invoices.models import Invoice
from orders.models import OrderStatus, PaymentMethod

ZERO = Decimal("0.00")


def period_window(budget: Budget, now: datetime.datetime) -> tuple[datetime.datetime, datetime.datetime] | None:
    """The period of the budget that `now` falls in, as [start, end); None for a grant outside its dates."""
    tz = timezone.get_current_timezone()
    today = timezone.localtime(now, tz).date()

    def at(day: datetime.date) -> datetime.datetime:
        return datetime.datetime.combine(day, datetime.time.min, tzinfo=tz)

    if budget.period == BudgetPeriod.GRANT:
        start, end = budget.starts_on, budget.ends_on
        if (start is not None and today < start) or (end is not None and today > end):
            return None
        first = at(start) if start is not None else at(datetime.date(1970, 1, 1))
        last = at(end + datetime.timedelta(days=1)) if end is not None else at(datetime.date(9999, 1, 1))
        return first, last
    if budget.period == BudgetPeriod.MONTH:
        first_day = today.replace(day=1)
        next_day = (first_day + datetime.timedelta(days=32)).replace(day=1)
    elif budget.period == BudgetPeriod.QUARTER:
        first_day = today.replace(month=(today.month - 1) // 3 * 3 + 1, day=1)
        next_day = (first_day + datetime.timedelta(days=95)).replace(day=1)
    else:
        first_day = today.replace(month=1, day=1)
        next_day = first_day.replace(year=first_day.year + 1)
    return at(first_day), at(next_day)


def budgets_applying(*, company: Company, cost_centre: str, user: User | None) -> QuerySet[Budget]:
    """The active budgets an order of `company` (a unit) by `user` on `cost_centre` draws on: those of the unit and
    of every unit above it, for every code or this one (any case), for every buyer or this one."""
    code = cost_centre.strip()
    by_code = Q(cost_centre="") | (Q(cost_centre__iexact=code) if code else Q(pk__in=[]))
    by_user = Q(user__isnull=True) | (Q(user_id=user.pk) if user is not None else Q(pk__in=[]))
    units = [*company.ancestor_ids, company.pk]
    return Budget.objects.filter(by_code, by_user, company_id__in=units, is_active=True).order_by("pk")


@dataclass
class BudgetFigures:
    """A budget in its current period, in its own currency."""

    budget: Budget
    committed: Decimal
    spent: Decimal
    window: tuple[datetime.datetime, datetime.datetime] | None

    @property
    def remaining(self) -> Decimal:
        """What is left to commit: nothing for a grant outside its dates."""
        if self.window is None:
            return ZERO
        return max(self.budget.amount - self.committed - self.spent, ZERO)

    @property
    def is_open(self) -> bool:
        return self.window is not None


def budget_figures(budgets: Sequence[Budget], *, now: datetime.datetime | None = None) -> list[BudgetFigures]:
    """Committed and spent of each budget in its current period: one query whatever the number of budgets."""
    now = now or timezone.now()
    windows = {budget.pk: period_window(budget, now) for budget in budgets}
    totals: dict[tuple[int, bool], Decimal] = {}
    counted = Q(pk__in=[])
    for budget_id, window in windows.items():
        if window is not None:
            counted |= Q(budget_id=budget_id, charged_at__gte=window[0], charged_at__lt=window[1])
    if any(window is not None for window in windows.values()):
        rows = (
            BudgetCharge.objects.filter(counted, state=ChargeState.COMMITTED)
            # A cancelled order gives back what it committed; an invoiced one has spent it, and so has one paid by
            # card at checkout (no invoice follows it).
            .filter(Q(order__isnull=True) | ~Q(order__status=OrderStatus.CANCELLED))
            .annotate(
                invoiced=Case(
                    When(Q(order__payment_method=PaymentMethod.TEST_CARD), then=Value(True)),
                    default=Exists(Invoice.objects.filter(order_id=OuterRef("order_id"))),
                    output_field=BooleanField(),
                )
            )
            .values("budget_id", "invoiced")
            .annotate(total=Sum("amount"))
            .order_by()
        )
        totals = {(row["budget_id"], row["invoiced"]): row["total"] for row in rows}
    return [
        BudgetFigures(
            budget=budget,
            committed=totals.get((budget.pk, False), ZERO),
            spent=totals.get((budget.pk, True), ZERO),
            window=windows[budget.pk],
        )
        for budget in budgets
    ]


@dataclass
class BudgetUse:
    """What an order would take from one budget, and whether the budget covers it."""

    figures: BudgetFigures
    amount: Decimal  # in the budget's currency

    @property
    def exceeds(self) -> bool:
        return self.amount > self.figures.remaining

    @property
    def left_after(self) -> Decimal:
        return self.figures.remaining - self.amount


def budget_uses(
    figures: Iterable[BudgetFigures], *, total: Decimal, currency_code: str, exchange_rate: Decimal | None = None
) -> list[BudgetUse]:
    rates = Rates()
    return [
        BudgetUse(
            figures=item,
            amount=rates.convert(total, currency_code, item.budget.currency_code, rate_from=exchange_rate),
        )
        for item in figures
    ]


def charges_commit(uses: Iterable[BudgetUse], *, order=None, purchase_request: PurchaseRequest | None = None) -> None:
    """Write what the order (or the request awaiting approval) takes from each budget: committed, now."""
    now = timezone.now()
    BudgetCharge.objects.bulk_create(
        [
            BudgetCharge(
                budget=use.figures.budget,
                order=order,
                purchase_request=purchase_request,
                amount=use.amount,
                state=ChargeState.COMMITTED,
                charged_at=now,
            )
            for use in uses
            if use.amount > 0
        ]
    )


def charges_move_to_order(*, purchase_request: PurchaseRequest, order) -> None:
    """The approved request's commitments become its order's (still committed, counted when they were first)."""
    BudgetCharge.objects.filter(purchase_request=purchase_request, state=ChargeState.COMMITTED).update(order=order)


def charges_release(*, order=None, purchase_request: PurchaseRequest | None = None) -> int:
    """Give back what a rejected, withdrawn or expired request committed (a cancelled order's charges count as
    given back by its status: budget_figures)."""
    charges = BudgetCharge.objects.filter(state=ChargeState.COMMITTED)
    charges = charges.filter(order=order) if order is not None else charges.filter(purchase_request=purchase_request)
    return charges.update(state=ChargeState.RELEASED)
