"""Golden answers: the documents the overlay sends, for each kind of caller, answer exactly what tests/golden holds.

Each case posts one real operation to /graphql as the overlay sends it (its text read from frontend/src by
bench.loadkit.documents.overlay_document, fragments substituted; priceProducts, which the overlay does not send, with
the storefront's full selection) as one caller, on data built from the factories, and compares the whole answer
(data, field order, errors with their messages, paths and codes) with tests/golden/<case>.json.

`UPDATE_GOLDEN=1 pytest tests/test_golden_answers.py` writes the files again from the answers; review the diff. A
case without its file fails (it is never written silently). One test per document builds the data once and asks as
each of its callers; it fails once, with every caller's difference.

Deterministic data. The names, prices and times the fixtures set are fixed. Ids: the fixture `fixed_ids` sets every
table's id sequence to follow the rows the migrations left (`manage.py sqlsequencereset`, PostgreSQL; SQLite's
sequences roll back with each test), so the same data gets the same ids in any test order; factory_boy's sequences
start again too. What stays volatile is normalised in one place, `stable()`: a date (YYYY-MM-DD) within a year of
today is written relative to it ("today+30"), a date and time within a day of now is "now", a UUID is "uuid", and the
random suffix Django's file storage gives a name already taken ("logo_AbC1234.svg") is dropped.
"""

from __future__ import annotations

import datetime
import difflib
import io
import json
import os
import re
from pathlib import Path

import factory
import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from accounts.demo import seed_accounts
from accounts.models import Company, User
from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import QUOTES_VARIABLES
from orders.models import Order
from portal.demo import seed_store
from quotes.models import Quote, QuoteStatus
from quotes.selectors import quote_access_key
from tests.factories import orders as order_factories
from tests.factories import pricing as factories
from tests.factories.orders import OrderFactory
from tests.quotes.support import make_quote

pytestmark = pytest.mark.django_db

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

# --- documents -------------------------------------------------------------------------------------------------------

STARTUP = overlay_document("PORTAL_STARTUP")
CUSTOMER_INFO = overlay_document("CUSTOMER_INFO")
PRODUCT_SEARCH = overlay_document("PRODUCT_SEARCH")
QUOTES = overlay_document("QUOTES")
QUOTE = overlay_document("QUOTE")
# The storefront's call (storefront/proxy.py lets it through): every field of PricedProduct.
PRICE_PRODUCTS = """
query Price($currencyCode: String!, $items: [PriceItemInput!]!, $channelId: Int) {
  priceProducts(currencyCode: $currencyCode, items: $items, channelId: $channelId) {
    productId variantId quantity currencyCode options { optionId valueId value }
    price { asEntered enteredInclusive taxExclusive taxInclusive }
    basePrice { asEntered enteredInclusive taxExclusive taxInclusive }
    lineTotal { asEntered enteredInclusive taxExclusive taxInclusive }
    bulkPricing { minimum maximum discountType discountAmount }
    appliedTier { minimum maximum discountType discountAmount }
    nextTier { additionalQuantity minimum price { asEntered enteredInclusive taxExclusive taxInclusive } }
    taxRate showInclusive priceOnRequest
  }
}
"""

CALLERS = {
    "guest": None,
    "company admin": "admin@acme.test",
    "senior buyer": "senior@acme.test",
    "junior buyer": "junior@acme.test",
    "other company": "admin@globex.test",
    "pending company": "admin@pendingbio.test",
    "b2c": "b2c@demo.test",
    "super admin": "superadmin@demo.test",
    "masquerading super admin": "superadmin@demo.test",
}

# --- normalisation ---------------------------------------------------------------------------------------------------

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)?$")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
STORED_NAME = re.compile(r"(/media/\S*?)_[A-Za-z0-9]{7}(\.\w+)(?=$|\?)")


