from __future__ import annotations

import strawberry
from strawberry.scalars import JSON

from portal.quantity import QUANTITY_MAX

# The store-wide answers of start-up are cached data (portal/startup_cache.py): these are plain strawberry types with
# the SDL the model-backed types had, built from that data by the root fields (portal/graphql/queries.py).


@strawberry.type(description="A sales channel (storefront site) of the store.")
class StoreSite:
    channel_name: str
    urls: list[str]
    icon_url: str = strawberry.field(description="Icon URL; empty when none.")
    is_enabled: bool
    b2b_enabled: bool
    type: str
    platform: str
    translation_version: int
    channel_id: int = strawberry.field(description="Public channel id.")
    b3_channel_id: int = strawberry.field(description="The B2B channel id (the same as channelId).")
    channel_logo: str | None = strawberry.field(description="Absolute URL of the channel logo, if any.")


@strawberry.type(description="The store's identity and its sites.")
class StoreBasicInfo:
    store_name: str
    store_hash: str
    store_logo: str | None = strawberry.field(description="Absolute URL of the store logo, if any.")
    store_address: str
    default_language: str
    default_currency: str
    multi_storefront_enabled: bool
    store_sites: list[StoreSite]
    quantity_limit: int = strawberry.field(
        default=QUANTITY_MAX,
        description="The most of one product a line may hold (business §5): a quantity is a whole number from 1 to "
        "this. The server refuses more; the overlay's quantity fields clamp to it.",
    )


@strawberry.type(description="A storefront configuration entry.")
class StorefrontConfigEntry:
    key: str
    value: str = strawberry.field(description="'1' means on, '0' off.")
    extra_fields: JSON = strawberry.field(description="Placement and text settings of the entry.")


@strawberry.type(description="Which portal features the store has switched on.")
class StoreFeatureFlags:
    account_settings: bool
    address_book: bool
    buy_again: bool
    dashboard: bool
    invoice: bool
    messages: bool
    orders: bool
    quick_order_pad: bool
    quotes: bool
    shopping_lists: bool
    trade_professional_application: bool
    user_management: bool
    wish_lists: bool


@strawberry.type(description="A currency of the store with its display format.")
class CurrencyType:
    id: strawberry.ID
    name: str
    is_default: bool
    enabled: bool
    is_transactional: bool
    auto_update: bool
    country_iso2: str
    currency_code: str
    currency_exchange_rate: str
    token: str
    token_location: str = strawberry.field(description="left or right")
    decimal_token: str
    thousands_token: str
    decimal_places: int


@strawberry.type
class TaxClassRateType:
    rate: str
    tax_class_id: int


@strawberry.type
class TaxZoneRateType:
    id: strawberry.ID
    name: str
    enabled: bool
    priority: int
    class_rates: list[TaxClassRateType]


@strawberry.type(description="A tax zone with its rates per tax class.")
class TaxZoneType:
    id: strawberry.ID
    name: str
    enabled: bool
    priority: int
    show_inclusive: bool = strawberry.field(description="Show prices including tax in this zone.")
    country_codes: list[str]
    rates: list[TaxZoneRateType]


@strawberry.type
class SwitchStatus:
    key: str
    is_enabled: bool
