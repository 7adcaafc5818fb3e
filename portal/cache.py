"""The Redis cache backend: Django's, with one redis-py client per connection pool (issue 21).

Django's `RedisCacheClient.get_client` builds a new `redis.Redis` for every cache call, and each one fills its ~160
response callbacks into a case-insensitive dict: ~70 µs, more than a `GET` round trip's own CPU, several times per
request. redis-py clients may be shared (the pool hands each command a connection), so one per pool serves every call.
Everything else (servers, options, serializer, the pool's fork check) is Django's and redis-py's.
"""

from __future__ import annotations

import threading
from typing import Any

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


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


class PortalRedisCache(RedisCache):
    def __init__(self, server: Any, params: dict) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
