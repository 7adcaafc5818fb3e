"""The store part of the start-up (storeBasicInfo, storefrontConfig, storefrontConfigs, currencies, taxZoneRates)
answered as plain data (issue 21) gives the answers the per-field completion gave.

`REFERENCE` is the completion before plain data: the portal's root fields as they were (portal/graphql/queries.py
of 1bc09d1, building the strawberry objects of portal/graphql/types.py from the cached dicts), copied here under a
schema of their own beside the accounts' root fields (unchanged), so that the overlay's whole PortalStartup document
runs on both. Each test runs the same document, variables and caller through the portal's schema and the reference
and compares the answers as JSON text (field order included), their errors as the client receives them (message,
path, locations, extensions), and the number of SQL queries, from a cold and from a warm store-wide cache.
"""

from __future__ import annotations

import pytest
import strawberry
from strawberry.tools import merge_types

from accounts.graphql.queries import Query as AccountsQuery
from bench.loadkit.documents import overlay_document
from bench.loadkit.mix import STARTUP_VARIABLES
from portal import selectors, startup_cache
from portal.errors import InputError
from portal.graphql.permissions import IsAuthenticated
from portal.graphql.queries import MAX_CONFIG_KEYS, _absolute_file_url, _memo
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
from portal.schema import schema
from portal.startup_cache import store_data_changed
from tests.plain_reference import answer_text, reference_schema, run_counted

pytestmark = pytest.mark.django_db

# --- the reference: the per-field completion of 1bc09d1 ------------------------------------------------------------


def _ref_tax_zone_rate(data: dict) -> TaxZoneRateType:
    return TaxZoneRateType(**{**data, "class_rates": [TaxClassRateType(**rate) for rate in data["class_rates"]]})


def _ref_tax_zone(data: dict) -> TaxZoneType:
    return TaxZoneType(**{**data, "rates": [_ref_tax_zone_rate(rate) for rate in data["rates"]]})


