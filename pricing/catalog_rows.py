"""The catalog rows the price engine reads (pricing.calculation), in one round trip of plain tuples.

The engine only reads a few fields of products, variants, group price-list records, bulk tiers, options and option
values, for up to 500 items at a time (business §3). Through the ORM that was six querysets whose `IN` lists of up to
500 ids were prepared one parameter at a time, each query compiled anew (bench/pricing.py, issue 21). Here:
- products LEFT JOIN the variants the items name (or every variant of a product named without one) LEFT JOIN the
  group's price-list record of each variant: one query;
- the product's bulk tiers, store-wide and the group's: one query;
- the options the items name LEFT JOIN their values: one query (none when no item has options).
The engine reads all three as one UNION ALL (`engine_rows`, the module's one reader): one round trip.
An id list is one parameter: an array literal on PostgreSQL (`IN (SELECT unnest(%s::bigint[]))`), a JSON text on SQLite
(`json_each`); other backends get one placeholder per id. Values pass the same converters as the ORM's (Django's
per-field and per-backend ones: SQLite's decimals and booleans, JSON), so the engine sees what `values_list` gave it.
Each statement's SQL is written once per database and shape (which lists are empty, a group or none), not per call.

The SQL is put together from the models' table and column names only (quoted by the backend); every value is a
parameter: hence the `noqa: S608` below.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from operator import itemgetter
from typing import Any

from django.db.models import Field

from portal.sql_rows import RowReader, column_of
from pricing.models import BulkPricingTier, OptionType, OptionValue, PriceList, PriceListRecord, Product, ProductOption
from pricing.models import ProductVariant as Variant

# (product id, base price, tax class id, availability, variant id, variant price, group record price)
ProductVariantRow = tuple[int, Any, int | None, str, int | None, Any, Any]
# (tier id, product id, price list id, min quantity, max quantity, discount type, amount)
TierTuple = tuple[int, int, int | None, int, int, str, Any]
# (option id, product id, type, is variant option, display name, checkbox adjuster, checkbox adjustment,
#  value id, value adjuster, value adjustment, value data (checkbox options only))
OptionValueRow = tuple[int, int, str, bool, str, str, Any, int | None, str | None, Any, Any]


def _field(model, name: str) -> Field:
    return model._meta.get_field(name)


def _table(model) -> str:
    return model._meta.db_table


class _Reader(RowReader):
    """One database connection's way of writing id lists, naming columns and converting them (portal.sql_rows)."""

    def in_ids(self, column: str, ids: Collection[int]) -> tuple[str, list[Any]]:
        """`column` is one of the ids, as SQL and its parameters (one parameter where the backend allows)."""
        values = list(ids)
        if self.vendor == "postgresql":
            # An array literal of the ints: psycopg's own list adaptation checks each element and took longer than
            # 500 placeholders. A semi-join on the array's rows, not `= ANY(array)`: the statements are prepared
            # (portal.settings), and PostgreSQL may then keep one generic plan made without the ids, which assumes
            # a handful of them. With `= ANY` that plan tested the array once per row pair (500 items: 125,000
            # pairs, 7-12 ms); a semi-join's plan probes the ids by hash or index, as many as there are (500 items:
            # about 2 ms, 20: 0.4 ms, planned once instead of on every run: docs/decisions.md, issue 21).
            return f"{column} IN (SELECT unnest(%s::bigint[]))", ["{" + ",".join(map(str, values)) + "}"]
        if self.vendor == "sqlite":
            return f"{column} IN (SELECT value FROM json_each(%s))", [json.dumps(values)]  # noqa: S608
        if not values:
            return "1 = 0", []
        return f"{column} IN ({', '.join(['%s'] * len(values))})", values

    def sql(self, key: tuple, build: Callable[[], str], *id_lists: Collection[int]) -> str:
        """The SQL `build` writes for this statement shape (`key`), written once per database: an id list's SQL
        does not depend on its ids on PostgreSQL and SQLite (one parameter), on its length elsewhere."""
        if self.vendor not in ("postgresql", "sqlite"):
            key = (*key, *map(len, id_lists))
        key = (self.connection.alias, self.vendor, *key)
        sql = _SQL.get(key)
        if sql is None:
            sql = _SQL[key] = build()
        return sql

    def group_price_list(self) -> str:
        """A subquery: the price list of the customer group given as its parameter (a group has at most one)."""
        columns = column_of(_field(PriceList, "id")), column_of(_field(PriceList, "customer_group"))
        table = self.q(_table(PriceList))
        return f"SELECT {self.q(columns[0])} FROM {table} WHERE {self.q(columns[1])} = %s"  # noqa: S608


# The statements' SQL by (database alias, vendor, statement, shape): `_Reader.sql`.
_SQL: dict[tuple, str] = {}


