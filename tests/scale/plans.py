"""What PostgreSQL plans for the statements an operation runs (issue 38, Done when 2).

`statements_of()` records every statement Django sends while it is open, with its parameters (Django's public
`connection.execute_wrapper`); `explain()` asks PostgreSQL for the plan of one, with the data's statistics, as
`EXPLAIN (FORMAT JSON)`, and `explain_generic()` for the generic plan a prepared statement may keep (issue 38 Must 4);
`sequential_scans()` lists the plan's sequential scans over the large tables.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from django.db import connection

# The tables that grow with a customer's history and the catalog: a sequential scan over one of them reads all of it.
LARGE_TABLES = frozenset({"orders_order", "orders_orderline", "pricing_product"})


@dataclass(frozen=True)
class Statement:
    sql: str
    params: tuple

    def __str__(self) -> str:
        return self.sql if len(self.sql) < 600 else f"{self.sql[:600]}…"


@dataclass
class Recorded:
    statements: list[Statement] = field(default_factory=list)

    @property
    def selects(self) -> list[Statement]:
        return [s for s in self.statements if s.sql.lstrip().upper().startswith(("SELECT", "WITH"))]


@contextmanager
def statements_of() -> Iterator[Recorded]:
    """Every statement run on the default connection meanwhile (executemany's left out: writes)."""
    recorded = Recorded()

    def record(execute, sql, params, many, context):
        if not many:
            recorded.statements.append(Statement(sql, tuple(params or ())))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield recorded


def explain(statement: Statement) -> dict:
    """The plan PostgreSQL makes for the statement with its parameters (FORMAT JSON's top "Plan" node)."""
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) {statement.sql}", statement.params)
        (document,) = cursor.fetchone()
    plans = json.loads(document) if isinstance(document, str) else document
    return plans[0]["Plan"]


def _numbered(sql: str) -> str:
    """Django's placeholders as PostgreSQL's: %s → $1, $2, …; %% → %."""
    count = 0

    def number(match: re.Match) -> str:
        nonlocal count
        if match.group(0) == "%%":
            return "%"
        count += 1
        return f"${count}"

    return re.sub(r"%%|%s", number, sql)


def explain_generic(statement: Statement) -> dict:
    """The plan PostgreSQL keeps for the statement once prepared (psycopg prepares a statement a kept connection runs
    `prepare_threshold` times; after five executions PostgreSQL may switch to this plan for every later one): its
    generic plan, made without the parameters' values (`plan_cache_mode = force_generic_plan`), for them."""
    from psycopg import ClientCursor

    name = "scale_generic_plan"
    with connection.cursor() as cursor:
        cursor.execute(f"PREPARE {name} AS {_numbered(statement.sql)}")
        try:
            cursor.execute("SET plan_cache_mode = force_generic_plan")
            arguments = ""
            if statement.params:
                with ClientCursor(connection.connection) as literal:
                    arguments = literal.mogrify(", ".join(["%s"] * len(statement.params)), statement.params)
            cursor.execute(f"EXPLAIN (FORMAT JSON) EXECUTE {name}({arguments})" if arguments else
                           f"EXPLAIN (FORMAT JSON) EXECUTE {name}")  # fmt: skip
            (document,) = cursor.fetchone()
        finally:
            cursor.execute("RESET plan_cache_mode")
            cursor.execute(f"DEALLOCATE {name}")
    plans = json.loads(document) if isinstance(document, str) else document
    return plans[0]["Plan"]


# Nodes that pass rows on as they come: a Limit above them stops the scan below as soon as it has its rows.
STREAMING_NODES = frozenset({"Subquery Scan", "Result", "Gather"})


def _scans(plan: dict, ancestors: tuple[dict, ...] = ()) -> Iterator[tuple[dict, tuple[dict, ...]]]:
    yield plan, ancestors
    for child in plan.get("Plans", ()):
        yield from _scans(child, (*ancestors, plan))


def _stopped_by_limit(ancestors: tuple[dict, ...]) -> bool:
    for node in reversed(ancestors):
        if node.get("Node Type") == "Limit":
            return True
        if node.get("Node Type") not in STREAMING_NODES:
            return False
    return False


def sequential_scans(plan: dict, tables: Sequence[str] | frozenset[str] = LARGE_TABLES) -> list[str]:
    """The tables among `tables` that the plan reads with a sequential scan (each as often as it does) — but for a
    scan a LIMIT stops as soon as it has its rows (a capped count, "10,000+": the planner expects the matching rows
    to come soon, so it reads a bounded part of the table, not the whole history)."""
    return [
        node["Relation Name"]
        for node, ancestors in _scans(plan)
        if node.get("Node Type") == "Seq Scan"
        and node.get("Relation Name") in tables
        and not _stopped_by_limit(ancestors)
    ]


def plans_with_sequential_scans(
    statements: Sequence[Statement], *, generic: bool = False
) -> list[tuple[list[str], Statement]]:
    """Each statement whose plan (its generic plan: `explain_generic`) scans a large table sequentially, with the
    tables."""
    found = []
    for statement in statements:
        scans = sequential_scans(explain_generic(statement) if generic else explain(statement))
        if scans:
            found.append((scans, statement))
    return found
