"""The store-wide and catalog caches held in each process (issue 21, portal/startup_cache.py): a warm request reads
only the generations from the shared cache (one round trip) and decodes no entry again; a cold process takes the
round trips it took before; a generation replaced anywhere is seen by the next request, one replaced in the request
by its later reads; an entry is never served after its expiry in the shared cache; the memory is bounded.

On the real Redis (portal.cache.PortalRedisCache; skipped locally when none answers, as tests/portal/
test_cache_backend.py), under a key prefix of each test's own, whose keys are deleted after it.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

import pytest
import redis
from django.core.cache import cache

from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import PRICE_DOCUMENT, STARTUP_VARIABLES
from portal import selectors, startup_cache
from portal.lru import LRU
from portal.models import Store
from portal.startup_cache import (
    CATALOG_GENERATION_KEY,
    GENERATION_KEY,
    catalog_cached,
    catalog_data_changed,
    request_scope_finished,
    request_scope_started,
    store_data_changed,
)
from pricing.search_cache import SEARCH_TIMEOUT
from tests.factories.pricing import ProductFactory, VariantFactory
from tests.portal.test_cache_backend import _redis_url

pytestmark = pytest.mark.django_db

STARTUP = overlay_document("PORTAL_STARTUP")
SEARCH = "query($search: String) { productsSearch(search: $search) { name imageUrl variants { sku imageUrl } } }"
STORE_ENTRIES = ("store-basic-info", "feature-flags", "config-entries:1", "currencies:1", "tax-zones")


@pytest.fixture(autouse=True)
def shared_cache(_fresh_cache, settings, monkeypatch):
    """Django's cache on the real Redis, and a process memory of its own for the test."""
    url = _redis_url()
    prefix = f"startup-cache-local-{uuid.uuid4().hex}"
    settings.CACHES = {"default": {"BACKEND": "portal.cache.PortalRedisCache", "LOCATION": url, "KEY_PREFIX": prefix}}
    monkeypatch.setattr(startup_cache, "_local", LRU(startup_cache.LOCAL_ENTRIES))
    yield
    client = redis.Redis.from_url(url)
    keys = list(client.scan_iter(f"{prefix}:*"))
    if keys:
        client.delete(*keys)


@pytest.fixture
def redis_commands(monkeypatch) -> list[tuple]:
    """Every command sent to Redis from now on, with its arguments (keys as Django's cache names them)."""
    sent: list[tuple] = []
    execute = redis.Redis.execute_command

    def counted(client, *args, **options):
        sent.append(args)
        return execute(client, *args, **options)

    monkeypatch.setattr(redis.Redis, "execute_command", counted)
    return sent


def mget(*names: str) -> tuple:
    return ("MGET", *(cache.make_key(name) for name in names))


def generations_only() -> list[tuple]:
    return [mget(GENERATION_KEY, CATALOG_GENERATION_KEY)]


@pytest.fixture
def clock(monkeypatch) -> list[float]:
    """The caches' clock, moved by the test: `clock[0] += seconds`."""
    now = [1_000_000.0]
    monkeypatch.setattr(startup_cache, "_clock", lambda: now[0])
    return now


@pytest.fixture
def reagent(demo_store):
    product = ProductFactory(
        name="Reagent grade water", sku="RW-0001", slug="reagent-water", base_price=Decimal("9.00"),
        image="storefront/products/water.svg",
    )  # fmt: skip
    VariantFactory(product=product, sku="RW-0001-1", price=None, image="storefront/products/water-1l.svg")
    from pricing.services import product_search_text_refresh_all

    product_search_text_refresh_all()
    return product


def builds(result):
    """A build function for catalog_cached that counts its calls."""
    calls = []

    def build():
        calls.append(1)
        return result

    build.calls = calls
    return build


# One round trip when warm, none for an entry ----------------------------------------------------------------------


def test_a_warm_signed_in_start_up_reads_only_the_generations(demo_store, graphql, login, redis_commands):
    token = login("admin@acme.test")
    cold = graphql(STARTUP, STARTUP_VARIABLES, token=token)
    assert "errors" not in cold, cold
    redis_commands.clear()

    warm = graphql(STARTUP, STARTUP_VARIABLES, token=token)

    assert warm == cold
    # storeBasicInfo … taxZoneRates and accountStatus's config entries: all from this process's memory.
    assert redis_commands == generations_only()


