"""Rows of hand-written SQL, converted as the ORM converts them (issue 21).

A hot read that the ORM would compile anew on every request (the bearer token's actor, the price engine's catalog)
can be written as plain SQL. Its values must then pass the same converters as the ORM's: Django's per-backend ones
(SQLite's booleans, datetimes and decimals) and the fields' own (JSON). `RowReader` does that, and builds model
instances from a row's columns the way a queryset does (`Model.from_db`).

The SQL is put together from the models' table and column names only, quoted by the backend; every value is a
parameter.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from django.db import connections, router
from django.db.models import DecimalField, Field, ForeignObjectRel, Model

from portal.lru import LRU

_UNSEEN = object()
M = TypeVar("M", bound=Model)

# Each statement's converters (`RowReader.rows`), by database connection (a thread's, whose operations the converters
# are methods of) and SQL: the same SQL text always comes with the same fields (each caller writes its SQL once per
# statement shape, from those fields), and a field's converters depend on the field and the connection alone. Made
# on every call, they cost 0.04 ms for a token's row, as much as the five model instances made of it.
_converters = LRU(512)


def column_of(field: Field | ForeignObjectRel) -> str:
    """The database column of a model's concrete field (one named in SQL; the statements are built once each)."""
    column = field.column if isinstance(field, Field) else None
    if column is None:
        raise TypeError(f"{field} has no column of its own")
    return column


class RowReader:
    """One database connection's way of naming columns, running SQL and converting the selected columns."""

    def __init__(self, model: type[Model]) -> None:
        self.alias = router.db_for_read(model)
        self.connection = connections[self.alias]
        self.vendor = self.connection.vendor

    def q(self, name: str) -> str:
        return self.connection.ops.quote_name(name)

    def table(self, model: type[Model]) -> str:
        return self.q(model._meta.db_table)

    def col(self, alias: str, model: type[Model], name: str) -> str:
        return f"{alias}.{self.q(column_of(model._meta.get_field(name)))}"

    def columns(self, alias: str, model: type[Model]) -> tuple[str, list[Field]]:
        """Every concrete column of `model` under `alias`, as a select list, and their fields in the same order."""
        fields = list(model._meta.concrete_fields)
        return ", ".join(f"{alias}.{self.q(column_of(field))}" for field in fields), fields

    def instance(self, model: type[M], fields: Sequence[Field], values: Sequence[Any]) -> M | None:
        """A model instance from a row's converted columns of `fields` (None when its primary key is NULL: a LEFT
        JOIN that found nothing), as a queryset builds it."""
        pk_position = next(i for i, field in enumerate(fields) if field.primary_key)
        if values[pk_position] is None:
            return None
        return model.from_db(self.alias, [field.attname for field in fields], list(values))

    def _converters(self, sql: str, fields: Iterable[Field | None]) -> list[tuple]:
        """The converters of the columns of `sql`, whose fields are `fields`: (position, functions, expression,
        whether a decimal) for each column that has any."""
        key = (self.connection, sql)
        converters = _converters.get(key)
        if converters is None:
            converters = []
            for position, field in enumerate(fields):
                if field is None:
                    continue
                expression = field.get_col(field.model._meta.db_table)
                functions = self.connection.ops.get_db_converters(expression) + field.get_db_converters(self.connection)
                if functions:
                    converters.append((position, functions, expression, isinstance(field, DecimalField)))
            _converters.put(key, converters)
        return converters

    def rows(self, sql: str, params: Sequence[Any], fields: Iterable[Field | None]) -> list[tuple]:
        """The rows of `sql`, each column converted as the ORM converts `fields` (None: no conversion)."""
        with self.connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        converters = self._converters(sql, fields)
        if not converters or not rows:
            return rows
        # A decimal depends on the stored value alone and cannot change: each distinct one is converted once per call
        # (SQLite stores numbers; its converter was most of the price engine's reading time; prices repeat).
        memos: list[tuple[int, Any, Any, dict | None]] = [
            (position, functions, expression, {} if decimal else None)
            for position, functions, expression, decimal in converters
        ]
        connection = self.connection
        converted = []
        for row in rows:
            # A NULL stays None under Django's converters (and the project's fields have none of their own): a row
            # whose converted columns are all NULL is as read (a LEFT JOIN that found nothing; the options' value
            # data of the price engine, NULL for all but checkbox options).
            for position, _, _, _ in converters:
                if row[position] is not None:
                    break
            else:
                converted.append(row)
                continue
            values = list(row)
            for position, functions, expression, memo in memos:
                raw = value = values[position]
                if raw is None:
                    continue
                if memo is not None and raw:  # not 0: -0.0 == 0.0 as a key, and they convert apart
                    value = memo.get(raw, _UNSEEN)
                    if value is not _UNSEEN:
                        values[position] = value
                        continue
                    value = raw
                for function in functions:
                    value = function(value, expression, connection)
                if memo is not None and raw:
                    memo[raw] = value
                values[position] = value
            converted.append(tuple(values))
        return converted
