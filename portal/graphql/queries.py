from __future__ import annotations

import strawberry

from portal import selectors
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated
from portal.graphql.types import (
    CurrencyType,
    StoreBasicInfo,
    StoreFeatureFlags,
    StorefrontConfigEntry,
    SwitchStatus,
    TaxZoneType,
)

MAX_CONFIG_KEYS = 100


@strawberry.type
class Query:
    @strawberry.field(description="The store's name, logo, defaults and sites. Guest-allowed.")
    def store_basic_info(self, info: strawberry.Info) -> StoreBasicInfo:
        store = selectors.store_current()
        request = info.context.request
        return StoreBasicInfo(
            store_name=store.name,
            store_hash=store.store_hash,
            store_logo=request.build_absolute_uri(store.logo.url) if store.logo else None,
            store_address=store.address,
            default_language=store.default_language,
            default_currency=store.default_currency,
            multi_storefront_enabled=store.multi_storefront_enabled,
            store_sites=list(selectors.channel_list(store=store)),
        )

    @strawberry.field(description="The server's feature-flag config: which portal features are on. Guest-allowed.")
    def storefront_config(self) -> StoreFeatureFlags:
        return selectors.store_features(store=selectors.store_current())

    @strawberry.field(description="Storefront config entries of a channel, all or only `keys`. Guest-allowed.")
    def storefront_configs(
        self, channel_id: int = selectors.DEFAULT_CHANNEL_ID, keys: list[str] | None = None
    ) -> list[StorefrontConfigEntry]:
        if keys is not None and len(keys) > MAX_CONFIG_KEYS:
            raise InputError(fields={"keys": [f"Ask for at most {MAX_CONFIG_KEYS} keys at a time."]})
        channel = selectors.channel_get(channel_id=channel_id)
        return list(selectors.storefront_config_list(channel=channel, keys=keys))

    @strawberry.field(description="The store's default language for a channel. Guest-allowed.")
    def storefront_default_language(self, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> str:
        return selectors.channel_get(channel_id=channel_id).store.default_language

    @strawberry.field(description="The enabled currencies, the default first. Guest-allowed.")
    def currencies(self, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> list[CurrencyType]:
        channel = selectors.channel_get(channel_id=channel_id)
        return list(selectors.currency_list(store=channel.store))

    @strawberry.field(description="Tax zones with their rates per tax class. Guest-allowed.")
    def tax_zone_rates(self) -> list[TaxZoneType]:
        return list(selectors.tax_zone_list(store=selectors.store_current()))

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="Whether a storefront switch (such as junior_place_order) is on for a channel.",
    )
    def store_config_switch_status(self, key: str, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> SwitchStatus:
        if len(key) > 80:
            raise InputError(fields={"key": ["Unknown key."]})
        channel = selectors.channel_get(channel_id=channel_id)
        return SwitchStatus(key=key, is_enabled=selectors.storefront_config_switch(channel=channel, key=key))
