"""Django's PostgreSQL backend, with a health check of a kept connection that needs no round trip (issue 21).

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
"""

from __future__ import annotations

import select
from typing import Any

from django.db.backends.postgresql import base


def _quiet(raw: Any) -> bool:
    """The connection is open and its socket has nothing to read."""
    if raw.closed or raw.broken:
        return False
    try:
        readable, _, _ = select.select([raw.fileno()], [], [], 0)
    except (OSError, ValueError):  # closed under us
        return False
    return not readable


class DatabaseWrapper(base.DatabaseWrapper):
    def close_if_health_check_failed(self) -> None:
        if self.connection is None or not self.health_check_enabled or self.health_check_done:
            return
        if not _quiet(self.connection) and not self.is_usable():
            self.close()
        self.health_check_done = True
