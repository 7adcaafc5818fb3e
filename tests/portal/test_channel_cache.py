"""portal.selectors.channel_get served from the store data cache (issue 21, portal/startup_cache.py cached_channel):
the same channel and store as the database lookup, the same refusal, and every change of a channel or its store seen
on the next call.
"""

import pytest
from django.db import transaction
from django.db.models import F

from portal import selectors
from portal.errors import NotFound
from portal.models import Channel, Store, TranslationOverride
from portal.services import translation_override_save
from portal.startup_cache import store_data_changed

pytestmark = pytest.mark.django_db


def from_database(channel_id) -> Channel:
    """The lookup channel_get made before the cache (the reference)."""
    channel = Channel.objects.select_related("store").filter(channel_id=channel_id).first()
    if channel is None:
        raise NotFound(f"Channel {channel_id} does not exist.")
    return channel


def columns(instance) -> dict:
    """Every concrete column's value as the instance holds it, and how it was loaded."""
    values = {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}
    return {**values, "logo": str(values["logo"]), "_db": instance._state.db, "_adding": instance._state.adding}


def refusal(channel_id) -> tuple[str, str]:
    with pytest.raises(NotFound) as refused:
        selectors.channel_get(channel_id=channel_id)
    return type(refused.value).__name__, str(refused.value)


@pytest.fixture
def second_channel(demo_store):
    return Channel.objects.create(
        store=demo_store, channel_id=7, name="Helix EU", urls=["https://eu.helix.test"], logo="channels/eu.png",
        b2b_enabled=False, platform=Channel.Platform.OTHER,
    )  # fmt: skip


def test_a_cached_channel_is_the_database_lookups_channel_and_store(demo_store, second_channel):
    for channel_id in (1, 7):
        selectors.channel_get(channel_id=channel_id)  # the cache filled
        cached, reference = selectors.channel_get(channel_id=channel_id), from_database(channel_id)
        assert type(cached) is Channel and type(cached.store) is Store
        assert columns(cached) == columns(reference)
        assert columns(cached.store) == columns(reference.store)
        assert cached == reference and cached.store == reference.store


def test_a_warm_channel_takes_no_query_and_its_store_none(demo_store, django_assert_num_queries):
    with django_assert_num_queries(1):  # every channel with its store, cached from then on
        selectors.channel_get(channel_id=1)
    with django_assert_num_queries(0):
        channel = selectors.channel_get(channel_id=1)
        assert channel.store.default_language == demo_store.default_language


def test_each_call_gets_its_own_instances(demo_store):
    first = selectors.channel_get(channel_id=1)
    first.urls.append("https://changed.test")
    first.store.name = "Changed"
    second = selectors.channel_get(channel_id=1)
    assert "https://changed.test" not in second.urls and second.store.name == "Helix Scientific"


def test_an_unknown_channel_is_refused_as_before_by_the_database(demo_store, django_assert_num_queries):
    selectors.channel_get(channel_id=1)
    with django_assert_num_queries(1):  # not among the cached channels: the database says so, as before
        assert refusal(42) == ("NotFound", "Channel 42 does not exist.")
    # A channel written without signals is still found (by the database) and not refused.
    Channel.objects.bulk_create([Channel(store=demo_store, channel_id=42, name="Helix Scientific EU")])
    assert selectors.channel_get(channel_id=42).name == "Helix Scientific EU"


def test_an_id_that_is_not_an_int_takes_the_database_path_as_before(demo_store, django_assert_num_queries):
    selectors.channel_get(channel_id=1)
    with django_assert_num_queries(1):
        assert selectors.channel_get(channel_id="1").channel_id == 1
    with pytest.raises(ValueError) as cached_error:
        selectors.channel_get(channel_id="one")
    with pytest.raises(ValueError) as reference_error:
        from_database("one")
    assert str(cached_error.value) == str(reference_error.value)


# Each kind of change is seen on the next call (the cache warm before it) -------------------------------------------


def test_a_saved_channel_is_seen_at_once(demo_store):
    assert selectors.channel_get(channel_id=1).b2b_enabled is True
    channel = Channel.objects.get(channel_id=1)
    channel.b2b_enabled = False
    channel.save()
    assert selectors.channel_get(channel_id=1).b2b_enabled is False


def test_a_channel_given_another_id_is_refused_under_the_old_one(demo_store):
    selectors.channel_get(channel_id=1)
    channel = Channel.objects.get(channel_id=1)
    channel.channel_id = 3
    channel.save()
    assert refusal(1) == ("NotFound", "Channel 1 does not exist.")
    assert selectors.channel_get(channel_id=3).pk == channel.pk


def test_a_deleted_channel_is_refused_at_once(demo_store, second_channel):
    assert selectors.channel_get(channel_id=7).name == "Helix EU"
    second_channel.delete()
    assert refusal(7) == ("NotFound", "Channel 7 does not exist.")


def test_a_saved_store_is_seen_through_its_channel_at_once(demo_store):
    assert selectors.channel_get(channel_id=1).store.default_language == "en"
    demo_store.default_language = "de"
    demo_store.save()
    assert selectors.channel_get(channel_id=1).store.default_language == "de"


def test_a_deleted_store_takes_its_channels_with_it(demo_store):
    selectors.channel_get(channel_id=1)
    Store.objects.filter(pk=demo_store.pk).delete()
    assert refusal(1) == ("NotFound", "Channel 1 does not exist.")


def test_a_translation_version_raised_without_signals_is_seen_at_once(demo_store):
    assert selectors.channel_get(channel_id=1).translation_version == 1
    translation_override_save(
        override=TranslationOverride(
            channel=Channel.objects.get(channel_id=1), language="de", page="login", key="login.title", text="Anmelden"
        )
    )
    assert selectors.channel_get(channel_id=1).translation_version == 2


def test_an_update_reported_by_store_data_changed_is_seen_at_once(demo_store):
    selectors.channel_get(channel_id=1)
    Channel.objects.filter(channel_id=1).update(name=F("name"), is_enabled=False)  # no signal
    store_data_changed()
    assert selectors.channel_get(channel_id=1).is_enabled is False


def test_a_change_is_seen_again_after_its_transaction_commits(demo_store, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as commit, transaction.atomic():
        channel = Channel.objects.get(channel_id=1)
        channel.name = "Helix Scientific Europe"
        channel.save()
    # Before the commit a concurrent request still reads the old row and caches it under the new generation…
    Channel.objects.filter(pk=channel.pk).update(name="Helix Scientific")
    assert selectors.channel_get(channel_id=1).name == "Helix Scientific"
    # …which the commit (the change visible, the generation replaced again) leaves behind.
    Channel.objects.filter(pk=channel.pk).update(name="Helix Scientific Europe")
    for callback in commit:
        callback()
    assert selectors.channel_get(channel_id=1).name == "Helix Scientific Europe"