@strawberry.type
class RefPortalQuery:
    @strawberry.field
    def store_basic_info(self, info: strawberry.Info) -> StoreBasicInfo:
        data = startup_cache.store_basic_info(memo=_memo(info))
        request = info.context.request
        channel_logo = Channel._meta.get_field("logo")
        return StoreBasicInfo(
            **{
                **data,
                "store_logo": _absolute_file_url(request, Store._meta.get_field("logo"), data["store_logo"]),
                "store_sites": [
                    StoreSite(
                        **{**site, "channel_logo": _absolute_file_url(request, channel_logo, site["channel_logo"])}
                    )
                    for site in data["store_sites"]
                ],
            }
        )

    @strawberry.field
    def storefront_config(self, info: strawberry.Info) -> StoreFeatureFlags:
        return StoreFeatureFlags(**startup_cache.store_feature_flags(memo=_memo(info)))

    @strawberry.field
    def storefront_configs(
        self, info: strawberry.Info, channel_id: int = selectors.DEFAULT_CHANNEL_ID, keys: list[str] | None = None
    ) -> list[StorefrontConfigEntry]:
        if keys is not None and len(keys) > MAX_CONFIG_KEYS:
            raise InputError(fields={"keys": [f"Ask for at most {MAX_CONFIG_KEYS} keys at a time."]})
        entries = startup_cache.storefront_config_entries(channel_id=channel_id, keys=keys, memo=_memo(info))
        return [StorefrontConfigEntry(**entry) for entry in entries]

    @strawberry.field
    def storefront_default_language(self, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> str:
        return selectors.channel_get(channel_id=channel_id).store.default_language

    @strawberry.field
    def currencies(self, info: strawberry.Info, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> list[CurrencyType]:
        currencies = startup_cache.currencies(channel_id=channel_id, memo=_memo(info))
        return [CurrencyType(**currency) for currency in currencies]

    @strawberry.field
    def tax_zone_rates(self, info: strawberry.Info) -> list[TaxZoneType]:
        return [_ref_tax_zone(zone) for zone in startup_cache.tax_zones(memo=_memo(info))]

    @strawberry.field(permission_classes=[IsAuthenticated])
    def store_config_switch_status(self, key: str, channel_id: int = selectors.DEFAULT_CHANNEL_ID) -> SwitchStatus:
        if len(key) > 80:
            raise InputError(fields={"key": ["Unknown key."]})
        channel = selectors.channel_get(channel_id=channel_id)
        return SwitchStatus(key=key, is_enabled=selectors.storefront_config_switch(channel=channel, key=key))


REFERENCE = reference_schema(merge_types("Query", (RefPortalQuery, AccountsQuery)))


def assert_same_answer(
    document: str, variables: dict | None = None, token: str | None = None, *, refused: bool = False
) -> dict:
    """The portal's answer equals the reference's, as JSON text, in as many queries, from a cold store-wide cache
    and then from a warm one; returns the portal's data. Without errors unless `refused`: then with errors."""
    answers = []
    for which in (schema, REFERENCE):
        store_data_changed()  # cold
        cold, cold_queries = run_counted(which, document, variables, token)
        warm, warm_queries = run_counted(which, document, variables, token)
        answers.append((answer_text(cold), cold_queries, answer_text(warm), warm_queries))
        if which is schema:
            data = cold.data
            assert bool(cold.errors) == refused, cold.errors
    assert answers[0] == answers[1]
    return data


# --- the callers ----------------------------------------------------------------------------------------------------


@pytest.fixture
def callers(demo_store, login):
    """Bearer tokens by caller (None: a guest)."""
    return {
        "guest": None,
        "admin": login("admin@acme.test"),
        "junior": login("junior@acme.test"),
        "b2c": login("b2c@demo.test"),
        "super admin": login("superadmin@demo.test"),
    }


@pytest.fixture
def logos(demo_store):
    """The store and its first channel with a logo (made absolute per request); another channel without one."""
    Store.objects.update(logo="logos/store.png")
    first = Channel.objects.order_by("pk").first()
    Channel.objects.filter(pk=first.pk).update(logo="logos/channel one.png")
    Channel.objects.create(
        store=first.store, name="Second site", channel_id=first.channel_id + 100, urls=["https://two.test"]
    )


# --- documents ------------------------------------------------------------------------------------------------------

STARTUP = overlay_document("PORTAL_STARTUP")
STORE_DOCUMENTS = {
    "STORE_BASIC_INFO": None,
    "STOREFRONT_CONFIG": None,
    "STOREFRONT_CONFIGS": {"channelId": STARTUP_VARIABLES["channelId"]},
    "CURRENCIES": {"channelId": STARTUP_VARIABLES["channelId"]},
    "TAX_ZONE_RATES": None,
}

EVERY_FIELD = """
query Every($channelId: Int!) {
  __typename
  storeBasicInfo {
    __typename storeName storeHash storeLogo storeAddress defaultLanguage defaultCurrency multiStorefrontEnabled
    storeSites { __typename channelName urls iconUrl isEnabled b2bEnabled type platform translationVersion channelId
                 b3ChannelId channelLogo }
  }
  storefrontConfig {
    __typename accountSettings addressBook buyAgain dashboard invoice messages orders quickOrderPad quotes
    shoppingLists tradeProfessionalApplication userManagement wishLists
  }
  storefrontConfigs(channelId: $channelId) { __typename key value extraFields }
  currencies(channelId: $channelId) {
    __typename id name isDefault enabled isTransactional autoUpdate countryIso2 currencyCode currencyExchangeRate
    token tokenLocation decimalToken thousandsToken decimalPlaces
  }
  taxZoneRates {
    __typename id name enabled priority showInclusive countryCodes
    rates { __typename id name enabled priority classRates { __typename rate taxClassId } }
  }
  storefrontDefaultLanguage(channelId: $channelId)
}
"""

SHAPED = """
query Shaped($channelId: Int!, $withSites: Boolean!, $skipRates: Boolean!) {
  store: storeBasicInfo {
    name: storeName
    ...Sites
    ... on StoreBasicInfo @include(if: $withSites) { storeSites { id: channelId logo: channelLogo } }
  }
  again: storeBasicInfo { storeLogo storeSites { __typename } }
  flags: storefrontConfig { ...Flags quotes quotes }
  one: storefrontConfigs(channelId: $channelId, keys: ["quote_on_product_page"]) { key on: value }
  some: storefrontConfigs(
    channelId: $channelId, keys: ["quote_on_product_page", "no_such_key", "shopping_list_on_product_page"]
  ) { ...Entry }
  money: currencies(channelId: $channelId) { code: currencyCode ...Money }
  taxZoneRates {
    ...Zone
    rates @skip(if: $skipRates) { classRates { rate } priority }
    rates @skip(if: $skipRates) { classRates { taxClassId } }
  }
  __typename
}
fragment Sites on StoreBasicInfo {
  storeSites @include(if: $withSites) { channelName urls __typename ... on StoreSite { isEnabled } }
  storeSites @skip(if: $withSites) { type }
}
fragment Flags on StoreFeatureFlags { __typename buyAgain wishLists }
fragment Entry on StorefrontConfigEntry { extraFields key __typename }
fragment Money on CurrencyType { token decimalPlaces id }
fragment Zone on TaxZoneType { countryCodes name showInclusive }
"""


# --- the tests ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("caller", ["guest", "admin", "junior", "b2c", "super admin"])
@pytest.mark.parametrize("with_store", [True, False])
def test_the_overlays_start_up_answers_as_before(callers, logos, caller, with_store):
    token = callers[caller]
    variables = {**STARTUP_VARIABLES, "withStore": with_store, "withCustomer": token is not None}
    data = assert_same_answer(STARTUP, variables, token)
    assert ("storeBasicInfo" in data) == with_store
    if with_store:
        assert data["storeBasicInfo"]["storeLogo"] == "http://testserver/media/logos/store.png"
        assert len(data["storefrontConfigs"]) > 1 and len(data["currencies"]) > 0
    # A guest asking for the customer too: refused there, the store part answered.
    if token is None:
        data = assert_same_answer(STARTUP, {**variables, "withCustomer": True}, None, refused=True)
        assert data["customerInfo"] is None


@pytest.mark.parametrize("name", sorted(STORE_DOCUMENTS))
@pytest.mark.parametrize("caller", ["guest", "admin"])
def test_the_overlays_store_documents_answer_as_before(callers, logos, name, caller):
    assert_same_answer(overlay_document(name), STORE_DOCUMENTS[name], callers[caller])


def test_every_field_answers_as_before(callers, logos):
    data = assert_same_answer(EVERY_FIELD, {"channelId": STARTUP_VARIABLES["channelId"]}, None)
    sites = data["storeBasicInfo"]["storeSites"]
    assert {site["channelLogo"] for site in sites} == {"http://testserver/media/logos/channel%20one.png", None}
    assert data["taxZoneRates"] and data["taxZoneRates"][0]["rates"]


def test_every_field_answers_as_before_without_logos(callers):
    Store.objects.update(logo="")
    Channel.objects.update(logo="")
    data = assert_same_answer(EVERY_FIELD, {"channelId": STARTUP_VARIABLES["channelId"]}, callers["admin"])
    assert data["storeBasicInfo"]["storeLogo"] is None


@pytest.mark.parametrize("with_sites", [True, False])
@pytest.mark.parametrize("skip_rates", [True, False])
@pytest.mark.parametrize("caller", ["guest", "admin"])
def test_aliases_fragments_typename_and_directives_answer_as_before(callers, logos, caller, with_sites, skip_rates):
    variables = {"channelId": STARTUP_VARIABLES["channelId"], "withSites": with_sites, "skipRates": skip_rates}
    assert_same_answer(SHAPED, variables, callers[caller])


def test_errors_answer_as_before(callers):
    channel_id = STARTUP_VARIABLES["channelId"]
    too_many = "query($keys: [String!]) { storefrontConfigs(keys: $keys) { key } storefrontConfig { quotes } }"
    assert_same_answer(too_many, {"keys": [f"k{index}" for index in range(MAX_CONFIG_KEYS + 1)]}, None, refused=True)
    unknown = "query($id: Int!) { currencies(channelId: $id) { id } storeBasicInfo { storeName } }"
    assert_same_answer(unknown, {"id": channel_id + 999}, None, refused=True)
    configs = "query($id: Int!) { storefrontConfigs(channelId: $id) { key } taxZoneRates { id } }"
    assert_same_answer(configs, {"id": channel_id + 999}, callers["admin"], refused=True)
    # The whole start-up nulled by a store part's error, as before.
    assert_same_answer(STARTUP, {**STARTUP_VARIABLES, "channelId": channel_id + 999}, callers["admin"], refused=True)


def test_a_warm_start_up_takes_no_query(callers):
    store_data_changed()
    run_counted(schema, STARTUP, {**STARTUP_VARIABLES, "withCustomer": False}, None)
    _result, queries = run_counted(schema, STARTUP, {**STARTUP_VARIABLES, "withCustomer": False}, None)
    assert queries == 0
