"""Counters in the cache (Redis in production): fixed-window limits (reset requests, registration, uploads) and the
growing delays after failed sign-ins."""

import hashlib
import math
import time
from dataclasses import dataclass

from django.core.cache import cache


def _key(scope: str, subject: str) -> str:
    """The subject (an e-mail address as typed, an IP address, a user id) by its digest: a key of fixed length and
    plain characters whatever was sent, and no address in the cache in clear."""
    digest = hashlib.sha256(subject.encode("utf-8", "surrogatepass")).hexdigest()[:40]
    return f"ratelimit:{scope}:{digest}"


def is_limited(scope: str, subject: str, *, limit: int) -> bool:
    return (cache.get(_key(scope, subject)) or 0) >= limit


def record(scope: str, subject: str, *, window_seconds: int) -> int:
    key = _key(scope, subject)
    if cache.add(key, 1, timeout=window_seconds):
        return 1
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=window_seconds)
        return 1


def reset(scope: str, subject: str) -> None:
    cache.delete(_key(scope, subject))


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
    values = cache.get_many([key, f"{key}:last"])
    return Failures(count=int(values.get(key) or 0), last_at=float(values.get(f"{key}:last") or 0))


def failure_record(scope: str, subject: str, *, backoff: Backoff) -> None:
    key = _key(scope, subject)
    # Count and time are two keys: the count is incremented atomically (parallel guesses all count), the time is
    # simply the latest. The time outlives the count's window by the longest delay, so it is never missing.
    record(scope, subject, window_seconds=backoff.window_seconds)
    cache.set(f"{key}:last", now(), timeout=backoff.window_seconds + int(backoff.max_seconds))


def failures_clear(scope: str, subject: str) -> None:
    key = _key(scope, subject)
    cache.delete_many([key, f"{key}:last"])