def _int_ids(ids: Iterable[Any]) -> set[int]:
    # As the ORM prepares an integer lookup: int(value).
    return {int(value) for value in ids}


def _ids_params(db: _Reader, ids: Collection[int]) -> list[Any]:
    return db.in_ids("", ids)[1]


_PRODUCT_COLUMNS = ((Product, "id"), (Product, "base_price"), (Product, "tax_class"), (Product, "availability"),
                    (Variant, "id"), (Variant, "price"))  # fmt: skip
_TIER_COLUMNS = ("id", "product", "price_list", "min_quantity", "max_quantity", "discount_type", "amount")
_TIER_ORDER = itemgetter(_TIER_COLUMNS.index("min_quantity"), _TIER_COLUMNS.index("id"))


class _Statement:
    """One SELECT's parts: its columns (SQL), FROM and WHERE (SQL), parameters, and the fields converting the
    columns; put together alone, or several as one round trip (`engine_rows`)."""

    def __init__(self, columns: list[str], rest: str, params: list[Any], fields: list[Field | None]) -> None:
        self.columns, self.rest, self.params, self.fields = columns, rest, params, fields


def _product_statement(
    db: _Reader,
    product_ids: set[int],
    variant_ids: set[int],
    whole: set[int],
    customer_group_id: int | None,
    include_hidden: bool,
) -> _Statement:
    p, v, r = "p", "v", "r"
    aliases = {Product: p, Variant: v}
    columns = [db.col(aliases[model], model, name) for model, name in _PRODUCT_COLUMNS]
    columns.append("NULL" if customer_group_id is None else db.col(r, PriceListRecord, "price"))
    # The variants joined: the named ones, and every one of the products named without one (a list that is empty
    # is left out).
    named = [
        db.in_ids(column, ids)[0]
        for column, ids in ((db.col(v, Variant, "id"), variant_ids), (db.col(p, Product, "id"), whole))
        if ids
    ]
    record_join = ""
    if customer_group_id is not None:
        record_join = (
            f" LEFT JOIN {db.q(_table(PriceListRecord))} {r} ON {db.col(r, PriceListRecord, 'variant')} = "
            f"{db.col(v, Variant, 'id')} AND {db.col(r, PriceListRecord, 'price_list')} IN "
            f"({db.group_price_list()})"
        )
    visible = "" if include_hidden else f" AND {db.col(p, Product, 'is_visible')} = %s"
    rest = (
        f"FROM {db.q(_table(Product))} {p} "
        f"LEFT JOIN {db.q(_table(Variant))} {v} ON {db.col(v, Variant, 'product')} = {db.col(p, Product, 'id')} "
        f"AND ({' OR '.join(named) or '1 = 0'}){record_join} "
        f"WHERE {db.in_ids(db.col(p, Product, 'id'), product_ids)[0]}{visible}"
    )
    params = [
        *(_ids_params(db, variant_ids) if variant_ids else ()),
        *(_ids_params(db, whole) if whole else ()),
        *(() if customer_group_id is None else (int(customer_group_id),)),
        *_ids_params(db, product_ids),
        *(() if include_hidden else (True,)),
    ]
    fields: list[Field | None] = [_field(model, name) for model, name in _PRODUCT_COLUMNS]
    fields.append(None if customer_group_id is None else _field(PriceListRecord, "price"))
    return _Statement(columns, rest, params, fields)


def _tier_statement(
    db: _Reader, product_ids: set[int], customer_group_id: int | None, visible_products_only: bool
) -> _Statement:
    t = "t"
    columns = [db.col(t, BulkPricingTier, name) for name in _TIER_COLUMNS]
    visible_join = ""
    params: list[Any] = []
    if visible_products_only:  # the tiers of the products the product statement finds
        visible_join = (
            f" INNER JOIN {db.q(_table(Product))} tp ON {db.col('tp', Product, 'id')} = "
            f"{db.col(t, BulkPricingTier, 'product')} AND {db.col('tp', Product, 'is_visible')} = %s"
        )
        params.append(True)
    products_in = db.in_ids(db.col(t, BulkPricingTier, "product"), product_ids)[0]
    params += _ids_params(db, product_ids)
    scope = f"{db.col(t, BulkPricingTier, 'price_list')} IS NULL"
    if customer_group_id is not None:
        scope = f"({scope} OR {db.col(t, BulkPricingTier, 'price_list')} IN ({db.group_price_list()}))"
        params.append(int(customer_group_id))
    rest = f"FROM {db.q(_table(BulkPricingTier))} {t}{visible_join} WHERE {products_in} AND {scope}"
    return _Statement(columns, rest, params, [_field(BulkPricingTier, name) for name in _TIER_COLUMNS])


