"""Serialising writes that check a count before they insert (a cap of three files, one draft per user): without it,
parallel requests each see room and each insert."""

from __future__ import annotations

import hashlib

from django.db import connection


def lock_for_transaction(key: str) -> None:
    """Hold a lock named `key` until the current transaction ends; call it inside `transaction.atomic()`.

    PostgreSQL: a transaction-level advisory lock on a 64-bit hash of the key. SQLite (the embedded default) needs
    none: its transactions take the database's write lock when they begin (settings: transaction_mode IMMEDIATE),
    so writers already run one at a time."""
    if connection.vendor != "postgresql":
        return
    digest = hashlib.sha256(key.encode()).digest()
    number = int.from_bytes(digest[:8], "big", signed=True)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", [number])
