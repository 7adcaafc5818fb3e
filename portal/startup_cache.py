"""The store-wide start-up data, cached on the server (issue 21: one round trip to start).

What every portal start-up asks and is the same for everyone — the store's basic info, its feature flags, a channel's
config entries, the currencies and the tax zones — is kept as plain data in Django's cache (Redis in production,
local memory in the embedded default and the tests), so a warm start-up answers it without a query.

Invalidation is by generation: every entry is stored with the generation it was built in, and the generation is
replaced whenever staff (or any code) save or delete a row these answers are read from (the signals below, and
`store_data_changed()` where a write bypasses them, like the queryset update of a channel's translation version). An
entry of another generation is never served, so a change shows on the next request. The generation is replaced at
once and again when the transaction commits: a request that read the rows before the commit and cached them under
the new generation is not served after it.

What depends on the request is not cached: the logo URLs are kept as file names and made absolute per request.

Each process also keeps the entries it has decoded (`_local`: a bounded LRU), each with its generation and the expiry
it has in the shared cache, so a warm request neither fetches nor unpickles them again: an entry is served from there
only while its generation is the current one and its expiry has not passed. The shared cache stays the source: the
current generation is read from it, once per request (the request scope below: its first read fetches the
generations, later reads reuse them; a change made in the request replaces them, so its later reads see it), and on
every read outside a request (Celery, the shell, tests calling selectors). A warm request thus costs one round trip
to the cache for all of this data — the generations — and a cold process the round trips it took before.

While the shared cache cannot be reached (portal.cache.CacheUnavailable, issue 36 item 2) every answer is built from
the database, as with a cold cache, and nothing is kept. A generation that could not be replaced then is replaced by
this process as soon as the cache answers again (`_unsent_generations`), so entries cached before the outage are not
served after a change made during it.

A change the signals do not see (a queryset update, `bulk_create`) calls `store_data_changed()` or
`catalog_data_changed()` where it is made (portal/services.py, pricing/services.py, the demo loaders); for SQL or a
data migration, `manage.py store_cache_clear` drops everything (issue 36 item 4).
"""

from __future__ import annotations

import copy
import time
import uuid
import zlib
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import Any, TypeGuard, TypeVar

from django.core.cache import cache
from django.core.signals import request_finished, request_started
from django.db import router, transaction
from django.db.models.signals import post_delete, post_save

from portal import models, selectors
from portal.cache import CacheUnavailable
from portal.lru import LRU
from portal.storefront_config import CONFIG_DEFAULTS

T = TypeVar("T")

GENERATION_KEY = "portal:store-data:generation"
# Part of every entry's key: a deploy that changes the shape of the cached data never reads the old shape. 2: an entry
# is (generation, data, expiry).
FORMAT = 2
ENTRY_TIMEOUT = 24 * 3600
# How many decoded entries a process keeps: the store-wide ones are a dozen, a guest's search pages (~12 kB pickled
# each) are the rest.
LOCAL_ENTRIES = 256

# The rows the cached answers are read from (portal/selectors.py: store_current, channel_list, channel_get,
# store_features, storefront_config_list, currency_list, tax_zone_list; pricing's store pricing reads TaxClass too).
SOURCE_MODELS = (
    models.Store,
    models.Channel,
    models.StoreFeatures,
    models.StorefrontConfig,
    models.Currency,
    models.TaxClass,
    models.TaxZone,
    models.TaxZoneRate,
    models.TaxClassRate,
)


# The generations this process replaced while the cache could not be reached: replaced again when it answers.
_unsent_generations: set[str] = set()


def _replace_generation(name: str) -> None:
    generation = uuid.uuid4().hex
    try:
        cache.set(name, generation, timeout=None)
    except CacheUnavailable:
        _unsent_generations.add(name)
        scope = _request_generations.get()
        if scope is not None:
            scope.pop(name, None)  # the request's later reads read it again
    else:
        _unsent_generations.discard(name)
        _remember_generation(name, generation)


