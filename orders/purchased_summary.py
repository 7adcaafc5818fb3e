"""The purchased-products summary (issue 38): per buyer and per company, one PurchasedProduct row per product, variant,
SKU and options ordered — the last time ordered, the quantity, in how many orders, the latest line — and under it
one PurchasedProductName row per name the lines carried. purchasedProducts (orders.purchased) reads it instead of
grouping every order line of the company at each request.

Who writes it, the one door each:
- order_create (every placement: storefront checkout, quick order, reorder, a quote's checkout, the headless API, the
  demo) adds the new order's lines, in its transaction: `purchased_products_add`;
- order_cancel takes a cancelled order out (purchasedProducts leaves cancelled orders out), and the demo after it
  back-dates an order: `purchased_products_refresh` computes the order's groups again from the lines;
- the migration that made the tables, and `manage.py seed_scale` after its bulk inserts: `purchased_products_rebuild`.

The figures are those the old GROUP BY over the lines gave: Max(name) and the other maxima are taken by the database
(Greatest), so that a name compares with the database's collation as it did."""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import connection, models
from django.db.models import F, Q, QuerySet, Value
from django.db.models.expressions import RawSQL
from django.db.models.functions import Greatest

from orders.models import Order, OrderLine, OrderStatus, PurchasedProduct, PurchasedProductName

_LOCK_NAMESPACE = 38_001  # pg_advisory_xact_lock(namespace, owner): one writer per owner at a time


def company_owner(company_id: int) -> str:
    return f"c{company_id}"


def buyer_owner(user_id: int, company_id: int | None) -> str:
    return f"u{user_id}c{company_id}" if company_id is not None else f"u{user_id}"


def order_owners(company_id: int | None, placed_by_id: int | None) -> list[str]:
    """The summaries an order counts in: its company's and its buyer's (in that company, or outside any)."""
    owners = []
    if company_id is not None:
        owners.append(company_owner(company_id))
    if placed_by_id is not None:
        owners.append(buyer_owner(placed_by_id, company_id))
    return owners


def _key_sql(vendor: str, table: str = "l") -> str:
    """The SQL of a line's group key — its product, variant, SKU and options as the database holds them — so that the
    order placement, the refresh and the set-based rebuild all name a group alike: on PostgreSQL an md5 of the jsonb's
    canonical text (equal options, equal text), elsewhere the text itself (SQLite groups the JSON as text)."""
    text = "::text" if vendor == "postgresql" else ""
    parts = (
        f"COALESCE(CAST({table}.product_id AS TEXT), '') || '|' || COALESCE(CAST({table}.variant_id AS TEXT), '') "
        f"|| '|' || LENGTH({table}.sku) || ':' || {table}.sku || '|' || {table}.options{text} || '|' "
        f"|| {table}.raw_options{text}"
    )
    return f"md5({parts})" if vendor == "postgresql" else parts


def line_keys(lines: QuerySet) -> dict[int, str]:
    """Order line id → its group key, computed by the database (one query)."""
    key = _key_sql(connection.vendor, '"orders_orderline"')
    keyed = lines.annotate(summary_key=RawSQL(key, ()))  # noqa: S611 — column names only, no value
    return dict(keyed.order_by().values_list("pk", "summary_key"))


def _lock(owner: str) -> None:
    """Serialise the writers of one owner's rows (two checkouts of one company at once), so that their increments do
    not take row locks in opposite orders. SQLite has one writer at a time anyway."""
    if connection.vendor != "postgresql":
        return
    number = zlib.crc32(owner.encode()) - 2**31  # a signed 32-bit integer
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s, %s)", [_LOCK_NAMESPACE, number])


# --- an order placed ------------------------------------------------------------------------------------------------


@dataclass
class _Group:
    product_id: int | None
    variant_id: int | None
    sku: str
    options: object
    raw_options: object
    quantity: int = 0
    latest_line_id: int = 0
    names: dict[str, tuple[int, int]] = field(default_factory=dict)  # name → (quantity, latest line id)


def _groups_of(lines: Iterable[OrderLine], keys: dict[int, str]) -> dict[str, _Group]:
    groups: dict[str, _Group] = {}
    for line in lines:
        key = keys[line.pk]
        group = groups.get(key)
        if group is None:
            group = groups[key] = _Group(line.product_id, line.variant_id, line.sku, line.options, line.raw_options)
        group.quantity += line.quantity
        group.latest_line_id = max(group.latest_line_id, line.pk)
        quantity, latest = group.names.get(line.name, (0, 0))
        group.names[line.name] = (quantity + line.quantity, max(latest, line.pk))
    return groups


def purchased_products_add(*, order: Order, lines: Iterable[OrderLine]) -> None:
    """Count a newly placed order's saved lines in its company's and its buyer's summaries: one query for the keys
    and about six per summary, whatever the number of lines. Called by orders.services.order_create, in its
    transaction."""
    if order.status == OrderStatus.CANCELLED:
        return
    saved = list(lines)
    groups = _groups_of(saved, line_keys(OrderLine.objects.filter(pk__in=[line.pk for line in saved])))
    if not groups:
        return
    for owner in sorted(order_owners(order.company_id, order.placed_by_id)):
        _lock(owner)
        _add(owner, groups, order.created_at)


