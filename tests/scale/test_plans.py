"""tests/scale/plans.py's reading of a plan: which sequential scans read a large table from end to end."""

from tests.scale.plans import sequential_scans


def _scan(table: str) -> dict:
    return {"Node Type": "Seq Scan", "Relation Name": table}


def test_a_sequential_scan_of_a_large_table_is_found_at_any_depth():
    hashed = {"Node Type": "Hash", "Plans": [_scan("orders_order")]}
    plan = {"Node Type": "Hash Join", "Plans": [_scan("orders_orderline"), hashed]}
    assert sequential_scans(plan) == ["orders_orderline", "orders_order"]


def test_a_sequential_scan_of_a_small_table_is_not_counted():
    assert sequential_scans({"Node Type": "Nested Loop", "Plans": [_scan("pricing_pricelist")]}) == []


def test_a_sequential_scan_a_limit_stops_early_is_bounded():
    # A capped count: Aggregate → Limit → (Subquery Scan →) Seq Scan reads until it has its rows.
    capped = {"Node Type": "Aggregate", "Plans": [{"Node Type": "Limit", "Plans": [_scan("orders_order")]}]}
    through = {"Node Type": "Limit", "Plans": [{"Node Type": "Subquery Scan", "Plans": [_scan("orders_order")]}]}
    assert sequential_scans(capped) == []
    assert sequential_scans(through) == []


def test_a_limit_above_a_sort_does_not_bound_the_scan_below():
    # Limit → Sort → Seq Scan reads every row before the first comes out.
    plan = {"Node Type": "Limit", "Plans": [{"Node Type": "Sort", "Plans": [_scan("pricing_product")]}]}
    assert sequential_scans(plan) == ["pricing_product"]
