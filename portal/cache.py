"""The Redis cache backend: Django's, with one redis-py client per connection pool (issue 21).

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every cache call, and each one fills its ~160
response callbacks into a case-insensitive dict: ~70 µs, more than a `GET` round trip's own CPU, several times per
request. redis-py clients may be shared (the pool hands each command a connection), so one per pool serves every call.
Everything else (servers, options, serializer, the pool's fork check) is Django's and redis-py's.

While Redis cannot be reached every call raises `CacheUnavailable` (issue 36 item 2, below).
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import redis
from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

from portal.errors import ErrorCode, Refused


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, tuple[Any, Any]] = {}
        self._clients_lock = threading.Lock()

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        pool = self._get_connection_pool(write)
        entry = self._clients.get(id(pool))
        if entry is None or entry[0] is not pool:
            with self._clients_lock:
                entry = (pool, self._client(connection_pool=pool))
                self._clients[id(pool)] = entry
        return entry[1]


# --- Redis outages (issue 36 item 2) -----------------------------------------------------------------------------
#
# Django's Redis cache raises redis-py's ConnectionError on every call while Redis cannot be reached, which every
# caller turned into a 500. Here every call raises `CacheUnavailable` instead, one exception for all of them, so that
# each feature decides what an outage means (a cached answer is built from the database, a rate limit counts in the
# process, a one-time token is refused with SERVICE_UNAVAILABLE), and the outage is logged once when it starts and
# once when it ends, not per request. After a failure the cache is not tried again for REDIS_RETRY_SECONDS (a Redis
# host that drops packets would otherwise cost every call its connect timeout); the first call after that tries, and
# the first that succeeds ends the outage: nothing to restart.

logger = logging.getLogger("portal.cache")

_REDIS_DOWN = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


class CacheUnavailable(Exception):
    """The shared cache (Redis) cannot be reached now: the caller decides what its feature does without it."""


class _Outage:
    """One Redis location's state, shared by the threads of a process (Django makes a cache object per thread)."""

    def __init__(self, location: str) -> None:
        self.location = location
        self.since: float | None = None  # monotonic time of the first failure; None while Redis answers
        self.retry_at = 0.0
        self.lock = threading.Lock()

    def skip(self) -> bool:
        return self.since is not None and time.monotonic() < self.retry_at

    def failed(self, error: Exception) -> None:
        with self.lock:
            now = time.monotonic()
            self.retry_at = now + settings.PORTAL_CACHE_RETRY_SECONDS
            if self.since is None:
                self.since = now
                logger.warning(
                    "Redis cache at %s unreachable (%s: %s): caches fall back to the database until it answers",
                    self.location,
                    error.__class__.__name__,
                    error,
                )

    def answered(self) -> None:
        with self.lock:
            if self.since is not None:
                down = time.monotonic() - self.since
                logger.warning("Redis cache at %s answers again after %.0f s", self.location, down)
                self.since = None


_outages: dict[str, _Outage] = {}
_outages_lock = threading.Lock()


def _outage(location: str) -> _Outage:
    outage = _outages.get(location)
    if outage is None:
        with _outages_lock:
            outage = _outages.setdefault(location, _Outage(location))
    return outage


def _guarded(name: str) -> Any:
    method = getattr(RedisCache, name)

    def call(self: PortalRedisCache, *args: Any, **kwargs: Any) -> Any:
        outage = self._outage
        if outage.skip():
            raise CacheUnavailable(outage.location)
        try:
            result = method(self, *args, **kwargs)
        except _REDIS_DOWN as error:
            outage.failed(error)
            raise CacheUnavailable(outage.location) from None
        if outage.since is not None:
            outage.answered()
        return result

    call.__name__ = name
    call.__doc__ = method.__doc__
    return call


class PortalRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
        # Named by host, port and database: a password in the URL never reaches the log.
        # `server` as the CACHES setting's LOCATION gives it: a URL, several separated by commas, or a list of them.
        servers = server.split(",") if isinstance(server, str) else list(server)
        self._outage = _outage(",".join(f"{url.hostname}:{url.port}{url.path}" for url in map(urlsplit, servers)))

    # Every call Django's backend makes to Redis (decr, get_or_set and the async ones go through these).
    add = _guarded("add")
    get = _guarded("get")
    set = _guarded("set")
    touch = _guarded("touch")
    delete = _guarded("delete")
    get_many = _guarded("get_many")
    has_key = _guarded("has_key")
    incr = _guarded("incr")
    set_many = _guarded("set_many")
    delete_many = _guarded("delete_many")
    clear = _guarded("clear")


def claim_once(key: str, *, timeout: int) -> bool:
    """Whether this call is the first to claim `key` (a one-time token's nonce) in the next `timeout` seconds. While
    the cache is down a single use cannot be checked, so the claim is refused with SERVICE_UNAVAILABLE (a minute
    later it works: nothing was used up), never granted."""
    try:
        return cache.add(key, 1, timeout=timeout)
    except CacheUnavailable:
        raise Refused(ErrorCode.SERVICE_UNAVAILABLE.label, code=ErrorCode.SERVICE_UNAVAILABLE, retry_after=60) from None
