"""Reads of the orders app."""

from __future__ import annotations

from django.db.models import QuerySet

from accounts.models import Company
from orders.models import Order


def order_placer_ids(company: Company) -> QuerySet:
    """The ids of the users who placed the company's orders (`createdByUser(module: "orders")`, the "placed by"
    filter). Contributed to accounts from OrdersConfig.ready()."""
    return Order.objects.filter(company=company, placed_by__isnull=False).values("placed_by_id")
