"""The quotes list page (`quotes` of the API) in one statement of plain SQL (issue 21).

Through the ORM each request built and compiled the same queryset anew (the scope's filter, the filters, the
select_related of the sales rep and the user, `only`, `order_by`, the Window count) and built deferred model
instances from its rows: about half of the request's CPU. Here the statement's SQL is written once per shape (the
scope's reach, which filters are present, the ordering, the database) and kept; a request only gathers its
parameters. It finds what `quotes.selectors.quote_list` finds, in its order, with its count in each row (the Window
count), and a count of its own only when the page has no row to carry it, as before.

Every condition is the one the ORM writes on the same backend, taken from the backend as the ORM takes it:
- the scope is `quotes.selectors.quote_scope`'s decision (the rules stay there); a super admin's companies are
  accounts' own query, compiled by the ORM as the subquery it was (a rare caller: the GraphQL list refuses a super
  admin who is not masquerading);
- `created_at__date` is the backend's cast of the creation time to a date in the current time zone
  (`datetime_cast_date_sql`, as TruncDate does), compared with the date as the field prepares it;
- `icontains` is the backend's own: its LIKE operator and column cast, the search escaped by
  `prep_for_like_query` (% and _ match themselves), so case folding is the backend's as before (PostgreSQL's UPPER
  folds non-ASCII letters, SQLite's LIKE only ASCII ones);
- "today" is the caller's (`quotes.selectors.today`), as the open and expired filters read it.
Values pass the ORM's converters and become the same Quote instances, their sales rep and user cached
(portal.sql_rows), so quotes.graphql.types.quote_header_data reads them unchanged.

The SQL is put together from the models' table and column names only (quoted by the backend) and the backend's
operators; every value is a parameter: hence the `noqa: S608` below.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.db.models import Field
from django.utils import timezone

from portal.sql_rows import RowReader
from quotes.models import Quote, QuoteLine, QuoteStatus
from quotes.selectors import QUOTE_LIST_COLUMNS, QuoteReach, QuoteScope, masquerade_company_ids

_RELATIONS = ("sales_rep", "user")  # select_related by the list, each its own LEFT JOIN (aliases below)
_ALIASES = {"sales_rep": "s", "user": "u"}
_SEARCHED_QUOTE_FIELDS = ("number", "title")
_SEARCHED_LINE_FIELDS = ("sku", "name")


def _in_model_order(model, names) -> list[Field]:
    """The model's concrete fields named (by name or attname) and its primary key, in the model's order: a deferred
    instance takes its values in that order (Model.from_db)."""
    wanted = {model._meta.get_field(name).attname for name in names} | {model._meta.pk.attname}
    return [field for field in model._meta.concrete_fields if field.attname in wanted]


@cache
def _loaded_fields() -> tuple[list[Field], dict[str, list[Field]]]:
    """What the ORM's `only(*QUOTE_LIST_COLUMNS)` with select_related loads: the quote's listed columns with the
    relations' keys, and each relation's listed columns."""
    own = [name for name in QUOTE_LIST_COLUMNS if "__" not in name]
    quote_fields = _in_model_order(Quote, [*own, *_RELATIONS])
    related = {}
    for relation in _RELATIONS:
        model = Quote._meta.get_field(relation).related_model
        names = [name.split("__", 1)[1] for name in QUOTE_LIST_COLUMNS if name.startswith(f"{relation}__")]
        related[relation] = _in_model_order(model, names)
    return quote_fields, related


# The statements' SQL by (database alias, vendor, statement, shape): written once each (`_sql`).
_SQL: dict[tuple, str] = {}


def _sql(db: RowReader, key: tuple, build: Callable[[], str]) -> str:
    key = (db.alias, db.vendor, *key)
    sql = _SQL.get(key)
    if sql is None:
        sql = _SQL[key] = build()
    return sql


class _Request:
    """One list request's shape (what its SQL depends on) and its parameters, in the order the SQL takes them."""

    def __init__(
        self,
        db: RowReader,
        *,
        scope: QuoteScope,
        status: str | None,
        date_from: datetime.date | None,
        date_to: datetime.date | None,
        search: str,
        on: datetime.date,
    ) -> None:
        self.db, self.reach, self.status = db, scope.reach, status
        self.has_from, self.has_to, self.has_search = date_from is not None, date_to is not None, bool(search)
        self.company_is_none = scope.company is None
        connection = db.connection
        params: list[Any] = []
        # The scope (quote_scope's decision).
        self.masquerade_sql = ""
        if scope.reach == QuoteReach.MASQUERADE_COMPANIES:
            self.masquerade_sql, masquerade_params = (
                masquerade_company_ids(scope).query.get_compiler(using=db.alias).as_sql()
            )
            params += masquerade_params
        elif scope.reach == QuoteReach.COMPANY:
            params.append(scope.company.pk)
        else:  # OWN: in the company worked in now, or in none
            params.append(scope.user.pk)
            if scope.company is not None:
                params.append(scope.company.pk)
        # The status as of `on` (an open quote past its expiry date is expired).
        expires_on = _field(Quote, "expires_on")
        if status == QuoteStatus.OPEN:
            params += [QuoteStatus.OPEN.value, expires_on.get_db_prep_value(on, connection)]
        elif status == QuoteStatus.EXPIRED:
            params += [QuoteStatus.EXPIRED.value, QuoteStatus.OPEN.value, expires_on.get_db_prep_value(on, connection)]
        elif status == QuoteStatus.ORDERED:
            params.append(QuoteStatus.ORDERED.value)
        # The issue date in the current time zone (the ORM's `created_at__date`: TruncDate), against the date as a
        # DateField prepares it.
        self.date_sql = ""
        if self.has_from or self.has_to:
            tzname = timezone.get_current_timezone_name() if settings.USE_TZ else None
            created_at = db.col("q", Quote, "created_at")
            self.date_sql, date_params = connection.ops.datetime_cast_date_sql(created_at, (), tzname)
            for bound in (date_from, date_to):
                if bound is not None:
                    params += [*date_params, expires_on.get_db_prep_value(bound, connection)]
        # The search: the number, the title, or a line's SKU or name contains it (icontains).
        if search:
            pattern = f"%{connection.ops.prep_for_like_query(search)}%"
            params += [pattern] * (len(_SEARCHED_QUOTE_FIELDS) + len(_SEARCHED_LINE_FIELDS))
        self.params = params
        self.shape = (
            self.reach, self.masquerade_sql, self.company_is_none, status, self.date_sql, self.has_from, self.has_to,
            self.has_search,
        )  # fmt: skip

    def where(self) -> str:
        """The WHERE clause of this shape (its parameters: `self.params`)."""
        db = self.db
        company, user = db.col("q", Quote, "company"), db.col("q", Quote, "user")
        if self.reach == QuoteReach.MASQUERADE_COMPANIES:
            conditions = [f"{company} IN ({self.masquerade_sql})"]
        elif self.reach == QuoteReach.COMPANY:
            conditions = [f"{company} = %s"]
        else:
            conditions = [f"{user} = %s", f"{company} IS NULL" if self.company_is_none else f"{company} = %s"]
        state, expires = db.col("q", Quote, "status"), db.col("q", Quote, "expires_on")
        if self.status == QuoteStatus.OPEN:
            conditions.append(f"{state} = %s AND {expires} >= %s")
        elif self.status == QuoteStatus.EXPIRED:
            conditions.append(f"({state} = %s OR ({state} = %s AND {expires} < %s))")
        elif self.status == QuoteStatus.ORDERED:
            conditions.append(f"{state} = %s")
        if self.has_from:
            conditions.append(f"{self.date_sql} >= %s")
        if self.has_to:
            conditions.append(f"{self.date_sql} <= %s")
        if self.has_search:
            in_quote = [_contains(db, "q", Quote, name) for name in _SEARCHED_QUOTE_FIELDS]
            in_line = " OR ".join(_contains(db, "l", QuoteLine, name) for name in _SEARCHED_LINE_FIELDS)
            lines = (
                f"EXISTS (SELECT 1 FROM {db.table(QuoteLine)} l WHERE {db.col('l', QuoteLine, 'quote')} = "  # noqa: S608
                f"{db.col('q', Quote, 'id')} AND ({in_line}))"
            )
            conditions.append(f"({' OR '.join([*in_quote, lines])})")
        return " AND ".join(conditions)


