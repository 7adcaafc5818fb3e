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
"""

from __future__ import annotations

import select
from datetime import UTC
from typing import Any

from django.db.backends.postgresql import base
from psycopg.adapt import Loader

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
        self.load = _CTimestamptzLoader(oid, context).load  # the C loader's method itself: no Python call between

    def load(self, data: Any) -> Any:  # the instance's `load` above stands in for this
        raise NotImplementedError


class DatabaseWrapper(base.DatabaseWrapper):
    def get_new_connection(self, conn_params: dict[str, Any]) -> Any:
        connection = super().get_new_connection(conn_params)
        # Django sets the session's time zone to its own when it prepares the connection (ensure_timezone), before
        # any cursor, hence any loader, is made.
        if _CTimestamptzLoader is not None and self.timezone is UTC:
            connection.adapters.register_loader("timestamptz", _UTCTimestamptzLoader)
        return connection

    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not _quiet(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True
