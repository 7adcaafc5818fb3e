"""The store-wide start-up data cached on the server (issue 21, portal/startup_cache.py): one request to start, its
store part answered from the cache when warm, a change made in Django admin (or anywhere rows are saved) seen at once.
"""

from decimal import Decimal

import pytest

from portal.models import Channel, Currency, Store, StoreFeatures, StorefrontConfig, TaxClass, TaxClassRate, TaxZone
from portal.services import translation_override_save
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

# The overlay's start-up document (frontend/src/app/startup/portalStartup.ts), its selections shortened.
STARTUP = """
query PortalStartup($channelId: Int!, $withStore: Boolean!, $withCustomer: Boolean!) {
  storeBasicInfo @include(if: $withStore) {
    storeName storeLogo storeSites { channelId channelName channelLogo translationVersion b2bEnabled }
  }
  storefrontConfig @include(if: $withStore) { quotes shoppingLists }
  storefrontConfigs(channelId: $channelId) @include(if: $withStore) { key value extraFields }
  currencies(channelId: $channelId) @include(if: $withStore) { id currencyCode token currencyExchangeRate }
  taxZoneRates @include(if: $withStore) { id name rates { id name classRates { rate taxClassId } } }
  customerInfo: startupCustomerInfo @include(if: $withCustomer) { userInfo { email role } }
}
"""
SIGNED_IN = {"channelId": 1, "withStore": True, "withCustomer": True}
GUEST = {"channelId": 1, "withStore": True, "withCustomer": False}
# storeBasicInfo, storefrontConfig, storefrontConfigs (the channels, cached from then on, and the entries), currencies
# (the channel from the cache), taxZoneRates
STORE_QUERIES = 2 + 2 + 2 + 1 + 4


def configs(body: dict) -> dict[str, dict]:
    return {entry["key"]: entry for entry in body["data"]["storefrontConfigs"]}


def rates(body: dict) -> list[str]:
    return [r["rate"] for zone in body["data"]["taxZoneRates"] for rate in zone["rates"] for r in rate["classRates"]]


def test_one_request_answers_the_whole_signed_in_start_up(demo_store, graphql, login):
    token = login("admin@acme.test")
    body = graphql(STARTUP, SIGNED_IN, token=token)
    assert "errors" not in body
    data = body["data"]
    assert list(data) == [
        "storeBasicInfo", "storefrontConfig", "storefrontConfigs", "currencies", "taxZoneRates", "customerInfo",
    ]  # fmt: skip
    assert data["storeBasicInfo"]["storeName"] == "Helix Scientific"
    assert data["storeBasicInfo"]["storeLogo"].startswith("http://testserver/media/store/helix-scientific")
    assert data["customerInfo"] == {"userInfo": {"email": "admin@acme.test", "role": 0}}
    assert [c["currencyCode"] for c in data["currencies"]] == ["USD", "EUR"]
    assert configs(body)["quote_for_guest"] == {"key": "quote_for_guest", "value": "1", "extraFields": {}}
    assert rates(body) == ["6.250", "6.250", "6.250"]


def test_a_guest_start_up_leaves_the_customer_out(demo_store, graphql):
    body = graphql(STARTUP, GUEST)
    assert "errors" not in body
    assert "customerInfo" not in body["data"]


def test_an_expired_token_fails_only_the_customer_part(demo_store, graphql):
    body = graphql(STARTUP, SIGNED_IN, token="expired-or-revoked")
    (error,) = body["errors"]
    assert (error["path"], error["extensions"]["code"]) == (["customerInfo"], 40101)
    assert body["data"]["customerInfo"] is None
    assert body["data"]["storeBasicInfo"]["storeName"] == "Helix Scientific"
    assert len(body["data"]["taxZoneRates"]) == 1


def test_startup_customer_info_answers_as_customer_info(demo_store, graphql, login):
    token = login("admin@acme.test")
    query = "{ %s { userType userInfo { id email role } companyInfo { companyName } permissions { code } } }"
    assert (
        graphql(query % "startupCustomerInfo", token=token)["data"]["startupCustomerInfo"]
        == (graphql(query % "customerInfo", token=token)["data"]["customerInfo"])
    )
    assert error_code(graphql(query % "startupCustomerInfo")) == 40101