def test_a_warm_guest_search_and_price_request_read_only_the_generations(reagent, graphql, login, redis_commands):
    token = login("admin@acme.test")
    items = {"items": [{"productId": reagent.pk, "variantId": reagent.variants.get().pk, "quantity": 3}]}
    cold = [graphql(SEARCH, {"search": "water"}), graphql(PRICE_DOCUMENT, items, token=token)]
    assert cold[0]["data"]["productsSearch"][0]["name"] == "Reagent grade water"
    assert cold[1]["data"]["priceProducts"][0]["price"]["taxExclusive"]
    for request in (lambda: graphql(SEARCH, {"search": "water"}), lambda: graphql(PRICE_DOCUMENT, items, token=token)):
        redis_commands.clear()
        assert request() == cold.pop(0)
        assert redis_commands == generations_only()


def test_a_process_holding_nothing_takes_one_round_trip_for_the_start_up(demo_store, graphql, redis_commands):
    guest = {**STARTUP_VARIABLES, "withCustomer": False}
    answer = graphql(STARTUP, guest)
    startup_cache._local.clear()  # another process, or this one restarted: the shared cache is warm
    redis_commands.clear()

    assert graphql(STARTUP, guest) == answer

    entries = [startup_cache._key(name) for name in STORE_ENTRIES]
    assert redis_commands == [mget(GENERATION_KEY, CATALOG_GENERATION_KEY, *entries)]


def test_outside_a_request_every_read_fetches_the_generation_and_no_entry(demo_store, redis_commands):
    first = startup_cache.currencies(channel_id=1)
    redis_commands.clear()

    again = [startup_cache.currencies(channel_id=1) for _ in range(2)]

    assert again == [first, first]
    assert again[0] is first  # not decoded again
    assert redis_commands == [mget(GENERATION_KEY)] * 2


# A change is seen ----------------------------------------------------------------------------------------------------


def test_a_generation_replaced_by_another_process_is_seen_by_the_next_request(demo_store, graphql):
    def store_name() -> str:
        return graphql("{ storeBasicInfo { storeName } }")["data"]["storeBasicInfo"]["storeName"]

    assert store_name() == "Helix Scientific"
    Store.objects.filter(pk=demo_store.pk).update(name="Helix Scientific Europe")  # no signal: this process is unaware
    assert store_name() == "Helix Scientific"

    cache.set(GENERATION_KEY, "replaced-by-another-process", timeout=None)

    assert store_name() == "Helix Scientific Europe"


def test_a_request_reads_the_generations_once(demo_store, redis_commands):
    request_scope_started()
    try:
        assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific"
        Store.objects.filter(pk=demo_store.pk).update(name="Helix Scientific Europe")
        cache.set(GENERATION_KEY, "replaced-by-another-process", timeout=None)
        redis_commands.clear()
        # The rest of the request answers from the generations it read first, without a round trip.
        assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific"
        assert redis_commands == []
    finally:
        request_scope_finished()
    request_scope_started()
    try:
        assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific Europe"
    finally:
        request_scope_finished()


def test_a_store_change_made_in_the_request_is_seen_by_its_later_reads(demo_store):
    request_scope_started()
    try:
        assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific"
        search = builds(["page of before"])
        catalog_cached("guest-search:x", search)
        store = Store.objects.get(pk=demo_store.pk)
        store.name = "Helix Scientific Europe"
        store.save()  # its signal: store_data_changed()

        assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific Europe"
        catalog_cached("guest-search:x", search)  # priced with the store data: built again
        assert len(search.calls) == 2
    finally:
        request_scope_finished()


def test_a_catalog_change_made_in_the_request_is_seen_by_its_later_reads(demo_store, redis_commands):
    request_scope_started()
    try:
        search = builds(["page"])
        catalog_cached("guest-search:x", search)
        catalog_cached("guest-search:x", search)
        assert len(search.calls) == 1
        store_info = startup_cache.store_basic_info()
        redis_commands.clear()

        catalog_data_changed()

        catalog_cached("guest-search:x", search)
        assert len(search.calls) == 2
        # The store-wide entries stay: only the catalog generation was replaced (and read again).
        assert startup_cache.store_basic_info() is store_info
        assert [command[0] for command in redis_commands] == ["SET", "MGET", "SET"]
    finally:
        request_scope_finished()


