"""The demo store: Helix Scientific, one channel, every storefront config key with its default."""

from decimal import Decimal
from pathlib import Path

from django.core.files.base import ContentFile

from portal.models import Channel, Currency, Store, StoreFeatures, StorefrontConfig, TaxClass, TaxClassRate, TaxZone
from portal.startup_cache import store_data_changed
from portal.storefront_config import CONFIG_DEFAULTS

DEMO_STORE_HASH = "helix-scientific"
DEMO_LOGO = Path(__file__).resolve().parent.parent / "storefront" / "static" / "storefront" / "logo.svg"


def seed_store(*, site_url: str = "http://127.0.0.1:8000") -> Store:
    store, _ = Store.objects.get_or_create(
        store_hash=DEMO_STORE_HASH,
        defaults={
            "name": "Helix Scientific",
            "address": "Helix Scientific Inc.\n400 Discovery Drive\nCambridge, MA 02142\nUnited States",
            "support_email": "support@helix-scientific.test",
            "support_phone": "+1 617 555 0142",
            "default_language": "en",
            "default_currency": "USD",
        },
    )
    if not store.logo:
        store.logo.save("helix-scientific.svg", ContentFile(DEMO_LOGO.read_bytes()), save=True)
    StoreFeatures.objects.get_or_create(store=store)
    channel, _ = Channel.objects.get_or_create(
        channel_id=1,
        defaults={"store": store, "name": "Helix Scientific US", "urls": [site_url], "b2b_enabled": True},
    )
    seed_storefront_configs(channel=channel)
    seed_currencies_and_tax(store=store)
    return store


def seed_storefront_configs(*, channel: Channel) -> None:
    """Create each missing key with its default; entries staff already edited are left alone."""
    existing = set(channel.configs.values_list("key", flat=True))
    StorefrontConfig.objects.bulk_create(
        StorefrontConfig(channel=channel, key=key, value=value, extra_fields=extra)
        for key, (value, extra) in CONFIG_DEFAULTS.items()
        if key not in existing
    )
    store_data_changed()  # bulk_create sends no signal (portal/startup_cache.py)


def seed_currencies_and_tax(*, store: Store) -> None:
    # shell §9: USD, "$" on the left, 2 decimals, "," thousands, "." decimal.
    Currency.objects.get_or_create(
        store=store, code="USD",
        defaults={"name": "US Dollar", "token": "$", "is_default": True, "country_iso2": "US"},
    )  # fmt: skip
    Currency.objects.get_or_create(
        store=store, code="EUR",
        defaults={
            "name": "Euro", "token": "€", "token_location": "right", "decimal_token": ",", "thousands_token": ".",
            "exchange_rate": Decimal("0.920000"), "country_iso2": "DE",
        },
    )  # fmt: skip
    if store.tax_zones.exists():
        return
    classes = {
        name: TaxClass.objects.create(store=store, name=name) for name in ("Default", "Lab equipment", "Reagents")
    }
    zone = TaxZone.objects.create(store=store, name="Massachusetts", priority=0, country_codes=["US"])
    state_rate = zone.rates.create(name="MA sales tax", priority=0)
    for name, rate in (("Default", "6.250"), ("Lab equipment", "6.250"), ("Reagents", "6.250")):
        TaxClassRate.objects.create(zone_rate=state_rate, tax_class=classes[name], rate=Decimal(rate))
