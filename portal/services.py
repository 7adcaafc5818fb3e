"""Writes of the store configuration."""

from django.db import transaction
from django.db.models import F

from portal.models import Channel, TranslationOverride
from portal.startup_cache import store_data_changed


@transaction.atomic
def translation_override_save(*, override: TranslationOverride) -> TranslationOverride:
    """Save a store text and raise the channel's translation version, so every overlay fetches texts again."""
    override.save()
    channel_translations_changed(channel=override.channel)
    return override


@transaction.atomic
def translation_override_delete(*, override: TranslationOverride) -> None:
    channel = override.channel
    override.delete()
    channel_translations_changed(channel=channel)


def channel_translations_changed(*, channel: Channel) -> None:
    Channel.objects.filter(pk=channel.pk).update(translation_version=F("translation_version") + 1)
    # The update sends no signal; storeBasicInfo's sites carry the version (portal/startup_cache.py).
    store_data_changed()
