"""The demo store grown to a real supplier's size (issue 38): `manage.py seed_scale`, run after `seed_demo`.

At factor 1: the 200 demo products cloned 250 times (50,200 products, ~107k variants, ~174k price-list records, with
their options, option values, translations, variant values, categories and bulk tiers), 5,000 more companies with
three users each, 200,000 orders over five years (150,000 of them Acme Labs', the demo buyers' company) with ~600k
lines drawn with a Zipf-like reorder head (a few products ordered very often), a shipment for every shipped order,
~100,000 invoices, 20,000 quotes and 2,000 shopping lists of 50 items. `--factor` scales every count (the tests build a
mid-size set with 0.02-0.1 in seconds).

Speed: rows are made in Python and written with PostgreSQL's COPY (psycopg's public `cursor.copy()`), no model
`save()` and so no signal; explicit ids (the sequences are moved past them afterwards); `VACUUM ANALYZE` at the end so
the planner sees the data's statistics (and index-only scans their visibility map) at once. Another database gets
the same rows through `executemany` (slower; meant for small factors).

Reproducible: one `random.Random(seed)` draws everything, in a fixed order; dates are relative to the start of the
day (UTC) the command runs. The rows are valid the way the services make them: order numbers are 100,000 + id
(`order_create`), quote numbers Q-100,000 + id (`quote_number`), invoices INV- and the next sequence; totals are the
sums of the lines; statuses follow the order's age; prices are those of the buyer's customer group (the demo's
price lists, through `pricing.calculation`), at each clone's price factor.
"""

from __future__ import annotations

import bisect
import dataclasses
import datetime
import json
import random
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.db import connection, transaction
from django.utils import timezone

from orders.services import FIRST_ORDER_NUMBER
from quotes.models import FIRST_QUOTE_NUMBER

CENT = Decimal("0.01")
SCALE_EMAIL_DOMAIN = "scale.test"  # the grown companies' users: buyer1@c00042.scale.test
ACME_EMAIL = "admin@acme.test"  # whose company gets most orders (the large customer)

# The products table and everything that hangs off a product: cloned per copy.
CATALOG_TABLES = (
    "pricing_product",
    "pricing_product_categories",
    "pricing_productoption",
    "pricing_optionvalue",
    "pricing_productoptiontranslation",
    "pricing_optionvaluetranslation",
    "pricing_productvariant",
    "pricing_productvariant_option_values",
    "pricing_pricelistrecord",
    "pricing_bulkpricingtier",
)
GROWN_TABLES = (
    *CATALOG_TABLES,
    "accounts_company",
    "accounts_user",
    "accounts_companymembership",
    "orders_order",
    "orders_orderline",
    "orders_shipment",
    "orders_shipmentline",
    "invoices_invoice",
    "invoices_invoiceline",
    "quotes_quote",
    "quotes_quoteline",
    "quotes_quoterevision",
    "shoppinglists_shoppinglist",
    "shoppinglists_shoppinglistitem",
)