def _unsent_generations_send() -> None:
    for name in sorted(_unsent_generations):
        _replace_generation(name)
        if name in _unsent_generations:
            return  # still down


def _new_generation() -> None:
    _replace_generation(GENERATION_KEY)


def store_data_changed(*, using: str | None = None, **_signal_arguments: Any) -> None:
    """The store-wide data changed: no entry cached before is served again (now, and after the commit). The receiver
    of the signals below; call it after a write that sends none (a queryset `update()`, `bulk_create`)."""
    _new_generation()
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(_new_generation, using=using)


def connect_signals() -> None:
    for model in SOURCE_MODELS:
        uid = f"portal.startup_cache.{model.__name__}"
        post_save.connect(store_data_changed, sender=model, dispatch_uid=f"{uid}.save")
        post_delete.connect(store_data_changed, sender=model, dispatch_uid=f"{uid}.delete")
    request_started.connect(request_scope_started, dispatch_uid="portal.startup_cache.request_scope_started")
    request_finished.connect(request_scope_finished, dispatch_uid="portal.startup_cache.request_scope_finished")


# The request scope: the generations one request has read -----------------------------------------------------------
# A ContextVar, so each thread (and each asyncio task) has its own. Set by Django's request signals; None outside a
# request, where every read fetches the generations.

_request_generations: ContextVar[dict[str, str] | None] = ContextVar("portal_store_data_generations", default=None)


def request_scope_started(**_signal_arguments: Any) -> None:
    _request_generations.set({})


def request_scope_finished(**_signal_arguments: Any) -> None:
    _request_generations.set(None)


def _generations_read(memo: RequestMemo | None) -> dict[str, str] | None:
    """Where the generations read are kept for the current request: its scope, else the operation's memo (None:
    every read fetches them)."""
    scope = _request_generations.get()
    return memo.generations if scope is None and memo is not None else scope


def _remember_generation(name: str, value: str) -> None:
    """The generation `name` the current request reads from now on: the one it read, or the one it just made (its
    own change replaces the generation it read first, so its later reads see that change)."""
    scope = _request_generations.get()
    if scope is not None:
        scope[name] = value


# The process's decoded entries ----------------------------------------------------------------------------------------


# The last LOCAL_ENTRIES entries read or kept by this process, as the shared cache holds them: key -> (generation,
# data, expiry).
_local = LRU(LOCAL_ENTRIES)
# The wall clock, not a monotonic one: an entry's expiry is set by the process that built it and read by all of them.
_clock = time.time


def _valid(entry: Any, generation: Any, now: float) -> TypeGuard[tuple[Any, Any, float]]:
    """Whether `entry` (as the shared cache holds it) is of `generation` and unexpired (a value of another shape,
    such as one written before FORMAT 2, never is)."""
    return entry.__class__ is tuple and len(entry) == 3 and entry[0] == generation and entry[2] > now


def _current_generation(known: dict[str, Any], *, catalog: bool) -> Any:
    """A store-wide entry's generation is the store's; a catalog entry's both (it is priced with the store data)."""
    if catalog:
        return (known.get(GENERATION_KEY), known.get(CATALOG_GENERATION_KEY))
    return known.get(GENERATION_KEY)


def _read(keys: Sequence[str], *, catalog: bool, memo: RequestMemo | None = None) -> tuple[Any, dict[str, Any]]:
    """`_read_shared`, or no generation and no entries while the shared cache cannot be reached (the caller builds)."""
    if _unsent_generations:
        _unsent_generations_send()
    try:
        return _read_shared(keys, catalog=catalog, memo=memo)
    except CacheUnavailable:
        return ((None, None) if catalog else None), {}