def test_a_cold_cache_takes_the_selectors_queries_and_a_warm_one_none(demo_store, graphql, django_assert_num_queries):
    with django_assert_num_queries(STORE_QUERIES):
        cold = graphql(STARTUP, GUEST)
    with django_assert_num_queries(0):
        warm = graphql(STARTUP, GUEST)
    assert warm == cold


def test_each_field_on_its_own_is_served_from_the_cache_too(demo_store, graphql, django_assert_num_queries):
    queries = [
        "{ storeBasicInfo { storeName storeLogo storeSites { channelId channelLogo } } }",
        "{ storefrontConfig { quotes } }",
        '{ storefrontConfigs(channelId: 1, keys: ["quote_for_guest"]) { key value } }',
        "{ currencies(channelId: 1) { currencyCode } }",
        "{ taxZoneRates { name rates { classRates { rate } } } }",
    ]
    answers = [graphql(query) for query in queries]
    with django_assert_num_queries(0):
        assert [graphql(query) for query in queries] == answers


def test_one_known_key_is_cached_other_keys_read_the_database(demo_store, graphql, django_assert_num_queries):
    one = '{ storefrontConfigs(keys: ["shopping_list_on_product_page"]) { key value } }'
    several = '{ storefrontConfigs(keys: ["quote_for_guest", "quote_for_b2b", "nope"]) { key } }'
    with django_assert_num_queries(2):  # the channels (cached from then on: portal.selectors.channel_get), the entry
        graphql(one)
    with django_assert_num_queries(0):
        assert graphql(one)["data"]["storefrontConfigs"] == [{"key": "shopping_list_on_product_page", "value": "1"}]
    for _ in range(2):  # not cached: a client could make any number of combinations
        with django_assert_num_queries(1):
            body = graphql(several)
    assert body["data"]["storefrontConfigs"] == [{"key": "quote_for_b2b"}, {"key": "quote_for_guest"}]
    with django_assert_num_queries(1):
        graphql('{ storefrontConfigs(keys: ["not_a_config_key"]) { key } }')


def test_logo_urls_follow_the_requests_host(demo_store, client, graphql):
    graphql(STARTUP, GUEST)
    response = client.post(
        "/graphql",
        data={"query": "{ storeBasicInfo { storeLogo } }"},
        content_type="application/json",
        HTTP_HOST="127.0.0.1",
    )
    assert response.json()["data"]["storeBasicInfo"]["storeLogo"].startswith("http://127.0.0.1/media/store/")


def test_an_unknown_channel_is_not_found_and_not_cached(demo_store, graphql):
    body = graphql(STARTUP, {**GUEST, "channelId": 42})
    assert error_code(body) == "NOT_FOUND"
    assert body["data"] is None
    Channel.objects.create(store=demo_store, channel_id=42, name="Helix Scientific EU")
    assert "errors" not in graphql(STARTUP, {**GUEST, "channelId": 42})


# Changes made by staff in Django admin are seen at once -----------------------------------------------------------


@pytest.fixture
def staff(client):
    client.login(username="staff@demo.test", password="Demo1234")
    return client