def engine_rows(
    *,
    product_ids: Iterable[int],
    variant_ids: Iterable[int],
    whole_product_ids: Iterable[int],
    customer_group_id: int | None,
    include_hidden: bool,
    option_ids: Iterable[int] = (),
) -> tuple[list[ProductVariantRow], list[TierTuple], list[OptionValueRow]]:
    """In one round trip (issue 21), as one UNION ALL of three SELECTs, each row led by which of them it is (0, 1, 2)
    and NULL in the others' columns:
    - one row per product of `product_ids` (visible ones unless `include_hidden`) and variant of it that is in
      `variant_ids` or whose product is in `whole_product_ids` (variant columns NULL when it has none of those),
      with the variant's price-list record of the customer group (NULL when none);
    - the bulk tiers of the products found, store-wide and the customer group's, by minimum quantity then id;
    - the options of `option_ids` with their values (value columns NULL for an option without values; none when
      `option_ids` is empty). A value's data only for checkbox options: the price reads no other
      (pricing.options.checkbox_ticked), and it is JSON to decode.
    The tiers are put in their order (no other rows have a set order) here, not by the database: an ORDER BY sorted
    every row of the UNION, a thousand wide rows
    for 500 items (0.3 ms of PostgreSQL's time), where Python sorts the few hundred tiers in a tenth of that."""
    db = _Reader(Product)
    product_ids, variant_ids, whole = _int_ids(product_ids), _int_ids(variant_ids), _int_ids(whole_product_ids)
    option_ids = _int_ids(option_ids)
    statements = [
        _product_statement(db, product_ids, variant_ids, whole, customer_group_id, include_hidden),
        _tier_statement(db, product_ids, customer_group_id, visible_products_only=not include_hidden),
    ]
    if option_ids:
        statements.append(_option_statement(db, option_ids))
    widths = [len(statement.columns) for statement in statements]
    starts = [1 + sum(widths[:kind]) for kind in range(len(statements))]  # each one's first column in a row

    def null(field: Field | None) -> str:
        # PostgreSQL types a UNION's columns pair by pair: two untyped NULLs make text, which a third SELECT's
        # bigint or numeric then cannot match. Typed, a NULL matches the column it stands in for.
        if field is None or db.vendor != "postgresql":
            return "NULL"
        return f"CAST(NULL AS {field.cast_db_type(db.connection)})"

    def build() -> str:
        selects = []
        for kind, statement in enumerate(statements):
            columns = [str(kind)]
            for other, other_statement in enumerate(statements):
                columns += statement.columns if other == kind else [null(f) for f in other_statement.fields]
            selects.append(f"SELECT {', '.join(columns)} {statement.rest}")
        return " UNION ALL ".join(selects)

    shape = ("catalog", customer_group_id is None, include_hidden, bool(variant_ids), bool(whole), bool(option_ids))
    sql = db.sql(shape, build, variant_ids, whole, product_ids, option_ids)
    params = [param for statement in statements for param in statement.params]
    fields = [None, *(field for statement in statements for field in statement.fields)]
    found: tuple[list, list, list] = ([], [], [])
    for row in db.rows(sql, params, fields):
        kind = row[0]
        found[kind].append(row[starts[kind] : starts[kind] + widths[kind]])
    found[1].sort(key=_TIER_ORDER)  # minimum quantity, then id (no two tiers share an id)
    return found


_OPTION_COLUMNS = (
    "id", "product", "type", "is_variant_option", "display_name", "checkbox_price_adjuster",
    "checkbox_price_adjustment",
)  # fmt: skip
_VALUE_COLUMNS = ("id", "price_adjuster", "price_adjustment")


def _option_statement(db: _Reader, option_ids: set[int]) -> _Statement:
    o, ov = "o", "ov"
    columns = [db.col(o, ProductOption, name) for name in _OPTION_COLUMNS]
    columns += [db.col(ov, OptionValue, name) for name in _VALUE_COLUMNS]
    columns.append(
        f"CASE WHEN {db.col(o, ProductOption, 'type')} = %s THEN {db.col(ov, OptionValue, 'value_data')} END"
    )
    rest = (
        f"FROM {db.q(_table(ProductOption))} {o} "
        f"LEFT JOIN {db.q(_table(OptionValue))} {ov} ON {db.col(ov, OptionValue, 'option')} = "
        f"{db.col(o, ProductOption, 'id')} WHERE {db.in_ids(db.col(o, ProductOption, 'id'), option_ids)[0]}"
    )
    # The CASE's parameter comes first: the columns come before FROM.
    params = [OptionType.CHECKBOX.value, *_ids_params(db, option_ids)]
    fields: list[Field | None] = [_field(ProductOption, name) for name in _OPTION_COLUMNS]
    fields += [_field(OptionValue, name) for name in (*_VALUE_COLUMNS, "value_data")]
    return _Statement(columns, rest, params, fields)
