"""The Redis cache backend: a cache backend of our own (Django's `BaseCache`, the documented base of custom cache
backends) over one shared redis-py client per process (issue 21, issue 37).

Django's own Redis backend builds a new `redis.Redis` for every cache call, and each one fills its ~160 response
callbacks into a case-insensitive dict: ~70 µs, more than a `GET` round trip's own CPU, several times per request.
redis-py clients may be shared (their connection pool hands each command a connection, and starts again in a forked
process), so here one client per LOCATION and OPTIONS serves every call of the process, every thread's cache object
included. What is stored is what Django's Redis backend stores: integers as they are (so that `incr` works in Redis),
anything else pickled; timeouts as Django's (None: forever; 0 or less: gone at once). One server per LOCATION (no
read replicas).

While Redis cannot be reached every call raises `CacheUnavailable` (issue 36 item 2, below).
"""

from __future__ import annotations

import logging
import pickle
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import redis
from django.conf import settings
from django.core.cache import cache
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.exceptions import ImproperlyConfigured

from portal.errors import ErrorCode, Refused


def _dumps(value: Any) -> Any:
    # An int as it is (Redis's INCR works on it); a bool or any other value pickled.
    return value if value.__class__ is int else pickle.dumps(value, pickle.HIGHEST_PROTOCOL)


def _loads(data: bytes) -> Any:
    try:
        return int(data)
    except ValueError:
        return pickle.loads(data)  # noqa: S301 — only what this backend stored


_clients: dict[tuple[str, tuple], redis.Redis] = {}  # by LOCATION and OPTIONS
_clients_lock = threading.Lock()


def _client(location: str, options: dict[str, Any]) -> redis.Redis:
    """The process's one client of `location` with `options` (redis-py's `Redis.from_url` keyword arguments)."""
    key = (location, tuple(sorted((name, repr(value)) for name, value in options.items())))
    client = _clients.get(key)
    if client is None:
        with _clients_lock:
            client = _clients.get(key)
            if client is None:
                client = _clients[key] = redis.Redis.from_url(location, **options)
    return client


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


class PortalRedisCache(BaseCache):
    """CACHES' BACKEND "portal.cache.PortalRedisCache": LOCATION a redis:// URL, OPTIONS redis-py's keyword arguments
    (socket_connect_timeout, socket_timeout, ...). Every call that reaches Redis goes through `_call`, which turns a
    Redis that does not answer into `CacheUnavailable`."""

    def __init__(self, server: Any, params: dict) -> None:
        super().__init__(params)
        servers = [each for each in server.replace(";", ",").split(",") if each] if isinstance(server, str) else server
        if len(servers) != 1:
            raise ImproperlyConfigured("portal.cache.PortalRedisCache takes one Redis URL as its LOCATION")
        self._location = servers[0]
        self._options = dict(params.get("OPTIONS", {}))
        # Named by host, port and database: a password in the URL never reaches the log.
        url = urlsplit(self._location)
        self._outage = _outage(f"{url.hostname}:{url.port}{url.path}")

    @property
    def client(self) -> redis.Redis:
        """The redis-py client every call of the process shares."""
        return _client(self._location, self._options)

    def _call(self, command: Any) -> Any:
        outage = self._outage
        if outage.skip():
            raise CacheUnavailable(outage.location)
        try:
            result = command(self.client)
        except _REDIS_DOWN as error:
            outage.failed(error)
            raise CacheUnavailable(outage.location) from None
        if outage.since is not None:
            outage.answered()
        return result

    def get_backend_timeout(self, timeout: Any = DEFAULT_TIMEOUT) -> int | None:
        if timeout == DEFAULT_TIMEOUT:
            timeout = self.default_timeout
        return None if timeout is None else max(0, int(timeout))  # None: no expiry; 0: gone at once

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)

        def add(client: redis.Redis) -> bool:
            if seconds == 0:  # added, and expired at once
                added = bool(client.set(key, _dumps(value), nx=True))
                if added:
                    client.delete(key)
                return added
            return bool(client.set(key, _dumps(value), ex=seconds, nx=True))

        return self._call(add)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        key = self.make_and_validate_key(key, version=version)
        data = self._call(lambda client: client.get(key))
        return default if data is None else _loads(data)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)
        if seconds == 0:
            self._call(lambda client: client.delete(key))
        else:
            self._call(lambda client: client.set(key, _dumps(value), ex=seconds))

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        seconds = self.get_backend_timeout(timeout)
        if seconds is None:
            return bool(self._call(lambda client: client.persist(key)))
        return bool(self._call(lambda client: client.expire(key, seconds)))

    def delete(self, key: Any, version: int | None = None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        return bool(self._call(lambda client: client.delete(key)))

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        made = {self.make_and_validate_key(key, version=version): key for key in keys}
        if not made:
            return {}
        values = self._call(lambda client: client.mget(list(made)))
        return {made[key]: _loads(data) for key, data in zip(made, values, strict=True) if data is not None}

    def has_key(self, key: Any, version: int | None = None) -> bool:
        key = self.make_and_validate_key(key, version=version)
        return bool(self._call(lambda client: client.exists(key)))

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        key = self.make_and_validate_key(key, version=version)

        def incr(client: redis.Redis) -> int:
            if not client.exists(key):
                raise ValueError(f"Key '{key}' not found.")
            return client.incr(key, delta)

        return self._call(incr)

    def set_many(self, data: dict, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> list:
        if not data:
            return []
        made = {self.make_and_validate_key(key, version=version): _dumps(value) for key, value in data.items()}
        seconds = self.get_backend_timeout(timeout)

        def set_many(client: redis.Redis) -> None:
            if seconds == 0:
                client.delete(*made)
                return
            pipeline = client.pipeline()
            pipeline.mset(made)
            if seconds is not None:
                for key in made:  # MSET sets no expiry
                    pipeline.expire(key, seconds)
            pipeline.execute()

        self._call(set_many)
        return []

    def delete_many(self, keys: Any, version: int | None = None) -> None:
        made = [self.make_and_validate_key(key, version=version) for key in keys]
        if made:
            self._call(lambda client: client.delete(*made))

    def clear(self) -> None:
        self._call(lambda client: client.flushdb())

    def close(self, **kwargs: Any) -> None:
        """Nothing: the client and its pool are the process's, kept between requests (Django calls this at a request's
        end)."""


def claim_once(key: str, *, timeout: int) -> bool:
    """Whether this call is the first to claim `key` (a one-time token's nonce) in the next `timeout` seconds. While
    the cache is down a single use cannot be checked, so the claim is refused with SERVICE_UNAVAILABLE (a minute
    later it works: nothing was used up), never granted."""
    try:
        return cache.add(key, 1, timeout=timeout)
    except CacheUnavailable:
        raise Refused(ErrorCode.SERVICE_UNAVAILABLE.label, code=ErrorCode.SERVICE_UNAVAILABLE, retry_after=60) from None
