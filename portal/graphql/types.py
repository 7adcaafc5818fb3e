from __future__ import annotations

import strawberry
import strawberry_django
from strawberry.scalars import JSON

from portal import models


@strawberry_django.type(models.Channel, description="A sales channel (storefront site) of the store.")
class StoreSite:
    channel_name: str = strawberry_django.field(field_name="name")
    urls: list[str]
    icon_url: str = strawberry_django.field(description="Icon URL; empty when none.")
    is_enabled: bool
    b2b_enabled: bool
    type: str
    platform: str
    translation_version: int

    @strawberry_django.field(only=["channel_id"], description="Public channel id.")
    def channel_id(self) -> int:
        return self.channel_id

    @strawberry_django.field(only=["channel_id"], description="The B2B channel id (the same as channelId).")
    def b3_channel_id(self) -> int:
        return self.channel_id

    @strawberry_django.field(only=["logo"], description="Absolute URL of the channel logo, if any.")
    def channel_logo(self, info: strawberry.Info) -> str | None:
        return info.context.request.build_absolute_uri(self.logo.url) if self.logo else None


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


@strawberry_django.type(models.StorefrontConfig, description="A storefront configuration entry.")
class StorefrontConfigEntry:
    key: str
    value: str = strawberry_django.field(description="'1' means on, '0' off.")
    extra_fields: JSON = strawberry_django.field(description="Placement and text settings of the entry.")


@strawberry_django.type(models.StoreFeatures, description="Which portal features the store has switched on.")
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


@strawberry_django.type(models.Currency, description="A currency of the store with its display format.")
class CurrencyType:
    id: strawberry.ID
    name: str
    is_default: bool
    enabled: bool
    is_transactional: bool
    auto_update: bool
    country_iso2: str
    currency_code: str = strawberry_django.field(field_name="code")
    currency_exchange_rate: str = strawberry_django.field(field_name="exchange_rate")
    token: str
    token_location: str = strawberry_django.field(description="left or right")
    decimal_token: str
    thousands_token: str
    decimal_places: int


@strawberry_django.type(models.TaxClassRate)
class TaxClassRateType:
    rate: str

    @strawberry_django.field(only=["tax_class_id"])
    def tax_class_id(self) -> int:
        return self.tax_class_id


@strawberry_django.type(models.TaxZoneRate)
class TaxZoneRateType:
    id: strawberry.ID
    name: str
    enabled: bool
    priority: int
    class_rates: list[TaxClassRateType]


@strawberry_django.type(models.TaxZone, description="A tax zone with its rates per tax class.")
class TaxZoneType:
    id: strawberry.ID
    name: str
    enabled: bool
    priority: int
    show_inclusive: bool = strawberry_django.field(description="Show prices including tax in this zone.")
    country_codes: list[str]
    rates: list[TaxZoneRateType]


@strawberry.type
class SwitchStatus:
    key: str
    is_enabled: bool