def _rows_set(model, rows: list, fields: list[str], *, also: str = "") -> None:
    """Write each row's `fields` (plain values), and the SQL assignments `also` (the same for every row), in one
    statement run for every row (DB-API executemany: one batch)."""
    if not rows:
        return
    # Standard SQL's quoted identifiers (PostgreSQL and SQLite alike); the names are the models' own.
    table = f'"{model._meta.db_table}"'
    model_fields = [model._meta.get_field(name) for name in fields]
    columns = ", ".join([f'"{field.column}" = %s' for field in model_fields] + ([also] if also else []))
    with connection.cursor() as cursor:
        cursor.executemany(
            f"UPDATE {table} SET {columns} WHERE id = %s",  # noqa: S608 — names from the models, values as parameters
            # Each value as its field gives it to this database (Field.get_db_prep_value: a datetime as the ORM
            # stores it, UTC), so that a row reads back the same whoever wrote it.
            [
                [field.get_db_prep_value(getattr(row, field.attname), connection) for field in model_fields] + [row.pk]
                for row in rows
            ],
        )


def _add(owner: str, groups: dict[str, _Group], placed_at) -> None:
    # Rows that do not exist yet start at nothing; then every row is increased the same way.
    PurchasedProduct.objects.bulk_create(
        [
            PurchasedProduct(
                owner=owner,
                key=key,
                product_id=group.product_id,
                variant_id=group.variant_id,
                sku=group.sku,
                options=group.options,
                raw_options=group.raw_options,
                name="",
                last_ordered_at=placed_at,
            )  # fmt: skip
            for key, group in sorted(groups.items())
        ],
        ignore_conflicts=True,
    )
    # The increments differ by row. Django's bulk_update writes them as one CASE per column whose WHEN per row costs
    # ~0.3-0.6 ms to build (1.3 s for a 100-line order). So they are computed here from the values read under the
    # owner's lock (_lock: no other writer between the read and the write) and written with one executemany
    # (_rows_set). Names stay the database's GREATEST (its collation decides, as in the rebuild) where two meet.
    rows = list(
        PurchasedProduct.objects.filter(owner=owner, key__in=list(groups)).only(
            "pk", "key", "name", "quantity_ordered", "latest_line_id", "order_count", "last_ordered_at"
        )
    )
    contested = []
    for row in rows:
        group = groups[row.key]
        row.quantity_ordered += group.quantity
        row.latest_line_id = max(row.latest_line_id or 0, group.latest_line_id)
        row.order_count += 1
        row.last_ordered_at = max(row.last_ordered_at, placed_at)
        if not row.name and len(group.names) == 1:
            row.name = next(iter(group.names))  # a new row: the one name is the greatest
        elif set(group.names) != {row.name}:
            contested.append(row)
    _rows_set(PurchasedProduct, rows, ["quantity_ordered", "latest_line_id", "order_count", "last_ordered_at", "name"])
    for row in contested:
        PurchasedProduct.objects.filter(pk=row.pk).update(
            name=Greatest(F("name"), *(Value(name) for name in groups[row.key].names))
        )
    by_key = {row.key: row.pk for row in rows}
    PurchasedProductName.objects.bulk_create(
        [
            PurchasedProductName(
                purchased_id=by_key[key], owner=owner, sku=group.sku, name=name, last_ordered_at=placed_at
            )
            for key, group in sorted(groups.items())
            for name in sorted(group.names)
        ],
        ignore_conflicts=True,
    )
    wanted = Q()
    for key, group in groups.items():
        wanted |= Q(purchased_id=by_key[key], name__in=list(group.names))
    names = list(
        PurchasedProductName.objects.filter(wanted).only(
            "pk", "purchased_id", "name", "quantity_ordered", "latest_line_id", "order_count", "last_ordered_at"
        )
    )
    key_of = {pk: key for key, pk in by_key.items()}
    for name_row in names:
        quantity, latest = groups[key_of[name_row.purchased_id]].names[name_row.name]
        name_row.quantity_ordered += quantity
        name_row.latest_line_id = max(name_row.latest_line_id or 0, latest)
        name_row.order_count += 1
        name_row.last_ordered_at = max(name_row.last_ordered_at, placed_at)
    _rows_set(
        PurchasedProductName, names, ["quantity_ordered", "latest_line_id", "order_count", "last_ordered_at"],
        also="\"compact_sku\" = REPLACE(UPPER(\"sku\"), '-', '')",
    )  # fmt: skip


# --- computed again from the lines -----------------------------------------------------------------------------------

_COMPANY_OWNER = "'c' || o.company_id"
_BUYER_OWNER = "'u' || o.placed_by_id || CASE WHEN o.company_id IS NULL THEN '' ELSE 'c' || o.company_id END"


