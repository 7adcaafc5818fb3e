"""Store data changed outside Django's save signals (issue 36 item 4): a queryset update, SQL or a data migration sends
none, so what the portal caches of it (portal/startup_cache.py, pricing/search_cache.py, the translated texts) stays
until it expires. `manage.py store_cache_clear` drops it: the next request answers from the database."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from portal import ratelimit, startup_cache
from portal.models import Channel, Currency, Store, TranslationOverride
from pricing.models import Product
from tests.pricing.test_search_plain_cache import EVERY_FIELD

pytestmark = pytest.mark.django_db

STORE_NAME = "{ storeBasicInfo { storeName } }"
CURRENCIES = "{ currencies(channelId: 1) { currencyCode token } }"


def _store_name(graphql) -> str:
    return graphql(STORE_NAME)["data"]["storeBasicInfo"]["storeName"]


def test_a_store_renamed_by_a_queryset_update_is_served_after_the_command(demo_store, graphql):
    before = _store_name(graphql)  # cached
    Store.objects.update(name="Renamed in bulk")  # no signal
    assert _store_name(graphql) == before  # the stale answer the command is for

    call_command("store_cache_clear")

    assert _store_name(graphql) == "Renamed in bulk"


def test_currencies_changed_by_sql_are_served_after_the_command(demo_store, graphql):
    def tokens() -> set[str]:
        return {currency["token"] for currency in graphql(CURRENCIES)["data"]["currencies"]}

    before = tokens()  # cached
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {Currency._meta.db_table} SET token = %s", ["US$"])
    assert tokens() == before != {"US$"}

    call_command("store_cache_clear")

    assert tokens() == {"US$"}


def test_a_product_renamed_by_a_queryset_update_is_served_to_guests_after_the_command(ethanol, graphql):
    def names() -> list[str]:
        body = graphql(EVERY_FIELD, {"search": "ethanol"})
        return [product["name"] for product in body["data"]["productsSearch"]]

    before = names()  # a guest's search, cached
    Product.objects.filter(pk=ethanol.pk).update(name="Ethanol, renamed in bulk")
    assert names() == before

    call_command("store_cache_clear")

    assert names() == ["Ethanol, renamed in bulk"]


def test_texts_changed_by_a_queryset_update_are_served_after_the_command(demo_store, client):
    channel = Channel.objects.get(channel_id=1)
    override = TranslationOverride.objects.create(channel=channel, language="en", page="login", key="title", text="A")
    url = f"/storefront/translation/{demo_store.store_hash}/1/login?lang=en"
    assert client.get(url).json()["message"] == {"title": "A"}  # cached
    TranslationOverride.objects.filter(pk=override.pk).update(text="B")
    assert client.get(url).json()["message"] == {"title": "A"}

    call_command("store_cache_clear")

    assert client.get(url).json()["message"] == {"title": "B"}


def test_the_command_says_so_when_the_cache_cannot_be_reached(demo_store, settings):
    settings.CACHES = {
        "default": {"BACKEND": "portal.cache.PortalRedisCache", "LOCATION": "redis://127.0.0.1:1/0"}  # nobody there
    }
    try:
        with pytest.raises(CommandError, match="cannot be reached"):
            call_command("store_cache_clear")
    finally:
        startup_cache._unsent_generations.clear()
        ratelimit._local.clear()