def _read_shared(keys: Sequence[str], *, catalog: bool, memo: RequestMemo | None = None) -> tuple[Any, dict[str, Any]]:
    """The current generation (`_current_generation`) and the data of those entries of `keys` that are of it: from
    this process's memory, else from the shared cache, in one round trip with the generations when they are not
    known yet. A second round trip only for entries this process holds of a generation another process has since
    replaced."""
    scope = _generations_read(memo)
    known: dict[str, Any] = {} if scope is None else scope
    wanted = (GENERATION_KEY, CATALOG_GENERATION_KEY) if catalog else (GENERATION_KEY,)
    unknown = [name for name in wanted if name not in known]
    if unknown and scope is not None:
        # Both, in the one round trip: a later read of the request (a search after the store data) then takes none.
        unknown = [name for name in (GENERATION_KEY, CATALOG_GENERATION_KEY) if name not in known]
    generation = None if unknown else _current_generation(known, catalog=catalog)
    now = _clock()
    held: dict[str, tuple[Any, Any, float]] = {}
    fetch: list[str] = []
    for key in keys:
        entry = _local.get(key)
        if entry is not None and entry[2] > now and (unknown or entry[0] == generation):
            held[key] = entry
        else:
            fetch.append(key)
    found = cache.get_many([*unknown, *fetch]) if unknown or fetch else {}
    if unknown:
        read = {name: found[name] for name in unknown if found.get(name) is not None}
        if scope is not None:
            scope.update(read)
        generation = _current_generation({**known, **read}, catalog=catalog)
    if generation is None or (catalog and None in generation):
        return generation, {}
    entries = {key: entry[1] for key, entry in held.items() if entry[0] == generation}
    replaced = [key for key in held if key not in entries]
    if replaced:
        found.update(cache.get_many(replaced))
        fetch.extend(replaced)
    for key in fetch:
        entry = found.get(key)
        if _valid(entry, generation, now):
            _local.put(key, entry)
            entries[key] = entry[1]
    return generation, entries


def _keep(key: str, generation: Any, data: Any, timeout: int) -> None:
    """Keeps `data` of `generation` in the shared cache for `timeout` seconds, and in this process's memory as long."""
    entry = (generation, data, _clock() + timeout)
    try:
        cache.set(key, entry, timeout=timeout)
    except CacheUnavailable:
        return  # built again by the next request, as with a cold cache
    _local.put(key, entry)


def _first_generation(name: str, memo: RequestMemo | None = None) -> str:
    """The generation `name` where the cache has none yet (a new or cleared cache): made, unless another process
    made it meanwhile."""
    cache.add(name, uuid.uuid4().hex, timeout=None)
    value = cache.get(name)
    scope = _generations_read(memo)
    if scope is not None:
        scope[name] = value
    return value


def _key(name: str) -> str:
    return f"portal:store-data:{FORMAT}:{name}"


# The entry each store-wide root field reads (of the channel the start-up asks for).
_ROOT_FIELD_ENTRIES = {
    "storeBasicInfo": "store-basic-info",
    "storefrontConfig": "feature-flags",
    "storefrontConfigs": "config-entries:{channel_id}",
    "currencies": "currencies:{channel_id}",
    "taxZoneRates": "tax-zones",
}


class RequestMemo:
    """The store-wide root fields one operation asks for: its first store-wide field reads the entries of them all (the
    start-up's five) with the generations, one round trip to the cache for them all instead of one per field when
    this process holds none of them yet (later reads find them in its memory)."""

    def __init__(self, root_fields: set[str]) -> None:
        self.root_fields = root_fields
        self.read_all = False
        # The generations read, where no request scope keeps them (an operation executed outside a request).
        self.generations: dict[str, str] = {}

    def names(self, name: str, channel_id: int) -> list[str]:
        """The entries to read with `name`: on the first read, those of all the operation's store-wide fields."""
        if self.read_all:
            return [name]
        self.read_all = True
        fields = _ROOT_FIELD_ENTRIES.items()
        names = [entry.format(channel_id=channel_id) for field, entry in fields if field in self.root_fields]
        return names if name in names else [name, *names]