def stable(value):
    """The answer with what changes from run to run written the same way (the module's docstring says how)."""
    if isinstance(value, dict):
        return {key: stable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [stable(item) for item in value]
    if not isinstance(value, str):
        return value
    if DATE.match(value):
        days = (datetime.date.fromisoformat(value) - timezone.localdate()).days
        if abs(days) <= 366:
            return "today" if days == 0 else f"today{days:+d}"
        return value
    if DATETIME.match(value):
        moment = datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=datetime.UTC)
        if abs(moment - timezone.now()) < datetime.timedelta(days=1):
            return "now"
        return value
    return STORED_NAME.sub(r"\1\2", UUID.sub("uuid", value))


class Golden:
    """Compares answers with tests/golden/<name>.json (with UPDATE_GOLDEN=1: writes them); `verify` fails once,
    with every difference of the test's callers."""

    def __init__(self) -> None:
        self.differences: list[str] = []

    def check(self, name: str, answer: dict) -> None:
        path = GOLDEN / f"{name.replace(' ', '-')}.json"
        text = json.dumps(stable(answer), indent=1, ensure_ascii=False) + "\n"
        if UPDATE:
            GOLDEN.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return
        if not path.exists():
            self.differences.append(f"no golden answer {path.name}: write it with UPDATE_GOLDEN=1")
            return
        golden = path.read_text(encoding="utf-8")
        if text != golden:
            diff = difflib.unified_diff(golden.splitlines(), text.splitlines(), "golden", "answer", lineterm="", n=2)
            self.differences.append(f"{path.name} differs:\n" + "\n".join(list(diff)[:80]))

    def verify(self) -> None:
        if self.differences:
            pytest.fail("\n\n".join(self.differences) + "\n\n(UPDATE_GOLDEN=1 writes them again)")


@pytest.fixture
def golden() -> Golden:
    return Golden()


# --- data ------------------------------------------------------------------------------------------------------------


@pytest.fixture
def fixed_ids(db):
    """Every id sequence starts after the rows the migrations left, whatever ran before in this database."""
    if connection.vendor != "postgresql":
        return
    out = io.StringIO()
    for config in apps.get_app_configs():
        if config.models_module is not None:
            call_command("sqlsequencereset", config.label, stdout=out, no_color=True)
    statements = [line for line in out.getvalue().splitlines() if line.startswith("SELECT setval")]
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def _factory_sequences_restarted() -> None:
    """factory_boy's sequences count per process: each starts again, so names like "Product 3" are the same."""
    for module in (factories, order_factories):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, factory.Factory) and value is not factory.Factory:
                value.reset_sequence(0, force=True)


@pytest.fixture
def store(fixed_ids):
    """The demo store and accounts; the factories' ethanol (Acme pays 85%), sodium chloride, the drum on request and
    the balance with its warranty option; quotes of every kind of caller and status."""
    _factory_sequences_restarted()
    seed_store()
    seed_accounts()
    acme = Company.objects.get(name="Acme Labs")
    catalog = {
        "ethanol": factories.ethanol(),
        "sodium chloride": factories.sodium_chloride(),
        "drum": factories.ethanol_drum(),
        "balance": factories.analytical_balance(),
    }
    for product in (catalog["ethanol"], catalog["sodium chloride"]):
        factories.group_prices(acme.customer_group, product, "0.85")
    quotes = {
        "open": make_quote("senior@acme.test", title="Solvents", lines=[("HS-1001-100ML", 2)]),
        "priced": make_quote("senior@acme.test", title="Salts", lines=[("HS-1055-500G", 3)], priced=True),
        "expired": make_quote("senior@acme.test", title="Old buffer", lines=[("HS-1055-100G", 4)], priced=True),
        "ordered": make_quote("admin@acme.test", title="Drum", lines=[("HS-1152", 1)], priced=True),
        "junior": make_quote("junior@acme.test", title="Junior's buffer", lines=[("HS-1055-100G", 1)]),
        "globex": make_quote("admin@globex.test", title="Globex drum", lines=[("HS-1152", 1)]),
        "b2c": make_quote("b2c@demo.test", title="Home lab", lines=[("HS-1001-500ML", 1)]),
        "guest": make_quote(None, title="Guest request", contact={"phoneNumber": "+1 555 0100"}),
    }
    # Fixed creation times, a day apart in the order made (the list orders by them).
    start = datetime.datetime(2026, 1, 5, 9, 30, tzinfo=datetime.UTC)
    for offset, quote in enumerate(quotes.values()):
        Quote.objects.filter(pk=quote.pk).update(created_at=start + datetime.timedelta(days=offset))
    Quote.objects.filter(pk=quotes["expired"].pk).update(expires_on=datetime.date(2020, 1, 31))
    order = OrderFactory(company=acme, placed_by=User.objects.get(email="admin@acme.test"), po_number="PO-0042")
    Quote.objects.filter(pk=quotes["ordered"].pk).update(status=QuoteStatus.ORDERED, order=order)
    nameless = User.objects.create_user(email="rep@helix.test", password="x", first_name="", last_name="")
    Quote.objects.filter(pk=quotes["priced"].pk).update(sales_rep=nameless)
    assert Order.objects.filter(pk=order.pk).exists()
    return {"catalog": catalog, "quotes": quotes, "acme": acme}


