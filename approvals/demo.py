"""The demo's budgets and approval rule (issue 41): Northfield University's orders above $5,000 need the ordering
lab's manager, then the department head; the Organic Synthesis Lab buys on an NIH grant with a hard budget, and the
Chemistry department has a soft yearly budget. Seeding again changes nothing that is there."""

from __future__ import annotations

import datetime
from decimal import Decimal

from accounts.models import Company, CompanyRole
from approvals.models import ApprovalRule, ApprovalTier, Budget, BudgetPeriod

GRANT_CODE = "NIH-R01-123"
RULE_NAME = "Orders above $5,000"


def seed_approvals() -> None:
    university = Company.objects.filter(name="Northfield University", parent__isnull=True).first()
    if university is None:
        return
    chemistry = Company.objects.filter(name="Chemistry", parent=university).first()
    lab = Company.objects.filter(name="Organic Synthesis Lab", parent=chemistry).first() if chemistry else None
    if not ApprovalRule.objects.filter(company=university, name=RULE_NAME).exists():
        rule = ApprovalRule.objects.create(
            company=university, name=RULE_NAME, min_total=Decimal("5000"), currency_code="USD", allow_override=True
        )
        # The ordering unit's admins (a lab's manager), then those of the unit above it (the department head).
        ApprovalTier.objects.create(rule=rule, position=0, role=CompanyRole.ADMIN, levels_up=0)
        ApprovalTier.objects.create(rule=rule, position=1, role=CompanyRole.ADMIN, levels_up=1)
    if lab is not None:
        Budget.objects.get_or_create(
            company=lab,
            cost_centre=GRANT_CODE,
            defaults={
                "name": "NIH R01 grant 123", "amount": Decimal("250000"), "currency_code": "USD",
                "period": BudgetPeriod.GRANT, "starts_on": datetime.date(2026, 1, 1),
                "ends_on": datetime.date(2028, 12, 31), "hard": True,
            },
        )  # fmt: skip
    if chemistry is not None:
        Budget.objects.get_or_create(
            company=chemistry,
            cost_centre="",
            name="Chemistry department supplies",
            defaults={"amount": Decimal("400000"), "currency_code": "USD", "period": BudgetPeriod.YEAR, "hard": False},
        )
