"""storeBasicInfo, storefrontConfig and storefrontConfigs (shell §3, §7)."""

import re

import pytest

from portal.models import StorefrontConfig
from portal.storefront_config import CONFIG_DEFAULTS
from tests.helpers import error_code

pytestmark = pytest.mark.django_db

CONFIGS = """
query($keys: [String!], $channelId: Int) {
  storefrontConfigs(channelId: $channelId, keys: $keys) { key value extraFields }
}
"""


def test_store_basic_info_describes_the_store_and_its_sites(demo_store, graphql):
    body = graphql(
        "{ storeBasicInfo { storeName storeHash storeLogo defaultLanguage defaultCurrency multiStorefrontEnabled"
        " storeSites { channelId b3ChannelId channelName isEnabled b2bEnabled platform translationVersion } } }"
    )
    info = body["data"]["storeBasicInfo"]
    assert re.fullmatch(r"http://testserver/media/store/helix-scientific\w*\.svg", info.pop("storeLogo"))
    assert info == {
        "storeName": "Helix Scientific",
        "storeHash": "helix-scientific",
        "defaultLanguage": "en",
        "defaultCurrency": "USD",
        "multiStorefrontEnabled": False,
        "storeSites": [
            {
                "channelId": 1,
                "b3ChannelId": 1,
                "channelName": "Helix Scientific US",
                "isEnabled": True,
                "b2bEnabled": True,
                "platform": "native",
                "translationVersion": 1,
            }
        ],
    }


def test_every_config_key_of_the_spec_is_seeded_with_its_default(demo_store, graphql):
    body = graphql(CONFIGS)
    entries = {e["key"]: e for e in body["data"]["storefrontConfigs"]}
    spec_keys = {
        "quote_on_product_page",
        "quote_on_cart_page",
        "masquerade_button",
        "quote_floating_action_button",
        "shopping_list_on_product_page",
        "quote_on_non_purchasable_product_page",
        "login_page_html",
        "login_page_display",
        "login_page_button",
        "account_login_registration",
        "portal_style",
        "quote_customer",
        "quote_for_guest",
        "quote_for_individual_customer",
        "quote_for_b2b",
        "quote_logo",
        "company_auto_approval",
        "block_pending_account_order_creation",
        "block_pending_account_seeing_products_pricing",
        "css_override",
        "non_purchasable_quote",
        "quote_auto_quoting",
        "buyer_non_purchasable_quote",
        "login_landing_location",
        "quote_submission_response",
    }
    assert spec_keys <= set(entries)
    assert set(entries) == set(CONFIG_DEFAULTS)
    # shell §9 defaults
    assert entries["company_auto_approval"]["value"] == "1"
    assert entries["block_pending_account_order_creation"]["value"] == "1"
    assert entries["quote_floating_action_button"]["extraFields"]["color"] == "#E00F36"
    assert entries["quote_floating_action_button"]["extraFields"]["buttonText"] == "Finish quote"
    assert entries["masquerade_button"]["extraFields"]["color"] == "#ED6C02"
    assert entries["masquerade_button"]["extraFields"]["buttonText"] == "END MASQUERADE"
    placement = entries["quote_on_product_page"]["extraFields"]
    assert placement["locationSelector"] == ".add-to-cart-buttons"
    assert placement["classSelector"] == "button"
    assert placement["customCss"] == "margin-top: 0.5rem;"
    assert entries["quote_on_cart_page"]["extraFields"]["buttonText"] == "Add All to Quote"
    assert entries["shopping_list_on_product_page"]["extraFields"]["buttonText"] == "Add to Shopping List"


def test_storefront_configs_filters_by_keys(demo_store, graphql):
    body = graphql(CONFIGS, {"keys": ["quote_for_guest", "no_such_key"]})
    assert body["data"]["storefrontConfigs"] == [{"key": "quote_for_guest", "value": "1", "extraFields": {}}]


def test_a_staff_change_is_served_and_survives_reseeding(demo_store, graphql):
    StorefrontConfig.objects.filter(key="quote_for_guest").update(value="0")
    from portal.demo import seed_store

    seed_store()
    body = graphql(CONFIGS, {"keys": ["quote_for_guest"]})
    assert body["data"]["storefrontConfigs"][0]["value"] == "0"


def test_unknown_channel_is_not_found(demo_store, graphql):
    assert error_code(graphql(CONFIGS, {"channelId": 999})) == "NOT_FOUND"


def test_too_many_keys_are_refused(demo_store, graphql):
    body = graphql(CONFIGS, {"keys": [f"k{i}" for i in range(101)]})
    assert error_code(body) == "VALIDATION_ERROR"
    assert "keys" in body["errors"][0]["extensions"]["fields"]


def test_storefront_configs_takes_a_constant_number_of_queries(demo_store, graphql, django_assert_num_queries):
    with django_assert_num_queries(2):  # the channels (cached after this: portal.selectors.channel_get), the entries
        graphql(CONFIGS, {"keys": ["quote_for_guest"]})
    with django_assert_num_queries(1):
        graphql(CONFIGS)


def test_store_basic_info_takes_a_constant_number_of_queries(demo_store, graphql, django_assert_num_queries):
    from portal.models import Channel

    query = "{ storeBasicInfo { storeName storeSites { channelId channelName } } }"
    with django_assert_num_queries(2):
        graphql(query)
    Channel.objects.create(store=demo_store, channel_id=2, name="Helix Scientific EU")
    with django_assert_num_queries(2):
        body = graphql(query)
    assert [s["channelId"] for s in body["data"]["storeBasicInfo"]["storeSites"]] == [1, 2]


def test_feature_flags_are_served(demo_store, graphql):
    body = graphql("{ storefrontConfig { quotes shoppingLists quickOrderPad buyAgain invoice dashboard } }")
    assert body["data"]["storefrontConfig"] == {
        "quotes": True,
        "shoppingLists": True,
        "quickOrderPad": True,
        "buyAgain": True,
        "invoice": True,
        "dashboard": True,
    }
