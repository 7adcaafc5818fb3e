"""Django's PostgreSQL backend, with a health check of a kept connection that needs no round trip, and timestamps
read by psycopg's C loader (issue 21).

A web process keeps its connection between requests (portal.settings). A connection can die meanwhile: the server
restarted, the backend was terminated, an idle timeout closed it. Django's CONN_HEALTH_CHECKS finds out before a
request's first query, by sending `SELECT 1`: one more round trip, and a statement for PostgreSQL, on every request
that uses the database.

A server that ends a connection says so: it sends an error message and closes the socket. So the socket of a
connection that sat idle between requests has nothing to read unless something happened to it. Here the check looks
(a poll with no wait) at the same moment Django's would run: nothing to read, and the connection is used as it is;
something to read (the server's goodbye, the socket's end, or a harmless message such as a notification), and
Django's own `SELECT 1` runs, which reads it, and the connection is closed if that fails, so the request's first
query opens a new one instead of failing.

Not covered, as with `SELECT 1` (which would wait for the network's timeout): a peer that vanished without a word.

Timestamps with time zone: Django reads them with a loader of its own, a subclass of psycopg's pure-Python one that
then sets the connection's time zone on the value; psycopg's C loader (psycopg[binary]) cannot be subclassed, so
Django never uses it. With the connection in UTC, as Django keeps it with USE_TZ (the session's TimeZone and Django's
`timezone` both UTC), the C loader gives the very same value, `datetime.timezone.utc` included; here it reads them
(`_UTCTimestamptzLoader`): a token's row (six timestamps) 0.1 ms less CPU. Any other time zone keeps Django's loader.

Caches a notification empties (`notified_cache`): a kept connection LISTENs on NOTIFIED_CHANNELS, and each channel
has a cache that lives with the connection. Triggers in the database notify a channel when a table a cache is made
of changes, whoever writes it (the ORM, a queryset's update, SQL, another process); PostgreSQL delivers the
notification at commit to every listening connection, this one included, and psycopg hands it to the handler that
empties the cache, while a query reads the socket. Between requests the socket is read by the same poll as the health
check: before a cache is used, something to read means that Django's `SELECT 1` runs, which reads it (the cache is
emptied) or finds the connection dead (it is closed, and a new one starts with empty caches). So an entry is used
only while no change committed since it was read has been delivered to the connection. Only with a kept connection
in autocommit and outside a transaction: a connection that closes after each request (CONN_MAX_AGE 0, the README's
advice behind a transaction-mode pooler, which LISTEN does not go through) keeps nothing.
"""

from __future__ import annotations

import select
from datetime import UTC
from typing import Any

from django.conf import settings
from django.db.backends.postgresql import base
from psycopg.adapt import Loader

from portal.lru import LRU

try:
    from psycopg_binary._psycopg import TimestamptzLoader as _CTimestamptzLoader
except ImportError:  # psycopg without its C extension: Django's loader, as before
    _CTimestamptzLoader = None


def _quiet(raw: Any) -> bool:
    """The connection is open and its socket has nothing to read."""
    if raw.closed or raw.broken:
        return False
    try:
        readable, _, _ = select.select([raw.fileno()], [], [], 0)
    except (OSError, ValueError):  # closed under us
        return False
    return not readable


class _UTCTimestamptzLoader(Loader):
    """Django's timestamptz loader for a connection in UTC (`timezone`, which Django's create_cursor compares with
    its own), loading by psycopg's C loader: psycopg's transformer calls the instance's `load`, the C one's."""

    timezone = UTC

    def __init__(self, oid: int, context: Any = None) -> None:
        super().__init__(oid, context)
        self._c_loader = _CTimestamptzLoader(oid, context)
        self.load = self._c_loader.load  # the C loader's method itself: no Python call between

    def load(self, data: Any) -> Any:  # what the instance's `load` does, for a caller that looks it up on the class
        return self._c_loader.load(data)