def test_store_data_changed_outside_a_request_is_seen_by_the_next_read(demo_store):
    assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific"
    Store.objects.filter(pk=demo_store.pk).update(name="Helix Scientific Europe")
    store_data_changed()
    assert startup_cache.store_basic_info()["store_name"] == "Helix Scientific Europe"


# Expiry and bound ----------------------------------------------------------------------------------------------------


def test_an_entry_is_not_served_from_memory_after_its_expiry(demo_store, clock, redis_commands):
    search = builds(["page"])
    catalog_cached("guest-search:x", search, timeout=SEARCH_TIMEOUT)
    clock[0] += SEARCH_TIMEOUT - 1
    redis_commands.clear()
    catalog_cached("guest-search:x", search, timeout=SEARCH_TIMEOUT)
    assert (len(search.calls), redis_commands) == (1, [mget(GENERATION_KEY, CATALOG_GENERATION_KEY)])

    clock[0] += 1

    catalog_cached("guest-search:x", search, timeout=SEARCH_TIMEOUT)
    assert len(search.calls) == 2


def test_an_entry_read_from_the_shared_cache_keeps_its_expiry_there(demo_store, clock):
    catalog_cached("guest-search:warm", builds("generations made"))
    found = cache.get_many([GENERATION_KEY, CATALOG_GENERATION_KEY])
    generations = (found[GENERATION_KEY], found[CATALOG_GENERATION_KEY])
    # Kept by another process 200 s ago, for 300 s.
    key = startup_cache._key("catalog:guest-search:x")
    cache.set(key, (generations, "their page", clock[0] + 100), timeout=100)
    search = builds("our page")

    assert catalog_cached("guest-search:x", search, timeout=300) == "their page"
    clock[0] += 99
    assert catalog_cached("guest-search:x", search, timeout=300) == "their page"
    clock[0] += 1
    assert catalog_cached("guest-search:x", search, timeout=300) == "our page"


def test_the_memory_holds_the_last_entries_used_up_to_its_size(demo_store, monkeypatch):
    monkeypatch.setattr(startup_cache, "_local", LRU(3))
    pages = {name: builds(f"page {name}") for name in "abcd"}
    for name in "abc":
        catalog_cached(f"guest-search:{name}", pages[name])
    catalog_cached("guest-search:a", pages["a"])  # used last: kept
    catalog_cached("guest-search:d", pages["d"])

    assert len(startup_cache._local) == 3
    held = {key.rsplit(":", 1)[1] for key in startup_cache._local._items}
    assert held == {"a", "c", "d"}
    # What left the memory is still in the shared cache: read from there, not built again.
    assert catalog_cached("guest-search:b", pages["b"]) == "page b"
    assert {name: len(build.calls) for name, build in pages.items()} == {"a": 1, "b": 1, "c": 1, "d": 1}


# Shared objects ------------------------------------------------------------------------------------------------------


def test_a_guest_search_held_in_memory_is_not_changed_by_the_requests_that_read_it(reagent, client):
    def image_urls(host: str) -> list[str]:
        response = client.post(
            "/graphql",
            data={"query": SEARCH, "variables": {"search": "water"}},
            content_type="application/json",
            HTTP_HOST=host,
        )
        (product,) = response.json()["data"]["productsSearch"]
        return [product["imageUrl"], product["variants"][0]["imageUrl"]]

    assert image_urls("testserver") == [
        "http://testserver/static/storefront/products/water.svg",
        "http://testserver/static/storefront/products/water-1l.svg",
    ]
    assert image_urls("127.0.0.1") == [
        "http://127.0.0.1/static/storefront/products/water.svg",
        "http://127.0.0.1/static/storefront/products/water-1l.svg",
    ]
    entries = startup_cache._local._items
    ((_generations, (held,), _expiry),) = [entries[key] for key in entries if ":catalog:search:" in key]
    assert (held["imageUrl"], held["variants"][0]["imageUrl"]) == (
        "storefront/products/water.svg",
        "storefront/products/water-1l.svg",
    )


def test_each_channel_lookup_gets_its_own_values(demo_store):
    first = selectors.channel_get(channel_id=1)
    urls = list(first.urls)
    first.urls.append("https://changed.example")  # a caller's change to its instance

    again = selectors.channel_get(channel_id=1)

    assert again.urls == urls
