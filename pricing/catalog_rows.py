"""The catalog rows the price engine reads (pricing.calculation), in three round trips of plain tuples.

The engine only reads a few fields of products, variants, group price-list records, bulk tiers, options and option
values, for up to 500 items at a time (business §3). Through the ORM that was six querysets whose `IN` lists of up to
500 ids were prepared one parameter at a time, each query compiled anew (bench/pricing.py, issue 21). Here:
- products LEFT JOIN the variants the items name (or every variant of a product named without one) LEFT JOIN the
  group's price-list record of each variant: one query;
- the product's bulk tiers, store-wide and the group's: one query;
- the options the items name LEFT JOIN their values: one query (none when no item has options).
An id list is one parameter: an array literal on PostgreSQL (`= ANY(%s::bigint[])`), a JSON text on SQLite
(`json_each`); other backends get one placeholder per id. Values pass the same converters as the ORM's (Django's
per-field and per-backend ones: SQLite's decimals and booleans, JSON), so the engine sees what `values_list` gave it.
Each statement's SQL is written once per database and shape (which lists are empty, a group or none), not per call.

The SQL is put together from the models' table and column names only (quoted by the backend); every value is a
parameter: hence the `noqa: S608` below.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Iterable
from typing import Any

from django.db.models import Field

from portal.sql_rows import RowReader
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
            # 500 placeholders.
            return f"{column} = ANY(%s::bigint[])", ["{" + ",".join(map(str, values)) + "}"]
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
        columns = _field(PriceList, "id").column, _field(PriceList, "customer_group").column
        table = self.q(_table(PriceList))
        return f"SELECT {self.q(columns[0])} FROM {table} WHERE {self.q(columns[1])} = %s"  # noqa: S608


# The statements' SQL by (database alias, vendor, statement, shape): `_Reader.sql`.
_SQL: dict[tuple, str] = {}


def _int_ids(ids: Iterable[Any]) -> set[int]:
    # As the ORM prepares an integer lookup: int(value).
    return {int(value) for value in ids}


def _ids_params(db: _Reader, ids: Collection[int]) -> list[Any]:
    return db.in_ids("", ids)[1]


def product_variant_rows(
    *,
    product_ids: Iterable[int],
    variant_ids: Iterable[int],
    whole_product_ids: Iterable[int],
    customer_group_id: int | None,
    include_hidden: bool,
) -> list[ProductVariantRow]:
    """One row per product of `product_ids` (visible ones unless `include_hidden`) and variant of it that is in
    `variant_ids` or whose product is in `whole_product_ids` (variant columns NULL when it has none of those), with
    the variant's price-list record of the customer group (NULL when none)."""
    db = _Reader(Product)
    p, v, r = "p", "v", "r"
    selected = [(p, Product, "id"), (p, Product, "base_price"), (p, Product, "tax_class"), (p, Product, "availability"),
                (v, Variant, "id"), (v, Variant, "price")]  # fmt: skip
    fields: list[Field | None] = [_field(model, name) for _, model, name in selected]
    fields.append(None if customer_group_id is None else _field(PriceListRecord, "price"))
    product_ids, variant_ids, whole = _int_ids(product_ids), _int_ids(variant_ids), _int_ids(whole_product_ids)

    def build() -> str:
        columns = [db.col(alias, model, name) for alias, model, name in selected]
        columns.append("NULL" if customer_group_id is None else db.col(r, PriceListRecord, "price"))
        # The variants joined: the named ones, and every one of the products named without one (a list that is
        # empty is left out).
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
        return (
            f"SELECT {', '.join(columns)} FROM {db.q(_table(Product))} {p} "  # noqa: S608
            f"LEFT JOIN {db.q(_table(Variant))} {v} ON {db.col(v, Variant, 'product')} = {db.col(p, Product, 'id')} "
            f"AND ({' OR '.join(named) or '1 = 0'}){record_join} "
            f"WHERE {db.in_ids(db.col(p, Product, 'id'), product_ids)[0]}{visible}"
        )

    shape = ("products", customer_group_id is None, include_hidden, bool(variant_ids), bool(whole))
    sql = db.sql(shape, build, variant_ids, whole, product_ids)
    params = [
        *(_ids_params(db, variant_ids) if variant_ids else ()),
        *(_ids_params(db, whole) if whole else ()),
        *(() if customer_group_id is None else (int(customer_group_id),)),
        *_ids_params(db, product_ids),
        *(() if include_hidden else (True,)),
    ]
    return db.rows(sql, params, fields)


def tier_rows(*, product_ids: Iterable[int], customer_group_id: int | None) -> list[TierTuple]:
    """The bulk tiers of the products, store-wide and the customer group's, by minimum quantity then id."""
    db = _Reader(BulkPricingTier)
    t = "t"
    names = ("id", "product", "price_list", "min_quantity", "max_quantity", "discount_type", "amount")
    product_ids = _int_ids(product_ids)

    def build() -> str:
        products_in = db.in_ids(db.col(t, BulkPricingTier, "product"), product_ids)[0]
        scope = f"{db.col(t, BulkPricingTier, 'price_list')} IS NULL"
        if customer_group_id is not None:
            scope = f"({scope} OR {db.col(t, BulkPricingTier, 'price_list')} IN ({db.group_price_list()}))"
        return (
            f"SELECT {', '.join(db.col(t, BulkPricingTier, name) for name in names)} "  # noqa: S608
            f"FROM {db.q(_table(BulkPricingTier))} {t} WHERE {products_in} AND {scope} "
            f"ORDER BY {db.col(t, BulkPricingTier, 'min_quantity')}, {db.col(t, BulkPricingTier, 'id')}"
        )

    sql = db.sql(("tiers", customer_group_id is None), build, product_ids)
    params = _ids_params(db, product_ids)
    if customer_group_id is not None:
        params.append(int(customer_group_id))
    return db.rows(sql, params, [_field(BulkPricingTier, name) for name in names])


def option_value_rows(*, option_ids: Iterable[int]) -> list[OptionValueRow]:
    """The options with their values (value columns NULL for an option without values). A value's data only for
    checkbox options: the price reads no other (pricing.options.checkbox_ticked), and it is JSON to decode."""
    db = _Reader(ProductOption)
    o, ov = "o", "ov"
    option_names = (
        "id", "product", "type", "is_variant_option", "display_name", "checkbox_price_adjuster",
        "checkbox_price_adjustment",
    )  # fmt: skip
    value_names = ("id", "price_adjuster", "price_adjustment")
    option_ids = _int_ids(option_ids)

    def build() -> str:
        columns = [db.col(o, ProductOption, name) for name in option_names]
        columns += [db.col(ov, OptionValue, name) for name in value_names]
        columns.append(
            f"CASE WHEN {db.col(o, ProductOption, 'type')} = %s THEN {db.col(ov, OptionValue, 'value_data')} END"
        )
        return (
            f"SELECT {', '.join(columns)} FROM {db.q(_table(ProductOption))} {o} "  # noqa: S608
            f"LEFT JOIN {db.q(_table(OptionValue))} {ov} ON {db.col(ov, OptionValue, 'option')} = "
            f"{db.col(o, ProductOption, 'id')} WHERE {db.in_ids(db.col(o, ProductOption, 'id'), option_ids)[0]}"
        )

    sql = db.sql(("options",), build, option_ids)
    params = [OptionType.CHECKBOX.value, *_ids_params(db, option_ids)]
    fields = [_field(ProductOption, name) for name in option_names]
    fields += [_field(OptionValue, name) for name in (*value_names, "value_data")]
    return db.rows(sql, params, fields)