# The channels a kept connection listens on, each with its cache. `portal_callers`: the tables a bearer token's caller
# is read from (accounts.token_rows; the triggers: accounts' migration 0008). `portal_store_data`: a store-wide or
# catalog generation was replaced (portal.startup_cache, which notifies it itself: `notify`). `portal_store_rows` and
# `portal_catalog_rows`: a store-wide or catalog table changed, whoever wrote it (the triggers: portal's migration 0004,
# pricing's 0005; issue 36 item 4), so that portal.startup_cache replaces the generation of a change no save signal
# told it of.
CALLERS_CHANNEL = "portal_callers"
STORE_DATA_CHANNEL = "portal_store_data"
STORE_ROWS_CHANNEL = "portal_store_rows"
CATALOG_ROWS_CHANNEL = "portal_catalog_rows"
NOTIFIED_CHANNELS = (CALLERS_CHANNEL, STORE_DATA_CHANNEL, STORE_ROWS_CHANNEL, CATALOG_ROWS_CHANNEL)
NOTIFIED_CACHE_SIZE = 1024


class NotifiedCache:
    """Entries kept with one database connection until a notification on its channel. `generation` counts the
    notifications: an entry read from the database is put only if none came while it was read (`put(..., since=)`),
    since the change it tells of may have committed after the read's snapshot."""

    def __init__(self) -> None:
        self.generation = 0
        self._entries = LRU(NOTIFIED_CACHE_SIZE)

    def get(self, key: Any) -> Any:
        return self._entries.get(key)

    def put(self, key: Any, value: Any, *, since: int) -> None:
        if since == self.generation:
            self._entries.put(key, value)

    def notified(self) -> None:
        self.generation += 1
        self._entries.clear()

    def __len__(self) -> int:
        return len(self._entries)


def _notified_handler(caches: dict[str, NotifiedCache]) -> Any:
    def handle(notification: Any) -> None:
        cache = caches.get(notification.channel)
        if cache is not None:
            cache.notified()

    return handle


class DatabaseWrapper(base.DatabaseWrapper):
    # The open connection's caches by channel; empty when it keeps none. A new connection gets new ones.
    _notified: dict[str, NotifiedCache] = {}  # noqa: RUF012 — replaced per connection, never changed in place

    def _keeps_notified_caches(self) -> bool:
        return (
            settings.PORTAL_NOTIFIED_CACHES
            and self.settings_dict["CONN_MAX_AGE"] != 0
            and self.settings_dict["AUTOCOMMIT"]
            and not self.pool
        )

    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        self._notified = {}
        connection = super().get_new_connection(conn_params)
        # Django sets the session's time zone to its own when it prepares the connection (ensure_timezone), before
        # any cursor, hence any loader, is made.
        if _CTimestamptzLoader is not None and self.timezone is UTC:
            connection.adapters.register_loader("timestamptz", _UTCTimestamptzLoader)
        return connection

    def init_connection_state(self) -> None:
        super().init_connection_state()  # the connection is in autocommit by now: LISTEN takes effect at once
        if self._keeps_notified_caches():
            caches = {channel: NotifiedCache() for channel in NOTIFIED_CHANNELS}
            self.connection.add_notify_handler(_notified_handler(caches))
            # On the psycopg connection itself: not a query of the request's (Django's query count and log)
            for channel in NOTIFIED_CHANNELS:
                self.connection.execute(f"LISTEN {channel}", prepare=False)
            self._notified = caches

    def notified_cache(self, channel: str) -> NotifiedCache | None:
        """The open connection's cache of `channel`, with every notification the connection has received handled;
        None where no cache may be used: no open connection, none kept, or inside a transaction (whose own changes
        are notified at its commit only, and whose snapshot may be older than an entry)."""
        cache = self._notified.get(channel) if self.connection is not None else None
        if cache is None or self.in_atomic_block:
            return None
        if not _quiet(self.connection):
            # A notification, or the server's goodbye: `SELECT 1` reads either (the handler empties the cache), and
            # a connection found dead is closed (the request's query opens a new one, with empty caches).
            if not self.is_usable():
                self.close()
                return None
            self.health_check_done = True
            if not _quiet(self.connection):
                return None
        return cache

    def notify(self, channel: str) -> None:
        """Tells every connection listening on `channel` — at this connection's commit, at once in autocommit — and
        empties this connection's own cache of it now. Nothing in a transaction that will roll back anyway (an
        aborted one would refuse the statement)."""
        cache = self._notified.get(channel) if self.connection is not None else None
        if cache is not None:
            cache.notified()
        if self.needs_rollback:
            return
        self.ensure_connection()
        # On the psycopg connection: not a query of Django's count (never prepared: a statement run on every change)
        self.connection.execute(f"NOTIFY {channel}", prepare=False)

    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not _quiet(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True
