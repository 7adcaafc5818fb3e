"""portal.cache.PortalRedisCache (issue 21): Django's Redis cache with one redis-py client per connection pool, on
the real Redis (CI has it at REDIS_URL; locally the test is skipped when no Redis answers)."""

from __future__ import annotations

import os
import uuid

import pytest
import redis

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


def test_one_client_serves_every_call_on_a_pool(cache):
    reader = cache._cache.get_client("a")
    writer = cache._cache.get_client("a", write=True)

    assert reader is writer  # one server: one pool, one client
    cache.set("a", 1)
    cache.get("a")
    assert cache._cache.get_client() is reader


def test_each_server_s_pool_has_its_own_client():
    url = _redis_url()
    backend = PortalRedisCache(f"{url},{url}", {"KEY_PREFIX": f"cache-backend-test-{uuid.uuid4().hex}"})

    writer = backend._cache.get_client(write=True)
    reader = backend._cache.get_client()  # a read goes to the other server (a replica)

    assert writer is not reader
    assert writer.connection_pool is not reader.connection_pool
    assert backend._cache.get_client() is reader
