from __future__ import annotations

import strawberry
from graphql import FieldNode

from portal import selectors, startup_cache
from portal.errors import InputError, field_error
from portal.graphql.permissions import IsAuthenticated
from portal.graphql.types import (
    CurrencyType,
    StoreBasicInfo,
    StoreFeatureFlags,
    StorefrontConfigEntry,
    StoreSite,
    SwitchStatus,
    TaxClassRateType,
    TaxZoneRateType,
    TaxZoneType,
)
from portal.models import Channel, Store
from portal.quantity import QUANTITY_MAX

MAX_CONFIG_KEYS = 100


def _absolute_file_url(request, field, name: str | None) -> str | None:
    """The absolute URL of a stored file (a logo) for this request's host; None when there is none."""
    return request.build_absolute_uri(field.storage.url(name)) if name else None


def _memo(info: strawberry.Info) -> startup_cache.RequestMemo:
    """The request's reads of the store-wide cache (one round trip for all the fields of a start-up)."""
    request = info.context.request
    memo = getattr(request, "_store_data_memo", None)
    if memo is None:
        selections = info.operation.selection_set.selections
        root_fields = {node.name.value for node in selections if isinstance(node, FieldNode)}
        memo = request._store_data_memo = startup_cache.RequestMemo(root_fields)
    return memo


# The five store-wide answers of start-up come from the cache (portal/startup_cache.py) as data keyed by the fields'
# Python names; cold, they take the queries their selectors take. Each is built into instances of its types
# (portal/graphql/types.py), a key too many or too few failing there; the logos' URLs, made absolute for the request's
# host, are computed here.


@strawberry.type
class Query:
    @strawberry.field(description="The store's name, logo, defaults and sites. Guest-allowed.")
    def store_basic_info(self, info: strawberry.Info) -> StoreBasicInfo:
        data = startup_cache.store_basic_info(memo=_memo(info))
        request = info.context.request
        channel_logo = Channel._meta.get_field("logo")
        sites = [
            StoreSite(**{**site, "channel_logo": _absolute_file_url(request, channel_logo, site["channel_logo"])})
            for site in data["store_sites"]
        ]
        store_logo = _absolute_file_url(request, Store._meta.get_field("logo"), data["store_logo"])
        return StoreBasicInfo(**{**data, "store_logo": store_logo, "store_sites": sites}, quantity_limit=QUANTITY_MAX)

    @strawberry.field(description="The server's feature-flag config: which portal features are on. Guest-allowed.")
    def storefront_config(self, info: strawberry.Info) -> StoreFeatureFlags:
        return StoreFeatureFlags(**startup_cache.store_feature_flags(memo=_memo(info)))

    @strawberry.field(description="Storefront config entries of a channel, all or only `keys`. Guest-allowed.")
    def storefront_configs(
        self, info: strawberry.Info, channel_id: int = selectors.DEFAULT_CHANNEL_ID, keys: list[str] | None = None
    ) -> list[StorefrontConfigEntry]:
        if keys is not None and len(keys) > MAX_CONFIG_KEYS:
            message = f"Ask for at most {MAX_CONFIG_KEYS} keys at a time."
            raise InputError(fields=field_error("keys", message, code="too_many_items"))
        entries = startup_cache.storefront_config_entries(channel_id=channel_id, keys=keys, memo=_memo(info))
        return [StorefrontConfigEntry(**entry) for entry in entries]

    @strawberry.field(description="The store's default language for a channel. Guest-allowed.")
    def storefront_default_language(self, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> str:
        return selectors.channel_get(channel_id=channel_id).store.default_language

    @strawberry.field(description="The enabled currencies, the default first. Guest-allowed.")
    def currencies(self, info: strawberry.Info, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> list[CurrencyType]:
        currencies = startup_cache.currencies(channel_id=channel_id, memo=_memo(info))
        return [CurrencyType(**currency) for currency in currencies]

    @strawberry.field(description="Tax zones with their rates per tax class. Guest-allowed.")
    def tax_zone_rates(self, info: strawberry.Info) -> list[TaxZoneType]:
        return [
            TaxZoneType(
                **{
                    **zone,
                    "rates": [
                        TaxZoneRateType(
                            **{**rate, "class_rates": [TaxClassRateType(**item) for item in rate["class_rates"]]}
                        )
                        for rate in zone["rates"]
                    ],
                }
            )
            for zone in startup_cache.tax_zones(memo=_memo(info))
        ]

    @strawberry.field(
        permission_classes=[IsAuthenticated],
        description="Whether a storefront switch (such as junior_place_order) is on for a channel.",
    )
    def store_config_switch_status(self, key: str, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> SwitchStatus:
        if len(key) > 80:
            raise InputError(fields=field_error("key", "Unknown key.", code="invalid"))
        channel = selectors.channel_get(channel_id=channel_id)
        return SwitchStatus(key=key, is_enabled=selectors.storefront_config_switch(channel=channel, key=key))