def _insert_sql(vendor: str, *, buyer: bool, where: str) -> tuple[str, str]:
    """The two INSERT … SELECT … GROUP BY statements of one kind of owner: the groups, then their names (joined to
    the groups just written). `where` narrows the lines (o: the order, l: the line)."""
    owner, owner_columns = (_BUYER_OWNER, "o.placed_by_id, o.company_id") if buyer else (_COMPANY_OWNER, "o.company_id")
    present = "o.placed_by_id IS NOT NULL" if buyer else "o.company_id IS NOT NULL"
    key = _key_sql(vendor)
    source = (
        f"FROM orders_orderline l JOIN orders_order o ON o.id = l.order_id "
        f"WHERE o.status <> '{OrderStatus.CANCELLED.value}' AND {present} AND ({where})"
    )
    group_by = f"{owner_columns}, l.product_id, l.variant_id, l.sku, l.options, l.raw_options"
    groups = (
        "INSERT INTO orders_purchasedproduct (owner, key, product_id, variant_id, sku, options, raw_options, name, "
        "last_ordered_at, quantity_ordered, order_count, latest_line_id) "
        f"SELECT {owner}, {key}, l.product_id, l.variant_id, l.sku, l.options, l.raw_options, MAX(l.name), "
        f"MAX(o.created_at), SUM(l.quantity), COUNT(DISTINCT l.order_id), MAX(l.id) {source} GROUP BY {group_by}"
    )
    names = (
        "INSERT INTO orders_purchasedproductname "  # noqa: S608 — names and constants only, no value
        "(purchased_id, owner, sku, compact_sku, name, last_ordered_at, quantity_ordered, order_count, latest_line_id) "
        "SELECT p.id, g.owner, g.sku, REPLACE(UPPER(g.sku), '-', ''), g.name, g.last_ordered_at, g.quantity, g.orders, "
        "g.latest FROM ("
        f"SELECT {owner} AS owner, {key} AS summary_key, l.sku AS sku, l.name AS name, "
        "MAX(o.created_at) AS last_ordered_at, SUM(l.quantity) AS quantity, COUNT(DISTINCT l.order_id) AS orders, "
        f"MAX(l.id) AS latest {source} GROUP BY {group_by}, l.name"
        ") g JOIN orders_purchasedproduct p ON p.owner = g.owner AND p.key = g.summary_key"
    )
    return groups, names


def _write(*, buyer: bool, where: str = "1 = 1", params: Iterable = ()) -> None:
    with connection.cursor() as cursor:
        for statement in _insert_sql(connection.vendor, buyer=buyer, where=where):
            cursor.execute(statement, list(params))


def purchased_products_rebuild(*, group_model: type[models.Model] = PurchasedProduct) -> int:
    """Compute the whole summary again from the order lines (the migration's backfill; seed_scale after its bulk
    load): two INSERT … SELECT … GROUP BY per kind of owner, in the database. Returns the number of PurchasedProduct
    rows. The migration passes its historical models (the tables are the same)."""
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM orders_purchasedproductname")
        cursor.execute("DELETE FROM orders_purchasedproduct")
    _write(buyer=False)
    _write(buyer=True)
    return group_model.objects.count()  # type: ignore[attr-defined]


def _company_is(company_id: int | None) -> tuple[str, list]:
    if company_id is None:
        return "o.company_id IS NULL", []
    return "o.company_id = %s", [company_id]


def purchased_products_refresh(*, orders: Iterable[Order]) -> None:
    """Compute again, from the lines, the summary rows the orders' lines count in (after an order is cancelled, or
    its date changed): for each of their owners, the groups of their lines only."""
    for order in orders:
        lines = list(order.lines.values("pk", "product_id", "sku"))
        if not lines:
            continue
        keys = sorted(set(line_keys(order.lines.all()).values()))
        skus = sorted({line["sku"] for line in lines})
        narrowed = f"l.sku IN ({', '.join(['%s'] * len(skus))}) AND {_key_sql(connection.vendor)} IN "
        narrowed += f"({', '.join(['%s'] * len(keys))})"
        scopes: list[tuple[str, bool, str, list]] = []
        if order.company_id is not None:
            scopes.append((company_owner(order.company_id), False, "o.company_id = %s", [order.company_id]))
        if order.placed_by_id is not None:
            company_sql, company_params = _company_is(order.company_id)
            scopes.append(
                (
                    buyer_owner(order.placed_by_id, order.company_id),
                    True,
                    f"o.placed_by_id = %s AND {company_sql}",
                    [order.placed_by_id, *company_params],
                )
            )
        for owner, buyer, scope_sql, scope_params in sorted(scopes, key=lambda scope: scope[0]):
            _lock(owner)
            PurchasedProduct.objects.filter(owner=owner, key__in=keys).delete()
            _write(buyer=buyer, where=f"{scope_sql} AND {narrowed}", params=[*scope_params, *skus, *keys])
