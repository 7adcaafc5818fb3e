"""portal.cache.PortalRedisCache (issues 21, 37): a cache backend on Django's BaseCache with one redis-py client per
process, storing as Django's Redis cache does, on the real Redis (CI has it at REDIS_URL; locally the test is skipped
when no Redis answers)."""

from __future__ import annotations

import os
import uuid

import pytest
import redis
from django.core.exceptions import ImproperlyConfigured

from portal.cache import PortalRedisCache


def _redis_url() -> str:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw") or "0"
    base = (os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0").rsplit("/", 1)[0]
    url = f"{base}/{1 + int(worker)}"  # the worker's own cache database (portal/settings_test.py)
    try:
        redis.Redis.from_url(url, socket_connect_timeout=1).ping()
    except redis.exceptions.RedisError:
        if os.environ.get("CI"):
            pytest.fail("CI must have Redis at REDIS_URL")
        pytest.skip("No Redis reachable: start Redis or set REDIS_URL")
    return url


@pytest.fixture
def cache():
    backend = PortalRedisCache(_redis_url(), {"KEY_PREFIX": f"cache-backend-test-{uuid.uuid4().hex}"})
    yield backend
    backend.delete_many(["a", "b", "n", "gone"])


def test_it_stores_reads_and_deletes_as_django_s_redis_cache(cache):
    cache.set("a", {"x": [1, "é"]}, timeout=60)
    cache.set_many({"b": 2, "n": 5})

    assert cache.get("a") == {"x": [1, "é"]}
    assert cache.get_many(["a", "b", "missing"]) == {"a": {"x": [1, "é"]}, "b": 2}
    assert cache.incr("n", 3) == 8
    assert cache.add("b", 99) is False
    assert cache.get("gone", "default") == "default"
    cache.delete("a")
    assert cache.get("a") is None


def test_timeouts_are_django_s(cache):
    cache.set("a", 1, timeout=None)
    cache.set("b", 2, timeout=0)  # gone at once
    assert cache.add("n", 3, timeout=0) is True

    assert cache.client.ttl(cache.make_key("a")) == -1  # no expiry
    assert cache.get_many(["a", "b", "n"]) == {"a": 1}
    assert cache.touch("a", 60) is True
    assert 0 < cache.client.ttl(cache.make_key("a")) <= 60


def test_values_are_stored_as_django_s_redis_cache_stores_them(cache):
    cache.set("n", 7)
    cache.set("b", True)

    assert cache.client.get(cache.make_key("n")) == b"7"  # an int as it is: Redis's INCR works on it
    assert cache.get("b") is True  # a bool pickled, read back as a bool
    with pytest.raises(ValueError):
        cache.incr("gone")


def test_one_client_serves_every_call_of_the_process(cache):
    client = cache.client
    cache.set("a", 1)
    cache.get("a")
    other = PortalRedisCache(_redis_url(), {"KEY_PREFIX": "another-prefix"})  # another thread's cache object

    assert cache.client is client
    assert other.client is client


def test_one_server_per_location():
    url = _redis_url()
    with pytest.raises(ImproperlyConfigured):
        PortalRedisCache(f"{url},{url}", {})