def _cached(name: str, build: Callable[[], T], memo: RequestMemo | None, channel_id: int) -> T:
    """The entry `name` of the current generation, built (and kept) when there is none."""
    key = _key(name)
    names = [name] if memo is None else memo.names(name, channel_id)
    generation, entries = _read([_key(each) for each in names], catalog=False, memo=memo)
    if key in entries:
        return entries[key]
    if generation is None:
        try:
            generation = _first_generation(GENERATION_KEY, memo)
        except CacheUnavailable:
            return build()
    data = build()
    _keep(key, generation, data, ENTRY_TIMEOUT)
    return data


def cached(name: str, build: Callable[[], T]) -> T:
    """Another app's store-wide data under the same generation (pricing's store pricing table): built when the
    current generation has none, so every change these signals see, or `store_data_changed()` reports, drops it."""
    return _cached(name, build, None, selectors.DEFAULT_CHANNEL_ID)


# The answers, as plain data: dicts of the GraphQL types' fields (portal/graphql/types.py) ----------------------------


def store_basic_info(*, memo: RequestMemo | None = None) -> dict[str, Any]:
    """storeBasicInfo; `store_logo` and each site's `channel_logo` are file names (made absolute per request)."""

    def build() -> dict[str, Any]:
        store = selectors.store_current()
        return {
            "store_name": store.name,
            "store_hash": store.store_hash,
            "store_logo": store.logo.name or None,
            "store_address": store.address,
            "default_language": store.default_language,
            "default_currency": store.default_currency,
            "multi_storefront_enabled": store.multi_storefront_enabled,
            "store_sites": [
                {
                    "channel_name": channel.name,
                    "urls": list(channel.urls),
                    "icon_url": channel.icon_url,
                    "is_enabled": channel.is_enabled,
                    "b2b_enabled": channel.b2b_enabled,
                    "type": channel.type,
                    "platform": channel.platform,
                    "translation_version": channel.translation_version,
                    "channel_id": channel.channel_id,
                    "b3_channel_id": channel.channel_id,
                    "channel_logo": channel.logo.name or None,
                }
                for channel in selectors.channel_list(store=store)
            ],
        }

    return _cached("store-basic-info", build, memo, selectors.DEFAULT_CHANNEL_ID)


FEATURE_FLAGS = (
    "account_settings",
    "address_book",
    "buy_again",
    "dashboard",
    "invoice",
    "messages",
    "orders",
    "quick_order_pad",
    "quotes",
    "shopping_lists",
    "trade_professional_application",
    "user_management",
    "wish_lists",
)


def store_feature_flags(*, memo: RequestMemo | None = None) -> dict[str, bool]:
    def build() -> dict[str, bool]:
        features = selectors.store_features(store=selectors.store_current())
        return {name: getattr(features, name) for name in FEATURE_FLAGS}

    return _cached("feature-flags", build, memo, selectors.DEFAULT_CHANNEL_ID)


def _keys_sorted(value: Any) -> Any:
    return dict(sorted(value.items())) if isinstance(value, dict) else value


def storefront_config_entries(
    *, channel_id: int, keys: list[str] | None = None, memo: RequestMemo | None = None
) -> list[dict[str, Any]]:
    """A channel's config entries (all, or those of `keys`), in the selector's order.

    Cached: all of them (start-up), and one known key (what storefront pages ask, e.g. shopping_list_on_product_page),
    so the entries a client can make are bounded by the channels and CONFIG_DEFAULTS. Any other `keys` reads the
    database, as before.
    """

    def build() -> list[dict[str, Any]]:
        channel = selectors.channel_get(channel_id=channel_id)
        # The settings' keys alphabetically: PostgreSQL's jsonb keeps them by length, SQLite as written, and the answer
        # is the same on both.
        return [
            {"key": entry.key, "value": entry.value, "extra_fields": _keys_sorted(entry.extra_fields)}
            for entry in selectors.storefront_config_list(channel=channel, keys=keys)
        ]

    if keys is None:
        return _cached(f"config-entries:{channel_id}", build, memo, channel_id)
    if len(set(keys)) == 1 and keys[0] in CONFIG_DEFAULTS:
        return _cached(f"config-entries:{channel_id}:{keys[0]}", build, memo, channel_id)
    return build()


