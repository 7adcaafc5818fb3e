"""Counters in the cache (Redis in production): fixed-window limits (reset requests, registration, uploads) and the
growing delays after failed sign-ins.

While the cache cannot be reached (portal.cache.CacheUnavailable, issue 36 item 2) the counters are kept in the
process's memory instead (`_LocalCounters`): every limit still holds, per web process, so password guessing is still
slowed by the same growing delays (a deployment of N processes lets through at most N times the free attempts), and
sign-in, password reset and uploads keep working. The counts start again from zero on either side of the outage.
"""

import contextlib
import hashlib
import math
import threading
import time
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache

from portal.cache import CacheUnavailable
from portal.lru import LRU


class _LocalCounters:
    """The counters of this process while the cache is down: a bounded map of key -> (value, expiry by `now()`), so
    an outage under a spray of subjects costs a fixed amount of memory (the least recently used go first)."""

    SIZE = 50_000

    def __init__(self) -> None:
        self._items = LRU(self.SIZE)
        self._lock = threading.Lock()

    def get(self, key: str) -> Any:
        item = self._items.get(key)
        return item[0] if item is not None and item[1] > now() else None

    def set(self, key: str, value: Any, timeout: float) -> None:
        self._items.put(key, (value, now() + timeout))

    def incr(self, key: str, timeout: float) -> int:
        with self._lock:  # parallel requests of the process all count
            item = self._items.get(key)
            count = item[0] + 1 if item is not None and item[1] > now() else 1
            self._items.put(key, (count, item[1] if count > 1 else now() + timeout))
            return count

    def delete(self, *keys: str) -> None:
        for key in keys:
            self._items.put(key, (0, 0.0))  # expired at once

    def clear(self) -> None:
        self._items.clear()


_local = _LocalCounters()


def _key(scope: str, subject: str) -> str:
    """The subject (an e-mail address as typed, an IP address, a user id) by its digest: a key of fixed length and
    plain characters whatever was sent, and no address in the cache in clear."""
    digest = hashlib.sha256(subject.encode("utf-8", "surrogatepass")).hexdigest()[:40]
    return f"ratelimit:{scope}:{digest}"


def is_limited(scope: str, subject: str, *, limit: int) -> bool:
    key = _key(scope, subject)
    try:
        count = cache.get(key)
    except CacheUnavailable:
        count = _local.get(key)
    return (count or 0) >= limit


def record(scope: str, subject: str, *, window_seconds: int) -> int:
    key = _key(scope, subject)
    try:
        if cache.add(key, 1, timeout=window_seconds):
            return 1
        try:
            return cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=window_seconds)
            return 1
    except CacheUnavailable:
        return _local.incr(key, window_seconds)


def reset(scope: str, subject: str) -> None:
    key = _key(scope, subject)
    _local.delete(key)
    # Down: nothing counted there is read before the cache answers again, and by then it has expired or counts on.
    with contextlib.suppress(CacheUnavailable):
        cache.delete(key)


# --- growing delays between failed attempts (sign-in, issue 12) ------------------------------------------------
#
# Instead of locking a key out for a fixed time, each failure beyond `free` doubles the delay the next attempt must
# wait after the latest failure (OWASP ASVS 2.2.1: "ever increasing delays between attempts"). Nothing sleeps in the
# server: a caller that comes too early is told how long is left (`retry_after`) and refused.


def now() -> float:
    """The clock of the delays (tests replace it instead of sleeping)."""
    return time.time()


@dataclass(frozen=True)
class Failures:
    count: int
    last_at: float  # epoch seconds of the latest failure; 0 when there is none


@dataclass(frozen=True)
class Backoff:
    free: int  # failures before any delay
    base_seconds: float  # the delay after failure number `free`; it doubles with each further failure
    max_seconds: float
    window_seconds: int  # failures are forgotten this long after the first of them

    def delay(self, count: int) -> float:
        if count < self.free:
            return 0.0
        return min(self.base_seconds * 2 ** min(count - self.free, 32), self.max_seconds)

    def retry_after(self, failures: Failures, *, since: float | None = None) -> int:
        """Whole seconds still to wait before the next attempt (0: go ahead). The delay runs from the latest
        failure, or from `since`."""
        if failures.count == 0:
            return 0
        remaining = (failures.last_at if since is None else since) + self.delay(failures.count) - now()
        return math.ceil(remaining) if remaining > 0 else 0


def failures(scope: str, subject: str) -> Failures:
    key = _key(scope, subject)
    try:
        values = cache.get_many([key, f"{key}:last"])
    except CacheUnavailable:
        values = {name: _local.get(name) for name in (key, f"{key}:last")}
    return Failures(count=int(values.get(key) or 0), last_at=float(values.get(f"{key}:last") or 0))


def failure_record(scope: str, subject: str, *, backoff: Backoff) -> None:
    key = _key(scope, subject)
    # Count and time are two keys: the count is incremented atomically (parallel guesses all count), the time is
    # simply the latest. The time outlives the count's window by the longest delay, so it is never missing.
    last_timeout = backoff.window_seconds + int(backoff.max_seconds)
    try:
        if cache.add(key, 1, timeout=backoff.window_seconds) is False:
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.add(key, 1, timeout=backoff.window_seconds)
        cache.set(f"{key}:last", now(), timeout=last_timeout)
    except CacheUnavailable:
        _local.incr(key, backoff.window_seconds)
        _local.set(f"{key}:last", now(), last_timeout)


def failures_clear(scope: str, subject: str) -> None:
    key = _key(scope, subject)
    _local.delete(key, f"{key}:last")
    with contextlib.suppress(CacheUnavailable):  # as `reset`
        cache.delete_many([key, f"{key}:last"])
