"""Reads of the store configuration."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable

from django.core.cache import cache
from django.db.models import QuerySet

from portal.cache import CacheUnavailable
from portal.errors import ErrorCode, NotFound
from portal.models import (
    Channel,
    Currency,
    Store,
    StoreFeatures,
    StorefrontConfig,
    TaxZone,
    TranslationOverride,
)

DEFAULT_CHANNEL_ID = 1  # shell §9


def store_current() -> Store:
    store = Store.objects.order_by("pk").first()
    if store is None:
        raise NotFound(ErrorCode.STORE_NOT_CONFIGURED.label, code=ErrorCode.STORE_NOT_CONFIGURED)
    return store


def channel_list(*, store: Store) -> QuerySet[Channel]:
    return store.channels.order_by("channel_id")


def channel_get(*, channel_id: int) -> Channel:
    """The channel with public id `channel_id`, its store loaded; NotFound when there is none.

    Served from the store data cached per generation (portal.startup_cache.cached_channel: one query per request
    saved, issue 21). What the cache does not hold (an id of another type, or one it has no channel of) is looked up
    in the database as before, so a refusal is always the database's.
    """
    if type(channel_id) is int:
        from portal import startup_cache  # it reads this module's selectors

        channel = startup_cache.cached_channel(channel_id)
        if channel is not None:
            return channel
    channel = Channel.objects.select_related("store").filter(channel_id=channel_id).first()
    if channel is None:
        raise NotFound(f"Channel {channel_id} does not exist.")
    return channel


def channel_get_or_none(*, channel_id: int, store: Store) -> Channel | None:
    return store.channels.filter(channel_id=channel_id).first()


def store_features(*, store: Store) -> StoreFeatures:
    features, _ = StoreFeatures.objects.get_or_create(store=store)
    return features


def storefront_config_list(*, channel: Channel, keys: Iterable[str] | None = None) -> QuerySet[StorefrontConfig]:
    entries = channel.configs.all()
    if keys is not None:
        entries = entries.filter(key__in=list(keys))
    return entries.order_by("key")


def portal_enabled(*, store: Store, channel: Channel) -> bool:
    """shell §1: shown when the multi-storefront setting is off, or the channel has B2B enabled."""
    return not store.multi_storefront_enabled or channel.b2b_enabled


def currency_list(*, store: Store) -> QuerySet[Currency]:
    return store.currencies.filter(enabled=True).order_by("-is_default", "code")


def tax_zone_list(*, store: Store) -> QuerySet[TaxZone]:
    return store.tax_zones.prefetch_related("rates__class_rates").order_by("priority", "name")


def storefront_switch_on(*, key: str, channel_id: int = DEFAULT_CHANNEL_ID) -> bool:
    """Whether a storefront config switch is '1' on a channel (one query)."""
    return StorefrontConfig.objects.filter(
        channel__channel_id=channel_id, key=key, value=StorefrontConfig.Value.ON
    ).exists()


def storefront_config_switch(*, channel: Channel, key: str) -> bool:
    return channel.configs.filter(key=key, value=StorefrontConfig.Value.ON).exists()


def translation_overrides(*, channel: Channel, language: str, page: str) -> dict[str, str]:
    """The store's own texts for one page set, cached until the channel's translation version changes."""
    key = f"translations:{channel.pk}:{channel.translation_version}:{language}:{page}"
    try:
        texts = cache.get(key)
    except CacheUnavailable:  # Redis down: read from the database, keep nothing (issue 36 item 2)
        return _translation_overrides_read(channel=channel, language=language, page=page)
    if texts is None:
        texts = _translation_overrides_read(channel=channel, language=language, page=page)
        with contextlib.suppress(CacheUnavailable):
            cache.set(key, texts, timeout=24 * 3600)
    return texts


def _translation_overrides_read(*, channel: Channel, language: str, page: str) -> dict[str, str]:
    return dict(
        TranslationOverride.objects.filter(channel=channel, language=language, page=page).values_list("key", "text")
    )