def currencies(*, channel_id: int, memo: RequestMemo | None = None) -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        channel = selectors.channel_get(channel_id=channel_id)
        return [
            {
                "id": str(currency.pk),
                "name": currency.name,
                "is_default": currency.is_default,
                "enabled": currency.enabled,
                "is_transactional": currency.is_transactional,
                "auto_update": currency.auto_update,
                "country_iso2": currency.country_iso2,
                "currency_code": currency.code,
                "currency_exchange_rate": str(currency.exchange_rate),
                "token": currency.token,
                "token_location": currency.token_location,
                "decimal_token": currency.decimal_token,
                "thousands_token": currency.thousands_token,
                "decimal_places": currency.decimal_places,
            }
            for currency in selectors.currency_list(store=channel.store)
        ]

    return _cached(f"currencies:{channel_id}", build, memo, channel_id)


def tax_zones(*, memo: RequestMemo | None = None) -> list[dict[str, Any]]:
    def build() -> list[dict[str, Any]]:
        return [
            {
                "id": str(zone.pk),
                "name": zone.name,
                "enabled": zone.enabled,
                "priority": zone.priority,
                "show_inclusive": zone.show_inclusive,
                "country_codes": list(zone.country_codes),
                "rates": [
                    {
                        "id": str(rate.pk),
                        "name": rate.name,
                        "enabled": rate.enabled,
                        "priority": rate.priority,
                        "class_rates": [
                            {"rate": str(class_rate.rate), "tax_class_id": class_rate.tax_class_id}
                            for class_rate in rate.class_rates.all()
                        ],
                    }
                    for rate in zone.rates.all()
                ],
            }
            for zone in selectors.tax_zone_list(store=selectors.store_current())
        ]

    return _cached("tax-zones", build, memo, selectors.DEFAULT_CHANNEL_ID)


# The catalog: another app's data, cached with the store-wide data it is priced with ----------------------------------
# pricing (which may import portal, not the reverse) keeps a guest's search page here (pricing/search_cache.py). Its
# own generation is replaced on every catalog change — a product, a variant, a price, a stock level — so that those
# frequent writes (every order takes stock) do not drop the store-wide entries above; a change of the store-wide data
# drops the catalog entries too, since they are priced with it.

CATALOG_GENERATION_KEY = "portal:catalog-data:generation"


def _new_catalog_generation() -> None:
    _replace_generation(CATALOG_GENERATION_KEY)


def catalog_data_changed(*, using: str | None = None, **_signal_arguments: Any) -> None:
    """The catalog changed: no `catalog_cached` entry built before is served again (now, and after the commit). The
    receiver of the catalog models' signals (pricing connects them); call it after a write that sends none."""
    _new_catalog_generation()
    if transaction.get_connection(using).in_atomic_block:
        transaction.on_commit(_new_catalog_generation, using=using)


def catalog_cached(name: str, build: Callable[[], T], *, timeout: int = ENTRY_TIMEOUT) -> T:
    """The entry `name` built from the catalog and the store-wide data, of the current generation of both: built (and
    kept for `timeout` seconds) when there is none. Served from this process's memory when it holds it (the same
    object for every request: the caller must not change it)."""
    key = _key(f"catalog:{name}")
    generations, entries = _read([key], catalog=True)
    if key in entries:
        return entries[key]
    if None in generations:
        try:
            generations = (_first_generation(GENERATION_KEY), _first_generation(CATALOG_GENERATION_KEY))
        except CacheUnavailable:
            return build()
    data = build()
    _keep(key, generations, data, timeout)
    return data


