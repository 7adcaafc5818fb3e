"""The demo store: Helix Scientific, one channel, every storefront config key with its default."""

from portal.models import Channel, Store, StoreFeatures, StorefrontConfig
from portal.storefront_config import CONFIG_DEFAULTS

DEMO_STORE_HASH = "helix-scientific"


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
    StoreFeatures.objects.get_or_create(store=store)
    channel, _ = Channel.objects.get_or_create(
        channel_id=1,
        defaults={"store": store, "name": "Helix Scientific US", "urls": [site_url], "b2b_enabled": True},
    )
    seed_storefront_configs(channel=channel)
    return store


def seed_storefront_configs(*, channel: Channel) -> None:
    """Create each missing key with its default; entries staff already edited are left alone."""
    existing = set(channel.configs.values_list("key", flat=True))
    StorefrontConfig.objects.bulk_create(
        StorefrontConfig(channel=channel, key=key, value=value, extra_fields=extra)
        for key, (value, extra) in CONFIG_DEFAULTS.items()
        if key not in existing
    )