def _field(model, name: str) -> Field:
    return model._meta.get_field(name)


def _contains(db: RowReader, alias: str, model, name: str) -> str:
    """`name__icontains=%s` as the backend writes it (its column cast and LIKE operator)."""
    ops = db.connection.ops
    column = ops.lookup_cast("icontains", _field(model, name).get_internal_type()) % db.col(alias, model, name)
    return f"{column} {db.connection.operators['icontains'] % '%s'}"


def quote_list_page_rows(
    *,
    scope: QuoteScope,
    status: str | None,
    date_from: datetime.date | None,
    date_to: datetime.date | None,
    search: str,
    order_field: str,
    descending: bool,
    on: datetime.date,
    offset: int,
    limit: int,
) -> tuple[int, list[Quote]]:
    """How many quotes the scope reaches with these filters (a checked status, a stripped search), and the page of
    them from `offset` sorted by `order_field` then id (both descending or both not), as Quote instances with
    QUOTE_LIST_COLUMNS loaded. One query; two when the page is empty (the count apart); only the count when `limit`
    is 0 (the ORM's empty slice reads nothing)."""
    db = RowReader(Quote)
    request = _Request(
        db, scope=scope, status=status, date_from=date_from, date_to=date_to, search=search, on=on
    )  # fmt: skip
    quote_fields, related = _loaded_fields()
    rows: list[tuple] = []
    if limit > 0:

        def build_page() -> str:
            direction = " DESC" if descending else " ASC"
            columns = [f"q.{db.q(field.column)}" for field in quote_fields]
            joins = []
            for relation in _RELATIONS:
                alias, model = _ALIASES[relation], _field(Quote, relation).related_model
                columns += [f"{alias}.{db.q(field.column)}" for field in related[relation]]
                joins.append(
                    f"LEFT OUTER JOIN {db.table(model)} {alias} ON {alias}.{db.q(model._meta.pk.column)} = "
                    f"{db.col('q', Quote, relation)}"
                )
            order = f"{db.col('q', Quote, order_field)}{direction}, {db.col('q', Quote, 'id')}{direction}"
            return (
                f"SELECT {', '.join(columns)}, COUNT(*) OVER () FROM {db.table(Quote)} q {' '.join(joins)} "  # noqa: S608
                f"WHERE {request.where()} ORDER BY {order} LIMIT %s OFFSET %s"
            )

        sql = _sql(db, ("page", *request.shape, order_field, descending), build_page)
        fields = [*quote_fields, *related["sales_rep"], *related["user"], None]
        rows = db.rows(sql, [*request.params, limit, offset], fields)
    if not rows:

        def build_count() -> str:
            return f"SELECT COUNT(*) FROM {db.table(Quote)} q WHERE {request.where()}"  # noqa: S608

        sql = _sql(db, ("count", *request.shape), build_count)
        return db.rows(sql, request.params, [None])[0][0], []
    page = []
    joined = [(_field(Quote, relation), related[relation]) for relation in _RELATIONS]
    for row in rows:
        quote = db.instance(Quote, quote_fields, row[: len(quote_fields)])
        at = len(quote_fields)
        for relation, fields in joined:  # as select_related caches them: None when the quote has none
            relation.set_cached_value(quote, db.instance(relation.related_model, fields, row[at : at + len(fields)]))
            at += len(fields)
        page.append(quote)
    return rows[0][-1], page