# The channels, for portal.selectors.channel_get ---------------------------------------------------------------------
# Every request that names a channel (priceProducts, registration, a channel's config entries and currencies) checks
# it exists: a query each time for rows that are store data, under the same generation (Channel and Store saves and
# deletes replace it). Kept as the rows' column values, by public channel id, and made into instances per call.


def _channel_fields() -> tuple[list[str], list[str]]:
    return (
        [field.attname for field in models.Channel._meta.concrete_fields],
        [field.attname for field in models.Store._meta.concrete_fields],
    )


def channel_rows() -> dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]]:
    """Every channel's column values and its store's (in `_channel_fields()` order), by public channel id."""
    channel_names, store_names = _channel_fields()

    def build() -> dict[int, tuple[tuple[Any, ...], tuple[Any, ...]]]:
        rows = models.Channel.objects.order_by("pk").values_list(
            *channel_names, *(f"store__{name}" for name in store_names)
        )
        position = channel_names.index("channel_id")
        return {row[position]: (tuple(row[: len(channel_names)]), tuple(row[len(channel_names) :])) for row in rows}

    # The columns are part of the entry's name: a deploy that adds or removes one never reads rows of the old columns.
    shape = zlib.crc32(" ".join((*channel_names, "/", *store_names)).encode())
    return _cached(f"channels:{shape:08x}", build, None, selectors.DEFAULT_CHANNEL_ID)


def _own_values(row: tuple[Any, ...]) -> list[Any]:
    """A cached row's values for one instance: a JSON field's list or dict copied (`Channel.urls`), since the row
    is shared by every call of this process and the caller may change its instance's values."""
    return [copy.deepcopy(value) if value.__class__ in (list, dict) else value for value in row]


def cached_channel(channel_id: int) -> models.Channel | None:
    """The channel with public id `channel_id` and its store, as `Channel.objects.select_related("store")` gives it
    (fresh instances on every call), or None when the cached channels have none of that id."""
    found = channel_rows().get(channel_id)
    if found is None:
        return None
    channel_names, store_names = _channel_fields()
    alias = router.db_for_read(models.Channel)
    channel = models.Channel.from_db(alias, channel_names, _own_values(found[0]))
    store = models.Store.from_db(router.db_for_read(models.Store), store_names, _own_values(found[1]))
    channel.store = store
    return channel


# A channel's config entries as rows, for rules that read a few of them (accounts.selectors.account_status) -------


def cached_storefront_configs(*keys: str, channel_id: int) -> dict[str, models.StorefrontConfig | None] | None:
    """The channel's entries for `keys` (None for a missing key), as accounts.selectors.storefront_configs reads them,
    when the channel's full list of entries is cached (the start-up's storefrontConfigs keeps it): unsaved instances
    of their key, value and extra fields. None when it is not: the caller reads the database as before, so a cold
    cache takes the queries it took (an unknown channel's list is never cached)."""
    name = _key(f"config-entries:{channel_id}")
    _generation, entries = _read([name], catalog=False)
    if name not in entries:
        return None
    rows = {
        # extra_fields copied: the cached list is shared by every request of this process.
        key: models.StorefrontConfig(key=key, value=row["value"], extra_fields=copy.deepcopy(row["extra_fields"]))
        for row in entries[name]
        if (key := row["key"]) in keys
    }
    return {key: rows.get(key) for key in keys}


# Dropping everything cached of the store data (issue 36 item 4) ----------------------------------------------------


def store_cache_clear() -> bool:
    """No store-wide or catalog entry cached before is served again, in any process: for a change the signals do
    not see (SQL, a data migration, a queryset update without `store_data_changed()`). False when the shared cache
    cannot be reached (nothing could be dropped: entries of before may be served once it answers)."""
    _replace_generation(GENERATION_KEY)
    _replace_generation(CATALOG_GENERATION_KEY)
    return not _unsent_generations
