"""The bearer token's caller in one round trip of plain SQL (issue 21).

Every signed-in API request looks its token up: the token, its user, the user's membership, company and custom role,
and the role's permissions. Through the ORM that was two queries compiled anew on each request (a select_related
over four tables, then the grants), about 2.4 ms of CPU of a request that otherwise costs a few. Here it is one
query: the same rows, converted as the ORM converts them (portal.sql_rows), the same model instances with their
relations cached, and the grants of the membership's role in one more column (a JSON list).

The rule is the ORM query's, unchanged: the token's hash, not revoked, not expired, its user active.

Nothing is kept between requests (issue 37): every request reads its caller, so a token revoked, a user deactivated
or a role changed by any process is seen by the next request.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import cast

from django.db.models import Field, Model
from django.utils import timezone

from accounts.models import B2BToken, Company, CompanyMembership, CompanyRole, RolePermission, RoleTemplate, User
from portal.sql_rows import RowReader

# Each table of the query with its alias: the token, its user, the membership, its company, its custom role, and the
# unit below the company the member acts for (issue 40).
_PARTS: tuple[tuple[str, type[Model]], ...] = (
    ("t", B2BToken), ("u", User), ("m", CompanyMembership), ("c", Company), ("r", RoleTemplate), ("a", Company),
)  # fmt: skip


@dataclass(frozen=True)
class TokenRow:
    token: B2BToken  # .user cached, and its .membership (None cached when it has none) with .company, .custom_role
    grants: dict[str, int]  # the membership's role's permissions (code → level); empty without a membership


@cache
def _statement(vendor: str) -> tuple[str, list[Field | None]]:
    """The query (one per database vendor) and the fields of its columns, in order; its last column is the grants as
    a JSON list of [code, level]."""
    db = RowReader(B2BToken)
    parts: list[str] = []
    fields: list[Field | None] = []  # None: the grants' column, converted by no field
    for alias, model in _PARTS:
        columns, model_fields = db.columns(alias, model)
        parts.append(columns)
        fields.extend(model_fields)
    role, custom = db.col("m", CompanyMembership, "role"), db.col("m", CompanyMembership, "custom_role")
    code, level = db.col("p", RolePermission, "code"), db.col("p", RolePermission, "level")
    # The role's grants (accounts.selectors.role_permissions): a custom role's own template, else the built-in template
    # of the role code. One column, so that the row's other columns are read and converted once.
    grants_from = (
        f"FROM {db.table(RolePermission)} p INNER JOIN {db.table(RoleTemplate)} g "
        f"ON g.{db.q('id')} = {db.col('p', RolePermission, 'template')} "
        f"WHERE ({role} = {int(CompanyRole.CUSTOM)} AND g.{db.q('id')} = {custom}) "
        f"OR ({role} <> {int(CompanyRole.CUSTOM)} AND {db.col('g', RoleTemplate, 'role')} = {role} "
        f"AND {db.col('g', RoleTemplate, 'is_builtin')})"
    )
    if vendor == "postgresql":  # in the order of RolePermission.Meta, by the database's collation as the ORM orders
        parts.append(f"(SELECT json_agg(json_build_array({code}, {level}) ORDER BY {code})::text {grants_from})")
    else:  # SQLite: ordered by code in Python, as its BINARY collation orders (token_row)
        parts.append(f"(SELECT json_group_array(json_array({code}, {level})) {grants_from})")
    fields.append(None)
    sql = (
        f"SELECT {', '.join(parts)} FROM {db.table(B2BToken)} t "  # noqa: S608 — names from the models only
        f"INNER JOIN {db.table(User)} u ON u.{db.q('id')} = {db.col('t', B2BToken, 'user')} "
        f"LEFT JOIN {db.table(CompanyMembership)} m ON {db.col('m', CompanyMembership, 'user')} = u.{db.q('id')} "
        f"LEFT JOIN {db.table(Company)} c ON c.{db.q('id')} = {db.col('m', CompanyMembership, 'company')} "
        f"LEFT JOIN {db.table(RoleTemplate)} r ON r.{db.q('id')} = {custom} "
        f"LEFT JOIN {db.table(Company)} a ON a.{db.q('id')} = {db.col('m', CompanyMembership, 'acting_company')} "
        f"WHERE {db.col('t', B2BToken, 'key_hash')} = %s AND {db.col('t', B2BToken, 'revoked_at')} IS NULL "
        f"AND {db.col('t', B2BToken, 'expires_at')} > %s AND {db.col('u', User, 'is_active')}"
    )
    return sql, fields


def token_row(key_hash: str) -> TokenRow | None:
    """The live token with this hash and everything the caller's actor is built from, or None."""
    db = RowReader(B2BToken)
    sql, fields = _statement(db.vendor)
    rows = db.rows(sql, [key_hash, db.connection.ops.adapt_datetimefield_value(timezone.now())], fields)
    if not rows:
        return None
    first = rows[0]
    pairs = json.loads(first[-1]) if first[-1] else []  # NULL: no grants (PostgreSQL's json_agg of no rows)
    if db.vendor != "postgresql":
        pairs.sort(key=lambda pair: pair[0])
    return _token_row(db, first, dict(pairs))


def _token_row(db: RowReader, first: list | tuple, grants: dict[str, int]) -> TokenRow:
    values: dict[str, Model | None] = {}
    at = 0
    for alias, model in _PARTS:
        model_fields = model._meta.concrete_fields
        values[alias] = db.instance(model, model_fields, first[at : at + len(model_fields)])
        at += len(model_fields)
    # The token and its user are found (inner joins); the membership, company, custom role and the unit acted for
    # may not be (left joins).
    token, user = cast(B2BToken, values["t"]), cast(User, values["u"])
    membership = cast("CompanyMembership | None", values["m"])
    # Related objects given by assignment, as a queryset's select_related would cache them.
    token.user = user
    if membership is None:
        # The reverse one-to-one known to be empty (a query would only say so again): assignment cannot cache None.
        User._meta.get_field("membership").set_cached_value(user, None)
    else:
        membership.user = user  # a one-to-one: user.membership is this membership from now on
        membership.company = cast(Company, values["c"])  # a membership's company is required
        membership.custom_role = cast("RoleTemplate | None", values["r"])
        membership.acting_company = cast("Company | None", values["a"])
    return TokenRow(token=token, grants=grants)