def test_a_store_renamed_in_admin_is_seen_at_once(demo_store, graphql, staff):
    assert graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeName"] == "Helix Scientific"
    features = StoreFeatures.objects.get(store=demo_store)
    response = staff.post(
        f"/admin/portal/store/{demo_store.pk}/change/",
        {
            "store_hash": demo_store.store_hash,
            "name": "Helix Scientific Europe",
            "address": demo_store.address,
            "default_language": "en",
            "default_currency": "USD",
            "features-TOTAL_FORMS": "1",
            "features-INITIAL_FORMS": "1",
            "features-MIN_NUM_FORMS": "0",
            "features-MAX_NUM_FORMS": "1",
            "features-0-id": str(features.pk),
            "features-0-store": str(demo_store.pk),
            "features-0-quotes": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    body = graphql(STARTUP, GUEST)
    assert body["data"]["storeBasicInfo"]["storeName"] == "Helix Scientific Europe"
    # The inline's unticked boxes switched those features off, and that is seen too.
    assert body["data"]["storefrontConfig"] == {"quotes": True, "shoppingLists": False}


def test_a_config_entry_changed_in_admin_is_seen_at_once(demo_store, graphql, staff):
    assert configs(graphql(STARTUP, GUEST))["quote_for_guest"]["value"] == "1"
    entry = StorefrontConfig.objects.get(channel__channel_id=1, key="quote_for_guest")
    response = staff.post(
        f"/admin/portal/storefrontconfig/{entry.pk}/change/",
        {"channel": str(entry.channel_id), "key": entry.key, "value": "0", "extra_fields": '{"note": "off"}'},
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert configs(graphql(STARTUP, GUEST))["quote_for_guest"] == {
        "key": "quote_for_guest", "value": "0", "extraFields": {"note": "off"},
    }  # fmt: skip


def test_a_currency_changed_or_deleted_in_admin_is_seen_at_once(demo_store, graphql, staff):
    euro = Currency.objects.get(code="EUR")
    assert [c["token"] for c in graphql(STARTUP, GUEST)["data"]["currencies"]] == ["$", "€"]
    fields = {
        "store": str(euro.store_id), "code": "EUR", "name": "Euro", "token": "EUR", "token_location": "right",
        "decimal_token": ",", "thousands_token": ".", "decimal_places": "2", "exchange_rate": "0.950000",
        "enabled": "on", "is_transactional": "on", "country_iso2": "DE",
    }  # fmt: skip
    response = staff.post(f"/admin/portal/currency/{euro.pk}/change/", fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    euro_now = graphql(STARTUP, GUEST)["data"]["currencies"][1]
    assert (euro_now["token"], euro_now["currencyExchangeRate"]) == ("EUR", "0.950000")

    response = staff.post(f"/admin/portal/currency/{euro.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert [c["currencyCode"] for c in graphql(STARTUP, GUEST)["data"]["currencies"]] == ["USD"]


def test_a_tax_rate_saved_or_its_class_deleted_is_seen_at_once(demo_store, graphql):
    assert rates(graphql(STARTUP, GUEST)) == ["6.250", "6.250", "6.250"]
    rate = TaxClassRate.objects.get(tax_class__name="Reagents")
    rate.rate = Decimal("7.000")
    rate.save()
    assert sorted(rates(graphql(STARTUP, GUEST))) == ["6.250", "6.250", "7.000"]
    TaxClass.objects.get(name="Reagents").delete()  # its rates go with it (cascade)
    assert rates(graphql(STARTUP, GUEST)) == ["6.250", "6.250"]
    TaxZone.objects.create(store=demo_store, name="Germany", priority=1, country_codes=["DE"])
    assert [zone["name"] for zone in graphql(STARTUP, GUEST)["data"]["taxZoneRates"]] == ["Massachusetts", "Germany"]


def test_a_channel_changed_anywhere_is_seen_at_once(demo_store, graphql):
    from portal.models import TranslationOverride

    site = graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeSites"][0]
    assert (site["translationVersion"], site["b2bEnabled"]) == (1, True)
    channel = Channel.objects.get(channel_id=1)
    # The translation version is raised by a queryset update, which sends no signal (portal/services.py).
    translation_override_save(
        override=TranslationOverride(channel=channel, language="de", page="login", key="login.title", text="Anmelden")
    )
    assert graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeSites"][0]["translationVersion"] == 2
    channel.refresh_from_db()
    channel.b2b_enabled = False
    channel.save()
    assert graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeSites"][0]["b2bEnabled"] is False


def test_a_change_is_seen_again_after_its_transaction_commits(demo_store, graphql, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as commit:
        store = Store.objects.get(pk=demo_store.pk)
        store.name = "Helix Scientific Europe"
        store.save()
    # Before the commit, a concurrent request still reads the old row, and caches it under the new generation…
    Store.objects.filter(pk=store.pk).update(name="Helix Scientific")
    assert graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeName"] == "Helix Scientific"
    # …which the commit (the change visible, the generation replaced again) leaves behind.
    Store.objects.filter(pk=store.pk).update(name="Helix Scientific Europe")
    for callback in commit:
        callback()
    assert graphql(STARTUP, GUEST)["data"]["storeBasicInfo"]["storeName"] == "Helix Scientific Europe"
