"""Fixed-window counters in the cache (Redis in production), for sign-in and reset-request limits."""

from django.core.cache import cache


def _key(scope: str, subject: str) -> str:
    return f"ratelimit:{scope}:{subject}"


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
