"""accountStatus read from the channel's config entries cached by the start-up (issue 21: PortalStartup's second
query, portal.startup_cache.cached_storefront_configs): the same status as the database's entries give, for every kind
of caller and every state of the three switches; the database read as before when the entries are not cached; every
change of an entry seen on the next request.
"""

import itertools

import pytest

from accounts import selectors
from accounts.models import Company
from bench.loadkit.documents import overlay_document
from portal import startup_cache
from portal.errors import NotFound
from portal.models import Channel, StorefrontConfig

pytestmark = pytest.mark.django_db

KEYS = selectors.ACCOUNT_STATUS_CONFIG_KEYS
STARTUP = overlay_document("PORTAL_STARTUP")
SIGNED_IN = {"channelId": 1, "withStore": True, "withCustomer": True}
CALLERS = {
    "approved admin": "admin@acme.test",
    "junior": "junior@acme.test",
    "pending": "admin@pendingbio.test",
    "rejected": "admin@rejectedchem.test",
    "b2c": "b2c@demo.test",
    "super admin": "superadmin@demo.test",
}
# Each switch missing (its fallback), on or off; the registration switch's extra fields for b2b and b2c.
SWITCH_STATES = [None, ("1", {}), ("0", {})]
REGISTRATION_STATES = [None, ("1", {}), ("0", {}), ("1", {"b2b": "0", "b2c": "1"}), ("1", {"b2b": "1", "b2c": "0"})]


@pytest.fixture
def actors(demo_store, login, graphql):
    tokens = {name: login(email) for name, email in CALLERS.items()}
    begin = "mutation($id: Int!) { superAdminBeginMasquerade(companyId: $id) { id } }"
    masquerading = login("superadmin@demo.test")
    assert "errors" not in graphql(begin, {"id": Company.objects.get(name="Acme Labs").pk}, token=masquerading)
    tokens["masquerading super admin"] = masquerading
    return {name: selectors.actor_for_token(token) for name, token in tokens.items()}


def set_entry(key: str, state) -> None:
    channel = Channel.objects.get(channel_id=1)
    if state is None:
        StorefrontConfig.objects.filter(channel=channel, key=key).delete()
    else:
        StorefrontConfig.objects.update_or_create(
            channel=channel, key=key, defaults={"value": state[0], "extra_fields": state[1]}
        )


def cached_configs():
    startup_cache.storefront_config_entries(channel_id=1)  # what the start-up's storefrontConfigs caches
    configs = startup_cache.cached_storefront_configs(*KEYS, channel_id=1)
    assert configs is not None
    return configs


def test_the_status_from_cached_entries_is_the_databases_for_every_caller_and_switch(actors):
    registration, block_orders, block_prices = KEYS
    for states in itertools.product(REGISTRATION_STATES, SWITCH_STATES, SWITCH_STATES):
        for key, state in zip((registration, block_orders, block_prices), states, strict=True):
            set_entry(key, state)
        configs = cached_configs()
        for name, actor in actors.items():
            assert selectors.account_status(actor, configs=configs) == selectors.account_status(actor), (name, states)


def test_the_cached_entries_are_the_database_entries(demo_store):
    set_entry(KEYS[0], ("1", {"b2b": "0", "b2c": "1"}))
    set_entry(KEYS[1], None)
    configs = cached_configs()
    reference = selectors.storefront_configs(*KEYS)
    assert list(configs) == list(reference) == list(KEYS)
    for key in KEYS:
        cached, stored = configs[key], reference[key]
        assert (cached is None) == (stored is None)
        if stored is not None:
            assert (cached.key, cached.value, cached.extra_fields) == (stored.key, stored.value, stored.extra_fields)


def test_not_cached_the_database_is_read_as_before(demo_store, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert startup_cache.cached_storefront_configs(*KEYS, channel_id=1) is None
    with pytest.raises(NotFound):  # an unknown channel's entries are never cached
        startup_cache.storefront_config_entries(channel_id=42)
    assert startup_cache.cached_storefront_configs(*KEYS, channel_id=42) is None


def test_a_warm_signed_in_start_up_takes_only_the_callers_query(demo_store, graphql, login, django_assert_num_queries):
    token = login("admin@pendingbio.test")
    cold = graphql(STARTUP, SIGNED_IN, token=token)
    with django_assert_num_queries(1):  # the caller (accounts/token_rows.py); accountStatus from the cached entries
        warm = graphql(STARTUP, SIGNED_IN, token=token)
    assert warm == cold
    assert cold["data"]["customerInfo"]["accountStatus"] is not None


# Each kind of change of an entry is seen by the next start-up ------------------------------------------------------


def prices_hidden(graphql, token) -> bool:
    return graphql(STARTUP, SIGNED_IN, token=token)["data"]["customerInfo"]["accountStatus"]["pricesHidden"]


@pytest.fixture
def pending_token(demo_store, login, graphql):
    token = login("admin@pendingbio.test")
    set_entry(selectors.BLOCK_PRICES_CONFIG_KEY, ("1", {}))
    assert prices_hidden(graphql, token) is True  # and the entries cached
    return token


def test_a_saved_entry_is_seen_at_once(pending_token, graphql):
    entry = StorefrontConfig.objects.get(channel__channel_id=1, key=selectors.BLOCK_PRICES_CONFIG_KEY)
    entry.value = StorefrontConfig.Value.OFF
    entry.save()
    assert prices_hidden(graphql, pending_token) is False


def test_a_deleted_entry_falls_back_at_once(pending_token, graphql):
    StorefrontConfig.objects.filter(channel__channel_id=1, key=selectors.BLOCK_PRICES_CONFIG_KEY).delete()
    assert prices_hidden(graphql, pending_token) is False  # the fallback: "0"


def test_an_entry_updated_without_signals_and_reported_is_seen_at_once(pending_token, graphql):
    StorefrontConfig.objects.filter(channel__channel_id=1, key=selectors.BLOCK_PRICES_CONFIG_KEY).update(value="0")
    startup_cache.store_data_changed()
    assert prices_hidden(graphql, pending_token) is False


def test_a_channel_given_another_id_leaves_its_entries_behind(pending_token, graphql):
    channel = Channel.objects.get(channel_id=1)
    channel.channel_id = 3
    channel.save()
    # channel 1 has no entries now (the fallback, "0"); the start-up's store part refuses it, customerInfo answers
    body = graphql("{ customerInfo { accountStatus { pricesHidden } } }", token=pending_token)
    assert body["data"]["customerInfo"]["accountStatus"]["pricesHidden"] is False