@pytest.fixture
def tokens(store, graphql, login):
    """A bearer token by caller (None: a guest); the masquerading super admin acts as Acme."""
    made = {name: login(email) if email else None for name, email in CALLERS.items()}
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    body = graphql(begin, {"id": store["acme"].pk}, token=made["masquerading super admin"])
    assert "errors" not in body, body
    return made


def _case(document: str, caller: str, variables: dict, graphql, tokens) -> dict:
    return graphql(document, variables, token=tokens[caller])


# --- the cases -------------------------------------------------------------------------------------------------------

STARTUP_CALLERS = ["guest", "company admin", "junior buyer", "pending company", "b2c", "masquerading super admin"]


def test_portal_startup(tokens, graphql, golden):
    for caller in STARTUP_CALLERS:
        signed_in = tokens[caller] is not None
        variables = {"channelId": 1, "withStore": not signed_in or caller == "company admin", "withCustomer": signed_in}
        golden.check(f"portal-startup--{caller}", _case(STARTUP, caller, variables, graphql, tokens))
    golden.verify()


def test_customer_info(tokens, graphql, golden):
    for caller in list(CALLERS):
        golden.check(f"customer-info--{caller}", _case(CUSTOMER_INFO, caller, {}, graphql, tokens))
    golden.verify()


def test_product_search(tokens, graphql, store, golden):
    for caller in ["guest", "company admin", "b2c", "masquerading super admin"]:
        by_text = _case(PRODUCT_SEARCH, caller, {"search": "HS-1", "productIds": None, "first": 8}, graphql, tokens)
        ids = [store["catalog"]["balance"].pk, store["catalog"]["ethanol"].pk]
        by_ids = _case(PRODUCT_SEARCH, caller, {"search": None, "productIds": ids, "first": 8}, graphql, tokens)
        golden.check(f"product-search--{caller}", {"byText": by_text, "byIds": by_ids})
    golden.verify()


def _price_items(catalog) -> list[dict]:
    ethanol, balance, drum = catalog["ethanol"], catalog["balance"], catalog["drum"]
    litre = ethanol.variants.order_by("pk").last()
    warranty = balance.options.get()
    three_years, five_years = warranty.values.order_by("pk")[1:3]
    return [
        {"productId": ethanol.pk, "quantity": 1},
        {"productId": ethanol.pk, "variantId": litre.pk, "quantity": 12},
        {"productId": catalog["sodium chloride"].pk, "quantity": 60},
        {"productId": balance.pk, "quantity": 1, "options": [{"optionId": warranty.pk, "valueId": three_years.pk}]},
        {"productId": balance.pk, "quantity": 2, "options": [{"optionId": warranty.pk, "valueId": five_years.pk}]},
        {"productId": drum.pk, "quantity": 1},
    ]