# What sets a clone apart from its demo product: a grade (in its name) and a brand.
GRADES = (
    "ACS reagent", "HPLC grade", "BioReagent", "for molecular biology", "anhydrous", "technical grade",
    "puriss. p.a.", "USP grade", "LC-MS grade", "cell culture tested", "for synthesis", "ReagentPlus",
    "spectrophotometric grade", "semiconductor grade", "analytical standard", "low endotoxin", "GMP grade",
    "sterile-filtered", "certified reference material", "bulk pack",
)  # fmt: skip
BRANDS = ("Helix", "Nordlab", "Quantis", "Meridian Bio", "Apex Chemicals", "Corvid", "Lumen Sciences", "Tessera")
CARRIERS = ("UPS", "FedEx", "DHL Express", "USPS")
CITIES = (
    ("Boston", "MA", "02115"), ("Cambridge", "MA", "02139"), ("San Diego", "CA", "92121"), ("Houston", "TX", "77002"),
    ("Durham", "NC", "27701"), ("Seattle", "WA", "98109"), ("Madison", "WI", "53706"), ("Ann Arbor", "MI", "48109"),
    ("Pittsburgh", "PA", "15213"), ("Denver", "CO", "80202"), ("Austin", "TX", "78701"), ("Chicago", "IL", "60607"),
)  # fmt: skip
COMPANY_WORDS = (
    "Bio",
    "Chem",
    "Genomics",
    "Labs",
    "Research",
    "Pharma",
    "Diagnostics",
    "Materials",
    "Analytics",
    "Therapeutics",
)
FIRST_NAMES = ("Ada", "Ben", "Chen", "Dana", "Eli", "Fatima", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena", "Mo", "Nia")
LAST_NAMES = ("Adams", "Brown", "Costa", "Diaz", "Evans", "Fischer", "Garcia", "Hughes", "Ito", "Jones", "Khan", "Li")
NOTES = ("", "", "", "Bench 3", "Cold room", "Teaching lab", "Keep two in stock")


@dataclass(frozen=True)
class ScaleSize:
    """How much to grow. Factor 1 is issue 38's size."""

    clones: int = 250  # copies of each demo product
    companies: int = 5_000
    users_per_company: int = 3
    acme_buyers: int = 12  # more buyers of Acme Labs beside the three demo ones
    acme_orders: int = 150_000
    other_orders: int = 50_000
    years: int = 5
    quotes: int = 20_000
    acme_quotes: int = 5_000
    shopping_lists: int = 2_000
    acme_shopping_lists: int = 400
    list_items: int = 50
    invoiced_share: float = 0.66  # of the shipped and completed orders
    zipf_exponent: float = 1.07

    @classmethod
    def of(cls, factor: float) -> ScaleSize:
        base = cls()

        def times(value: int, minimum: int = 1) -> int:
            return max(minimum, round(value * factor))

        return dataclasses.replace(
            base,
            clones=times(base.clones),
            companies=times(base.companies, 2),
            acme_buyers=min(base.acme_buyers, times(base.acme_buyers)),
            acme_orders=times(base.acme_orders),
            other_orders=times(base.other_orders),
            quotes=times(base.quotes),
            acme_quotes=times(base.acme_quotes),
            shopping_lists=times(base.shopping_lists),
            acme_shopping_lists=times(base.acme_shopping_lists),
        )


# --- writing rows -----------------------------------------------------------------------------------------------------


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


class _Tables:
    """Reads and writes whole tables through one cursor: COPY on PostgreSQL, executemany elsewhere."""

    def __init__(self, cursor) -> None:
        self.cursor = cursor
        self.postgres = connection.vendor == "postgresql"
        self.counts: dict[str, int] = {}

    def read(self, sql: str, params: Sequence = ()) -> tuple[list[str], list[tuple]]:
        self.cursor.execute(sql, params)
        columns = [c[0] for c in self.cursor.description]
        return columns, list(self.cursor.fetchall())

    def max_id(self, table: str) -> int:
        self.cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {table}")  # noqa: S608 — this module's table names
        return int(self.cursor.fetchone()[0])

    @staticmethod
    def _defaults(table: str, columns: Sequence[str]) -> tuple[list[str], tuple]:
        """The model's other columns that need a value, with their field defaults: a column added after this module
        was written gets its default rather than failing the load (a derived column is that app's to fill here)."""
        from django.apps import apps

        models = {model._meta.db_table: model for model in apps.get_models(include_auto_created=True)}
        model = models.get(table)
        if model is None:
            return [], ()
        names: list[str] = []
        values = []
        for field in model._meta.get_fields():  # the Model _meta API: a concrete field other than many-to-many
            if not field.concrete or field.many_to_many:  # has a column of this table
                continue
            if field.column is None or field.column in columns or field.null or field.primary_key:
                continue
            value = field.get_default()
            if value is None:
                continue
            names.append(field.column)
            values.append(_json(value) if isinstance(value, dict | list) else value)
        return names, tuple(values)

    def write(self, table: str, columns: Sequence[str], rows: Iterable[Sequence]) -> int:
        more, defaults = self._defaults(table, columns)
        if more:
            columns = [*columns, *more]
            rows = (tuple(row) + defaults for row in rows)
        names = ", ".join(connection.ops.quote_name(c) for c in columns)
        count = 0
        if self.postgres:
            with self.cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
                    count += 1
        else:
            marks = ", ".join(["%s"] * len(columns))
            sql = f"INSERT INTO {table} ({names}) VALUES ({marks})"  # noqa: S608 — this module's table names
            batch: list[Sequence] = []
            for row in rows:
                batch.append([self._adapt(value) for value in row])
                if len(batch) == 5000:
                    self.cursor.executemany(sql, batch)
                    count += len(batch)
                    batch = []
            if batch:
                self.cursor.executemany(sql, batch)
                count += len(batch)
        self.counts[table] = self.counts.get(table, 0) + count
        return count

    @staticmethod
    def _adapt(value: Any) -> Any:
        if isinstance(value, datetime.datetime):
            return connection.ops.adapt_datetimefield_value(value)
        if isinstance(value, datetime.date):
            return value.isoformat()
        if isinstance(value, Decimal):
            return str(value)
        return value

    def reset_sequences(self) -> None:
        if not self.postgres:
            return
        for table in GROWN_TABLES:
            self.cursor.execute(
                f"SELECT setval(pg_get_serial_sequence(%s, 'id'), (SELECT COALESCE(MAX(id), 1) FROM {table}))",  # noqa: S608
                [table],
            )


# --- the catalog ------------------------------------------------------------------------------------------------------


def _clone_sku(sku: str, k: int) -> str:
    """HS-1001 → HS-0071001 (clone 7): catalog numbers of the same family, unique, and none a prefix of a demo one."""
    match = re.match(r"^([A-Za-z]+-)(.*)$", sku)
    return f"{match.group(1)}{k:03d}{match.group(2)}" if match else f"{sku}-{k:03d}"


def _clone_variant_sku(sku: str, product_sku: str, k: int) -> str:
    """HS-1001-1L → HS-0071001-1L: the clone's catalog number and the variant's own suffix."""
    if sku.startswith(product_sku):
        return _clone_sku(product_sku, k) + sku[len(product_sku) :]
    return f"{sku}-{k:03d}"


def _cas_check_digit(digits: str) -> int:
    return sum(int(d) * (i + 1) for i, d in enumerate(reversed(digits))) % 10


def _clone_cas(cas: str, k: int, rng: random.Random) -> str:
    """One clone in ten keeps its demo product's CAS number (another grade or brand of the substance); the others get
    a made-up, well-formed one (the catalog's other substances)."""
    if not cas or k % 10 == 0:
        return cas
    body = f"{rng.randint(50, 99999)}{rng.randint(10, 99)}"
    return f"{body[:-2]}-{body[-2:]}-{_cas_check_digit(body)}"


@dataclass
class _Variant:
    pk: int
    product_id: int
    sku: str
    name: str  # the product's
    image: str
    options: str  # the order line's `options` JSON: the variant's option values
    labels: list[dict]
    prices: dict[int | None, tuple[Decimal, Decimal, Decimal]]  # group → (unit price, unit tax, tax rate)


class _Catalog:
    """Clones the demo's products (pricing.demo's catalog, found by SKU) with everything that hangs on them. A store
    grown before gets more clones, numbered on from the last one."""

    def __init__(self, tables: _Tables, size: ScaleSize, rng: random.Random, now: datetime.datetime) -> None:
        self.t, self.size, self.rng, self.now = tables, size, rng, now
        self.variants: list[_Variant] = []  # every orderable variant, demo and clones, by id

    def _originals(self) -> dict[str, tuple[list[str], list[tuple]]]:
        from pricing.demo import catalog_items

        skus = [item.sku for item in catalog_items()]
        marks = ", ".join(["%s"] * len(skus))
        demo = f"SELECT id FROM pricing_product WHERE sku IN ({marks})"  # noqa: S608
        options = f"SELECT id FROM pricing_productoption WHERE product_id IN ({demo})"  # noqa: S608
        values = f"SELECT id FROM pricing_optionvalue WHERE option_id IN ({options})"  # noqa: S608
        variants = f"SELECT id FROM pricing_productvariant WHERE product_id IN ({demo})"  # noqa: S608
        where = {
            "pricing_product": f"id IN ({demo})",
            "pricing_product_categories": f"product_id IN ({demo})",
            "pricing_productoption": f"product_id IN ({demo})",
            "pricing_optionvalue": f"option_id IN ({options})",
            "pricing_productoptiontranslation": f"option_id IN ({options})",
            "pricing_optionvaluetranslation": f"value_id IN ({values})",
            "pricing_productvariant": f"product_id IN ({demo})",
            "pricing_productvariant_option_values": f"productvariant_id IN ({variants})",
            "pricing_pricelistrecord": f"variant_id IN ({variants})",
            "pricing_bulkpricingtier": f"product_id IN ({demo})",
        }
        return {
            table: self.t.read(f"SELECT * FROM {table} WHERE {where[table]} ORDER BY id", skus)  # noqa: S608
            for table in CATALOG_TABLES
        }

    def grow(self) -> None:
        t = self.t
        originals = self._originals()
        clones = self.size.clones
        if not originals["pricing_product"][1]:
            raise RuntimeError("No demo catalog: run seed_demo first.")

        # Clone k of row `pk` gets id base + (k - first) × width + (pk - low) + 1: after every row of its table.
        def ids(table: str) -> Callable[[int, int], int]:
            pks = [row[0] for row in originals[table][1]] or [0]
            base, low, width = t.max_id(table), min(pks), max(pks) - min(pks) + 1
            return lambda pk, k: base + (k - first) * width + (pk - low) + 1

        columns, rows = originals["pricing_product"]
        col = {name: i for i, name in enumerate(columns)}
        demo_sku = {row[0]: row[col["sku"]] for row in rows}
        _, taken_rows = t.read("SELECT sku FROM pricing_product")
        taken = {sku for (sku,) in taken_rows}
        first = 1
        while any(_clone_sku(sku, first) in taken for sku in list(demo_sku.values())[:5]):
            first += 1
        last = first + clones - 1
        product_id, option_id = ids("pricing_product"), ids("pricing_productoption")
        value_id, variant_id = ids("pricing_optionvalue"), ids("pricing_productvariant")
        factor = {k: Decimal(75 + (k * 37) % 60) / 100 for k in range(first, last + 1)}

        def money(value: Decimal | None, k: int) -> Decimal | None:
            return None if value is None else (Decimal(value) * factor[k]).quantize(CENT)

        # Products, with their search text built by the one rule from the clone's SKUs (its variants' too).
        from pricing.models import Product
        from pricing.selectors import product_search_text_build

        v_columns, v_rows = originals["pricing_productvariant"]
        v_col = {name: i for i, name in enumerate(v_columns)}
        variant_skus: dict[int, list[str]] = {}
        for row in v_rows:
            variant_skus.setdefault(row[v_col["product_id"]], []).append(row[v_col["sku"]])

        def product_rows() -> Iterator[list]:
            for k in range(first, last + 1):
                grade, brand = GRADES[(k - 1) % len(GRADES)], BRANDS[(k - 1) // len(GRADES) % len(BRANDS)]
                for row in rows:
                    new = list(row)
                    new[0] = product_id(row[0], k)
                    new[col["name"]] = f"{row[col['name']]}, {grade}"[:255]
                    new[col["sku"]] = _clone_sku(row[col["sku"]], k)
                    new[col["slug"]] = f"{row[col['slug']]}-{k}"[:255]
                    new[col["brand"]] = brand
                    new[col["cas_number"]] = _clone_cas(row[col["cas_number"]], k, self.rng)
                    new[col["base_price"]] = money(row[col["base_price"]], k)
                    new[col["created_at"]] = new[col["updated_at"]] = self.now
                    product = Product(
                        sku=new[col["sku"]], name=new[col["name"]], brand=brand, cas_number=new[col["cas_number"]],
                        synonyms=row[col["synonyms"]], description=row[col["description"]],
                    )  # fmt: skip
                    skus = [_clone_variant_sku(sku, row[col["sku"]], k) for sku in variant_skus.get(row[0], [])]
                    new[col["search_text"]] = product_search_text_build(product=product, variant_skus=skus)
                    yield new

        t.write("pricing_product", columns, product_rows())

        def clone(table: str, changes: dict[str, Callable[[tuple, int], Any]]) -> None:
            columns, rows = originals[table]
            index = {name: i for i, name in enumerate(columns)}
            own = ids(table)

            def generate() -> Iterator[list]:
                for k in range(first, last + 1):
                    for row in rows:
                        new = list(row)
                        new[0] = own(row[0], k)
                        for name, change in changes.items():
                            new[index[name]] = change(row, k)
                        yield new

            t.write(table, columns, generate())

        def fk(table: str, column: str, mapping: Callable[[int, int], int]) -> Callable[[tuple, int], Any]:
            i = originals[table][0].index(column)
            return lambda row, k: None if row[i] is None else mapping(row[i], k)

        def scaled(table: str, column: str, skip: Callable[[tuple], bool] = lambda row: False):
            i = originals[table][0].index(column)
            return lambda row, k: row[i] if skip(row) else money(row[i], k)

        clone("pricing_product_categories", {"product_id": fk("pricing_product_categories", "product_id", product_id)})
        clone("pricing_productoption", {"product_id": fk("pricing_productoption", "product_id", product_id)})
        clone("pricing_optionvalue", {"option_id": fk("pricing_optionvalue", "option_id", option_id)})
        clone(
            "pricing_productoptiontranslation",
            {"option_id": fk("pricing_productoptiontranslation", "option_id", option_id)},
        )
        clone(
            "pricing_optionvaluetranslation", {"value_id": fk("pricing_optionvaluetranslation", "value_id", value_id)}
        )

        def variant_sku(row: tuple, k: int) -> str:
            return _clone_variant_sku(row[v_col["sku"]], demo_sku[row[v_col["product_id"]]], k)

        clone(
            "pricing_productvariant",
            {
                "product_id": fk("pricing_productvariant", "product_id", product_id),
                "sku": variant_sku,
                "price": scaled("pricing_productvariant", "price"),
            },
        )
        clone(
            "pricing_productvariant_option_values",
            {
                "productvariant_id": fk("pricing_productvariant_option_values", "productvariant_id", variant_id),
                "optionvalue_id": fk("pricing_productvariant_option_values", "optionvalue_id", value_id),
            },
        )
        clone(
            "pricing_pricelistrecord",
            {
                "variant_id": fk("pricing_pricelistrecord", "variant_id", variant_id),
                "price": scaled("pricing_pricelistrecord", "price"),
            },
        )
        tier_type = originals["pricing_bulkpricingtier"][0].index("discount_type")
        clone(
            "pricing_bulkpricingtier",
            {
                "product_id": fk("pricing_bulkpricingtier", "product_id", product_id),
                "amount": scaled("pricing_bulkpricingtier", "amount", skip=lambda row: row[tier_type] == "percent"),
            },
        )
        self._orderable_variants()

    def _orderable_variants(self) -> None:
        """Every variant a buyer can order (the demo's and every clone's, by id: the demo's first), with its unit price
        and tax for each customer group as `pricing.calculation` makes them for one unit: the group's price-list
        record, else the variant's price, else the product's; the store's tax rate of the product's tax class."""
        from pricing import calculation

        t = self.t
        _, rows = t.read(
            "SELECT v.id, v.product_id, v.sku, p.name, v.image, p.image, COALESCE(v.price, p.base_price), "
            "p.tax_class_id FROM pricing_productvariant v JOIN pricing_product p ON p.id = v.product_id "
            "WHERE p.is_visible AND NOT p.purchasing_disabled AND NOT v.purchasing_disabled "
            "AND p.availability <> 'disabled' ORDER BY v.id"
        )
        _, records = t.read(
            "SELECT r.variant_id, l.customer_group_id, r.price FROM pricing_pricelistrecord r "
            "JOIN pricing_pricelist l ON l.id = r.price_list_id"
        )
        group_prices: dict[int, dict[int | None, Decimal]] = {}
        for variant, group, price in records:
            group_prices.setdefault(variant, {})[group] = Decimal(price)
        _, values = t.read(
            "SELECT vov.productvariant_id, o.display_name, ov.label FROM pricing_productvariant_option_values vov "
            "JOIN pricing_optionvalue ov ON ov.id = vov.optionvalue_id "
            "JOIN pricing_productoption o ON o.id = ov.option_id "
            "ORDER BY vov.productvariant_id, o.sort_order, o.id"
        )
        labels: dict[int, list[dict]] = {}
        for variant, name, label in values:
            labels.setdefault(variant, []).append({"name": name, "value": label})
        _, groups = t.read("SELECT id FROM accounts_customergroup ORDER BY id")
        store = calculation.store_pricing(currency_code=None)
        for pk, product, sku, name, image, product_image, price, tax_class in rows:
            rate = store.tax_rate(tax_class)
            prices = {}
            for group in [None, *(g for (g,) in groups)]:
                amount = group_prices.get(pk, {}).get(group, Decimal(price)) if group else Decimal(price)
                unit = store.price(amount, rate)
                prices[group] = (unit.tax_exclusive, unit.tax_inclusive - unit.tax_exclusive, rate)
            own = labels.get(pk, [])
            self.variants.append(
                _Variant(pk, product, sku, name, image or product_image, _json(own), own, prices)  # fmt: skip
            )


# --- companies and users ----------------------------------------------------------------------------------------------


@dataclass
class _Buyer:
    pk: int
    email: str
    first_name: str
    last_name: str


@dataclass
class _Company:
    pk: int
    name: str
    group: int | None
    address: dict
    buyers: list[_Buyer]
    buyer_weights: list[float]
    po_prefix: str


def _address(company_name: str, buyer: _Buyer, city: tuple[str, str, str], street: str, phone: str) -> dict:
    """The checkout form's address (orders.selectors.ORDER_ADDRESS_KEYS), as orders.demo writes it."""
    return {
        "first_name": buyer.first_name, "last_name": buyer.last_name, "company": company_name,
        "address_line1": street, "address_line2": "", "city": city[0], "state": city[1], "zip_code": city[2],
        "country_code": "US", "phone": phone,
    }  # fmt: skip


class _People:
    def __init__(self, tables: _Tables, size: ScaleSize, rng: random.Random, now: datetime.datetime) -> None:
        self.t, self.size, self.rng, self.now = tables, size, rng, now
        self.acme: _Company | None = None
        self.others: list[_Company] = []

    def grow(self) -> None:
        t, rng, size = self.t, self.rng, self.size
        _, acme_rows = t.read(
            "SELECT c.id, c.name, c.customer_group_id, c.address_line1, c.city, c.state, c.zip_code, c.phone "
            "FROM accounts_company c JOIN accounts_companymembership m ON m.company_id = c.id "
            "JOIN accounts_user u ON u.id = m.user_id WHERE u.email = %s",
            [ACME_EMAIL],
        )
        if not acme_rows:
            raise RuntimeError(f"No company of {ACME_EMAIL}: run seed_demo first.")
        acme_id, acme_name, acme_group, street, city, state, zip_code, phone = acme_rows[0]
        _, demo_buyers = t.read(
            "SELECT u.id, u.email, u.first_name, u.last_name FROM accounts_user u "
            "JOIN accounts_companymembership m ON m.user_id = u.id WHERE m.company_id = %s ORDER BY u.id",
            [acme_id],
        )
        _, password = t.read("SELECT password FROM accounts_user WHERE email = %s", [ACME_EMAIL])
        password_hash = password[0][0]
        _, groups = t.read("SELECT id FROM accounts_customergroup ORDER BY id")
        group_ids: list[int | None] = [row[0] for row in groups] + [None]

        user_id, company_id = t.max_id("accounts_user"), t.max_id("accounts_company")
        membership_id = t.max_id("accounts_companymembership")
        users: list[tuple] = []
        memberships: list[tuple] = []
        companies: list[tuple] = []

        def new_user(email: str, company: int, role: int) -> _Buyer:
            nonlocal user_id, membership_id
            user_id += 1
            membership_id += 1
            first, last = rng.choice(FIRST_NAMES), rng.choice(LAST_NAMES)
            users.append((user_id, password_hash, email, first, last, self.now))
            memberships.append((membership_id, role, self.now, company, user_id))
            return _Buyer(user_id, email, first, last)

        acme_buyers = [_Buyer(*row) for row in demo_buyers]  # the demo's, and those of an earlier growth
        present = {buyer.email for buyer in acme_buyers}
        for n in range(1, size.acme_buyers + 1):
            if f"buyer{n}@acme.{SCALE_EMAIL_DOMAIN}" not in present:
                acme_buyers.append(new_user(f"buyer{n}@acme.{SCALE_EMAIL_DOMAIN}", acme_id, 1 if n % 3 else 2))
        # admin@acme.test places a fifth of Acme's orders ("mine"), the senior buyer a third, the rest the others.
        weights = [
            0.2 if b.email == ACME_EMAIL else 0.33 if b.email.startswith("senior@") else 0.05 for b in acme_buyers
        ]
        acme_city = (city, state, zip_code)
        self.acme = _Company(
            acme_id, acme_name, acme_group, {"street": street, "city": acme_city, "phone": phone}, acme_buyers,
            weights, "PO-ACME-",
        )  # fmt: skip
        _, grown = t.read("SELECT COUNT(*) FROM accounts_company WHERE email LIKE %s", [f"%.{SCALE_EMAIL_DOMAIN}"])
        first = grown[0][0] + 1  # numbered on after an earlier growth's companies
        for n in range(first, first + size.companies):
            company_id += 1
            name = f"{rng.choice(LAST_NAMES)} {rng.choice(COMPANY_WORDS)} {n}"
            city = rng.choice(CITIES)
            street = f"{rng.randint(1, 999)} {rng.choice(('Science Park', 'Research Way', 'Main Street', 'Lab Row'))}"
            company_phone = f"+1 555 {rng.randint(100, 999)} {rng.randint(1000, 9999)}"
            group = rng.choice(group_ids)
            companies.append(
                (company_id, name, f"purchasing@c{n:05d}.{SCALE_EMAIL_DOMAIN}", company_phone, "US", street, "",
                 city[0], city[1], city[2], 1, group, self.now, self.now)
            )  # fmt: skip
            buyers = [
                new_user(f"{role}@c{n:05d}.{SCALE_EMAIL_DOMAIN}", company_id, index)
                for index, role in enumerate(("admin", "senior", "junior")[: size.users_per_company])
            ]
            self.others.append(
                _Company(
                    company_id, name, group, {"street": street, "city": city, "phone": company_phone}, buyers,
                    [0.4, 0.4, 0.2][: len(buyers)], f"PO-{n:05d}-",
                )
            )  # fmt: skip
        t.write(
            "accounts_company",
            ["id", "name", "email", "phone", "country_code", "address_line1", "address_line2", "city", "state",
             "zip_code", "status", "customer_group_id", "created_at", "updated_at", "extra_fields",
             "address_extra_fields", "credit_enabled", "credit_currency", "credit_limit", "available_credit",
             "limit_purchases", "credit_hold", "rejection_reason"],
            (row + ("{}", "{}", False, "USD", 0, 0, True, False, "") for row in companies),
        )  # fmt: skip
        t.write(
            "accounts_user",
            ["id", "password", "email", "first_name", "last_name", "date_joined", "is_superuser", "phone", "is_active",
             "is_staff", "is_super_admin", "force_password_reset", "extra_fields", "session_epoch"],
            (row + (False, "", True, False, False, False, "{}", 0) for row in users),
        )  # fmt: skip
        t.write("accounts_companymembership", ["id", "role", "created_at", "company_id", "user_id"], iter(memberships))


# --- orders, shipments, invoices --------------------------------------------------------------------------------------


class _Zipf:
    """Ranks 0..n-1 drawn with weight 1/(rank+1)^s: a head of a few products ordered very often, a long tail."""

    def __init__(self, n: int, exponent: float) -> None:
        total, cumulative = 0.0, []
        for rank in range(1, n + 1):
            total += rank**-exponent
            cumulative.append(total)
        self.cumulative, self.total, self.n = cumulative, total, n

    def draw(self, rng: random.Random) -> int:
        return min(bisect.bisect_left(self.cumulative, rng.random() * self.total), self.n - 1)


def _status_of(age_days: float, rng: random.Random) -> str:
    """What an order of this age has become (the demo's statuses)."""
    r = rng.random()
    if age_days < 3:
        return "awaiting_payment" if r < 0.3 else "awaiting_fulfillment"
    if age_days < 21:
        return ("awaiting_fulfillment", "partially_shipped", "shipped", "cancelled")[
            0 if r < 0.35 else 1 if r < 0.5 else 2 if r < 0.95 else 3
        ]
    if r < 0.07:
        return "cancelled"
    if r < 0.17:
        return "awaiting_payment"  # on account and not paid: the long tail of open receivables
    if r < 0.25:
        return "awaiting_fulfillment"  # back-ordered
    if r < 0.33:
        return "shipped"
    return "completed"


def _tracking_number(carrier: str, rng: random.Random) -> str:
    if carrier == "UPS":
        return "1Z" + "".join(rng.choice("0123456789ABCDEFGHJKLMNPRSTUVWXYZ") for _ in range(16))
    if carrier == "FedEx":
        return str(rng.randint(10**11, 10**12 - 1))
    if carrier == "DHL Express":
        return str(rng.randint(10**9, 10**10 - 1))
    return "94001" + str(rng.randint(10**16, 10**17 - 1))


class _Orders:
    def __init__(self, tables: _Tables, size: ScaleSize, rng: random.Random, now: datetime.datetime) -> None:
        self.t, self.size, self.rng, self.now = tables, size, rng, now

    def grow(self, catalog: _Catalog, people: _People) -> None:
        t, rng, size, now = self.t, self.rng, self.size, self.now
        assert people.acme is not None
        variants = catalog.variants
        zipf = _Zipf(len(variants), size.zipf_exponent)
        # Each company reorders its own favourites: the same Zipf curve over its own shuffle of the catalog's head.
        order_id, line_id = t.max_id("orders_order"), t.max_id("orders_orderline")
        shipment_id, shipment_line_id = t.max_id("orders_shipment"), t.max_id("orders_shipmentline")
        invoice_id, invoice_line_id = t.max_id("invoices_invoice"), t.max_id("invoices_invoiceline")
        _, highest = t.read("SELECT number FROM invoices_invoice WHERE number LIKE 'INV-%%'")
        invoice_sequence = max([int(n[4:]) for (n,) in highest if n[4:].isdigit()] + [100_000])

        span = datetime.timedelta(days=365 * size.years).total_seconds()
        total_orders = size.acme_orders + size.other_orders
        # Who placed each order, then the orders sorted by time so that ids and numbers grow with it.
        placed: list[tuple[float, _Company, _Buyer]] = []
        for n in range(total_orders):
            company = people.acme if n < size.acme_orders else people.others[rng.randrange(len(people.others))]
            buyer = rng.choices(company.buyers, weights=company.buyer_weights)[0]
            # More orders in recent years (the business grew): age ∝ (1 - sqrt(u)).
            age = span * (1 - rng.random() ** 0.5) if rng.random() < 0.6 else span * rng.random()
            placed.append((age, company, buyer))
        placed.sort(key=lambda item: -item[0])

        offsets: dict[int, int] = {}
        _, counts = t.read("SELECT company_id, COUNT(*) FROM orders_order WHERE company_id IS NOT NULL GROUP BY 1")
        po_counter: dict[int, int] = dict(counts)  # PO numbers go on from the company's orders so far
        order_columns = [
            "id", "number", "company_id", "placed_by_id", "customer_email", "status", "currency_code", "exchange_rate",
            "subtotal", "tax_total", "shipping_total", "grand_total", "payment_method", "credit_charged", "po_number",
            "cost_centre", "billing_address", "shipping_address", "customer_message", "created_at", "updated_at",
        ]  # fmt: skip
        line_columns = [
            "id", "order_id", "product_id", "variant_id", "sku", "name", "options", "raw_options", "quantity",
            "unit_price", "unit_tax", "line_total", "line_tax",
        ]  # fmt: skip
        orders: list[tuple] = []
        lines: list[tuple] = []
        shipments: list[tuple] = []
        shipment_lines: list[tuple] = []
        invoices: list[tuple] = []
        invoice_lines: list[tuple] = []
        self.recent_orders: dict[int, list[int]] = {}  # company → a few order ids, for quotes "ordered"
        zero = Decimal(0)
        for age, company, buyer in placed:
            order_id += 1
            created = now - datetime.timedelta(seconds=age)
            age_days = age / 86400
            status = _status_of(age_days, rng)
            offset = offsets.setdefault(company.pk, rng.randrange(len(variants)) if company is not people.acme else 0)
            count = min(1 + int(rng.expovariate(1 / 2.5)), 25)
            chosen: dict[int, int] = {}
            while len(chosen) < count:
                index = (zipf.draw(rng) + offset) % len(variants)
                chosen.setdefault(index, rng.choice((1, 1, 1, 2, 2, 3, 4, 5, 6, 10, 12, 24)))
            subtotal = tax_total = zero
            first_line = line_id + 1
            order_lines = []
            for index, quantity in chosen.items():
                variant = variants[index]
                unit, unit_tax, _ = variant.prices.get(company.group) or variant.prices[None]
                line_id += 1
                line_total, line_tax = unit * quantity, unit_tax * quantity
                subtotal += line_total
                tax_total += line_tax
                lines.append(
                    (line_id, order_id, variant.product_id, variant.pk, variant.sku, variant.name, variant.options,
                     "[]", quantity, unit, unit_tax, line_total, line_tax)
                )  # fmt: skip
                order_lines.append((line_id, variant, quantity, unit, line_total, line_tax))
            shipping = zero if subtotal >= 500 else Decimal("25.00")
            grand = subtotal + tax_total + shipping
            po = ""
            if rng.random() < 0.92:
                po_counter[company.pk] = po_counter.get(company.pk, 0) + 1
                po = f"{company.po_prefix}{po_counter[company.pk]:06d}"
            address = _json(
                _address(company.name, buyer, company.address["city"], company.address["street"],
                         company.address["phone"])
            )  # fmt: skip
            orders.append(
                (order_id, FIRST_ORDER_NUMBER + order_id, company.pk, buyer.pk, buyer.email, status, "USD",
                 Decimal(1), subtotal, tax_total, shipping, grand, "purchase_order", zero, po,
                 "", address, address, "", created, created)
            )  # fmt: skip
            if len(self.recent_orders.setdefault(company.pk, [])) < 50:
                self.recent_orders[company.pk].append(order_id)
            # A parcel for what left the warehouse: everything, or the first line of a partly shipped order.
            tracking: list[dict] = []
            shipped_at = created + datetime.timedelta(days=rng.randint(1, 4), hours=rng.randint(0, 12))
            if status in ("shipped", "completed", "partially_shipped") and shipped_at < now:
                shipment_id += 1
                carrier = rng.choice(CARRIERS)
                number = _tracking_number(carrier, rng)
                tracking.append({"number": number, "carrier": carrier})
                shipments.append((shipment_id, order_id, carrier, number, shipped_at, "", shipped_at))
                shipped = order_lines[:1] if status == "partially_shipped" else order_lines
                for line in shipped:
                    shipment_line_id += 1
                    shipment_lines.append((shipment_line_id, shipment_id, line[0], line[2]))
            # An invoice for most orders that shipped; paid unless it is recent.
            if status in ("shipped", "completed") and rng.random() < size.invoiced_share:
                invoice_id += 1
                invoice_sequence += 1
                issued = shipped_at.date()
                paid = age_days > 45 or rng.random() < 0.3
                invoices.append(
                    (invoice_id, company.pk, order_id, f"INV-{invoice_sequence}", "", buyer.pk, po, "", issued,
                     issued + datetime.timedelta(days=30), "USD", grand, zero if paid else grand, subtotal, tax_total,
                     shipping, 2 if paid else 0, "", _json(tracking), "issued", shipped_at, shipped_at)
                )  # fmt: skip
                for position, (lid, variant, quantity, unit, line_total, line_tax) in enumerate(order_lines, 1):
                    invoice_line_id += 1
                    invoice_lines.append(
                        (invoice_line_id, invoice_id, lid, variant.sku, variant.name, quantity, unit, line_total,
                         line_tax, position)
                    )  # fmt: skip
            assert first_line <= line_id
        t.write("orders_order", order_columns, orders)
        t.write("orders_orderline", line_columns, lines)
        t.write(
            "orders_shipment",
            ["id", "order_id", "carrier", "tracking_number", "shipped_at", "comment", "created_at"],
            shipments,
        )
        t.write("orders_shipmentline", ["id", "shipment_id", "order_line_id", "quantity"], shipment_lines)
        t.write(
            "invoices_invoice",
            ["id", "company_id", "order_id", "number", "external_id", "customer_id", "purchase_order_number",
             "cost_centre", "issued_on", "due_date", "currency_code", "original_balance", "open_balance", "subtotal",
             "tax_total", "shipping_total", "status", "pdf", "tracking_numbers", "source", "created_at", "updated_at"],
            invoices,
        )  # fmt: skip
        t.write(
            "invoices_invoiceline",
            ["id", "invoice_id", "order_line_id", "sku", "name", "quantity", "unit_price", "line_total", "tax",
             "position"],
            invoice_lines,
        )  # fmt: skip
        self.zipf = zipf
        self.offsets = offsets


# --- quotes and shopping lists ----------------------------------------------------------------------------------------


class _QuotesAndLists:
    def __init__(self, tables: _Tables, size: ScaleSize, rng: random.Random, now: datetime.datetime) -> None:
        self.t, self.size, self.rng, self.now = tables, size, rng, now

    def _pick(self, variants: list[_Variant], zipf: _Zipf, offset: int, count: int) -> list[_Variant]:
        chosen: dict[int, None] = {}
        while len(chosen) < count:
            chosen.setdefault((zipf.draw(self.rng) + offset) % len(variants), None)
        return [variants[i] for i in chosen]

    def grow(self, catalog: _Catalog, people: _People, orders: _Orders) -> None:
        t, rng, size, now = self.t, self.rng, self.size, self.now
        assert people.acme is not None
        variants, zipf = catalog.variants, orders.zipf
        span = datetime.timedelta(days=365 * size.years).total_seconds()
        quote_id, line_id, revision_id = t.max_id("quotes_quote"), t.max_id("quotes_quoteline"), None
        revision_id = t.max_id("quotes_quoterevision")
        placed = []
        for n in range(size.quotes):
            company = people.acme if n < size.acme_quotes else people.others[rng.randrange(len(people.others))]
            buyer = rng.choices(company.buyers, weights=company.buyer_weights)[0]
            placed.append((span * (1 - rng.random() ** 0.5), company, buyer))
        placed.sort(key=lambda item: -item[0])
        quotes, quote_lines, revisions = [], [], []
        for age, company, buyer in placed:
            quote_id += 1
            created = now - datetime.timedelta(seconds=age)
            expires = (created + datetime.timedelta(days=30)).date()
            ordered_id, ordered_at = None, None
            if expires < now.date():
                status = "expired"
                if rng.random() < 0.4:
                    status, ordered_at = "ordered", created + datetime.timedelta(days=rng.randint(1, 20))
                    ordered_id = rng.choice(orders.recent_orders.get(company.pk) or [None])
            else:
                status = "open"
            offset = orders.offsets.get(company.pk, 0)
            picked = self._pick(variants, zipf, offset, 1 + int(rng.expovariate(1 / 2.0)) % 12)
            subtotal = Decimal(0)
            snapshot_lines = {}
            for variant in picked:
                line_id += 1
                quantity = rng.choice((1, 2, 5, 10, 20, 50, 100))
                unit, _, rate = variant.prices.get(company.group) or variant.prices[None]
                subtotal += unit * quantity
                quote_lines.append(
                    (line_id, quote_id, variant.product_id, variant.pk, variant.sku, variant.name, variant.image,
                     "[]", _json(variant.labels), quantity, unit, False, None, rate)
                )  # fmt: skip
                snapshot_lines[str(line_id)] = {
                    "sku": variant.sku, "name": variant.name, "quantity": quantity, "quotedPrice": None,
                }  # fmt: skip
            address = _json(
                {"city": company.address["city"][0], "label": "Lab", "state": company.address["city"][1],
                 "address": company.address["street"], "country": "United States",
                 "zipCode": company.address["city"][2], "lastName": buyer.last_name, "addressId": None,
                 "apartment": "", "firstName": buyer.first_name, "companyName": company.name,
                 "phoneNumber": company.address["phone"]}
            )  # fmt: skip
            quotes.append(
                (quote_id, f"Q-{FIRST_QUOTE_NUMBER + quote_id}", status, 1, "", f"Quote {quote_id} for {company.name}",
                 f"{buyer.first_name} {buyer.last_name}", buyer.email, company.name, company.address["phone"],
                 address, address, "", "", "USD", Decimal(0), None, expires, 0, subtotal, None, None, None,
                 ordered_at, created, created, created, created, company.pk, ordered_id, buyer.pk)
            )  # fmt: skip
            revision_id += 1
            snapshot = {"lines": snapshot_lines, "shipping": None, "expiresOn": expires.isoformat(),
                        "discountPercent": "0.00"}  # fmt: skip
            revisions.append((revision_id, quote_id, 0, False, False, None, _json(snapshot), "[]", "", created))
        t.write(
            "quotes_quote",
            ["id", "number", "status", "channel_id", "access_salt", "title", "contact_name", "contact_email",
             "company_name", "phone_number", "shipping_address", "billing_address", "note", "cart_id",
             "currency_code", "discount_percent", "shipping_total", "expires_on", "revision", "original_subtotal",
             "quoted_subtotal", "tax_total", "grand_total", "ordered_at", "staff_notified_at", "buyer_notified_at",
             "created_at", "updated_at", "company_id", "order_id", "user_id"],
            quotes,
        )  # fmt: skip
        t.write(
            "quotes_quoteline",
            ["id", "quote_id", "product_id", "variant_id", "sku", "name", "image", "options", "option_labels",
             "quantity", "original_price", "price_on_request", "quoted_price", "tax_rate"],
            quote_lines,
        )  # fmt: skip
        t.write(
            "quotes_quoterevision",
            ["id", "quote_id", "number", "by_supplier", "automatic", "created_by_id", "snapshot", "changes", "message",
             "created_at"],
            revisions,
        )  # fmt: skip

        list_id, item_id = t.max_id("shoppinglists_shoppinglist"), t.max_id("shoppinglists_shoppinglistitem")
        lists, items = [], []
        for n in range(size.shopping_lists):
            company = people.acme if n < size.acme_shopping_lists else people.others[rng.randrange(len(people.others))]
            buyer = rng.choices(company.buyers, weights=company.buyer_weights)[0]
            list_id += 1
            updated = now - datetime.timedelta(seconds=span * (1 - rng.random() ** 0.5))
            created = updated - datetime.timedelta(days=rng.randint(0, 200))
            list_status = 30 if rng.random() < 0.05 else 0  # a junior buyer's draft now and then
            name = f"{rng.choice(('Weekly', 'Monthly', 'Teaching lab', 'Core facility', 'Project'))} list {n + 1}"
            lists.append(
                (list_id, 1, name, "", list_status, "", False, None, created, updated, company.pk, buyer.pk, None, None)
            )
            for variant in self._pick(variants, orders.zipf, orders.offsets.get(company.pk, 0), size.list_items):
                item_id += 1
                unit = (variant.prices.get(company.group) or variant.prices[None])[0]
                items.append((item_id, rng.choice((1, 2, 5, 10)), "[]", rng.choice(NOTES), unit, created, created,
                              variant.product_id, list_id, variant.pk))  # fmt: skip
        t.write(
            "shoppinglists_shoppinglist",
            ["id", "channel_id", "name", "description", "status", "reason", "is_hotlist", "reviewed_at", "created_at",
             "updated_at", "company_id", "created_by_id", "customer_id", "reviewed_by_id"],
            lists,
        )  # fmt: skip
        t.write(
            "shoppinglists_shoppinglistitem",
            ["id", "quantity", "options", "note", "added_unit_price", "created_at", "updated_at", "product_id",
             "shopping_list_id", "variant_id"],
            items,
        )  # fmt: skip


# --- the whole --------------------------------------------------------------------------------------------------------


def scale_already_grown() -> bool:
    from accounts.models import Company

    return Company.objects.filter(email__endswith=f".{SCALE_EMAIL_DOMAIN}").exists()


def seed_scale(
    *, size: ScaleSize, seed: int = 38, analyze: bool = True, log: Callable[[str], None] = lambda message: None
) -> dict[str, int]:
    """Grow the demo store (seeded by seed_demo) to `size`. Returns the rows written per table."""
    rng = random.Random(seed)  # noqa: S311 — reproducible data, not secrets
    now = timezone.now().replace(hour=0, minute=0, second=0, microsecond=0)
    started = time.monotonic()

    def step(name: str) -> None:
        log(f"{name} ({time.monotonic() - started:.1f} s)")

    with transaction.atomic(), connection.cursor() as cursor:
        tables = _Tables(cursor)
        if tables.postgres:
            cursor.execute("SET LOCAL synchronous_commit = off")
        catalog = _Catalog(tables, size, rng, now)
        catalog.grow()
        step(f"catalog: {tables.counts['pricing_product']} products cloned")
        people = _People(tables, size, rng, now)
        people.grow()
        step(f"companies and users: {tables.counts['accounts_company']} companies")
        orders = _Orders(tables, size, rng, now)
        orders.grow(catalog, people)
        step(f"orders: {tables.counts['orders_order']} orders, {tables.counts['orders_orderline']} lines")
        _QuotesAndLists(tables, size, rng, now).grow(catalog, people, orders)
        step(f"quotes and shopping lists: {tables.counts['quotes_quote']} quotes")
        tables.reset_sequences()
        # What placing an order keeps beside it (orders.services.order_create): the orders' search texts and the
        # purchased-products summary, made again from the lines the load wrote.
        from orders.purchased_summary import purchased_products_rebuild
        from orders.services import order_search_text_backfill

        order_search_text_backfill()
        purchased_products_rebuild()
        step("orders' search texts and purchased-products summary")
    if analyze:
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql" and not connection.in_atomic_block:
                cursor.execute(f"VACUUM (ANALYZE) {', '.join(GROWN_TABLES)}")
            else:
                cursor.execute("ANALYZE")
        step("analyzed")
    from portal import startup_cache

    startup_cache.store_cache_clear()  # the catalog changed without signals (README: store_cache_clear)
    return tables.counts