def test_price_products(tokens, graphql, store, golden):
    for caller in ["guest", "company admin", "pending company", "b2c", "masquerading super admin"]:
        answers = {
            currency: _case(
                PRICE_PRODUCTS,
                caller,
                {"currencyCode": currency, "items": _price_items(store["catalog"])},
                graphql,
                tokens,
            )
            for currency in ("USD", "EUR")
        }
        bad = [{"productId": store["catalog"]["ethanol"].pk, "quantity": 0}, {"productId": 999_999, "quantity": 1}]
        answers["refused"] = _case(PRICE_PRODUCTS, caller, {"currencyCode": "USD", "items": bad}, graphql, tokens)
        golden.check(f"price-products--{caller}", answers)
    golden.verify()


QUOTE_LISTS = {
    "first page": QUOTES_VARIABLES,
    "open, searched": {**QUOTES_VARIABLES, "status": "open", "search": "buffer", "orderBy": "title"},
    "expired by total": {**QUOTES_VARIABLES, "status": "expired", "orderBy": "-grandTotal"},
    "second page": {**QUOTES_VARIABLES, "first": 2, "offset": 2, "orderBy": "createdAt"},
    "past the end": {**QUOTES_VARIABLES, "offset": 50},
    "dates": {**QUOTES_VARIABLES, "dateFrom": "2026-01-06", "dateTo": "2026-01-08", "orderBy": "-number"},
    "bad order": {**QUOTES_VARIABLES, "orderBy": "-colour"},
}


def test_quotes_list(tokens, graphql, golden):
    for caller in [
        "guest",
        "company admin",
        "senior buyer",
        "junior buyer",
        "other company",
        "b2c",
        "super admin",
        "masquerading super admin",
    ]:
        answers = {name: _case(QUOTES, caller, variables, graphql, tokens) for name, variables in QUOTE_LISTS.items()}
        golden.check(f"quotes-list--{caller}", answers)
    golden.verify()


def test_quote_detail(tokens, graphql, store, golden):
    for caller in [
        "guest",
        "company admin",
        "senior buyer",
        "junior buyer",
        "other company",
        "b2c",
        "masquerading super admin",
    ]:
        answers = {}
        for name, quote in store["quotes"].items():
            if name in ("open", "priced", "ordered", "b2c", "guest"):
                answers[name] = _case(QUOTE, caller, {"id": str(quote.pk), "accessKey": None}, graphql, tokens)
        guest_quote = store["quotes"]["guest"]
        answers["guest with its key"] = _case(
            QUOTE, caller, {"id": str(guest_quote.pk), "accessKey": quote_access_key(guest_quote)}, graphql, tokens
        )
        golden.check(f"quote-detail--{caller}", answers)
    golden.verify()


# --- queries the answers take (pinned where the reference tests counted them) ----------------------------------------


def test_a_warm_store_part_of_the_start_up_takes_no_query(tokens, graphql, django_assert_num_queries):
    variables = {"channelId": 1, "withStore": True, "withCustomer": False}
    graphql(STARTUP, variables)  # cold: the store part is read and cached
    with django_assert_num_queries(0):
        assert "errors" not in graphql(STARTUP, variables)


def test_the_account_status_is_read_only_when_selected(tokens, graphql, django_assert_num_queries):
    token = tokens["company admin"]
    without = "{ customerInfo { userType permissions { code } } startupCustomerInfo { userInfo { id } } }"
    graphql(CUSTOMER_INFO, token=token)  # the caller's token and grants cached as after any first request
    with django_assert_num_queries(WITHOUT_STATUS_QUERIES):
        assert "errors" not in graphql(without, token=token)
    with django_assert_num_queries(WITHOUT_STATUS_QUERIES + 1):  # accountStatus: one query more
        assert "errors" not in graphql(CUSTOMER_INFO, token=token)


WITHOUT_STATUS_QUERIES = 1
